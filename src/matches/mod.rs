//! Matches between the computer's levels, engines and a random mover (`xiangqi match`):
//! games from the master book's openings, each opening played with both colours, N at
//! a time, each game written to PGN as it ends with how it ended; a file begun is taken
//! up where it stopped; the result as cutechess gives it (`elo`).

pub mod elo;
pub mod go;
pub mod go_levels;
mod runner;
mod seat;

use std::io::Write;

use crate::rules::record::GameRecord;
use crate::rules::{Color, Game, Move, Notation, Outcome, Position, Termination, pgn};
pub use seat::{Player, Seat};

/// More plies than this and the game is called a draw (the rules' sixty moves without
/// a capture end nearly every game long before).
pub const MOST_PLIES: usize = 600;

/// How many plies of the master book each opening is.
const OPENING_PLIES: usize = 6;

/// A match asked for.
pub struct Match {
    /// The first player (the one the score is said for).
    pub a: Player,
    /// The second.
    pub b: Player,
    /// Games in all (each opening twice, colours reversed).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Where every game is written; a file begun is taken up.
    pub out: Option<std::path::PathBuf>,
    /// Stop once this test decides.
    pub sprt: Option<elo::Sprt>,
    /// The seed of the openings and the levels' choices.
    pub seed: u64,
}

/// One game's end, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

/// What a match came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// The first player's score.
    pub score: elo::Score,
    /// The test's verdict, if one was asked for.
    pub verdict: Option<elo::Verdict>,
    /// How the games ended, by termination's name.
    pub endings: std::collections::BTreeMap<String, u32>,
}

impl Summary {
    pub(crate) fn add(&mut self, points: Points, ending: &str) {
        match points {
            Points::Win => self.score.wins += 1,
            Points::Draw => self.score.draws += 1,
            Points::Loss => self.score.losses += 1,
        }
        *self.endings.entry(ending.to_owned()).or_default() += 1;
    }
}

/// A small seeded generator (SplitMix64): a match is the same each time it is run.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..1.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Opening `k`: a walk of the master book from the start, each move drawn by how often
/// the masters played it.
#[must_use]
pub fn opening(k: usize, seed: u64) -> Vec<Move> {
    let book = crate::library::Book::masters();
    let mut rng = Rng::new(seed ^ (k as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        let known = book.explore(&pos);
        let total: usize = known.iter().map(|e| e.games).sum();
        if total == 0 {
            break;
        }
        let mut left = (rng.unit() * total as f64) as usize;
        let Some(next) = known.iter().find(|e| {
            let here = left < e.games;
            left = left.saturating_sub(e.games);
            here
        }) else {
            break;
        };
        match pos.play(next.mv) {
            Ok(after) => pos = after,
            Err(_) => break,
        }
        moves.push(next.mv);
    }
    moves
}

/// Plays game `index` of `m` between the seats (`a` red on even games), from its
/// opening: its record (players, round, result, and how it ended in an `Ending` tag:
/// `checkmate`, `perpetual-check`, `move-limit`…; PGN's own `Termination` says only
/// `normal`) and the first player's points.
pub fn play(
    m: &Match,
    index: usize,
    a: &mut Seat,
    b: &mut Seat,
) -> Result<(GameRecord, Points), String> {
    let a_red = index.is_multiple_of(2);
    let mut game = Game::new();
    for mv in opening(index / 2, m.seed) {
        game.play(mv)
            .map_err(|e| format!("the opening's move {mv}: {e}"))?;
    }
    let mut rng = Rng::new(m.seed ^ 0x5EED ^ (index as u64) << 20);
    while game.outcome().is_none() && game.ply_count() < MOST_PLIES {
        let red = game.position().turn() == Color::Red;
        let seat = if red == a_red { &mut *a } else { &mut *b };
        let moves: Vec<Move> = game.moves().collect();
        let mv = seat.choose(game.start(), &moves, &mut rng)?;
        game.play(mv)
            .map_err(|e| format!("{} played {mv}: {e}", seat.name()))?;
    }
    if game.outcome().is_none() {
        // No move limit of the rules' ended it: called a draw.
        let _ = game.declare(Outcome::draw(Termination::Agreement));
    }
    let outcome = game
        .outcome()
        .unwrap_or(Outcome::draw(Termination::Agreement));
    let ending = if game.ply_count() >= MOST_PLIES && outcome.termination == Termination::Agreement
    {
        "move-limit"
    } else {
        outcome.termination.name()
    };
    let points = match outcome.winner {
        None => Points::Draw,
        Some(w) if (w == Color::Red) == a_red => Points::Win,
        Some(_) => Points::Loss,
    };
    let (red, black) = if a_red { (&*a, &*b) } else { (&*b, &*a) };
    let mut record = GameRecord::new(game);
    for (tag, value) in [
        ("Event", "xiangqi match".to_owned()),
        ("Round", (index + 1).to_string()),
        ("Red", red.name()),
        ("Black", black.name()),
        ("Ending", ending.to_owned()),
    ] {
        record.set_tag(tag, &value);
    }
    Ok((record, points))
}

/// The rounds already in `text` (a match's file taken up), with their points from the
/// first player's side (named `a`); a game whose moves do not reach its end (cut short)
/// is not one of them.
#[must_use]
pub fn played(text: &str, a: &str) -> Vec<(usize, Points, String)> {
    pgn::read_all(text)
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|read| {
            let r = read.record;
            let round: usize = r.tag("Round")?.trim().parse().ok()?;
            let a_red = r.tag("Red")? == a;
            let points = match (r.tag("Result")?, a_red) {
                ("1-0", true) | ("0-1", false) => Points::Win,
                ("0-1", true) | ("1-0", false) => Points::Loss,
                ("1/2-1/2", _) => Points::Draw,
                _ => return None,
            };
            let ending = r.tag("Ending").unwrap_or("").to_owned();
            // A game cut short by a kill during its write is played again: its moves
            // must reach the end its tag says.
            let whole = if ending == "move-limit" {
                r.game.ply_count() >= MOST_PLIES
            } else {
                r.game
                    .outcome()
                    .is_some_and(|o| o.termination.name() == ending)
            };
            whole.then_some((round.checked_sub(1)?, points, ending))
        })
        .collect()
}

/// Runs `m`, saying each game's end on `progress`; what the games came to.
pub fn run(m: &Match, progress: &mut (impl Write + Send)) -> Result<Summary, String> {
    runner::run(m, &m.schedule(), progress)
}

impl Match {
    fn schedule(&self) -> runner::Schedule {
        runner::Schedule {
            games: self.games,
            concurrency: self.concurrency,
            out: self.out.clone(),
            sprt: self.sprt,
        }
    }
}

impl runner::Contest for Match {
    type Seats = (Seat, Seat);

    fn seat(&self) -> Result<(Seat, Seat), String> {
        Ok((Seat::start(&self.a)?, Seat::start(&self.b)?))
    }

    fn play(&self, index: usize, seats: &mut (Seat, Seat)) -> Result<runner::Played, String> {
        let (record, points) = play(self, index, &mut seats.0, &mut seats.1)?;
        Ok(runner::Played {
            ending: record.tag("Ending").unwrap_or("").to_owned(),
            text: pgn::write(&record, Notation::Iccs) + "\n",
            points,
        })
    }

    fn played(&self, text: &str) -> Vec<(usize, Points, String)> {
        played(text, &self.a.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file taken up counts its whole games, and not one cut short by a kill: that
    /// one is played again.
    #[test]
    fn a_match_file_cut_short_counts_only_its_whole_games() {
        // The chariot mates on the back rank.
        let start = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/R3K4 w").unwrap();
        let mut game = Game::from_position(start);
        game.play("a0a9".parse().unwrap()).unwrap();
        let over = game.outcome().expect("the line ends the game");
        let mut record = GameRecord::new(game);
        for (tag, value) in [
            ("Round", "1"),
            ("Red", "fsf:2"),
            ("Black", "fsf:1"),
            ("Ending", over.termination.name()),
        ] {
            record.set_tag(tag, value);
        }
        let whole = pgn::write(&record, Notation::Iccs);
        let taken = played(&whole, "fsf:2");
        assert_eq!(taken.len(), 1, "{whole}");
        assert_eq!(taken[0].0, 0);
        // Cut inside the moves: its result tag is there, its end is not.
        let cut = &whole[..whole.rfind("a0a9").unwrap()];
        assert!(played(cut, "fsf:2").is_empty(), "{cut}");
    }
}
