//! The Go game as a tree, as SGF holds it: every node of a file kept with its comment,
//! properties and variations; a move played where the tree has it walks there, anywhere
//! else it begins a variation. ← and → walk the line, Ctrl+Z takes back a move (and
//! drops its node when it was played here and holds nothing else), a comment belongs to
//! the move shown.

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::go::Move;
use crate::go::sgf::{Node, SgfGame};

impl GoTable {
    /// The node shown.
    #[must_use]
    pub fn node(&self) -> usize {
        *self.line.last().expect("the root at least")
    }

    /// The tree.
    #[must_use]
    pub fn record(&self) -> &SgfGame {
        &self.record
    }

    /// The nodes from the root to the one shown.
    #[must_use]
    pub fn line(&self) -> &[usize] {
        &self.line
    }

    /// The child of the node shown that plays `mv`, if the tree has it.
    fn child_with(&self, mv: Move) -> Option<usize> {
        self.record.nodes[self.node()]
            .children
            .iter()
            .copied()
            .find(|&c| self.record.nodes[c].mv.is_some_and(|(_, m)| m == mv))
    }

    /// A move just played on the game: the tree walks to it, or grows it.
    pub(super) fn grow(&mut self, mv: Move) {
        if let Some(child) = self.child_with(mv) {
            self.line.push(child);
            return;
        }
        let color = !self.game.position().to_move();
        let id = self.record.nodes.len();
        let parent = self.node();
        self.record.nodes.push(Node {
            mv: Some((color, mv)),
            ..Node::default()
        });
        self.record.nodes[parent].children.push(id);
        self.made.push(id);
        self.line.push(id);
    }

    /// Goes to `child` of the node shown, its move played as the file gives it.
    fn follow(&mut self, child: usize) -> bool {
        let Some((color, mv)) = self.record.nodes[child].mv else {
            // A node without a move (a comment, a setup we do not replay): walk on.
            self.line.push(child);
            return true;
        };
        if self.game.play_as(color, mv).is_err() {
            return false;
        }
        self.line.push(child);
        true
    }

    /// One move back along the line, the node kept (←; → comes back to it).
    pub fn step_back(&mut self) {
        if let Some(mv) = self.back() {
            self.redo.push(mv);
        }
    }

    /// One move back along the line, the node kept.
    pub fn back(&mut self) -> Option<Move> {
        if self.line.len() < 2 {
            return None;
        }
        let node = self.line.pop().expect("two at least");
        let mv = self.record.nodes[node].mv.map(|(_, m)| m);
        if mv.is_some() {
            self.game.undo();
        }
        self.after_walk();
        mv
    }

    /// Takes back the move shown (Ctrl+Z): its node goes too when it was played here and
    /// holds nothing else.
    pub(super) fn take_back(&mut self) -> Option<Move> {
        let node = self.node();
        let mv = self.back()?;
        let n = &self.record.nodes[node];
        if self.made.contains(&node) && n.children.is_empty() && n.comment.is_empty() {
            let parent = self.node();
            self.record.nodes[parent].children.retain(|&c| c != node);
            if node + 1 == self.record.nodes.len() {
                self.record.nodes.pop();
                self.made.retain(|&m| m != node);
            }
        }
        Some(mv)
    }

    /// One move forward (→): the move taken back last, else the line's next move.
    pub fn forward(&mut self) -> bool {
        if let Some(mv) = self.redo.last().copied() {
            if let Some(child) = self.child_with(mv) {
                self.redo.pop();
                let ok = self.follow(child);
                self.after_walk();
                return ok;
            }
            self.redo_move();
            return true;
        }
        let Some(&child) = self.record.nodes[self.node()].children.first() else {
            return false;
        };
        let ok = self.follow(child);
        self.after_walk();
        ok
    }

    /// To the start or the end of the line.
    pub fn walk_to_end(&mut self, end: bool) {
        if end {
            while self.forward() {}
        } else {
            while let Some(mv) = self.back() {
                self.redo.push(mv);
            }
        }
    }

    /// The node shown's brothers (the moves that could have been played instead), and
    /// which of them it is.
    #[must_use]
    pub fn variations(&self) -> (Vec<usize>, usize) {
        let Some(&parent) = self.line.iter().rev().nth(1) else {
            return (Vec::new(), 0);
        };
        let children = self.record.nodes[parent].children.clone();
        let at = children.iter().position(|&c| c == self.node()).unwrap_or(0);
        (children, at)
    }

    /// Shows `sibling`, a brother of the node shown.
    pub fn switch_to(&mut self, sibling: usize) {
        let (siblings, _) = self.variations();
        if !siblings.contains(&sibling) || sibling == self.node() {
            return;
        }
        self.back();
        self.redo.clear();
        self.follow(sibling);
        self.after_walk();
    }

    /// The comment of the move shown.
    #[must_use]
    pub fn comment(&self) -> &str {
        &self.record.nodes[self.node()].comment
    }

    /// Writes the comment of the move shown.
    pub fn set_comment(&mut self, text: String) {
        let node = self.node();
        self.record.nodes[node].comment = text;
    }

    /// The count follows the position walked to; the clock waits for a move.
    fn after_walk(&mut self) {
        self.clock_stop();
        self.counting = None;
        self.result = None;
        self.said = None;
        self.follow_passes();
    }

    /// The game's moves as the tree numbers them: `(ply, move)` of the line shown.
    #[must_use]
    pub fn line_moves(&self) -> Vec<(usize, crate::go::Color, Move)> {
        self.line
            .iter()
            .filter_map(|&n| self.record.nodes[n].mv)
            .enumerate()
            .map(|(i, (c, m))| (i + 1, c, m))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::go::GoSetup;
    use crate::go::Point;

    fn at(name: &str) -> Move {
        Move::Play(Point::from_gtp(name, 9).unwrap())
    }

    #[test]
    fn a_variation_is_kept_a_comment_too_and_a_bare_move_taken_back_goes() {
        let mut t = GoTable::new(GoSetup::of(9, 0));
        for m in ["E5", "C3", "G7"] {
            assert!(t.play(at(m)));
        }
        t.set_comment("the main line".into());
        t.back();
        t.back();
        // Another move where C3 was: a variation beside it.
        assert!(t.play(at("D3")));
        let (siblings, index) = t.variations();
        assert_eq!((siblings.len(), index), (2, 1));
        // Ctrl+Z: D3 was played here and holds nothing: it goes; Ctrl+Y plays it again.
        t.undo();
        assert_eq!(t.record().nodes[t.node()].children.len(), 1);
        t.redo();
        assert_eq!(t.game.moves().len(), 2);
        assert_eq!(t.variations().0.len(), 2);
        t.undo();
        // C3 played again walks into the main line: the rest is all there, the comment
        // too.
        assert!(t.play(at("C3")));
        assert_eq!(t.variations().0.len(), 1);
        t.walk_to_end(true);
        assert_eq!(t.game.moves().len(), 3);
        assert_eq!(t.comment(), "the main line");
        let written = crate::go::sgf::write(&t.to_file());
        assert!(written.contains("C[the main line]"), "{written}");
        // A commented move is kept when taken back; → walks to it again.
        t.undo();
        assert_eq!(t.game.moves().len(), 2);
        t.forward();
        assert_eq!(t.comment(), "the main line");
    }
}
