//! The library on threads of its own, so that a window never waits for it: one thread
//! writes (imports, games added), one reads (finds, the explorer, a game fetched), each
//! with its own connection to the same file (WAL: the reader never waits for an
//! import). Jobs go in, answers come out, in order per thread; an import can be
//! cancelled between two files and, asked again, skips what it had already read.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use super::{Explored, Fetched, Filter, Found, Keep, Library, Sizes, Summary};
use crate::rules::Position;

/// What the library is asked to do.
#[derive(Clone, Debug)]
pub enum Job {
    /// Import the files under these paths.
    Import(Vec<PathBuf>),
    /// Add a game of any kind (from where it came: a file's name, "pasted", "played").
    Add(Arc<dyn Keep>, String),
    /// Find games.
    Find(Box<Filter>),
    /// The moves played from a position.
    Explore(Box<Position>),
    /// A game of any kind, to open at a ply.
    Game(i64, usize),
    /// The household's players and their records (after the games added before).
    Players,
    /// Remember a player by this name, then say the players.
    AddPlayer(String),
    /// Keep player `id`'s own look (`lang=zh theme=wood …`), then say the players.
    SetLook(i64, String),
    /// Keep player `id`'s colour (`#2e86de`), then say the players.
    SetColour(i64, String),
    /// Rename player `id`, then say the players.
    RenamePlayer(i64, String),
    /// Forget player `id` (their games stay), then say the players.
    RemovePlayer(i64),
    /// Take back a game played at the table whose result was undone.
    Forget(Arc<dyn Keep>),
    /// Keep a puzzle duel, then say the players (both pages list it).
    AddDuel(Box<super::DuelKept>),
}

impl Job {
    /// Whether the writer's thread does it (it changes the library, or must follow the
    /// changes asked before it: the players' records); the reader does the others.
    fn writes(&self) -> bool {
        match self {
            Job::Find(_) | Job::Explore(_) | Job::Game(..) => false,
            Job::Import(_)
            | Job::Add(..)
            | Job::Players
            | Job::AddPlayer(_)
            | Job::SetLook(..)
            | Job::SetColour(..)
            | Job::RenamePlayer(..)
            | Job::RemovePlayer(_)
            | Job::Forget(_)
            | Job::AddDuel(_) => true,
        }
    }
}

/// What the library answers.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Answer {
    /// The library is open, with this many games (and a damaged file kept aside).
    Opened(Sizes, Option<PathBuf>),
    /// An import has read `done` of `all` files.
    Progress(super::Progress),
    /// An import ended (`cancelled`: stopped by the player), with the library's size.
    Imported(Summary, bool, Sizes),
    /// A game was added (true) or was there already, with the library's size.
    Added(bool, Sizes),
    /// The games a filter found.
    Found(Box<Filter>, Vec<Found>),
    /// The moves played from a position.
    Explored(Box<Position>, Vec<Explored>),
    /// A game asked for, and the ply to open it at (its table knows its type).
    Game(i64, usize, Option<Fetched>),
    /// A game played was taken back out (its result undone), with the library's size.
    Forgotten(Sizes),
    /// The household's players, each with its record.
    Players(Vec<(super::Player, super::PlayerRecord)>),
    /// The library could not do it: why.
    Failed(String),
}

/// The library's threads.
pub struct Worker {
    writes: Sender<Job>,
    reads: Sender<Job>,
    // Behind a lock only so that the worker can be shared (a Bevy resource must be).
    answers: Mutex<Receiver<Answer>>,
    cancel: Arc<AtomicBool>,
    /// Jobs asked and not yet answered whole: a window keeps its frames coming
    /// while there are some (an answer must not wait for the mouse to move).
    pending: Arc<AtomicUsize>,
}

impl Worker {
    /// Starts the threads on the library at `path`.
    #[must_use]
    pub fn start(path: PathBuf) -> Worker {
        let (writes, write_jobs) = channel::<Job>();
        let (reads, read_jobs) = channel::<Job>();
        let (tell, answers) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let pending = Arc::new(AtomicUsize::new(0));
        let (writer_tell, stop) = (tell.clone(), cancel.clone());
        let (writer_pending, reader_pending) = (pending.clone(), pending.clone());
        let (opened_tx, opened_rx) = channel::<()>();
        let writer_path = path.clone();
        std::thread::spawn(move || {
            let library = match Library::open(&writer_path) {
                Ok((library, aside)) => {
                    let n = library.sizes().unwrap_or_default();
                    let _ = writer_tell.send(Answer::Opened(n, aside));
                    Some(library)
                }
                Err(e) => {
                    let _ = writer_tell.send(Answer::Failed(e.to_string()));
                    None
                }
            };
            // The reader opens the file once it is made and migrated.
            let _ = opened_tx.send(());
            if let Some(library) = library {
                write_loop(library, &write_jobs, &writer_tell, &stop, &writer_pending);
            }
        });
        std::thread::spawn(move || {
            let _ = opened_rx.recv();
            match Library::open_as_is(&path) {
                Ok(library) => read_loop(&library, &read_jobs, &tell, &reader_pending),
                Err(e) => {
                    let _ = tell.send(Answer::Failed(e.to_string()));
                }
            }
        });
        Worker {
            writes,
            reads,
            answers: Mutex::new(answers),
            cancel,
            pending,
        }
    }

    /// Asks for `job`.
    pub fn ask(&self, job: Job) {
        let to = match job {
            Job::Import(_) => {
                self.cancel.store(false, Ordering::SeqCst);
                &self.writes
            }
            _ if job.writes() => &self.writes,
            _ => &self.reads,
        };
        // A thread gone (its library could not be opened) has said so already.
        // Counted before it is sent: the thread may be done with it at once.
        self.pending.fetch_add(1, Ordering::SeqCst);
        if to.send(job).is_err() {
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Whether some job asked is not answered yet.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }

    /// Stops the import running, between two files (what it added stays).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::SeqCst);
    }

    /// The answers ready now.
    #[must_use]
    pub fn answers(&self) -> Vec<Answer> {
        self.answers
            .lock()
            .map(|rx| rx.try_iter().collect())
            .unwrap_or_default()
    }

    /// Waits for the next answer (tests, the command line).
    #[must_use]
    pub fn wait(&self, timeout: std::time::Duration) -> Option<Answer> {
        self.answers.lock().ok()?.recv_timeout(timeout).ok()
    }
}

fn write_loop(
    mut library: Library,
    jobs: &Receiver<Job>,
    tell: &Sender<Answer>,
    stop: &AtomicBool,
    pending: &AtomicUsize,
) {
    for job in jobs {
        let _done = Done(pending);
        let answer = match job {
            Job::Import(paths) => {
                let result = library.import(&paths, |progress| {
                    let _ = tell.send(Answer::Progress(progress));
                    !stop.load(Ordering::SeqCst)
                });
                match result {
                    Ok(summary) => Answer::Imported(
                        summary,
                        stop.load(Ordering::SeqCst),
                        library.sizes().unwrap_or_default(),
                    ),
                    Err(e) => Answer::Failed(e.to_string()),
                }
            }
            Job::Add(game, source) => match library.keep(&*game, &source) {
                Ok(Ok((_, new))) => Answer::Added(new, library.sizes().unwrap_or_default()),
                // A game the table played breaks no rule; nothing to keep otherwise.
                Ok(Err(_)) => continue,
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::AddPlayer(name) => match library.add_player(&name, &[]) {
                Ok(_) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::Forget(game) => match library.forget(&*game) {
                Ok(true) => Answer::Forgotten(library.sizes().unwrap_or_default()),
                Ok(false) => continue,
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::SetLook(id, look) => match library.set_look(id, &look) {
                Ok(_) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::SetColour(id, colour) => match library.set_colour(id, &colour) {
                Ok(_) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::RenamePlayer(id, new) => match library.rename_player(id, &new) {
                Ok(_) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::RemovePlayer(id) => match library.remove_player(id) {
                Ok(_) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            // On the writer's thread: the games added before it count.
            Job::AddDuel(duel) => match library.add_duel(&duel) {
                Ok(()) => players(&library),
                Err(e) => Answer::Failed(e.to_string()),
            },
            Job::Players => players(&library),
            Job::Find(_) | Job::Explore(_) | Job::Game(..) => continue,
        };
        if tell.send(answer).is_err() {
            return;
        }
    }
}

/// The players and their records.
fn players(library: &Library) -> Answer {
    let records = library.players().and_then(|players| {
        players
            .into_iter()
            .map(|p| library.player_record(&p).map(|r| (p, r)))
            .collect::<Result<Vec<_>, _>>()
    });
    match records {
        Ok(players) => Answer::Players(players),
        Err(e) => Answer::Failed(e.to_string()),
    }
}

/// Counts a job done when dropped, whichever way its loop turn ends.
struct Done<'a>(&'a AtomicUsize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn read_loop(
    library: &Library,
    jobs: &Receiver<Job>,
    tell: &Sender<Answer>,
    pending: &AtomicUsize,
) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        batch.extend(jobs.try_iter());
        // Of the explorer's questions waiting, only the latest is worth answering: the
        // player has walked on from the others.
        let latest = batch.iter().rposition(|j| matches!(j, Job::Explore(_)));
        for (i, job) in batch.into_iter().enumerate() {
            let _done = Done(pending);
            let answer = match job {
                Job::Explore(_) if Some(i) != latest => continue,
                Job::Explore(pos) => match library.explore(&pos) {
                    Ok(moves) => Answer::Explored(pos, moves),
                    Err(e) => Answer::Failed(e.to_string()),
                },
                Job::Find(filter) => match library.find(&filter) {
                    Ok(found) => Answer::Found(filter, found),
                    Err(e) => Answer::Failed(e.to_string()),
                },
                Job::Game(id, ply) => match library.fetch(id) {
                    Ok(game) => Answer::Game(id, ply, game),
                    Err(e) => Answer::Failed(e.to_string()),
                },
                // The writer's.
                _ => continue,
            };
            if tell.send(answer).is_err() {
                return;
            }
        }
    }
}
