//! The decision tree: its tests on a line's moves, its text form, its answers.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use super::{Ecco, HORIZON, Opening};
use crate::{Move, Square};

/// The windows [`Test::Within`] looks at: a side's first 1, 2, … 10 moves.
pub(super) const WINDOWS: [u8; 8] = [1, 2, 3, 4, 5, 6, 8, 10];

/// A question about a line's first [`HORIZON`] plies, read with red's first move on
/// the right half of the board (a line opening on the left is mirrored first, as the
/// classification names 炮八平五 as it names 炮二平五).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Test {
    /// Side `side` (0 red, 1 black) made move `mv` as its `nth` move (0-based).
    At {
        /// 0 red, 1 black.
        side: u8,
        /// Which of its moves (0 = its first).
        nth: u8,
        /// The move.
        mv: Move,
    },
    /// Side `side` made move `mv` among its first `first` moves.
    Within {
        /// 0 red, 1 black.
        side: u8,
        /// How many of its first moves are looked at.
        first: u8,
        /// The move.
        mv: Move,
    },
    /// The line has at least this many plies.
    Plies(u8),
}

impl Test {
    /// Whether the (normalised) line answers yes.
    pub(super) fn holds(self, line: &[Move]) -> bool {
        let own = |side: u8| line.iter().skip(side as usize).step_by(2);
        match self {
            Test::At { side, nth, mv } => own(side).nth(nth as usize) == Some(&mv),
            Test::Within { side, first, mv } => own(side).take(first as usize).any(|m| *m == mv),
            Test::Plies(n) => line.len() >= n as usize,
        }
    }

    /// Every test that holds for `line` (normalised): what the learner counts.
    pub(super) fn all_of(line: &[Move]) -> Vec<Test> {
        let mut out = Vec::new();
        for side in 0..2u8 {
            for (i, &mv) in line.iter().skip(side as usize).step_by(2).enumerate() {
                let nth = i as u8;
                out.push(Test::At { side, nth, mv });
                for first in WINDOWS.into_iter().filter(|&n| nth < n) {
                    out.push(Test::Within { side, first, mv });
                }
            }
        }
        out.extend((1..=line.len() as u8).map(Test::Plies));
        out
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: u8| if s == 0 { 'r' } else { 'b' };
        match *self {
            Test::At { side: s, nth, mv } => write!(f, "at {} {nth} {mv}", side(s)),
            Test::Within { side: s, first, mv } => write!(f, "in {} {first} {mv}", side(s)),
            Test::Plies(n) => write!(f, "plies {n}"),
        }
    }
}

/// A learned classification: tests at the nodes, codes at the leaves; and, for each
/// pair of first moves the games it was learned from began with, the families (`C0`…)
/// those games went on to — the first two moves settle an opening's family, and a code
/// of another family is not given to a line that begins so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    pub(super) nodes: Vec<Node>,
    /// Normalised first two moves → the families (code / 10) seen after them, sorted.
    pub(super) families: BTreeMap<[Move; 2], Vec<u16>>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Node {
    /// Go to node `yes` when the test holds, else to node `no`.
    Ask {
        test: Test,
        yes: u32,
        no: u32,
    },
    Leaf(Ecco),
}

/// A tree's text that cannot be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("opening tree, line {line}: {why}")]
pub struct ParseTreeError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub why: String,
}

/// The line read with red's first move on the right half (files e–i), cut at the
/// horizon.
pub(super) fn normalise(moves: &[Move]) -> Vec<Move> {
    let line = &moves[..moves.len().min(HORIZON)];
    let mirror = line.first().is_some_and(|m| m.from.file() < 4);
    line.iter()
        .map(|&m| {
            if mirror {
                let flip = |s: Square| Square::new(8 - s.file(), s.rank()).unwrap_or(s);
                Move::new(flip(m.from), flip(m.to))
            } else {
                m
            }
        })
        .collect()
}

impl Tree {
    /// The tree compiled in, learned from the master games of the Chinese Chess
    /// Practical Dataset (Yu-Han Tseng, CC BY 4.0) and their ECCO tags.
    #[must_use]
    pub fn masters() -> &'static Tree {
        static TREE: OnceLock<Tree> = OnceLock::new();
        TREE.get_or_init(|| {
            Tree::from_text(include_str!("masters.tree")).unwrap_or(Tree {
                nodes: Vec::new(),
                families: BTreeMap::new(),
            })
        })
    }

    /// How many nodes (tests and leaves) it has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it has no node (it then names nothing).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The code of the line `moves` (from the start position), or `None` for no moves.
    #[must_use]
    pub fn code(&self, moves: &[Move]) -> Option<Ecco> {
        self.name(&normalise(moves))
    }

    /// The code of a normalised line: the tree's, unless its family is not one the
    /// line's first two moves lead to; then the code of the longest start of the line
    /// whose family is (the first two moves alone at least, or the tree's own answer
    /// when none is).
    fn name(&self, line: &[Move]) -> Option<Ecco> {
        let code = self.walk(line).filter(|_| !line.is_empty())?;
        let Some(allowed) = line
            .get(..2)
            .and_then(|two| self.families.get(&[two[0], two[1]]))
        else {
            return Some(code);
        };
        let fits = |e: Ecco| allowed.binary_search(&(e.0 / 10)).is_ok();
        if fits(code) {
            return Some(code);
        }
        Some(
            (2..line.len())
                .rev()
                .filter_map(|k| self.walk(&line[..k]))
                .find(|&e| fits(e))
                .unwrap_or(code),
        )
    }

    fn walk(&self, line: &[Move]) -> Option<Ecco> {
        let mut at = 0usize;
        // Branches only point forwards (built so, and checked when read): this ends.
        loop {
            match self.nodes.get(at)? {
                Node::Leaf(e) => return Some(*e),
                Node::Ask { test, yes, no } => {
                    at = if test.holds(line) { *yes } else { *no } as usize;
                }
            }
        }
    }

    /// The opening of `moves`: the code of its first [`HORIZON`] plies, and the ply
    /// from which the code of each longer start stayed that code.
    #[must_use]
    pub fn opening(&self, moves: &[Move]) -> Option<Opening> {
        let line = normalise(moves);
        let ecco = self.name(&line)?;
        let decided = (1..=line.len())
            .rev()
            .take_while(|&p| self.name(&line[..p]) == Some(ecco))
            .last()
            .unwrap_or(line.len());
        Some(Opening { ecco, decided })
    }

    /// The tree as text: first the families after each pair of first moves
    /// (`! h2e2 b7e7 D5`), then one node a line in depth-first order: `? TEST` (its
    /// yes branch follows it, then its no branch) or `= CODE`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (two, families) in &self.families {
            let f: Vec<String> = families
                .iter()
                .filter_map(|&f| Ecco::new(b'A' + (f / 10) as u8, (f % 10 * 10) as u8))
                .map(|e| e.to_string()[..2].to_owned())
                .collect();
            out.push_str(&format!("! {} {} {}\n", two[0], two[1], f.join(" ")));
        }
        for n in &self.nodes {
            match n {
                Node::Ask { test, .. } => out.push_str(&format!("? {test}\n")),
                Node::Leaf(e) => out.push_str(&format!("= {e}\n")),
            }
        }
        out
    }

    /// Reads [`Tree::to_text`]'s form (`#` lines are comments).
    ///
    /// # Errors
    /// A line that is neither a test nor a code, or a tree cut short or too long.
    pub fn from_text(text: &str) -> Result<Tree, ParseTreeError> {
        let mut nodes = Vec::new();
        let mut lines = Vec::new();
        let mut families_of = BTreeMap::new();
        for (i, l) in text.lines().enumerate() {
            let l = l.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let bad = |why: String| ParseTreeError { line: i + 1, why };
            if let Some(rest) = l.strip_prefix("! ") {
                let (two, families) = parse_families(rest)
                    .ok_or_else(|| bad(format!("\"{rest}\" is not two moves and families")))?;
                families_of.insert(two, families);
                continue;
            }
            let node = if let Some(code) = l.strip_prefix("= ") {
                Node::Leaf(
                    code.parse()
                        .map_err(|e: super::ParseEccoError| bad(e.to_string()))?,
                )
            } else if let Some(test) = l.strip_prefix("? ") {
                Node::Ask {
                    test: parse_test(test)
                        .ok_or_else(|| bad(format!("\"{test}\" is not a test")))?,
                    yes: 0,
                    no: 0,
                }
            } else {
                return Err(bad(format!("\"{l}\" is neither \"? test\" nor \"= code\"")));
            };
            nodes.push(node);
            lines.push(i + 1);
        }
        // Depth first: a test's yes branch starts on the next node, its no branch
        // after the whole yes branch.
        fn link(nodes: &mut [Node], at: usize, depth: usize) -> Option<usize> {
            match *nodes.get(at)? {
                Node::Leaf(_) => Some(at + 1),
                Node::Ask { test, .. } if depth < 512 => {
                    let no = link(nodes, at + 1, depth + 1)?;
                    let end = link(nodes, no, depth + 1)?;
                    nodes[at] = Node::Ask {
                        test,
                        yes: at as u32 + 1,
                        no: no as u32,
                    };
                    Some(end)
                }
                Node::Ask { .. } => None,
            }
        }
        let end = ParseTreeError {
            line: lines.last().copied().unwrap_or(0),
            why: String::new(),
        };
        if nodes.len() > 1 << 20 {
            return Err(ParseTreeError {
                why: "more than a million nodes".into(),
                ..end
            });
        }
        if nodes.is_empty() {
            return Ok(Tree {
                nodes,
                families: families_of,
            });
        }
        match link(&mut nodes, 0, 0) {
            Some(n) if n == nodes.len() => Ok(Tree {
                nodes,
                families: families_of,
            }),
            Some(n) => Err(ParseTreeError {
                line: lines[n],
                why: "nodes after the end of the tree".into(),
            }),
            None => Err(ParseTreeError {
                why: "the tree is cut short (or deeper than 512)".into(),
                ..end
            }),
        }
    }
}

fn parse_test(s: &str) -> Option<Test> {
    let f: Vec<&str> = s.split_whitespace().collect();
    let side = |s: &str| match s {
        "r" => Some(0),
        "b" => Some(1),
        _ => None,
    };
    let small = |s: &str| s.parse::<u8>().ok().filter(|&n| n as usize <= HORIZON);
    match f.as_slice() {
        ["at", s, n, m] => Some(Test::At {
            side: side(s)?,
            nth: small(n)?,
            mv: m.parse().ok()?,
        }),
        ["in", s, n, m] => Some(Test::Within {
            side: side(s)?,
            first: small(n)?,
            mv: m.parse().ok()?,
        }),
        ["plies", n] => Some(Test::Plies(small(n)?)),
        _ => None,
    }
}

/// `h2e2 b7e7 D5 D0`: two moves and the families (letter and digit) after them.
fn parse_families(s: &str) -> Option<([Move; 2], Vec<u16>)> {
    let mut f = s.split_whitespace();
    let two = [f.next()?.parse().ok()?, f.next()?.parse().ok()?];
    let mut families = f
        .map(|x| {
            format!("{x}0")
                .parse::<Ecco>()
                .ok()
                .filter(|_| x.len() == 2)
                .map(|e| e.0 / 10)
        })
        .collect::<Option<Vec<u16>>>()?;
    families.sort_unstable();
    families.dedup();
    (!families.is_empty()).then_some((two, families))
}
