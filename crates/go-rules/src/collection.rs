//! An SGF collection of any size, read game by game: a [`Splitter`] is handed the
//! file's bytes a piece at a time (it does no I/O) and gives each game tree's bytes
//! (`(;…)`) as soon as its last bracket closes, so that a file of any size is read
//! holding one game at most. Each game is bounded on its own ([`MAX_GAME_BYTES`], then
//! the reader's nesting); a file has no bound. Text between games is not read.
//!
//! ```
//! use go_rules::collection::{Splitter, read};
//!
//! let file = "(;GM[1]SZ[9]PB[甲];B[ee])\n(;GM[1]SZ[9]PB[乙];B[cc](;W[dd])(;W[gg]))";
//! let mut splitter = Splitter::new();
//! let mut games = Vec::new();
//! for piece in file.as_bytes().chunks(5) {
//!     splitter.push(piece);
//!     games.extend(splitter.by_ref());
//! }
//! splitter.finish();
//! games.extend(splitter.by_ref());
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[1].number, games[1].line), (2, 2));
//! assert_eq!(read(&games[1]).unwrap().tag("PB"), Some("乙"));
//! ```

use std::collections::VecDeque;

use crate::sgf::{self, SgfError, SgfGame};

/// The most bytes one game of a collection may have: the bound
/// [`sgf::read`] puts on a whole text.
pub const MAX_GAME_BYTES: usize = sgf::MAX_BYTES;

/// One game tree of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line its `(` is on, from 1.
    pub line: usize,
    /// Where its `(` is: bytes from the file's start.
    pub offset: u64,
    /// How many bytes it spans.
    pub len: u64,
    /// Its bytes, or why they were not kept.
    pub bytes: Result<Vec<u8>, Refused>,
}

/// Why a part's bytes were not kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refused {
    /// Over [`MAX_GAME_BYTES`].
    TooLarge,
}

/// Reads one part: its game, with lines counted from the file's start.
///
/// # Errors
/// The part was too large, or its game does not read (see [`sgf::read`]).
pub fn read(part: &Part) -> Result<SgfGame, SgfError> {
    let bytes = match &part.bytes {
        Ok(bytes) => bytes,
        Err(Refused::TooLarge) => {
            return Err(SgfError {
                line: part.line,
                what: format!(
                    "the game is {} bytes long; at most {} MB are read for one game",
                    part.len,
                    MAX_GAME_BYTES >> 20
                ),
            });
        }
    };
    let shift = |mut e: SgfError| {
        e.line += part.line - 1;
        e
    };
    let mut games = sgf::read(&sgf::decode(bytes)).map_err(shift)?;
    // A part is one tree: the splitter cut it where its brackets closed.
    Ok(games.swap_remove(0))
}

/// Where the scan is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum At {
    /// Between games; `true` right after a `(` that may open one (a `;` must follow).
    Between(bool),
    /// In a game, outside values.
    Tree,
    /// In a value (`[…]`); `true` right after a `\`.
    Value(bool),
}

/// Cuts a file's bytes into game trees as they come (see the [module](self)).
pub struct Splitter {
    at: At,
    /// Brackets open in the game.
    depth: usize,
    /// The legacy Chinese encodings' trail bytes include `]` and `\`: a byte that
    /// cannot be UTF-8 makes the next one part of its character. Counts the bytes
    /// still owed to a UTF-8 character, or `None` after a legacy lead byte.
    owed: Option<u8>,
    /// Bytes read, and lines.
    offset: u64,
    line: usize,
    /// The game being read: its `(`, line, size, and bytes (`None` once too large).
    start: u64,
    start_line: usize,
    game: Option<Vec<u8>>,
    count: usize,
    ready: VecDeque<Part>,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter::new()
    }
}

impl Splitter {
    /// A splitter at a file's start.
    #[must_use]
    pub fn new() -> Splitter {
        Splitter {
            at: At::Between(false),
            depth: 0,
            owed: Some(0),
            offset: 0,
            line: 1,
            start: 0,
            start_line: 1,
            game: None,
            count: 0,
            ready: VecDeque::new(),
        }
    }

    /// Takes the next bytes of the file.
    pub fn push(&mut self, bytes: &[u8]) {
        let mut from = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let at = self.offset + i as u64;
            if b == b'\n' {
                self.line += 1;
            }
            if !self.plain(b) {
                continue;
            }
            match (self.at, b) {
                (At::Between(_), b'(') => {
                    // Perhaps a game: kept until a `;` says so.
                    self.at = At::Between(true);
                    self.start = at;
                    self.start_line = self.line;
                    self.game = Some(Vec::new());
                    from = i;
                }
                (At::Between(true), b';') => {
                    self.at = At::Tree;
                    self.depth = 1;
                }
                (At::Between(true), b) if b.is_ascii_whitespace() => {}
                (At::Between(_), _) => {
                    self.at = At::Between(false);
                    self.game = None;
                }
                (At::Tree, b'[') => self.at = At::Value(false),
                (At::Tree, b'(') => self.depth += 1,
                (At::Tree, b')') => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.keep(&bytes[from..=i]);
                        self.emit(at + 1);
                        self.at = At::Between(false);
                    }
                }
                (At::Value(false), b'\\') => self.at = At::Value(true),
                (At::Value(false), b']') => self.at = At::Tree,
                (At::Value(true), _) => self.at = At::Value(false),
                _ => {}
            }
        }
        if !matches!(self.at, At::Between(false)) {
            self.keep(&bytes[from..]);
        }
        self.offset += bytes.len() as u64;
    }

    /// Whether `b` stands for itself, not for part of a character.
    fn plain(&mut self, b: u8) -> bool {
        match (self.owed, b) {
            // A legacy lead byte's trail: any byte.
            (None, _) => {
                self.owed = Some(0);
                false
            }
            (Some(0), 0..0x80) => true,
            (Some(0), 0xC2..=0xDF) => {
                self.owed = Some(1);
                false
            }
            (Some(0), 0xE0..=0xEF) => {
                self.owed = Some(2);
                false
            }
            (Some(0), 0xF0..=0xF4) => {
                self.owed = Some(3);
                false
            }
            // Not a UTF-8 lead: a legacy one.
            (Some(0), _) => {
                self.owed = None;
                false
            }
            (Some(n), 0x80..=0xBF) => {
                self.owed = Some(n - 1);
                false
            }
            // Not a UTF-8 continuation: the byte before led a legacy character and
            // this is its trail.
            (Some(_), _) => {
                self.owed = Some(0);
                false
            }
        }
    }

    fn keep(&mut self, bytes: &[u8]) {
        let fits = self
            .game
            .as_ref()
            .is_some_and(|g| g.len() + bytes.len() <= MAX_GAME_BYTES);
        match &mut self.game {
            Some(game) if fits => game.extend_from_slice(bytes),
            _ => self.game = None,
        }
    }

    fn emit(&mut self, end: u64) {
        self.count += 1;
        self.ready.push_back(Part {
            number: self.count,
            line: self.start_line,
            offset: self.start,
            len: end - self.start,
            bytes: self.game.take().ok_or(Refused::TooLarge),
        });
    }

    /// The file ended: a game still open is given as it is (its reader says so).
    pub fn finish(&mut self) {
        if matches!(self.at, At::Tree | At::Value(_)) {
            self.emit(self.offset);
            self.at = At::Between(false);
        }
    }

    /// Games cut so far.
    #[must_use]
    pub fn games_cut(&self) -> usize {
        self.count
    }
}

impl Iterator for Splitter {
    type Item = Part;

    /// The next game cut so far.
    fn next(&mut self) -> Option<Part> {
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests;
