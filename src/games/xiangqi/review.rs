//! A game reviewed by an engine: every position of a line searched (on as many engine
//! processes as there are cores, each single-threaded with its own hash, each through a
//! stretch of the line of its own; cancellable), then each move judged by what it
//! cost its side in expected score: `?!` an inaccuracy, `?` a mistake, `??` a blunder.
//! No Bevy: the CLI and the window share it.
//!
//! Expected score follows lichess's curve, `50 + 50·(2/(1+e^(−k·cp)) − 1)` percent for
//! the side ahead by `cp` centipawns, with `k` fitted to Fairy-Stockfish's Xiangqi
//! scale (see [`WIN_K`]); a mate is 100 or 0. A move that drops its side's expected
//! score by 10, 20 or 30 points is an inaccuracy, a mistake or a blunder.
//!
//! ```
//! use xiangqi::games::xiangqi::review::{Mark, judge};
//! use xiangqi::rules::tree::Eval;
//! use xiangqi::rules::Color;
//!
//! // Red keeps the balance, black too, then red throws a chariot away.
//! let evals = [
//!     Eval::Centipawns(20),
//!     Eval::Centipawns(10),
//!     Eval::Centipawns(15),
//!     Eval::Centipawns(-700),
//! ];
//! let judged = judge(&evals, Color::Red);
//! assert_eq!(judged[0].mark, None);
//! assert_eq!(judged[1].mark, None);
//! assert_eq!(judged[2].mark, Some(Mark::Blunder));
//! assert_eq!(judged[2].loss, 715);
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::{Engine, EngineError, Limit, Score};
use crate::rules::tree::Eval;
use crate::rules::{Color, Move, Position};

/// The slope of the expected-score curve per centipawn. Lichess fits 0.00368208 to
/// Stockfish's chess scale, where a pawn is 100; Fairy-Stockfish reports Xiangqi in
/// soldiers (also 100), and a piece ahead (a horse or cannon, about 4 soldiers in its
/// evaluation) is as decisive in Xiangqi as a piece in chess (about 3 pawns): the slope
/// is scaled by 3/4.
pub const WIN_K: f64 = 0.002_761_56;

/// A drop of expected score (in points of 100) from which a move is marked.
pub const INACCURACY: f64 = 10.0;
/// See [`INACCURACY`].
pub const MISTAKE: f64 = 20.0;
/// See [`INACCURACY`].
pub const BLUNDER: f64 = 30.0;

/// Evaluations beyond this count as this (a mate is worth no more than being far
/// ahead when losses are summed).
const CAP: i32 = 2000;

/// What a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// Its glyph.
    #[must_use]
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// Its NAG: `$6`, `$2`, `$4`.
    #[must_use]
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }
}

/// Red's expected score in percent for an evaluation from red's side.
#[must_use]
pub fn win_percent(eval: Eval) -> f64 {
    match eval {
        Eval::Mate(n) if n > 0 => 100.0,
        Eval::Mate(_) => 0.0,
        Eval::Centipawns(cp) => {
            let cp = f64::from(cp.clamp(-CAP, CAP));
            50.0 + 50.0 * (2.0 / (1.0 + (-WIN_K * cp).exp()) - 1.0)
        }
    }
}

/// Centipawns for red, mates counted as [`CAP`].
fn centipawns(eval: Eval) -> i32 {
    match eval {
        Eval::Centipawns(cp) => cp.clamp(-CAP, CAP),
        Eval::Mate(n) if n > 0 => CAP,
        Eval::Mate(_) => -CAP,
    }
}

/// One move judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The side that moved.
    pub mover: Color,
    /// What it cost the mover, in centipawns (never negative).
    pub loss: u32,
    /// How much of its expected score it cost, in points of 100 (never negative).
    pub drop: f64,
    /// The mark it earns.
    pub mark: Option<Mark>,
}

/// Judges each move of a line from the evaluations of its positions (`evals[0]` the
/// start, `evals[i]` after move `i`, all from red's side); `first` moved first.
#[must_use]
pub fn judge(evals: &[Eval], first: Color) -> Vec<Judged> {
    let mut mover = first;
    evals
        .windows(2)
        .map(|w| {
            let (before, after) = (w[0], w[1]);
            let sign = if mover == Color::Red { 1 } else { -1 };
            let loss = (sign * (centipawns(before) - centipawns(after))).max(0) as u32;
            let win = |e| {
                let w = win_percent(e);
                if mover == Color::Red { w } else { 100.0 - w }
            };
            let drop = (win(before) - win(after)).max(0.0);
            let mark = if drop >= BLUNDER {
                Some(Mark::Blunder)
            } else if drop >= MISTAKE {
                Some(Mark::Mistake)
            } else if drop >= INACCURACY {
                Some(Mark::Inaccuracy)
            } else {
                None
            };
            let judged = Judged {
                mover,
                loss,
                drop,
                mark,
            };
            mover = !mover;
            judged
        })
        .collect()
}

/// A side's figures over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Its moves.
    pub moves: usize,
    /// Lichess's accuracy: the mean over its moves of `103.1668·e^(−0.04354·drop) −
    /// 3.1669`, each within 0–100.
    pub accuracy: f64,
    /// Its mean loss in centipawns.
    pub average_loss: f64,
    /// Its marks.
    pub inaccuracies: usize,
    /// See `inaccuracies`.
    pub mistakes: usize,
    /// See `inaccuracies`.
    pub blunders: usize,
}

/// Each side's figures, red's first.
#[must_use]
pub fn summary(judged: &[Judged]) -> [Summary; 2] {
    [Color::Red, Color::Black].map(|side| {
        let own: Vec<&Judged> = judged.iter().filter(|j| j.mover == side).collect();
        let n = own.len();
        let mut s = Summary {
            moves: n,
            ..Summary::default()
        };
        if n == 0 {
            s.accuracy = 100.0;
            return s;
        }
        let accuracy: f64 = own
            .iter()
            .map(|j| (103.1668 * (-0.04354 * j.drop).exp() - 3.1669).clamp(0.0, 100.0))
            .sum();
        s.accuracy = accuracy / n as f64;
        s.average_loss = own.iter().map(|j| f64::from(j.loss)).sum::<f64>() / n as f64;
        for j in own {
            match j.mark {
                Some(Mark::Inaccuracy) => s.inaccuracies += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Blunder) => s.blunders += 1,
                None => {}
            }
        }
        s
    })
}

/// What the engine said of one position of the line.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The position's number: 0 the start, `i` after move `i`.
    pub index: usize,
    /// Its evaluation from red's side (a position with no move: lost for the side to
    /// move, the winner's mate in 1).
    pub eval: Eval,
    /// The engine's move there, and its line.
    pub line: Vec<Move>,
}

/// The evaluation of a position where the side to move has no move: it has lost. A
/// mate "in 0" has no sign to say who won, so the winner's mate in 1 stands for it.
fn lost(pos: &Position) -> Eval {
    if pos.turn() == Color::Red {
        Eval::Mate(-1)
    } else {
        Eval::Mate(1)
    }
}

/// Searches one position with a running engine.
fn search_one(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    index: usize,
    limit: Limit,
    stop: &AtomicBool,
) -> Result<Option<Searched>, EngineError> {
    let mut pos = start.clone();
    for &m in &moves[..index] {
        pos = pos
            .play(m)
            .map_err(|e| EngineError::Garbage(format!("the game's own move {m}: {e}")))?;
    }
    if pos.legal_moves().is_empty() {
        return Ok(Some(Searched {
            index,
            eval: lost(&pos),
            line: Vec::new(),
        }));
    }
    let mut last = None;
    let best = engine.search_until(
        start,
        &moves[..index],
        limit,
        1,
        |line| last = Some((line.score, line.pv.clone())),
        || stop.load(Ordering::Relaxed),
    )?;
    let Some(best) = best else { return Ok(None) };
    let (score, mut line) = last.unwrap_or((Score::Centipawns(0), Vec::new()));
    if line.first() != Some(&best) {
        line = vec![best];
    }
    let eval = match score.for_side(pos.turn(), Color::Red) {
        Score::Centipawns(cp) => Eval::Centipawns(cp),
        Score::Mate(n) => Eval::Mate(n),
    };
    Ok(Some(Searched { index, eval, line }))
}

/// A review running: its results come as they are found; dropping it or [`cancel`]
/// stops the engines.
///
/// [`cancel`]: Running::cancel
pub struct Running {
    /// Each position's search, or the error that ended a worker.
    pub results: Receiver<Result<Searched, String>>,
    stop: Arc<AtomicBool>,
    /// How many positions there are.
    pub positions: usize,
}

impl Running {
    /// Stops every search.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// How a review is run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The engine program.
    pub engine: PathBuf,
    /// Each position's search.
    pub limit: Limit,
    /// How many engine processes (each single-threaded).
    pub processes: usize,
    /// Each process's hash table, in MB.
    pub hash_mb: u32,
}

impl Plan {
    /// A plan for `engine`: one process a core, 16 MB of hash each.
    #[must_use]
    pub fn new(engine: &Path, limit: Limit) -> Plan {
        Plan {
            engine: engine.to_path_buf(),
            limit,
            processes: std::thread::available_parallelism().map_or(1, usize::from),
            hash_mb: 16,
        }
    }
}

/// How long an engine may be silent beyond the time it was given.
const PATIENCE: Duration = Duration::from_secs(30);

/// Starts searching every position of the line `moves` from `start` (the start and the
/// position after each move) on `plan.processes` engines.
#[must_use]
pub fn start(plan: &Plan, start: &Position, moves: &[Move]) -> Running {
    let positions = moves.len() + 1;
    let (send, results) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    let engines = plan.processes.clamp(1, positions);
    let stretches = Arc::new(Mutex::new(Stretches::new(positions, engines)));
    for k in 0..engines {
        let (send, stop, stretches) = (send.clone(), stop.clone(), stretches.clone());
        let (plan, start, moves) = (plan.clone(), start.clone(), moves.to_vec());
        std::thread::spawn(move || {
            let mut engine = match open(&plan) {
                Ok(e) => e,
                Err(e) => {
                    _ = send.send(Err(e.to_string()));
                    return;
                }
            };
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(index) = stretches.lock().ok().and_then(|mut s| s.next(k)) else {
                    return;
                };
                match search_one(&mut engine, &start, &moves, index, plan.limit, &stop) {
                    Ok(Some(found)) => {
                        if send.send(Ok(found)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => return,
                    Err(e) => {
                        _ = send.send(Err(e.to_string()));
                        return;
                    }
                }
            }
        });
    }
    Running {
        results,
        stop,
        positions,
    }
}

/// Which engine searches which position: each its own stretch of the line, front to
/// back, so that a search finds the one before it in the engine's hash (a position is
/// a move away from the last: one engine going through a game does the same, and
/// engines taking turns along the line lost that: 0.63–0.73 of one engine's time on two,
/// against 0.5 were nothing lost). An engine whose stretch is done takes the back half of
/// the longest one left.
#[derive(Debug)]
struct Stretches(Vec<std::ops::Range<usize>>);

impl Stretches {
    fn new(positions: usize, engines: usize) -> Stretches {
        Stretches(
            (0..engines)
                .map(|k| k * positions / engines..(k + 1) * positions / engines)
                .collect(),
        )
    }

    /// The next position for engine `k`, if any is left.
    fn next(&mut self, k: usize) -> Option<usize> {
        if self.0[k].is_empty() {
            let (longest, left) = self
                .0
                .iter()
                .enumerate()
                .map(|(j, r)| (j, r.len()))
                .max_by_key(|&(_, len)| len)?;
            if left == 0 {
                return None;
            }
            let from = &mut self.0[longest];
            let middle = from.end - left / 2;
            // One left: it is taken whole.
            let middle = if left == 1 { from.start } else { middle };
            self.0[k] = middle..from.end;
            self.0[longest].end = middle;
        }
        let r = &mut self.0[k];
        let i = r.start;
        r.start += 1;
        Some(i)
    }
}

/// An engine for a review: one thread, its own hash.
fn open(plan: &Plan) -> Result<Engine, EngineError> {
    let mut engine = Engine::start(&plan.engine, PATIENCE)?;
    // Engines without these options keep their defaults.
    let _ = engine.set_option("Threads", "1");
    let _ = engine.set_option("Hash", &plan.hash_mb.to_string());
    Ok(engine)
}

/// The same searches one after another on one engine process: the anchor the review's
/// speed is measured against.
///
/// # Errors
/// The engine fails.
pub fn one_process(
    plan: &Plan,
    start: &Position,
    moves: &[Move],
) -> Result<Vec<Searched>, EngineError> {
    let mut engine = open(plan)?;
    let stop = AtomicBool::new(false);
    (0..=moves.len())
        .map(|i| {
            search_one(&mut engine, start, moves, i, plan.limit, &stop)?.ok_or(EngineError::Quit)
        })
        .collect()
}

/// Waits for every result of `running` and puts them in the line's order.
///
/// # Errors
/// A worker's error (the others are stopped).
pub fn collect(running: &Running) -> Result<Vec<Searched>, String> {
    let mut found: Vec<Option<Searched>> = vec![None; running.positions];
    let mut missing = running.positions;
    while missing > 0 {
        match running.results.recv() {
            Ok(Ok(s)) => {
                let i = s.index;
                if found[i].is_none() {
                    missing -= 1;
                }
                found[i] = Some(s);
            }
            Ok(Err(e)) => {
                running.cancel();
                return Err(e);
            }
            Err(_) => return Err("the engines stopped before the end".into()),
        }
    }
    Ok(found.into_iter().map(|s| s.expect("all found")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_position_goes_to_one_engine_once_and_each_engine_goes_front_to_back() {
        for positions in [1, 2, 3, 7, 77, 300] {
            for engines in 1..=4 {
                let engines = engines.min(positions);
                let mut stretches = Stretches::new(positions, engines);
                let mut given = vec![0; positions];
                let mut last: Vec<Option<usize>> = vec![None; engines];
                let mut jumps = vec![0; engines];
                // Engines asking in an uneven order, as searches of uneven length do.
                let mut turn = 0usize;
                let mut done = vec![false; engines];
                while done.iter().any(|d| !d) {
                    turn = (turn * 7 + 3) % 11;
                    let k = turn % engines;
                    if done[k] {
                        continue;
                    }
                    match stretches.next(k) {
                        Some(i) => {
                            given[i] += 1;
                            // Front to back: the next position, or a jump to a stretch
                            // taken over (halving what is left: a few times at most).
                            if last[k].is_some_and(|l| l + 1 != i) {
                                jumps[k] += 1;
                            }
                            last[k] = Some(i);
                        }
                        None => done[k] = true,
                    }
                }
                assert!(
                    given.iter().all(|&g| g == 1),
                    "{positions}/{engines}: {given:?}"
                );
                assert!(
                    jumps.iter().all(|&j| j <= 10),
                    "{positions}/{engines}: {jumps:?}"
                );
            }
        }
        let mut two = Stretches::new(10, 2);
        assert_eq!(two.next(0), Some(0));
        assert_eq!(two.next(1), Some(5), "the second engine starts half way");
        assert_eq!(two.next(0), Some(1));
    }

    const CP: fn(i32) -> Eval = Eval::Centipawns;

    #[test]
    fn the_curve_is_even_at_zero_and_a_piece_is_decisive() {
        assert!((win_percent(CP(0)) - 50.0).abs() < 1e-9);
        // A horse ahead (about 400): about as decisive as a piece in chess.
        let horse = win_percent(CP(400));
        assert!((74.0..78.0).contains(&horse), "{horse}");
        assert_eq!(win_percent(Eval::Mate(3)), 100.0);
        assert_eq!(win_percent(Eval::Mate(-1)), 0.0);
        assert!((win_percent(CP(-250)) + win_percent(CP(250)) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn marks_follow_the_drop_of_expected_score_for_the_side_that_moved() {
        // Black to move first here: its losses are red's gains.
        let evals = [CP(0), CP(120), CP(360), CP(1200), CP(1150), Eval::Mate(2)];
        let judged = judge(&evals, Color::Black);
        let marks: Vec<Option<Mark>> = judged.iter().map(|j| j.mark).collect();
        // 0 → 120 for black: 8 points; red 120 → 360 gains; black 360 → 1200: 23
        // points (a mistake); red 1200 → 1150: nothing; black 1150 → mate: 4 points.
        assert_eq!(marks, [None, None, Some(Mark::Mistake), None, None]);
        assert_eq!(judged[0].loss, 120);
        assert_eq!(judged[1].loss, 0, "a gain is no loss");
        assert_eq!(judged[0].mover, Color::Black);
        assert_eq!(judged[1].mover, Color::Red);
        // From level to lost in one move: a blunder; a small slip: an inaccuracy.
        let judged = judge(&[CP(0), CP(-900), CP(-900), CP(-1200)], Color::Red);
        assert_eq!(judged[0].mark, Some(Mark::Blunder));
        let judged = judge(&[CP(0), CP(-160)], Color::Red);
        assert_eq!(judged[0].mark, Some(Mark::Inaccuracy));
        // A mate let go: a blunder even if still far ahead in centipawns? Mate (100) to
        // +600 (84): 16 points, an inaccuracy.
        let judged = judge(&[Eval::Mate(3), CP(600)], Color::Red);
        assert_eq!(judged[0].mark, Some(Mark::Inaccuracy));
    }

    #[test]
    fn the_summary_counts_each_sides_marks_and_its_accuracy() {
        let evals = [CP(0), CP(-900), CP(-890), CP(-880), CP(-870), CP(-1500)];
        let judged = judge(&evals, Color::Red);
        let [red, black] = summary(&judged);
        assert_eq!((red.moves, black.moves), (3, 2));
        assert_eq!((red.blunders, red.mistakes, red.inaccuracies), (1, 0, 0));
        assert_eq!(
            (black.blunders, black.mistakes, black.inaccuracies),
            (0, 0, 0)
        );
        assert!(black.accuracy > 95.0, "{black:?}");
        assert!(red.accuracy < 70.0, "{red:?}");
        // Red lost 900 on the blunder and 630 at the end (its second move gained).
        assert!((red.average_loss - (900.0 + 0.0 + 630.0) / 3.0).abs() < 1e-9);
        let none = summary(&[]);
        assert_eq!(none[0].accuracy, 100.0);
    }
}
