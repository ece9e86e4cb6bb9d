//! Games into the library: one record, or every file of folders (PGN, XQF, any
//! encoding), in batches of one transaction each, with what could not be read listed.

use std::path::{Path, PathBuf};

use rusqlite::params;

use super::{Keep, Library, LibraryError};

/// Games (or files) written in one transaction: a crash loses at most these.
const BATCH: usize = 500;

/// A file or a game of it that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The file.
    pub path: PathBuf,
    /// The game's number in it, when the file holds others that read.
    pub game: Option<usize>,
    /// Why (with the line where the reader stopped).
    pub why: String,
}

/// `path: why`, or `path, game N: why`.
impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.game {
            Some(n) => write!(f, "{}, game {n}: {}", self.path.display(), self.why),
            None => write!(f, "{}: {}", self.path.display(), self.why),
        }
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games read in them.
    pub read: usize,
    /// Games new to the library.
    pub added: usize,
    /// Games it had already.
    pub duplicates: usize,
    /// Files left alone: an import before had read them, unchanged since.
    pub skipped: usize,
    /// What could not be read.
    pub unreadable: Vec<Unreadable>,
}

/// A game added, or found there already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// New, with its id.
    New(i64),
    /// The library had it, with this id.
    Had(i64),
}

/// Adds `game` inside the open transaction: its id and whether it was new, or why it
/// cannot be kept.
pub(super) fn add(
    tx: &rusqlite::Connection,
    game: &dyn Keep,
    source: &str,
) -> Result<Result<(i64, bool), String>, LibraryError> {
    let key = game.key();
    let had: Option<i64> = {
        let mut stmt = tx.prepare_cached("SELECT id FROM games WHERE key = ?")?;
        let mut rows = stmt.query([&key])?;
        rows.next()?.map(|r| r.get(0)).transpose()?
    };
    if let Some(id) = had {
        return Ok(Ok((id, false)));
    }
    let kept = match game.kept() {
        Ok(kept) => kept,
        Err(why) => return Ok(Err(why)),
    };
    if source == "saved" {
        // Saved again as it went on: its earlier saved copies (same players) go.
        let earlier: Vec<(i64, String)> = {
            let mut stmt = tx.prepare_cached(
                "SELECT id, key FROM games WHERE kind = ? AND source = 'saved' \
                 AND first = ? AND second = ?",
            )?;
            let rows = stmt.query_map(params![game.kind(), kept.first, kept.second], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
            rows.collect::<Result<_, _>>()?
        };
        for (id, key) in earlier {
            if game.continues(&key) {
                tx.execute("DELETE FROM games WHERE id = ?", [id])?;
            }
        }
    }
    let year = kept
        .date
        .get(..4)
        .and_then(|y| y.parse::<i64>().ok())
        .filter(|y| (1000..3000).contains(y));
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    tx.prepare_cached(
        "INSERT INTO games (key, kind, first, second, first_level, second_level, event, date, \
         year, result, opening, plies, source, record, comments, size) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )?
    .execute(params![
        key,
        game.kind(),
        kept.first,
        kept.second,
        kept.levels[0],
        kept.levels[1],
        kept.event,
        kept.date,
        year,
        kept.result,
        kept.opening,
        count(kept.plies),
        source,
        kept.record,
        kept.comments,
        kept.size,
    ])?;
    let id = tx.last_insert_rowid();
    let mut stmt =
        tx.prepare_cached("INSERT INTO positions (key, game, ply, next) VALUES (?, ?, ?, ?)")?;
    for (ply, (at, next)) in kept.positions.iter().enumerate() {
        stmt.execute(params![
            i64::from_ne_bytes(at.to_ne_bytes()),
            id,
            count(ply),
            next
        ])?;
    }
    Ok(Ok((id, true)))
}

/// How far an import is: files, and bytes of them (a big collection moves the bar
/// within its file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Files done (read, or skipped as read before).
    pub files_done: usize,
    /// Files to read.
    pub files: usize,
    /// Bytes of them read so far.
    pub bytes_done: u64,
    /// Bytes of them all.
    pub bytes: u64,
}

/// An import under way: its transaction's games, its figures, and who hears how far
/// it is.
struct Run<'a, P> {
    conn: &'a rusqlite::Connection,
    /// Games written since the last commit.
    pending: usize,
    summary: Summary,
    progress: Progress,
    tell: P,
    cancelled: bool,
}

impl<P: FnMut(Progress) -> bool> Run<'_, P> {
    /// One game handled: every [`BATCH`] games the transaction is committed, with how
    /// far into its file the import got (`at`: the file, its stamp, the game's number),
    /// and the listener asked whether to go on.
    fn counted(
        &mut self,
        at: (&Path, (i64, i64), usize),
        bytes_done: u64,
    ) -> Result<(), LibraryError> {
        self.pending += 1;
        if self.pending < BATCH {
            return Ok(());
        }
        let (path, stamp, number) = at;
        // Written with the games, in the same transaction: both or neither.
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO partial (path, size, modified, games) VALUES (?, ?, ?, ?)",
            )?
            .execute(params![
                path.to_string_lossy(),
                stamp.0,
                stamp.1,
                i64::try_from(number).unwrap_or(i64::MAX)
            ])?;
        self.commit()?;
        self.progress.bytes_done = bytes_done;
        self.cancelled = !(self.tell)(self.progress);
        Ok(())
    }

    fn commit(&mut self) -> Result<(), LibraryError> {
        self.conn.execute_batch("COMMIT; BEGIN")?;
        self.pending = 0;
        Ok(())
    }

    fn unreadable(&mut self, path: &Path, game: Option<usize>, why: String) {
        self.summary.unreadable.push(Unreadable {
            path: path.to_owned(),
            game,
            why,
        });
    }

    fn added(&mut self, new: bool) {
        self.summary.read += 1;
        if new {
            self.summary.added += 1;
        } else {
            self.summary.duplicates += 1;
        }
    }
}

impl Library {
    /// Imports every PGN, XQF, SGF and text file under `dirs` (folders walked, files
    /// as they are), each read game by game (a collection of any size), in batches of
    /// one transaction each; `progress` hears how far it is after each file and each
    /// batch, and says whether to go on. A file an import before read whole, unchanged
    /// since (its size and time), is skipped; a file an import stopped in (cancelled,
    /// or the program killed) is taken up after the last game committed: nothing is
    /// read twice. The files are only read.
    ///
    /// # Errors
    /// SQLite refuses (what was committed before stays).
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        progress: impl FnMut(Progress) -> bool,
    ) -> Result<Summary, LibraryError> {
        let mut files = Vec::new();
        for p in paths {
            walk(p, &mut files);
        }
        files.sort();
        let stamps: Vec<(i64, i64)> = files.iter().map(|f| stamp(f)).collect();
        let mut run = Run {
            conn: &self.conn,
            pending: 0,
            summary: Summary::default(),
            progress: Progress {
                files: files.len(),
                bytes: stamps.iter().map(|s| u64::try_from(s.0).unwrap_or(0)).sum(),
                ..Progress::default()
            },
            tell: progress,
            cancelled: false,
        };
        run.conn.execute_batch("BEGIN")?;
        let result = import_files(&mut run, &files, &stamps);
        match result {
            Ok(()) => {
                run.conn.execute_batch("COMMIT")?;
                Ok(run.summary)
            }
            Err(e) => {
                let _ = run.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }
}

fn import_files<P: FnMut(Progress) -> bool>(
    run: &mut Run<'_, P>,
    files: &[PathBuf],
    stamps: &[(i64, i64)],
) -> Result<(), LibraryError> {
    let mut bytes_before = 0u64;
    for (path, &stamp) in files.iter().zip(stamps) {
        if was_read(run.conn, path, stamp)? {
            run.summary.skipped += 1;
        } else {
            run.summary.files += 1;
            let done_before = partial(run.conn, path, stamp)?;
            read_into(run, path, stamp, done_before, bytes_before)?;
            if run.cancelled {
                run.conn.execute_batch("COMMIT; BEGIN")?;
                return Ok(());
            }
            run.conn
                .prepare_cached(
                    "INSERT OR REPLACE INTO files (path, size, modified) VALUES (?, ?, ?)",
                )?
                .execute(params![path.to_string_lossy(), stamp.0, stamp.1])?;
            run.conn
                .prepare_cached("DELETE FROM partial WHERE path = ?")?
                .execute([path.to_string_lossy()])?;
        }
        bytes_before += u64::try_from(stamp.0).unwrap_or(0);
        run.progress.files_done += 1;
        run.progress.bytes_done = bytes_before;
        if !(run.tell)(run.progress) {
            run.cancelled = true;
            return Ok(());
        }
    }
    Ok(())
}

/// A file's size and modification time (seconds), as far as they can be read.
fn stamp(path: &Path) -> (i64, i64) {
    let meta = std::fs::metadata(path).ok();
    let size = meta
        .as_ref()
        .map_or(-1, |m| i64::try_from(m.len()).unwrap_or(i64::MAX));
    let modified = meta
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(-1, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    (size, modified)
}

/// Whether an import before read `path` as it is now.
fn was_read(
    conn: &rusqlite::Connection,
    path: &Path,
    stamp: (i64, i64),
) -> Result<bool, LibraryError> {
    let mut stmt = conn.prepare_cached("SELECT size, modified FROM files WHERE path = ?")?;
    let mut rows = stmt.query([path.to_string_lossy()])?;
    Ok(match rows.next()? {
        Some(r) => (r.get::<_, i64>(0)?, r.get::<_, i64>(1)?) == stamp && stamp.0 >= 0,
        None => false,
    })
}

/// How many games of `path`, as it is now, an import stopped in it had committed.
fn partial(
    conn: &rusqlite::Connection,
    path: &Path,
    stamp: (i64, i64),
) -> Result<usize, LibraryError> {
    let mut stmt =
        conn.prepare_cached("SELECT size, modified, games FROM partial WHERE path = ?")?;
    let mut rows = stmt.query([path.to_string_lossy()])?;
    Ok(match rows.next()? {
        Some(r) if (r.get::<_, i64>(0)?, r.get::<_, i64>(1)?) == stamp && stamp.0 >= 0 => {
            usize::try_from(r.get::<_, i64>(2)?).unwrap_or(0)
        }
        _ => 0,
    })
}

/// Reads the games of one file into the library, after the first `done` of them.
// `while let`: the loop asks the reader how far it is between games.
#[allow(clippy::while_let_on_iterator)]
fn read_into<P: FnMut(Progress) -> bool>(
    run: &mut Run<'_, P>,
    path: &Path,
    stamp: (i64, i64),
    done: usize,
    bytes_before: u64,
) -> Result<(), LibraryError> {
    let source = path.display().to_string();
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf {
        // Go: the SGF reader, and the Go rules replaying each game.
        let mut games = match crate::collection::SgfGames::open(path) {
            Ok(games) => games.starting_at(done + 1),
            Err(e) => {
                run.unreadable(path, None, e.to_string());
                return Ok(());
            }
        };
        while let Some((number, game)) = games.next() {
            match game {
                Ok(file) => match add(run.conn, &crate::games::go::kept::Keeping(file), &source)? {
                    Ok((_, new)) => run.added(new),
                    Err(why) => run.unreadable(path, Some(number), why),
                },
                Err(e) => run.unreadable(path, Some(number), e.to_string()),
            }
            let read = games.progress().0;
            run.counted((path, stamp, number), bytes_before + read)?;
            if run.cancelled {
                return Ok(());
            }
        }
        if let Some(e) = games.take_error() {
            run.unreadable(path, None, e.to_string());
        }
        if games.games_cut() == 0 && done == 0 {
            run.unreadable(path, None, "there is no game in it (no \"(;\")".to_owned());
        }
        return Ok(());
    }
    let mut games = match crate::collection::Games::open(path) {
        Ok(games) => games.starting_at(done + 1),
        Err(e) => {
            run.unreadable(path, None, e.to_string());
            return Ok(());
        }
    };
    let first_unreadable = run.summary.unreadable.len();
    while let Some(entry) = games.next() {
        match entry.game {
            Ok(imported) => {
                // A record is valid once made: it always keeps.
                let record = crate::games::xiangqi::kept::Keeping(imported.record);
                if let Ok((_, new)) = add(run.conn, &record, &source)? {
                    run.added(new);
                }
            }
            Err(e) => run.unreadable(path, Some(entry.number), e.to_string()),
        }
        let read = games.progress().0;
        run.counted((path, stamp, entry.number), bytes_before + read)?;
        if run.cancelled {
            return Ok(());
        }
    }
    if let Some(e) = games.take_error() {
        run.unreadable(path, None, e.to_string());
    }
    // A file that is one game: its failure is the file's.
    if games.alone()
        && let Some(u) = run.summary.unreadable.get_mut(first_unreadable)
    {
        u.game = None;
    }
    Ok(())
}

/// The game files under `path` (itself if it is a file): PGN, XQF, TXT, SGF.
fn walk(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else {
            return;
        };
        for entry in entries.flatten() {
            walk(&entry.path(), out);
        }
    } else if path.is_file() {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        if matches!(ext.as_deref(), Some("pgn" | "xqf" | "txt" | "sgf")) {
            out.push(path.to_owned());
        }
    }
}
