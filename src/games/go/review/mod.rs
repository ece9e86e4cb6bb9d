//! A Go game reviewed by GNU Go: at every position of a line, GNU Go's estimate of the
//! score (`estimate_score`), its best move there (`top_moves_black`/`_white`) with its
//! reasons (`move_reasons`), and the estimate after that best move; each move is then
//! judged by what it cost its side against GNU Go's choice, in points. GNU Go's opinion,
//! not a truth: a static estimate, as good as GNU Go's reading.
//!
//! The positions are shared among GNU Go processes (one a core), each taking the next
//! position not yet taken and playing the moves up to it (GNU Go keeps no search worth
//! carrying from one position to the next). Cancellable between positions. No Bevy:
//! the CLI and the window share it.
//!
//! ```
//! use xiangqi::games::go::review::{Mark, Seen, judge};
//! use xiangqi::go::{Game, Move, Point, Rules};
//! use xiangqi::engine::gtp::Candidate;
//!
//! let mut game = Game::new(9, Rules::CHINESE).unwrap();
//! let e5 = Move::Play(Point::from_gtp("E5", 9).unwrap());
//! let a1 = Move::Play(Point::from_gtp("A1", 9).unwrap());
//! game.play(e5).unwrap();
//! game.play(a1).unwrap();
//! let seen = |score, best, after_best| Some(Seen {
//!     score,
//!     best: Some(Candidate { mv: best, value: 10.0 }),
//!     reasons: vec![],
//!     after_best,
//! });
//! // Black plays GNU Go's move; white plays A1 where E4 would have left it 14 points better.
//! let found = [seen(-7.0, e5, None), seen(2.0, Move::Play(Point::from_gtp("E4", 9).unwrap()), Some(-6.0)), Some(Seen::last(8.0))];
//! let steps = judge(&game, &found);
//! assert_eq!(steps[0].as_ref().unwrap().mark, None);
//! let white = steps[1].as_ref().unwrap();
//! assert_eq!(white.loss, 14.0);
//! assert_eq!(white.mark, Some(Mark::Blunder));
//! ```

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::engine::EngineError;
use crate::engine::gtp::{self, Candidate, Gtp};
use crate::go::{Color, Game, Move};

mod sgf;
pub use sgf::{annotate, read_back, score_text};

/// A move that costs its side this many points against GNU Go's choice (by GNU Go's
/// estimate) is marked a mistake (`?`).
pub const MISTAKE: f32 = 5.0;
/// … and from this many a blunder (`??`).
pub const BLUNDER: f32 = 12.0;

/// GNU Go's level (1–10) unless asked otherwise: level 5 answers a 19×19 position in
/// well under a second here.
pub const LEVEL: u8 = 5;

/// What GNU Go said of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// Its estimate of the score: black's lead in points (negative: white leads).
    pub score: f32,
    /// Its best move for the side to move (`None` at the line's last position).
    pub best: Option<Candidate>,
    /// Why it would play there, as it says it.
    pub reasons: Vec<String>,
    /// Its estimate after its best move, when that is not the move played.
    pub after_best: Option<f32>,
}

impl Seen {
    /// The line's last position: its score only.
    #[must_use]
    pub fn last(score: f32) -> Seen {
        Seen {
            score,
            best: None,
            reasons: Vec::new(),
            after_best: None,
        }
    }
}

/// What a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `?`: it cost at least [`MISTAKE`] points.
    Mistake,
    /// `??`: it cost at least [`BLUNDER`] points.
    Blunder,
}

impl Mark {
    /// The mark a loss of `loss` points earns.
    #[must_use]
    pub fn of(loss: f32) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else {
            None
        }
    }
}

impl Mark {
    /// Its glyph.
    #[must_use]
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One move judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Who played it.
    pub mover: Color,
    /// What was played.
    pub played: Move,
    /// GNU Go's choice in its place.
    pub best: Candidate,
    /// Why GNU Go would play its choice, as it says it.
    pub reasons: Vec<String>,
    /// What the move cost its side against GNU Go's choice, in points (negative when
    /// GNU Go's own estimate liked the move played better).
    pub loss: f32,
    /// Its mark.
    pub mark: Option<Mark>,
}

/// Who played move `i` of `game` (a record may give one side two moves running).
#[must_use]
pub fn mover(game: &Game, i: usize) -> Color {
    game.position_at(i + 1)
        .map_or(Color::Black, |p| !p.to_move())
}

/// Judges each move of `game` from what GNU Go saw at its positions (`found[0]` the
/// start, `found[i]` after move `i`); a move is judged once the positions before and
/// after it are seen.
#[must_use]
pub fn judge(game: &Game, found: &[Option<Seen>]) -> Vec<Option<Step>> {
    (0..game.moves().len())
        .map(|i| {
            let before = found.get(i)?.as_ref()?;
            let after = found.get(i + 1)?.as_ref()?;
            let best = before.best?;
            let mover = mover(game, i);
            let sign = if mover == Color::Black { 1.0 } else { -1.0 };
            let after_best = before.after_best.unwrap_or(after.score);
            // To a tenth, as GNU Go gives its estimates (and the rows print it).
            let loss = (sign * (after_best - after.score) * 10.0).round() / 10.0;
            let mark = Mark::of(loss);
            Some(Step {
                mover,
                played: game.moves()[i],
                best,
                reasons: before.reasons.clone(),
                loss,
                mark,
            })
        })
        .collect()
}

/// How a review is run.
#[derive(Clone, Debug)]
pub struct Options {
    /// GNU Go.
    pub gnugo: PathBuf,
    /// Its level, 1–10.
    pub level: u8,
    /// GNU Go processes side by side.
    pub workers: usize,
}

impl Options {
    /// GNU Go where it is installed, at [`LEVEL`], one process a core.
    #[must_use]
    pub fn installed() -> Option<Options> {
        Some(Options {
            gnugo: gtp::find_gnugo()?,
            level: LEVEL,
            workers: std::thread::available_parallelism().map_or(2, usize::from),
        })
    }
}

/// Asks GNU Go about every position of `game` (the start, then after each move), on
/// `options.workers` processes; `found(i, seen)` is called as each comes, from the
/// workers' threads. Stops between positions once `cancel` is set.
///
/// # Errors
/// GNU Go does not start, stops answering, or answers nonsense; the positions seen
/// before that have been handed over.
pub fn review(
    game: &Game,
    options: &Options,
    cancel: &AtomicBool,
    found: &(dyn Fn(usize, Seen) + Sync),
) -> Result<(), EngineError> {
    review_from(game, 0, options, cancel, found)
}

/// [`review`] of the positions from `first` on (the tutor's: the last move's two).
///
/// # Errors
/// As [`review`].
pub fn review_from(
    game: &Game,
    first: usize,
    options: &Options,
    cancel: &AtomicBool,
    found: &(dyn Fn(usize, Seen) + Sync),
) -> Result<(), EngineError> {
    let positions = (game.moves().len() + 1).saturating_sub(first).max(1);
    let next = AtomicUsize::new(first);
    let failed: Mutex<Option<EngineError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..options.workers.clamp(1, positions) {
            scope.spawn(|| {
                if let Err(e) = work(game, options, cancel, &next, found) {
                    // The others stop at their next position.
                    cancel.store(true, Ordering::Relaxed);
                    if let Ok(mut failed) = failed.lock() {
                        failed.get_or_insert(e);
                    }
                }
            });
        }
    });
    match failed.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// One process's share: the next position not yet taken, until none is left.
fn work(
    game: &Game,
    options: &Options,
    cancel: &AtomicBool,
    next: &AtomicUsize,
    found: &(dyn Fn(usize, Seen) + Sync),
) -> Result<(), EngineError> {
    let size = game.start().board().size();
    let moves = game.moves();
    let mut process: Option<Gtp> = None;
    let mut told = 0;
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Ok(());
        }
        let k = next.fetch_add(1, Ordering::Relaxed);
        if k > moves.len() {
            return Ok(());
        }
        if process.is_none() {
            // Started with the first position taken: none is started for nothing.
            let mut g = gtp::gnugo_seeded(&options.gnugo, game, options.level)?;
            g.set_start(game)?;
            process = Some(g);
        }
        let Some(gnugo) = process.as_mut() else {
            return Ok(());
        };
        while told < k {
            gnugo.play(mover(game, told), moves[told], size)?;
            told += 1;
        }
        let played = moves.get(k).map(|&mv| (mover(game, k), mv));
        found(k, see(gnugo, size, played)?);
    }
}

/// What GNU Go says of the position told, where `played` (who, what) comes next.
fn see(gnugo: &mut Gtp, size: u8, played: Option<(Color, Move)>) -> Result<Seen, EngineError> {
    let score = gnugo.estimate()?;
    let Some((mover, played)) = played else {
        return Ok(Seen::last(score));
    };
    let best = gnugo
        .top_moves(mover, size)?
        .first()
        .copied()
        // Nothing worth playing: GNU Go would pass.
        .unwrap_or(Candidate {
            mv: Move::Pass,
            value: 0.0,
        });
    let reasons = match best.mv {
        Move::Play(p) => gnugo.reasons(p, size)?,
        Move::Pass => Vec::new(),
    };
    let after_best = if best.mv == played {
        None
    } else {
        match gnugo.play(mover, best.mv, size) {
            Ok(()) => {
                let after = gnugo.estimate()?;
                gnugo.undo()?;
                Some(after)
            }
            // GNU Go refusing its own move (a ko under other rules): judged as played.
            Err(EngineError::Garbage(_)) => None,
            Err(e) => return Err(e),
        }
    };
    Ok(Seen {
        score,
        best: Some(best),
        reasons,
        after_best,
    })
}

impl super::Session {
    /// The nodes of the line remembered, the ones ahead of the node shown too.
    #[must_use]
    pub fn whole_nodes(&self) -> &[usize] {
        &self.line
    }

    /// The game along the whole line remembered (a review looks at all of it, wherever
    /// the move shown is).
    #[must_use]
    pub fn whole_game(&self) -> Game {
        let rules = *self.game.rules();
        self.record
            .replay_with(&self.line, rules)
            .unwrap_or_else(|_| self.game.clone())
    }

    /// Writes a review of the whole line (`game`, from [`whole_game`](Self::whole_game)
    /// of the same `line`) into the record: see [`annotate`].
    pub fn write_review(
        &mut self,
        line: &[usize],
        game: &Game,
        found: &[Option<Seen>],
        steps: &[Option<Step>],
        level: u8,
    ) {
        annotate(&mut self.record, line, game, found, steps, level);
    }

    /// The review written in the record along the whole line, read back: each
    /// position's score, each move judged (`None` where nothing is written).
    #[must_use]
    pub fn written_review(&self) -> (Vec<Option<f32>>, Vec<Option<Step>>) {
        read_back(&self.record, &self.line, &self.whole_game())
    }
}
