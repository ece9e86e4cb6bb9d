//! Time controls as players write them, and clock readings as PGN keeps them. No clock
//! runs here: keeping time is the caller's business (see `session::clock`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: a base time per side, an increment added after each of its moves,
/// and optionally 读秒 (byoyomi): once the base is spent, each move must be made within
/// that many seconds.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_rules::TimeControl;
///
/// let tc: TimeControl = "10+5".parse().unwrap();
/// assert_eq!(tc.base, Duration::from_secs(600));
/// assert_eq!(tc.increment, Duration::from_secs(5));
/// assert_eq!(tc.to_string(), "10+5");
/// assert_eq!(tc.pgn_tag(), "600+5");
/// assert_eq!("0:30+0".parse::<TimeControl>().unwrap().base, Duration::from_secs(30));
/// assert_eq!(TimeControl::from_pgn_tag("600+5"), Some(tc));
/// assert!("ten minutes".parse::<TimeControl>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's clock after each of its moves.
    pub increment: Duration,
    /// Each move's time once the base is spent, if the control has 读秒.
    pub byoyomi: Option<Duration>,
    /// How many 读秒 periods (at least 1): a period run out without a move is used up
    /// and the next begins; the last run out loses on time.
    pub periods: u8,
}

/// The most 读秒 periods a control may have.
pub const MAX_PERIODS: u8 = 10;

/// The most a clock may be set to: 10 hours.
const MAX: Duration = Duration::from_secs(10 * 3600);

/// The presets offered in the game: 5+3, 10+5, 15+10, 30+10.
pub const PRESETS: [TimeControl; 4] = [
    TimeControl::minutes(5, 3),
    TimeControl::minutes(10, 5),
    TimeControl::minutes(15, 10),
    TimeControl::minutes(30, 10),
];

impl TimeControl {
    /// `minutes` each, `increment` seconds per move, no 读秒.
    #[must_use]
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
            byoyomi: None,
            periods: 1,
        }
    }

    /// PGN's `TimeControl` tag: `600+5` (seconds). 读秒 has no PGN form; it is kept in a
    /// tag of its own (`Byoyomi`).
    #[must_use]
    pub fn pgn_tag(&self) -> String {
        format!("{}+{}", self.base.as_secs(), self.increment.as_secs())
    }

    /// Reads PGN's `TimeControl` tag (`600+5`, or `600` with no increment).
    #[must_use]
    pub fn from_pgn_tag(tag: &str) -> Option<TimeControl> {
        let (base, inc) = tag.trim().split_once('+').unwrap_or((tag.trim(), "0"));
        let base = Duration::from_secs(base.parse().ok()?);
        let increment = Duration::from_secs(inc.parse().ok()?);
        (base > Duration::ZERO && base <= MAX && increment <= MAX).then_some(TimeControl {
            base,
            increment,
            byoyomi: None,
            periods: 1,
        })
    }
}

/// Why a time control was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is not a time control: write minutes+increment (10+5), M:SS+increment (0:30+0), optionally /SECONDS of 读秒 (10+0/30); the base between 1 second and 10 hours"
)]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `10+5` (minutes + seconds), `0:30+0` (M:SS + seconds), `10` (no increment), with
    /// an optional `/30` for 30 seconds of 读秒, `/30x3` for three such periods.
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError(s.to_owned());
        let text = s.trim();
        let (main, byoyomi) = match text.split_once('/') {
            Some((m, b)) => (m, Some(b)),
            None => (text, None),
        };
        let (base, inc) = main.split_once('+').unwrap_or((main, "0"));
        let base = match base.trim().split_once(':') {
            Some((m, ss)) if ss.len() == 2 => {
                let m: u64 = m.parse().map_err(|_| bad())?;
                let ss: u64 = ss.parse().map_err(|_| bad())?;
                if ss >= 60 {
                    return Err(bad());
                }
                m.checked_mul(60).and_then(|m| m.checked_add(ss))
            }
            Some(_) => None,
            None => base
                .trim()
                .parse::<u64>()
                .ok()
                .and_then(|m| m.checked_mul(60)),
        }
        .ok_or_else(bad)?;
        let secs = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
        let (byoyomi, periods) = match byoyomi.map(|b| b.split_once(['x', 'X'])) {
            Some(Some((b, n))) => (Some(b), n.trim().parse::<u8>().map_err(|_| bad())?),
            Some(None) => (byoyomi, 1),
            None => (None, 1),
        };
        let tc = TimeControl {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(secs(inc)?),
            byoyomi: byoyomi.map(secs).transpose()?.map(Duration::from_secs),
            periods,
        };
        let sane = tc.base > Duration::ZERO
            && tc.base <= MAX
            && tc.increment <= MAX
            && tc.byoyomi.is_none_or(|b| b > Duration::ZERO && b <= MAX)
            && (1..=MAX_PERIODS).contains(&tc.periods);
        sane.then_some(tc).ok_or_else(bad)
    }
}

/// `10+5`, `0:30+0`, `10+0/30`, `10+0/30x3`: what [`FromStr`] reads.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.base.as_secs();
        if secs.is_multiple_of(60) {
            write!(f, "{}", secs / 60)?;
        } else {
            write!(f, "{}:{:02}", secs / 60, secs % 60)?;
        }
        write!(f, "+{}", self.increment.as_secs())?;
        if let Some(b) = self.byoyomi {
            write!(f, "/{}", b.as_secs())?;
            if self.periods > 1 {
                write!(f, "x{}", self.periods)?;
            }
        }
        Ok(())
    }
}

/// Each side's time control: the same for both, or time odds (让时), a different one
/// for each (the first side's, then the second's: Xiangqi's red and black, Go's black
/// and white). Written as one control, or two apart by a comma.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_rules::time::Controls;
///
/// let even: Controls = "10+5".parse().unwrap();
/// assert!(!even.is_odds());
/// let odds: Controls = "10+5, 3+5".parse().unwrap();
/// assert!(odds.is_odds());
/// assert_eq!(odds.0[1].base, Duration::from_secs(180));
/// assert_eq!(odds.to_string(), "10+5,3+5");
/// assert_eq!(even.to_string(), "10+5");
/// assert!("10+5,3+5,1+0".parse::<Controls>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Controls(pub [TimeControl; 2]);

impl Controls {
    /// Whether the sides have different controls.
    #[must_use]
    pub fn is_odds(&self) -> bool {
        self.0[0] != self.0[1]
    }
}

/// The same control for both sides.
impl From<TimeControl> for Controls {
    fn from(control: TimeControl) -> Controls {
        Controls([control; 2])
    }
}

impl FromStr for Controls {
    type Err = ParseTimeControlError;

    /// One control for both sides, or the first side's and the second's apart by a comma.
    fn from_str(s: &str) -> Result<Controls, ParseTimeControlError> {
        let mut parts = s.split(',');
        let first: TimeControl = parts.next().unwrap_or_default().parse()?;
        let second = match parts.next() {
            Some(t) => t.parse()?,
            None => first,
        };
        if parts.next().is_some() {
            return Err(ParseTimeControlError(s.to_owned()));
        }
        Ok(Controls([first, second]))
    }
}

/// `10+5`, or `10+5,3+5` with odds: what [`FromStr`] reads.
impl fmt::Display for Controls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0[0])?;
        if self.is_odds() {
            write!(f, ",{}", self.0[1])?;
        }
        Ok(())
    }
}

/// A clock reading as PGN's `[%clk H:MM:SS]` comment writes it (whole seconds; tenths
/// when under ten seconds are not kept).
#[must_use]
pub fn clk(remaining: Duration) -> String {
    let s = remaining.as_secs();
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// The first well-formed `[%clk …]` reading in a comment, if it has one, and the
/// comment without it (malformed ones stay as words).
///
/// ```
/// use std::time::Duration;
/// use xiangqi_rules::time::read_clk;
///
/// assert_eq!(
///     read_clk("[%clk 0:09:55] good move"),
///     Some((Duration::from_secs(595), "good move".to_owned()))
/// );
/// assert_eq!(read_clk("no clock"), None);
/// ```
#[must_use]
pub fn read_clk(comment: &str) -> Option<(Duration, String)> {
    comment
        .match_indices("[%clk")
        .find_map(|(start, _)| clk_at(comment, start))
}

/// The reading of the `[%clk` at byte `start` of `comment`, if it is well formed.
fn clk_at(comment: &str, start: usize) -> Option<(Duration, String)> {
    let end = start + comment[start..].find(']')?;
    let value = comment[start + 5..end].trim();
    let mut parts = value.split(':').rev();
    let secs: f64 = parts.next()?.parse().ok()?;
    let mins: u64 = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    let hours: u64 = parts.next().map_or(Some(0), |h| h.parse().ok())?;
    if !(0.0..60.0).contains(&secs) || mins >= 60 && hours > 0 || parts.next().is_some() {
        return None;
    }
    let total = Duration::from_secs(hours * 3600 + mins * 60) + Duration::from_secs_f64(secs);
    let rest = format!("{} {}", comment[..start].trim(), comment[end + 1..].trim());
    Some((total, rest.trim().to_owned()))
}

/// An evaluation as PGN's `[%eval …]` writes it, from red's side: pawns with two
/// decimals (`[%eval 0.35]`), or a mate (`[%eval #3]`, `[%eval #-2]`: black mates).
///
/// ```
/// use xiangqi_rules::time::{eval_text, read_eval};
/// use xiangqi_rules::tree::Eval;
///
/// assert_eq!(eval_text(Eval::Centipawns(-35)), "[%eval -0.35]");
/// assert_eq!(eval_text(Eval::Mate(3)), "[%eval #3]");
/// assert_eq!(read_eval("[%eval #-2] mate"), Some((Eval::Mate(-2), "mate".to_owned())));
/// assert_eq!(read_eval("[%eval 1.5]"), Some((Eval::Centipawns(150), String::new())));
/// assert_eq!(read_eval("[%eval lots]"), None);
/// ```
#[must_use]
pub fn eval_text(eval: crate::tree::Eval) -> String {
    match eval {
        crate::tree::Eval::Centipawns(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let a = cp.unsigned_abs();
            format!("[%eval {sign}{}.{:02}]", a / 100, a % 100)
        }
        crate::tree::Eval::Mate(n) => format!("[%eval #{n}]"),
    }
}

/// The first well-formed `[%eval …]` in a comment, if it has one, and the comment
/// without it.
#[must_use]
pub fn read_eval(comment: &str) -> Option<(crate::tree::Eval, String)> {
    comment.match_indices("[%eval").find_map(|(start, _)| {
        let end = start + comment[start..].find(']')?;
        let value = comment[start + 6..end].trim();
        let eval = match value.strip_prefix('#') {
            Some(n) => crate::tree::Eval::Mate(n.parse().ok()?),
            None => {
                let pawns: f64 = value.parse().ok()?;
                if !pawns.is_finite() || pawns.abs() > 1_000_000.0 {
                    return None;
                }
                crate::tree::Eval::Centipawns((pawns * 100.0).round() as i32)
            }
        };
        let rest = format!("{} {}", comment[..start].trim(), comment[end + 1..].trim());
        Some((eval, rest.trim().to_owned()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_players_write() {
        for (text, base, inc, byo) in [
            ("5+3", 300, 3, None),
            ("15+10", 900, 10, None),
            ("0:30+0", 30, 0, None),
            ("1:05+2", 65, 2, None),
            ("10", 600, 0, None),
            ("10+0/30", 600, 0, Some(30)),
            ("10+0/30x3", 600, 0, Some(30)),
            (" 30+10 ", 1800, 10, None),
        ] {
            let tc: TimeControl = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(tc.base.as_secs(), base, "{text}");
            assert_eq!(tc.increment.as_secs(), inc, "{text}");
            assert_eq!(tc.byoyomi.map(|b| b.as_secs()), byo, "{text}");
            assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
        }
        for bad in [
            "",
            "+5",
            "0+5",
            "0:00+0",
            "1:5+0",
            "1:60+0",
            "abc",
            "10+x",
            "10+5/0",
            "10+0/30x0",
            "10+0/30x11",
            "10+0/30x",
            "601+0",
            "99999999999999999999+0",
            "-1+0",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        let three: TimeControl = "10+0/30x3".parse().unwrap();
        assert_eq!(
            (three.periods, three.to_string().as_str()),
            (3, "10+0/30x3")
        );
        assert_eq!(
            "10+0/30x1".parse::<TimeControl>().unwrap().to_string(),
            "10+0/30"
        );
        assert_eq!("10+0/30".parse::<TimeControl>().unwrap().periods, 1);
        let err = "ten".parse::<TimeControl>().unwrap_err();
        assert!(err.to_string().contains("10+5"), "{err}");
    }

    #[test]
    fn clk_round_trips() {
        for secs in [0, 9, 59, 60, 595, 3599, 3600, 36000] {
            let d = Duration::from_secs(secs);
            assert_eq!(read_clk(&clk(d)), Some((d, String::new())), "{secs}");
        }
        assert_eq!(
            read_clk("{x} [%clk 1:02:03]"),
            Some((Duration::from_secs(3723), "{x}".to_owned()))
        );
        assert_eq!(read_clk("[%clk 1:2:3:4]"), None);
        assert_eq!(read_clk("[%clk soon]"), None);
        assert_eq!(
            read_clk("[%clk soon] [%clk 0:00:07]"),
            Some((Duration::from_secs(7), "[%clk soon]".to_owned()))
        );
    }
}
