//! Go's lessons: the level's board becomes the table's game and the game is put aside
//! (no autosave of the lesson, GNU Go not playing); each move the learner makes is
//! judged, the defence's answer (or the capture player's) played on the board; where
//! the other side does not move, it passes. A count is answered in the lesson's lines.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::lessons::{self, Free, LessonGame, Lessoning, Tried};
use table::learn::shell::{BoardLent, LearnCommand, Lesson};
use table::learn::{Course, Text};

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoSetup, GoTable};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::games::go::Session;
use crate::games::go::lessons::attempt::{Attempt, Failure, Refusal, Verdict};
use crate::games::go::lessons::{Goal, Level, cards, course, reader::RULES};
use crate::go::{Game, Move, Point};

/// The board takes stones: no lesson, drill or guess waiting on a verdict.
#[must_use]
pub fn takes_moves(lent: BoardLent) -> bool {
    lent.takes_moves(Go::SLUG)
}

/// The marked points still to do (the board labels them).
#[must_use]
pub fn targets(lesson: &Lessoning<Go>) -> Vec<Point> {
    lesson
        .attempt()
        .map(Attempt::targets_left)
        .unwrap_or_default()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<table::learn::practice::Practising<Go>>()
        .init_resource::<table::learn::guess::Guess<Go>>();
    lessons::add::<Go>(app);
    table::learn::problems::add::<Go>(app);
    app.init_resource::<super::problems::GoShelf>();
    app.add_systems(
        Update,
        (
            lessons::commands::<Go>,
            lessons::judge::<Go>,
            // A mistake practised is set up and judged as a level is.
            table::learn::practice::board::<Go>,
            table::learn::practice::judge::<Go>,
            table::learn::guess::board::<Go>,
            table::learn::guess::judge::<Go>,
            table::learn::problems::commands::<Go>,
            table::learn::problems::judge::<Go>,
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
        Failure::Escaped => Text::new(
            "让它逃掉了。再试一次。",
            "It got away. Try again.",
            "讓它逃掉了。再試一次。",
            "Để nó thoát mất rồi. Thử lại nhé.",
        ),
        Failure::NoAtari => Text::new(
            "还没有叫吃：它不止一口气。",
            "Not atari: it has more than one liberty.",
            "還沒有叫吃：它不止一口氣。",
            "Chưa phải atari: nó còn hơn một khí.",
        ),
        Failure::StillCaught => Text::new(
            "还是会被吃掉：需要更多的气。",
            "They can still be captured: they need more liberties.",
            "還是會被吃掉：需要更多的氣。",
            "Vẫn có thể bị ăn: cần thêm khí.",
        ),
        Failure::NotConnected => Text::new(
            "还没有连上。",
            "They are not connected yet.",
            "還沒有連上。",
            "Chưa nối được.",
        ),
        Failure::NotCut => Text::new(
            "对方还能连回去。",
            "The other side can still connect.",
            "對方還能連回去。",
            "Đối phương vẫn nối lại được.",
        ),
        Failure::NotAlive => Text::new(
            "还没有两只真眼。",
            "There are not two real eyes yet.",
            "還沒有兩隻真眼。",
            "Chưa có hai mắt thật.",
        ),
        Failure::SelfAtari => Text::new(
            "自己把自己的棋堵死了：这里两边都不能下。",
            "That fills your own last liberty: in seki neither side plays here.",
            "自己把自己的棋堵死了：這裡兩邊都不能下。",
            "Nước này lấp khí cuối của chính bạn: trong seki không bên nào đặt ở đây.",
        ),
        Failure::WrongCount => Text::new(
            "数得不对，再数一次。",
            "Not quite: count again.",
            "數得不對，再數一次。",
            "Chưa đúng: đếm lại nhé.",
        ),
        Failure::Lost => Text::new(
            "对方先吃到子了。再来一盘。",
            "The other side captured first. Play again.",
            "對方先吃到子了。再來一盤。",
            "Đối phương ăn được quân trước. Chơi lại nhé.",
        ),
        _ => Text::new(
            "步数用完了。再试一次。",
            "Out of moves. Try again.",
            "步數用完了。再試一次。",
            "Hết số nước rồi. Thử lại nhé.",
        ),
    }
}

/// A session holding the level's board, nobody's clock, GNU Go not playing; the
/// player's GNU Go level kept (the settings file takes it from the table's game).
fn session_of(level: &Level, gnugo: Option<u8>) -> Session {
    let mut setup = GoSetup::of(level.size(), 0);
    setup.computer = None;
    setup.level = gnugo;
    Session::from_game(Game::from_position(level.start, RULES, 0), setup)
}

/// What the lessons read of the Go table and write to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    table: ResMut<'w, GoTable>,
    happened: MessageReader<'w, 's, GoHappened>,
}

impl LessonGame for Go {
    type Move = Move;
    type Attempt = Attempt<'static>;
    type Aside = Session;
    type Board = Board<'static, 'static>;

    fn course() -> Course {
        cards()
    }

    fn free(_board: &mut SystemParamItem<Self::Board>) -> Free {
        Free::Now
    }

    fn shown(_settings: &Settings, lesson: &mut Lesson) {
        let Some(level) = level(lesson.at) else {
            return;
        };
        lesson.say.clone_from(&level.say);
        lesson.after.clone_from(&level.after);
        lesson.asks_number = matches!(level.goal, Goal::Count(_));
        lesson.asks_pass = matches!(level.goal, Goal::Pass(_));
    }

    fn set_up(
        (board, _): (&mut SystemParamItem<Self::Board>, &mut Settings),
        at: (usize, usize),
        aside: &mut Option<Session>,
    ) -> Option<Attempt<'static>> {
        let level = level(at)?;
        let lessons = session_of(level, board.table.setup.level);
        let before = std::mem::replace(&mut board.table.session, lessons);
        if aside.is_none() {
            *aside = Some(before);
        }
        Some(Attempt::new(level))
    }

    fn leave(
        (board, _): (&mut SystemParamItem<Self::Board>, &mut Settings),
        aside: Option<Session>,
    ) {
        if let Some(game) = aside {
            board.table.session = game;
        }
    }

    fn tried(board: &mut SystemParamItem<Self::Board>, attempt: &Attempt<'static>) -> Vec<Move> {
        let played = board
            .happened
            .read()
            .filter(|h| matches!(h, GoHappened::Played { .. }))
            .count();
        let game = board.table.game();
        let Some(&mv) = game.moves().last() else {
            return Vec::new();
        };
        let mover = !game.position().to_move();
        let both = matches!(attempt.level().goal, Goal::CaptureGo { computer: false });
        if played == 0 || (mover != attempt.learner() && !both) {
            return Vec::new();
        }
        vec![mv]
    }

    fn judge(attempt: &mut Attempt<'static>, mv: Move) -> Tried {
        match attempt.play(mv) {
            Err(Refusal::CountAsked) => Tried::Refused(Text::new(
                "这一关请数一数，填上数字。",
                "Here, count and type the number.",
                "這一關請數一數，填上數字。",
                "Ở bài này hãy đếm và gõ con số.",
            )),
            Err(Refusal::PassNotAsked) => Tried::Refused(Text::new(
                "这一关要下一步棋，不要停一手。",
                "Here, play a stone: no passing.",
                "這一關要下一步棋，不要停一手。",
                "Ở bài này hãy đặt một quân: không bỏ lượt.",
            )),
            Err(e) => {
                info!("lesson move not judged: {e}");
                Tried::Skipped
            }
            Ok(verdict) => {
                info!("lesson move {mv:?}: {verdict:?}");
                Tried::Judged
            }
        }
    }

    fn take_back(board: &mut SystemParamItem<Self::Board>) {
        board.table.session.undo();
    }

    fn answer(board: &mut SystemParamItem<Self::Board>, attempt: &mut Attempt<'static>) {
        let solo = attempt.level().solo && attempt.verdict() == Verdict::Going;
        let reply = if solo {
            Some(Move::Pass)
        } else {
            attempt.reply()
        };
        if let Some(r) = reply
            && board.table.session.play(r)
        {
            if !solo {
                attempt.answer(r);
            }
            info!("lesson answer {}", r.gtp(board.table.size()));
        }
    }

    fn command(
        board: &mut SystemParamItem<Self::Board>,
        attempt: &mut Attempt<'static>,
        command: &LearnCommand,
    ) -> bool {
        match command {
            LearnCommand::Answer(n) => {
                attempt.count(*n);
                info!("lesson count {n}: {:?}", attempt.verdict());
                true
            }
            // Judged here: the table's own pass (P) is told by Go's commands, this one
            // is not.
            LearnCommand::Pass if board.table.session.play(Move::Pass) => {
                let verdict = attempt.play(Move::Pass);
                info!("lesson pass: {verdict:?}");
                true
            }
            _ => false,
        }
    }

    fn verdict(attempt: &Attempt<'static>) -> (u32, table::learn::Verdict<Text>) {
        (attempt.moves(), attempt.verdict().map(failure))
    }
}
