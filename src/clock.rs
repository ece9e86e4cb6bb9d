//! A chess clock for two, as arithmetic on the durations the caller feeds it: the GUI
//! passes each frame's real time to [`Clock::tick`], tests pass whatever they like.

use std::time::Duration;
pub use table::clock::{LOW, format_left};

use crate::rules::{Color, Controls, TimeControl};

/// A side of a game for two, as a clock counts it: either game's colours, each clock
/// typed by its own game's (no colour of one game stands for another's).
pub trait Side: Copy + Eq + std::fmt::Debug + std::ops::Not<Output = Self> {
    /// 0 for the side that moves first in a game without handicap, 1 for the other:
    /// where [`Reading`] keeps its time.
    fn index(self) -> usize;
}

impl Side for Color {
    fn index(self) -> usize {
        Color::index(self)
    }
}

impl Side for go_rules::Color {
    fn index(self) -> usize {
        go_rules::Color::index(self)
    }
}

/// The two sides of a clock for a real board: whoever plays first, and the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The side that moves first (red, or black at Go): the left half.
    First,
    /// The other side: the right half.
    Second,
}

impl std::ops::Not for Seat {
    type Output = Seat;
    fn not(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl Side for Seat {
    fn index(self) -> usize {
        usize::from(self == Seat::Second)
    }
}

/// Both sides' time at one moment: what undo goes back to and PGN's `[%clk]` records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// Time left, by [`Side::index`]: red's then black's, or black's then white's (in
    /// 读秒: what is left of the current period).
    pub left: [Duration; 2],
    /// Whether a side has spent its base time and plays in 读秒.
    pub in_byoyomi: [bool; 2],
    /// How many of its 读秒 periods a side has used up.
    pub used: [u8; 2],
}

/// A game clock: one side's time runs while the other's waits.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::rules::{Color, TimeControl};
/// use xiangqi::clock::Clock;
///
/// let mut clock = Clock::new("0:10+2".parse::<TimeControl>().unwrap(), Color::Red);
/// clock.resume();
/// assert_eq!(clock.tick(Duration::from_secs(3)), None);
/// clock.moved(Color::Red); // 7 s left, plus 2
/// assert_eq!(clock.left(Color::Red), Duration::from_secs(9));
/// assert_eq!(clock.running(), Some(Color::Black));
/// assert_eq!(clock.tick(Duration::from_secs(11)), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock<S: Side = Color> {
    /// Each side's control, by [`Side::index`] (time odds: two apart).
    controls: Controls,
    now: Reading,
    /// The side whose turn it is: its clock runs unless paused.
    turn: S,
    paused: bool,
}

impl<S: Side> Clock<S> {
    /// A clock set to `controls` (one for both sides, or each side's), `turn` to move,
    /// paused.
    #[must_use]
    pub fn new(controls: impl Into<Controls>, turn: S) -> Clock<S> {
        let controls = controls.into();
        Clock {
            controls,
            now: Reading {
                left: controls.0.map(|c| c.base),
                in_byoyomi: [false; 2],
                used: [0; 2],
            },
            turn,
            paused: true,
        }
    }

    /// Both sides' controls.
    #[must_use]
    pub fn controls(&self) -> Controls {
        self.controls
    }

    /// `side`'s control.
    #[must_use]
    pub fn control_of(&self, side: S) -> TimeControl {
        self.controls.0[side.index()]
    }

    /// Both sides' time now.
    #[must_use]
    pub fn reading(&self) -> Reading {
        self.now
    }

    /// Sets both sides' time and whose turn it is (after undo, redo, a resume).
    pub fn set(&mut self, reading: Reading, turn: S) {
        self.now = reading;
        self.turn = turn;
    }

    /// `side`'s time left.
    #[must_use]
    pub fn left(&self, side: S) -> Duration {
        self.now.left[side.index()]
    }

    /// Whether `side` is in 读秒.
    #[must_use]
    pub fn in_byoyomi(&self, side: S) -> bool {
        self.now.in_byoyomi[side.index()]
    }

    /// What a card writes beside `side`'s time in 读秒: `words` ("读秒"), with the
    /// periods left when the control has more than one ("读秒 ×2"); `None` before it.
    #[must_use]
    pub fn byoyomi_words(&self, side: S, words: &str) -> Option<String> {
        let i = side.index();
        if !self.now.in_byoyomi[i] {
            return None;
        }
        let periods = self.controls.0[i].periods;
        Some(if periods > 1 {
            format!("{words} ×{}", periods.saturating_sub(self.now.used[i]))
        } else {
            words.to_owned()
        })
    }

    /// The side whose time is running, if any.
    #[must_use]
    pub fn running(&self) -> Option<S> {
        (!self.paused).then_some(self.turn)
    }

    /// Whether the clock is stopped.
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Stops the running side's time.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Lets the side to move's time run.
    pub fn resume(&mut self) {
        self.paused = false;
    }

    /// Advances the running side's time by `elapsed`. Returns the side whose time ran
    /// out (its flag fell; the clock stops), if one did.
    pub fn tick(&mut self, elapsed: Duration) -> Option<S> {
        if self.paused {
            return None;
        }
        let i = self.turn.index();
        let left = self.now.left[i];
        if elapsed < left {
            self.now.left[i] = left - elapsed;
            return None;
        }
        // The base (or a period) is spent: the next period begins with what is left of
        // this move's time, while there is one.
        if let Some(period) = self.controls.0[i].byoyomi {
            let periods = self.controls.0[i].periods.max(1);
            let mut over = elapsed - left;
            if !self.now.in_byoyomi[i] {
                self.now.in_byoyomi[i] = true;
            } else {
                self.now.used[i] = self.now.used[i].saturating_add(1);
            }
            while self.now.used[i] < periods {
                if over < period {
                    self.now.left[i] = period - over;
                    return None;
                }
                over -= period;
                self.now.used[i] += 1;
            }
            self.now.used[i] = periods;
        }
        self.now.left[i] = Duration::ZERO;
        self.paused = true;
        Some(self.turn)
    }

    /// `mover` has moved: its time stops and gains the increment (in 读秒, a fresh
    /// period), and the other side's time runs.
    pub fn moved(&mut self, mover: S) {
        let i = mover.index();
        let control = self.controls.0[i];
        match control.byoyomi {
            Some(period) if self.now.in_byoyomi[i] => self.now.left[i] = period,
            _ => self.now.left[i] += control.increment,
        }
        self.turn = !mover;
        self.paused = false;
    }
}

/// What the clock's voice calls as a side's 读秒 runs: that it has begun, each period
/// used up, and each of the last ten seconds of a period as it comes ("十、九、八…").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// The base is spent: 读秒 begins (with this many periods).
    Byoyomi(u8),
    /// A period was used up: the how-manieth, and how many are left (1: the last).
    PeriodUsed {
        /// Periods used up so far (1: the first).
        used: u8,
        /// Periods left, the one beginning among them.
        left: u8,
    },
    /// This many whole seconds are left of the period (10 down to 1).
    Seconds(u8),
}

impl<S: Side> Clock<S> {
    /// The call due as `side`'s time went from `before` to now (one tick): `None` most
    /// of the time, and always for a control without 读秒. A second is called as it
    /// begins: "ten" when ten seconds are left.
    #[must_use]
    pub fn call(&self, before: Reading, side: S) -> Option<Call> {
        let i = side.index();
        self.controls.0[i].byoyomi?;
        if !self.now.in_byoyomi[i] {
            return None;
        }
        let periods = self.controls.0[i].periods.max(1);
        if !before.in_byoyomi[i] {
            return Some(Call::Byoyomi(periods));
        }
        let used = self.now.used[i];
        if used > before.used[i] {
            // The last period run out is the flag, not a period to call.
            let left = periods.saturating_sub(used);
            return (left > 0).then_some(Call::PeriodUsed { used, left });
        }
        // Whole seconds rounded up from nanoseconds: from milliseconds, 5.0005 s would
        // count as five, and "five" be called half a millisecond early.
        let whole = |d: Duration| d.as_nanos().div_ceil(1_000_000_000);
        let (was, is) = (whole(before.left[i]), whole(self.now.left[i]));
        (is < was && (1..=10).contains(&is)).then_some(Call::Seconds(is as u8))
    }
}

/// How often the window wakes while a clock runs: every second, every tenth under ten
/// seconds. A fixed period, not the time to the next change: bevy_winit redraws at once
/// whenever the update mode changes, so a wait recomputed each frame would wake it
/// continuously.
#[must_use]
pub fn period(left: Duration) -> Duration {
    if left < LOW + Duration::from_secs(1) {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: fn(u64) -> Duration = Duration::from_secs;

    /// Runs `side`'s clock `ms` at a time for `total` ms, collecting the calls.
    fn calls(c: &mut Clock, side: Color, ms: u64, total: u64) -> Vec<(u64, Call)> {
        let mut heard = Vec::new();
        for n in 1..=total / ms {
            let before = c.reading();
            if c.tick(Duration::from_millis(ms)).is_some() {
                break;
            }
            heard.extend(c.call(before, side).map(|call| (n * ms, call)));
        }
        heard
    }

    #[test]
    fn byoyomi_is_called_when_it_begins_then_its_last_ten_seconds() {
        let mut c = Clock::new("0:05+0/30".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        let heard = calls(&mut c, Color::Red, 100, 40_000);
        let mut want = vec![(5_000, Call::Byoyomi(1))];
        // The period began at 5 s: ten seconds are left at 25 s, one at 34 s.
        want.extend(
            (1..=10)
                .rev()
                .map(|n| (35_000 - u64::from(n) * 1000, Call::Seconds(n))),
        );
        assert_eq!(heard, want, "the base's end, then ten to one, each once");
        let mut c = Clock::new("0:05+0/30".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        calls(&mut c, Color::Red, 100, 29_000);
        c.moved(Color::Red);
        c.moved(Color::Black);
        assert_eq!(
            calls(&mut c, Color::Red, 100, 19_000),
            [],
            "a move gives a fresh period: nothing until ten seconds are left again"
        );
        let mut c = Clock::new("0:20+5".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        assert_eq!(
            calls(&mut c, Color::Red, 100, 30_000),
            [],
            "no 读秒, no calls"
        );
    }

    /// A second is called once it has begun, not half a millisecond before: the
    /// window's frames fall anywhere, and one fell at 5.0005 s left (it was called "five").
    #[test]
    fn a_second_is_not_called_a_fraction_of_a_millisecond_early() {
        let mut c = Clock::new("0:01+0/11".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        c.tick(S(1) + S(5) + Duration::from_micros(999_500));
        let before = c.reading();
        c.tick(Duration::from_micros(100));
        assert_eq!(c.left(Color::Red), Duration::from_micros(5_000_400));
        assert_eq!(
            c.call(before, Color::Red),
            None,
            "5.0004 s left: not yet five"
        );
        let before = c.reading();
        c.tick(Duration::from_micros(400));
        assert_eq!(c.call(before, Color::Red), Some(Call::Seconds(5)));
    }

    /// Three periods of ten seconds: each used up is called with how many are left, and
    /// each period's last seconds are counted; the last period run out is a flag.
    #[test]
    fn periods_are_used_up_one_by_one_and_called() {
        let mut c = Clock::new("0:05+0/10x3".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        let heard = calls(&mut c, Color::Red, 100, 34_900);
        let count = |from: u64| {
            (1..=9)
                .rev()
                .map(move |n| (from + (10 - n) * 1000, Call::Seconds(n as u8)))
        };
        let mut want = vec![(5_000, Call::Byoyomi(3))];
        // A period's first whole second is ten: called as it begins, with the period.
        want.extend(count(5_000));
        want.push((15_000, Call::PeriodUsed { used: 1, left: 2 }));
        want.extend(count(15_000));
        want.push((25_000, Call::PeriodUsed { used: 2, left: 1 }));
        want.extend(count(25_000));
        assert_eq!(heard, want);
        assert_eq!(c.reading().used[0], 2);
        assert_eq!(
            c.tick(Duration::from_millis(100)),
            Some(Color::Red),
            "the last run out"
        );
        // A move keeps the periods left and gives a fresh one.
        let mut c = Clock::new("0:05+0/10x3".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        assert_eq!(c.tick(S(17)), None, "the base, a period, 2 s of the second");
        assert_eq!((c.left(Color::Red), c.reading().used[0]), (S(8), 1));
        c.moved(Color::Red);
        assert_eq!((c.left(Color::Red), c.reading().used[0]), (S(10), 1));
        c.moved(Color::Black);
        assert_eq!(
            c.tick(S(25)),
            Some(Color::Red),
            "two periods in one go: the flag"
        );
    }

    #[test]
    fn increments_and_flags() {
        let mut c = Clock::new("1+5".parse::<TimeControl>().unwrap(), Color::Red);
        assert_eq!(c.tick(S(30)), None, "paused: nothing runs");
        assert_eq!(c.left(Color::Red), S(60));
        c.resume();
        c.tick(S(20));
        c.moved(Color::Red);
        assert_eq!(c.left(Color::Red), S(45));
        c.tick(S(50));
        c.moved(Color::Black);
        assert_eq!(c.left(Color::Black), S(15));
        assert_eq!(c.running(), Some(Color::Red));
        c.pause();
        assert_eq!(c.running(), None);
        assert_eq!(c.tick(S(100)), None);
        c.resume();
        assert_eq!(c.tick(S(45)), Some(Color::Red), "exactly zero is a flag");
        assert_eq!(c.left(Color::Red), Duration::ZERO);
        assert!(c.is_paused());
    }

    #[test]
    fn byoyomi_periods() {
        let mut c = Clock::new("0:10+0/5".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        assert_eq!(c.tick(S(12)), None, "2 s into the first period");
        assert!(c.in_byoyomi(Color::Red));
        assert_eq!(c.left(Color::Red), S(3));
        c.moved(Color::Red);
        assert_eq!(c.left(Color::Red), S(5), "a fresh period after each move");
        c.tick(S(1));
        c.moved(Color::Black);
        assert_eq!(c.tick(S(5)), Some(Color::Red));
        let mut c = Clock::new("0:10+0/5".parse::<TimeControl>().unwrap(), Color::Red);
        c.resume();
        assert_eq!(c.tick(S(16)), Some(Color::Red), "base and period in one go");
    }

    #[test]
    fn a_go_clock_counts_black_and_white() {
        use go_rules::Color as Go;
        let mut c: Clock<Go> = Clock::new("1+0".parse::<TimeControl>().unwrap(), Go::Black);
        c.resume();
        c.tick(S(10));
        c.moved(Go::Black);
        assert_eq!(c.running(), Some(Go::White));
        assert_eq!((c.left(Go::Black), c.left(Go::White)), (S(50), S(60)));
        // Kept where a reading keeps the first player's time.
        assert_eq!(c.reading().left, [S(50), S(60)]);
        assert_eq!(c.tick(S(60)), Some(Go::White));
    }

    /// Time odds: each side starts with its own base and gains its own increment, and
    /// only the side with 读秒 goes into it.
    #[test]
    fn time_odds_give_each_side_its_own_time() {
        let odds: Controls = "10+5,2+0/10".parse().unwrap();
        let mut c = Clock::new(odds, Color::Red);
        assert_eq!((c.left(Color::Red), c.left(Color::Black)), (S(600), S(120)));
        assert_eq!(c.control_of(Color::Black).byoyomi, Some(S(10)));
        c.resume();
        c.tick(S(30));
        c.moved(Color::Red);
        assert_eq!(c.left(Color::Red), S(575), "red's increment");
        assert_eq!(c.tick(S(125)), None, "black goes into its 读秒");
        assert!(c.in_byoyomi(Color::Black));
        c.moved(Color::Black);
        assert_eq!(c.left(Color::Black), S(10), "a fresh period, no increment");
        c.tick(S(700));
        assert!(!c.in_byoyomi(Color::Red), "red has no 读秒: its flag falls");
        assert_eq!(c.left(Color::Red), Duration::ZERO);
        assert_eq!(c.controls(), odds);
    }
}
