//! The game as a player handles it: moves, undo/redo that also reaches "new game",
//! load and import and the end of a game by time, resignation or agreement, the game
//! clock, and reviewing earlier positions without losing the game.
//!
//! Pure Rust, no Bevy: the GUI keeps one [`Session`] in a resource and only translates
//! clicks and keys into calls on it, and passes it the time that went by.

use std::time::Duration;

use crate::rules::record::GameRecord;
use crate::rules::tree::{GameTree, NodeId};
use crate::rules::{Color, Controls, Game, Move, Outcome, Piece, PlayError, Position};

pub use crate::clock;
mod edit;
mod snapshot;
mod stack;
mod table;
mod timing;

pub use snapshot::SnapshotError;
use stack::Stack;
pub use table::Note;
use table::Table;
use timing::Timing;

/// One undoable step.
#[derive(Clone, Debug)]
enum Step {
    /// A move played after `parent` (`None` in autosaves older than the tree: after
    /// the end of the line). `back`: when the move began a variation, the end of the
    /// line followed before and the ply then shown.
    Move {
        mv: Move,
        parent: Option<NodeId>,
        back: Option<(NodeId, Option<usize>)>,
    },
    /// The whole table was replaced (new game, load, import, or an edit of the tree or
    /// the tags); holds the other one.
    Replace(Box<Table>),
    /// A node's comments or glyphs changed; holds the other ones.
    Note(NodeId, Note),
    /// The game was ended by time, resignation or agreement (at this node, when known).
    Declare(Outcome, Option<NodeId>),
}

/// What an undo or redo did, for the view to animate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was taken back (undo) or played again (redo).
    Move(Move),
    /// The whole game was swapped, or its tree edited.
    Replaced,
    /// A result by time, resignation or agreement was taken back or given again.
    Result(Outcome),
    /// A comment or glyph was put back.
    Noted,
}

/// The game in play plus everything needed to take actions back.
#[derive(Clone, Debug, Default)]
pub struct Session {
    t: Table,
    undo: Stack,
    redo: Stack,
    /// A draw offered by this side, open until the next move.
    offer: Option<Color>,
    /// The comment being typed into: its edits are one change.
    typing: Option<NodeId>,
}

/// Why a move was not played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The rules refuse it (illegal, or the game is over).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// There is no draw offer to accept.
    #[error("no draw has been offered")]
    NoOffer,
}

impl Session {
    /// A session with a new game.
    #[must_use]
    pub fn new() -> Session {
        Session::default()
    }

    /// The line followed through the game, as a game: what the rules, the clock and
    /// the engine see.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.t.game
    }

    /// Every line of the game, with its comments and glyphs.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.t.tree
    }

    /// The node shown on the board.
    #[must_use]
    pub fn cursor(&self) -> NodeId {
        self.t.cursor()
    }

    /// The nodes of the line followed, from the first move to its end.
    #[must_use]
    pub fn line(&self) -> &[NodeId] {
        &self.t.line
    }

    /// The game's tags (players, event, date, result…), in file order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.t.tags
    }

    /// The position on the board: the reviewed one, or the current one.
    #[must_use]
    pub fn shown_position(&self) -> &Position {
        self.t.game.position_at(self.shown_ply())
    }

    /// The ply on the board (equal to the game's ply count unless reviewing).
    #[must_use]
    pub fn shown_ply(&self) -> usize {
        self.t.shown_ply()
    }

    /// The move that led to the shown position, if any.
    #[must_use]
    pub fn shown_last_move(&self) -> Option<Move> {
        self.t.tree.node(self.cursor()).mv()
    }

    /// The opening (ECCO) of the line up to the shown position, for a game from the
    /// usual start.
    #[must_use]
    pub fn opening(&self) -> Option<crate::rules::opening::Opening> {
        if *self.t.game.start() != Position::new() {
            return None;
        }
        let moves: Vec<Move> = self.t.game.moves().take(self.shown_ply()).collect();
        crate::rules::opening::classify(&moves)
    }

    /// The pieces taken up to the shown position, by their side (red's first).
    #[must_use]
    pub fn captured(&self) -> [Vec<Piece>; 2] {
        let mut taken = [Vec::new(), Vec::new()];
        for (i, m) in self.t.game.moves().take(self.shown_ply()).enumerate() {
            if let Some(p) = self.t.game.position_at(i).capture(m) {
                taken[p.color.index()].push(p);
            }
        }
        taken
    }

    /// Whether an earlier position is shown.
    #[must_use]
    pub fn is_reviewing(&self) -> bool {
        self.t.review.is_some()
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.t.game.outcome()
    }

    /// Plays `m` in the shown position. Where the tree already has that move it goes
    /// there (nothing changes); otherwise the move is added: at the end of the line it
    /// lengthens it, anywhere else it begins a variation.
    pub fn play(&mut self, m: Move) -> Result<(), SessionError> {
        let t = &mut self.t;
        let at = t.cursor();
        let ply = t.shown_ply();
        if let Some(child) = t.tree.child_with(at, m) {
            if t.line.get(ply) != Some(&child) {
                t.follow(child, true);
            }
            t.review = (ply + 1 < t.line.len()).then_some(ply + 1);
            self.offer = None;
            return Ok(());
        }
        // The rules judge the move where it is played, with the game's history up to
        // there (repetitions, perpetual checks): nothing changes when they refuse it.
        let mut judged = t.game.clone();
        while judged.ply_count() > ply {
            judged.undo();
        }
        let mover = judged.position().turn();
        judged.play(m)?;
        let node = t.tree.play(at, m).map_err(PlayError::from)?;
        // The line now ends at the move: from the position shown it is a new variation.
        let back = (at != t.end()).then_some((t.end(), t.review));
        if back.is_some() {
            t.follow(at, false);
            t.review = None;
        }
        t.game = judged;
        t.line.push(node);
        if let Some(timing) = &mut t.timing {
            timing.moved(mover, t.game.ply_count(), t.game.outcome().is_some());
            t.tree.node_mut(node).clock = Some(timing.clock.left(mover));
        }
        self.undo.push(Step::Move {
            mv: m,
            parent: Some(at),
            back,
        });
        self.redo.clear();
        self.offer = None;
        self.typing = None;
        Ok(())
    }

    /// Replaces the game (new game, load, import), untimed: undoable like a move.
    pub fn replace(&mut self, game: Game) {
        self.replace_table(Table::from_game(game));
    }

    /// Replaces the game with a record's, every line, comment and tag of it
    /// (undoable). A record with a `TimeControl` tag brings its clocks (from its
    /// `[%clk]` readings), stopped.
    pub fn replace_record(&mut self, record: GameRecord) {
        self.replace_table(Table::from_record(record));
    }

    fn replace_table(&mut self, table: Table) {
        let old = std::mem::replace(&mut self.t, table);
        self.undo.push(Step::Replace(Box::new(old)));
        self.redo.clear();
        self.offer = None;
    }

    /// Starts a new game from the standard position (undoable), untimed.
    pub fn new_game(&mut self) {
        self.new_game_with(None);
    }

    /// Starts a new game (undoable) with `control` on the clock, if any (one for both
    /// sides, or each side's): red's time runs at once.
    pub fn new_game_with(&mut self, control: Option<Controls>) {
        self.new_game_from(Position::new(), control, Vec::new());
    }

    /// A new game from `start` (a handicap's), on `control`'s clock, with `tags` (the
    /// players' names). Undoable.
    pub fn new_game_from(
        &mut self,
        start: Position,
        control: Option<Controls>,
        tags: Vec<(String, String)>,
    ) {
        let mut table = Table::from_game(Game::from_position(start));
        table.tags = tags;
        table.timing = control.map(|c| {
            let mut t = Timing::new(c, &table.game);
            t.clock.resume();
            t
        });
        self.replace_table(table);
    }

    /// Undo for a player facing the computer on `computer`'s side (`None`: two
    /// players, a plain undo): a move taken back that leaves the computer to move takes
    /// the player's move before it back too, so the player is to move again. Returns
    /// the first change.
    pub fn undo_against(&mut self, computer: Option<Color>) -> Option<Change> {
        let change = self.undo()?;
        if matches!(change, Change::Move(_))
            && computer == Some(self.t.game.position().turn())
            && matches!(self.undo.last(), Some(Step::Move { .. }))
        {
            self.undo();
        }
        Some(change)
    }

    /// Redo for a player facing the computer: the computer's reply comes back with the
    /// player's move.
    pub fn redo_against(&mut self, computer: Option<Color>) -> Option<Change> {
        let change = self.redo()?;
        if matches!(change, Change::Move(_))
            && computer == Some(self.t.game.position().turn())
            && matches!(self.redo.last(), Some(Step::Move { .. }))
        {
            self.redo();
        }
        Some(change)
    }

    /// Takes back the last change, if any: a move, a variation, an edit, a new game.
    /// Walking the tree is not a change. The clock stops at the times it showed then.
    pub fn undo(&mut self) -> Option<Change> {
        let step = self.undo.pop()?;
        let (change, back) = self.apply(step, true);
        self.redo.push(back);
        Some(change)
    }

    /// Redoes the last undone change, if any. The clock stops.
    pub fn redo(&mut self) -> Option<Change> {
        let step = self.redo.pop()?;
        let (change, back) = self.apply(step, false);
        self.undo.push(back);
        Some(change)
    }

    /// Applies `step` backward (undo) or forward (redo) and returns its inverse.
    fn apply(&mut self, step: Step, backward: bool) -> (Change, Step) {
        self.offer = None;
        self.typing = None;
        let t = &mut self.t;
        let result = match step {
            Step::Move { mv, parent, back } if backward => {
                // The node the move made: after its parent, or the line's end.
                let node = parent
                    .and_then(|p| t.tree.child_with(p, mv))
                    .unwrap_or(t.end());
                t.follow(node, false);
                t.review = None;
                if t.tree.node(node).mv() == Some(mv) && t.tree.unplay(node) {
                    t.game.take_back();
                    t.line.pop();
                }
                if let Some((end, review)) = back {
                    t.follow(end, false);
                    t.review = review;
                }
                (Change::Move(mv), Step::Move { mv, parent, back })
            }
            Step::Move { mv, parent, back } => {
                let at = parent.filter(|&p| t.tree.contains(p)).unwrap_or(t.end());
                t.follow(at, false);
                t.review = None;
                if let Ok(node) = t.tree.play(at, mv) {
                    let _ = t.game.play_on(mv);
                    t.line.push(node);
                    if let Some(timing) = &mut t.timing {
                        timing.cover(t.game.ply_count());
                    }
                }
                (Change::Move(mv), Step::Move { mv, parent, back })
            }
            Step::Replace(mut other) => {
                std::mem::swap(t, &mut *other);
                (Change::Replaced, Step::Replace(other))
            }
            Step::Note(node, note) => {
                let old = t.set_note(node, note);
                t.show(node);
                (Change::Noted, Step::Note(node, old))
            }
            Step::Declare(outcome, at) => {
                if backward {
                    if let Some((node, _)) = t.declared {
                        t.follow(node, false);
                    }
                    t.game.withdraw();
                    t.declared = None;
                } else {
                    if let Some(node) = at {
                        t.follow(node, false);
                    }
                    let _ = t.game.declare(outcome);
                    t.declared = Some((t.end(), outcome));
                }
                t.review = None;
                (Change::Result(outcome), Step::Declare(outcome, at))
            }
        };
        t.show_clock();
        result
    }

    /// Ends the game with a result the moves do not decide (undoable).
    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, SessionError> {
        let t = &mut self.t;
        // A game has one result: given on one line, it refuses another on a variation
        // played from before it until it is taken back (two overwrote each other, and
        // undo then lost the first: the autosave no longer read back).
        if let Some((_, given)) = t.declared {
            return Err(PlayError::GameOver(given).into());
        }
        t.game.declare(outcome)?;
        let at = t.end();
        t.declared = Some((at, outcome));
        self.undo.push(Step::Declare(outcome, Some(at)));
        self.redo.clear();
        self.offer = None;
        if let Some(timing) = &mut t.timing {
            timing.clock.pause();
        }
        Ok(outcome)
    }

    /// The side to move resigns (undoable).
    pub fn resign(&mut self) -> Result<Outcome, SessionError> {
        self.resign_as(self.t.game.position().turn())
    }

    /// `loser` resigns, whoever is to move (face to face each player has a button of
    /// their own: undoable).
    pub fn resign_as(&mut self, loser: Color) -> Result<Outcome, SessionError> {
        self.declare(Outcome::win(!loser, crate::rules::Termination::Resignation))
    }

    /// The side to move offers a draw; the other accepts with
    /// [`accept_draw`](Self::accept_draw), or the offer lapses at the next move.
    pub fn offer_draw(&mut self) -> Result<Color, SessionError> {
        self.offer_draw_from(self.t.game.position().turn())
    }

    /// `side` offers a draw, whoever is to move (face to face).
    pub fn offer_draw_from(&mut self, side: Color) -> Result<Color, SessionError> {
        if let Some(over) = self.t.game.outcome() {
            return Err(PlayError::GameOver(over).into());
        }
        self.offer = Some(side);
        Ok(side)
    }

    /// The side a draw offer is open from, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// Accepts the open draw offer: the game is drawn by agreement (undoable).
    pub fn accept_draw(&mut self) -> Result<Outcome, SessionError> {
        if self.offer.is_none() {
            return Err(SessionError::NoOffer);
        }
        self.declare(Outcome::draw(crate::rules::Termination::Agreement))
    }

    /// Withdraws or declines the open draw offer.
    pub fn decline_draw(&mut self) {
        self.offer = None;
    }

    /// The clock, if the game is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&clock::Clock> {
        self.t.timing.as_ref().map(|t| &t.clock)
    }

    /// Stops the clock (Space, a dialog, reviewing).
    pub fn pause(&mut self) {
        if let Some(t) = &mut self.t.timing {
            t.clock.pause();
        }
    }

    /// Lets the side to move's time run again, unless the game is over or an earlier
    /// position is shown.
    pub fn resume(&mut self) {
        if self.t.game.outcome().is_none()
            && self.t.review.is_none()
            && let Some(t) = &mut self.t.timing
        {
            t.clock.resume();
        }
    }

    /// Lets `elapsed` go by on the running clock. When the flag falls the game is lost
    /// on time (undoable) and that result is returned.
    pub fn tick(&mut self, elapsed: Duration) -> Option<Outcome> {
        let flagged = self.t.timing.as_mut()?.clock.tick(elapsed)?;
        if self.t.game.outcome().is_some() {
            return None;
        }
        self.declare(Outcome::win(!flagged, crate::rules::Termination::Timeout))
            .ok()
    }

    /// The whole game as a record: every line with its comments, glyphs and clocks,
    /// every tag, the result; with a clock, its `TimeControl` tag.
    #[must_use]
    pub fn record(&self) -> GameRecord {
        let t = &self.t;
        let mut record = t.tree.to_record();
        record.tags = t.tags.clone();
        let main_end = t.tree.main_line().last().copied().unwrap_or(t.tree.root());
        if let Some((at, outcome)) = t.declared
            && at == main_end
        {
            let _ = record.game.declare(outcome);
        }
        record.tags.retain(|(k, _)| k != timing::READINGS);
        if let Some(timing) = &t.timing {
            timing.annotate(&mut record);
            // The readings follow the line played: written when it is the record's.
            if t.line == t.tree.main_line() {
                timing.annotate_readings(&mut record, t.game.ply_count());
            }
        }
        // Its opening's code and name, where the game's own tags do not say them.
        crate::rules::opening::tag(&mut record, false);
        record
    }

    /// Whether [`undo`](Self::undo) would do something.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`redo`](Self::redo) would do something.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Shows the position after `ply` plies of the line (its end ends review). Looking
    /// back stops the clock.
    pub fn review(&mut self, ply: usize) {
        let ply = ply.min(self.t.line.len());
        self.t.review = (ply < self.t.line.len()).then_some(ply);
        if self.t.review.is_some() {
            self.pause();
        }
    }

    /// Steps the review one ply back (from the current position, starts reviewing).
    pub fn review_back(&mut self) {
        self.review(self.shown_ply().saturating_sub(1));
    }

    /// Steps the review one ply forward.
    pub fn review_forward(&mut self) {
        self.review(self.shown_ply() + 1);
    }

    /// Shows the start position.
    pub fn review_start(&mut self) {
        self.review(0);
    }

    /// Returns to the current position.
    pub fn review_end(&mut self) {
        self.t.review = None;
    }
}

#[cfg(test)]
mod tests;
