//! Running a match of either game: N games at a time (a thread each, with its own
//! players), every game appended to the file as it ends, a file begun taken up, and a
//! stop at the sequential test's decision. What a game is, the game says ([`Contest`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{Points, Summary, elo};

/// How many games, how many at once, where to, and when to stop early.
pub struct Schedule {
    /// Games in all.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Where every game is appended; a file begun is taken up.
    pub out: Option<PathBuf>,
    /// Stop once this test decides.
    pub sprt: Option<elo::Sprt>,
}

/// One game played: its text for the file, the first player's points, how it ended.
pub struct Played {
    /// The game as the file holds it (PGN, SGF).
    pub text: String,
    /// The first player's points.
    pub points: Points,
    /// How it ended (`checkmate`, `counted`…).
    pub ending: String,
}

/// A game the runner can play: its players started once per thread, game `index`
/// played with them, and the games a file already holds read back.
pub trait Contest: Sync {
    /// The players of one thread.
    type Seats;
    /// The players started.
    fn seat(&self) -> Result<Self::Seats, String>;
    /// Game `index` (0-based).
    fn play(&self, index: usize, seats: &mut Self::Seats) -> Result<Played, String>;
    /// The whole games in a file taken up: their index, points and ending.
    fn played(&self, text: &str) -> Vec<(usize, Points, String)>;
}

/// Runs `contest` as `schedule` says, saying each game's end on `progress`.
pub fn run<C: Contest>(
    contest: &C,
    schedule: &Schedule,
    progress: &mut (impl Write + Send),
) -> Result<Summary, String> {
    let mut summary = Summary::default();
    let mut done = std::collections::BTreeSet::new();
    if let Some(path) = &schedule.out {
        let before = std::fs::read_to_string(path).unwrap_or_default();
        for (round, points, ending) in contest.played(&before) {
            if round < schedule.games && done.insert(round) {
                summary.add(points, &ending);
            }
        }
    }
    if !done.is_empty() {
        let _ = writeln!(progress, "taken up: {} games played before", done.len());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(
        schedule
            .sprt
            .is_some_and(|t| t.verdict(&summary.score) != elo::Verdict::Continue),
    );
    let shared = Mutex::new((summary, progress, None::<String>));
    std::thread::scope(|scope| {
        for _ in 0..schedule.concurrency.max(1) {
            scope.spawn(|| {
                let mut seats = match contest.seat() {
                    Ok(s) => s,
                    Err(e) => {
                        shared.lock().map(|mut s| s.2 = Some(e)).ok();
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                };
                while !stop.load(Ordering::SeqCst) {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= schedule.games {
                        return;
                    }
                    if done.contains(&index) {
                        continue;
                    }
                    let played = contest.play(index, &mut seats);
                    let Ok(mut s) = shared.lock() else {
                        return;
                    };
                    let (summary, progress, failed) = &mut *s;
                    let game = match played {
                        Ok(game) => game,
                        Err(e) => {
                            *failed = Some(e);
                            stop.store(true, Ordering::SeqCst);
                            return;
                        }
                    };
                    summary.add(game.points, &game.ending);
                    if let Some(path) = &schedule.out
                        && let Err(e) = crate::storage::append(path, game.text.as_bytes())
                    {
                        *failed = Some(format!("{}: {e}", path.display()));
                        stop.store(true, Ordering::SeqCst);
                    }
                    let sc = summary.score;
                    let _ = writeln!(
                        progress,
                        "game {} {:?} {}: {} - {} - {}",
                        index + 1,
                        game.points,
                        game.ending,
                        sc.wins,
                        sc.losses,
                        sc.draws
                    );
                    if let Some(test) = schedule.sprt
                        && test.verdict(&sc) != elo::Verdict::Continue
                    {
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    let (mut summary, _, failed) = shared.into_inner().map_err(|e| e.to_string())?;
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(test) = schedule.sprt {
        summary.verdict = Some(test.verdict(&summary.score));
    }
    Ok(summary)
}
