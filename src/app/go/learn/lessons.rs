//! Go's lessons: the level's board becomes the table's game and the game is put aside
//! (no autosave of the lesson, GNU Go not playing); each move the learner makes is
//! judged, the defence's answer (or the capture player's) played on the board; where
//! the other side does not move, it passes. A count is answered in the lesson's lines.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::shell::{LearnCommand, Learning};

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoSetup, GoTable};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::{BoardChanged, Notice};
use crate::games::go::Session;
use crate::games::go::lessons::attempt::{Attempt, Failure, Refusal, Verdict};
use crate::games::go::lessons::{Goal, Level, cards, course, reader::RULES};
use crate::go::{Game, Move, Point};

/// The lesson on the Go table.
#[derive(Resource, Default)]
pub struct GoLesson {
    /// The level (stage, level) and the learner's try at it.
    pub attempt: Option<((usize, usize), Attempt<'static>)>,
    /// The game put aside.
    stash: Option<Session>,
}

/// The board takes stones: no lesson, or one not yet passed or failed.
#[must_use]
pub fn takes_moves(
    lesson: Res<GoLesson>,
    practice: Res<table::learn::practice::Practice>,
    guesses: Res<table::learn::guess::Guesses>,
) -> bool {
    lesson
        .attempt
        .as_ref()
        .is_none_or(|(_, a)| a.verdict() == crate::games::go::lessons::attempt::Verdict::Going)
        && practice.takes_moves(Go::SLUG)
        && guesses.takes_moves(Go::SLUG)
}

impl GoLesson {
    /// A lesson is on the board.
    #[must_use]
    pub fn on(&self) -> bool {
        self.attempt.is_some()
    }

    /// The marked points still to do (the board labels them).
    #[must_use]
    pub fn targets(&self) -> Vec<Point> {
        self.attempt
            .as_ref()
            .map(|(_, a)| a.targets_left())
            .unwrap_or_default()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GoLesson>()
        .init_resource::<table::learn::practice::Practising<Go>>()
        .init_resource::<table::learn::guess::Guess<Go>>();
    table::learn::lessons::register(app, cards());
    app.add_systems(
        Update,
        (
            commands,
            judge,
            // A mistake practised is set up and judged as a level is.
            table::learn::practice::board::<Go>,
            table::learn::practice::judge::<Go>,
            table::learn::guess::board::<Go>,
            table::learn::guess::judge::<Go>,
        )
            .chain()
            .in_set(Go::step(Logic::Lessons))
            .in_set(<Go as TableGame>::SYSTEMS),
    );
}

fn level(at: (usize, usize)) -> Option<&'static Level> {
    course().get(at.0)?.levels.get(at.1)
}

fn failure(f: Failure) -> Text {
    match f {
        Failure::Escaped => Text::new("让它逃掉了。再试一次。", "It got away. Try again."),
        Failure::NoAtari => Text::new(
            "还没有叫吃：它不止一口气。",
            "Not atari: it has more than one liberty.",
        ),
        Failure::StillCaught => Text::new(
            "还是会被吃掉：需要更多的气。",
            "They can still be captured: they need more liberties.",
        ),
        Failure::NotConnected => Text::new("还没有连上。", "They are not connected yet."),
        Failure::NotCut => Text::new("对方还能连回去。", "The other side can still connect."),
        Failure::NotAlive => Text::new("还没有两只真眼。", "There are not two real eyes yet."),
        Failure::SelfAtari => Text::new(
            "自己把自己的棋堵死了：这里两边都不能下。",
            "That fills your own last liberty: in seki neither side plays here.",
        ),
        Failure::WrongCount => Text::new("数得不对，再数一次。", "Not quite: count again."),
        Failure::Lost => Text::new(
            "对方先吃到子了。再来一盘。",
            "The other side captured first. Play again.",
        ),
        _ => Text::new("步数用完了。再试一次。", "Out of moves. Try again."),
    }
}

fn said(learning: &mut Learning, who: &str, attempt: &Attempt<'_>) {
    table::learn::lessons::said(
        (learning, Go::SLUG),
        who,
        (attempt.moves(), attempt.verdict()),
        failure,
    );
}

/// A session holding the level's board, nobody's clock, GNU Go not playing; the
/// player's GNU Go level kept (the settings file takes it from the table's game).
fn session_of(level: &Level, gnugo: Option<u8>) -> Session {
    let mut setup = GoSetup::of(level.size(), 0);
    setup.computer = None;
    setup.level = gnugo;
    Session::from_game(Game::from_position(level.start, RULES, 0), setup)
}

/// Opens, starts again, moves on from and leaves lessons; a count answered.
#[allow(clippy::too_many_arguments)]
fn commands(
    mut asked: MessageReader<LearnCommand>,
    mut lesson: ResMut<GoLesson>,
    mut learning: ResMut<Learning>,
    mut table: ResMut<GoTable>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    let who = learning.who(&settings);
    for command in asked.read() {
        let current = lesson.attempt.as_ref().map(|(at, _)| *at);
        let at = match command {
            LearnCommand::Open(..) | LearnCommand::Retry | LearnCommand::Next => {
                let sizes: Vec<usize> = course().iter().map(|s| s.levels.len()).collect();
                match table::learn::lessons::level_asked((command, Go::SLUG), current, &sizes) {
                    Some(at) => at,
                    None => continue,
                }
            }
            LearnCommand::Leave => {
                lesson.attempt = None;
                if let Some(game) = lesson.stash.take() {
                    table.session = game;
                }
                // The lesson's line goes from the status line with it.
                if learning.open.remove(Go::SLUG).is_some() {
                    notices.write(Notice::info(
                        table::i18n::Word::LessonLeft.get(lang).to_owned(),
                    ));
                }
                changed.write(BoardChanged);
                info!("lesson left");
                continue;
            }
            LearnCommand::Answer(n) => {
                if let Some((_, attempt)) = lesson.attempt.as_mut() {
                    attempt.count(*n);
                    info!("lesson count {n}: {:?}", attempt.verdict());
                    said(&mut learning, &who, attempt);
                }
                continue;
            }
            LearnCommand::Pass => {
                // Judged here: the table's own pass (P) is told by Go's commands, this
                // one is not.
                if let Some((_, attempt)) = lesson.attempt.as_mut()
                    && table.session.play(Move::Pass)
                {
                    let verdict = attempt.play(Move::Pass);
                    info!("lesson pass: {verdict:?}");
                    said(&mut learning, &who, attempt);
                    changed.write(BoardChanged);
                }
                continue;
            }
            _ => continue,
        };
        let Some(level) = level(at) else { continue };
        let course = cards();
        let card = (&course.stages[at.0], &course.stages[at.0].levels[at.1]);
        let mut shown = table::learn::lessons::lesson(
            Go::SLUG,
            at,
            card,
            level.say.clone(),
            level.after.clone(),
        );
        shown.asks_number = matches!(level.goal, Goal::Count(_));
        shown.asks_pass = matches!(level.goal, Goal::Pass(_));
        learning.open.insert(Go::SLUG.to_owned(), shown);
        info!("lesson {} open: {}", level.id, card.1.goal.1);
        notices.write(Notice::info(
            table::i18n::Word::LessonOpened.fill(lang, &[&(at.1 + 1), &card.1.goal.get(lang)]),
        ));
        let lessons = session_of(level, table.setup.level);
        if lesson.stash.is_none() {
            lesson.stash = Some(std::mem::replace(&mut table.session, lessons));
        } else {
            table.session = lessons;
        }
        lesson.attempt = Some((at, Attempt::new(level)));
        changed.write(BoardChanged);
    }
}

/// The learner's moves judged; the other side's answer played.
fn judge(
    mut happened: MessageReader<GoHappened>,
    mut lesson: ResMut<GoLesson>,
    mut learning: ResMut<Learning>,
    mut table: ResMut<GoTable>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let played = happened
        .read()
        .filter(|h| matches!(h, GoHappened::Played { .. }))
        .count();
    let Some((_, attempt)) = lesson.attempt.as_mut() else {
        return;
    };
    if played == 0 {
        return;
    }
    let who = learning.who(&settings);
    let game = table.game();
    let Some(&mv) = game.moves().last() else {
        return;
    };
    let mover = !game.position().to_move();
    let both = matches!(attempt.level().goal, Goal::CaptureGo { computer: false });
    if mover != attempt.learner() && !both {
        return;
    }
    if let Some(l) = learning.lesson_mut(Go::SLUG) {
        l.note = None;
    }
    match attempt.play(mv) {
        Err(refused @ (Refusal::CountAsked | Refusal::PassNotAsked)) => {
            table.session.undo();
            if let Some(l) = learning.lesson_mut(Go::SLUG) {
                l.note = Some(if refused == Refusal::CountAsked {
                    Text::new(
                        "这一关请数一数，填上数字。",
                        "Here, count and type the number.",
                    )
                } else {
                    Text::new(
                        "这一关要下一步棋，不要停一手。",
                        "Here, play a stone: no passing.",
                    )
                });
            }
            changed.write(BoardChanged);
            return;
        }
        Err(e) => {
            info!("lesson move not judged: {e}");
            return;
        }
        Ok(verdict) => info!("lesson move {}: {verdict:?}", mv.gtp(table.size())),
    }
    let solo = attempt.level().solo && attempt.verdict() == Verdict::Going;
    let reply = if solo {
        Some(Move::Pass)
    } else {
        attempt.reply()
    };
    if let Some(r) = reply {
        if table.session.play(r) {
            if !solo {
                attempt.answer(r);
            }
            info!("lesson answer {}", r.gtp(table.size()));
        }
        changed.write(BoardChanged);
    }
    said(&mut learning, &who, attempt);
}
