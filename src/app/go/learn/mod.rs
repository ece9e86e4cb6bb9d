//! Go's part of learning to play: its lessons, the tutor's warnings and coach, the
//! practice of one's mistakes and the guessing of a game's stones, on Go's own board.
//! The flows they share with Xiangqi are `table::learn`'s.

use table::actions::Action;

use super::GoCommand;

pub mod coach;
pub mod guess;
pub mod lessons;
pub mod look;
pub mod marks;
pub mod practice;
pub mod tutor;

/// The keys a Go lesson takes: as [`table::learn::lessons::in_lesson`], and Go's own board commands (a stone
/// typed or placed with the cursor, a pass); not a new game or GNU Go's.
#[must_use]
pub fn in_lesson(action: Action) -> Option<Action> {
    match action {
        Action::Own(ref own)
            if matches!(
                own.get::<GoCommand>(),
                Some(GoCommand::Play(_) | GoCommand::Cursor(_) | GoCommand::Pass)
            ) =>
        {
            Some(action)
        }
        other => table::learn::lessons::in_lesson(other),
    }
}
