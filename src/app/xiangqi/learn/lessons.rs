//! Xiangqi's lessons (`Mode::Lesson`): the level's start becomes the table's game, the
//! game is put aside as in puzzles (no autosave, no engine, the player's way up kept);
//! each move the learner makes is judged, the defence's answer played on the board; a
//! level where the other side does not move hands the turn back. The last level, a game
//! against the computer's first level, is a real game: the lesson is passed when it is
//! won.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::lessons::{self, Free, LessonGame, Lessoning, Tried};
use table::learn::shell::{BoardLent, LearnCommand, Learning, Lesson, LessonState};
use table::learn::{Course, Text, Verdict};

use crate::app::schedule::Logic;
use crate::app::shell::model::{OwnWayUp, Settings};
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::{EngineCommand, GameEnded, MovePlayed, NewGameWith};
use crate::app::xiangqi::model::{Mode, Model, Selection};
use crate::games::xiangqi::lessons::attempt::{Attempt, Failure, Refusal};
use crate::games::xiangqi::lessons::{Goal, Level, cards, course};
use crate::rules::{Color, Game, Move, Square};

/// The other side's answers played this frame, to be told (their slide and sound) by
/// [`tell`]: the judge reads the moves played and cannot write them.
#[derive(Resource, Default)]
struct Answered(Vec<MovePlayed>);

/// The board takes moves: no lesson, drill or guess waiting on a verdict.
#[must_use]
pub fn takes_moves(lent: BoardLent) -> bool {
    lent.takes_moves(Xiangqi::SLUG)
}

/// The marked points still to reach or take (the board draws them).
#[must_use]
pub fn targets(lesson: &Lessoning<Xiangqi>) -> Vec<Square> {
    lesson
        .attempt()
        .map(Attempt::targets_left)
        .unwrap_or_default()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Answered>()
        .init_resource::<table::learn::practice::Practising<Xiangqi>>()
        .init_resource::<table::learn::guess::Guess<Xiangqi>>();
    lessons::add::<Xiangqi>(app);
    app.add_systems(
        Update,
        (
            lessons::commands::<Xiangqi>,
            lessons::judge::<Xiangqi>,
            tell,
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
            "這一步沒有將軍。再試一次。",
            "Nước này không chiếu tướng. Thử lại nhé.",
        ),
        Failure::WinGone => Text::new(
            "这一步之后，对方能逃脱。再试一次。",
            "After that move the other side gets away. Try again.",
            "這一步之後，對方能逃脫。再試一次。",
            "Sau nước này đối phương thoát được. Thử lại nhé.",
        ),
        Failure::OutOfMoves => Text::new(
            "步数用完了。再试一次。",
            "Out of moves. Try again.",
            "步數用完了。再試一次。",
            "Hết số nước rồi. Thử lại nhé.",
        ),
        Failure::Lost => Text::new(
            "输了这一盘。再试一次。",
            "The game is lost. Try again.",
            "輸了這一盤。再試一次。",
            "Ván này thua rồi. Thử lại nhé.",
        ),
        _ => Text::new(
            "和棋。再试一次。",
            "A draw. Try again.",
            "和棋。再試一次。",
            "Hòa cờ. Thử lại nhé.",
        ),
    }
}

/// What the lessons read of the Xiangqi table and write to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    model: ResMut<'w, Model>,
    own: ResMut<'w, OwnWayUp>,
    selection: ResMut<'w, Selection>,
    mode: Res<'w, State<Mode>>,
    next: ResMut<'w, NextState<Mode>>,
    played: MessageReader<'w, 's, MovePlayed>,
    answered: ResMut<'w, Answered>,
    engine: MessageWriter<'w, EngineCommand>,
    new_game: MessageWriter<'w, NewGameWith>,
}

impl Board<'_, '_> {
    /// The game put aside back, the way up the player had, the mode of play.
    fn bring_back(&mut self, settings: &mut Settings, aside: Option<Model>) {
        if let Some(game) = aside {
            *self.model = game;
        }
        if let Some(flipped) = self.own.0.take() {
            settings.flipped = flipped;
        }
        if self.mode.get().aside() {
            self.next.set(Mode::Play);
        }
        *self.selection = Selection::default();
    }
}

impl LessonGame for Xiangqi {
    type Move = Move;
    type Attempt = Attempt<'static>;
    type Aside = Model;
    type Board = Board<'static, 'static>;

    fn course() -> Course {
        cards()
    }

    fn free(board: &mut SystemParamItem<Self::Board>) -> Free {
        // Not over the board editor (it has its own board); over a puzzle, once the
        // puzzle has given the game back.
        match board.mode.get() {
            Mode::Edit => Free::Never,
            Mode::Train => {
                board.next.set(Mode::Play);
                Free::Later
            }
            _ => Free::Now,
        }
    }

    fn shown(settings: &Settings, lesson: &mut Lesson) {
        let Some(level) = level(lesson.at) else {
            return;
        };
        lesson.say.clone_from(&level.say);
        lesson.after.clone_from(&level.after);
        // The piece named as the board draws it (俥 where the words say 车).
        let stage = &course()[lesson.at.0].id;
        if settings.pieces == crate::theme::PieceStyle::Traditional
            && let Some(drawn) = crate::games::xiangqi::lessons::drawn_as(stage)
        {
            let intro = &lesson.intro;
            lesson.intro = Text::each(|l| {
                let gap = if l.is_chinese() { "" } else { " " };
                format!("{}{gap}{}", intro.get(l), drawn.get(l))
            });
        }
    }

    fn set_up(
        (board, settings): (&mut SystemParamItem<Self::Board>, &mut Settings),
        at: (usize, usize),
        aside: &mut Option<Model>,
    ) -> Option<Attempt<'static>> {
        let level = level(at)?;
        if level.goal == Goal::Game {
            // A real game against the first level, the learner red: the game put aside
            // comes back first, and a new game goes on top of it (Ctrl+Z returns).
            board.bring_back(settings, aside.take());
            board.engine.write(EngineCommand::SetLevel(Some(1)));
            board
                .engine
                .write(EngineCommand::SetComputer(Some(Color::Black)));
            board.new_game.write(NewGameWith(None));
            return None;
        }
        if aside.is_none() {
            *aside = Some(std::mem::take(&mut *board.model));
            board.own.0 = Some(settings.flipped);
        }
        board.model.0 = crate::games::xiangqi::session::Session::new();
        board
            .model
            .0
            .replace(Game::from_position(level.start.clone()));
        // The learner's side at the bottom.
        settings.flipped = level.start.turn() == Color::Black;
        *board.selection = Selection::default();
        if *board.mode.get() != Mode::Lesson {
            board.next.set(Mode::Lesson);
        }
        Some(Attempt::new(level))
    }

    fn leave(
        (board, settings): (&mut SystemParamItem<Self::Board>, &mut Settings),
        aside: Option<Model>,
    ) {
        board.bring_back(settings, aside);
    }

    fn tried(board: &mut SystemParamItem<Self::Board>, attempt: &Attempt<'static>) -> Vec<Move> {
        let learner = attempt.learner();
        let moves: Vec<Move> = board
            .played
            .read()
            .filter(|p| p.piece.color == learner)
            .map(|p| p.mv)
            .collect();
        // A puzzle's moves are not the lesson's.
        if *board.mode.get() == Mode::Lesson {
            moves
        } else {
            Vec::new()
        }
    }

    fn judge(attempt: &mut Attempt<'static>, m: Move) -> Tried {
        match attempt.play(m) {
            Err(Refusal::Checks) => {
                info!("lesson move {m} refused: it gives check");
                Tried::Refused(gives_check())
            }
            Err(e) => {
                info!("lesson move {m} not judged: {e}");
                Tried::Skipped
            }
            Ok(verdict) => {
                info!("lesson move {m}: {verdict:?}");
                Tried::Judged
            }
        }
    }

    fn take_back(board: &mut SystemParamItem<Self::Board>) {
        board.model.undo();
    }

    fn answer(board: &mut SystemParamItem<Self::Board>, attempt: &mut Attempt<'static>) {
        if attempt.level().goal.solo() {
            // The other side does not move: the turn comes back to the learner.
            let now = attempt.position().clone();
            board.model.0.replace(Game::from_position(now));
        } else if let Some(r) = attempt.reply() {
            let pos = board.model.game().position().clone();
            if let (Some(piece), Ok(())) = (pos.piece_at(r.from), board.model.play(r).map(|_| ())) {
                attempt.answer(r);
                info!("lesson answer {r}");
                let check = board.model.game().position().is_check();
                board.answered.0.push(MovePlayed {
                    mv: r,
                    piece,
                    captured: pos.piece_at(r.to),
                    check,
                });
            }
        }
    }

    fn command(
        _board: &mut SystemParamItem<Self::Board>,
        _attempt: &mut Attempt<'static>,
        _command: &LearnCommand,
    ) -> bool {
        false
    }

    fn verdict(attempt: &Attempt<'static>) -> (u32, Verdict<Text>) {
        (attempt.moves(), attempt.verdict().map(failure))
    }
}

/// The other side's answers told, as any move is (the board slides, the sound plays).
fn tell(mut answered: ResMut<Answered>, mut answers: MessageWriter<MovePlayed>) {
    if !answered.0.is_empty() {
        answers.write_batch(std::mem::take(&mut answered.0));
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
        "這一步將軍了：這一關對方不走棋，不要將軍",
        "Nước này chiếu tướng: ở bài này đối phương không đi, nên đừng chiếu",
    )
}
