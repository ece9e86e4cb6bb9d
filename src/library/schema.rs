//! The library's tables and their versions. `PRAGMA user_version` says which version a
//! file is; each migration brings it one step on, in a transaction of its own.

use rusqlite::Connection;

use super::LibraryError;

/// The version this program writes.
pub const VERSION: i64 = 8;

/// Brings the database to [`VERSION`]. WAL: a reader never waits for the import, and a
/// crash loses at most the transaction in flight.
pub(super) fn migrate(conn: &Connection) -> Result<(), LibraryError> {
    // A newer program's file is left exactly as it is.
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(LibraryError::Newer(version));
    }
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    if version < 1 {
        conn.execute_batch(
            "BEGIN;
             CREATE TABLE games (
                 id INTEGER PRIMARY KEY,
                 -- The start, the moves and the tags: a game once.
                 key TEXT NOT NULL UNIQUE,
                 game TEXT NOT NULL DEFAULT 'xiangqi',
                 red TEXT NOT NULL, black TEXT NOT NULL, event TEXT NOT NULL,
                 date TEXT NOT NULL, year INTEGER, result TEXT NOT NULL,
                 ecco TEXT NOT NULL, plies INTEGER NOT NULL,
                 source TEXT NOT NULL, pgn TEXT NOT NULL
             );
             CREATE INDEX games_red ON games(red);
             CREATE INDEX games_black ON games(black);
             CREATE INDEX games_ecco ON games(ecco);
             -- Each position of a game's main line: the move played from it (NULL at
             -- the end).
             CREATE TABLE positions (
                 key INTEGER NOT NULL,
                 game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                 ply INTEGER NOT NULL,
                 next TEXT
             );
             CREATE INDEX positions_key ON positions(key);
             CREATE INDEX positions_game ON positions(game);
             PRAGMA user_version = 1;
             COMMIT;",
        )?;
    }
    if version < 2 {
        // The files imported, as they were: an import asked again skips them. The
        // games' comments, to find them by. An index that answers the searches alone.
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE games ADD COLUMN comments TEXT NOT NULL DEFAULT '';
             -- Go games: the board's size (NULL for Xiangqi).
             ALTER TABLE games ADD COLUMN size INTEGER;
             CREATE INDEX games_game ON games(game);
             -- The position search and the explorer read only this index.
             DROP INDEX positions_key;
             CREATE INDEX positions_cover ON positions(key, game, ply, next);
             CREATE TABLE files (
                 path TEXT PRIMARY KEY,
                 size INTEGER NOT NULL,
                 modified INTEGER NOT NULL
             );
             PRAGMA user_version = 2;
             COMMIT;",
        )?;
    }
    if version < 3 {
        // A file an import stopped in: how many of its games are in, as it was then.
        conn.execute_batch(
            "BEGIN;
             CREATE TABLE partial (
                 path TEXT PRIMARY KEY,
                 size INTEGER NOT NULL,
                 modified INTEGER NOT NULL,
                 games INTEGER NOT NULL
             );
             PRAGMA user_version = 3;
             COMMIT;",
        )?;
    }
    if version < 4 {
        // Columns every game fills alike: the first and second player (red and black,
        // black and white), the kind of game, the opening's code, the record's text.
        // A rename keeps every row; the indexes follow their columns.
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE games RENAME COLUMN red TO first;
             ALTER TABLE games RENAME COLUMN black TO second;
             ALTER TABLE games RENAME COLUMN game TO kind;
             ALTER TABLE games RENAME COLUMN ecco TO opening;
             ALTER TABLE games RENAME COLUMN pgn TO record;
             DROP INDEX games_red;
             DROP INDEX games_black;
             DROP INDEX games_ecco;
             DROP INDEX games_game;
             CREATE INDEX games_first ON games(first);
             CREATE INDEX games_second ON games(second);
             CREATE INDEX games_opening ON games(opening);
             CREATE INDEX games_kind ON games(kind);
             PRAGMA user_version = 4;
             COMMIT;",
        )?;
    }
    if version < 5 {
        // The household's players: a name (any script) and the other names its games
        // are recorded under. Their games stay in `games`, found by name: deleting a
        // player deletes no game.
        conn.execute_batch(
            "BEGIN;
             CREATE TABLE players (
                 id INTEGER PRIMARY KEY,
                 name TEXT NOT NULL UNIQUE,
                 aliases TEXT NOT NULL DEFAULT ''
             );
             PRAGMA user_version = 5;
             COMMIT;",
        )?;
    }
    if version < 6 {
        // A player's own look (language, board, pieces, sound), the table's when they
        // are the player at it: `lang=zh theme=wood pieces=traditional sound=on`; and
        // their colour on the cards (`#2e86de`; empty: none).
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE players ADD COLUMN look TEXT NOT NULL DEFAULT '';
             ALTER TABLE players ADD COLUMN colour TEXT NOT NULL DEFAULT '';
             PRAGMA user_version = 6;
             COMMIT;",
        )?;
    }
    if version < 7 {
        // The computer's level at each side, as data. Games kept before said it only in
        // the computer's name (`GNU Go level 3`), read here once as the program read it.
        let tx = conn.unchecked_transaction()?;
        tx.execute_batch(
            "ALTER TABLE games ADD COLUMN first_level INTEGER;
             ALTER TABLE games ADD COLUMN second_level INTEGER;",
        )?;
        let named: Vec<(i64, String, String)> = tx
            .prepare("SELECT id, first, second FROM games WHERE first LIKE '% level %' OR second LIKE '% level %'")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let level = |name: &str| -> Option<u8> {
            let (_, n) = name.trim().rsplit_once(" level ")?;
            n.parse().ok().filter(|&n| n > 0)
        };
        for (id, first, second) in named {
            tx.execute(
                "UPDATE games SET first_level = ?, second_level = ? WHERE id = ?",
                rusqlite::params![level(&first), level(&second), id],
            )?;
        }
        tx.pragma_update(None, "user_version", 7)?;
        tx.commit()?;
    }
    if version < 8 {
        // Puzzle duels (解题赛): who met whom over how many puzzles, each one's solved and
        // time used (milliseconds), for both players' pages.
        conn.execute_batch(
            "BEGIN;
             CREATE TABLE duels (
                 id INTEGER PRIMARY KEY,
                 kind TEXT NOT NULL,
                 date TEXT NOT NULL,
                 first TEXT NOT NULL,
                 second TEXT NOT NULL,
                 puzzles INTEGER NOT NULL,
                 first_solved INTEGER NOT NULL,
                 second_solved INTEGER NOT NULL,
                 first_ms INTEGER NOT NULL,
                 second_ms INTEGER NOT NULL
             );
             PRAGMA user_version = 8;
             COMMIT;",
        )?;
    }
    Ok(())
}
