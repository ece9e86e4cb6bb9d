//! The help's question at the Go table: a stone the warnings stop is held here until it
//! is answered.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use table::learn::Help;
use table::learn::shell::{Learning, Question, TutorAnswer};

use crate::app::actions::PlayCommand;
use crate::app::go::{GoCommand, GoTable};
use crate::app::shell::model::Settings;
use crate::games::go::tutor;
use crate::go::{Color, Move};

const SLUG: &str = "go";

/// The position a stone was asked about in: the board and the side to move.
type Key = (u64, Color, Move);

/// The stone held back and where it was asked.
#[derive(Resource, Default, Debug)]
pub struct Held(pub Option<Key>);

fn key(table: &GoTable, mv: Move) -> Key {
    let pos = table.game().position();
    (pos.board().hash(), pos.to_move(), mv)
}

/// What a stone of a person needs to be looked at before it is played.
#[derive(SystemParam)]
pub(crate) struct Helper<'w> {
    settings: Res<'w, Settings>,
    learning: Res<'w, Learning>,
    practice: Res<'w, table::learn::practice::Practice>,
    guesses: Res<'w, table::learn::guess::Guesses>,
    held: ResMut<'w, Held>,
    asked: MessageWriter<'w, Question>,
}

impl Helper<'_> {
    /// The stone is held back for the question (not played now). The stone asked
    /// about, played again in the same position, passes.
    pub(crate) fn holds(&mut self, table: &GoTable, mv: Move) -> bool {
        let game = table.game();
        let mover = game.position().to_move();
        // A tutor warns too where GNU Go is not there to ask after the stone.
        let helped = match self.settings.help[table::learn::seat(mover == Color::Black)] {
            Help::Warnings => true,
            Help::Tutor | Help::TutorBlunders => crate::engine::gtp::find_gnugo().is_none(),
            _ => false,
        };
        let playing = table.counting().is_none() && table.result().is_none();
        if !helped
            || !playing
            || table.setup.computer == Some(mover)
            || self.learning.lesson(SLUG).is_some()
            || self.practice.drill(SLUG).is_some()
            || self.guesses.open.contains_key(SLUG)
        {
            return false;
        }
        let key = key(table, mv);
        if self.held.0 == Some(key) {
            self.held.0 = None;
            self.asked.write(Question {
                slug: SLUG,
                text: None,
            });
            info!("tutor: {} played anyway", mv.gtp(table.size()));
            return false;
        }
        let Some(warning) = tutor::warn(game.position(), mv, game.rules()) else {
            return false;
        };
        let text = tutor::words(&warning, table.size());
        info!("tutor asks about {}: {}", mv.gtp(table.size()), text.1);
        self.held.0 = Some(key);
        self.asked.write(Question {
            slug: SLUG,
            text: Some(text),
        });
        true
    }
}

/// The panel's answers and Esc; a question left behind when the board moves on is
/// dropped.
pub(crate) fn answer(
    mut answers: MessageReader<TutorAnswer>,
    mut commands: MessageReader<PlayCommand>,
    mut held: ResMut<Held>,
    mut asked: MessageWriter<Question>,
    mut moves: MessageWriter<GoCommand>,
    table: Res<GoTable>,
) {
    let mut drop = commands.read().any(|c| *c == PlayCommand::Cancel);
    for a in answers.read().filter(|a| a.slug == SLUG) {
        match held.0 {
            Some((_, _, mv)) if a.play => _ = moves.write(GoCommand::Play(mv)),
            _ => drop = true,
        }
    }
    let stale = held.0.is_some_and(|k| key(&table, k.2) != k);
    if (drop || stale) && held.0.take().is_some() {
        asked.write(Question {
            slug: SLUG,
            text: None,
        });
        info!("tutor: question dropped");
    }
}
