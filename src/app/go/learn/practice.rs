//! A player's own mistakes practised at the Go table (Shift+F4): the position before
//! the mistake becomes the table's game (the game put aside, as in lessons: nothing
//! autosaved, GNU Go not playing, no help); GNU Go's own point is found at once, any
//! other stone is asked of GNU Go as its review asks, and counts when the review would
//! not mark it (it costs under 5 points by GNU Go's estimate). A miss is taken back and
//! GNU Go's point marked with a triangle.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::practice::{DrillState, Practice};
use table::learn::shell::Learning;

use crate::app::BoardChanged;
use crate::app::go::{GoHappened, GoSetup, GoTable};
use crate::games::go::Session;
use crate::go::markup::{Markup, Shape};
use crate::go::text::read_diagram;
use crate::go::{Color, Game, Move, Position, Rules};

use super::look::GoLook;
use table::learn::Looked;

const SLUG: &str = "go";

/// The game put aside and GNU Go's look at a stone tried.
#[derive(Resource, Default)]
pub struct GoPractice {
    stash: Option<Session>,
    look: Option<GoLook>,
}

impl GoPractice {
    /// A drill is on the board.
    #[must_use]
    pub fn on(&self) -> bool {
        self.stash.is_some()
    }
}

/// The board takes stones: no drill, or one waiting for its stone.
#[must_use]
pub fn takes_moves(practice: &Practice) -> bool {
    practice
        .drill(SLUG)
        .is_none_or(|d| d.state == DrillState::Going)
}

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

/// Sets the drill's position up on the goban, or brings the game back once it is gone.
pub(crate) fn board(
    mut practice: ResMut<Practice>,
    mut mine: ResMut<GoPractice>,
    mut table: ResMut<GoTable>,
    mut changed: MessageWriter<BoardChanged>,
    learning: Res<Learning>,
) {
    // Not over a lesson: it gives the board back first.
    if learning.lesson(SLUG).is_some() && practice.drill(SLUG).is_some_and(|d| !d.shown) {
        info!("practice: not over a lesson");
        practice.open.remove(SLUG);
        return;
    }
    let Some(drill) = practice.open.get_mut(SLUG) else {
        if let Some(game) = mine.stash.take() {
            table.session = game;
            changed.write(BoardChanged);
            info!("practice: the game is back");
        }
        return;
    };
    if drill.shown {
        return;
    }
    let Some(pos) = position_of(&drill.position) else {
        warn!("practice: {} does not read", drill.position);
        practice.open.remove(SLUG);
        return;
    };
    drill.shown = true;
    let size = pos.board().size();
    let mut setup = GoSetup::of(size, 0);
    setup.computer = None;
    setup.level = table.setup.level;
    let session = Session::from_game(Game::from_position(pos, Rules::CHINESE, 0), setup);
    if mine.stash.is_none() {
        mine.stash = Some(std::mem::replace(&mut table.session, session));
    } else {
        table.session = session;
    }
    mine.look = None;
    changed.write(BoardChanged);
}

/// The player's stone judged: GNU Go's point at once, another by GNU Go.
pub(crate) fn judge(
    mut happened: MessageReader<GoHappened>,
    mut practice: ResMut<Practice>,
    mut learning: ResMut<Learning>,
    mut mine: ResMut<GoPractice>,
    mut table: ResMut<GoTable>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let stone = happened
        .read()
        .any(|h| matches!(h, GoHappened::Played { .. }));
    let Some(drill) = practice.drill(SLUG) else {
        return;
    };
    let size = table.size();
    let Ok(best) = Move::from_gtp(&drill.mistake.best, size) else {
        return;
    };
    if stone && drill.state == DrillState::Going && drill.shown {
        let game = table.game().clone();
        let Some(&tried) = game.moves().last() else {
            return;
        };
        if tried == best {
            let text = Text(
                format!("找到了：{}，正是 GNU Go 的着法。", tried.gtp(size)),
                format!("Found: {}, GNU Go's own point.", tried.gtp(size)),
            );
            practice.answer(&mut learning, SLUG, true, text);
            return;
        }
        match GoLook::start(&game, crate::app::store::jobs::Wake::of(wake)) {
            Some(look) => {
                mine.look = Some(look);
                if let Some(d) = practice.open.get_mut(SLUG) {
                    d.state = DrillState::Judging;
                }
                info!("practice: GNU Go looks at {}", tried.gtp(size));
            }
            None => missed(&mut practice, &mut learning, &mut table, tried, best),
        }
        return;
    }
    let Some(look) = mine.look.as_mut() else {
        return;
    };
    let tried = look.game.moves().last().copied().unwrap_or(Move::Pass);
    let found = match look.poll() {
        Looked::Waiting => return,
        Looked::Done(step) => crate::games::go::tutor::as_good(&step),
        Looked::Failed => false,
    };
    mine.look = None;
    if found {
        let text = Text(
            format!(
                "找到了：{}，和 GNU Go 的 {} 差不多好。",
                tried.gtp(size),
                best.gtp(size)
            ),
            format!(
                "Found: {}, about as good as GNU Go's {}.",
                tried.gtp(size),
                best.gtp(size)
            ),
        );
        practice.answer(&mut learning, SLUG, true, text);
    } else {
        missed(&mut practice, &mut learning, &mut table, tried, best);
    }
}

/// A miss: kept, the stone taken back, GNU Go's point marked.
fn missed(
    practice: &mut Practice,
    learning: &mut Learning,
    table: &mut GoTable,
    tried: Move,
    best: Move,
) {
    let size = table.size();
    let text = Text(
        format!(
            "不是这步：{} 也不好。更好的是 {}（三角）。",
            tried.gtp(size),
            best.gtp(size)
        ),
        format!(
            "Not this one: {} costs too much too. A better point is {} (the triangle).",
            tried.gtp(size),
            best.gtp(size)
        ),
    );
    practice.answer(learning, SLUG, false, text);
    table.session.undo();
    if let Move::Play(p) = best {
        let mut markup = Markup::default();
        markup.toggle_shape(p, Shape::Triangle);
        table.set_markup(&markup);
    }
}
