//! A problem being solved: the solver's moves judged from the answer tree, the
//! opponent's replies taken from it, the line played so far. A move the tree does not
//! have is for GNU Go to judge ([`Said::Ask`]); its verdict comes back through
//! [`Attempt::judged`]. Pure: no engine, no clock.
//!
//! ```
//! use xiangqi::games::go::problems::{collection, attempt::{Attempt, Said}};
//!
//! let problem = &collection()[0];
//! let mut attempt = Attempt::new(problem);
//! let right = attempt.hint().unwrap();
//! let said = attempt.play(right);
//! assert!(matches!(said, Said::Right { .. } | Said::Solved));
//! ```

use super::Problem;
use super::check::RULES;
use crate::go::{Move, Position};

/// What a move of the solver's came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Said {
    /// Right, and the opponent answers with `reply`: the solver plays on.
    Right {
        /// The opponent's answer, played on the board.
        reply: Move,
    },
    /// Right, and the goal is reached: solved.
    Solved,
    /// Wrong: the opponent's refutation, where the tree has one, is played.
    Wrong {
        /// The refutation.
        refutation: Option<Move>,
    },
    /// Not in the tree: GNU Go is to judge it ([`Attempt::judged`]).
    Ask,
    /// The rules refuse it.
    Illegal,
    /// The problem is over (solved or failed): retry or go on.
    Over,
}

/// How the attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The solver is to move.
    Solving,
    /// Waiting for GNU Go's verdict on the solver's last move.
    Asking,
    /// Solved.
    Solved,
    /// A wrong move was played.
    Failed,
}

/// A problem being solved (its own copy of the problem: one opened from a file lives
/// as long as the attempt).
#[derive(Clone, Debug)]
pub struct Attempt {
    problem: Problem,
    pos: Position,
    line: Vec<Move>,
    /// Where the line is in the tree: `None` off it; the root's steps at the start.
    here: Option<Vec<usize>>,
    standing: Standing,
    /// Hints taken in this attempt.
    pub hints: u32,
}

impl Attempt {
    /// `problem` from its start.
    #[must_use]
    pub fn new(problem: &Problem) -> Attempt {
        Attempt {
            problem: problem.clone(),
            pos: problem.start,
            line: Vec::new(),
            here: Some(problem.first.clone()),
            standing: Standing::Solving,
            hints: 0,
        }
    }

    /// The problem.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The board now.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves played, both sides'.
    #[must_use]
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// How it stands.
    #[must_use]
    pub fn standing(&self) -> Standing {
        self.standing
    }

    fn push(&mut self, mv: Move) -> bool {
        match self.pos.play(mv, &RULES) {
            Ok(next) => {
                self.pos = next;
                self.line.push(mv);
                true
            }
            Err(_) => false,
        }
    }

    /// The solver plays `mv`.
    pub fn play(&mut self, mv: Move) -> Said {
        if self.standing != Standing::Solving {
            return Said::Over;
        }
        if self.pos.play(mv, &RULES).is_err() {
            return Said::Illegal;
        }
        let step = self
            .here
            .take()
            .and_then(|here| here.into_iter().find(|&i| self.problem.steps[i].mv == mv));
        self.push(mv);
        let steps = &self.problem.steps;
        match step.map(|i| &steps[i]) {
            None => {
                self.standing = Standing::Asking;
                Said::Ask
            }
            Some(s) if !s.right => {
                self.standing = Standing::Failed;
                let refutation = s.next.first().map(|&i| steps[i].mv);
                if let Some(r) = refutation {
                    self.push(r);
                }
                Said::Wrong { refutation }
            }
            Some(s) => match s.next.first().map(|&i| steps[i].clone()) {
                Some(reply) if self.push(reply.mv) => {
                    self.here = Some(reply.next);
                    Said::Right { reply: reply.mv }
                }
                _ => {
                    self.standing = Standing::Solved;
                    Said::Solved
                }
            },
        }
    }

    /// GNU Go's verdict on the solver's last move (asked after [`Said::Ask`]): whether
    /// it achieves the goal, and the opponent's best answer, if any (the refutation of
    /// a failure; a reply that still resists when the goal is not yet sure).
    pub fn judged(&mut self, achieves: bool, answer: Option<Move>, settled: bool) -> Said {
        if self.standing != Standing::Asking {
            return Said::Over;
        }
        if !achieves {
            self.standing = Standing::Failed;
            let refutation = answer.filter(|&r| self.push(r));
            return Said::Wrong { refutation };
        }
        match answer {
            Some(reply) if !settled && self.push(reply) => {
                self.standing = Standing::Solving;
                Said::Right { reply }
            }
            _ => {
                self.standing = Standing::Solved;
                Said::Solved
            }
        }
    }

    /// The solver's last move taken back while GNU Go was to judge it (it could not):
    /// the solver is to move again where they were.
    pub fn withdraw(&mut self) {
        if self.standing != Standing::Asking {
            return;
        }
        self.line.pop();
        let mut pos = self.problem.start;
        for &mv in &self.line {
            pos = pos.play(mv, &RULES).unwrap_or(pos);
        }
        self.pos = pos;
        self.here = self.problem.after(&self.line).map(<[usize]>::to_vec);
        self.standing = Standing::Solving;
    }

    /// A right move here, from the tree (none off it, or when over).
    pub fn hint(&mut self) -> Option<Move> {
        if self.standing != Standing::Solving {
            return None;
        }
        let here = self.here.as_ref()?;
        let right = here
            .iter()
            .map(|&i| &self.problem.steps[i])
            .find(|s| s.right)?;
        self.hints += 1;
        Some(right.mv)
    }

    /// Back to the start.
    pub fn retry(&mut self) {
        self.pos = self.problem.start;
        self.line.clear();
        self.here = Some(self.problem.first.clone());
        self.standing = Standing::Solving;
    }

    /// The answer from the start, both sides' moves, to show move by move.
    #[must_use]
    pub fn answer(&self) -> Vec<Move> {
        self.problem.main_line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::problems::collection;

    #[test]
    fn the_main_line_played_solves_and_a_wrong_try_is_refuted() {
        for p in collection().iter().take(60) {
            let mut a = Attempt::new(p);
            let line = p.main_line();
            let mut said = Said::Over;
            for (i, &mv) in line.iter().enumerate().step_by(2) {
                said = a.play(mv);
                if let Some(&reply) = line.get(i + 1) {
                    assert_eq!(said, Said::Right { reply }, "{}", p.id);
                }
            }
            assert_eq!(said, Said::Solved, "{}", p.id);
            assert_eq!(a.standing(), Standing::Solved);
            assert_eq!(a.play(line[0]), Said::Over);
            // A wrong try of the tree.
            a.retry();
            let wrong = p
                .first
                .iter()
                .map(|&i| &p.steps[i])
                .find(|s| !s.right)
                .unwrap();
            let said = a.play(wrong.mv);
            assert!(
                matches!(
                    said,
                    Said::Wrong {
                        refutation: Some(_)
                    }
                ),
                "{}: {said:?}",
                p.id
            );
            assert_eq!(a.line().len(), 2);
            assert_eq!(a.hint(), None, "no hint once failed");
        }
    }

    #[test]
    fn a_move_off_the_tree_is_asked_of_gnu_go_and_its_verdict_taken() {
        let p = &collection()[0];
        let mut a = Attempt::new(p);
        let off = p
            .start
            .board()
            .empty_points()
            .map(Move::Play)
            .find(|m| !p.first.iter().any(|&i| p.steps[i].mv == *m))
            .unwrap();
        assert_eq!(a.play(off), Said::Ask);
        assert_eq!(a.standing(), Standing::Asking);
        assert_eq!(a.judged(true, None, true), Said::Solved);
        a.retry();
        assert_eq!(a.play(off), Said::Ask);
        assert!(matches!(
            a.judged(false, None, false),
            Said::Wrong { refutation: None }
        ));
        assert_eq!(a.standing(), Standing::Failed);
        a.retry();
        assert!(a.hint().is_some());
        assert_eq!(a.hints, 1);
        assert_eq!(a.position(), &p.start);
        // Asked of GNU Go, which could not answer: taken back, the tree's moves again.
        a.retry();
        assert_eq!(a.play(off), Said::Ask);
        a.withdraw();
        assert_eq!(
            (a.standing(), a.position(), a.line()),
            (Standing::Solving, &p.start, &[][..])
        );
        assert!(a.hint().is_some(), "on the tree again");
        assert_eq!(a.hints, 2);
    }
}
