//! Xiangqi's lessons (`Mode::Lesson`): the level's start becomes the table's game, the
//! game is put aside as in puzzles (no autosave, no engine, the player's way up kept);
//! each move the learner makes is judged, the defence's answer played on the board; a
//! level where the other side does not move hands the turn back. The last level, a game
//! against the computer's first level, is a real game: the lesson is passed when it is
//! won.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::shell::{LearnCommand, Learning, LessonState};

use crate::app::schedule::Logic;
use crate::app::shell::model::{OwnWayUp, Settings};
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::{EngineCommand, GameEnded, MovePlayed, NewGameWith};
use crate::app::xiangqi::model::{Mode, Model, Selection};
use crate::app::{BoardChanged, Notice};
use crate::lessons::attempt::{Attempt, Failure, Refusal};
use crate::lessons::{Goal, Level, cards, course};
use crate::rules::{Color, Game, Square};

/// The lesson on the Xiangqi table.
#[derive(Resource, Default)]
pub struct XiangqiLesson {
    /// The level (stage, level) and the learner's try at it.
    pub attempt: Option<((usize, usize), Attempt<'static>)>,
    /// The game put aside.
    stash: Option<Model>,
    /// A level asked for while a puzzle was on the board: opened once the puzzle has
    /// given the game back (its mode's end does).
    opening: Option<(usize, usize)>,
    /// The other side's answers played this frame, to be told (their slide and sound).
    answered: Vec<MovePlayed>,
}

/// The board takes moves: no lesson, or one not yet passed or failed (then Retry,
/// Next or Leave).
#[must_use]
pub fn takes_moves(
    lesson: Res<XiangqiLesson>,
    practice: Res<table::learn::practice::Practice>,
    guesses: Res<table::learn::guess::Guesses>,
) -> bool {
    lesson
        .attempt
        .as_ref()
        .is_none_or(|(_, a)| a.verdict() == crate::lessons::attempt::Verdict::Going)
        && practice.takes_moves(Xiangqi::SLUG)
        && guesses.takes_moves(Xiangqi::SLUG)
}

impl XiangqiLesson {
    /// The marked points still to reach or take (the board draws them).
    #[must_use]
    pub fn targets(&self) -> Vec<Square> {
        self.attempt
            .as_ref()
            .map(|(_, a)| a.targets_left())
            .unwrap_or_default()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<XiangqiLesson>()
        .init_resource::<table::learn::practice::Practising<Xiangqi>>()
        .init_resource::<table::learn::guess::Guess<Xiangqi>>();
    table::learn::lessons::register(app, cards());
    app.add_systems(
        Update,
        (
            commands,
            (judge, tell).chain().run_if(in_state(Mode::Lesson)),
            first_game,
            // A mistake practised is set up and judged as a level is.
            table::learn::practice::board::<Xiangqi>,
            table::learn::practice::judge::<Xiangqi>,
            table::learn::guess::board::<Xiangqi>,
            table::learn::guess::judge::<Xiangqi>,
        )
            .chain()
            .in_set(Xiangqi::step(Logic::Lessons))
            .in_set(<Xiangqi as TableGame>::SYSTEMS),
    );
}

fn level(at: (usize, usize)) -> Option<&'static Level> {
    course().get(at.0)?.levels.get(at.1)
}

fn failure(f: Failure) -> Text {
    match f {
        Failure::NoCheck => Text::new(
            "这一步没有将军。再试一次。",
            "That move gives no check. Try again.",
        ),
        Failure::WinGone => Text::new(
            "这一步之后，对方能逃脱。再试一次。",
            "After that move the other side gets away. Try again.",
        ),
        Failure::OutOfMoves => Text::new("步数用完了。再试一次。", "Out of moves. Try again."),
        Failure::Lost => Text::new("输了这一盘。再试一次。", "The game is lost. Try again."),
        _ => Text::new("和棋。再试一次。", "A draw. Try again."),
    }
}

/// The learner's stars and the lesson's lines, after a verdict.
fn said(learning: &mut Learning, who: &str, attempt: &Attempt<'_>) {
    table::learn::lessons::said(
        (learning, Xiangqi::SLUG),
        who,
        (attempt.moves(), attempt.verdict()),
        failure,
    );
}

/// Opens, starts again, moves on from and leaves lessons.
#[allow(clippy::too_many_arguments)]
fn commands(
    mut asked: MessageReader<LearnCommand>,
    mut lesson: ResMut<XiangqiLesson>,
    mut learning: ResMut<Learning>,
    mut model: ResMut<Model>,
    mut settings: ResMut<Settings>,
    mut own: ResMut<OwnWayUp>,
    mut selection: ResMut<Selection>,
    mode: Res<State<Mode>>,
    mut next: ResMut<NextState<Mode>>,
    (mut changed, mut notices, mut engine, mut new_game): (
        MessageWriter<BoardChanged>,
        MessageWriter<Notice>,
        MessageWriter<EngineCommand>,
        MessageWriter<NewGameWith>,
    ),
) {
    let lang = settings.lang;
    let mut commands: Vec<LearnCommand> = asked.read().cloned().collect();
    if *mode.get() != Mode::Train
        && let Some((s, l)) = lesson.opening.take()
    {
        commands.push(LearnCommand::Open(Xiangqi::SLUG, s, l));
    }
    for command in &commands {
        // Not over the board editor (it has its own board); over a puzzle, once the
        // puzzle has given the game back.
        match (command, mode.get()) {
            (LearnCommand::Open(..), Mode::Edit) => continue,
            (LearnCommand::Open(slug, s, l), Mode::Train) if *slug == Xiangqi::SLUG => {
                lesson.opening = Some((*s, *l));
                next.set(Mode::Play);
                continue;
            }
            _ => {}
        }
        let current = lesson
            .attempt
            .as_ref()
            .map(|(at, _)| *at)
            .or_else(|| learning.lesson(Xiangqi::SLUG).map(|l| l.at));
        let at = match command {
            LearnCommand::Open(..) | LearnCommand::Retry | LearnCommand::Next => {
                let sizes: Vec<usize> = course().iter().map(|s| s.levels.len()).collect();
                match table::learn::lessons::level_asked((command, Xiangqi::SLUG), current, &sizes)
                {
                    Some(at) => at,
                    None => continue,
                }
            }
            LearnCommand::Leave => {
                leave(&mut lesson, &mut model, &mut settings, &mut own);
                // The lesson's line goes from the status line with it.
                if learning.open.remove(Xiangqi::SLUG).is_some() {
                    notices.write(Notice::info(
                        table::i18n::Word::LessonLeft.get(lang).to_owned(),
                    ));
                }
                if mode.get().aside() {
                    next.set(Mode::Play);
                }
                *selection = Selection::default();
                changed.write(BoardChanged);
                info!("lesson left");
                continue;
            }
            _ => continue,
        };
        let Some(level) = level(at) else { continue };
        let course = cards();
        let card = (&course.stages[at.0], &course.stages[at.0].levels[at.1]);
        let mut opened = table::learn::lessons::lesson(
            Xiangqi::SLUG,
            at,
            card,
            level.say.clone(),
            level.after.clone(),
        );
        // The piece named as the board draws it (俥 where the words say 车).
        if settings.pieces == crate::theme::PieceStyle::Traditional
            && let Some(drawn) = crate::games::xiangqi::lessons::drawn_as(&card.0.id)
        {
            let Text(zh, en) = opened.intro;
            opened.intro = Text(format!("{zh}{}", drawn.0), format!("{en} {}", drawn.1));
        }
        learning.open.insert(Xiangqi::SLUG.to_owned(), opened);
        let goal = card.1.goal.get(lang).to_owned();
        info!("lesson {} open: {}", level.id, card.1.goal.1);
        notices.write(Notice::info(
            table::i18n::Word::LessonOpened.fill(lang, &[&(at.1 + 1), &goal]),
        ));
        if level.goal == Goal::Game {
            // A real game against the first level, the learner red: the game put aside
            // comes back first, and a new game goes on top of it (Ctrl+Z returns).
            leave(&mut lesson, &mut model, &mut settings, &mut own);
            if mode.get().aside() {
                next.set(Mode::Play);
            }
            engine.write(EngineCommand::SetLevel(Some(1)));
            engine.write(EngineCommand::SetComputer(Some(Color::Black)));
            new_game.write(NewGameWith(None));
            continue;
        }
        if lesson.stash.is_none() {
            lesson.stash = Some(std::mem::take(&mut *model));
            own.0 = Some(settings.flipped);
        }
        model.0 = crate::session::Session::new();
        model.0.replace(Game::from_position(level.start.clone()));
        // The learner's side at the bottom.
        settings.flipped = level.start.turn() == Color::Black;
        lesson.attempt = Some((at, Attempt::new(level)));
        *selection = Selection::default();
        if *mode.get() != Mode::Lesson {
            next.set(Mode::Lesson);
        }
        changed.write(BoardChanged);
    }
}

/// Brings the game put aside back, the way up the player had.
fn leave(
    lesson: &mut XiangqiLesson,
    model: &mut Model,
    settings: &mut Settings,
    own: &mut OwnWayUp,
) {
    lesson.attempt = None;
    if let Some(game) = lesson.stash.take() {
        *model = game;
    }
    if let Some(flipped) = own.0.take() {
        settings.flipped = flipped;
    }
}

/// The learner's moves judged; the other side's answer played.
#[allow(clippy::too_many_arguments)]
fn judge(
    mut played: MessageReader<MovePlayed>,
    mut lesson: ResMut<XiangqiLesson>,
    mut learning: ResMut<Learning>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let lesson = &mut *lesson;
    let moves: Vec<(crate::rules::Move, Color)> =
        played.read().map(|p| (p.mv, p.piece.color)).collect();
    let who = learning.who(&settings);
    for (m, mover) in moves {
        let Some((_, attempt)) = lesson.attempt.as_mut() else {
            return;
        };
        if mover != attempt.learner() {
            continue;
        }
        if let Some(l) = learning.lesson_mut(Xiangqi::SLUG) {
            l.note = None;
        }
        match attempt.play(m) {
            Err(Refusal::Checks) => {
                model.undo();
                if let Some(l) = learning.lesson_mut(Xiangqi::SLUG) {
                    l.note = Some(gives_check());
                }
                info!("lesson move {m} refused: it gives check");
                changed.write(BoardChanged);
                continue;
            }
            Err(e) => {
                info!("lesson move {m} not judged: {e}");
                continue;
            }
            Ok(verdict) => info!("lesson move {m}: {verdict:?}"),
        }
        if attempt.level().goal.solo() {
            // The other side does not move: the turn comes back to the learner.
            let now = attempt.position().clone();
            model.0.replace(Game::from_position(now));
            changed.write(BoardChanged);
        } else if let Some(r) = attempt.reply() {
            let pos = model.game().position().clone();
            if let (Some(piece), Ok(())) = (pos.piece_at(r.from), model.play(r).map(|_| ())) {
                attempt.answer(r);
                info!("lesson answer {r}");
                lesson.answered.push(MovePlayed {
                    mv: r,
                    piece,
                    captured: pos.piece_at(r.to),
                    check: model.game().position().is_check(),
                });
                changed.write(BoardChanged);
            }
        }
        said(&mut learning, &who, attempt);
    }
}

/// The other side's answers told, as any move is (the board slides, the sound plays).
fn tell(mut lesson: ResMut<XiangqiLesson>, mut answers: MessageWriter<MovePlayed>) {
    if !lesson.answered.is_empty() {
        answers.write_batch(std::mem::take(&mut lesson.answered));
    }
}

/// The last level: a game against the computer's first level, passed when won.
fn first_game(
    mut ended: MessageReader<GameEnded>,
    mut learning: ResMut<Learning>,
    settings: Res<Settings>,
) {
    for GameEnded(outcome) in ended.read() {
        let Some(lesson) = learning.lesson(Xiangqi::SLUG) else {
            continue;
        };
        if lesson.state != LessonState::Going
            || level(lesson.at).is_none_or(|l| l.goal != Goal::Game)
        {
            continue;
        }
        let who = learning.who(&settings);
        match outcome.winner {
            Some(Color::Red) => learning.passed(Xiangqi::SLUG, &who, 3),
            Some(_) => learning.failed(Xiangqi::SLUG, failure(Failure::Lost)),
            None => learning.failed(Xiangqi::SLUG, failure(Failure::Drawn)),
        }
    }
}
/// Why a move was not taken in a level where the other side does not move.
fn gives_check() -> Text {
    Text::new(
        "这一步将军了：这一关对方不走棋，不要将军",
        "That move gives check: here the other side does not move, so no checks",
    )
}
