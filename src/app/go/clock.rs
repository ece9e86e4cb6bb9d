//! The Go clock in the window: the frame's time fed to the session's clock, the
//! window woken when the shown time changes, the readings the panel shows.

use std::time::Duration;

use bevy::prelude::*;

use crate::app::go::{GoHappened, GoTable};
pub use crate::games::go::GoClock;
use crate::go::Color;

/// Lets the frame's time go by on the running Go clock; a flag fall ends the game.
pub(crate) fn tick(
    time: Res<Time<Real>>,
    mut table: ResMut<GoTable>,
    mut happened: MessageWriter<GoHappened>,
) {
    if table.clock().is_none_or(|c| c.running().is_none()) {
        return;
    }
    // Time passing is not a change of the game (the board is not redrawn for it).
    if table.bypass_change_detection().tick(time.delta()) {
        table.set_changed();
        happened.write(GoHappened::Ended);
    }
}

/// How long the window may sleep: until the running Go clock's shown time changes.
#[must_use]
pub fn wake_in(table: &GoTable) -> Option<Duration> {
    let clock = table.clock()?;
    let running = clock.running()?;
    Some(crate::clock::period(clock.left(running)))
}

/// The clock as the panel shows it: each side's time, and which runs.
#[must_use]
pub fn shown(clock: &GoClock) -> [(Duration, bool, bool); 2] {
    [Color::Black, Color::White].map(|c| {
        (
            clock.left(c),
            clock.running() == Some(c),
            clock.in_byoyomi(c),
        )
    })
}
