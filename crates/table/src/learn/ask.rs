//! The help's question, one flow for every game: before a move the rules call a loss at
//! once, the move is held back and the panel asks "Are you sure? …"
//! ([`Asked`](super::shell::Asked)). "Play it anyway", or the same move again where it
//! was asked, plays it; "Choose another move", Esc or a dropped selection drops it, and
//! so does the board moving on (an undo, a new game, a file, a lesson). The other side,
//! a computer, a lesson and a puzzle are never asked. Each game says where its board
//! stands, words the warning and plays the move held ([`Asking`]).

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::shell::{Question, TutorAnswer};
use super::{Help, Text, seat};
use crate::actions::PlayCommand;
use crate::shell::table::TableGame;

/// A game's part in the help's question.
pub trait Asking: TableGame {
    /// A move of the game.
    type Move: Copy + PartialEq + Send + Sync + std::fmt::Debug + 'static;
    /// What the question reads of the game's table and writes to it.
    type Board: SystemParam + 'static;
    /// Where a game is being played on the board now: a move asked about again there
    /// passes, and the board anywhere else drops the question. `None`: no game is being
    /// played (a lesson, a puzzle, the editor).
    fn here(board: &SystemParamItem<Self::Board>) -> Option<u64>;
    /// Plays the move held (the answer "Play it anyway").
    fn play(board: &mut SystemParamItem<Self::Board>, mv: Self::Move);
}

/// The move held back at a game's table, and where it was asked.
#[derive(Resource, Debug)]
pub struct Held<G: Asking>(pub Option<(u64, G::Move)>);

impl<G: Asking> Default for Held<G> {
    fn default() -> Self {
        Held(None)
    }
}

/// Whether the help of the side to move stops a move before it is played (`first`: that
/// side moves first in the game): the warnings do, and a tutor does where it has no
/// engine to look after the move (`no_engine`).
pub fn warns(help: &[Help; 2], first: bool, no_engine: impl FnOnce() -> bool) -> bool {
    match help[seat(first)] {
        Help::Warnings => true,
        Help::Tutor | Help::TutorBlunders => no_engine(),
        _ => false,
    }
}

/// Holds `mv`, named `name`, back at `here` if the rules stop it (`warning` words why):
/// `true`, and the question asked. The move asked about, played again at the same place,
/// passes and the question goes.
pub fn hold<G: Asking>(
    (held, asked): (&mut Held<G>, &mut MessageWriter<Question>),
    (here, mv, name): (u64, G::Move, &str),
    warning: impl FnOnce() -> Option<Text>,
) -> bool {
    if held.0 == Some((here, mv)) {
        held.0 = None;
        asked.write(Question {
            slug: G::SLUG,
            text: None,
        });
        info!("tutor: {name} played anyway");
        return false;
    }
    let Some(text) = warning() else {
        return false;
    };
    info!(
        "tutor asks about {name}: {}",
        text.get(crate::i18n::Lang::En)
    );
    held.0 = Some((here, mv));
    asked.write(Question {
        slug: G::SLUG,
        text: Some(text),
    });
    true
}

/// The panel's answers and Esc; a question left behind when the board moves on is
/// dropped.
pub fn answer<G: Asking>(
    mut answers: MessageReader<TutorAnswer>,
    mut commands: MessageReader<PlayCommand>,
    mut held: ResMut<Held<G>>,
    mut asked: MessageWriter<Question>,
    mut board: StaticSystemParam<G::Board>,
) {
    let mut drop = commands.read().any(|c| *c == PlayCommand::Cancel);
    for a in answers.read().filter(|a| a.slug == G::SLUG) {
        match held.0 {
            Some((_, mv)) if a.play => G::play(&mut board, mv),
            _ => drop = true,
        }
    }
    let stale = held.0.is_some_and(|(at, _)| G::here(&board) != Some(at));
    if (drop || stale) && held.0.take().is_some() {
        asked.write(Question {
            slug: G::SLUG,
            text: None,
        });
        info!("tutor: question dropped");
    }
}
