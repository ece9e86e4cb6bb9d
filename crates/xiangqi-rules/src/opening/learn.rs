//! Learning the tree from games whose records carry their ECCO code.

use std::collections::{BTreeMap, HashMap};

use super::tree::{Node, Test, normalise};
use super::{Ecco, Tree};
use crate::Move;

/// A game's moves from the start position and the code its record gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The moves (only the first [`HORIZON`] plies count).
    pub moves: Vec<Move>,
    /// The code.
    pub ecco: Ecco,
}

/// A share above which one code names a start of a line.
const CONSENSUS: f64 = 0.9;

/// Every start of the games' lines (normalised, 1 to [`HORIZON`] plies), each with the
/// code that names it and how many games pass through it. A start names the code of
/// the games through it when nine in ten of them agree; otherwise the most general
/// code among them: the lowest (ECCO numbers a general case before its refinements),
/// or its family's first code when the games span several families of one letter
/// (`C00 中炮对屏风马` where they go on to C0x … C9x).
#[must_use]
pub fn label_prefixes(games: &[Example]) -> Vec<(Vec<Move>, Ecco, u32)> {
    let mut through: HashMap<Vec<Move>, BTreeMap<Ecco, u32>> = HashMap::new();
    for g in games {
        let line = normalise(&g.moves);
        for k in 1..=line.len() {
            *through
                .entry(line[..k].to_vec())
                .or_default()
                .entry(g.ecco)
                .or_default() += 1;
        }
    }
    let mut out: Vec<_> = through
        .into_iter()
        .map(|(line, codes)| {
            let n: u32 = codes.values().sum();
            (line, label(&codes, n), n)
        })
        .collect();
    out.sort_unstable();
    out
}

fn label(codes: &BTreeMap<Ecco, u32>, n: u32) -> Ecco {
    let (&top, &most) = codes
        .iter()
        .max_by_key(|&(e, c)| (c, std::cmp::Reverse(*e)))
        .expect("a start has a game");
    if f64::from(most) >= CONSENSUS * f64::from(n) {
        return top;
    }
    let (&low, _) = codes.iter().next().expect("a start has a game");
    let last = *codes.keys().next_back().expect("a start has a game");
    if last.letter() == low.letter() && last.family_code() != low.family_code() {
        low.family_code()
    } else {
        low
    }
}

impl Tree {
    /// Learns a tree from games and their codes: a classification tree (information
    /// gain, grown until each leaf names one code) over [`label_prefixes`]' starts,
    /// weighted by their games, so that a whole line and any start of it are named.
    #[must_use]
    pub fn learn(games: &[Example]) -> Tree {
        let starts = label_prefixes(games);
        let mut tests: Vec<Test> = Vec::new();
        let mut ids: HashMap<Test, u32> = HashMap::new();
        let mut rows = Vec::with_capacity(starts.len());
        for (line, ecco, weight) in &starts {
            let mut t: Vec<u32> = Test::all_of(line)
                .into_iter()
                .map(|t| {
                    *ids.entry(t).or_insert_with(|| {
                        tests.push(t);
                        tests.len() as u32 - 1
                    })
                })
                .collect();
            t.sort_unstable();
            t.dedup();
            rows.push(Row {
                tests: t,
                ecco: *ecco,
                weight: u64::from(*weight),
            });
        }
        let mut learner = Learner {
            tests,
            rows,
            nodes: Vec::new(),
        };
        let all: Vec<usize> = (0..learner.rows.len()).collect();
        if !all.is_empty() {
            learner.grow(&all, 0);
        }
        let mut families: BTreeMap<[Move; 2], Vec<u16>> = BTreeMap::new();
        for g in games {
            let line = normalise(&g.moves);
            if let [a, b, ..] = line[..] {
                families.entry([a, b]).or_default().push(g.ecco.0 / 10);
            }
        }
        for f in families.values_mut() {
            f.sort_unstable();
            f.dedup();
        }
        Tree {
            nodes: learner.nodes,
            families,
        }
    }
}

struct Row {
    tests: Vec<u32>,
    ecco: Ecco,
    weight: u64,
}

struct Learner {
    tests: Vec<Test>,
    rows: Vec<Row>,
    nodes: Vec<Node>,
}

/// `x ln x`, the term entropies are made of.
fn xlx(x: u64) -> f64 {
    if x == 0 {
        0.0
    } else {
        let x = x as f64;
        x * x.ln()
    }
}

impl Learner {
    /// Grows the subtree of `rows`, returning its root's index.
    fn grow(&mut self, rows: &[usize], depth: usize) -> u32 {
        let mut codes: BTreeMap<Ecco, u64> = BTreeMap::new();
        for &r in rows {
            *codes.entry(self.rows[r].ecco).or_default() += self.rows[r].weight;
        }
        let at = self.nodes.len() as u32;
        let majority = codes
            .iter()
            .max_by_key(|&(e, c)| (*c, std::cmp::Reverse(*e)))
            .map(|(e, _)| *e)
            .expect("a subtree has rows");
        let best = if codes.len() > 1 && depth < 400 {
            self.best_test(rows, &codes)
        } else {
            None
        };
        let Some(test) = best else {
            self.nodes.push(Node::Leaf(majority));
            return at;
        };
        self.nodes.push(Node::Ask {
            test: self.tests[test as usize],
            yes: 0,
            no: 0,
        });
        let (yes, no): (Vec<usize>, Vec<usize>) = rows
            .iter()
            .partition(|&&r| self.rows[r].tests.binary_search(&test).is_ok());
        let y = self.grow(&yes, depth + 1);
        let n = self.grow(&no, depth + 1);
        self.nodes[at as usize] = Node::Ask {
            test: self.tests[test as usize],
            yes: y,
            no: n,
        };
        at
    }

    /// The test that gains most information on `rows`, if any splits them.
    fn best_test(&self, rows: &[usize], codes: &BTreeMap<Ecco, u64>) -> Option<u32> {
        let n: u64 = codes.values().sum();
        let all_f: f64 = codes.values().map(|&c| xlx(c)).sum();
        let mut pair: HashMap<(u32, Ecco), u64> = HashMap::new();
        for &r in rows {
            let row = &self.rows[r];
            for &t in &row.tests {
                *pair.entry((t, row.ecco)).or_default() += row.weight;
            }
        }
        // Per test: games answering yes, Σ f(yes by code), Σ f(all by code) − f(no by code).
        let mut per: HashMap<u32, (u64, f64, f64)> = HashMap::new();
        for ((t, e), c) in pair {
            let p = codes[&e];
            let s = per.entry(t).or_default();
            s.0 += c;
            s.1 += xlx(c);
            s.2 += xlx(p) - xlx(p - c);
        }
        let nf = n as f64;
        let h0 = nf.ln() - all_f / nf;
        let mut best: Option<(f64, Test, u32)> = None;
        for (t, (k, fy, d)) in per {
            if k == 0 || k == n {
                continue;
            }
            let (kf, rf) = (k as f64, (n - k) as f64);
            let h_yes = kf.ln() - fy / kf;
            let h_no = rf.ln() - (all_f - d) / rf;
            let gain = h0 - kf / nf * h_yes - rf / nf * h_no;
            let test = self.tests[t as usize];
            let better = match best {
                None => gain > 1e-9,
                Some((g, bt, _)) => gain > g + 1e-9 || ((gain - g).abs() <= 1e-9 && test < bt),
            };
            if better {
                best = Some((gain, test, t));
            }
        }
        best.map(|(_, _, t)| t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(line: &str, code: &str) -> Example {
        Example {
            moves: line
                .split_whitespace()
                .map(|m| m.parse().unwrap())
                .collect(),
            ecco: code.parse().unwrap(),
        }
    }

    #[test]
    fn a_learned_tree_names_its_games_and_reads_back_from_its_text() {
        let games = [
            ex("h2e2 h9g7 h0g2 i9h9", "C00"),
            ex("h2e2 h9g7 h0g2 h7i7", "B20"),
            ex("h2e2 h7e7", "D00"),
            ex("b2e2 h7e7", "D00"),
            ex("g3g4 c6c5", "E40"),
            ex("g3g4 h7g7", "E10"),
        ];
        let tree = Tree::learn(&games);
        for g in &games {
            assert_eq!(tree.code(&g.moves), Some(g.ecco), "{:?}", g.moves);
        }
        let again = Tree::from_text(&tree.to_text()).unwrap();
        assert_eq!(again, tree);
        // The first two moves' families: a line that begins 炮二平五 炮８平５ is named
        // in D0, whatever the tree's questions on its later moves would say.
        assert_eq!(tree.families[&[games[2].moves[0], games[2].moves[1]]], [30]);
        // A start the games share is named by their most general code.
        assert_eq!(tree.code(&games[0].moves[..2]).unwrap().to_string(), "B20");
        assert_eq!(tree.code(&games[4].moves[..1]).unwrap().to_string(), "E10");
    }

    #[test]
    fn bad_tree_text_is_refused_with_its_line() {
        for (text, line) in [
            ("? at r 0 h2e2\n= C00\n", 2),
            ("= C00\n= C01\n", 2),
            ("? at x 0 h2e2\n= C00\n= C01\n", 1),
            ("= F00\n", 1),
            ("hello\n", 1),
            ("! h2e2 D5\n= D50\n", 1),
            ("! h2e2 b7e7 D50\n= D50\n", 1),
            ("! h2e2 b7e7\n= D50\n", 1),
        ] {
            let e = Tree::from_text(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
        let deep = "? plies 1\n".repeat(100_000);
        assert!(Tree::from_text(&deep).is_err());
        assert!(Tree::from_text("").unwrap().is_empty());
    }
}
