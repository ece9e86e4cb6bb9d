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
