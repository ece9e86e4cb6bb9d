//! A puzzle's line by a UCI engine (Fairy-Stockfish): the solver's mating move, the
//! defender's longest resistance, until mate; the check of a written line against the
//! engine; the forced mates and decisive wins found in a game.

use crate::engine::{Engine, EngineError, Limit, Score};
use crate::rules::{Game, Move, Position};

/// The engine's verdict on a position: mate in this many moves for the side to move
/// (negative: it is mated in that many), or none seen; and its best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Mate in n for the side to move; negative n: mated in -n; `None`: no mate seen.
    pub mate: Option<i32>,
    /// The engine's move.
    pub best: Move,
}

/// Searches `pos` to `depth` afresh (the engine forgets earlier searches first: with one
/// thread, the same position gives the same answer every time, so lines written and
/// lines checked agree).
///
/// # Errors
/// The engine's failure; [`EngineError::NoMoves`] for a position without a move.
pub fn look(engine: &mut Engine, pos: &Position, depth: u32) -> Result<Seen, EngineError> {
    engine.forget()?;
    let mut mate = None;
    let mut deepest = 0;
    let best = engine.search(pos, &[], Limit::Depth(depth), 1, |line| {
        if line.multipv == 1 && line.depth >= deepest {
            deepest = line.depth;
            mate = match line.score {
                Score::Mate(n) => Some(n),
                Score::Centipawns(_) => None,
            };
        }
    })?;
    Ok(Seen { mate, best })
}

/// As [`look`], going deeper (by 4, twice) until `enough` is content with the mate
/// seen: a long mate in a crowded position shows only at some depth, and its length
/// is known better deeper.
///
/// # Errors
/// The engine's failure.
pub fn look_until(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    enough: impl Fn(Option<i32>) -> bool,
) -> Result<Seen, EngineError> {
    let mut seen = look(engine, pos, depth)?;
    for deeper in [depth + 4, depth + 8] {
        if enough(seen.mate) {
            break;
        }
        seen = look(engine, pos, deeper)?;
    }
    Ok(seen)
}

/// The main line from `start`, its side to move the solver: the engine's mating move
/// each time, and for the defender the engine's move (the one that delays the mate
/// longest), until the defender has no move. `None` when the engine sees no mate in at
/// most `most` moves, or loses it on the way.
///
/// # Errors
/// The engine's failure.
pub fn line(
    engine: &mut Engine,
    start: &Position,
    depth: u32,
    most: i32,
) -> Result<Option<Vec<Move>>, EngineError> {
    let solver = start.turn();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut left = most;
    while !pos.legal_moves().is_empty() {
        let seen = look(engine, &pos, depth)?;
        if pos.turn() == solver {
            match seen.mate {
                Some(n) if n >= 1 && n <= left => left = n,
                _ => return Ok(None),
            }
        }
        pos = pos
            .play(seen.best)
            .map_err(|e| EngineError::Garbage(format!("its move {}: {e}", seen.best)))?;
        moves.push(seen.best);
        if moves.len() > 2 * most as usize {
            return Ok(None);
        }
    }
    Ok((moves.len() % 2 == 1).then_some(moves))
}

/// Where a written line departs from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    /// After the solver's move at this ply (from 1) the engine sees no mate in the moves
    /// the line has left.
    NotWinning {
        /// The ply.
        ply: usize,
    },
    /// After the line's defence at this ply the engine sees no mate for the solver (at
    /// the depth asked, nor four and eight deeper): the line cannot be said to hold.
    Escapes {
        /// The ply.
        ply: usize,
    },
    /// The defence at this ply is not the longest: the engine's defence lasts longer.
    Weaker {
        /// The ply.
        ply: usize,
        /// The engine's defence.
        better: Move,
        /// The mate after the line's defence, and after the engine's (moves).
        line: i32,
        /// How long the engine's lasts.
        engine: i32,
    },
}

/// Checks `moves` from `start` against the engine: every solver move keeps a mate in
/// no more moves than the line has left, every defence lasts as long as the engine's
/// best. Returns the departures (none: the line holds).
///
/// # Errors
/// The engine's failure.
pub fn check(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    depth: u32,
) -> Result<Vec<Departure>, EngineError> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    let solver = start.turn();
    for (i, &m) in moves.iter().enumerate() {
        let before = pos.clone();
        pos = pos
            .play(m)
            .map_err(|e| EngineError::Garbage(format!("the line's move {m}: {e}")))?;
        // Solver moves left after this one.
        let left = (moves.len() - i - 1).div_ceil(2) as i32;
        if before.turn() == solver {
            if pos.legal_moves().is_empty() {
                continue;
            }
            let wins = |mate: Option<i32>| mate.is_some_and(|n| n < 0 && -n <= left);
            let seen = look_until(engine, &pos, depth, wins)?;
            if !wins(seen.mate) {
                out.push(Departure::NotWinning { ply: i + 1 });
            }
        } else {
            // The defender's best: mated in `engine` moves; after the line's defence the
            // solver mates in `line`.
            let after = look_until(engine, &pos, depth, |m| m.is_some())?;
            if after.mate.is_none_or(|a| a <= 0) {
                out.push(Departure::Escapes { ply: i + 1 });
                continue;
            }
            let holds = |best: Option<i32>| match (best, after.mate) {
                (Some(b), Some(a)) => b >= 0 || a >= -b,
                _ => true,
            };
            let best = look_until(engine, &before, depth, holds)?;
            if let (Some(b), Some(a)) = (best.mate, after.mate)
                && b < 0
                && a < -b
            {
                out.push(Departure::Weaker {
                    ply: i + 1,
                    better: best.best,
                    line: a,
                    engine: -b,
                });
            }
        }
    }
    Ok(out)
}

/// A forced mate found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The position's ply in the game's main line (0: the start).
    pub ply: usize,
    /// The position.
    pub start: Position,
    /// The line, the side to move mating.
    pub solution: Vec<Move>,
}

/// The positions of `game` where the side to move had a forced mate in at most `most`
/// moves (the first of each run: the next positions of a mate played out are left
/// out), or a decisive win the other side's last move allowed (one move wins by force,
/// no other does), each with its line.
///
/// # Errors
/// The engine's failure.
pub fn find_in_game(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    most: i32,
) -> Result<Vec<Found>, EngineError> {
    let mut out: Vec<Found> = Vec::new();
    let mut running = false;
    // The previous position's value for the side to move there.
    let mut before = None;
    for ply in 0..=game.moves().len() {
        let pos = game.position_at(ply);
        if !pos.has_legal_moves() {
            break;
        }
        let two = super::win::best_two(engine, pos, depth)?;
        let mates = two.mate().is_some_and(|n| (1..=most).contains(&n));
        if mates && !running {
            if let Some(solution) = line(engine, pos, depth, most)? {
                out.push(Found {
                    ply,
                    start: pos.clone(),
                    solution,
                });
            }
        } else if !mates && !running && super::win::decisive(&two, before) {
            let solution = super::win::line(engine, pos, depth, two)?;
            out.push(Found {
                ply,
                start: pos.clone(),
                solution,
            });
        }
        // A mate seen by one side, then kept by it over the other's reply.
        running = mates || (running && two.mate().is_some_and(|n| n < 0));
        before = Some(two.value());
    }
    Ok(out)
}

/// The day a game was played as `2026-11-20`: its `Date` tag, else the day it was saved
/// (`Saved`); `None` when neither says.
#[must_use]
pub fn day_played(record: &crate::rules::record::GameRecord) -> Option<String> {
    ["Date", "Saved"]
        .iter()
        .filter_map(|t| record.tag(t))
        .map(str::trim)
        .find(|d| !d.is_empty() && !d.contains('?'))
        .map(|d| d.chars().take(10).collect::<String>().replace('.', "-"))
}

/// The puzzles in the player's games, each given with the day to name it by: every
/// forced mate (in at most `most` moves) or decisive win, "from your game of DAY, move N",
/// its id from the position and the line ([`super::mine_id`]): a puzzle keeps its
/// progress wherever its game is kept, and one found twice is listed once.
///
/// # Errors
/// The engine's failure.
pub fn in_games<'a>(
    engine: &mut Engine,
    games: impl IntoIterator<Item = (&'a Game, &'a str)>,
    depth: u32,
    most: i32,
) -> Result<Vec<super::Puzzle>, EngineError> {
    let mut out: Vec<super::Puzzle> = Vec::new();
    for (game, day) in games {
        for found in find_in_game(engine, game, depth, most)? {
            let id = super::mine_id(&found.start, &found.solution);
            if out.iter().any(|p| p.id == id) {
                continue;
            }
            // The other side's move that gave the chance, shown before it.
            let lead_in = found.ply.checked_sub(1).and_then(|ply| {
                Some(super::LeadIn {
                    before: game.position_at(ply).clone(),
                    mv: game.moves().nth(ply)?,
                })
            });
            out.push(super::Puzzle {
                id,
                source: format!("{}{day}, move {}", super::FROM_YOUR_GAME, found.ply / 2 + 1),
                name: String::new(),
                goal: super::Goal::of(&found.start, &found.solution),
                start: found.start,
                solution: found.solution,
                lead_in,
            });
        }
    }
    Ok(out)
}
