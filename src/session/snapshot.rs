//! The whole session as text, for the autosave: the game with the moves taken back but
//! still redoable, and every step of the undo and redo lists, including the games that
//! a new game, load or import replaced. Resuming gives back exactly what Ctrl+Z and
//! Ctrl+Y would have reached.
//!
//! ```text
//! xiangqi-session 1
//! game rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;1;h2e2 h9g7
//! undo move h2e2
//! redo move h9g7
//! ```
//!
//! A game is `FEN;PLY;MOVES`: the start, how many of the moves are played, and all of
//! them in ICCS (the rest can be redone). Undo and redo lines go from the bottom of each
//! list to its top.

use std::fmt::Write as _;

use super::{Session, Step};
use crate::rules::{Game, Move, Position};

const HEADER: &str = "xiangqi-session 1";

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
    /// The steps do not match the games they belong to.
    #[error("the undo history does not match the game")]
    Inconsistent,
}

impl Session {
    /// The session as text (see the [module documentation](self)).
    #[must_use]
    pub fn to_snapshot(&self) -> String {
        let mut out = format!("{HEADER}\ngame {}\n", game_text(&self.game));
        for (name, steps) in [("undo", &self.undo), ("redo", &self.redo)] {
            for step in steps {
                let _ = match step {
                    Step::Move(m) => writeln!(out, "{name} move {m}"),
                    Step::Replace(g) => writeln!(out, "{name} replace {}", game_text(g)),
                };
            }
        }
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
        if lines.next().map(|(_, l)| l) != Some(HEADER) {
            return Err(SnapshotError::Header);
        }
        let mut session = Session::new();
        let mut have_game = false;
        for (line, text) in lines.filter(|(_, l)| !l.is_empty()) {
            let bad = |reason: String| SnapshotError::Line { line, reason };
            let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
            match kind {
                "game" if !have_game => {
                    session.game = parse_game(rest).map_err(bad)?;
                    have_game = true;
                }
                "undo" | "redo" => {
                    let (what, arg) = rest.split_once(' ').unwrap_or((rest, ""));
                    let step = match what {
                        "move" => Step::Move(
                            arg.parse::<Move>()
                                .map_err(|e| bad(format!("\"{arg}\": {e}")))?,
                        ),
                        "replace" => Step::Replace(Box::new(parse_game(arg).map_err(bad)?)),
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
        }
        assert_eq!(
            reachable(Session::from_snapshot(&s.to_snapshot()).unwrap()),
            reachable(s)
        );
    }
}
