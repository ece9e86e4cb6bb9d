//! A tree as one line of text, node by node in the order of their numbers, so that a
//! tree read back has the same [`NodeId`]s (the autosave's undo steps name nodes by
//! them).
//!
//! `FEN|NODE|NODE|…`: node 0 is `root`, a deleted node `-`, any other its move in ICCS;
//! then `.c=` its children's numbers, `.b=`/`.a=` the comments before and after it,
//! `.n=` its glyphs, `.t=` the clock in milliseconds, `.e=` an evaluation (`c12`
//! centipawns, `m-3` mate). Text is %-escaped where it holds `%|.=,;>` or white space.
//!
//! ```
//! use xiangqi_rules::tree::GameTree;
//! use xiangqi_rules::{Move, Position};
//!
//! let mut tree = GameTree::new(Position::new());
//! let cannon = tree.play(tree.root(), "h2e2".parse::<Move>()?)?;
//! tree.node_mut(cannon).comment_after = "中炮. 100%".into();
//! let back = GameTree::from_text(&tree.to_text())?;
//! assert_eq!(back, tree);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;
use std::time::Duration;

use super::{Eval, GameTree, Nag, Node, NodeId, Stamp};
use crate::{IllegalMove, Move, Position};

/// Why a tree's text does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeTextError {
    /// The start position is not a legal FEN.
    #[error("the tree's start position does not read: {0}")]
    Start(String),
    /// A node's text is malformed.
    #[error("node {index}: {reason}")]
    Node {
        /// Its number.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// A node's move is not legal after its parent.
    #[error("node {index}: {source}")]
    Illegal {
        /// Its number.
        index: usize,
        /// The rules' reason.
        source: IllegalMove,
    },
}

/// `text` with `%`, `|`, `.`, `=`, `,`, `;`, `>`, white space and control characters
/// %-escaped: safe inside one field of a one-line text (this one, the autosave's).
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "%|.=,;>".contains(c) || c.is_ascii_whitespace() || c.is_ascii_control() {
            let _ = write!(out, "%{:02X}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// The text [`escape`] was given; `None` for a broken escape.
#[must_use]
pub fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 1..i + 3)?;
        out.push(char::from(u8::from_str_radix(hex, 16).ok()?));
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    Some(out)
}

impl GameTree {
    /// The tree as one line of text (see the [module documentation](self)).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = escape(&self.start.to_fen());
        for (i, node) in self.nodes.iter().enumerate() {
            out.push('|');
            let id = NodeId(u32::try_from(i).expect("fewer than 2^32 nodes"));
            if !self.contains(id) {
                out.push('-');
                continue;
            }
            match node.mv {
                Some(m) => {
                    let _ = write!(out, "{m}");
                }
                None => out.push_str("root"),
            }
            if !node.children.is_empty() {
                let children: Vec<String> = node.children.iter().map(|c| c.0.to_string()).collect();
                let _ = write!(out, ".c={}", children.join(","));
            }
            for (key, text) in [("b", &node.comment_before), ("a", &node.comment_after)] {
                if !text.is_empty() {
                    let _ = write!(out, ".{key}={}", escape(text));
                }
            }
            if !node.nags.is_empty() {
                let nags: Vec<String> = node.nags.iter().map(|n| n.0.to_string()).collect();
                let _ = write!(out, ".n={}", nags.join(","));
            }
            if let Some(clock) = node.clock {
                let _ = write!(out, ".t={}", clock.as_millis());
            }
            match node.eval {
                Some(Eval::Centipawns(cp)) => {
                    let _ = write!(out, ".e=c{cp}");
                }
                Some(Eval::Mate(n)) => {
                    let _ = write!(out, ".e=m{n}");
                }
                None => {}
            }
        }
        out
    }

    /// Reads a tree written by [`to_text`](Self::to_text): the same nodes with the same
    /// numbers.
    ///
    /// # Errors
    /// What is wrong with the text, or the first move that is not legal.
    pub fn from_text(text: &str) -> Result<GameTree, TreeTextError> {
        let mut parts = text.trim().split('|');
        let fen = parts.next().and_then(unescape).unwrap_or_default();
        let start = Position::from_fen(&fen).map_err(|e| TreeTextError::Start(e.to_string()))?;
        let mut nodes: Vec<Node> = Vec::new();
        let mut removed: Vec<bool> = Vec::new();
        for (index, part) in parts.enumerate() {
            let bad = |reason: &str| TreeTextError::Node {
                index,
                reason: reason.to_owned(),
            };
            let mut fields = part.split('.');
            let head = fields.next().unwrap_or_default();
            let mut node = Node::default();
            match (head, index) {
                ("root", 0) => {}
                ("-", i) if i > 0 => {
                    removed.push(true);
                    nodes.push(node);
                    continue;
                }
                (m, i) if i > 0 => {
                    node.mv = Some(m.parse::<Move>().map_err(|_| bad("not a move"))?);
                }
                _ => return Err(bad("node 0 must be the root, and only node 0")),
            }
            for field in fields {
                let (key, value) = field.split_once('=').ok_or_else(|| bad("not KEY=VALUE"))?;
                let text = || unescape(value).ok_or_else(|| bad("a broken % escape"));
                let numbers = || {
                    value
                        .split(',')
                        .map(str::parse::<u32>)
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|_| bad("not a list of numbers"))
                };
                match key {
                    "c" => node.children = numbers()?.into_iter().map(NodeId).collect(),
                    "b" => node.comment_before = text()?,
                    "a" => node.comment_after = text()?,
                    "n" => {
                        node.nags = numbers()?
                            .into_iter()
                            .map(|n| {
                                u8::try_from(n)
                                    .map(Nag)
                                    .map_err(|_| bad("a glyph past 255"))
                            })
                            .collect::<Result<_, _>>()?;
                    }
                    "t" => {
                        let ms = value.parse::<u64>().map_err(|_| bad("not a clock"))?;
                        node.clock = Some(Duration::from_millis(ms));
                    }
                    "e" => {
                        let n = value
                            .get(1..)
                            .and_then(|n| n.parse::<i32>().ok())
                            .ok_or_else(|| bad("not an evaluation"))?;
                        node.eval = Some(match value.as_bytes()[0] {
                            b'c' => Eval::Centipawns(n),
                            b'm' => Eval::Mate(n),
                            _ => return Err(bad("not an evaluation")),
                        });
                    }
                    _ => return Err(bad("an unknown field")),
                }
            }
            removed.push(false);
            nodes.push(node);
        }
        if nodes.is_empty() {
            nodes.push(Node::default());
            removed.push(false);
        }
        // Parents from the children's lists: each node after its parent, and one parent
        // each, so the links make a tree.
        for i in 0..nodes.len() {
            for c in nodes[i].children.clone() {
                let j = c.0 as usize;
                let bad = |reason: &str| TreeTextError::Node {
                    index: i,
                    reason: reason.to_owned(),
                };
                if j <= i || j >= nodes.len() || removed[j] {
                    return Err(bad("a child that does not come after it"));
                }
                if nodes[j].parent.is_some() {
                    return Err(bad("a child of two nodes"));
                }
                nodes[j].parent = Some(NodeId(u32::try_from(i).expect("checked below 2^32")));
            }
        }
        // Every move legal where it stands: positions in number order, parents first.
        let mut positions: Vec<Option<Position>> = vec![None; nodes.len()];
        positions[0] = Some(start.clone());
        for i in 1..nodes.len() {
            if removed[i] {
                continue;
            }
            let (Some(parent), Some(mv)) = (nodes[i].parent, nodes[i].mv) else {
                return Err(TreeTextError::Node {
                    index: i,
                    reason: "a move that no node leads to".into(),
                });
            };
            let before = positions[parent.0 as usize]
                .as_ref()
                .expect("a parent comes first");
            let after = before
                .play(mv)
                .map_err(|source| TreeTextError::Illegal { index: i, source })?;
            positions[i] = Some(after);
        }
        Ok(GameTree {
            start,
            nodes,
            stamp: Stamp::fresh(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_with_variations_deletions_and_notes_reads_back_with_its_numbers() {
        let mut tree = GameTree::new(Position::new());
        let root = tree.root();
        let a = tree.play(root, "h2e2".parse().unwrap()).unwrap();
        let b = tree.play(root, "b2e2".parse().unwrap()).unwrap();
        let c = tree.play(a, "h9g7".parse().unwrap()).unwrap();
        let gone = tree.play(a, "b9c7".parse().unwrap()).unwrap();
        tree.play(b, "h9g7".parse().unwrap()).unwrap();
        tree.delete(gone);
        tree.promote(b);
        tree.node_mut(c).comment_before = "line|one.two=3,4;5>6%\nnext".into();
        tree.node_mut(c).comment_after = "马８进７ ok".into();
        tree.node_mut(c).nags = vec![Nag::GOOD, Nag(200)];
        tree.node_mut(c).clock = Some(Duration::from_millis(59_123));
        tree.node_mut(a).eval = Some(Eval::Mate(-3));
        tree.node_mut(b).eval = Some(Eval::Centipawns(35));
        let text = tree.to_text();
        assert!(!text.contains('\n'));
        let back = GameTree::from_text(&text).unwrap();
        assert_eq!(back.to_text(), text);
        assert_eq!(back.main_line(), tree.main_line());
        assert_eq!(back.node(c), tree.node(c));
        assert!(!back.contains(gone));
    }

    #[test]
    fn bad_texts_are_refused_not_panicked_on() {
        for text in [
            "",
            "|",
            "9/9|root",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=1|h2h8",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=1,1|h2e2",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=0",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root|h2e2",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=1|h2e2.b=%4",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=1|h2e2.e=",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR%20w|root.c=1|h2e2.n=999",
        ] {
            assert!(GameTree::from_text(text).is_err(), "{text}");
        }
    }
}
