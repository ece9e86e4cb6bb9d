//! A puzzle duel for two (解题赛): the same puzzles for each player in turn, each on their
//! own clock for the whole round. A puzzle is solved or missed (a wrong move misses it:
//! no second try in a duel); a clock run out misses the rest. The more solved wins, and
//! between as many the less time used. The game's puzzles and its board are the game's;
//! this is the referee, and knows no game.

use std::time::Duration;

/// What came of one puzzle in a player's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Solved, in this long.
    Solved(Duration),
    /// A wrong move.
    Missed,
    /// The round's clock ran out before it was solved.
    TimedOut,
}

/// Where the duel stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn<'a> {
    /// Between rounds (and before the first): the board is handed to `player`, whose
    /// clock waits until they begin.
    Handover {
        /// Whose round is next (0: the first player's).
        player: usize,
    },
    /// `player` is solving puzzle `index` (its id: `id`).
    Solving {
        /// Whose round it is.
        player: usize,
        /// The puzzle's place in the duel, from 0.
        index: usize,
        /// Its id in the game's collection.
        id: &'a str,
    },
    /// Both rounds are done.
    Over,
}

/// A player's score: puzzles solved and time used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Puzzles solved.
    pub solved: usize,
    /// Time used in the round.
    pub used: Duration,
}

/// Who won between two scores: the more solved, then the less time used (whole tenths
/// of a second: a frame's difference is no win); `None`: even.
///
/// ```
/// use std::time::Duration;
/// use table::together::duel::{Score, ranked};
///
/// let quick = Score { solved: 2, used: Duration::from_millis(40_000) };
/// let slow = Score { solved: 2, used: Duration::from_millis(40_090) };
/// assert_eq!(ranked([quick, Score { solved: 3, used: Duration::from_secs(90) }]), Some(1));
/// assert_eq!(ranked([quick, slow]), None, "the same tenth");
/// ```
#[must_use]
pub fn ranked([a, b]: [Score; 2]) -> Option<usize> {
    let tenths = |d: Duration| d.as_millis() / 100;
    match a.solved.cmp(&b.solved) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => match tenths(a.used).cmp(&tenths(b.used)) {
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Equal => None,
        },
    }
}

/// A duel of two players over the same puzzles.
///
/// ```
/// use std::time::Duration;
/// use table::together::duel::{Duel, Turn};
///
/// let ids = vec!["p1".to_owned(), "p2".to_owned()];
/// let mut duel = Duel::new(["Mei".into(), "Dad".into()], ids, Duration::from_secs(60));
/// assert_eq!(duel.turn(), Turn::Handover { player: 0 });
/// duel.begin();
/// duel.tick(Duration::from_secs(10));
/// duel.solved();
/// duel.missed();
/// assert_eq!(duel.turn(), Turn::Handover { player: 1 });
/// duel.begin();
/// duel.tick(Duration::from_secs(61)); // Dad's clock runs out: both missed
/// assert_eq!(duel.turn(), Turn::Over);
/// assert_eq!(duel.winner(), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    players: [String; 2],
    puzzles: Vec<String>,
    budget: Duration,
    marks: [Vec<Mark>; 2],
    used: [Duration; 2],
    /// Time on the puzzle being solved.
    on_puzzle: Duration,
    /// Whose round: 0, 1, or 2 when over.
    round: usize,
    /// The round's player is solving (not handed over yet).
    begun: bool,
}

impl Duel {
    /// A duel of `players` (the first plays first) over `puzzles` (ids), each player
    /// with `budget` for their whole round.
    #[must_use]
    pub fn new(players: [String; 2], puzzles: Vec<String>, budget: Duration) -> Duel {
        let round = if puzzles.is_empty() { 2 } else { 0 };
        Duel {
            players,
            puzzles,
            budget,
            marks: [Vec::new(), Vec::new()],
            used: [Duration::ZERO; 2],
            on_puzzle: Duration::ZERO,
            round,
            begun: false,
        }
    }

    /// The players' names, the first player's first.
    #[must_use]
    pub fn players(&self) -> &[String; 2] {
        &self.players
    }

    /// The puzzles' ids, in the order both players meet them.
    #[must_use]
    pub fn puzzles(&self) -> &[String] {
        &self.puzzles
    }

    /// Each player's time for the whole round.
    #[must_use]
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// Where the duel stands.
    #[must_use]
    pub fn turn(&self) -> Turn<'_> {
        match self.round {
            2.. => Turn::Over,
            player if !self.begun => Turn::Handover { player },
            player => {
                let index = self.marks[player].len();
                Turn::Solving {
                    player,
                    index,
                    id: &self.puzzles[index],
                }
            }
        }
    }

    /// The player handed the board begins: their clock runs.
    pub fn begin(&mut self) {
        if self.round < 2 {
            self.begun = true;
            self.on_puzzle = Duration::ZERO;
        }
    }

    /// Time passes for the player solving. Returns whether their clock ran out now (the
    /// rest of their puzzles are missed and the round ends).
    pub fn tick(&mut self, elapsed: Duration) -> bool {
        if self.round >= 2 || !self.begun {
            return false;
        }
        let player = self.round;
        let left = self.budget.saturating_sub(self.used[player]);
        if elapsed < left {
            self.used[player] += elapsed;
            self.on_puzzle += elapsed;
            return false;
        }
        self.used[player] = self.budget;
        let missed = self.puzzles.len() - self.marks[player].len();
        self.marks[player].extend(std::iter::repeat_n(Mark::TimedOut, missed));
        self.next_round();
        true
    }

    /// The puzzle being solved is solved.
    pub fn solved(&mut self) {
        self.mark(Mark::Solved(self.on_puzzle));
    }

    /// The puzzle being solved is missed (a wrong move).
    pub fn missed(&mut self) {
        self.mark(Mark::Missed);
    }

    fn mark(&mut self, mark: Mark) {
        if self.round >= 2 || !self.begun {
            return;
        }
        let player = self.round;
        self.marks[player].push(mark);
        self.on_puzzle = Duration::ZERO;
        if self.marks[player].len() == self.puzzles.len() {
            self.next_round();
        }
    }

    fn next_round(&mut self) {
        self.round += 1;
        self.begun = false;
        self.on_puzzle = Duration::ZERO;
    }

    /// What came of each puzzle `player` has met so far.
    #[must_use]
    pub fn marks(&self, player: usize) -> &[Mark] {
        &self.marks[player]
    }

    /// The time `player` has left.
    #[must_use]
    pub fn left(&self, player: usize) -> Duration {
        self.budget.saturating_sub(self.used[player])
    }

    /// `player`'s score so far.
    #[must_use]
    pub fn score(&self, player: usize) -> Score {
        Score {
            solved: self.marks[player]
                .iter()
                .filter(|m| matches!(m, Mark::Solved(_)))
                .count(),
            used: self.used[player],
        }
    }

    /// Who won, once it is over: the more solved, then the less time used (whole tenths
    /// of a second: a frame's difference is no win). `None`: not over, or even.
    #[must_use]
    pub fn winner(&self) -> Option<usize> {
        if self.round < 2 {
            return None;
        }
        ranked([self.score(0), self.score(1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn duel(n: usize) -> Duel {
        let ids = (1..=n).map(|i| format!("p{i}")).collect();
        Duel::new(["Mei".into(), "Dad".into()], ids, secs(120))
    }

    #[test]
    fn both_meet_the_same_puzzles_in_turn_and_the_clock_waits_between_rounds() {
        let mut d = duel(3);
        d.tick(secs(30));
        assert_eq!(
            d.left(0),
            secs(120),
            "no clock before the first player begins"
        );
        d.begin();
        assert_eq!(
            d.turn(),
            Turn::Solving {
                player: 0,
                index: 0,
                id: "p1"
            }
        );
        d.tick(secs(20));
        d.solved();
        d.tick(secs(5));
        d.missed();
        d.tick(secs(7));
        d.solved();
        assert_eq!(
            d.marks(0),
            [Mark::Solved(secs(20)), Mark::Missed, Mark::Solved(secs(7))]
        );
        assert_eq!(d.turn(), Turn::Handover { player: 1 });
        d.tick(secs(600));
        assert_eq!(
            d.left(1),
            secs(120),
            "the handover is not on anyone's clock"
        );
        d.solved();
        assert!(
            d.marks(1).is_empty(),
            "nothing is marked before the round begins"
        );
        d.begin();
        assert_eq!(
            d.turn(),
            Turn::Solving {
                player: 1,
                index: 0,
                id: "p1"
            },
            "the second player meets the first puzzle again"
        );
        for _ in 0..3 {
            d.tick(secs(10));
            d.solved();
        }
        assert_eq!(d.turn(), Turn::Over);
        assert_eq!(
            d.score(0),
            Score {
                solved: 2,
                used: secs(32)
            }
        );
        assert_eq!(
            d.score(1),
            Score {
                solved: 3,
                used: secs(30)
            }
        );
        assert_eq!(d.winner(), Some(1));
    }

    #[test]
    fn a_clock_run_out_misses_the_rest_and_time_breaks_a_tie() {
        let mut d = duel(3);
        d.begin();
        d.tick(secs(100));
        d.solved();
        assert!(d.tick(secs(21)), "the clock runs out");
        assert_eq!(
            d.marks(0),
            [Mark::Solved(secs(100)), Mark::TimedOut, Mark::TimedOut]
        );
        assert_eq!(d.left(0), Duration::ZERO);
        assert_eq!(d.turn(), Turn::Handover { player: 1 });
        d.begin();
        d.tick(secs(50));
        d.solved();
        d.missed();
        d.missed();
        assert_eq!(d.score(1).solved, 1);
        assert_eq!(d.winner(), Some(1), "one each: the less time used");
        let mut even = duel(1);
        even.begin();
        even.missed();
        even.begin();
        even.missed();
        assert_eq!(even.winner(), None, "none solved, no time used: even");
        assert_eq!(
            Duel::new(["a".into(), "b".into()], Vec::new(), secs(1)).turn(),
            Turn::Over
        );
    }
}
