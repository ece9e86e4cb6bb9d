//! The game as a player handles it: moves, undo/redo that also reaches "new game",
//! load and import and the end of a game by time, resignation or agreement, the game
//! clock, and reviewing earlier positions without losing the game.
//!
//! Pure Rust, no Bevy: the GUI keeps one [`Session`] in a resource and only translates
//! clicks and keys into calls on it, and passes it the time that went by.

use std::time::Duration;

use crate::rules::{Color, Game, Move, Outcome, Piece, PlayError, Position, TimeControl};

pub mod clock;
mod snapshot;
mod timing;

use clock::Clock;
pub use snapshot::SnapshotError;
use timing::Timing;

/// A game with its clock, if it is timed.
#[derive(Clone, Debug, Default)]
struct Table {
    game: Game,
    timing: Option<Timing>,
}

/// One undoable step.
#[derive(Clone, Debug)]
enum Step {
    /// A move of the current game.
    Move(Move),
    /// The whole game was replaced (new game, load, import); holds the other one.
    Replace(Box<Table>),
    /// The game was ended by time, resignation or agreement.
    Declare(Outcome),
}

/// An undo or redo list, with the snapshot text of its steps made once per step: the
/// autosave after each move costs the same after fifty games as after one (see
/// [`to_snapshot`](Session::to_snapshot)).
#[derive(Debug, Default)]
struct Stack {
    steps: Vec<Step>,
    /// The text of the bottom steps, extended when a snapshot is made and cut back when
    /// steps are popped. Behind a mutex because a snapshot only reads the session.
    rendered: std::sync::Mutex<Rendered>,
}

#[derive(Clone, Debug, Default)]
struct Rendered {
    text: String,
    /// Where each rendered step's line ends in `text`.
    ends: Vec<usize>,
}

impl Clone for Stack {
    fn clone(&self) -> Stack {
        Stack {
            steps: self.steps.clone(),
            rendered: std::sync::Mutex::new(
                self.rendered.lock().map(|r| r.clone()).unwrap_or_default(),
            ),
        }
    }
}

impl Stack {
    fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    fn pop(&mut self) -> Option<Step> {
        let step = self.steps.pop()?;
        self.forget_from(self.steps.len());
        Some(step)
    }

    fn clear(&mut self) {
        self.steps.clear();
        self.forget_from(0);
    }

    fn last(&self) -> Option<&Step> {
        self.steps.last()
    }

    fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Drops the text of steps `n` and above.
    fn forget_from(&mut self, n: usize) {
        let rendered = self
            .rendered
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if rendered.ends.len() > n {
            rendered.ends.truncate(n);
            rendered
                .text
                .truncate(rendered.ends.last().copied().unwrap_or(0));
        }
    }

    /// Appends every step's line to `out`, making only the lines not made before.
    fn render(&self, out: &mut String, line: impl Fn(&Step) -> String) {
        let mut rendered = self
            .rendered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for step in &self.steps[rendered.ends.len()..] {
            let text = line(step);
            rendered.text.push_str(&text);
            let end = rendered.text.len();
            rendered.ends.push(end);
        }
        out.push_str(&rendered.text);
    }
}

/// What an undo or redo did, for the view to animate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was taken back (undo) or played again (redo).
    Move(Move),
    /// The whole game was swapped.
    Replaced,
    /// A result by time, resignation or agreement was taken back or given again.
    Result(Outcome),
}

/// The game in play plus everything needed to take actions back.
#[derive(Clone, Debug, Default)]
pub struct Session {
    game: Game,
    timing: Option<Timing>,
    undo: Stack,
    redo: Stack,
    /// The ply being looked at while reviewing; `None` follows the game.
    review: Option<usize>,
    /// A draw offered by this side, open until the next move.
    offer: Option<Color>,
}

/// Why a move was not played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The rules refuse it (illegal, or the game is over).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The player is looking at an earlier position; moving there would cut the game.
    #[error("you are reviewing an earlier position; return to the current one to move")]
    Reviewing,
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

    /// The game in play.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position on the board: the reviewed one, or the current one.
    #[must_use]
    pub fn shown_position(&self) -> &Position {
        self.game.position_at(self.shown_ply())
    }

    /// The ply on the board (equal to the game's ply count unless reviewing).
    #[must_use]
    pub fn shown_ply(&self) -> usize {
        self.review.unwrap_or(self.game.ply_count())
    }

    /// The move that led to the shown position, if any.
    #[must_use]
    pub fn shown_last_move(&self) -> Option<Move> {
        let ply = self.shown_ply();
        (ply > 0).then(|| self.game.moves().nth(ply - 1)).flatten()
    }

    /// The pieces taken up to the shown position, by their side (red's first).
    #[must_use]
    pub fn captured(&self) -> [Vec<Piece>; 2] {
        let mut taken = [Vec::new(), Vec::new()];
        for (i, m) in self.game.moves().take(self.shown_ply()).enumerate() {
            if let Some(p) = self.game.position_at(i).capture(m) {
                taken[p.color.index()].push(p);
            }
        }
        taken
    }

    /// Whether an earlier position is shown.
    #[must_use]
    pub fn is_reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Plays `m` in the current position.
    pub fn play(&mut self, m: Move) -> Result<(), SessionError> {
        if self.review.is_some() {
            return Err(SessionError::Reviewing);
        }
        let mover = self.game.position().turn();
        self.game.play(m)?;
        if let Some(t) = &mut self.timing {
            t.moved(mover, self.game.ply_count(), self.game.outcome().is_some());
        }
        self.undo.push(Step::Move(m));
        self.redo.clear();
        self.offer = None;
        Ok(())
    }

    /// Replaces the game (new game, load, import), untimed: undoable like a move.
    pub fn replace(&mut self, game: Game) {
        self.replace_table(Table { game, timing: None });
    }

    /// Replaces the game with a record's (undoable). A record with a `TimeControl` tag
    /// brings its clocks (from its `[%clk]` readings), stopped.
    pub fn replace_record(&mut self, record: crate::rules::record::GameRecord) {
        let timing = timing::control_of(&record).map(|c| Timing::from_record(&record, c));
        self.replace_table(Table {
            game: record.game,
            timing,
        });
    }

    fn replace_table(&mut self, table: Table) {
        let old = Table {
            game: std::mem::replace(&mut self.game, table.game),
            timing: std::mem::replace(&mut self.timing, table.timing),
        };
        self.undo.push(Step::Replace(Box::new(old)));
        self.redo.clear();
        self.review = None;
        self.offer = None;
    }

    /// Starts a new game from the standard position (undoable), untimed.
    pub fn new_game(&mut self) {
        self.new_game_with(None);
    }

    /// Starts a new game (undoable) with `control` on the clock, if any: red's time
    /// runs at once.
    pub fn new_game_with(&mut self, control: Option<TimeControl>) {
        let game = Game::new();
        let timing = control.map(|c| {
            let mut t = Timing::new(c, &game);
            t.clock.resume();
            t
        });
        self.replace_table(Table { game, timing });
    }

    /// Undo for a player facing the computer on `computer`'s side (`None`: two
    /// players, a plain undo): a move taken back that leaves the computer to move takes
    /// the player's move before it back too, so the player is to move again. Returns
    /// the first change.
    pub fn undo_against(&mut self, computer: Option<Color>) -> Option<Change> {
        let change = self.undo()?;
        if matches!(change, Change::Move(_))
            && computer == Some(self.game.position().turn())
            && matches!(self.undo.last(), Some(Step::Move(_)))
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
            && computer == Some(self.game.position().turn())
            && matches!(self.redo.last(), Some(Step::Move(_)))
        {
            self.redo();
        }
        Some(change)
    }

    /// Takes back the last step, if any. Leaves review mode; the clock stops at the
    /// times it showed then.
    pub fn undo(&mut self) -> Option<Change> {
        self.review = None;
        let step = self.undo.pop()?;
        let (change, back) = self.apply(step, true);
        self.redo.push(back);
        Some(change)
    }

    /// Redoes the last undone step, if any. Leaves review mode; the clock stops.
    pub fn redo(&mut self) -> Option<Change> {
        self.review = None;
        let step = self.redo.pop()?;
        let (change, back) = self.apply(step, false);
        self.undo.push(back);
        Some(change)
    }

    /// Applies `step` backward (undo) or forward (redo) and returns its inverse.
    fn apply(&mut self, step: Step, backward: bool) -> (Change, Step) {
        self.offer = None;
        let result = match step {
            Step::Move(m) => {
                // The game's own history holds exactly the moves on our stacks.
                if backward {
                    self.game.undo();
                } else {
                    self.game.redo();
                }
                (Change::Move(m), Step::Move(m))
            }
            Step::Replace(other) => {
                let previous = Table {
                    game: std::mem::replace(&mut self.game, other.game),
                    timing: std::mem::replace(&mut self.timing, other.timing),
                };
                (Change::Replaced, Step::Replace(Box::new(previous)))
            }
            Step::Declare(outcome) => {
                if backward {
                    self.game.withdraw();
                } else {
                    let _ = self.game.declare(outcome);
                }
                (Change::Result(outcome), Step::Declare(outcome))
            }
        };
        if let Some(t) = &mut self.timing {
            t.show(&self.game);
        }
        result
    }

    /// Ends the game with a result the moves do not decide (undoable).
    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, SessionError> {
        self.game.declare(outcome)?;
        self.undo.push(Step::Declare(outcome));
        self.redo.clear();
        self.offer = None;
        if let Some(t) = &mut self.timing {
            t.clock.pause();
        }
        Ok(outcome)
    }

    /// The side to move resigns (undoable).
    pub fn resign(&mut self) -> Result<Outcome, SessionError> {
        let loser = self.game.position().turn();
        self.declare(Outcome::win(!loser, crate::rules::Termination::Resignation))
    }

    /// The side to move offers a draw; the other accepts with
    /// [`accept_draw`](Self::accept_draw), or the offer lapses at the next move.
    pub fn offer_draw(&mut self) -> Result<Color, SessionError> {
        if let Some(over) = self.game.outcome() {
            return Err(PlayError::GameOver(over).into());
        }
        let side = self.game.position().turn();
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
    pub fn clock(&self) -> Option<&Clock> {
        self.timing.as_ref().map(|t| &t.clock)
    }

    /// Stops the clock (Space, a dialog, reviewing).
    pub fn pause(&mut self) {
        if let Some(t) = &mut self.timing {
            t.clock.pause();
        }
    }

    /// Lets the side to move's time run again, unless the game is over or an earlier
    /// position is shown.
    pub fn resume(&mut self) {
        if self.game.outcome().is_none()
            && self.review.is_none()
            && let Some(t) = &mut self.timing
        {
            t.clock.resume();
        }
    }

    /// Lets `elapsed` go by on the running clock. When the flag falls the game is lost
    /// on time (undoable) and that result is returned.
    pub fn tick(&mut self, elapsed: Duration) -> Option<Outcome> {
        let flagged = self.timing.as_mut()?.clock.tick(elapsed)?;
        if self.game.outcome().is_some() {
            return None;
        }
        self.declare(Outcome::win(!flagged, crate::rules::Termination::Timeout))
            .ok()
    }

    /// The game as a record: with a clock, its `TimeControl` tag and each move's
    /// `[%clk]` reading.
    #[must_use]
    pub fn record(&self) -> crate::rules::record::GameRecord {
        let mut record = crate::rules::record::GameRecord::new(self.game.clone());
        if let Some(t) = &self.timing {
            t.annotate(&self.game, &mut record);
        }
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

    /// Shows the position after `ply` plies (the current one ends review). Looking
    /// back stops the clock.
    pub fn review(&mut self, ply: usize) {
        let ply = ply.min(self.game.ply_count());
        self.review = (ply < self.game.ply_count()).then_some(ply);
        if self.review.is_some() {
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
        self.review = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn moves_undo_and_redo() {
        let mut s = Session::new();
        s.play(mv("h2e2")).unwrap();
        s.play(mv("h9g7")).unwrap();
        assert_eq!(s.undo(), Some(Change::Move(mv("h9g7"))));
        assert_eq!(s.undo(), Some(Change::Move(mv("h2e2"))));
        assert_eq!(s.undo(), None);
        assert_eq!(s.shown_position(), &Position::new());
        assert_eq!(s.redo(), Some(Change::Move(mv("h2e2"))));
        s.play(mv("b9c7")).unwrap();
        assert!(!s.can_redo(), "a new move drops the redo list");
        assert_eq!(s.game().ply_count(), 2);
    }

    #[test]
    fn new_game_is_undoable() {
        let mut s = Session::new();
        s.play(mv("h2e2")).unwrap();
        s.new_game();
        assert_eq!(s.game().ply_count(), 0);
        assert_eq!(s.undo(), Some(Change::Replaced));
        assert_eq!(s.game().ply_count(), 1);
        // Undo reaches on into the old game's moves, and redo comes back through all.
        assert_eq!(s.undo(), Some(Change::Move(mv("h2e2"))));
        assert_eq!(s.redo(), Some(Change::Move(mv("h2e2"))));
        assert_eq!(s.redo(), Some(Change::Replaced));
        assert_eq!(s.game().ply_count(), 0);
    }

    #[test]
    fn game_over_refuses_until_undo() {
        let mut s = Session::new();
        for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
            s.play(mv(m)).unwrap();
        }
        assert!(s.outcome().is_some());
        assert!(matches!(
            s.play(mv("a9a8")),
            Err(SessionError::Play(PlayError::GameOver(_)))
        ));
        s.undo();
        assert!(s.outcome().is_none());
        s.play(mv("a3a4")).unwrap();
    }

    #[test]
    fn captured_pieces_follow_the_shown_position() {
        let mut s = Session::new();
        for m in ["h2e2", "h9g7", "e2e6", "g7e6"] {
            s.play(mv(m)).unwrap();
        }
        let [red, black] = s.captured();
        assert_eq!(red, [Piece::new(Color::Red, crate::rules::Role::Cannon)]);
        assert_eq!(
            black,
            [Piece::new(Color::Black, crate::rules::Role::Soldier)]
        );
        s.review(3);
        assert!(
            s.captured()[0].is_empty(),
            "red's cannon is not yet taken at ply 3"
        );
        assert_eq!(s.captured()[1].len(), 1);
    }

    #[test]
    fn review_does_not_lose_the_game() {
        let mut s = Session::new();
        for m in ["h2e2", "h9g7", "h0g2"] {
            s.play(mv(m)).unwrap();
        }
        s.review_back();
        assert!(s.is_reviewing());
        assert_eq!(s.shown_ply(), 2);
        assert_eq!(s.shown_last_move(), Some(mv("h9g7")));
        assert_eq!(s.play(mv("b0c2")), Err(SessionError::Reviewing));
        s.review_start();
        assert_eq!(s.shown_position(), &Position::new());
        assert_eq!(s.shown_last_move(), None);
        s.review_back();
        assert_eq!(s.shown_ply(), 0);
        for _ in 0..5 {
            s.review_forward();
        }
        assert!(
            !s.is_reviewing(),
            "stepping past the end returns to the game"
        );
        assert_eq!(s.game().ply_count(), 3);
        s.review(1);
        s.undo();
        assert!(!s.is_reviewing());
        assert_eq!(s.game().ply_count(), 2);
    }

    #[test]
    fn against_the_computer_undo_and_redo_go_by_pairs_but_not_past_a_new_game() {
        let mut s = Session::new();
        s.play(mv("h2e2")).unwrap();
        s.play(mv("h9g7")).unwrap();
        let black = Some(Color::Black);
        assert_eq!(s.undo_against(black), Some(Change::Move(mv("h9g7"))));
        assert_eq!(s.game().ply_count(), 0, "the player's move went with it");
        assert_eq!(s.redo_against(black), Some(Change::Move(mv("h2e2"))));
        assert_eq!(s.game().ply_count(), 2, "and came back with it");
        // Two players: one step at a time.
        assert_eq!(s.undo_against(None), Some(Change::Move(mv("h9g7"))));
        assert_eq!(s.game().ply_count(), 1);
        // The computer with red: its first move taken back leaves it to move, and the
        // new game before it is not taken back with it.
        let mut s = Session::new();
        s.new_game();
        s.play(mv("h2e2")).unwrap();
        assert_eq!(
            s.undo_against(Some(Color::Red)),
            Some(Change::Move(mv("h2e2")))
        );
        assert_eq!(s.game().ply_count(), 0);
        assert!(s.can_undo(), "the new game is still there to undo");
    }
}
