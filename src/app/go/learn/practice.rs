//! A player's own mistakes practised at the Go table (Shift+F4): the position before
//! the mistake becomes the table's game (the game put aside, as in lessons: nothing
//! autosaved, GNU Go not playing, no help); GNU Go's own point is found at once, any
//! other stone is asked of GNU Go as its review asks, and counts when the review would
//! not mark it (it costs under 5 points by GNU Go's estimate). A miss is taken back and
//! GNU Go's point marked with a triangle.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::practice::{Drill, PracticeGame};
use table::learn::shell::Learning;
use table::learn::{Looked, Text};
use table::shell::table::TableGame;

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoSetup, GoTable};
use crate::games::go::Session;
use crate::go::markup::{Markup, Shape};
use crate::go::text::read_diagram;
use crate::go::{Color, Game, Move, Position, Rules};

use super::look::GoLook;
use crate::app::store::jobs::Wake;

/// A position as the queue keeps it (`rows/rows b`).
fn position_of(text: &str) -> Option<Position> {
    let (rows, side) = text.rsplit_once(' ')?;
    let side = match side {
        "b" => Color::Black,
        "w" => Color::White,
        _ => return None,
    };
    let pos = read_diagram(&rows.replace('/', "\n")).ok()?;
    Some(Position::from_board(*pos.board(), side))
}

/// What practice reads of the Go table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    table: ResMut<'w, GoTable>,
    happened: MessageReader<'w, 's, GoHappened>,
    wake: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

impl PracticeGame for Go {
    type Move = Move;
    type Position = Position;
    type Aside = Session;
    type Look = GoLook;
    type Board = Board<'static, 'static>;

    fn free(_board: &SystemParamItem<Self::Board>, learning: &Learning) -> bool {
        learning.lesson(<Self as TableGame>::SLUG).is_none()
    }

    fn read(
        _board: &SystemParamItem<Self::Board>,
        drill: &Drill,
    ) -> Option<(Position, Move, String)> {
        let pos = position_of(&drill.position)?;
        let size = pos.board().size();
        let best = Move::from_gtp(&drill.mistake.best, size).ok()?;
        Some((pos, best, drill.played.clone()))
    }

    fn set_up(
        board: &mut SystemParamItem<Self::Board>,
        pos: &Position,
        aside: &mut Option<Session>,
    ) {
        let mut setup = GoSetup::of(pos.board().size(), 0);
        setup.computer = None;
        setup.level = board.table.setup.level;
        let session = Session::from_game(Game::from_position(*pos, Rules::CHINESE, 0), setup);
        let before = std::mem::replace(&mut board.table.session, session);
        if aside.is_none() {
            *aside = Some(before);
        }
    }

    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Session) {
        board.table.session = aside;
    }

    fn tried(board: &mut SystemParamItem<Self::Board>) -> Option<Move> {
        super::played(&mut board.happened, &board.table)
    }

    fn look(board: &SystemParamItem<Self::Board>, _pos: &Position, _tried: Move) -> Option<GoLook> {
        // The stone is on the board: GNU Go looks at the game up to it.
        let wake = Wake::of(board.wake.as_ref().map(Res::clone));
        GoLook::start(board.table.game(), wake)
    }

    fn as_good(look: &mut GoLook) -> Looked<bool> {
        match look.poll() {
            Looked::Waiting => Looked::Waiting,
            Looked::Done(step) => Looked::Done(crate::games::go::tutor::as_good(&step)),
            Looked::Failed => Looked::Failed,
        }
    }

    fn said(
        _board: &SystemParamItem<Self::Board>,
        pos: &Position,
        (tried, best): (Move, Move),
        found: Option<bool>,
    ) -> Text {
        let size = pos.board().size();
        let (t, b) = (tried.gtp(size), best.gtp(size));
        match found {
            None => Text::new(
                format!("找到了：{t}，正是 GNU Go 的着法。"),
                format!("Found: {t}, GNU Go's own point."),
                format!("找到了：{t}，正是 GNU Go 的著法。"),
                format!("Tìm ra rồi: {t}, đúng điểm của GNU Go."),
            ),
            Some(true) => Text::new(
                format!("找到了：{t}，和 GNU Go 的 {b} 差不多好。"),
                format!("Found: {t}, about as good as GNU Go's {b}."),
                format!("找到了：{t}，和 GNU Go 的 {b} 差不多好。"),
                format!("Tìm ra rồi: {t}, tốt gần bằng nước {b} của GNU Go."),
            ),
            Some(false) => Text::new(
                format!("不是这步：{t} 也不好。更好的是 {b}（三角）。"),
                format!(
                    "Not this one: {t} costs too much too. A better point is {b} (the triangle)."
                ),
                format!("不是這步：{t} 也不好。更好的是 {b}（三角）。"),
                format!(
                    "Không phải nước này: {t} cũng thiệt quá. Điểm tốt hơn là {b} (hình tam giác)."
                ),
            ),
        }
    }

    fn take_back(board: &mut SystemParamItem<Self::Board>, best: Move) {
        board.table.session.undo();
        if let Move::Play(p) = best {
            let mut markup = Markup::default();
            markup.toggle_shape(p, Shape::Triangle);
            board.table.set_markup(&markup);
        }
    }
}
