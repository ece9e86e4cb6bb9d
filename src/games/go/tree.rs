//! The record as a tree and the move shown on it. A move played where the tree has it
//! walks there, anywhere else it begins a variation. ← and → walk the line remembered
//! (→ after ← comes back the same way); Ctrl+Z takes back the move shown, and when that
//! move was played here and holds nothing else its node leaves the tree, while the line
//! remembers it for Ctrl+Y until another move is played. A comment belongs to the move
//! shown.

use super::Session;
use crate::go::sgf::{Node, SgfGame};
use crate::go::{Color, Move};

impl Session {
    /// The node shown.
    #[must_use]
    pub fn node(&self) -> usize {
        self.line[self.at]
    }

    /// The tree.
    #[must_use]
    pub fn record(&self) -> &SgfGame {
        &self.record
    }

    /// The nodes from the root to the one shown.
    #[must_use]
    pub fn line(&self) -> &[usize] {
        &self.line[..=self.at]
    }

    /// Whether the move shown is the last of the line: nothing taken back or walked
    /// back from lies ahead (where the game goes on and its clock runs).
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.at + 1 == self.line.len()
    }

    /// The child of the node shown that plays `mv`, if the tree has it.
    fn child_with(&self, mv: Move) -> Option<usize> {
        self.record.nodes[self.node()]
            .children
            .iter()
            .copied()
            .find(|&c| self.record.nodes[c].mv.is_some_and(|(_, m)| m == mv))
    }

    /// Whether the line's next node hangs in the tree (a move Ctrl+Z took out does not).
    fn next_in_tree(&self) -> bool {
        self.line
            .get(self.at + 1)
            .is_none_or(|n| self.record.nodes[self.node()].children.contains(n))
    }

    /// The line beyond the node shown is forgotten (another move was played there); the
    /// moves Ctrl+Z took out of the tree go from the record for good.
    fn forget_ahead(&mut self) {
        let gone = self.line.split_off(self.at + 1);
        let mut parent = self.node();
        let mut out = Vec::new();
        for &node in &gone {
            if !self.record.nodes[parent].children.contains(&node) {
                out.push(node);
            }
            parent = node;
        }
        // Nothing points at them: those at the record's end leave it (the others stay
        // unreachable, never written).
        while let Some(last) = self.record.nodes.len().checked_sub(1)
            && out.contains(&last)
        {
            self.record.nodes.pop();
            self.made.retain(|&m| m != last);
        }
    }

    /// A move just played on the game: the record walks to it, or grows it.
    pub(super) fn grow(&mut self, mv: Move) {
        let next = self.line.get(self.at + 1).copied();
        if let Some(next) = next
            && self.record.nodes[next].mv.is_some_and(|(_, m)| m == mv)
        {
            self.put_back(next);
            self.at += 1;
            return;
        }
        self.forget_ahead();
        let node = self.child_with(mv).unwrap_or_else(|| {
            let color: Color = !self.game.position().to_move();
            let (id, parent) = (self.record.nodes.len(), self.node());
            self.record.nodes.push(Node {
                mv: Some((color, mv)),
                ..Node::default()
            });
            self.record.nodes[parent].children.push(id);
            self.made.push(id);
            id
        });
        self.line.push(node);
        self.at += 1;
    }

    /// `child` of the node shown hangs in the tree again (after Ctrl+Z took it out).
    fn put_back(&mut self, child: usize) {
        let parent = self.node();
        if !self.record.nodes[parent].children.contains(&child) {
            self.record.nodes[parent].children.push(child);
        }
    }

    /// Goes to the line's next node, its move played as the file gives it.
    fn follow(&mut self) -> bool {
        let child = self.line[self.at + 1];
        if let Some((color, mv)) = self.record.nodes[child].mv
            && self.game.play_as(color, mv).is_err()
        {
            return false;
        }
        // A node without a move (a comment, a setup we do not replay) is walked to.
        self.at += 1;
        true
    }

    /// One node back along the line, the line kept (←; → comes back to it). Whether
    /// there was one.
    pub fn back(&mut self) -> bool {
        if self.at == 0 {
            return false;
        }
        if self.record.nodes[self.node()].mv.is_some() {
            self.game.undo();
        }
        self.at -= 1;
        self.after_walk();
        true
    }

    /// Takes back the move shown (Ctrl+Z): its node leaves the tree when it was played
    /// here and holds nothing else. Whether a move was taken back.
    pub(super) fn take_back(&mut self) -> bool {
        let node = self.node();
        let n = &self.record.nodes[node];
        let moved = n.mv.is_some();
        let bare = self.made.contains(&node) && n.children.is_empty() && n.comment.is_empty();
        if !self.back() {
            return false;
        }
        if bare {
            let parent = self.node();
            self.record.nodes[parent].children.retain(|&c| c != node);
        }
        moved
    }

    /// One node forward (→): the line's next, else the first variation. A move Ctrl+Z
    /// took out comes back into the tree. Whether there was one.
    pub fn forward(&mut self) -> bool {
        if self.at_end() {
            let Some(&child) = self.record.nodes[self.node()].children.first() else {
                return false;
            };
            self.line.push(child);
        }
        self.put_back(self.line[self.at + 1]);
        let ok = self.follow();
        self.after_walk();
        ok
    }

    /// Ctrl+Y's move: the line's next, played again as the player's own (the clock
    /// hands over) when Ctrl+Z had taken it out, else walked to.
    pub(super) fn forward_again(&mut self) {
        let again = !self.at_end() && !self.next_in_tree();
        let mover = self.game.position().to_move();
        if self.forward() && again {
            self.clock_moved(mover);
        }
    }

    /// To the start or the end of the line.
    pub fn walk_to_end(&mut self, end: bool) {
        if end {
            while self.forward() {}
        } else {
            while self.back() {}
        }
    }

    /// The node shown's brothers (the moves that could have been played instead), and
    /// which of them it is.
    #[must_use]
    pub fn variations(&self) -> (Vec<usize>, usize) {
        if self.at == 0 {
            return (Vec::new(), 0);
        }
        let children = self.record.nodes[self.line[self.at - 1]].children.clone();
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
        self.forget_ahead();
        self.line.push(sibling);
        if !self.follow() {
            self.line.pop();
        }
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

    /// Makes the node shown its parent's first child: the line of the game from there.
    pub fn promote_shown(&mut self) {
        let node = self.node();
        let Some(parent) = self.line.get(self.at.wrapping_sub(1)).copied() else {
            return;
        };
        let children = &mut self.record.nodes[parent].children;
        if let Some(i) = children.iter().position(|&c| c == node) {
            let n = children.remove(i);
            children.insert(0, n);
        }
    }

    /// The marks on the position shown (SGF's `CR`, `TR`, `SQ`, `MA`, `LB`, `AR`, `LN`).
    #[must_use]
    pub fn markup(&self) -> crate::go::markup::Markup {
        crate::go::markup::Markup::of(&self.record.nodes[self.node()], self.size())
    }

    /// Draws `markup` on the position shown, in place of its marks.
    pub fn set_markup(&mut self, markup: &crate::go::markup::Markup) {
        let node = self.node();
        markup.write_into(&mut self.record.nodes[node]);
    }

    /// The count follows the position walked to; the clock waits for a move.
    fn after_walk(&mut self) {
        self.clock_stop();
        self.counting = None;
        self.result = None;
        self.said = None;
        self.follow_passes();
    }

    /// The moves of the line to the node shown, numbered: `(ply, side, move)`.
    #[must_use]
    pub fn line_moves(&self) -> Vec<(usize, Color, Move)> {
        self.line()
            .iter()
            .filter_map(|&n| self.record.nodes[n].mv)
            .enumerate()
            .map(|(i, (c, m))| (i + 1, c, m))
            .collect()
    }

    /// Every move of the line remembered, the ones ahead of the node shown too: its
    /// node, its number (from 1), who played it and what.
    #[must_use]
    pub fn whole_line(&self) -> Vec<(usize, usize, Color, Move)> {
        self.line
            .iter()
            .filter_map(|&n| self.record.nodes[n].mv.map(|(c, m)| (n, c, m)))
            .enumerate()
            .map(|(i, (n, c, m))| (n, i + 1, c, m))
            .collect()
    }

    /// Shows `node` (a click on a move of the record): on the line remembered it walks
    /// there and keeps the line; elsewhere in the tree the line turns into the one
    /// through it. Whether it is shown.
    pub fn go_to(&mut self, node: usize) -> bool {
        if let Some(i) = self.line.iter().position(|&n| n == node) {
            while self.at > i && self.back() {}
            while self.at < i && self.forward() {}
            return self.at == i;
        }
        let Some(path) = self.path_to(node) else {
            return false;
        };
        // Back to where the two lines part, then along the new one.
        let keep = self
            .line
            .iter()
            .zip(&path)
            .take_while(|(a, b)| a == b)
            .count();
        while self.at + 1 > keep && self.back() {}
        self.forget_ahead();
        for &n in &path[self.at + 1..] {
            self.line.push(n);
            if !self.follow() {
                self.line.pop();
                break;
            }
        }
        self.after_walk();
        self.node() == node
    }

    /// The forks of the line remembered: each of its nodes whose parent has other
    /// children, with those (the variations beside it), in the tree's order.
    #[must_use]
    pub fn line_forks(&self) -> Vec<(usize, Vec<usize>)> {
        self.line
            .windows(2)
            .filter_map(|pair| {
                let others: Vec<usize> = self.record.nodes[pair[0]]
                    .children
                    .iter()
                    .copied()
                    .filter(|&c| c != pair[1])
                    .collect();
                (!others.is_empty()).then(|| (pair[1], others))
            })
            .collect()
    }

    /// The nodes from the root to `node`, if the tree holds it.
    fn path_to(&self, node: usize) -> Option<Vec<usize>> {
        let mut stack = vec![(self.record.root(), 0)];
        let mut path: Vec<usize> = Vec::new();
        while let Some((n, depth)) = stack.pop() {
            path.truncate(depth);
            path.push(n);
            if n == node {
                return Some(path);
            }
            for &child in self.record.nodes.get(n)?.children.iter().rev() {
                stack.push((child, depth + 1));
            }
        }
        None
    }
}
