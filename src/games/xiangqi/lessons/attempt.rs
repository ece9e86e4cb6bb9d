//! A learner at a level: each move judged as it is made, the other side's answer when
//! the goal needs one, and the verdict with its stars.

use table::learn::stars;

use super::{Goal, Level, search};
use crate::rules::{Color, Game, IllegalMove, Move, Position, Square};

/// How the attempt stands.
pub type Verdict = table::learn::Verdict<Failure>;

/// Why a level failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Failure {
    /// The move gave no check.
    NoCheck,
    /// After the move the other side escapes the forced win.
    WinGone,
    /// The moves allowed are used up.
    OutOfMoves,
    /// The game is lost.
    Lost,
    /// The game is drawn.
    Drawn,
}

/// Why a move is not taken at all (the board stays as it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The rules forbid it, and say why.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// In a level where the other side does not move, the move would check it.
    #[error("that move gives check: in this level, the other side does not move")]
    Checks,
    /// The level is over, or it is the other side's turn.
    #[error("not the learner's turn")]
    NotNow,
}

/// A learner's try at a level.
#[derive(Clone, Debug)]
pub struct Attempt<'a> {
    level: &'a Level,
    game: Game,
    moves: u32,
    /// The marked points reached, a bit each.
    done: u32,
    replied: usize,
    verdict: Verdict,
}

impl<'a> Attempt<'a> {
    /// The level from its start.
    #[must_use]
    pub fn new(level: &'a Level) -> Attempt<'a> {
        Attempt {
            level,
            game: Game::from_position(level.start.clone()),
            moves: 0,
            done: 0,
            replied: 0,
            verdict: Verdict::Going,
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
        self.game.position()
    }

    /// The game so far (in a level where the other side does not move, since the last
    /// move only).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The learner's side.
    #[must_use]
    pub fn learner(&self) -> Color {
        self.level.start.turn()
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

    /// The marked points not reached yet.
    #[must_use]
    pub fn targets_left(&self) -> Vec<Square> {
        let targets = self.level.goal.targets();
        targets
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.done & (1 << i) == 0)
            .map(|(_, &t)| t)
            .collect()
    }

    /// The learner plays `m`.
    ///
    /// # Errors
    /// The move is not taken: the rules forbid it, it would check in a level where the
    /// other side does not move, or it is not the learner's turn.
    pub fn play(&mut self, m: Move) -> Result<Verdict, Refusal> {
        if self.verdict != Verdict::Going || self.position().turn() != self.learner() {
            return Err(Refusal::NotNow);
        }
        let pos = self.position().clone();
        pos.check_move(m)?;
        let level = self.level;
        if level.goal.solo() {
            let next = search::solo(&pos, m).ok_or(Refusal::Checks)?;
            self.game = Game::from_position(next);
            self.moves += 1;
            self.done |= search::hit(level.goal.targets(), m.to);
            let all = (1u32 << level.goal.targets().len()) - 1;
            self.verdict = if self.done == all {
                Verdict::Passed {
                    stars: stars(self.moves, level.par),
                }
            } else if self.moves >= level.limit() {
                Verdict::Failed(Failure::OutOfMoves)
            } else {
                Verdict::Going
            };
            return Ok(self.verdict);
        }
        let gives_check = pos.gives_check(m);
        self.game.play(m).map_err(|_| Refusal::NotNow)?;
        self.moves += 1;
        let now = self.game.position();
        self.verdict = match level.goal {
            Goal::Check if gives_check => self.passed(),
            Goal::Check => Verdict::Failed(Failure::NoCheck),
            Goal::Escape => self.passed(),
            Goal::Mate(_) | Goal::Stalemate(_) if !now.has_legal_moves() => self.passed(),
            Goal::Mate(_) | Goal::Stalemate(_) if self.moves >= level.par => {
                Verdict::Failed(Failure::OutOfMoves)
            }
            Goal::Mate(_) | Goal::Stalemate(_) => {
                if search::holds(now, level.par - self.moves) {
                    Verdict::Going
                } else {
                    Verdict::Failed(Failure::WinGone)
                }
            }
            _ => self.ruled(),
        };
        Ok(self.verdict)
    }

    /// The other side's answer now, when the level plays it (none when the learner is to
    /// move, the level is over, or the computer answers in a game).
    #[must_use]
    pub fn reply(&self) -> Option<Move> {
        let pos = self.position();
        if self.verdict != Verdict::Going || pos.turn() == self.learner() {
            return None;
        }
        match self.level.goal {
            Goal::Mate(_) | Goal::Stalemate(_) => search::defend_towards(
                pos,
                self.level.par.saturating_sub(self.moves),
                matches!(self.level.goal, Goal::Mate(_)),
            ),
            Goal::Survive => self
                .level
                .replies
                .get(self.replied)
                .copied()
                .filter(|&m| pos.is_legal(m))
                .or_else(|| {
                    let legal = pos.legal_moves();
                    let check = legal.iter().copied().find(|&m| pos.gives_check(m));
                    check.or_else(|| legal.first().copied())
                }),
            _ => None,
        }
    }

    /// The other side plays `m` (the level's reply, or the computer's in a game). An
    /// illegal move is ignored.
    pub fn answer(&mut self, m: Move) -> Verdict {
        if self.verdict == Verdict::Going
            && self.position().turn() != self.learner()
            && self.game.play(m).is_ok()
        {
            self.replied += 1;
            self.verdict = self.ruled();
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
        Verdict::Passed {
            stars: stars(self.moves, self.level.par),
        }
    }

    /// What the rules of the game say now (a game, or a level of perpetual check).
    fn ruled(&self) -> Verdict {
        match self.game.outcome() {
            Some(o) if o.winner == Some(self.learner()) => self.passed(),
            Some(o) if o.winner.is_some() => Verdict::Failed(Failure::Lost),
            Some(_) => Verdict::Failed(Failure::Drawn),
            None if self.moves >= self.level.limit() => Verdict::Failed(Failure::OutOfMoves),
            None => Verdict::Going,
        }
    }
}
