//! The game library: every game a player keeps, in one SQLite database in the data
//! folder (WAL, a schema version and its migrations; `schema.rs`). A game goes in once
//! (the same start, moves and tags are one game), with its tags for finding it and each
//! position of its main line (a Zobrist key, the ply, the move played from there) for
//! the position search and the opening explorer. The files it imports are only read.
//!
//! No Bevy: the CLI uses it as it is, the table on a thread.

mod book;
mod duels;
mod go;
mod import;
mod players;
mod schema;
#[cfg(test)]
mod tests;
mod worker;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use crate::rules::record::GameRecord;
use crate::rules::{Move, Position};

pub use crate::games::go::kept::GO;
pub use book::{Book, BookError};
pub use duels::DuelKept;
pub use import::{Added, Progress, Summary, Unreadable};
pub use players::{Played, Player, PlayerRecord, Score};
pub use worker::{Answer, Job, Worker};

pub use table::rating::kept::{Fetched, Keep, Kept, LibraryFormat as Format};

/// The games this program plays: the library counts and opens their games (a kind
/// without a format is kept and listed but not counted).
pub const FORMATS: [&Format; 2] = [
    &crate::games::xiangqi::kept::FORMAT,
    &crate::games::go::kept::FORMAT,
];

/// The format of the games of `kind` among [`FORMATS`].
#[must_use]
pub fn format(kind: &str) -> Option<&'static Format> {
    FORMATS.iter().copied().find(|f| f.kind == kind)
}

/// Why the library cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LibraryError {
    /// SQLite refused.
    #[error("the game library: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A file could not be read or moved aside.
    #[error("the game library's file {path}: {error}")]
    File {
        /// Which file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// A player needs a name.
    #[error("a player needs a name")]
    NoName,
    /// Made by a newer program.
    #[error("the game library is of version {0}, newer than this program knows ({known})", known = schema::VERSION)]
    Newer(i64),
}

/// How many games of each kind (`xiangqi`, `go`) a library holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizes(pub std::collections::BTreeMap<String, usize>);

impl Sizes {
    /// The games of `kind`.
    #[must_use]
    pub fn of(&self, kind: &str) -> usize {
        self.0.get(kind).copied().unwrap_or(0)
    }

    /// Every game.
    #[must_use]
    pub fn total(&self) -> usize {
        self.0.values().sum()
    }
}

/// The library.
pub struct Library {
    conn: Connection,
    /// The games it counts and opens: [`FORMATS`], and any [`Library::knows`] adds.
    formats: Vec<&'static Format>,
}

/// What a search asks for: every field it names must match (`None`: anything).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only games of this kind: `xiangqi`, or [`GO`].
    pub game: Option<String>,
    /// Go: only games on a board of this size.
    pub size: Option<u8>,
    /// A player (part of the name), on either side or on `side` (Go: red is black,
    /// black is white: the first and second player).
    pub player: Option<String>,
    /// The side `player` must have played.
    pub side: Option<crate::rules::Color>,
    /// Played in these years (from, to; either may be left open).
    pub years: (Option<i32>, Option<i32>),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: Option<String>,
    /// At least and at most this many plies in the main line.
    pub plies: (Option<usize>, Option<usize>),
    /// Text in the game's comments.
    pub comment: Option<String>,
    /// Part of the event.
    pub event: Option<String>,
    /// An ECCO code or its start (`C7`).
    pub opening: Option<String>,
    /// The games must reach this position.
    pub position: Option<Position>,
    /// The position may also be reached mirrored left to right.
    pub mirror: bool,
    /// At most this many rows.
    pub limit: Option<usize>,
}

/// A game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its id in the library.
    pub id: i64,
    /// `xiangqi` or [`GO`].
    pub game: String,
    /// Red's player.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// As the file gives it.
    pub date: String,
    /// The event.
    pub event: String,
    /// The ECCO code the file gave.
    pub opening: String,
    /// Go: the board's size.
    pub size: Option<u8>,
    /// The main line's length.
    pub plies: usize,
    /// Where it reaches the position searched for (the first time).
    pub reached: Option<usize>,
}

/// A move of the opening explorer: how often it was played from the position and how
/// those games ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explored {
    /// The move.
    pub mv: Move,
    /// In how many games.
    pub games: usize,
    /// Won by red, drawn, won by black (the others have no result).
    pub red: usize,
    /// Drawn.
    pub draws: usize,
    /// Won by black.
    pub black: usize,
    /// The latest year among them, if the dates say.
    pub latest: Option<i32>,
}

impl Library {
    /// Opens (or makes) the library at `path`. A file SQLite cannot read is kept aside
    /// (`library.sqlite.damaged`) and a new library made; the second value says so.
    ///
    /// # Errors
    /// SQLite refuses even a new file, or the file is of a newer version.
    pub fn open(path: &Path) -> Result<(Library, Option<PathBuf>), LibraryError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|error| LibraryError::File {
                path: dir.to_owned(),
                error,
            })?;
        }
        match Library::open_as_is(path) {
            Ok(library) => Ok((library, None)),
            Err(LibraryError::Newer(v)) => Err(LibraryError::Newer(v)),
            Err(_) if path.exists() => {
                let aside =
                    crate::storage::keep_aside(path).map_err(|error| LibraryError::File {
                        path: path.to_owned(),
                        error,
                    })?;
                // Its journal goes with it.
                for end in ["-wal", "-shm"] {
                    let mut side = path.as_os_str().to_owned();
                    side.push(end);
                    let _ = crate::storage::keep_aside(Path::new(&side));
                }
                Ok((Library::open_as_is(path)?, Some(aside)))
            }
            Err(e) => Err(e),
        }
    }

    pub(crate) fn open_as_is(path: &Path) -> Result<Library, LibraryError> {
        let conn = Connection::open(path)?;
        let ok: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if ok != "ok" {
            return Err(LibraryError::Sql(rusqlite::Error::InvalidQuery));
        }
        schema::migrate(&conn)?;
        Ok(Library {
            conn,
            formats: FORMATS.to_vec(),
        })
    }

    /// A library in memory (tests, a session without a data folder).
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn in_memory() -> Result<Library, LibraryError> {
        let conn = Connection::open_in_memory()?;
        schema::migrate(&conn)?;
        Ok(Library {
            conn,
            formats: FORMATS.to_vec(),
        })
    }

    /// How many games it holds.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn len(&self) -> Result<usize, LibraryError> {
        let n: i64 = self
            .conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// How many games of each kind it holds: each table's window counts its own games
    /// (issue 91: the Xiangqi window's header counted the Go games too, 5 beside a list
    /// of 4).
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn sizes(&self) -> Result<Sizes, LibraryError> {
        let mut stmt = self
            .conn
            .prepare("SELECT kind, COUNT(*) FROM games GROUP BY kind")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
        let mut sizes = Sizes::default();
        for row in rows {
            let (kind, n) = row?;
            sizes.0.insert(kind, usize::try_from(n).unwrap_or(0));
        }
        Ok(sizes)
    }

    /// Whether it holds no game.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn is_empty(&self) -> Result<bool, LibraryError> {
        Ok(self.len()? == 0)
    }

    /// Counts and opens the games of `format` too (a game the program was built
    /// without, as a test's).
    pub fn knows(&mut self, format: &'static Format) {
        if !self.formats.iter().any(|f| f.kind == format.kind) {
            self.formats.push(format);
        }
    }

    /// The format of the games of `kind`, if it knows it.
    #[must_use]
    pub fn format(&self, kind: &str) -> Option<&'static Format> {
        self.formats.iter().copied().find(|f| f.kind == kind)
    }

    /// Keeps `game` (from `source`: a file's path, `pasted`, `played`), unless the
    /// library has it already: its id and whether it was new, or why it cannot be
    /// kept (its moves break its rules).
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn keep(
        &mut self,
        game: &dyn Keep,
        source: &str,
    ) -> Result<Result<(i64, bool), String>, LibraryError> {
        let tx = self.conn.transaction()?;
        let added = import::add(&tx, game, source)?;
        tx.commit()?;
        Ok(added)
    }

    /// Adds the Xiangqi `record` (from `source`): its id and whether it was new.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn add(&mut self, record: &GameRecord, source: &str) -> Result<(i64, bool), LibraryError> {
        let record = crate::games::xiangqi::kept::Keeping(record.clone());
        // A record is valid once made: it always keeps.
        Ok(self.keep(&record, source)?.unwrap_or((0, false)))
    }

    /// Takes back a game played at the table (`source` `played`) whose result was undone:
    /// the same game as kept, found by its key. A game opened or imported stays.
    /// Whether one was taken out.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn forget(&mut self, game: &dyn Keep) -> Result<bool, LibraryError> {
        self.forget_key(&game.key())
    }

    fn forget_key(&mut self, key: &str) -> Result<bool, LibraryError> {
        // Its positions go with it (ON DELETE CASCADE).
        let n = self.conn.execute(
            "DELETE FROM games WHERE key = ? AND source = 'played'",
            [key],
        )?;
        Ok(n > 0)
    }

    /// The Xiangqi games from the usual start whose records carry an ECCO code of their
    /// own (not one the library gave them), with that code: what the opening tree is
    /// learned from.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn tagged_openings(&self) -> Result<Vec<crate::rules::opening::Example>, LibraryError> {
        let start = Position::new().to_fen();
        let mut stmt = self
            .conn
            .prepare("SELECT key FROM games WHERE kind = 'xiangqi'")?;
        let keys = stmt.query_map([], |r| r.get::<_, String>(0))?;
        let mut out = Vec::new();
        for key in keys {
            let key = key?;
            let mut lines = key.lines();
            if lines.next() != Some(start.as_str()) {
                continue;
            }
            let moves: Option<Vec<crate::rules::Move>> = lines
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(|m| m.parse().ok())
                .collect();
            let ecco = lines
                .find_map(|t| t.strip_prefix("ecco="))
                .and_then(|e| e.parse().ok());
            if let (Some(moves), Some(ecco)) = (moves, ecco) {
                out.push(crate::rules::opening::Example { moves, ecco });
            }
        }
        Ok(out)
    }

    /// The games `filter` asks for, the latest added first.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn find(&self, filter: &Filter) -> Result<Vec<Found>, LibraryError> {
        let mut sql = String::from(
            "SELECT g.id, g.first, g.second, g.result, g.date, g.event, g.plies, NULL, g.opening, g.kind, g.size \
             FROM games g",
        );
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        let mut wheres: Vec<String> = Vec::new();
        if let Some(pos) = &filter.position {
            let mut keys = vec![key(pos)];
            if filter.mirror {
                keys.push(key(&pos.mirrored()));
            }
            let marks = vec!["?"; keys.len()].join(",");
            sql = format!(
                "SELECT g.id, g.first, g.second, g.result, g.date, g.event, g.plies, MIN(p.ply), g.opening, \
                 g.kind, g.size \
                 FROM positions p JOIN games g ON g.id = p.game WHERE p.key IN ({marks})"
            );
            args.extend(keys.into_iter().map(rusqlite::types::Value::Integer));
        }
        let like = |s: &str| rusqlite::types::Value::Text(format!("%{s}%"));
        use rusqlite::types::Value;
        if let Some(p) = &filter.player {
            match filter.side {
                None => {
                    wheres.push("(g.first LIKE ? OR g.second LIKE ?)".into());
                    args.push(like(p));
                    args.push(like(p));
                }
                Some(crate::rules::Color::Red) => {
                    wheres.push("g.first LIKE ?".into());
                    args.push(like(p));
                }
                Some(crate::rules::Color::Black) => {
                    wheres.push("g.second LIKE ?".into());
                    args.push(like(p));
                }
            }
        }
        if let Some(from) = filter.years.0 {
            wheres.push("g.year >= ?".into());
            args.push(Value::Integer(from.into()));
        }
        if let Some(to) = filter.years.1 {
            wheres.push("g.year <= ?".into());
            args.push(Value::Integer(to.into()));
        }
        if let Some(game) = &filter.game {
            wheres.push("g.kind = ?".into());
            args.push(Value::Text(game.clone()));
        }
        if let Some(size) = filter.size {
            wheres.push("g.size = ?".into());
            args.push(Value::Integer(size.into()));
        }
        match filter.result.as_deref() {
            // Go's results by their winner: B+3.5, B+R, W+T…
            Some(r @ ("B" | "W")) => {
                wheres.push("g.result LIKE ?".into());
                args.push(Value::Text(format!("{r}+%")));
            }
            Some(r) => {
                wheres.push("g.result = ?".into());
                args.push(Value::Text(r.to_owned()));
            }
            None => {}
        }
        let count = |n: usize| Value::Integer(i64::try_from(n).unwrap_or(i64::MAX));
        if let Some(least) = filter.plies.0 {
            wheres.push("g.plies >= ?".into());
            args.push(count(least));
        }
        if let Some(most) = filter.plies.1 {
            wheres.push("g.plies <= ?".into());
            args.push(count(most));
        }
        if let Some(c) = &filter.comment {
            wheres.push("g.comments LIKE ?".into());
            args.push(like(c));
        }
        if let Some(e) = &filter.event {
            wheres.push("g.event LIKE ?".into());
            args.push(like(e));
        }
        if let Some(o) = &filter.opening {
            wheres.push("g.opening LIKE ?".into());
            args.push(rusqlite::types::Value::Text(format!("{o}%")));
        }
        for w in wheres {
            sql.push_str(if sql.contains(" WHERE ") {
                " AND "
            } else {
                " WHERE "
            });
            sql.push_str(&w);
        }
        if filter.position.is_some() {
            sql.push_str(" GROUP BY g.id");
        }
        sql.push_str(" ORDER BY g.id DESC");
        if let Some(n) = filter.limit {
            sql.push_str(&format!(" LIMIT {n}"));
        }
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(rusqlite::params_from_iter(args), |r| {
            Ok(Found {
                id: r.get(0)?,
                red: r.get(1)?,
                black: r.get(2)?,
                result: r.get(3)?,
                date: r.get(4)?,
                event: r.get(5)?,
                opening: r.get(8)?,
                game: r.get(9)?,
                size: r
                    .get::<_, Option<i64>>(10)?
                    .and_then(|s| u8::try_from(s).ok()),
                plies: usize::try_from(r.get::<_, i64>(6)?).unwrap_or(0),
                reached: r
                    .get::<_, Option<i64>>(7)?
                    .and_then(|p| usize::try_from(p).ok()),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The moves played from `pos` in the library's games, the most played first.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn explore(&self, pos: &Position) -> Result<Vec<Explored>, LibraryError> {
        let mut stmt = self.conn.prepare_cached(
            // Each game once per move (a game may come back to a position and play
            // the same move again), then counted by result.
            "SELECT d.next, COUNT(*), SUM(g.result = '1-0'), SUM(g.result = '1/2-1/2'), \
                    SUM(g.result = '0-1'), MAX(g.year) \
             FROM (SELECT DISTINCT game, next FROM positions \
                   WHERE key = ? AND next IS NOT NULL) d \
             JOIN games g ON g.id = d.game \
             GROUP BY d.next ORDER BY 2 DESC, d.next",
        )?;
        let rows = stmt.query_map(params![key(pos)], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, Option<i64>>(5)?,
            ))
        })?;
        let count = |n: i64| usize::try_from(n).unwrap_or(0);
        let mut out = Vec::new();
        for row in rows {
            let (mv, games, red, draws, black, latest) = row?;
            // A move the position does not allow (a key shared by chance) is left out.
            let Some(mv) = mv.parse::<Move>().ok().filter(|m| pos.is_legal(*m)) else {
                continue;
            };
            out.push(Explored {
                mv,
                games: count(games),
                red: count(red),
                draws: count(draws),
                black: count(black),
                latest: latest
                    .and_then(|y| i32::try_from(y).ok())
                    .filter(|&y| y > 0),
            });
        }
        Ok(out)
    }

    /// The game of id `id`, as it was added.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn game(&self, id: i64) -> Result<Option<GameRecord>, LibraryError> {
        Ok(self.fetch(id)?.and_then(|f| f.get::<GameRecord>().cloned()))
    }

    /// The game of id `id`, whatever its kind, as its table opens it; `None`: no such
    /// game, or of a kind without a format.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn fetch(&self, id: i64) -> Result<Option<Fetched>, LibraryError> {
        let row: Option<(String, String)> = self
            .conn
            .query_row("SELECT kind, record FROM games WHERE id = ?", [id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?;
        Ok(row.and_then(|(kind, text)| (self.format(&kind)?.read)(&text)))
    }
}

/// The key a position is stored under: its Zobrist hash, as SQLite's integer.
fn key(pos: &Position) -> i64 {
    i64::from_ne_bytes(pos.hash().to_ne_bytes())
}

/// A record as the library keeps it: PGN with Chinese notation.
#[cfg(test)]
fn pgn_of(record: &GameRecord) -> String {
    crate::rules::pgn::write(record, crate::rules::Notation::Chinese)
}
