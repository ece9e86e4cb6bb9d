//! An engine on a thread of its own, for a program that must never wait for it (the
//! game's window). Searches are asked for and answered through channels; a newer
//! request stops the running search at once, so only the latest is ever worked on.
//! The engine is started at the first request, not before: a game that never asks
//! for one starts none.

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{Engine, Limit, Line};
use crate::rules::{Move, Position};

/// A search to run: the position after `moves` from `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Where the game started.
    pub start: Position,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// How long to search.
    pub limit: Limit,
    /// How many best lines to report.
    pub multipv: usize,
}

/// What the worker has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The engine is running.
    Started {
        /// Its name.
        name: String,
        /// Its process id.
        pid: u32,
    },
    /// A line of the search numbered `job`.
    Line {
        /// Which request.
        job: u64,
        /// The line.
        line: Line,
    },
    /// The search numbered `job` ended with this move.
    Best {
        /// Which request.
        job: u64,
        /// The move, legal in the job's position.
        mv: Move,
    },
    /// The search numbered `job` was stopped and the engine has answered the stop:
    /// it searches no more.
    Stopped {
        /// Which request.
        job: u64,
    },
    /// The engine could not be started, or died, or talked nonsense; the worker has
    /// ended and answers nothing more.
    Failed(String),
}

/// The engine's thread and the channels to it. Dropping it stops the search and ends
/// the engine.
pub struct Worker {
    jobs: Sender<(u64, Option<Job>)>,
    // Behind a lock only so that the worker can be shared (a Bevy resource must be).
    reports: Mutex<Receiver<Report>>,
    /// The number of the latest request: a search whose number differs stops.
    latest: Arc<AtomicU64>,
}

/// The engine's settings given to it once started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search threads.
    pub threads: u32,
    /// Hash table size, in MB.
    pub hash_mb: u32,
}

impl Worker {
    /// A worker for the engine at `path`. `wake` is called (on the worker's thread)
    /// after reports, for a program that sleeps until something happens: at once after
    /// a move, a start or a failure, and at most every [`LINE_WAKE`] for lines (an
    /// engine reports dozens a second; a window woken for each redraws for each).
    #[must_use]
    pub fn spawn(
        path: PathBuf,
        options: Options,
        patience: Duration,
        wake: impl Fn() + Send + 'static,
    ) -> Worker {
        let (jobs, inbox) = mpsc::channel::<(u64, Option<Job>)>();
        let (outbox, reports) = mpsc::channel();
        let latest = Arc::new(AtomicU64::new(0));
        let wanted = Arc::clone(&latest);
        std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                let waker = RefCell::new(Waker {
                    wake,
                    last: None,
                    owed: false,
                });
                let say = |report: Report| {
                    let line = matches!(report, Report::Line { .. });
                    let sent = outbox.send(report).is_ok();
                    if line {
                        waker.borrow_mut().soon();
                    } else {
                        waker.borrow_mut().now();
                    }
                    sent
                };
                let mut engine: Option<Engine> = None;
                while let Ok(mut next) = inbox.recv() {
                    // Only the latest request matters.
                    while let Ok(newer) = inbox.try_recv() {
                        next = newer;
                    }
                    let (id, Some(job)) = next else { continue };
                    if wanted.load(Ordering::SeqCst) != id {
                        continue;
                    }
                    if engine.is_none() {
                        match start(&path, &options, patience) {
                            Ok(e) => {
                                say(Report::Started {
                                    name: e.name().to_owned(),
                                    pid: e.pid(),
                                });
                                engine = Some(e);
                            }
                            Err(e) => {
                                say(Report::Failed(e.to_string()));
                                return;
                            }
                        }
                    }
                    let Some(engine) = engine.as_mut() else {
                        return;
                    };
                    let result = engine.search_until(
                        &job.start,
                        &job.moves,
                        job.limit,
                        job.multipv,
                        |line| {
                            say(Report::Line {
                                job: id,
                                line: line.clone(),
                            });
                        },
                        || {
                            // Asked every few milliseconds: lines held back are sent on.
                            waker.borrow_mut().due();
                            wanted.load(Ordering::SeqCst) != id
                        },
                    );
                    let report = match result {
                        Ok(Some(mv)) => Report::Best { job: id, mv },
                        Ok(None) => {
                            waker.borrow_mut().flush();
                            Report::Stopped { job: id }
                        }
                        Err(e) => {
                            say(Report::Failed(format!("{}: {e}", engine.name())));
                            return;
                        }
                    };
                    if !say(report) {
                        return;
                    }
                }
            })
            .expect("a thread can be started");
        Worker {
            jobs,
            reports: Mutex::new(reports),
            latest,
        }
    }

    /// Asks for a search, stopping the one running; returns its number, which its
    /// reports carry.
    pub fn ask(&self, job: Job) -> u64 {
        self.send(Some(job))
    }

    /// Stops the running search; the engine waits, using no time.
    pub fn stop(&self) {
        self.send(None);
    }

    fn send(&self, job: Option<Job>) -> u64 {
        let id = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        // A worker that has ended has said why (Report::Failed).
        let _ = self.jobs.send((id, job));
        id
    }

    /// The reports that have come since the last call.
    #[must_use]
    pub fn reports(&self) -> Vec<Report> {
        let reports = self.reports.lock().unwrap_or_else(|e| e.into_inner());
        reports.try_iter().collect()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The running search stops; the thread ends with the channel, and the engine
        // with it (Engine's Drop says quit).
        self.latest.fetch_add(1, Ordering::SeqCst);
    }
}

/// The least time between two wake-ups for lines alone.
pub const LINE_WAKE: Duration = Duration::from_millis(150);

/// Wakes the program after reports, lines at most every [`LINE_WAKE`].
struct Waker<W: Fn()> {
    wake: W,
    last: Option<Instant>,
    /// Lines were reported since the last wake-up.
    owed: bool,
}

impl<W: Fn()> Waker<W> {
    fn now(&mut self) {
        (self.wake)();
        self.last = Some(Instant::now());
        self.owed = false;
    }

    /// After a line: now, or once the time since the last wake-up is up.
    fn soon(&mut self) {
        self.owed = true;
        self.due();
    }

    /// Wakes if lines are owed and the time is up.
    fn due(&mut self) {
        if self.owed && self.last.is_none_or(|t| t.elapsed() >= LINE_WAKE) {
            self.now();
        }
    }

    /// Wakes if lines are owed at all.
    fn flush(&mut self) {
        if self.owed {
            self.now();
        }
    }
}

fn start(
    path: &std::path::Path,
    options: &Options,
    patience: Duration,
) -> Result<Engine, super::EngineError> {
    let mut engine = Engine::start(path, patience)?;
    engine.set_option("Threads", &options.threads.max(1).to_string())?;
    engine.set_option("Hash", &options.hash_mb.max(1).to_string())?;
    engine.ready()?;
    Ok(engine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn lines_wake_at_most_every_line_wake_and_none_is_left_unsaid() {
        let woken = Cell::new(0);
        let mut w = Waker {
            wake: || woken.set(woken.get() + 1),
            last: None,
            owed: false,
        };
        w.soon();
        assert_eq!(woken.get(), 1, "the first line at once");
        for _ in 0..50 {
            w.soon();
        }
        assert_eq!(woken.get(), 1, "a burst waits");
        w.due();
        assert_eq!(woken.get(), 1);
        w.last = Some(Instant::now() - LINE_WAKE);
        w.due();
        assert_eq!(woken.get(), 2, "the burst is sent on once its time is up");
        w.due();
        assert_eq!(woken.get(), 2, "nothing owed, no wake");
        w.soon();
        w.flush();
        assert_eq!(woken.get(), 3, "a stopped search's last lines are sent on");
        w.now();
        assert_eq!(woken.get(), 4, "a move wakes at once");
    }
}
