//! One game at the table: every line of it as a tree with its tags, the line being
//! followed through the tree (its moves are the [`Game`] the rules referee, the clock
//! times and the engine sees), and which ply of it is shown.

use std::time::Duration;

use super::timing::{self, Timing};
use crate::rules::record::GameRecord;
use crate::rules::tree::{GameTree, Nag, NodeId};
use crate::rules::{Game, Move, Outcome};

/// A game, what annotates it, and where the player is in it.
#[derive(Clone, Debug)]
pub(super) struct Table {
    pub(super) tree: GameTree,
    /// The record's tags (players, event, result…), every one kept in file order.
    pub(super) tags: Vec<(String, String)>,
    /// The line followed: the path from the first move to its end node. `game` plays
    /// exactly its moves.
    pub(super) line: Vec<NodeId>,
    pub(super) game: Game,
    pub(super) timing: Option<Timing>,
    /// The ply shown while looking back along the line; `None` shows its end.
    pub(super) review: Option<usize>,
    /// A result by time, resignation or agreement, and the node it was given at.
    pub(super) declared: Option<(NodeId, Outcome)>,
}

/// What annotates a move: its comments and glyphs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// Said before the move.
    pub before: String,
    /// Said after it (the comment box's text).
    pub after: String,
    /// Its glyphs.
    pub nags: Vec<Nag>,
}

impl Default for Table {
    fn default() -> Table {
        Table::from_game(Game::new())
    }
}

impl Table {
    /// A table of `game`'s played moves, untimed, without tags.
    pub(super) fn from_game(game: Game) -> Table {
        let mut tree = GameTree::new(game.start().clone());
        let moves: Vec<Move> = game.moves().collect();
        let root = tree.root();
        // The game played them: they are legal.
        let line = tree.play_line(root, &moves).unwrap_or_default();
        let end = line.last().copied().unwrap_or(root);
        Table {
            declared: game.declared().map(|o| (end, o)),
            tree,
            tags: Vec::new(),
            line,
            game,
            timing: None,
            review: None,
        }
    }

    /// A record's table: all its lines, notes and tags; its main line followed; with a
    /// `TimeControl` tag its clocks, stopped.
    pub(super) fn from_record(mut record: GameRecord) -> Table {
        let timing = timing::control_of(&record).map(|c| Timing::from_record(&record, c));
        // Taken in by the clock; written again from it with the record.
        record.tags.retain(|(k, _)| k != timing::READINGS);
        // The readers check every line; a record built by hand may still have an illegal
        // variation, and then its main line is kept.
        let tree = GameTree::from_record(&record).unwrap_or_else(|_| {
            let mut plain = record.clone();
            plain.variations.clear();
            GameTree::from_record(&plain)
                .unwrap_or_else(|_| Table::from_game(record.game.clone()).tree)
        });
        let line = tree.main_line();
        let end = line.last().copied().unwrap_or(tree.root());
        Table {
            declared: record.game.declared().map(|o| (end, o)),
            tree,
            tags: record.tags,
            line,
            game: record.game,
            timing,
            review: None,
        }
    }

    /// The line's last node.
    pub(super) fn end(&self) -> NodeId {
        self.line.last().copied().unwrap_or(self.tree.root())
    }

    /// How many plies of the line are shown.
    pub(super) fn shown_ply(&self) -> usize {
        self.review.unwrap_or(self.line.len())
    }

    /// The node shown.
    pub(super) fn cursor(&self) -> NodeId {
        match self.shown_ply() {
            0 => self.tree.root(),
            p => self.line[p - 1],
        }
    }

    /// Follows the line through `to`: the path to it and, if `extend`, on along first
    /// children. The game, its clock and a declared result follow; what is shown stays
    /// if it is on the new line, else the new line's end is.
    pub(super) fn follow(&mut self, to: NodeId, extend: bool) {
        if !self.tree.contains(to) {
            return;
        }
        let mut line = self.tree.path(to);
        line.remove(0);
        if extend {
            line.extend(self.tree.main_line_from(to));
        }
        if line == self.line {
            return;
        }
        let keep = self
            .line
            .iter()
            .zip(&line)
            .take_while(|(a, b)| a == b)
            .count();
        while self.game.ply_count() > keep {
            self.game.take_back();
        }
        for &id in &line[keep..] {
            if let Some(m) = self.tree.node(id).mv() {
                // The tree holds legal moves only.
                let _ = self.game.play_on(m);
            }
        }
        self.line = line;
        if let Some((at, outcome)) = self.declared
            && at == self.end()
            && self.game.outcome().is_none()
        {
            let _ = self.game.declare(outcome);
        }
        if let Some(t) = &mut self.timing {
            let clocks: Vec<Option<Duration>> = self.line[keep..]
                .iter()
                .map(|&id| self.tree.node(id).clock)
                .collect();
            t.follow(&self.game, keep, &clocks);
        }
        if self.review.is_some_and(|p| p > keep) {
            self.review = None;
        }
    }

    /// Stops the clock at the times of the game's current ply.
    pub(super) fn show_clock(&mut self) {
        if let Some(t) = &mut self.timing {
            t.show(&self.game);
        }
    }

    /// A node's comments and glyphs.
    pub(super) fn note(&self, id: NodeId) -> Note {
        let node = self.tree.node(id);
        Note {
            before: node.comment_before.clone(),
            after: node.comment_after.clone(),
            nags: node.nags.clone(),
        }
    }

    /// Sets a node's comments and glyphs; returns the old ones.
    pub(super) fn set_note(&mut self, id: NodeId, note: Note) -> Note {
        let old = self.note(id);
        let node = self.tree.node_mut(id);
        node.comment_before = note.before;
        node.comment_after = note.after;
        node.nags = note.nags;
        old
    }

    /// Shows `id`: on the line followed if it is there, else on the line through it.
    pub(super) fn show(&mut self, id: NodeId) {
        if !self.tree.contains(id) {
            return;
        }
        let depth = self.tree.depth(id);
        let on_line = depth == 0 || self.line.get(depth - 1) == Some(&id);
        if !on_line {
            self.follow(id, true);
        }
        self.review = (depth < self.line.len()).then_some(depth);
    }
}
