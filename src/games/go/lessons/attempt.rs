//! A learner at a Go level: each move judged as it is made, the other side's answer
//! when the goal needs one, and the verdict with its stars.

use table::learn::stars;

use super::capture_go::{choose, winner};
use super::life::pass_alive;
use super::reader::{RULES, capture, defend, holds_not};
use super::{Goal, Level, cut_holds};
use crate::go::{Color, IllegalMove, Move, Point, Position};

/// How the attempt stands.
pub type Verdict = table::learn::Verdict<Failure>;

/// Why a level failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Failure {
    /// The marked stones can no longer be taken in time.
    Escaped,
    /// The move did not put them in atari.
    NoAtari,
    /// The marked stones can still be taken.
    StillCaught,
    /// The marked stones are not one chain.
    NotConnected,
    /// The other side can join its stones.
    NotCut,
    /// The group does not have two eyes.
    NotAlive,
    /// The stone played put the learner's own group in atari, and it was taken.
    SelfAtari,
    /// The wrong count.
    WrongCount,
    /// The moves allowed are used up.
    OutOfMoves,
    /// The other side took a stone first.
    Lost,
}

/// Why a move is not taken at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The rules forbid it, and say why.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// This level asks for a count, not a move.
    #[error("this level asks for a count, not a move")]
    CountAsked,
    /// A pass, where the level asks for a stone.
    #[error("this level asks for a stone, not a pass")]
    PassNotAsked,
    /// The level is over, or it is the other side's turn.
    #[error("not the learner's turn")]
    NotNow,
}

/// A learner's try at a level.
#[derive(Clone, Debug)]
pub struct Attempt<'a> {
    level: &'a Level,
    pos: Position,
    moves: u32,
    done: Vec<bool>,
    replied: usize,
    verdict: Verdict,
    /// The last move on the board, for the view.
    last: Option<Move>,
}

impl<'a> Attempt<'a> {
    /// The level from its start.
    #[must_use]
    pub fn new(level: &'a Level) -> Attempt<'a> {
        Attempt {
            level,
            pos: level.start,
            moves: 0,
            done: vec![false; level.goal.targets().len()],
            replied: 0,
            verdict: Verdict::Going,
            last: None,
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> &'a Level {
        self.level
    }

    /// The board now.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The last move played, by either side.
    #[must_use]
    pub fn last(&self) -> Option<Move> {
        self.last
    }

    /// The learner's colour.
    #[must_use]
    pub fn learner(&self) -> Color {
        self.level.start.to_move()
    }

    /// The learner's moves so far.
    #[must_use]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// How it stands.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The marked points not done yet.
    #[must_use]
    pub fn targets_left(&self) -> Vec<Point> {
        let targets = self.level.goal.targets();
        targets
            .iter()
            .zip(&self.done)
            .filter(|&(_, d)| !d)
            .map(|(&t, _)| t)
            .collect()
    }

    /// Whose move the board waits for.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.pos.to_move()
    }

    /// The learner plays `mv` (in capture Go against a person, either side does).
    ///
    /// # Errors
    /// The move is not taken: the rules forbid it, the level asks for a count, or it is
    /// not the learner's turn.
    pub fn play(&mut self, mv: Move) -> Result<Verdict, Refusal> {
        let level = self.level;
        let both = matches!(level.goal, Goal::CaptureGo { computer: false });
        if self.verdict != Verdict::Going || (!both && self.pos.to_move() != self.learner()) {
            return Err(Refusal::NotNow);
        }
        if matches!(level.goal, Goal::Count(_)) {
            return Err(Refusal::CountAsked);
        }
        if mv == Move::Pass && !matches!(level.goal, Goal::Pass(_) | Goal::CaptureGo { .. }) {
            return Err(Refusal::PassNotAsked);
        }
        let next = self.pos.play(mv, &RULES)?;
        self.moves += 1;
        self.last = Some(mv);
        let learner = self.learner();
        let victim = !learner;
        let targets = level.goal.targets();
        let Move::Play(at) = mv else {
            self.pos = next;
            self.verdict = match level.goal {
                Goal::Pass(_) => self.passed(),
                _ => self.verdict,
            };
            return Ok(self.verdict);
        };
        self.verdict = match &level.goal {
            Goal::Capture(_) => {
                for (d, &t) in self.done.iter_mut().zip(targets) {
                    *d |= next.board().get(t) != Some(victim);
                }
                let left = self.targets_left();
                let moves_left = level.par.saturating_sub(self.moves);
                if left.is_empty() {
                    self.passed()
                } else if self.moves >= level.limit() {
                    Verdict::Failed(Failure::OutOfMoves)
                } else if !level.solo && (moves_left == 0 || !holds_not(&next, &left, moves_left)) {
                    Verdict::Failed(Failure::Escaped)
                } else {
                    Verdict::Going
                }
            }
            Goal::Atari(t) => match next.board().chain(t[0]) {
                Some(c) if c.color == victim && c.liberties.len() == 1 => self.passed(),
                _ => Verdict::Failed(Failure::NoAtari),
            },
            Goal::Escape(t) => {
                if capture(&next, t, 3).is_none() {
                    self.passed()
                } else {
                    Verdict::Failed(Failure::StillCaught)
                }
            }
            Goal::Connect(t) => {
                let chain = next
                    .board()
                    .chain(t[0])
                    .map(|c| c.stones)
                    .unwrap_or_default();
                if t.iter().all(|p| chain.contains(p)) {
                    self.passed()
                } else {
                    Verdict::Failed(Failure::NotConnected)
                }
            }
            Goal::Cut(t) => {
                if cut_holds(&next, t) {
                    self.passed()
                } else {
                    Verdict::Failed(Failure::NotCut)
                }
            }
            Goal::Live(t) => {
                let alive = pass_alive(next.board(), learner);
                if t.iter().all(|p| alive.iter().any(|c| c.contains(p))) {
                    self.passed()
                } else {
                    Verdict::Failed(Failure::NotAlive)
                }
            }
            Goal::Fill(_) => {
                for (d, &t) in self.done.iter_mut().zip(targets) {
                    *d |= t == at;
                }
                if self.done.iter().all(|&d| d) {
                    self.passed()
                } else if self.moves >= level.limit() {
                    Verdict::Failed(Failure::OutOfMoves)
                } else {
                    Verdict::Going
                }
            }
            Goal::Pass(_) => Verdict::Failed(Failure::SelfAtari),
            Goal::CaptureGo { .. } => match winner(&next) {
                Some(c) if c == learner || both => self.passed(),
                Some(_) => Verdict::Failed(Failure::Lost),
                None => Verdict::Going,
            },
            Goal::Count(_) => Verdict::Going,
        };
        // Where the other side does not move, it passes.
        self.pos = if level.solo && self.verdict == Verdict::Going {
            next.play(Move::Pass, &RULES).unwrap_or(next)
        } else {
            next
        };
        Ok(self.verdict)
    }

    /// The learner says by how many points black wins (a count level).
    pub fn count(&mut self, said: i32) -> Verdict {
        if let (Goal::Count(answer), Verdict::Going) = (&self.level.goal, self.verdict) {
            self.moves = 1;
            self.verdict = if said == *answer {
                self.passed()
            } else {
                Verdict::Failed(Failure::WrongCount)
            };
        }
        self.verdict
    }

    /// The other side's answer now, when the level plays it.
    #[must_use]
    pub fn reply(&self) -> Option<Move> {
        let pos = &self.pos;
        let level = self.level;
        if pos.to_move() == self.learner() {
            return None;
        }
        match (&level.goal, self.verdict) {
            // A stone put in atari inside a seki is taken.
            (Goal::Pass(_), Verdict::Failed(Failure::SelfAtari)) => {
                let mine = pos.board().stones(self.learner());
                mine.iter().find_map(|&s| capture(pos, &[s], 1))
            }
            (_, Verdict::Going) => match level.goal {
                Goal::Capture(_) if !level.solo => level
                    .replies
                    .get(self.replied)
                    .copied()
                    .filter(|&m| pos.play(m, &RULES).is_ok())
                    .or_else(|| {
                        let left = self.targets_left();
                        defend(pos, &left, level.par.saturating_sub(self.moves).max(1))
                    })
                    .or(Some(Move::Pass)),
                Goal::CaptureGo { computer: true } => Some(choose(
                    pos,
                    u64::from(self.moves) * 7919 + pos.board().hash(),
                )),
                _ => None,
            },
            _ => None,
        }
    }

    /// The other side plays `mv`. An illegal move is ignored.
    pub fn answer(&mut self, mv: Move) -> Verdict {
        if self.pos.to_move() == self.learner() {
            return self.verdict;
        }
        let Ok(next) = self.pos.play(mv, &RULES) else {
            return self.verdict;
        };
        self.pos = next;
        self.last = Some(mv);
        self.replied += 1;
        if self.verdict == Verdict::Going
            && let Goal::CaptureGo { .. } = self.level.goal
            && winner(&self.pos).is_some()
        {
            self.verdict = Verdict::Failed(Failure::Lost);
        }
        self.verdict
    }

    /// Plays the level's reply, if it has one to play.
    pub fn answer_reply(&mut self) -> Verdict {
        if let Some(r) = self.reply() {
            self.answer(r);
        }
        self.verdict
    }

    fn passed(&self) -> Verdict {
        // A level with no par (a game) is won or not: three stars.
        let stars = match self.level.par {
            0 => 3,
            par => stars(self.moves, par),
        };
        Verdict::Passed { stars }
    }
}
