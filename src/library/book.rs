//! The opening book: the moves masters played from each position of their games'
//! openings, with how those games ended, compiled into the program so the explorer
//! answers on a fresh install with an empty library. Built from a library by
//! [`Book::build`] (`xiangqi library book DIR… -o FILE`); read in place, nothing parsed.
//!
//! The file: `XQBOOK1\n`, then one 20-byte entry per position and move, sorted by the
//! position's key: the key (the position's Zobrist hash, u64), the move (from and to
//! squares' indices, u8 each), then games, red wins, draws, black wins and the latest
//! year (0: unknown), u16 each, all little-endian.

use rusqlite::params;

use super::{Explored, Library, LibraryError};
use crate::rules::{Move, Position, Square};

const MAGIC: &[u8; 8] = b"XQBOOK1\n";
const ENTRY: usize = 20;

/// The master games' book, as built from the Chinese Chess Practical Dataset (Yu-Han
/// Tseng, CC BY 4.0; see the README): positions to ply 30 reached by at least two games.
static MASTERS: &[u8] = include_bytes!("../../assets/book/masters.book");

/// Why bytes are not a book.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookError {
    /// Not this format.
    #[error("not an opening book (it does not start with XQBOOK1)")]
    NotABook,
    /// Cut off inside an entry.
    #[error("the opening book is cut off ({0} bytes after the last whole entry)")]
    CutOff(usize),
}

/// An opening book, read in place.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    entries: &'a [u8],
}

impl Book<'static> {
    /// The master book compiled into the program.
    #[must_use]
    pub fn masters() -> Book<'static> {
        // Built and checked by `xiangqi library book`; a broken file fails the tests.
        Book::from_bytes(MASTERS).unwrap_or(Book { entries: &[] })
    }
}

impl<'a> Book<'a> {
    /// The book in `bytes`.
    ///
    /// # Errors
    /// The bytes are not a whole book.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        let entries = bytes.strip_prefix(MAGIC).ok_or(BookError::NotABook)?;
        match entries.len() % ENTRY {
            0 => Ok(Book { entries }),
            n => Err(BookError::CutOff(n)),
        }
    }

    /// How many entries (position and move) it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len() / ENTRY
    }

    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn entry(&self, i: usize) -> &'a [u8] {
        &self.entries[i * ENTRY..(i + 1) * ENTRY]
    }

    fn key_at(&self, i: usize) -> u64 {
        let e = self.entry(i);
        u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]])
    }

    /// The moves the book knows from `pos`, the most played first.
    #[must_use]
    pub fn explore(&self, pos: &Position) -> Vec<Explored> {
        let want = pos.hash();
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key_at(mid) < want {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut out = Vec::new();
        let mut i = lo;
        while i < self.len() && self.key_at(i) == want {
            let e = self.entry(i);
            let n = |at: usize| usize::from(u16::from_le_bytes([e[at], e[at + 1]]));
            let squares = (
                Square::from_index(usize::from(e[8])),
                Square::from_index(usize::from(e[9])),
            );
            // A move the position does not allow (a key shared by chance, a damaged
            // entry) is left out, and a move given twice counted once.
            if let (Some(from), Some(to)) = squares
                && pos.is_legal(Move::new(from, to))
                && !out.iter().any(|e: &Explored| e.mv == Move::new(from, to))
            {
                out.push(Explored {
                    mv: Move::new(from, to),
                    games: n(10),
                    red: n(12),
                    draws: n(14),
                    black: n(16),
                    latest: Some(n(18))
                        .filter(|&y| y > 0)
                        .and_then(|y| i32::try_from(y).ok()),
                });
            }
            i += 1;
        }
        out.sort_by(|a, b| b.games.cmp(&a.games).then(a.mv.cmp(&b.mv)));
        out
    }
}

impl Library {
    /// The book of this library's games: every position before ply `plies` that at
    /// least `least` games reach there, with each move played from it and how those
    /// games ended (counts saturate at 65,535).
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn book(&self, plies: usize, least: usize) -> Result<Vec<u8>, LibraryError> {
        let mut stmt = self.conn.prepare(
            "WITH reached AS (
                 SELECT key FROM positions WHERE ply < ?1
                 GROUP BY key HAVING COUNT(DISTINCT game) >= ?2)
             SELECT p.key, p.next, COUNT(DISTINCT g.id),
                    COUNT(DISTINCT CASE WHEN g.result = '1-0' THEN g.id END),
                    COUNT(DISTINCT CASE WHEN g.result = '1/2-1/2' THEN g.id END),
                    COUNT(DISTINCT CASE WHEN g.result = '0-1' THEN g.id END),
                    MAX(g.year)
             FROM positions p JOIN games g ON g.id = p.game
             WHERE p.ply < ?1 AND p.next IS NOT NULL AND p.key IN (SELECT key FROM reached)
             GROUP BY p.key, p.next",
        )?;
        let limit = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let rows = stmt.query_map(params![limit(plies), limit(least)], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                [r.get::<_, i64>(2)?, r.get(3)?, r.get(4)?, r.get(5)?],
                r.get::<_, Option<i64>>(6)?,
            ))
        })?;
        let mut entries = Vec::new();
        for row in rows {
            let (key, mv, counts, latest) = row?;
            let Ok(mv) = mv.parse::<Move>() else {
                continue;
            };
            let key = u64::from_ne_bytes(key.to_ne_bytes());
            let n = |v: i64| u16::try_from(v.max(0)).unwrap_or(u16::MAX);
            entries.push((key, mv, counts.map(n), latest.map_or(0, n)));
        }
        entries.sort_by_key(|&(key, mv, ..)| (key, mv));
        let mut out = Vec::with_capacity(MAGIC.len() + entries.len() * ENTRY);
        out.extend_from_slice(MAGIC);
        for (key, mv, counts, latest) in entries {
            out.extend_from_slice(&key.to_le_bytes());
            out.push(u8::try_from(mv.from.index()).unwrap_or(u8::MAX));
            out.push(u8::try_from(mv.to.index()).unwrap_or(u8::MAX));
            for c in counts {
                out.extend_from_slice(&c.to_le_bytes());
            }
            out.extend_from_slice(&latest.to_le_bytes());
        }
        Ok(out)
    }
}
