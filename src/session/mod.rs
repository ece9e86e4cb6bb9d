//! The game as a player handles it: moves, undo/redo that also reaches "new game" and
//! (later) load and import, and reviewing earlier positions without losing the game.
//!
//! Pure Rust, no Bevy: the GUI keeps one [`Session`] in a resource and only translates
//! clicks and keys into calls on it.

use crate::rules::{Game, Move, Outcome, Piece, PlayError, Position};

mod snapshot;

pub use snapshot::SnapshotError;

/// One undoable step.
#[derive(Clone, Debug)]
enum Step {
    /// A move of the current game.
    Move(Move),
    /// The whole game was replaced (new game, load, import); holds the other game.
    Replace(Box<Game>),
}

/// What an undo or redo did, for the view to animate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was taken back (undo) or played again (redo).
    Move(Move),
    /// The whole game was swapped.
    Replaced,
}

/// The game in play plus everything needed to take actions back.
#[derive(Clone, Debug, Default)]
pub struct Session {
    game: Game,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// The ply being looked at while reviewing; `None` follows the game.
    review: Option<usize>,
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
        self.game.play(m)?;
        self.undo.push(Step::Move(m));
        self.redo.clear();
        Ok(())
    }

    /// Replaces the game (new game, load, import): undoable like a move.
    pub fn replace(&mut self, game: Game) {
        let old = std::mem::replace(&mut self.game, game);
        self.undo.push(Step::Replace(Box::new(old)));
        self.redo.clear();
        self.review = None;
    }

    /// Starts a new game from the standard position (undoable).
    pub fn new_game(&mut self) {
        self.replace(Game::new());
    }

    /// Takes back the last step, if any. Leaves review mode.
    pub fn undo(&mut self) -> Option<Change> {
        self.review = None;
        let step = self.undo.pop()?;
        let (change, back) = self.apply(step, true);
        self.redo.push(back);
        Some(change)
    }

    /// Redoes the last undone step, if any. Leaves review mode.
    pub fn redo(&mut self) -> Option<Change> {
        self.review = None;
        let step = self.redo.pop()?;
        let (change, back) = self.apply(step, false);
        self.undo.push(back);
        Some(change)
    }

    /// Applies `step` backward (undo) or forward (redo) and returns its inverse.
    fn apply(&mut self, step: Step, backward: bool) -> (Change, Step) {
        match step {
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
                let previous = std::mem::replace(&mut self.game, *other);
                (Change::Replaced, Step::Replace(Box::new(previous)))
            }
        }
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

    /// Shows the position after `ply` plies (the current one ends review).
    pub fn review(&mut self, ply: usize) {
        let ply = ply.min(self.game.ply_count());
        self.review = (ply < self.game.ply_count()).then_some(ply);
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
}
