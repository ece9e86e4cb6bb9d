//! The dead stones suggested when the count opens: random playouts on a thread of their
//! own (a third of a second on 19×19), so the window never waits; what comes back is the
//! count unless the players marked stones first.

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::store::jobs::{Job, Taken, Wake};
use crate::go::{Point, suggest_dead};

/// Playouts a suggestion: enough for a stable vote on 19×19.
const PLAYOUTS: usize = 64;

/// The suggestion being made (the shell's [`Job`]), keyed by the position.
#[derive(Resource, Default)]
pub(crate) struct Suggesting(Job<Vec<Point>>);

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
        && suggesting.0.asked() != Some(id)
    {
        let pos = *table.game().position();
        suggesting.0.start((id, Wake::of(wake)), move |_| {
            suggest_dead(&pos, PLAYOUTS, id)
        });
    }
    if let Taken::Came(id, dead) = suggesting.0.take()
        && wanted == Some(id)
    {
        table.suggested(dead);
    }
}
