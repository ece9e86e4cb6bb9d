//! The help's question at the Xiangqi table: a move the warnings stop is held here
//! until it is answered.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use table::learn::Help;
use table::learn::shell::{Question, TutorAnswer};

use crate::app::actions::PlayCommand;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::messages::MoveAsked;
use crate::app::xiangqi::model::{Mode, Model};
use crate::games::xiangqi::tutor;
use crate::rules::{Color, Move};
use crate::settings::XiangqiSettings;

const SLUG: &str = "xiangqi";

/// The move held back and the position it was asked in.
#[derive(Resource, Default, Debug)]
pub struct Held(pub Option<(u64, Move)>);

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
        // A tutor warns too where it has no engine to ask after the move.
        let helped = match self.settings.help[table::learn::seat(mover == Color::Red)] {
            Help::Warnings => true,
            Help::Tutor | Help::TutorBlunders => {
                crate::engine::find(self.xq.engine.as_deref()).is_none()
            }
            _ => false,
        };
        let over = model.outcome().is_some() && !model.is_reviewing();
        if *self.mode.get() != Mode::Play || !helped || over || self.xq.computer == Some(mover) {
            return false;
        }
        let key = (pos.hash(), mv);
        if self.held.0 == Some(key) {
            self.held.0 = None;
            self.asked.write(Question {
                slug: SLUG,
                text: None,
            });
            info!("tutor: {mv} played anyway");
            return false;
        }
        let Some(warning) = tutor::warn(pos, mv) else {
            return false;
        };
        let text = tutor::words(pos, mv, &warning, self.xq.notation);
        info!("tutor asks about {mv}: {}", text.1);
        self.held.0 = Some(key);
        self.asked.write(Question {
            slug: SLUG,
            text: Some(text),
        });
        true
    }
}

/// The panel's answers and Esc; a question left behind when the board moves on (an
/// undo, a new game, a file) is dropped.
pub(crate) fn answer(
    mut answers: MessageReader<TutorAnswer>,
    mut commands: MessageReader<PlayCommand>,
    mut held: ResMut<Held>,
    mut asked: MessageWriter<Question>,
    mut moves: MessageWriter<MoveAsked>,
    model: Res<Model>,
    mode: Res<State<Mode>>,
) {
    let mut drop = commands.read().any(|c| *c == PlayCommand::Cancel);
    for a in answers.read().filter(|a| a.slug == SLUG) {
        match held.0 {
            Some((_, mv)) if a.play => _ = moves.write(MoveAsked(mv)),
            _ => drop = true,
        }
    }
    let stale = held.0.is_some_and(|(hash, _)| {
        hash != model.shown_position().hash() || *mode.get() != Mode::Play
    });
    if (drop || stale) && held.0.take().is_some() {
        asked.write(Question {
            slug: SLUG,
            text: None,
        });
        info!("tutor: question dropped");
    }
}
