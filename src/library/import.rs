//! Games into the library: one record, or every file of folders (PGN, XQF, any
//! encoding), in batches of one transaction each, with what could not be read listed.

use std::path::{Path, PathBuf};

use rusqlite::{Transaction, params};

use super::{Library, LibraryError, key, pgn_of};
use crate::rules::record::GameRecord;

/// Games written in one transaction: a crash loses at most these.
const BATCH: usize = 500;

/// A file or a game of it that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The file.
    pub path: PathBuf,
    /// Why (with the line where the reader stopped).
    pub why: String,
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

/// The game's ECCO code: its record's own, else the one its moves are classified as
/// (from the usual start).
fn ecco(record: &GameRecord) -> String {
    match record.tag("ECCO").map(str::trim) {
        Some(own) if !own.is_empty() => own.to_owned(),
        _ if *record.game.start() == crate::rules::Position::new() => {
            let moves: Vec<_> = record.game.moves().collect();
            crate::rules::opening::classify(&moves).map_or_else(String::new, |o| o.ecco.to_string())
        }
        _ => String::new(),
    }
}

/// The identity of a game: its start, its moves and its tags.
fn identity(record: &GameRecord) -> String {
    let moves: Vec<String> = record.game.moves().map(|m| m.to_string()).collect();
    let mut tags: Vec<String> = record
        .tags
        .iter()
        .map(|(k, v)| format!("{}={}", k.to_ascii_lowercase(), v.trim()))
        .collect();
    tags.sort();
    format!(
        "{}\n{}\n{}",
        record.game.start().to_fen(),
        moves.join(" "),
        tags.join("\n")
    )
}

/// Adds `record` inside `tx`: its id, and whether it was new.
pub(super) fn add(
    tx: &Transaction<'_>,
    record: &GameRecord,
    source: &str,
) -> Result<(i64, bool), LibraryError> {
    let identity = identity(record);
    let had: Option<i64> = {
        let mut stmt = tx.prepare_cached("SELECT id FROM games WHERE key = ?")?;
        let mut rows = stmt.query([&identity])?;
        rows.next()?.map(|r| r.get(0)).transpose()?
    };
    if let Some(id) = had {
        return Ok((id, false));
    }
    let tag = |name: &str| record.tag(name).unwrap_or("").trim().to_owned();
    let date = tag("Date");
    let year = date
        .get(..4)
        .and_then(|y| y.parse::<i64>().ok())
        .filter(|y| (1000..3000).contains(y));
    let plies = record.game.ply_count();
    tx.prepare_cached(
        "INSERT INTO games (key, red, black, event, date, year, result, ecco, plies, source, pgn, \
         comments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )?
    .execute(params![
        identity,
        tag("Red"),
        tag("Black"),
        tag("Event"),
        date,
        year,
        result(record),
        ecco(record),
        i64::try_from(plies).unwrap_or(i64::MAX),
        source,
        pgn_of(record),
        comments(record),
    ])?;
    let id = tx.last_insert_rowid();
    let mut stmt =
        tx.prepare_cached("INSERT INTO positions (key, game, ply, next) VALUES (?, ?, ?, ?)")?;
    let moves: Vec<_> = record.game.moves().collect();
    for ply in 0..=plies {
        let next = moves.get(ply).map(ToString::to_string);
        stmt.execute(params![
            key(record.game.position_at(ply)),
            id,
            i64::try_from(ply).unwrap_or(i64::MAX),
            next
        ])?;
    }
    Ok((id, true))
}

/// Every comment of the game, its lines' too, one a line.
fn comments(record: &GameRecord) -> String {
    fn of(v: &crate::rules::record::Variation, out: &mut Vec<String>) {
        out.extend(v.comments.values().cloned());
        for w in &v.variations {
            of(w, out);
        }
    }
    let mut out: Vec<String> = record.comments.values().cloned().collect();
    for v in &record.variations {
        of(v, &mut out);
    }
    out.join("\n")
}

/// The game's result: its `Result` tag, else how the moves end.
fn result(record: &GameRecord) -> String {
    match record.tag("Result").map(str::trim) {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r.to_owned(),
        _ => match record.game.outcome().map(|o| o.winner) {
            Some(Some(crate::rules::Color::Red)) => "1-0",
            Some(Some(crate::rules::Color::Black)) => "0-1",
            Some(None) => "1/2-1/2",
            None => "*",
        }
        .to_owned(),
    }
}

impl Library {
    /// Imports every PGN, XQF and text file under `dirs` (folders walked, files as
    /// they are), in batches; `progress` hears each file done (done, of all) and says
    /// whether to go on. A file an import before read whole, unchanged since (its size
    /// and time), is skipped: an import stopped (cancelled, or the program killed) goes
    /// on where it was when asked again. The files are only read.
    ///
    /// # Errors
    /// SQLite refuses (what was committed before stays).
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        mut progress: impl FnMut(usize, usize) -> bool,
    ) -> Result<Summary, LibraryError> {
        let mut files = Vec::new();
        for p in paths {
            walk(p, &mut files);
        }
        files.sort();
        let mut summary = Summary::default();
        let mut done = 0;
        'batches: for chunk in files.chunks(BATCH) {
            let tx = self.conn.transaction()?;
            for path in chunk {
                done += 1;
                let stamp = stamp(path);
                if was_read(&tx, path, stamp)? {
                    summary.skipped += 1;
                } else {
                    summary.files += 1;
                    read_into(&tx, path, &mut summary)?;
                    // Written with the games, in the same transaction: both or neither.
                    tx.prepare_cached(
                        "INSERT OR REPLACE INTO files (path, size, modified) VALUES (?, ?, ?)",
                    )?
                    .execute(params![
                        path.to_string_lossy(),
                        stamp.0,
                        stamp.1
                    ])?;
                }
                if !progress(done, files.len()) {
                    tx.commit()?;
                    break 'batches;
                }
            }
            tx.commit()?;
        }
        Ok(summary)
    }
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
fn was_read(tx: &Transaction<'_>, path: &Path, stamp: (i64, i64)) -> Result<bool, LibraryError> {
    let mut stmt = tx.prepare_cached("SELECT size, modified FROM files WHERE path = ?")?;
    let mut rows = stmt.query([path.to_string_lossy()])?;
    Ok(match rows.next()? {
        Some(r) => (r.get::<_, i64>(0)?, r.get::<_, i64>(1)?) == stamp && stamp.0 >= 0,
        None => false,
    })
}

/// Reads the games of one file into the library.
fn read_into(tx: &Transaction<'_>, path: &Path, summary: &mut Summary) -> Result<(), LibraryError> {
    let unreadable = |why: String| Unreadable {
        path: path.to_owned(),
        why,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            summary.unreadable.push(unreadable(e.to_string()));
            return Ok(());
        }
    };
    let source = path.display().to_string();
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf {
        // Go: the SGF reader, and the Go rules replaying each game.
        let files = match crate::go::sgf::read(&crate::go::sgf::decode(&bytes)) {
            Ok(files) => files,
            Err(e) => {
                summary.unreadable.push(unreadable(e.to_string()));
                return Ok(());
            }
        };
        for file in &files {
            match super::go::add(tx, file, &source)? {
                Ok((_, true)) => {
                    summary.read += 1;
                    summary.added += 1;
                }
                Ok((_, false)) => {
                    summary.read += 1;
                    summary.duplicates += 1;
                }
                Err(why) => summary.unreadable.push(unreadable(why)),
            }
        }
        return Ok(());
    }
    let games = match crate::rules::read::read_games_bytes(&bytes) {
        Ok(games) => games,
        Err(e) => {
            summary.unreadable.push(unreadable(e.to_string()));
            return Ok(());
        }
    };
    for game in games {
        match game {
            Ok(imported) => {
                summary.read += 1;
                if add(tx, &imported.record, &source)?.1 {
                    summary.added += 1;
                } else {
                    summary.duplicates += 1;
                }
            }
            Err(e) => summary.unreadable.push(unreadable(e.to_string())),
        }
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
