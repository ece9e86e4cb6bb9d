//! The help's question at the Xiangqi table (`table::learn::ask`): when a person's
//! move is asked about, and the move held played when the answer is "Play it anyway".

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::ask::{self, Asking};
use table::learn::shell::Question;

use crate::app::shell::model::Settings;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::MoveAsked;
use crate::app::xiangqi::model::{Mode, Model};
use crate::games::xiangqi::tutor;
use crate::rules::{Color, Move};
use crate::settings::XiangqiSettings;

/// The move held back and the position it was asked in.
pub type Held = ask::Held<Xiangqi>;

/// What the question reads of the Xiangqi table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w> {
    model: Res<'w, Model>,
    mode: Res<'w, State<Mode>>,
    moves: MessageWriter<'w, MoveAsked>,
}

impl Asking for Xiangqi {
    type Move = Move;
    type Board = Board<'static>;

    fn here(board: &SystemParamItem<Self::Board>) -> Option<u64> {
        (*board.mode.get() == Mode::Play).then(|| board.model.shown_position().hash())
    }

    fn play(board: &mut SystemParamItem<Self::Board>, mv: Move) {
        board.moves.write(MoveAsked(mv));
    }
}

/// What a move of a person needs to be looked at before it is played.
#[derive(SystemParam)]
pub(crate) struct Helper<'w> {
    settings: Res<'w, Settings>,
    xq: Res<'w, XiangqiSettings>,
    mode: Res<'w, State<Mode>>,
    held: ResMut<'w, Held>,
    asked: MessageWriter<'w, Question>,
}

impl Helper<'_> {
    /// A game is played at the table (not a puzzle, a lesson or the editor).
    pub(crate) fn in_play(&self) -> bool {
        *self.mode.get() == Mode::Play
    }

    /// The move is held back for the question (not played now). The move asked about,
    /// played again in the same position, passes.
    pub(crate) fn holds(&mut self, model: &Model, mv: Move) -> bool {
        let pos = model.shown_position();
        let mover = pos.turn();
        let engine = self.xq.engine.as_deref();
        let helped = ask::warns(&self.settings.help, mover == Color::Red, || {
            crate::engine::find(engine).is_none()
        });
        let over = model.outcome().is_some() && !model.is_reviewing();
        if !self.in_play() || !helped || over || self.xq.computer == Some(mover) {
            return false;
        }
        let notation = self.xq.notation;
        ask::hold::<Xiangqi>(
            (&mut self.held, &mut self.asked),
            (pos.hash(), mv, &mv.to_string()),
            || tutor::warn(pos, mv).map(|w| tutor::words(pos, mv, &w, notation)),
        )
    }
}
