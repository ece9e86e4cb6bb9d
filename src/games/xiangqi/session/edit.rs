//! Walking the tree (not undoable: nothing changes) and editing it: comments, glyphs,
//! promoting and deleting lines, the game's tags (each edit undoable).

use super::{Note, Session, Step};
use crate::rules::tree::{Eval, Nag, NodeId};

impl Session {
    /// Shows `id`, following the line through it (on along its main line).
    pub fn goto(&mut self, id: NodeId) {
        self.t.show(id);
        if self.t.review.is_some() {
            self.pause();
        }
    }

    /// Goes back to `id`, an earlier node of the line followed, and ends the line there:
    /// play goes on from it, not a review (a move the tutor took back stays in the tree,
    /// off the line, until it is played again).
    pub fn take_back_to(&mut self, id: NodeId) {
        if !self.t.line.contains(&id) && id != self.t.tree.root() {
            return;
        }
        self.t.follow(id, false);
        self.t.review = None;
    }

    /// At a fork after the shown position, follows the next (`down`) or the previous
    /// line instead of the one followed. Returns whether the line changed.
    pub fn switch_line(&mut self, down: bool) -> bool {
        let t = &mut self.t;
        let ply = t.shown_ply();
        let Some(&next) = t.line.get(ply) else {
            return false;
        };
        let siblings = t.tree.node(t.cursor()).children();
        let Some(i) = siblings.iter().position(|&c| c == next) else {
            return false;
        };
        let j = if down {
            i + 1
        } else {
            match i.checked_sub(1) {
                Some(j) => j,
                None => return false,
            }
        };
        let Some(&other) = siblings.get(j) else {
            return false;
        };
        t.follow(other, true);
        t.review = Some(ply);
        true
    }

    /// The comments and glyphs of `id` (none for a node this game does not have).
    #[must_use]
    pub fn note(&self, id: NodeId) -> Note {
        if !self.t.tree.contains(id) {
            return Note::default();
        }
        self.t.note(id)
    }

    /// Sets the comment after `id` (for the root: the game's opening comment).
    /// Typing into the same comment again is one change for undo.
    pub fn set_comment(&mut self, id: NodeId, text: &str) {
        let mut note = self.t.note(id);
        if note.after == text || !self.t.tree.contains(id) {
            return;
        }
        note.after = text.to_owned();
        let old = self.t.set_note(id, note);
        let typing = matches!(self.undo.last(), Some(Step::Note(n, _)) if *n == id)
            && self.redo.is_empty()
            && self.typing == Some(id);
        if !typing {
            self.undo.push(Step::Note(id, old));
        }
        self.typing = Some(id);
        self.redo.clear();
    }

    /// The marks drawn on the position shown (kept in its comment as `[%csl …]`
    /// and `[%cal …]`, as lichess writes them).
    #[must_use]
    pub fn marks(&self) -> crate::rules::tree::marks::Marks {
        crate::rules::tree::marks::Marks::read(&self.note(self.cursor()).after).0
    }

    /// Draws `marks` on the position shown, in place of its marks; the comment's words
    /// stay. One change for undo, as a comment typed is.
    pub fn set_marks(&mut self, marks: &crate::rules::tree::marks::Marks) {
        let id = self.cursor();
        let (_, words) = crate::rules::tree::marks::Marks::read(&self.note(id).after);
        let commands = marks.write();
        let text = match (commands.is_empty(), words.is_empty()) {
            (true, _) => words,
            (false, true) => commands,
            (false, false) => format!("{commands} {words}"),
        };
        self.end_typing();
        self.set_comment(id, &text);
        self.end_typing();
    }

    /// Ends a stretch of typing: the next edit of the same comment is a change of its
    /// own.
    pub fn end_typing(&mut self) {
        self.typing = None;
    }

    /// Adds `nag` to `id`'s glyphs, or takes it away if it is there. A move has one
    /// glyph of the six (`!`, `?`, `!!`, `??`, `!?`, `?!`): another replaces it.
    pub fn toggle_nag(&mut self, id: NodeId, nag: Nag) {
        if id == self.t.tree.root() || !self.t.tree.contains(id) {
            return;
        }
        let mut note = self.t.note(id);
        if note.nags.contains(&nag) {
            note.nags.retain(|&n| n != nag);
        } else {
            if nag.glyph().is_some() {
                note.nags.retain(|n| n.glyph().is_none());
            }
            note.nags.push(nag);
        }
        let old = self.t.set_note(id, note);
        self.changed(Step::Note(id, old));
    }

    /// Makes the line through `id` the first at its fork (the main line from there, if
    /// the line around it is). Undoable.
    pub fn promote(&mut self, id: NodeId) {
        let tree = &self.t.tree;
        let first = tree
            .node(id)
            .parent()
            .and_then(|p| tree.node(p).children().first().copied());
        if first.is_none() || first == Some(id) {
            return;
        }
        let before = self.t.clone();
        self.t.tree.promote(id);
        self.changed(Step::Replace(Box::new(before)));
    }

    /// Deletes `id` and every move after it, in all lines. The board shows the move
    /// before it if it showed one of those. Undoable.
    pub fn delete_from(&mut self, id: NodeId) {
        let tree = &self.t.tree;
        let Some(parent) = tree.node(id).parent() else {
            return;
        };
        let before = self.t.clone();
        let depth = tree.depth(id);
        let on_line = self.t.line.get(depth - 1) == Some(&id);
        let shown = self.t.shown_ply();
        if on_line {
            self.t.follow(parent, false);
        }
        self.t.tree.delete(id);
        if on_line {
            // On along the parent's line, if it has one.
            self.t.follow(parent, true);
            self.t.review = Some(shown.min(depth - 1)).filter(|&p| p < self.t.line.len());
        }
        self.t.show_clock();
        self.changed(Step::Replace(Box::new(before)));
    }

    /// Sets the game's tags (players, event, date, site, round, result…). Undoable.
    pub fn set_tags(&mut self, tags: Vec<(String, String)>) {
        if tags == self.t.tags {
            return;
        }
        let before = self.t.clone();
        self.t.tags = tags;
        self.changed(Step::Replace(Box::new(before)));
    }

    /// Records `step` as the last change.
    /// An engine's review of a line: each node's evaluation, and its mark (`?!`, `?`,
    /// `??`) in place of any mark a review gave before; a glyph of the player's own
    /// (`!`, `!!`, `!?`) stays. Like clock readings, evaluations are not undone.
    pub fn annotate(&mut self, review: &[(NodeId, Eval, Option<Nag>)]) {
        const MARKS: [Nag; 3] = [Nag(2), Nag(4), Nag(6)];
        for &(id, eval, mark) in review {
            if id == self.t.tree.root() || !self.t.tree.contains(id) {
                continue;
            }
            let node = self.t.tree.node_mut(id);
            node.eval = Some(eval);
            let own = node
                .nags
                .iter()
                .any(|n| n.glyph().is_some() && !MARKS.contains(n));
            node.nags.retain(|n| !MARKS.contains(n));
            if let Some(mark) = mark.filter(|_| !own) {
                node.nags.push(mark);
            }
        }
    }

    fn changed(&mut self, step: Step) {
        self.undo.push(step);
        self.redo.clear();
        self.typing = None;
    }
}
