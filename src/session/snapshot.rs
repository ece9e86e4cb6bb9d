//! The whole session as text, for the autosave: the game with the moves taken back but
//! still redoable, and every step of the undo and redo lists, including the games that
//! a new game, load or import replaced. Resuming gives back exactly what Ctrl+Z and
//! Ctrl+Y would have reached.
//!
//! ```text
//! xiangqi-session 2
//! game rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;1;h2e2 h9g7
//! undo move h2e2
//! redo move h9g7
//! end
//! ```
//!
//! A game is `FEN;PLY;MOVES`: the start, how many of the moves are played, and all of
//! them in ICCS (the rest can be redone); then, if it has them, `;declared=OUTCOME` (a
//! result by time, resignation or agreement) and `;clock=CONTROL;readings=R,B R,B …`
//! (each side's milliseconds when each ply was reached, `b` after a side in 读秒). A
//! timed game comes back with its clock stopped. Undo and redo lines go from the bottom
//! of each list to its top. The last line, `end`, tells a whole file from one cut off
//! after a complete line (version 1 files had none and still read).

use std::fmt::Write as _;
use std::time::Duration;

use super::clock::{Clock, Reading};
use super::timing::Timing;
use super::{Session, Step, Table};
use crate::rules::{Game, Move, Outcome, Position, TimeControl};

const HEADER: &str = "xiangqi-session 2";
/// Written before the end line existed.
const HEADER_1: &str = "xiangqi-session 1";

/// Why a snapshot could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// Not a session snapshot (or one from a newer version).
    #[error("not a saved session (the first line should be \"{HEADER}\")")]
    Header,
    /// A line could not be understood.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The file stops before its `end` line: it was cut off.
    #[error("the file stops before its end: it was cut off")]
    CutOff,
    /// The steps do not match the games they belong to.
    #[error("the undo history does not match the game")]
    Inconsistent,
}

impl Session {
    /// The session as text (see the [module documentation](self)).
    #[must_use]
    pub fn to_snapshot(&self) -> String {
        let mut out = format!(
            "{HEADER}\ngame {}\n",
            table_text(&self.game, self.timing.as_ref())
        );
        for (name, steps) in [("undo", &self.undo), ("redo", &self.redo)] {
            steps.render(&mut out, |step| match step {
                Step::Move(m) => format!("{name} move {m}\n"),
                Step::Replace(t) => format!(
                    "{name} replace {}\n",
                    table_text(&t.game, t.timing.as_ref())
                ),
                Step::Declare(o) => format!("{name} declare {o}\n"),
            });
        }
        out.push_str("end\n");
        out
    }

    /// Reads a session written by [`to_snapshot`](Self::to_snapshot).
    ///
    /// ```
    /// use xiangqi::session::Session;
    ///
    /// let mut s = Session::new();
    /// s.play("h2e2".parse().unwrap()).unwrap();
    /// s.new_game();
    /// let mut back = Session::from_snapshot(&s.to_snapshot()).unwrap();
    /// back.undo();
    /// assert_eq!(back.game().ply_count(), 1);
    /// ```
    pub fn from_snapshot(text: &str) -> Result<Session, SnapshotError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let has_end = match lines.next().map(|(_, l)| l) {
            Some(HEADER) => true,
            Some(HEADER_1) => false,
            _ => return Err(SnapshotError::Header),
        };
        let mut ended = false;
        let mut session = Session::new();
        let mut have_game = false;
        for (line, text) in lines.filter(|(_, l)| !l.is_empty()) {
            let bad = |reason: String| SnapshotError::Line { line, reason };
            if has_end && text == "end" && !ended {
                ended = true;
                continue;
            }
            if ended {
                return Err(bad("text after the end".into()));
            }
            let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
            match kind {
                "game" if !have_game => {
                    let table = parse_table(rest).map_err(bad)?;
                    session.game = table.game;
                    session.timing = table.timing;
                    have_game = true;
                }
                "undo" | "redo" => {
                    let (what, arg) = rest.split_once(' ').unwrap_or((rest, ""));
                    let step = match what {
                        "move" => Step::Move(
                            arg.parse::<Move>()
                                .map_err(|e| bad(format!("\"{arg}\": {e}")))?,
                        ),
                        "replace" => Step::Replace(Box::new(parse_table(arg).map_err(bad)?)),
                        "declare" => Step::Declare(
                            arg.parse::<Outcome>()
                                .map_err(|e| bad(format!("\"{arg}\": {e}")))?,
                        ),
                        _ => return Err(bad(format!("unknown step \"{what}\""))),
                    };
                    if kind == "undo" {
                        session.undo.push(step);
                    } else {
                        session.redo.push(step);
                    }
                }
                _ => return Err(bad(format!("unexpected \"{kind}\""))),
            }
        }
        if has_end && !ended {
            return Err(SnapshotError::CutOff);
        }
        if !have_game {
            return Err(SnapshotError::Line {
                line: 2,
                reason: "no game".into(),
            });
        }
        if !session.is_consistent() {
            return Err(SnapshotError::Inconsistent);
        }
        Ok(session)
    }

    /// Whether every move step is the move its game would take back or replay: walks a
    /// copy to the bottom of the undo list and to the top of the redo list.
    fn is_consistent(&self) -> bool {
        let mut probe = self.clone();
        loop {
            match probe.undo.last() {
                None => break,
                Some(Step::Move(m)) if probe.game.moves().last() != Some(*m) => return false,
                Some(Step::Declare(o)) if probe.game.declared() != Some(*o) => return false,
                Some(_) => {
                    probe.undo();
                }
            }
        }
        loop {
            match probe.redo.last() {
                None => return true,
                Some(Step::Move(m)) if probe.game.undone_moves().next() != Some(*m) => {
                    return false;
                }
                Some(Step::Declare(_)) if probe.game.outcome().is_some() => return false,
                Some(_) => {
                    probe.redo();
                }
            }
        }
    }
}

fn game_text(game: &Game) -> String {
    let moves: Vec<String> = game
        .moves()
        .chain(game.undone_moves())
        .map(|m| m.to_string())
        .collect();
    format!(
        "{};{};{}",
        game.start().to_fen(),
        game.ply_count(),
        moves.join(" ")
    )
}

fn table_text(game: &Game, timing: Option<&Timing>) -> String {
    let mut out = game_text(game);
    if let Some(o) = game.declared() {
        let _ = write!(out, ";declared={o}");
    }
    if let Some(t) = timing {
        let readings: Vec<String> = t
            .readings
            .iter()
            .map(|r| {
                let side = |i: usize| {
                    let b = if r.in_byoyomi[i] { "b" } else { "" };
                    format!("{}{b}", r.left[i].as_millis())
                };
                format!("{},{}", side(0), side(1))
            })
            .collect();
        let _ = write!(
            out,
            ";clock={};readings={}",
            t.clock.control(),
            readings.join(" ")
        );
    }
    out
}

fn parse_reading(text: &str) -> Result<Reading, String> {
    let bad = || format!("\"{text}\" is not a clock reading");
    let (r, b) = text.split_once(',').ok_or_else(bad)?;
    let mut reading = Reading {
        left: [Duration::ZERO; 2],
        in_byoyomi: [false; 2],
    };
    for (i, side) in [r, b].into_iter().enumerate() {
        let ms = side.strip_suffix('b');
        reading.in_byoyomi[i] = ms.is_some();
        let ms: u64 = ms.unwrap_or(side).parse().map_err(|_| bad())?;
        reading.left[i] = Duration::from_millis(ms);
    }
    Ok(reading)
}

/// A game and its clock, as [`table_text`] writes them.
fn parse_table(text: &str) -> Result<Table, String> {
    let mut fields = text.split(';');
    let head: Vec<&str> = fields.by_ref().take(3).collect();
    let mut game = parse_game(&head.join(";"))?;
    let (mut declared, mut control, mut readings) = (None, None, None);
    for field in fields {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| format!("\"{field}\" is not NAME=VALUE"))?;
        match key {
            "declared" => {
                declared = Some(
                    value
                        .parse::<Outcome>()
                        .map_err(|e| format!("\"{value}\": {e}"))?,
                )
            }
            "clock" => control = Some(value.parse::<TimeControl>().map_err(|e| e.to_string())?),
            "readings" => {
                readings = Some(
                    value
                        .split_whitespace()
                        .map(parse_reading)
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            _ => return Err(format!("unknown field \"{key}\"")),
        }
    }
    if let Some(outcome) = declared {
        game.declare(outcome)
            .map_err(|e| format!("the result {outcome} cannot stand: {e}"))?;
    }
    let timing = match (control, readings) {
        (None, None) => None,
        (Some(control), Some(readings)) => {
            let plies = game.ply_count() + game.undone_moves().len();
            if readings.len() != plies + 1 {
                return Err(format!(
                    "{} clock readings for {plies} moves",
                    readings.len()
                ));
            }
            let mut t = Timing {
                clock: Clock::new(control, game.position().turn()),
                readings,
            };
            t.show(&game);
            Some(t)
        }
        _ => return Err("a clock needs both its control and its readings".into()),
    };
    Ok(Table { game, timing })
}

fn parse_game(text: &str) -> Result<Game, String> {
    let mut parts = text.splitn(3, ';');
    let (Some(fen), Some(ply), Some(moves)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("a game needs FEN;PLY;MOVES".into());
    };
    let start = Position::from_fen(fen).map_err(|e| format!("FEN \"{fen}\": {e}"))?;
    let ply: usize = ply
        .trim()
        .parse()
        .map_err(|_| format!("\"{ply}\" is not a ply count"))?;
    let mut game = Game::from_position(start);
    let mut count = 0;
    for (i, word) in moves.split_whitespace().enumerate() {
        let m: Move = word
            .parse()
            .map_err(|e| format!("move {} \"{word}\": {e}", i + 1))?;
        // Records may go on past an adjudicated end; the game keeps them as played.
        game.play_on(m)
            .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        count += 1;
    }
    if ply > count {
        return Err(format!("ply {ply} is past the {count} moves"));
    }
    for _ in ply..count {
        game.undo();
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    /// Everything undo and redo can reach, as FENs in order.
    fn reachable(mut s: Session) -> Vec<String> {
        while s.undo().is_some() {}
        let mut seen = vec![s.game().position().to_fen()];
        while s.redo().is_some() {
            seen.push(s.game().position().to_fen());
        }
        seen
    }

    #[test]
    fn round_trip_keeps_undo_and_redo() {
        let mut s = Session::new();
        for m in ["h2e2", "h9g7", "h0g2"] {
            s.play(mv(m)).unwrap();
        }
        s.new_game();
        s.play(mv("b2e2")).unwrap();
        s.undo();
        s.undo();
        s.undo();
        let text = s.to_snapshot();
        let back = Session::from_snapshot(&text).unwrap();
        assert_eq!(back.to_snapshot(), text);
        assert_eq!(back.game().ply_count(), 2);
        assert_eq!(back.game().undone_moves().next(), Some(mv("h0g2")));
        assert_eq!(reachable(back), reachable(s));
    }

    #[test]
    fn damaged_snapshots_are_errors() {
        let good = {
            let mut s = Session::new();
            s.play(mv("h2e2")).unwrap();
            s.to_snapshot()
        };
        let err = |text: &str| Session::from_snapshot(text).unwrap_err();
        assert_eq!(err(""), SnapshotError::Header);
        assert_eq!(
            err("xiangqi-session 1\n"),
            SnapshotError::Line {
                line: 2,
                reason: "no game".into()
            }
        );
        let bad_move = good.replace("undo move h2e2", "undo move h2e3");
        assert_eq!(err(&bad_move), SnapshotError::Inconsistent);
        let truncated = &good[..good.len() / 2];
        assert!(Session::from_snapshot(truncated).is_err());
        let illegal = good.replace(";1;h2e2", ";1;a0a5");
        let err = Session::from_snapshot(&illegal).unwrap_err().to_string();
        assert!(err.starts_with("line 2: move 1 (a0a5) is illegal"), "{err}");
        let ply = good.replace(";1;h2e2", ";5;h2e2");
        assert!(Session::from_snapshot(&ply).is_err());
    }

    #[test]
    fn a_snapshot_ends_with_its_end_line_and_old_ones_need_none() {
        let mut s = Session::new();
        s.play(mv("h2e2")).unwrap();
        let text = s.to_snapshot();
        assert!(text.ends_with("\nundo move h2e2\nend\n"), "{text}");
        let cut = text.strip_suffix("end\n").unwrap();
        assert_eq!(
            Session::from_snapshot(cut).unwrap_err(),
            SnapshotError::CutOff
        );
        let old = cut.replace("xiangqi-session 2", "xiangqi-session 1");
        assert_eq!(Session::from_snapshot(&old).unwrap().to_snapshot(), text);
        let after = format!("{text}undo move h2e2\n");
        assert!(Session::from_snapshot(&after).is_err());
    }

    #[test]
    fn snapshots_of_random_sessions_round_trip() {
        // A deterministic walk over play, undo, redo and new game.
        let mut s = Session::new();
        let mut seed = 7u64;
        for _ in 0..400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (seed >> 33) as usize;
            match r % 10 {
                0..=5 => {
                    let moves = s.game().position().legal_moves();
                    if !moves.is_empty() && s.outcome().is_none() {
                        s.play(moves[r % moves.len()]).unwrap();
                    }
                }
                6 | 7 => {
                    s.undo();
                }
                8 => {
                    s.redo();
                }
                _ => s.new_game(),
            }
            let back = Session::from_snapshot(&s.to_snapshot()).unwrap();
            assert_eq!(back.to_snapshot(), s.to_snapshot());
            // The lines kept from earlier snapshots are the ones made afresh.
            let mut fresh = s.clone();
            fresh.undo.forget_from(0);
            fresh.redo.forget_from(0);
            assert_eq!(fresh.to_snapshot(), s.to_snapshot());
        }
        assert_eq!(
            reachable(Session::from_snapshot(&s.to_snapshot()).unwrap()),
            reachable(s)
        );
    }
}
