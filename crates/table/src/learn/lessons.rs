//! The lesson flow every game shares ([`commands`] and [`judge`], over a game's
//! [`LessonGame`]): a level opened, started again, moved on from and left; the game put
//! aside meanwhile and brought back; each move the learner makes judged, refused with
//! the rules' reason or answered by the other side; the stars kept and the verdict said.
//! Each game supplies only its levels, its board and its words.

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::shell::{Courses, LearnCommand, Learning, Lesson, LessonState};
use super::{Course, LevelCard, StageCard, Text, Verdict};
use crate::actions::Action;
use crate::messages::{BoardChanged, Notice};
use crate::settings::Settings;
use crate::shell::table::TableGame;

/// Whether a level may open on a game's board now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Free {
    /// Yes.
    Now,
    /// Once what holds the board (a puzzle) has given it back: the game has asked it
    /// to; the level opens then.
    Later,
    /// Not over what holds it (the editor has its own board): the level is dropped.
    Never,
}

/// What the learner's move came to.
pub enum Tried {
    /// Judged: the lesson goes on (the other side answers) or is over.
    Judged,
    /// Not taken: the rules' reason, shown under the goal; the move is taken back.
    Refused(Text),
    /// Not the lesson's to judge.
    Skipped,
}

/// A game's part in its lessons: its course, its levels set up on its board, the
/// learner's moves tried and the other side's answers played. The flow is [`commands`]
/// and [`judge`].
pub trait LessonGame: TableGame {
    /// A move.
    type Move: Copy + Send + Sync + 'static;
    /// The learner's try at a level (the game's pure lesson judges it).
    type Attempt: Send + Sync + 'static;
    /// The game put aside meanwhile.
    type Aside: Send + Sync + 'static;
    /// What the lesson reads of the game's table and writes to it.
    type Board: SystemParam + 'static;

    /// The course, as the map shows it.
    fn course() -> Course;
    /// Whether a level may open now.
    fn free(board: &mut SystemParamItem<Self::Board>) -> Free;
    /// The lines the game adds to a level's (what the level says, a count asked).
    fn shown(settings: &Settings, lesson: &mut Lesson);
    /// Sets level `at` up on the board, the game put aside the first time (`aside`
    /// empty); `None` where the level is a real game, which the game has started itself
    /// (over the game put aside, brought back first).
    /// (The table's settings: the board's way up is among them.)
    fn set_up(
        at_table: (&mut SystemParamItem<Self::Board>, &mut Settings),
        at: (usize, usize),
        aside: &mut Option<Self::Aside>,
    ) -> Option<Self::Attempt>;
    /// The lesson left: the game put aside brought back, if one was.
    fn leave(
        at_table: (&mut SystemParamItem<Self::Board>, &mut Settings),
        aside: Option<Self::Aside>,
    );
    /// The learner's moves on the board this frame.
    fn tried(board: &mut SystemParamItem<Self::Board>, attempt: &Self::Attempt) -> Vec<Self::Move>;
    /// `mv` judged by the attempt.
    fn judge(attempt: &mut Self::Attempt, mv: Self::Move) -> Tried;
    /// A refused move taken back.
    fn take_back(board: &mut SystemParamItem<Self::Board>);
    /// The other side's answer played on the board (or the turn handed back where it
    /// does not move).
    fn answer(board: &mut SystemParamItem<Self::Board>, attempt: &mut Self::Attempt);
    /// A command only this game's lessons take (a count, a pass); whether it was one.
    fn command(
        board: &mut SystemParamItem<Self::Board>,
        attempt: &mut Self::Attempt,
        command: &LearnCommand,
    ) -> bool;
    /// The learner's moves and the verdict, its failure in words.
    fn verdict(attempt: &Self::Attempt) -> (u32, Verdict<Text>);
}

/// A lesson at `G`'s table: the level and the try, the game put aside, a level waiting
/// for the board.
#[derive(Resource)]
pub struct Lessoning<G: LessonGame> {
    attempt: Option<((usize, usize), G::Attempt)>,
    aside: Option<G::Aside>,
    waiting: Option<(usize, usize)>,
}

impl<G: LessonGame> Default for Lessoning<G> {
    fn default() -> Self {
        Lessoning {
            attempt: None,
            aside: None,
            waiting: None,
        }
    }
}

impl<G: LessonGame> Lessoning<G> {
    /// The learner's try at the level on the board.
    #[must_use]
    pub fn attempt(&self) -> Option<&G::Attempt> {
        self.attempt.as_ref().map(|(_, a)| a)
    }
}

/// A game's lessons on the table: its course on the shelf (the map shows it), its
/// lesson kept. The game runs [`commands`] then [`judge`] in its own turn.
pub fn add<G: LessonGame>(app: &mut App) {
    app.init_resource::<Lessoning<G>>();
    register(app, G::course());
}

/// Opens, starts again, moves on from and leaves the levels of `G`; its own commands
/// passed to it.
pub fn commands<G: LessonGame>(
    mut asked: MessageReader<LearnCommand>,
    mut mine: ResMut<Lessoning<G>>,
    mut learning: ResMut<Learning>,
    mut board: StaticSystemParam<G::Board>,
    (courses, mut settings): (Res<Courses>, ResMut<Settings>),
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    let mut commands: Vec<LearnCommand> = asked.read().cloned().collect();
    if mine.waiting.is_some()
        && G::free(&mut board) == Free::Now
        && let Some((s, l)) = mine.waiting.take()
    {
        commands.push(LearnCommand::Open(G::SLUG, s, l));
    }
    let Some(course) = courses.0.get(G::SLUG) else {
        return;
    };
    let who = learning.who(&settings);
    let sizes: Vec<usize> = course.stages.iter().map(|s| s.levels.len()).collect();
    for command in &commands {
        let current = mine
            .attempt
            .as_ref()
            .map(|(at, _)| *at)
            .or_else(|| learning.lesson(G::SLUG).map(|l| l.at));
        match command {
            LearnCommand::Leave => {
                mine.attempt = None;
                let aside = mine.aside.take();
                G::leave((&mut board, &mut settings), aside);
                // The lesson's line goes from the status line with it.
                if learning.open.remove(G::SLUG).is_some() {
                    notices.write(Notice::info(crate::i18n::Word::LessonLeft.get(lang)));
                }
                changed.write(BoardChanged);
                info!("lesson left");
                continue;
            }
            LearnCommand::Open(..) | LearnCommand::Retry | LearnCommand::Next => {}
            own => {
                if let Some((_, attempt)) = mine.attempt.as_mut()
                    && G::command(&mut board, attempt, own)
                {
                    said(&mut learning, G::SLUG, &who, G::verdict(attempt));
                    changed.write(BoardChanged);
                }
                continue;
            }
        }
        let Some(at) = level_asked((command, G::SLUG), current, &sizes) else {
            continue;
        };
        let Some((stage, level)) = course
            .stages
            .get(at.0)
            .and_then(|s| Some((s, s.levels.get(at.1)?)))
        else {
            continue;
        };
        match G::free(&mut board) {
            Free::Now => {}
            Free::Later => {
                mine.waiting = Some(at);
                continue;
            }
            Free::Never => continue,
        }
        let mut shown = lesson(G::SLUG, at, (stage, level));
        G::shown(&settings, &mut shown);
        learning.open.insert(G::SLUG.to_owned(), shown);
        info!(
            "lesson {} open: {}",
            level.id,
            level.goal.get(crate::i18n::Lang::En)
        );
        notices.write(Notice::info(
            crate::i18n::Word::LessonOpened.fill(lang, &[&(at.1 + 1), &level.goal.get(lang)]),
        ));
        let mine = &mut *mine;
        mine.attempt = G::set_up((&mut board, &mut settings), at, &mut mine.aside).map(|a| (at, a));
        changed.write(BoardChanged);
    }
}

/// The learner's moves judged; a refused one taken back with its reason, the other
/// side's answer played.
pub fn judge<G: LessonGame>(
    mut mine: ResMut<Lessoning<G>>,
    mut learning: ResMut<Learning>,
    mut board: StaticSystemParam<G::Board>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
) {
    // Read first, written only when a move came: a lesson changed every frame would
    // have its marks and the board drawn again every frame.
    let Some((_, attempt)) = mine.attempt.as_ref() else {
        return;
    };
    let moves = G::tried(&mut board, attempt);
    if moves.is_empty() {
        return;
    }
    let Some((_, attempt)) = mine.attempt.as_mut() else {
        return;
    };
    let who = learning.who(&settings);
    for mv in moves {
        if let Some(l) = learning.lesson_mut(G::SLUG) {
            l.note = None;
        }
        match G::judge(attempt, mv) {
            Tried::Refused(why) => {
                G::take_back(&mut board);
                if let Some(l) = learning.lesson_mut(G::SLUG) {
                    l.note = Some(why);
                }
                changed.write(BoardChanged);
                continue;
            }
            Tried::Skipped => continue,
            Tried::Judged => {}
        }
        G::answer(&mut board, attempt);
        changed.write(BoardChanged);
        said(&mut learning, G::SLUG, &who, G::verdict(attempt));
    }
}

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

/// The lesson's lines as the table shows them, from a level's cards (the game adds
/// its own: [`LessonGame::shown`]).
fn lesson(slug: &str, at: (usize, usize), card: (&StageCard, &LevelCard)) -> Lesson {
    let (stage, level) = card;
    Lesson {
        slug: slug.to_owned(),
        at,
        id: level.id.clone(),
        stage: stage.title.clone(),
        intro: stage.intro.clone(),
        levels: stage.levels.len(),
        goal: level.goal.clone(),
        say: None,
        after: None,
        par: level.par,
        moves: 0,
        state: LessonState::Going,
        note: None,
        asks_number: false,
        asks_pass: false,
    }
}

/// Puts a game's course on the table's shelf (the map shows it).
fn register(app: &mut App, course: Course) {
    app.world_mut()
        .get_resource_or_init::<Courses>()
        .0
        .insert(course.slug.clone(), course);
}

/// The lesson's lines after a move: its count, and the verdict (the stars kept, or why
/// it failed, in the game's words).
fn said(learning: &mut Learning, slug: &str, who: &str, (moves, verdict): (u32, Verdict<Text>)) {
    if let Some(lesson) = learning.lesson_mut(slug) {
        lesson.moves = moves;
    }
    match verdict {
        Verdict::Passed { stars } => learning.passed(slug, who, stars),
        Verdict::Failed(why) => learning.failed(slug, why),
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
