//! A timed game's clock and the clocks as they were when each ply was reached, kept in
//! step with the game's moves (played and undone alike), so that undo and redo put
//! both clocks back, and PGN can carry them.

use std::time::Duration;

use super::clock::{Clock, Reading};
use crate::rules::record::GameRecord;
use crate::rules::{Color, Controls, Game, Termination, TimeControl};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Timing {
    pub(super) clock: Clock,
    /// The clocks when ply `n` was reached (0: the start), for every move of the game
    /// including those taken back and not yet replayed.
    pub(super) readings: Vec<Reading>,
}

impl Timing {
    /// Full time for both sides at the game's start, and at every ply after it.
    pub(super) fn new(control: Controls, game: &Game) -> Timing {
        let clock = Clock::new(control, game.start().turn());
        let plies = game.ply_count() + game.undone_moves().len();
        let mut t = Timing {
            readings: vec![clock.reading(); plies + 1],
            clock,
        };
        t.show(game);
        t
    }

    /// A record's clocks: our own [`READINGS`] tag where it fits the moves (both
    /// sides to the millisecond, 读秒 and its periods used, the move in progress), else
    /// each `[%clk]`, the mover's time after its move; where one is missing the mover's
    /// time stays as it was.
    pub(super) fn from_record(record: &GameRecord, control: Controls) -> Timing {
        let game = &record.game;
        let mut t = Timing::new(control, game);
        if let Some((readings, now)) = record
            .tag(READINGS)
            .and_then(|text| read_readings(text, game.ply_count()))
        {
            t.readings[..readings.len()].copy_from_slice(&readings);
            t.show(game);
            if let Some(now) = now {
                t.clock.set(now, game.position().turn());
            }
            return t;
        }
        for n in 1..t.readings.len() {
            let mut reading = t.readings[n - 1];
            if n <= game.ply_count() {
                let mover = game.position_at(n - 1).turn();
                if let Some(&left) = record.clocks.get(&n) {
                    reading.left[mover.index()] = left;
                }
            }
            t.readings[n] = reading;
        }
        t.show(game);
        t
    }

    /// Writes [`READINGS`] into `record`, whose moves are the `plies` first of the line
    /// these readings follow: the clocks when each ply was reached and, if time ran
    /// since, as they stand now.
    pub(super) fn annotate_readings(&self, record: &mut GameRecord, plies: usize) {
        let Some(reached) = self.readings.get(..=plies) else {
            return;
        };
        let mut text: Vec<String> = reached.iter().map(reading_text).collect();
        let now = self.clock.reading();
        if reached.last() != Some(&now) {
            text.push(format!("now={}", reading_text(&now)));
        }
        record.set_tag(READINGS, &text.join(" "));
    }

    /// `mover` made the move that reached `ply`; `over` if it ended the game.
    pub(super) fn moved(&mut self, mover: Color, ply: usize, over: bool) {
        self.readings.truncate(ply);
        self.clock.moved(mover);
        if over {
            self.clock.pause();
        }
        self.readings.push(self.clock.reading());
    }

    /// The line followed changed after ply `keep`: the readings of the plies after it
    /// come from their moves' clocks (the mover's time; the other side's carried on).
    pub(super) fn follow(&mut self, game: &Game, keep: usize, clocks: &[Option<Duration>]) {
        self.readings.truncate(keep + 1);
        for (i, clock) in clocks.iter().enumerate() {
            let Some(mut reading) = self.readings.last().copied() else {
                break;
            };
            if let Some(&left) = clock.as_ref() {
                reading.left[game.position_at(keep + i).turn().index()] = left;
            }
            self.readings.push(reading);
        }
        self.show(game);
    }

    /// A reading for every ply up to `plies` (a move replayed by redo along a line whose
    /// readings a switch of lines had cut): each missing one is the last known. An
    /// autosave with fewer readings than moves could not be read back.
    pub(super) fn cover(&mut self, plies: usize) {
        while self.readings.len() < plies + 1 {
            let Some(&last) = self.readings.last() else {
                break;
            };
            self.readings.push(last);
        }
    }

    /// Shows the clocks as they were when the game's current ply was reached, stopped
    /// (after undo, redo, a load). A game lost on time shows the loser's flag down.
    pub(super) fn show(&mut self, game: &Game) {
        let ply = game.ply_count().min(self.readings.len() - 1);
        let mut reading = self.readings[ply];
        if let Some(outcome) = game.declared()
            && outcome.termination == Termination::Timeout
            && let Some(winner) = outcome.winner
        {
            reading.left[(!winner).index()] = Duration::ZERO;
        }
        self.clock.set(reading, game.position().turn());
        self.clock.pause();
    }

    /// Adds the time control to `record` (each move's `[%clk]` is its node's clock):
    /// `TimeControl` (and `Byoyomi` for 读秒) is red's, what a program that knows one
    /// control for both reads; with time odds `RedTimeControl` and `BlackTimeControl`
    /// (and their `…Byoyomi`) say each side's.
    pub(super) fn annotate(&self, record: &mut GameRecord) {
        let Controls([red, black]) = self.clock.controls();
        record.tags.retain(|(k, _)| !is_side_tag(k));
        write_control(record, "", red);
        if red != black {
            write_control(record, "Red", red);
            write_control(record, "Black", black);
        }
    }
}

/// Our tag of a timed game's clocks: each ply's reading as the autosave writes it
/// (`600000,598000b1`: milliseconds, `b` and the periods used in 读秒), then `now=…` if
/// time ran on the move in progress. PGN's `[%clk]` has whole seconds of the mover's time
/// only: 读秒 and its periods used would come back fresh from it (issue 91).
pub(super) const READINGS: &str = "ClockReadings";

/// The readings of [`READINGS`]' text for a game of `plies` moves, and the reading
/// now; `None` if it does not fit them (a file edited elsewhere), so that `[%clk]` is
/// read instead.
fn read_readings(text: &str, plies: usize) -> Option<(Vec<Reading>, Option<Reading>)> {
    let mut readings = Vec::new();
    let mut now = None;
    for word in text.split_whitespace() {
        match word.strip_prefix("now=") {
            Some(r) if now.is_none() => now = Some(parse_reading(r).ok()?),
            Some(_) => return None,
            None if now.is_none() => readings.push(parse_reading(word).ok()?),
            None => return None,
        }
    }
    (readings.len() == plies + 1).then_some((readings, now))
}

/// A clock reading as [`parse_reading`] reads it: each side's milliseconds, `b` after a
/// side in 读秒.
pub(super) fn reading_text(r: &Reading) -> String {
    let side = |i: usize| {
        // `b` in 读秒, then the periods used up if any (`b2`).
        let b = match (r.in_byoyomi[i], r.used[i]) {
            (false, _) => String::new(),
            (true, 0) => "b".to_owned(),
            (true, used) => format!("b{used}"),
        };
        format!("{}{b}", r.left[i].as_millis())
    };
    format!("{},{}", side(0), side(1))
}

/// A reading written by [`reading_text`].
pub(super) fn parse_reading(text: &str) -> Result<Reading, String> {
    let bad = || format!("\"{text}\" is not a clock reading");
    let (r, b) = text.split_once(',').ok_or_else(bad)?;
    let mut reading = Reading {
        left: [Duration::ZERO; 2],
        in_byoyomi: [false; 2],
        used: [0; 2],
    };
    for (i, side) in [r, b].into_iter().enumerate() {
        let (ms, used) = match side.split_once('b') {
            Some((ms, "")) => (ms, Some(0)),
            Some((ms, used)) => (ms, Some(used.parse::<u8>().map_err(|_| bad())?)),
            None => (side, None),
        };
        reading.in_byoyomi[i] = used.is_some();
        reading.used[i] = used.unwrap_or(0);
        let ms: u64 = ms.parse().map_err(|_| bad())?;
        reading.left[i] = Duration::from_millis(ms);
    }
    Ok(reading)
}

/// A side's control tag (`RedTimeControl`, `BlackByoyomi`…), which the clock writes.
fn is_side_tag(name: &str) -> bool {
    ["Red", "Black"].iter().any(|side| {
        ["TimeControl", "Byoyomi"]
            .iter()
            .any(|t| name.eq_ignore_ascii_case(&format!("{side}{t}")))
    })
}

/// `control` into `record`'s tags `{side}TimeControl` and `{side}Byoyomi`.
fn write_control(record: &mut GameRecord, side: &str, control: TimeControl) {
    record.set_tag(&format!("{side}TimeControl"), &control.pgn_tag());
    // `30`, or `30x3` with three periods.
    match control.byoyomi {
        Some(b) if control.periods > 1 => record.set_tag(
            &format!("{side}Byoyomi"),
            &format!("{}x{}", b.as_secs(), control.periods),
        ),
        Some(b) => record.set_tag(&format!("{side}Byoyomi"), &b.as_secs().to_string()),
        None => record
            .tags
            .retain(|(k, _)| !k.eq_ignore_ascii_case(&format!("{side}Byoyomi"))),
    }
}

/// The time controls a record's tags give, if any: `TimeControl` (and `Byoyomi` for
/// 读秒) for both sides, a side's own (`RedTimeControl`…) over it.
#[must_use]
pub(super) fn control_of(record: &GameRecord) -> Option<Controls> {
    let read = |side: &str| {
        let mut control = TimeControl::from_pgn_tag(record.tag(&format!("{side}TimeControl"))?)?;
        // The tag as a control's 读秒 part reads it (`30`, `30x3`).
        let byoyomi = record
            .tag(&format!("{side}Byoyomi"))
            .and_then(|b| format!("1/{}", b.trim()).parse::<TimeControl>().ok());
        control.byoyomi = byoyomi.and_then(|b| b.byoyomi);
        control.periods = byoyomi.map_or(1, |b| b.periods);
        Some(control)
    };
    let both = read("");
    Some(Controls([read("Red").or(both)?, read("Black").or(both)?]))
}

#[cfg(test)]
mod tests {
    use super::super::{Change, Session, SessionError};
    use super::*;
    use crate::rules::{Outcome, Termination, pgn};

    const S: fn(u64) -> Duration = Duration::from_secs;

    fn timed(control: &str) -> Session {
        let mut s = Session::new();
        s.new_game_with(Some(control.parse().unwrap()));
        s
    }

    fn play(s: &mut Session, moves: &str) {
        for m in moves.split_whitespace() {
            s.play(m.parse().unwrap()).unwrap();
        }
    }

    fn left(s: &Session) -> [u64; 2] {
        let c = s.clock().unwrap();
        [c.left(Color::Red).as_secs(), c.left(Color::Black).as_secs()]
    }

    #[test]
    fn a_timed_game_runs_pauses_and_undoes_to_the_clocks_of_that_ply() {
        let mut s = timed("1+2");
        assert_eq!(
            s.clock().unwrap().running(),
            Some(Color::Red),
            "red's time runs"
        );
        s.tick(S(10));
        play(&mut s, "h2e2");
        assert_eq!(left(&s), [52, 60]);
        s.tick(S(20));
        play(&mut s, "h9g7");
        assert_eq!(left(&s), [52, 42]);
        s.tick(S(5));
        s.pause();
        s.tick(S(100));
        assert_eq!(left(&s), [47, 42], "paused: no time goes by");
        s.resume();
        assert_eq!(s.clock().unwrap().running(), Some(Color::Red));

        assert_eq!(s.undo(), Some(Change::Move("h9g7".parse().unwrap())));
        assert_eq!(left(&s), [52, 60], "the clocks when h2e2 had been played");
        assert!(s.clock().unwrap().is_paused(), "undo stops the clock");
        s.redo();
        assert_eq!(left(&s), [52, 42]);
        s.review(1);
        s.review_end();
        assert!(s.clock().unwrap().is_paused(), "reviewing stops the clock");
        // A move restarts it: the other side's time runs.
        play(&mut s, "h0g2");
        assert_eq!(s.clock().unwrap().running(), Some(Color::Black));
    }

    #[test]
    fn a_flag_fall_loses_on_time_and_undo_takes_it_back() {
        let mut s = timed("0:05+0");
        assert_eq!(s.tick(S(3)), None);
        let lost = Outcome::win(Color::Black, Termination::Timeout);
        assert_eq!(s.tick(S(3)), Some(lost));
        assert_eq!(s.outcome(), Some(lost));
        assert_eq!(lost.to_string(), "black-wins timeout");
        assert!(s.play("h2e2".parse().unwrap()).is_err());
        assert_eq!(s.tick(S(3)), None, "the flag falls once");
        assert_eq!(s.undo(), Some(Change::Result(lost)));
        assert_eq!(s.outcome(), None);
        assert_eq!(left(&s), [5, 5], "back to the clocks of that ply, stopped");
        s.redo();
        assert_eq!(s.outcome(), Some(lost));
        assert_eq!(left(&s), [0, 5]);
    }

    #[test]
    fn resignation_and_agreed_draws_are_undoable() {
        let mut s = timed("5+3");
        play(&mut s, "h2e2");
        let resigned = s.resign().unwrap();
        assert_eq!(resigned.to_string(), "red-wins resignation");
        assert!(s.clock().unwrap().is_paused());
        assert!(matches!(s.resign(), Err(SessionError::Play(_))));
        s.undo();
        assert_eq!(s.outcome(), None);

        assert_eq!(s.accept_draw(), Err(SessionError::NoOffer));
        assert_eq!(s.offer_draw(), Ok(Color::Black));
        assert_eq!(s.draw_offer(), Some(Color::Black));
        play(&mut s, "h9g7");
        assert_eq!(s.draw_offer(), None, "the offer lapses on the next move");
        s.offer_draw().unwrap();
        assert_eq!(s.accept_draw().unwrap().to_string(), "draw agreement");
        s.undo();
        assert_eq!(s.outcome(), None);
        assert_eq!(s.draw_offer(), None);
        // Untimed games resign and draw the same way.
        let mut s = Session::new();
        assert!(s.clock().is_none());
        assert_eq!(s.resign().unwrap().to_string(), "black-wins resignation");
    }

    #[test]
    fn clocks_go_to_pgn_and_come_back() {
        let mut s = timed("10+5");
        s.tick(S(12));
        play(&mut s, "h2e2");
        s.tick(S(30));
        play(&mut s, "h9g7");
        s.tick(S(61));
        play(&mut s, "h0g2");
        let text = pgn::write(&s.record(), crate::rules::Notation::Chinese);
        assert!(text.contains("[TimeControl \"600+5\"]"), "{text}");
        assert!(
            text.contains("1. 炮二平五 {[%clk 0:09:53]} 马８进７ {[%clk 0:09:35]}"),
            "{text}"
        );
        let read = crate::rules::read::read_any(&text).unwrap().record;
        assert_eq!(read.tag("TimeControl"), Some("600+5"), "{:?}", read.tags);
        let mut back = Session::new();
        back.replace_record(read);
        assert_eq!(back.game().ply_count(), 3);
        assert_eq!(left(&back), left(&s));
        assert!(
            back.clock().unwrap().is_paused(),
            "a loaded timed game waits"
        );
        assert_eq!(back.record().clocks, s.record().clocks);
        assert_eq!(back.record().clocks[&1], S(593));
    }

    /// Time odds (让时): each side's control goes into PGN as its own tag beside the
    /// `TimeControl` another program reads (red's), comes back as each side's, and the
    /// snapshot keeps both; an even game writes no side's tag.
    /// 读秒 with periods: the periods used up are kept by a snapshot (the autosave), and
    /// the control with its periods by PGN (`Byoyomi "10x3"`).
    #[test]
    fn periods_of_byoyomi_go_to_pgn_and_snapshots_and_come_back() {
        let mut s = timed("0:05+0/10x3");
        s.tick(S(27));
        play(&mut s, "h2e2");
        assert_eq!(left(&s)[0], 10, "a fresh period after the move");
        assert_eq!(s.clock().unwrap().reading().used[0], 2, "two used up");
        let text = pgn::write(&s.record(), crate::rules::Notation::Chinese);
        assert!(text.contains("[Byoyomi \"10x3\"]"), "{text}");
        let read = crate::rules::read::read_any(&text).unwrap().record;
        let mut back = Session::new();
        back.replace_record(read);
        assert_eq!(
            back.clock().unwrap().controls(),
            "0:05+0/10x3".parse().unwrap()
        );
        // The whole clock, not its control alone (issue 91: the periods came back fresh).
        assert_eq!(
            back.clock().unwrap().reading(),
            s.clock().unwrap().reading()
        );
        let again = Session::from_snapshot(&s.to_snapshot()).unwrap();
        assert_eq!(
            again.clock().unwrap().reading(),
            s.clock().unwrap().reading()
        );
    }

    /// A file saved while a clock runs (a slot) keeps every ply's clocks and the time
    /// already spent on the move in progress: loaded, the clock stands where it stood,
    /// and undo gives back each ply's 读秒 as it was, to the millisecond.
    #[test]
    fn a_file_keeps_the_move_in_progress_and_every_plys_byoyomi() {
        let ms = Duration::from_millis;
        let mut s = timed("0:05+0/10x3");
        s.tick(ms(17_250));
        play(&mut s, "h2e2");
        s.tick(ms(4_500));
        play(&mut s, "h9g7");
        s.tick(ms(3_125));
        let (played, now) = (s.record(), s.clock().unwrap().reading());
        assert_eq!((now.used, now.in_byoyomi), ([1, 0], [true, false]));
        let text = pgn::write(&played, crate::rules::Notation::Chinese);
        assert_eq!(
            text.matches("[ClockReadings ").count(),
            1,
            "one tag of our own: {text}"
        );
        let read = crate::rules::read::read_any(&text).unwrap().record;
        let mut back = Session::new();
        back.replace_record(read);
        let clock = back.clock().unwrap();
        assert_eq!(clock.reading(), now, "the move in progress kept");
        assert!(clock.is_paused(), "a loaded timed game waits");
        assert_eq!(
            back.record().tag(READINGS),
            played.tag(READINGS),
            "written again as read"
        );
        // What undo would go back to: each ply's readings, as the autosave writes them.
        let readings = |s: &Session| {
            let text = s.to_snapshot();
            let at = text.find(";readings=").unwrap();
            text[at..].split(";tree=").next().unwrap().to_owned()
        };
        assert_eq!(readings(&back), readings(&s), "each ply's clocks");
        // A file whose tag does not fit its moves (edited elsewhere) reads `[%clk]`.
        let cut = text.replace("[ClockReadings \"5000,5000 ", "[ClockReadings \"");
        assert_ne!(cut, text);
        let mut other = Session::new();
        other.replace_record(crate::rules::read::read_any(&cut).unwrap().record);
        assert_eq!(other.game().ply_count(), 2);
        assert_eq!(other.clock().unwrap().left(Color::Red), S(10));
        assert_eq!(other.clock().unwrap().reading().used, [0, 0]);
    }

    #[test]
    fn time_odds_go_to_pgn_and_snapshots_and_come_back() {
        let mut s = timed("10+5,3+0/10");
        assert_eq!(left(&s), [600, 180]);
        s.tick(S(20));
        play(&mut s, "h2e2");
        s.tick(S(185));
        play(&mut s, "h9g7");
        assert_eq!(left(&s), [585, 10], "black in its 读秒");
        let text = pgn::write(&s.record(), crate::rules::Notation::Chinese);
        for tag in [
            "[TimeControl \"600+5\"]",
            "[RedTimeControl \"600+5\"]",
            "[BlackTimeControl \"180+0\"]",
            "[BlackByoyomi \"10\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(!text.contains("[Byoyomi"), "red has no 读秒: {text}");
        let read = crate::rules::read::read_any(&text).unwrap().record;
        let mut back = Session::new();
        back.replace_record(read);
        let controls = back.clock().unwrap().controls();
        assert_eq!(controls, "10+5,3+0/10".parse().unwrap());
        assert_eq!(left(&back), left(&s));
        let snapshot = s.to_snapshot();
        assert!(snapshot.contains(";clock=10+5,3+0/10;"), "{snapshot}");
        let again = Session::from_snapshot(&snapshot).unwrap();
        let (a, b) = (again.clock().unwrap(), s.clock().unwrap());
        assert_eq!((a.controls(), a.reading()), (b.controls(), b.reading()));
        // Sides' tags that say the same control: an even game, written without them.
        let mut same = back.record();
        same.set_tag("BlackTimeControl", "600+5");
        same.tags.retain(|(k, _)| k != "BlackByoyomi");
        let mut even = Session::new();
        even.replace_record(same);
        assert!(!even.clock().unwrap().controls().is_odds());
        let text = pgn::write(&even.record(), crate::rules::Notation::Chinese);
        assert!(text.contains("[TimeControl \"600+5\"]"), "{text}");
        assert!(!text.contains("RedTimeControl"), "{text}");
        assert!(!text.contains("BlackTimeControl"), "{text}");
    }

    #[test]
    fn snapshots_keep_clocks_and_results() {
        let mut s = timed("0:30+1/10");
        s.tick(S(35));
        play(&mut s, "h2e2");
        assert!(s.clock().unwrap().in_byoyomi(Color::Red));
        s.tick(S(2));
        play(&mut s, "h9g7");
        s.resign().unwrap();
        s.new_game();
        s.undo();
        let text = s.to_snapshot();
        assert!(
            text.contains(";declared=black-wins resignation;at=2;clock=0:30+1/10;readings="),
            "{text}"
        );
        let mut back = Session::from_snapshot(&text).unwrap();
        assert_eq!(back.to_snapshot(), text);
        assert_eq!(back.outcome(), s.outcome());
        assert_eq!(back.clock(), s.clock());
        back.undo();
        s.undo();
        assert_eq!(back.clock(), s.clock());
        assert_eq!(back.outcome(), None);
        // Fewer readings than plies reached.
        let start = text.find("readings=").unwrap();
        let end = start + text[start..].find(';').unwrap();
        let bad = format!("{}readings=1,1{}", &text[..start], &text[end..]);
        assert!(Session::from_snapshot(&bad).is_err());
    }
}
