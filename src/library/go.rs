//! Go games in the library: SGF files imported beside the Xiangqi ones, each game once
//! (the same tree, comments and game information are one game), kept as SGF and found
//! by the same filters (the first player is black, the second white) and by
//! their own: the board's size, and a result by its winner (`B` or `W`). Their moves
//! are replayed by the Go rules on the way in: a game that breaks them is named as
//! unreadable, with the reason. Go positions are not searched (yet).

use rusqlite::{OptionalExtension, params};

use super::{Library, LibraryError};
use crate::go::sgf::{self, SgfGame};

/// The name the `kind` column gives Go games.
pub const GO: &str = "go";

/// What the library asks of Go games.
pub(super) const FORMAT: super::Format = super::Format {
    kind: GO,
    levels: crate::matches::go_levels::GO_LEVELS.len(),
    first_points: |result| match result.trim().to_ascii_uppercase().as_str() {
        r if r.starts_with("B+") => Some(1.0),
        r if r.starts_with("W+") => Some(0.0),
        "0" | "DRAW" | "JIGO" => Some(0.5),
        _ => None,
    },
    // Played without handicap stones.
    even: |key| !key.contains("HA[") && !key.contains("AB["),
    fetch: |library, id| {
        Ok(library
            .go_game(id)?
            .map(|f| super::Fetched(std::sync::Arc::new(f))))
    },
};

impl super::Keep for SgfGame {
    fn add(&self, library: &mut Library, source: &str) -> Result<Option<bool>, LibraryError> {
        // A game that breaks the rules: nothing to keep.
        Ok(library.add_go(self, source)?.ok().map(|(_, new)| new))
    }

    fn forget(&self, library: &mut Library) -> Result<bool, LibraryError> {
        library.forget_played_go(self)
    }
}

/// What tells a Go game from another in the library: its file as written.
/// (As [`add`] makes it.)
pub(super) fn identity(file: &SgfGame) -> String {
    format!("{GO}\n{}", sgf::write(file))
}

/// Adds `file` (a game of an SGF file) inside `tx`: its id and whether it was new, or
/// why its moves cannot be played.
pub(super) fn add(
    tx: &rusqlite::Connection,
    file: &SgfGame,
    source: &str,
) -> Result<Result<(i64, bool), String>, LibraryError> {
    let game = match file.replay(&file.main_line()) {
        Ok(game) => game,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let text = sgf::write(file);
    let identity = format!("{GO}\n{text}");
    let had: Option<i64> = {
        let mut stmt = tx.prepare_cached("SELECT id FROM games WHERE key = ?")?;
        let mut rows = stmt.query([&identity])?;
        rows.next()?.map(|r| r.get(0)).transpose()?
    };
    if let Some(id) = had {
        return Ok(Ok((id, false)));
    }
    let tag = |name: &str| file.tag(name).unwrap_or("").trim().to_owned();
    let event = match tag("EV") {
        e if e.is_empty() => tag("GN"),
        e => e,
    };
    let date = tag("DT");
    let year = date
        .get(..4)
        .and_then(|y| y.parse::<i64>().ok())
        .filter(|y| (1000..3000).contains(y));
    let result = match tag("RE") {
        r if r.is_empty() => "*".to_owned(),
        r => r,
    };
    let comments: Vec<&str> = file
        .nodes
        .iter()
        .map(|n| n.comment.as_str())
        .filter(|c| !c.is_empty())
        .collect();
    tx.prepare_cached(
        "INSERT INTO games (key, kind, first, second, event, date, year, result, opening, \
         plies, source, record, comments, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)",
    )?
    .execute(params![
        identity,
        GO,
        tag("PB"),
        tag("PW"),
        event,
        date,
        year,
        result,
        i64::try_from(game.moves().len()).unwrap_or(i64::MAX),
        source,
        text,
        comments.join("\n"),
        i64::from(file.size),
    ])?;
    Ok(Ok((tx.last_insert_rowid(), true)))
}

impl Library {
    /// Adds the Go game `file` (from `source`), unless the library has it already: its
    /// id and whether it was new, or why its moves cannot be played.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn add_go(
        &mut self,
        file: &SgfGame,
        source: &str,
    ) -> Result<Result<(i64, bool), String>, LibraryError> {
        let tx = self.conn.transaction()?;
        let added = add(&tx, file, source)?;
        tx.commit()?;
        Ok(added)
    }

    /// The Go game of id `id`, as it was added.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn go_game(&self, id: i64) -> Result<Option<SgfGame>, LibraryError> {
        let text: Option<String> = self
            .conn
            .query_row(
                "SELECT record FROM games WHERE id = ? AND kind = ?",
                params![id, GO],
                |r| r.get(0),
            )
            .optional()?;
        Ok(text.and_then(|t| sgf::read(&t).ok()?.into_iter().next()))
    }
}
