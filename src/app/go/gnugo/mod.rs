//! GNU Go at the Go table, Go's own engine link (no Xiangqi engine is touched): it
//! plays a side and judges the dead stones (`opponent.rs`), shades who owns what with
//! its estimate of the score (`territory.rs`, A), shows its candidate moves with their
//! reasons (`hint.rs`, H), and reviews the game (`review.rs`, R and `]`). Each answer
//! is labelled as GNU Go's opinion. Every question runs on a thread of its own with a
//! fresh GNU Go told the whole game (GTP keeps no state worth trusting across undo and
//! variations); an answer for a position no longer shown is dropped.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;

use crate::app::go::GoTable;
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

/// Wakes the window, asleep until input, when an answer comes from a thread (none
/// headless).
#[derive(Clone)]
pub(crate) struct Wake(std::sync::Arc<Mutex<Option<WinitProxy>>>);

type WinitProxy = bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>;

impl Wake {
    pub(crate) fn of(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) -> Wake {
        Wake(std::sync::Arc::new(Mutex::new(
            proxy.map(|p| (**p).clone()),
        )))
    }

    /// Wakes the window.
    pub(crate) fn wake(&self) {
        if let Ok(proxy) = self.0.lock()
            && let Some(p) = proxy.as_ref()
        {
            let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    }
}

/// Which position a question is about.
pub(crate) fn stamp(table: &GoTable) -> u64 {
    table.game().position().board().hash()
        ^ (table.game().moves().len() as u64).rotate_left(20)
        ^ u64::from(table.counting().is_some()) << 63
}

/// A question out on its thread, for which position, and where its answer comes.
pub(crate) struct Pending<T> {
    /// The position asked about.
    pub(crate) asked: Option<u64>,
    coming: Option<Mutex<Receiver<(u64, Result<T, String>)>>>,
}

impl<T> Default for Pending<T> {
    fn default() -> Self {
        Pending {
            asked: None,
            coming: None,
        }
    }
}

impl<T: Send + 'static> Pending<T> {
    /// Whether an answer is still to come.
    pub(crate) fn busy(&self) -> bool {
        self.coming.is_some()
    }

    /// Asks a fresh GNU Go (its seed fixed: the same position, the same answer), told
    /// `game`, what `question` asks of it.
    pub(crate) fn ask(
        &mut self,
        (id, wake): (u64, Wake),
        game: Game,
        question: impl FnOnce(&mut Gtp, &Game) -> Result<T, EngineError> + Send + 'static,
    ) {
        let (send, receive) = channel();
        std::thread::spawn(move || {
            let answer = (|| {
                let path = gtp::find_gnugo()
                    .ok_or_else(|| "GNU Go (gnugo) is not installed".to_owned())?;
                let mut gnugo =
                    gtp::gnugo_seeded(&path, &game, LEVEL).map_err(|e| e.to_string())?;
                gnugo.set_game(&game).map_err(|e| e.to_string())?;
                question(&mut gnugo, &game).map_err(|e| e.to_string())
            })();
            // The window may be gone: nobody to tell.
            _ = send.send((id, answer));
            wake.wake();
        });
        self.asked = Some(id);
        self.coming = Some(Mutex::new(receive));
    }

    /// The answer, once it has come.
    pub(crate) fn take(&mut self) -> Option<(u64, Result<T, String>)> {
        let came = self
            .coming
            .as_ref()
            .and_then(|r| r.lock().ok()?.try_recv().ok());
        if came.is_some() {
            self.coming = None;
        }
        came
    }
}
