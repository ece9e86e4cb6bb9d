//! GNU Go at the Go table, Go's own engine link (no Xiangqi engine is touched): it
//! plays a side and judges the dead stones (`opponent.rs`), shades who owns what with
//! its estimate of the score (`territory.rs`, A), shows its candidate moves with their
//! reasons (`hint.rs`, H), and reviews the game (`review.rs`, R and `]`). Each answer
//! is labelled as GNU Go's opinion. Every question runs on a thread of its own with a
//! fresh GNU Go told the whole game (GTP keeps no state worth trusting across undo and
//! variations); an answer for a position no longer shown is dropped.

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::store::jobs::{Job, Taken};
use crate::engine::EngineError;
use crate::engine::gtp::{self, Gtp};
use crate::go::Game;

pub mod hint;
pub(crate) mod opponent;
pub mod review;
pub mod territory;

/// GNU Go's level for its opinions (the territory, a hint): as the opponent's.
const LEVEL: u8 = crate::games::go::review::LEVEL;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<opponent::Asking>()
        .init_resource::<territory::Territory>()
        .init_resource::<hint::Hinted>()
        .init_resource::<review::GoReviewed>();
}

pub(crate) use crate::app::store::jobs::Wake;

/// Which position a question is about.
pub(crate) fn stamp(table: &GoTable) -> u64 {
    table.game().position().board().hash()
        ^ (table.game().moves().len() as u64).rotate_left(20)
        ^ u64::from(table.counting().is_some()) << 63
}

/// A question to GNU Go out on its thread (the shell's [`Job`]), for which position.
pub(crate) struct Pending<T>(Job<Result<T, String>>);

impl<T> Default for Pending<T> {
    fn default() -> Self {
        Pending(Job::default())
    }
}

impl<T: Send + 'static> Pending<T> {
    /// Whether an answer is still to come.
    pub(crate) fn busy(&self) -> bool {
        self.0.busy()
    }

    /// Asks a fresh GNU Go (its seed fixed: the same position, the same answer), told
    /// `game`, what `question` asks of it.
    pub(crate) fn ask(
        &mut self,
        asked: (u64, Wake),
        game: Game,
        question: impl FnOnce(&mut Gtp, &Game) -> Result<T, EngineError> + Send + 'static,
    ) {
        self.0.start(asked, move |_| {
            let path =
                gtp::find_gnugo().ok_or_else(|| "GNU Go (gnugo) is not installed".to_owned())?;
            let mut gnugo = gtp::gnugo_seeded(&path, &game, LEVEL).map_err(|e| e.to_string())?;
            gnugo.set_game(&game).map_err(|e| e.to_string())?;
            question(&mut gnugo, &game).map_err(|e| e.to_string())
        });
    }

    /// The answer, once it has come; a thread that ended without one answers that.
    pub(crate) fn take(&mut self) -> Option<(u64, Result<T, String>)> {
        let asked = self.0.asked().unwrap_or_default();
        match self.0.take() {
            Taken::Waiting => None,
            Taken::Came(id, answer) => Some((id, answer)),
            Taken::Lost => Some((asked, Err("GNU Go's thread stopped".to_owned()))),
        }
    }
}
