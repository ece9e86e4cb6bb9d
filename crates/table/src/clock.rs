//! How a clock's time left is shown, whatever game runs it.

use std::time::Duration;

/// Under this a clock shows tenths, turns red and ticks once.
pub const LOW: Duration = Duration::from_secs(10);

/// A clock's time as the players read it: `9:55`, `1:02:03`, `9.4` under ten seconds.
///
/// ```
/// use std::time::Duration;
/// use table::clock::format_left;
/// assert_eq!(format_left(Duration::from_secs(595)), "9:55");
/// assert_eq!(format_left(Duration::from_secs(3723)), "1:02:03");
/// assert_eq!(format_left(Duration::from_millis(9_450)), "9.4");
/// ```
#[must_use]
pub fn format_left(left: Duration) -> String {
    let secs = left.as_secs();
    if left < LOW {
        format!("{}.{}", secs, left.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Every frame's time is the moment the frame starts, not the moment the renderer
/// finished the one before (Bevy's default, read one frame late): after the window has
/// slept through a pause, the waking frame must carry the sleep, while the clock is still
/// stopped, not the frame after it, once a Space in the waking frame has restarted the
/// clock (issue 91: a 15 s pause was charged on resume, a 12 s one cost a 读秒 period).
#[cfg(feature = "shell")]
pub(crate) fn plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    use bevy::time::{TimeReceiver, TimeSystems};
    /// The renderer's instants are emptied before Bevy's time system reads them: it then
    /// takes the instant of now (its fallback when none was sent; it warns only once one
    /// has been received, which this never lets happen).
    fn now_not_the_last_render(receiver: Option<Res<TimeReceiver>>) {
        if let Some(receiver) = receiver {
            while receiver.0.try_recv().is_ok() {}
        }
    }
    // It touches the renderer's channel alone: its order beside First's other systems
    // (the messages' update) is no matter, only that it comes before the time's.
    app.add_systems(
        First,
        now_not_the_last_render
            .before(TimeSystems)
            .ambiguous_with_all(),
    );
}

#[cfg(all(test, feature = "shell"))]
mod tests {
    use std::time::{Duration, Instant};

    use bevy::prelude::*;
    use bevy::time::{TimePlugin, create_time_channels};

    /// A frame woken after a long sleep carries the sleep itself, even when the renderer
    /// sent the instant its last frame before the sleep was shown.
    #[test]
    fn the_waking_frame_carries_the_sleep() {
        let mut app = App::new();
        app.add_plugins((TimePlugin, super::plugin));
        let (sender, receiver) = create_time_channels();
        app.insert_resource(receiver);
        app.update();
        // The renderer shows a frame, then the window sleeps.
        sender.0.try_send(Instant::now()).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        app.update();
        let delta = app.world().resource::<Time<Real>>().delta();
        assert!(
            delta >= Duration::from_millis(300),
            "the waking frame's time is the sleep: {delta:?}"
        );
    }
}
