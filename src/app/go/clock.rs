//! The Go clock in the window: the frame's time fed to the session's clock, the
//! window woken when the shown time changes, the readings the panel shows.

use std::time::Duration;

use bevy::prelude::*;

use crate::app::go::{GoHappened, GoTable};
use crate::app::shell::access::Called;
use crate::app::shell::model::Settings;
pub use crate::games::go::GoClock;
use crate::go::Color;

/// Lets the frame's time go by on the running Go clock; a flag fall ends the game.
pub(crate) fn tick(
    (time, settings): (Res<Time<Real>>, Res<Settings>),
    mut table: ResMut<GoTable>,
    mut happened: MessageWriter<GoHappened>,
    mut calls: MessageWriter<Called>,
) {
    let Some(clock) = table.clock() else {
        return;
    };
    let Some(side) = clock.running() else {
        return;
    };
    let reading = clock.reading();
    // Time passing is not a change of the game (the board is not redrawn for it).
    if table.bypass_change_detection().tick(time.delta()) {
        table.set_changed();
        happened.write(GoHappened::Ended);
    }
    if let Some(clock) = table.clock()
        && let Some(call) = clock.call(reading, side)
    {
        let left = clock.left(side).as_secs_f64();
        info!("go clock {call:?}: {left:.3} left");
        calls.write(Called(crate::i18n::clock_call(call, settings.lang)));
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
