//! The help's question at the Go table (`table::learn::ask`): when a person's stone is
//! asked about, and the stone held played when the answer is "Play it anyway".

use std::hash::{Hash, Hasher};

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::ask::{self, Asking};
use table::learn::shell::{BoardLent, Question};

use crate::app::go::game::Go;
use crate::app::go::{GoCommand, GoTable};
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::games::go::tutor;
use crate::go::{Color, Move};

/// The stone held back and where it was asked.
pub type Held = ask::Held<Go>;

/// Where a stone is asked: the board and the side to move.
fn here(table: &GoTable) -> u64 {
    let pos = table.game().position();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (pos.board().hash(), pos.to_move() == Color::Black).hash(&mut h);
    h.finish()
}

/// What the question reads of the Go table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w> {
    table: Res<'w, GoTable>,
    stones: MessageWriter<'w, GoCommand>,
}

impl Asking for Go {
    type Move = Move;
    type Board = Board<'static>;

    fn here(board: &SystemParamItem<Self::Board>) -> Option<u64> {
        Some(here(&board.table))
    }

    fn play(board: &mut SystemParamItem<Self::Board>, mv: Move) {
        board.stones.write(GoCommand::Play(mv));
    }
}

/// What a stone of a person needs to be looked at before it is played.
#[derive(SystemParam)]
pub(crate) struct Helper<'w> {
    settings: Res<'w, Settings>,
    lent: BoardLent<'w>,
    held: ResMut<'w, Held>,
    asked: MessageWriter<'w, Question>,
}

impl Helper<'_> {
    /// The stone is held back for the question (not played now). The stone asked
    /// about, played again in the same position, passes.
    pub(crate) fn holds(&mut self, table: &GoTable, mv: Move) -> bool {
        let game = table.game();
        let mover = game.position().to_move();
        let helped = ask::warns(&self.settings.help, mover == Color::Black, || {
            crate::engine::gtp::find_gnugo().is_none()
        });
        let playing = table.counting().is_none() && table.result().is_none();
        let slug = <Go as TableGame>::SLUG;
        if !helped || !playing || table.setup.computer == Some(mover) || self.lent.lent(slug) {
            return false;
        }
        let size = table.size();
        ask::hold::<Go>(
            (&mut self.held, &mut self.asked),
            (here(table), mv, &mv.gtp(size)),
            || tutor::warn(game.position(), mv, game.rules()).map(|w| tutor::words(&w, size)),
        )
    }
}
