//! Solving a puzzle, move by move, and the solver's progress over the collection. No
//! clock and no files: the caller says how long an attempt took and where progress is
//! kept ([`Progress::to_text`], [`Progress::from_text`]).
//!
//! ```
//! use xiangqi::games::xiangqi::puzzles::collection;
//! use xiangqi::games::xiangqi::puzzles::training::{Attempt, Hint, Tried};
//!
//! let puzzle = &collection()[0];
//! let mut attempt = Attempt::new(puzzle);
//! assert!(matches!(attempt.hint(), Hint::Piece(_)));
//! assert!(matches!(attempt.hint(), Hint::Move(_)));
//! let first = puzzle.solution[0];
//! assert!(matches!(attempt.play(first), Tried::Right { .. }));
//! ```

use std::collections::BTreeMap;

use super::Puzzle;
use crate::rules::{Move, Position, Square};

/// What came of a move tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The solution's move (or another that mates at once where the line mates): the
    /// defender's answer, if any, has been played too.
    Right {
        /// The defender's answer.
        reply: Option<Move>,
        /// The defender is mated: solved.
        solved: bool,
    },
    /// Legal, but not the solution's: the attempt waits for [`Attempt::retry`].
    Wrong,
    /// Not a legal move here: nothing changed.
    Illegal,
    /// The attempt is over (solved, or its solution shown, or a wrong move waiting).
    Over,
}

/// A hint: first the piece to move, then the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Move this piece.
    Piece(Square),
    /// Play this.
    Move(Move),
    /// Nothing left to hint.
    None,
}

/// One try at one puzzle.
#[derive(Clone, Debug)]
pub struct Attempt {
    start: Position,
    solution: Vec<Move>,
    /// Moves played so far along the solution (plies).
    done: usize,
    position: Position,
    /// The wrong move tried and the position after it, until retried.
    wrong: Option<(Move, Position)>,
    hints: u8,
    mistakes: u32,
    shown: bool,
}

impl Attempt {
    /// A new attempt at `puzzle`, at its start.
    #[must_use]
    pub fn new(puzzle: &Puzzle) -> Attempt {
        Attempt {
            start: puzzle.start.clone(),
            solution: puzzle.solution.clone(),
            done: 0,
            position: puzzle.start.clone(),
            wrong: None,
            hints: 0,
            mistakes: 0,
            shown: false,
        }
    }

    /// The position on the board: after a wrong move, the one it made.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.wrong.as_ref().map_or(&self.position, |(_, p)| p)
    }

    /// The moves played from the puzzle's start, the wrong one last if waiting.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut out = self.solution[..self.done].to_vec();
        out.extend(self.wrong.as_ref().map(|(m, _)| *m));
        out
    }

    /// How many moves of the line have been played (the solver's and the answers).
    #[must_use]
    pub fn along(&self) -> usize {
        self.done
    }

    /// The puzzle's start.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Solved: the defender is mated along the line (not by showing the solution).
    #[must_use]
    pub fn solved(&self) -> bool {
        self.done == self.solution.len() && !self.shown
    }

    /// The line has been played out (solved, or shown).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.done == self.solution.len()
    }

    /// A wrong move waits to be taken back.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.wrong.is_some()
    }

    /// Wrong moves so far.
    #[must_use]
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Hints asked so far.
    #[must_use]
    pub fn hints(&self) -> u8 {
        self.hints
    }

    /// Tries `m` as the solver's move.
    pub fn play(&mut self, m: Move) -> Tried {
        if self.finished() || self.wrong.is_some() {
            return Tried::Over;
        }
        let Ok(after) = self.position.play(m) else {
            return Tried::Illegal;
        };
        let want = self.solution[self.done];
        // The line's last move, or any other that mates at once there.
        let last = self.done + 1 == self.solution.len();
        if m != want && !(last && after.legal_moves().is_empty()) {
            self.mistakes += 1;
            self.wrong = Some((m, after));
            return Tried::Wrong;
        }
        self.position = after;
        self.done += 1;
        let reply = self.solution.get(self.done).copied();
        if let Some(next) = reply.and_then(|r| self.position.play(r).ok()) {
            self.position = next;
            self.done += 1;
        }
        // The hint starts again for the next move.
        self.hints = 0;
        Tried::Right {
            reply,
            solved: self.finished(),
        }
    }

    /// Takes the wrong move back: the position before it, to try again.
    pub fn retry(&mut self) {
        self.wrong = None;
    }

    /// The next hint: the piece, then the move.
    pub fn hint(&mut self) -> Hint {
        if self.finished() || self.wrong.is_some() {
            return Hint::None;
        }
        let m = self.solution[self.done];
        self.hints = self.hints.saturating_add(1);
        if self.hints == 1 {
            Hint::Piece(m.from)
        } else {
            Hint::Move(m)
        }
    }

    /// Plays the rest of the solution: shown, not solved.
    pub fn show_solution(&mut self) -> Vec<Move> {
        self.wrong = None;
        let rest = self.solution[self.done..].to_vec();
        for &m in &rest {
            if let Ok(next) = self.position.play(m) {
                self.position = next;
            }
        }
        self.done = self.solution.len();
        self.shown = true;
        rest
    }
}

/// One puzzle's record.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Record {
    /// Solved at least once.
    pub solved: bool,
    /// Attempts started.
    pub attempts: u32,
    /// Seconds of the first solving attempt (0 until solved).
    pub seconds: f32,
}

/// The solver's progress, by puzzle id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress(pub BTreeMap<String, Record>);

impl Progress {
    /// The record of `id`.
    #[must_use]
    pub fn get(&self, id: &str) -> Record {
        self.0.get(id).copied().unwrap_or_default()
    }

    /// An attempt at `id` began.
    pub fn started(&mut self, id: &str) {
        self.0.entry(id.to_owned()).or_default().attempts += 1;
    }

    /// `id` was solved after `seconds` (the first time's kept).
    pub fn solved(&mut self, id: &str, seconds: f32) {
        let r = self.0.entry(id.to_owned()).or_default();
        if !r.solved {
            r.solved = true;
            r.seconds = seconds;
        }
    }

    /// The first puzzle not solved after index `after` (round the list), if any.
    #[must_use]
    pub fn next_unsolved(
        &self,
        all: &[impl std::borrow::Borrow<Puzzle>],
        after: Option<usize>,
    ) -> Option<usize> {
        let n = all.len();
        let from = after.map_or(0, |i| i + 1);
        (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| !self.get(&all[i].borrow().id).solved)
    }

    /// As kept on disk: `ID SOLVED ATTEMPTS SECONDS` a line, tab-separated.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from("# puzzle\tsolved\tattempts\tseconds\n");
        for (id, r) in &self.0 {
            out.push_str(&format!(
                "{id}\t{}\t{}\t{:.1}\n",
                u8::from(r.solved),
                r.attempts,
                r.seconds
            ));
        }
        out
    }

    /// Reads [`to_text`](Self::to_text)'s text; a line that does not read is skipped
    /// (a damaged file loses that line, not the rest).
    #[must_use]
    pub fn from_text(text: &str) -> Progress {
        let mut out = BTreeMap::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let [id, solved, attempts, seconds] = f[..] else {
                continue;
            };
            let (Ok(attempts), Ok(seconds)) = (attempts.parse(), seconds.parse::<f32>()) else {
                continue;
            };
            out.insert(
                id.to_owned(),
                Record {
                    solved: solved == "1",
                    attempts,
                    seconds: if seconds.is_finite() {
                        seconds.max(0.0)
                    } else {
                        0.0
                    },
                },
            );
        }
        Progress(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xiangqi::puzzles::parse;

    fn mate_in_two() -> Puzzle {
        // Two rooks: the first to the e-file, the general steps aside, the other mates.
        let all =
            parse("u\ttest\t\t4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1\ta1e1 e9f9 e1e8\n").unwrap();
        all[0].clone()
    }

    #[test]
    fn a_right_move_is_answered_a_wrong_one_waits_and_hints_come_in_two_steps() {
        let p = mate_in_two();
        crate::games::xiangqi::puzzles::verify(&p).unwrap();
        let mut a = Attempt::new(&p);
        assert_eq!(a.hint(), Hint::Piece(p.solution[0].from));
        assert_eq!(a.hint(), Hint::Move(p.solution[0]));
        // A wrong (legal) move: told, the board shows it, then it is taken back.
        let wrong: Move = "a1a2".parse().unwrap();
        assert_eq!(a.play(wrong), Tried::Wrong);
        assert!(a.waiting());
        assert_eq!(a.moves(), vec![wrong]);
        assert_eq!(a.play(p.solution[0]), Tried::Over);
        a.retry();
        assert_eq!(a.position(), &p.start);
        assert_eq!(a.play("a1a9".parse::<Move>().unwrap()), Tried::Wrong);
        a.retry();
        assert_eq!(a.play("a1b2".parse::<Move>().unwrap()), Tried::Illegal);
        assert_eq!(
            a.play(p.solution[0]),
            Tried::Right {
                reply: Some(p.solution[1]),
                solved: false
            }
        );
        assert_eq!(
            a.play(p.solution[2]),
            Tried::Right {
                reply: None,
                solved: true
            }
        );
        assert!(a.solved());
        assert_eq!(a.mistakes(), 2);
        assert_eq!(a.play(p.solution[2]), Tried::Over);
    }

    #[test]
    fn the_solution_shown_is_not_solved_and_progress_round_trips() {
        let p = mate_in_two();
        let mut a = Attempt::new(&p);
        assert_eq!(a.show_solution(), p.solution);
        assert!(a.finished() && !a.solved());
        assert_eq!(a.hint(), Hint::None);
        let mut progress = Progress::default();
        progress.started("u");
        progress.started("u");
        progress.solved("u", 12.5);
        progress.solved("u", 3.0);
        assert_eq!(
            progress.get("u"),
            Record {
                solved: true,
                attempts: 2,
                seconds: 12.5
            }
        );
        let text = progress.to_text();
        assert_eq!(Progress::from_text(&text), progress);
        let damaged = format!("{text}broken line\nv\t1\tx\t2\n");
        assert_eq!(Progress::from_text(&damaged), progress);
    }

    #[test]
    fn next_goes_to_the_first_unsolved_after_the_current() {
        let all = crate::games::xiangqi::puzzles::collection();
        let mut progress = Progress::default();
        assert_eq!(progress.next_unsolved(all, None), Some(0));
        progress.solved(&all[1].id, 1.0);
        assert_eq!(progress.next_unsolved(all, Some(0)), Some(2));
        assert_eq!(progress.next_unsolved(all, Some(all.len() - 1)), Some(0));
    }
}
