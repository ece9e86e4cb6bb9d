//! The dead stones suggested when the count opens: random playouts on a thread of their
//! own (a third of a second on 19×19), so the window never waits; what comes back is the
//! count unless the players marked stones first.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::go::{Point, suggest_dead};

/// Playouts a suggestion: enough for a stable vote on 19×19.
const PLAYOUTS: usize = 64;

/// The suggestion being made: for which position, and where it will come.
#[derive(Resource, Default)]
pub(crate) struct Suggesting {
    asked: Option<u64>,
    coming: Option<Mutex<Receiver<(u64, Vec<Point>)>>>,
}

/// Which count a suggestion is for: the game's length and its board.
fn stamp(table: &GoTable) -> u64 {
    table.game().position().board().hash() ^ (table.game().moves().len() as u64).rotate_left(32)
}

/// Asks for a suggestion when a count opens; hands it over when it comes.
pub(crate) fn suggest(
    mut table: ResMut<GoTable>,
    mut suggesting: ResMut<Suggesting>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let wanted = table
        .counting()
        .is_some_and(|c| !c.suggested)
        .then(|| stamp(&table));
    if let Some(id) = wanted
        && suggesting.asked != Some(id)
    {
        let pos = *table.game().position();
        let (send, receive) = channel();
        let wake = crate::app::go::gnugo::Wake::of(wake);
        std::thread::spawn(move || {
            // The window may be gone by the time it is done: nothing to tell then.
            _ = send.send((id, suggest_dead(&pos, PLAYOUTS, id)));
            wake.wake();
        });
        suggesting.asked = Some(id);
        suggesting.coming = Some(Mutex::new(receive));
    }
    let came = suggesting
        .coming
        .as_ref()
        .and_then(|r| r.lock().ok()?.try_recv().ok());
    if let Some((id, dead)) = came {
        suggesting.coming = None;
        if wanted == Some(id) {
            table.suggested(dead);
        }
    }
}
