//! The lesson flow every game shares: the keys a lesson takes, the lesson's lines made
//! from its cards, the level a command asks for and the verdict said. Each game sets its
//! level up on its own board and judges the learner's moves with its pure lesson.

use bevy::prelude::*;

use super::shell::{Courses, LearnCommand, Learning, Lesson, LessonState};
use super::{Course, LevelCard, StageCard, Text, Verdict};
use crate::actions::Action;

/// The keys a lesson takes: Ctrl+Z starts the level again, the look's keys work, the
/// lesson's own commands; the rest (new game, save, the engine) would act on the game
/// put aside and are dropped.
#[must_use]
pub fn in_lesson(action: Action) -> Option<Action> {
    match action {
        Action::Undo => Some(Action::own(LearnCommand::Retry)),
        // A new game leaves the lesson first (the game put aside comes back), then asks.
        Action::NewGameChoices(true) => Some(Action::own(LearnCommand::LeaveForNewGame)),
        Action::Flip
        | Action::TogglePieces
        | Action::Cancel
        | Action::Learn
        | Action::TypeMove(_)
        | Action::ToggleHelp => Some(action),
        Action::Own(ref own) if own.is::<LearnCommand>() => Some(action),
        _ => None,
    }
}

/// The lesson's lines as the table shows them, from a level's cards.
pub fn lesson(
    slug: &str,
    at: (usize, usize),
    card: (&StageCard, &LevelCard),
    say: Option<Text>,
    after: Option<Text>,
) -> Lesson {
    let (stage, level) = card;
    Lesson {
        slug: slug.to_owned(),
        at,
        id: level.id.clone(),
        stage: stage.title.clone(),
        intro: stage.intro.clone(),
        levels: stage.levels.len(),
        goal: level.goal.clone(),
        say,
        after,
        par: level.par,
        moves: 0,
        state: LessonState::Going,
        note: None,
        asks_number: false,
        asks_pass: false,
    }
}

/// Puts a game's course on the table's shelf (the map shows it).
pub fn register(app: &mut App, course: Course) {
    app.world_mut()
        .get_resource_or_init::<Courses>()
        .0
        .insert(course.slug.clone(), course);
}

/// The lesson's lines after a move: its count, and the verdict (the stars kept, or why
/// it failed, in the game's words).
pub fn said<F: Copy>(
    (learning, slug): (&mut Learning, &str),
    who: &str,
    (moves, verdict): (u32, Verdict<F>),
    failure: impl Fn(F) -> Text,
) {
    if let Some(lesson) = learning.lesson_mut(slug) {
        lesson.moves = moves;
    }
    match verdict {
        Verdict::Passed { stars } => learning.passed(slug, who, stars),
        Verdict::Failed(f) => learning.failed(slug, failure(f)),
        Verdict::Going => {}
    }
}

/// The level a command asks of the game of `slug`: the one named (Open, if it is its
/// own), the one open (Retry), the one after it (Next); `None` for the others, or past
/// the last level.
#[must_use]
pub fn level_asked(
    (command, slug): (&LearnCommand, &str),
    current: Option<(usize, usize)>,
    sizes: &[usize],
) -> Option<(usize, usize)> {
    match command {
        LearnCommand::Open(to, s, l) => (*to == slug).then_some((*s, *l)),
        LearnCommand::Retry => current,
        LearnCommand::Next => current.and_then(|at| next_of(at, sizes)),
        _ => None,
    }
}

/// The level after `at` in a course of `sizes` levels a stage, or `None` after the last.
#[must_use]
pub fn next_of(at: (usize, usize), sizes: &[usize]) -> Option<(usize, usize)> {
    let (s, l) = at;
    if l + 1 < sizes.get(s).copied().unwrap_or(0) {
        Some((s, l + 1))
    } else {
        (s + 1 < sizes.len()).then_some((s + 1, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_walks_the_stages_in_order() {
        let sizes = [2, 1];
        assert_eq!(next_of((0, 0), &sizes), Some((0, 1)));
        assert_eq!(next_of((0, 1), &sizes), Some((1, 0)));
        assert_eq!(next_of((1, 0), &sizes), None);
    }
}
