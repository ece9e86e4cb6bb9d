//! A game as a tree: every line of play a record holds, with what annotates each move
//! (comments, glyphs, the clock, an evaluation). The main line is each node's first
//! child; the other children are its variations.
//!
//! ```
//! use xiangqi_rules::tree::{GameTree, Nag};
//! use xiangqi_rules::{Move, Position};
//!
//! let mut tree = GameTree::new(Position::new());
//! let cannon = tree.play(tree.root(), "h2e2".parse::<Move>()?)?;
//! let horse = tree.play(tree.root(), "b0c2".parse::<Move>()?)?;
//! assert_eq!(tree.main_line(), [cannon], "the first move played is the main line");
//! tree.node_mut(horse).nags.push(Nag::GOOD);
//! tree.promote(horse);
//! assert_eq!(tree.main_line(), [horse]);
//! assert_eq!(tree.lines().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use crate::record::{GameRecord, Nags, Variation};

pub mod marks;
mod text;
use crate::{Game, IllegalMove, Move, Position};
pub use text::{TreeTextError, escape, unescape};

/// A node of a [`GameTree`]: its number in the tree (valid for the tree it came from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// Its number, for saving (see [`GameTree::to_text`]).
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The node numbered `index`, of whichever tree has one (check with
    /// [`GameTree::contains`]).
    #[must_use]
    pub fn from_index(index: u32) -> NodeId {
        NodeId(index)
    }
}

/// A numeric annotation glyph (PGN's `$n`): `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
/// `?!` 6, others by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `!`
    pub const GOOD: Nag = Nag(1);
    /// `?`
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`
    pub const BRILLIANT: Nag = Nag(3);
    /// `??`
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`
    pub const INTERESTING: Nag = Nag(5);
    /// `?!`
    pub const DUBIOUS: Nag = Nag(6);

    /// The glyph written after a move (`!`, `?!`…), for the six that have one.
    #[must_use]
    pub fn glyph(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            _ => return None,
        })
    }

    /// The NAG of a glyph written after a move (`!`, `??`…).
    #[must_use]
    pub fn from_glyph(glyph: &str) -> Option<Nag> {
        Some(Nag(match glyph {
            "!" => 1,
            "?" => 2,
            "!!" => 3,
            "??" => 4,
            "!?" => 5,
            "?!" => 6,
            _ => return None,
        }))
    }
}

/// An engine's evaluation of the position after a move, from red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns (positive: red stands better).
    Centipawns(i32),
    /// Mate in this many moves (positive: red mates).
    Mate(i32),
}

/// A move in the tree and what annotates it. The root has no move: its comments are
/// the game's own, before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    mv: Option<Move>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    /// Said before the move (PGN's comment between the move number and the move).
    pub comment_before: String,
    /// Said after the move.
    pub comment_after: String,
    /// Its glyphs, in file order.
    pub nags: Vec<Nag>,
    /// The mover's clock after the move (`[%clk]`).
    pub clock: Option<Duration>,
    /// The engine's evaluation after the move (`[%eval]`).
    pub eval: Option<Eval>,
}

impl Node {
    /// The move that leads here (`None` at the root).
    #[must_use]
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The node before this one (`None` at the root).
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves that may follow, the main line's first.
    #[must_use]
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// The game's lines of play from one start position. Every move in it is legal: a move
/// is added only after the rules accept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    start: Position,
    nodes: Vec<Node>,
    stamp: Stamp,
}

/// A number no other state of any tree has had: taken afresh at each change, kept by a
/// copy. Not part of a tree's equality.
#[derive(Clone, Copy, Debug)]
struct Stamp(u64);

impl Stamp {
    fn fresh() -> Stamp {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Stamp(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl PartialEq for Stamp {
    fn eq(&self, _: &Stamp) -> bool {
        true
    }
}

impl Eq for Stamp {}

impl GameTree {
    /// A tree with no moves yet.
    #[must_use]
    pub fn new(start: Position) -> GameTree {
        GameTree {
            start,
            nodes: vec![Node::default()],
            stamp: Stamp::fresh(),
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The node before the first move.
    #[must_use]
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// A node.
    ///
    /// # Panics
    /// If `id` is not of this tree.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// A node, to annotate.
    ///
    /// # Panics
    /// If `id` is not of this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.stamp = Stamp::fresh();
        &mut self.nodes[id.0 as usize]
    }

    /// A number that changes with every change to the tree (a move added, deleted or
    /// moved, a comment or glyph) and is never the same for two states of any trees in
    /// this program: what a view of the tree keys what it keeps on. A copy has its
    /// original's.
    #[must_use]
    pub fn stamp(&self) -> u64 {
        self.stamp.0
    }

    /// How many nodes the tree has made room for, the root included: every node's
    /// [`NodeId::index`] is below it.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes from the root to `id`, both included.
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    #[must_use]
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id)
            .into_iter()
            .filter_map(|n| self.node(n).mv)
            .collect()
    }

    /// The position at `id`.
    #[must_use]
    pub fn position(&self, id: NodeId) -> Position {
        // Every move in the tree was checked legal when it was added.
        self.moves_to(id)
            .into_iter()
            .fold(self.start.clone(), |pos, m| {
                pos.play(m).expect("a tree holds legal moves")
            })
    }

    /// Plays `mv` after `parent`: the child with that move if there is one, else a new
    /// child, the main line if it is the first, a variation otherwise.
    ///
    /// # Errors
    /// The rules' reason when `mv` is not legal at `parent`; the tree is unchanged.
    pub fn play(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        if let Some(child) = self.child_with(parent, mv) {
            return Ok(child);
        }
        self.position(parent).play(mv)?;
        Ok(self.push(parent, mv))
    }

    /// The child of `parent` reached by `mv`, if there is one.
    #[must_use]
    pub fn child_with(&self, parent: NodeId, mv: Move) -> Option<NodeId> {
        self.node(parent)
            .children
            .iter()
            .copied()
            .find(|&c| self.node(c).mv == Some(mv))
    }

    /// A new child of `parent`, its move already checked legal.
    fn push(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(Node {
            mv: Some(mv),
            parent: Some(parent),
            ..Node::default()
        });
        self.node_mut(parent).children.push(id);
        id
    }

    /// The main line: from the root, each node's first child.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        self.main_line_from(self.root())
    }

    /// Every line of play as its last node, the main line first, then depth first in
    /// the order of the children.
    #[must_use]
    pub fn lines(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            let children = &self.node(id).children;
            if children.is_empty() {
                out.push(id);
            }
            stack.extend(children.iter().rev());
        }
        out
    }

    /// Makes `id` the first of its siblings (the main line from its parent on).
    pub fn promote(&mut self, id: NodeId) {
        self.reorder(id, 0);
    }

    /// Puts `id` at `index` among its siblings (clamped to their number).
    pub fn reorder(&mut self, id: NodeId, index: usize) {
        let Some(parent) = self.node(id).parent else {
            return;
        };
        let siblings = &mut self.node_mut(parent).children;
        siblings.retain(|&c| c != id);
        let index = index.min(siblings.len());
        siblings.insert(index, id);
    }

    /// Makes the line through `id` the main line, from the root on.
    pub fn promote_to_main(&mut self, id: NodeId) {
        for node in self.path(id) {
            self.promote(node);
        }
    }

    /// Removes `id` and everything after it (not the root). Returns whether anything
    /// was removed. Node numbers of other nodes stay valid.
    pub fn delete(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.node(id).parent else {
            return false;
        };
        self.node_mut(parent).children.retain(|&c| c != id);
        // The removed nodes stay in the arena, unreachable: numbers must not move.
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            let node = self.node_mut(n);
            node.parent = None;
            stack.append(&mut node.children);
        }
        true
    }

    /// Takes back `id` if it is a leaf: as [`delete`](Self::delete), and if it was the
    /// last node added its number is free again, so that playing the same move after
    /// the same node gives the same number (undo, then redo, of a move).
    pub fn unplay(&mut self, id: NodeId) -> bool {
        if !self.node(id).children.is_empty() || !self.delete(id) {
            return false;
        }
        if id.0 as usize + 1 == self.nodes.len() {
            self.stamp = Stamp::fresh();
            self.nodes.pop();
        }
        true
    }

    /// How many moves lead to `id`.
    #[must_use]
    pub fn depth(&self, id: NodeId) -> usize {
        let mut depth = 0;
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            depth += 1;
            at = parent;
        }
        depth
    }

    /// The nodes after `id` along first children, to the end of its main line.
    #[must_use]
    pub fn main_line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = id;
        while let Some(&next) = self.node(at).children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The node numbered `index`, if the tree has it.
    #[must_use]
    pub fn id(&self, index: usize) -> Option<NodeId> {
        let id = NodeId(u32::try_from(index).ok()?);
        self.contains(id).then_some(id)
    }

    /// Whether `id` is in the tree (not deleted).
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        (id.0 as usize) < self.nodes.len() && (id == self.root() || self.node(id).parent.is_some())
    }

    /// How many moves the tree holds (all lines).
    #[must_use]
    pub fn move_count(&self) -> usize {
        let mut count = 0;
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            let children = &self.node(id).children;
            count += children.len();
            stack.extend(children.iter().copied());
        }
        count
    }
}

impl GameTree {
    /// Plays `moves` one after another from `from`; the nodes, one a move.
    ///
    /// # Errors
    /// The first move the rules refuse (the moves before it stay in the tree).
    pub fn play_line(&mut self, from: NodeId, moves: &[Move]) -> Result<Vec<NodeId>, IllegalMove> {
        let start = self.position(from);
        self.play_line_at(from, start, moves)
    }

    /// [`play_line`](Self::play_line) from `from`, whose position is `pos`.
    fn play_line_at(
        &mut self,
        from: NodeId,
        mut pos: Position,
        moves: &[Move],
    ) -> Result<Vec<NodeId>, IllegalMove> {
        // The position is carried along: a line of n moves costs n moves, not n².
        let mut ids = Vec::with_capacity(moves.len());
        let mut at = from;
        for &m in moves {
            pos = pos.play(m)?;
            at = match self.child_with(at, m) {
                Some(child) => child,
                None => self.push(at, m),
            };
            ids.push(at);
        }
        Ok(ids)
    }

    /// The positions before each node of `line` and after its last, from `start`.
    fn positions_along(&self, start: &Position, line: &[NodeId]) -> Vec<Position> {
        let mut out = Vec::with_capacity(line.len() + 1);
        out.push(start.clone());
        for &id in line {
            let Some(next) = self
                .node(id)
                .mv
                .and_then(|m| out.last().and_then(|p| p.play(m).ok()))
            else {
                break;
            };
            out.push(next);
        }
        out
    }

    /// The tree of a record's lines: its main line, comments, clocks and variations
    /// (tags stay with the record).
    ///
    /// # Errors
    /// A move of a variation that is not legal where it stands (readers check theirs).
    pub fn from_record(record: &GameRecord) -> Result<GameTree, IllegalMove> {
        let mut tree = GameTree::new(record.game.start().clone());
        let main: Vec<Move> = record.game.moves().collect();
        let root = tree.root();
        let ids = tree.play_line(root, &main)?;
        for (&n, text) in &record.comments {
            // After ply n (0: before the first move; past the end: after the last).
            let at = n.min(ids.len()).checked_sub(1).map_or(root, |i| ids[i]);
            append(&mut tree.node_mut(at).comment_after, text);
        }
        for (&n, &clock) in &record.clocks {
            if let Some(&id) = n.checked_sub(1).and_then(|i| ids.get(i)) {
                tree.node_mut(id).clock = Some(clock);
            }
        }
        for (&n, &eval) in &record.evals {
            if let Some(&id) = n.checked_sub(1).and_then(|i| ids.get(i)) {
                tree.node_mut(id).eval = Some(eval);
            }
        }
        tree.set_nags(&ids, &record.nags);
        let start = tree.start.clone();
        tree.add_variations(root, &start, &ids, &record.variations)?;
        Ok(tree)
    }

    /// Adds `variations` of `line` (which follows `line_start`, at position `start`).
    /// Each is played from the position before the move it replaces, computed once
    /// for the whole line: a record of many variations costs its moves, not their
    /// depths.
    fn add_variations(
        &mut self,
        line_start: NodeId,
        start: &Position,
        line: &[NodeId],
        variations: &[Variation],
    ) -> Result<(), IllegalMove> {
        if variations.is_empty() {
            return Ok(());
        }
        let positions = self.positions_along(start, line);
        for v in variations {
            // Played instead of the line's move `ply`, from the position before it.
            let k = v.ply.min(line.len()).min(positions.len() - 1);
            let from = match k {
                0 => line_start,
                k => line[k - 1],
            };
            let ids = self.play_line_at(from, positions[k].clone(), &v.moves)?;
            for (&n, text) in &v.comments {
                match n.checked_sub(1).and_then(|i| ids.get(i)) {
                    Some(&id) => append(&mut self.node_mut(id).comment_after, text),
                    None => {
                        if let Some(&first) = ids.first() {
                            append(&mut self.node_mut(first).comment_before, text);
                        }
                    }
                }
            }
            self.set_nags(&ids, &v.nags);
            self.add_variations(from, &positions[k], &ids, &v.variations)?;
        }
        Ok(())
    }

    /// The tree as a record without tags: the main line as the game, the other lines as
    /// variations, comments and clocks by ply. A comment before a move goes after the
    /// move before it (a record has no other place for it).
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        let main = self.main_line();
        let mut game = Game::from_position(self.start.clone());
        for &id in &main {
            if let Some(m) = self.node(id).mv {
                // Checked legal when added; a game over on the board is still recorded.
                let _ = game.play_on(m);
            }
        }
        let mut record = GameRecord::new(game);
        let root = self.node(self.root());
        let mut said = |n: usize, text: &str| {
            if !text.is_empty() {
                append(record.comments.entry(n).or_default(), text);
            }
        };
        said(0, &root.comment_before);
        said(0, &root.comment_after);
        for (i, &id) in main.iter().enumerate() {
            said(i, &self.node(id).comment_before);
            said(i + 1, &self.node(id).comment_after);
        }
        for (i, &id) in main.iter().enumerate() {
            if let Some(clock) = self.node(id).clock {
                record.clocks.insert(i + 1, clock);
            }
            if let Some(eval) = self.node(id).eval {
                record.evals.insert(i + 1, eval);
            }
        }
        record.nags = self.nags_of(&main);
        record.variations = self.variations_of(&main, true);
        record
    }

    /// The variations branching from a line (its nodes), in the record's terms. Those
    /// that branch at the line's first move belong to the line around it, unless this is
    /// the main line.
    fn variations_of(&self, line: &[NodeId], main: bool) -> Vec<Variation> {
        let mut out = Vec::new();
        for (k, &id) in line.iter().enumerate() {
            if k == 0 && !main {
                continue;
            }
            let Some(parent) = self.node(id).parent else {
                continue;
            };
            for &alt in self.node(parent).children.iter().filter(|&&c| c != id) {
                let mut ids = vec![alt];
                let mut at = alt;
                while let Some(&next) = self.node(at).children.first() {
                    ids.push(next);
                    at = next;
                }
                let mut comments = std::collections::BTreeMap::new();
                for (i, &n) in ids.iter().enumerate() {
                    let node = self.node(n);
                    for (at, text) in [(i, &node.comment_before), (i + 1, &node.comment_after)] {
                        if !text.is_empty() {
                            append(comments.entry(at).or_default(), text);
                        }
                    }
                }
                out.push(Variation {
                    nags: self.nags_of(&ids),
                    ply: k,
                    moves: ids.iter().filter_map(|&n| self.node(n).mv).collect(),
                    comments,
                    variations: self.variations_of(&ids, false),
                });
            }
        }
        out
    }
}

impl GameTree {
    /// The glyphs of a line's nodes, by ply within it.
    fn nags_of(&self, line: &[NodeId]) -> Nags {
        line.iter()
            .enumerate()
            .filter(|(_, n)| !self.node(**n).nags.is_empty())
            .map(|(i, &n)| (i + 1, self.node(n).nags.clone()))
            .collect()
    }

    /// Puts a line's glyphs (by ply within it) on its nodes.
    fn set_nags(&mut self, line: &[NodeId], nags: &Nags) {
        for (&n, glyphs) in nags {
            if let Some(&id) = n.checked_sub(1).and_then(|i| line.get(i)) {
                self.node_mut(id).nags.extend_from_slice(glyphs);
            }
        }
    }
}

/// Adds `text` to a comment, on a line of its own if there is one already.
fn append(comment: &mut String, text: &str) {
    if !comment.is_empty() {
        comment.push('\n');
    }
    comment.push_str(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    /// 1. h2e2 h9g7 (1... b9c7) 2. h0g2, with 1. b0c2 as a variation.
    fn sample() -> (GameTree, [NodeId; 5]) {
        let mut t = GameTree::new(Position::new());
        let a = t.play(t.root(), mv("h2e2")).unwrap();
        let b = t.play(a, mv("h9g7")).unwrap();
        let c = t.play(a, mv("b9c7")).unwrap();
        let d = t.play(b, mv("h0g2")).unwrap();
        let e = t.play(t.root(), mv("b0c2")).unwrap();
        (t, [a, b, c, d, e])
    }

    #[test]
    fn the_first_move_is_the_main_line_and_others_are_variations() {
        let (t, [a, b, c, d, e]) = sample();
        assert_eq!(t.main_line(), [a, b, d]);
        assert_eq!(t.lines(), [d, c, e]);
        assert_eq!(t.node(a).children(), [b, c]);
        assert_eq!(t.moves_to(c), [mv("h2e2"), mv("b9c7")]);
        assert_eq!(t.move_count(), 5);
        assert_eq!(
            t.position(d).to_fen(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"
        );
    }

    #[test]
    fn playing_an_existing_move_goes_there_and_an_illegal_one_changes_nothing() {
        let (mut t, [a, ..]) = sample();
        let before = t.clone();
        assert_eq!(t.play(t.root(), mv("h2e2")), Ok(a));
        assert!(t.play(a, mv("a0a5")).is_err(), "red cannot move twice");
        assert_eq!(t, before);
    }

    #[test]
    fn every_change_takes_a_new_stamp_and_a_copy_keeps_its_own() {
        let mut tree = GameTree::new(Position::new());
        let mut seen = vec![tree.stamp()];
        let mut changed = |tree: &GameTree| {
            assert!(!seen.contains(&tree.stamp()), "a stamp came back");
            seen.push(tree.stamp());
        };
        let a = tree.play(tree.root(), mv("h2e2")).unwrap();
        changed(&tree);
        let copy = tree.clone();
        assert_eq!(copy.stamp(), tree.stamp());
        let b = tree.play(tree.root(), mv("b2e2")).unwrap();
        changed(&tree);
        assert_ne!(copy.stamp(), tree.stamp());
        tree.promote(b);
        changed(&tree);
        tree.node_mut(a).comment_after = "a comment".into();
        changed(&tree);
        tree.delete(a);
        changed(&tree);
        // Asking leaves it: the same move played again finds its node.
        let stamp = tree.stamp();
        assert_eq!(tree.play(tree.root(), mv("b2e2")), Ok(b));
        assert_eq!(tree.stamp(), stamp);
        // Equal trees are equal whatever their stamps.
        let mut other = GameTree::new(Position::new());
        other.play(other.root(), mv("h2e2")).unwrap();
        assert_eq!(other, copy);
        assert_ne!(other.stamp(), copy.stamp());
    }

    #[test]
    fn promote_reorder_and_delete() {
        let (mut t, [a, b, c, d, e]) = sample();
        t.promote(c);
        assert_eq!(t.main_line(), [a, c]);
        t.promote_to_main(e);
        assert_eq!(t.main_line(), [e]);
        t.reorder(e, 9);
        assert_eq!(t.node(t.root()).children(), [a, e]);
        assert!(t.delete(b));
        assert_eq!(t.lines(), [c, e]);
        assert_eq!(t.move_count(), 3);
        assert!(t.node(d).parent().is_none(), "gone with its parent");
        assert!(!t.delete(t.root()), "the root stays");
    }

    #[test]
    fn a_record_goes_into_a_tree_and_back() {
        let mut game = Game::new();
        for m in ["h2e2", "h9g7", "h0g2"] {
            game.play(mv(m)).unwrap();
        }
        let mut record = GameRecord::new(game);
        record.comments.insert(0, "before".into());
        record.comments.insert(2, "after the horse".into());
        record.clocks.insert(1, Duration::from_secs(590));
        record.variations.push(Variation {
            ply: 1,
            moves: vec![mv("b9c7"), mv("b0c2")],
            comments: [(1, "the other horse".to_owned())].into(),
            variations: vec![Variation {
                ply: 1,
                moves: vec![mv("b2d2")],
                comments: Default::default(),
                variations: Vec::new(),
                nags: [(1, vec![Nag::DUBIOUS])].into(),
            }],
            nags: [(2, vec![Nag::GOOD, Nag(14)])].into(),
        });
        let tree = GameTree::from_record(&record).unwrap();
        assert_eq!(tree.lines().len(), 3);
        let back = tree.to_record();
        assert_eq!(back.lines(), record.lines());
        assert_eq!(back.comments, record.comments);
        assert_eq!(back.clocks, record.clocks);
        assert_eq!(back.variations, record.variations);
    }

    #[test]
    fn comments_of_a_record_without_moves_stay_with_the_game() {
        let mut record = GameRecord::new(Game::new());
        record.comments.insert(3, "a comment past the end".into());
        let tree = GameTree::from_record(&record).unwrap();
        assert_eq!(
            tree.node(tree.root()).comment_after,
            "a comment past the end"
        );
    }

    #[test]
    fn a_line_is_checked_move_by_move_and_reuses_what_is_there() {
        let shuffle: Vec<Move> = ["b0c2", "b9c7", "c2b0", "c7b9"]
            .iter()
            .cycle()
            .take(40)
            .map(|s| mv(s))
            .collect();
        let mut t = GameTree::new(Position::new());
        let ids = t.play_line(t.root(), &shuffle).unwrap();
        assert_eq!(ids.len(), 40);
        assert_eq!(t.moves_to(ids[39]), shuffle);
        assert_eq!(t.play_line(t.root(), &shuffle[..2]).unwrap(), ids[..2]);
        assert_eq!(t.move_count(), 40, "the same line again adds nothing");
        assert!(t.play_line(t.root(), &[mv("b0c2"), mv("a0a5")]).is_err());
        assert_eq!(t.move_count(), 40, "nothing after the refused move");
    }

    #[test]
    fn glyphs_and_nags() {
        for n in 1..=6 {
            let glyph = Nag(n).glyph().unwrap();
            assert_eq!(Nag::from_glyph(glyph), Some(Nag(n)));
        }
        assert_eq!(Nag(7).glyph(), None);
        assert_eq!(Nag::from_glyph("!!!"), None);
    }
}
