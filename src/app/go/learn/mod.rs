//! Go's part of learning to play: its lessons, the tutor's warnings and coach, the
//! practice of one's mistakes, the guessing of a game's stones and the problems, on Go's
//! own board.
//! The flows they share with Xiangqi are `table::learn`'s.

use table::actions::Action;

use super::GoCommand;

pub mod coach;
pub mod guess;
pub mod lessons;
pub mod look;
pub mod marks;
pub mod practice;
pub mod problems;
pub mod tutor;

/// The stone played on the table this frame, if one was (practice and problems judge it).
pub(crate) fn played(
    happened: &mut bevy::prelude::MessageReader<super::GoHappened>,
    table: &super::GoTable,
) -> Option<crate::go::Move> {
    let stone = happened
        .read()
        .any(|h| matches!(h, super::GoHappened::Played { .. }));
    stone.then(|| table.game().moves().last().copied())?
}

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

/// The keys a Go problem takes: Go's stones (typed, placed with the cursor, a pass),
/// the problems' own commands (F3 goes to the next), the look's keys and the dialogs';
/// not a new game, the files or GNU Go's, which would act on the game put aside.
#[must_use]
pub fn in_problem(action: Action) -> Option<Action> {
    use table::learn::problems::ProblemCommand;
    match action {
        Action::Own(ref own) if own.get::<ProblemCommand>() == Some(&ProblemCommand::Start) => {
            Some(Action::own(ProblemCommand::Next))
        }
        Action::Own(ref own) if own.is::<ProblemCommand>() => Some(action),
        Action::Undo => Some(Action::own(ProblemCommand::Retry)),
        Action::NewGameChoices(true) => None,
        // Not the lessons' own keys: a level would take the board from the problem.
        other => in_lesson(other).filter(|a| match a {
            Action::Learn => false,
            Action::Own(own) => !own.is::<table::learn::shell::LearnCommand>(),
            _ => true,
        }),
    }
}
