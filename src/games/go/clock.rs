//! The Go clock: the session's clock (base time, increment, 读秒) counting Go's own
//! colours. The first move starts it, each move hands it over, the count, a result or
//! looking back stops it, Ctrl+Z gives the time back; a flag's fall ends the game
//! (`B+T`, `W+T`). A file of ours keeps the control and the time left.

use std::time::Duration;

use super::Session;
use crate::clock::Clock;
use crate::go::Color;
use crate::go::sgf::SgfGame;

/// The Go table's clock, counting black and white.
pub type GoClock = Clock<Color>;

/// Our own property keeping the time control in the form the settings write (`10+5`,
/// `10+0/30`): SGF's `TM` has the base only, and `OT` no agreed form.
const CONTROL: &str = "XC";

/// SGF's time left (`BL`, `WL`) and 读秒 periods left (`OB`, `OW`) on a node.
const TIME_LEFT: [&str; 4] = ["BL", "WL", "OB", "OW"];

impl Session {
    /// The game's clock, if it has one.
    #[must_use]
    pub fn clock(&self) -> Option<&GoClock> {
        self.clock.as_ref()
    }

    /// Lets `elapsed` go by on the running clock. Whether a flag fell (the game is then
    /// over: [`Session::result`] says who won).
    pub fn tick(&mut self, elapsed: Duration) -> bool {
        let Some(lost) = self.clock.as_mut().and_then(|c| c.tick(elapsed)) else {
            return false;
        };
        let winner = if lost == Color::Black { "W" } else { "B" };
        log::info!("go flag fell: {winner}+T");
        self.result = Some(format!("{winner}+T"));
        self.clock_stop();
        true
    }

    /// A move was just played by `mover`: the clock hands over (and starts, at the first).
    pub(super) fn clock_moved(&mut self, mover: Color) {
        if let Some(clock) = self.clock.as_mut() {
            self.readings.push(clock.reading());
            clock.moved(mover);
            if self.counting.is_none() && self.result.is_none() {
                clock.resume();
            } else {
                clock.pause();
            }
        }
    }

    /// A move was taken back: the time before it comes back, and the clock waits.
    pub(super) fn clock_taken_back(&mut self) {
        let to_move = self.game.position().to_move();
        if let Some(clock) = self.clock.as_mut() {
            if let Some(reading) = self.readings.pop() {
                clock.set(reading, to_move);
            }
            clock.pause();
        }
    }

    /// Space: the running clock stops, or a stopped one runs again where the game goes
    /// on (after the first move, at the end of what was played, no count, no result).
    /// Whether it runs now, if there is a clock.
    pub fn clock_toggle(&mut self) -> Option<bool> {
        let live = self.counting.is_none()
            && self.result.is_none()
            && self.at_end()
            && !self.game.moves().is_empty();
        let clock = self.clock.as_mut()?;
        if !clock.is_paused() {
            clock.pause();
        } else if live {
            clock.resume();
        }
        Some(!clock.is_paused())
    }

    /// The clock stops (the count, a result, a walk through the game, another table).
    pub fn clock_stop(&mut self) {
        if let Some(clock) = self.clock.as_mut() {
            clock.pause();
        }
    }

    /// The clock into `file`: `TM` (the base, in seconds), `OT` (in words) and our
    /// `XC` on the root; both sides' time left (`BL`, `WL`) on the node shown. With
    /// time odds `TM` is black's (what a program that knows one control reads), `OT`
    /// says each side's and `XC` holds both (`10+5,3+5`).
    pub(super) fn clock_to_file(&self, file: &mut SgfGame) {
        let Some(clock) = &self.clock else { return };
        let controls = clock.controls();
        let [black, white] = controls.0;
        file.set_tag("TM", Some(&black.base.as_secs().to_string()));
        let overtime = |control: crate::rules::TimeControl| match control.byoyomi {
            Some(b) => format!("{}x{} byo-yomi", control.periods.max(1), b.as_secs()),
            None => format!("{} s increment", control.increment.as_secs()),
        };
        let overtime = if controls.is_odds() {
            format!(
                "black {black}: {}; white {white}: {}",
                overtime(black),
                overtime(white)
            )
        } else {
            overtime(black)
        };
        file.set_tag("OT", Some(&overtime));
        file.set_tag(CONTROL, Some(&controls.to_string()));
        let node = &mut file.nodes[self.node()];
        node.props.retain(|(n, _)| !TIME_LEFT.contains(&n.as_str()));
        let reading = clock.reading();
        for (name, periods, color) in [("BL", "OB", Color::Black), ("WL", "OW", Color::White)] {
            let left = clock.left(color).as_secs_f64();
            node.props
                .push((name.to_owned(), vec![format!("{left:.3}")]));
            // SGF's periods left in 读秒 (FF[4] `OB`/`OW`): written once a side is in
            // it, so that a file or the autosave gives back the periods used (issue 91).
            let i = color.index();
            if reading.in_byoyomi[i] {
                let left = clock
                    .control_of(color)
                    .periods
                    .max(1)
                    .saturating_sub(reading.used[i]);
                node.props
                    .push((periods.to_owned(), vec![left.to_string()]));
            }
        }
    }

    /// The clock a file of ours kept (`XC`, and `BL`/`WL` on the line's last node).
    pub(super) fn clock_from_file(&mut self, file: &SgfGame) {
        let Some(control) = file
            .tag(CONTROL)
            .and_then(|t| t.parse::<crate::rules::Controls>().ok())
        else {
            return;
        };
        self.setup.time = Some(control);
        let mut clock = Clock::new(control, self.game.position().to_move());
        let mut reading = clock.reading();
        let node = file.node(self.node());
        let value = |name: &str| {
            node.props
                .iter()
                .find(|(n, _)| n == name)
                .and_then(|(_, v)| v.first()?.trim().parse::<f64>().ok())
        };
        for (name, periods, color) in [("BL", "OB", Color::Black), ("WL", "OW", Color::White)] {
            let i = color.index();
            let left = value(name).filter(|s| s.is_finite() && *s >= 0.0 && *s <= 36_000.0);
            if let Some(secs) = left {
                reading.left[i] = Duration::from_secs_f64(secs);
            }
            let all = clock.control_of(color).periods.max(1);
            if clock.control_of(color).byoyomi.is_some()
                && let Some(n) = value(periods).filter(|n| (1.0..=f64::from(all)).contains(n))
            {
                reading.in_byoyomi[i] = true;
                // Whole periods: the value was checked to lie in 1..=all.
                reading.used[i] = all - n as u8;
            }
        }
        clock.set(reading, self.game.position().to_move());
        self.clock = Some(clock);
    }
}
