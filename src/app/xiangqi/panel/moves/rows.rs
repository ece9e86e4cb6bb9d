//! The move list's rows, made once for each state of the tree and kept: the list draws
//! only the rows in view, so a frame costs the same with ten moves or ten thousand.

use crate::rules::record::MAX_NESTING;
use crate::rules::tree::{GameTree, NodeId};
use crate::rules::{Color as Side, Notation, Position};

/// One row of the list.
pub(super) enum Row {
    /// A move pair of the main line (or one move: black's first, or one before
    /// variations): its number, whether red's place is empty (`…`), its moves.
    Moves {
        number: u32,
        black_first: bool,
        moves: Vec<(NodeId, String)>,
    },
    /// The variations that replace `after` (a main-line move), wrapped and indented.
    Variations { after: NodeId, items: Vec<Item> },
}

/// A piece of a variations row.
pub(super) enum Item {
    Open,
    Close,
    Move(NodeId, String),
}

/// The rows of one state of the tree, with each row's height as last drawn.
pub(super) struct Rows {
    /// What they were made from: the tree's stamp and the notation.
    pub key: (u64, Notation),
    pub rows: Vec<Row>,
    /// Each row's height: guessed, then as drawn.
    pub heights: Vec<f32>,
    /// The row of each node shown in the list (by node index).
    pub row_of: Vec<Option<u32>>,
    /// The width the heights were measured at.
    pub width: f32,
}

impl Rows {
    /// The rows of `tree` in `notation`; heights guessed from `pitch` (a main-line row)
    /// and `width` (how many variation moves fit on a line).
    pub(super) fn new(tree: &GameTree, notation: Notation, pitch: f32, width: f32) -> Rows {
        let mut made = Rows {
            key: (tree.stamp(), notation),
            rows: Vec::new(),
            heights: Vec::new(),
            row_of: vec![None; tree.capacity()],
            width,
        };
        made.main_line(tree, notation);
        made.guess(pitch, width);
        made
    }

    /// Every height guessed again (the width changed).
    pub(super) fn guess(&mut self, pitch: f32, width: f32) {
        self.width = width;
        // About one move of a variation in 70 px; a line of them ~18 px.
        let per_line = (width / 70.0).max(1.0);
        self.heights = self
            .rows
            .iter()
            .map(|row| match row {
                Row::Moves { .. } => pitch,
                Row::Variations { items, .. } => {
                    let moves = items.iter().filter(|i| matches!(i, Item::Move(..))).count();
                    (moves as f32 / per_line).ceil().max(1.0) * 18.0 + 4.0
                }
            })
            .collect();
    }

    fn push(&mut self, row: Row) {
        let index = self.rows.len() as u32;
        let mut mark = |node: NodeId| {
            if let Some(slot) = self.row_of.get_mut(node.index()) {
                *slot = Some(index);
            }
        };
        match &row {
            Row::Moves { moves, .. } => moves.iter().for_each(|(n, _)| mark(*n)),
            Row::Variations { items, .. } => items.iter().for_each(|i| {
                if let Item::Move(n, _) = i {
                    mark(*n);
                }
            }),
        }
        self.rows.push(row);
    }

    /// The main line, a move pair a row; a move with variations ends its row and they
    /// follow it.
    fn main_line(&mut self, tree: &GameTree, notation: Notation) {
        let mut pos = tree.start().clone();
        let mut at = tree.root();
        let mut row: Vec<(NodeId, String)> = Vec::new();
        let mut first: Option<(u32, bool)> = None;
        while let Some(&node) = tree.node(at).children().first() {
            let Some(mv) = tree.node(node).mv() else {
                break;
            };
            let red = pos.turn() == Side::Red;
            let branches = tree.node(at).children().len() > 1;
            let after = pos.play(mv).ok();
            first.get_or_insert((pos.fullmoves(), pos.turn() == Side::Black));
            row.push((node, text(tree, node, &pos, "", notation)));
            let last = after.is_none() || tree.node(node).children().is_empty();
            if !red || branches || last {
                let (number, black_first) = first.take().unwrap_or_default();
                self.push(Row::Moves {
                    number,
                    black_first,
                    moves: std::mem::take(&mut row),
                });
                if branches {
                    let mut items = Vec::new();
                    alternatives(tree, node, &pos, 1, notation, &mut items);
                    self.push(Row::Variations { after: node, items });
                }
            }
            let Some(after) = after else {
                break;
            };
            pos = after;
            at = node;
        }
    }
}

/// A move's text: `prefix`, the move in `notation`, its glyphs, `*` when it has a
/// comment to read in the box below.
fn text(
    tree: &GameTree,
    node: NodeId,
    before: &Position,
    prefix: &str,
    notation: Notation,
) -> String {
    let n = tree.node(node);
    let Some(mv) = n.mv() else {
        return String::new();
    };
    let mut text = format!("{prefix}{}", notation.display(before, mv));
    for nag in &n.nags {
        match nag.glyph() {
            Some(g) => text.push_str(g),
            None => text.push_str(&format!(" ${}", nag.0)),
        }
    }
    if !n.comment_after.is_empty() {
        text.push_str(" *");
    }
    text
}

/// A variation inline: `(` its moves, each with the lines that replace it, `)`.
fn variation(
    tree: &GameTree,
    start: NodeId,
    before: &Position,
    nesting: usize,
    notation: Notation,
    items: &mut Vec<Item>,
) {
    items.push(Item::Open);
    let mut node = start;
    let mut pos = before.clone();
    let mut numbered = false;
    while let Some(mv) = tree.node(node).mv() {
        let prefix = match pos.turn() {
            Side::Red => format!("{}.", pos.fullmoves()),
            Side::Black if !numbered => format!("{}…", pos.fullmoves()),
            Side::Black => String::new(),
        };
        items.push(Item::Move(node, text(tree, node, &pos, &prefix, notation)));
        numbered = pos.turn() == Side::Red;
        if node != start && nesting < MAX_NESTING {
            numbered &= !alternatives(tree, node, &pos, nesting + 1, notation, items);
        }
        let Ok(after) = pos.play(mv) else {
            break;
        };
        let Some(&next) = tree.node(node).children().first() else {
            break;
        };
        pos = after;
        node = next;
    }
    items.push(Item::Close);
}

/// The lines that replace `node` (its later siblings), inline. Returns whether there
/// were any.
fn alternatives(
    tree: &GameTree,
    node: NodeId,
    before: &Position,
    nesting: usize,
    notation: Notation,
    items: &mut Vec<Item>,
) -> bool {
    let Some(parent) = tree.node(node).parent() else {
        return false;
    };
    let siblings = tree.node(parent).children();
    if siblings.first() != Some(&node) || siblings.len() < 2 {
        return false;
    }
    for &alt in &siblings[1..] {
        variation(tree, alt, before, nesting, notation, items);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_goes_in_pairs_and_a_variation_follows_the_move_it_replaces() {
        let mut tree = GameTree::new(Position::new());
        let play =
            |tree: &mut GameTree, at: NodeId, m: &str| tree.play(at, m.parse().unwrap()).unwrap();
        let root = tree.root();
        let a = play(&mut tree, root, "h2e2");
        let b = play(&mut tree, a, "h9g7");
        let c = play(&mut tree, a, "b9c7");
        let d = play(&mut tree, b, "h0g2");
        let e = play(&mut tree, d, "i9h9");
        tree.node_mut(d).comment_after = "a comment".into();
        let rows = Rows::new(&tree, Notation::Iccs, 23.0, 300.0);
        let texts =
            |moves: &[(NodeId, String)]| moves.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>();
        let [
            Row::Moves {
                number: 1,
                black_first: false,
                moves: first,
            },
            Row::Variations { after, items },
            Row::Moves {
                number: 2,
                black_first: false,
                moves: second,
            },
        ] = rows.rows.as_slice()
        else {
            panic!("three rows: a pair, its variation, a pair");
        };
        assert_eq!(texts(first), ["h2e2", "h9g7"]);
        assert_eq!(*after, b);
        assert!(
            matches!(items.as_slice(), [Item::Open, Item::Move(n, t), Item::Close] if *n == c && t == "1…b9c7")
        );
        assert_eq!(texts(second), ["h0g2 *", "i9h9"]);
        let row = |n: NodeId| rows.row_of[n.index()];
        assert_eq!(
            [a, b, c, d, e].map(row),
            [Some(0), Some(0), Some(1), Some(2), Some(2)]
        );
        assert_eq!(rows.heights.len(), 3);
        assert_eq!(
            rows.heights[0], 23.0,
            "a main-line row guessed at the pitch"
        );
    }
}
