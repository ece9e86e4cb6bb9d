//! A file of many games, read game by game: a [`Splitter`] is handed the file's bytes a
//! piece at a time (it does no I/O) and gives each game's bytes as soon as the game
//! ends, so that a collection of any size is read holding one game at most. Each game
//! is bounded on its own ([`MAX_GAME_BYTES`], then the readers' plies and nesting);
//! a file has no bound.
//!
//! The encoding is decided per line to find where games begin (UTF-8, else the legacy
//! Chinese encodings, whose double bytes GB18030 cuts as Big5 does), and per game to
//! read it ([`Decoder`]): UTF-8 when the game is, else the legacy encoding the file's
//! first such game read best in, unless this game only reads in the other (a file
//! put together from downloads of both kinds).
//!
//! ```
//! use xiangqi_rules::collection::{Decoder, Splitter};
//!
//! let file = "[Red \"甲\"]\n1. h2e2 h9g7 1-0\n\n[Red \"乙\"]\n1. b2e2 *\n";
//! let mut splitter = Splitter::new();
//! let mut games = Vec::new();
//! // Any pieces: a game may be cut anywhere, even inside a character.
//! for piece in file.as_bytes().chunks(7) {
//!     splitter.push(piece);
//!     games.extend(splitter.by_ref());
//! }
//! splitter.finish();
//! games.extend(splitter.by_ref());
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[1].number, games[1].line), (2, 4));
//! let mut decoder = Decoder::default();
//! let second = decoder.read(&games[1]).unwrap();
//! assert_eq!(second.record.tag("Red"), Some("乙"));
//! ```

use std::borrow::Cow;
use std::collections::VecDeque;

use super::pgn;
use super::record::{ImportError, ImportErrorKind, Imported, MAX_INPUT_BYTES};

mod starts;
pub(crate) use starts::Starts;

/// The most bytes one game of a file may have (its tags, moves and comments): the
/// bound [`read_any`](crate::read::read_any) puts on a whole text. A larger game is
/// named and passed over; the games after it are read.
pub const MAX_GAME_BYTES: usize = MAX_INPUT_BYTES;

/// One game's part of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Its first line in the file, from 1.
    pub line: usize,
    /// Where it begins: bytes from the file's start (of the text as UTF-8 when the file
    /// is UTF-16, see [`Splitter::transcoded`]).
    pub offset: u64,
    /// How many bytes it spans there.
    pub len: u64,
    /// Whether it begins with tags (`[Event "…"]`): a file's only part without them
    /// is whatever the file holds (a FEN, a move list), read as any pasted text is.
    pub tagged: bool,
    /// Its bytes, or why they were not kept.
    pub bytes: Result<Vec<u8>, Refused>,
}

/// Why a part's bytes were not kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refused {
    /// Over [`MAX_GAME_BYTES`].
    TooLarge,
    /// A NUL byte: the file is not text from here on (nothing after it is read).
    Binary,
}

impl Part {
    /// Why the part cannot be read, as the readers say it.
    fn refusal(&self) -> Option<ImportError> {
        let kind = match self.bytes.as_ref().err()? {
            Refused::TooLarge => ImportErrorKind::TooLarge {
                bytes: usize::try_from(self.len).unwrap_or(usize::MAX),
            },
            Refused::Binary => ImportErrorKind::Binary,
        };
        Some(ImportError::unrecognised(kind).at_line(self.line))
    }
}

/// A line's text for finding where games begin: UTF-8, else GB18030, which cuts Big5's
/// double bytes where Big5 does (its trail bytes include `[`, `{` and `}`).
fn line_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => encoding_rs::GB18030.decode_without_bom_handling(bytes).0,
    }
}

/// Cuts a file's bytes into games as they come (see the [module](self)). Feed it
/// with [`push`](Self::push), [`finish`](Self::finish) at the end, and take the games
/// it has cut as an iterator between pushes.
pub struct Splitter {
    /// The first bytes, until a byte-order mark can be told.
    head: Vec<u8>,
    started: bool,
    /// UTF-16 files are turned into UTF-8 first.
    utf16: Option<encoding_rs::Decoder>,
    /// The line being read, up to [`MAX_GAME_BYTES`]; `long` once it is longer.
    line: Vec<u8>,
    long: bool,
    /// Where the line began, and its number.
    line_offset: u64,
    line_number: usize,
    /// Bytes taken so far (after any byte-order mark).
    offset: u64,
    starts: Starts,
    /// The game being read: its start, line, size, bytes (`None` once too large).
    game_offset: u64,
    game_line: usize,
    game_len: u64,
    game: Option<Vec<u8>>,
    /// Whether a game's tags were seen (text before them is not a game), and whether
    /// that text held anything.
    tagged: bool,
    preamble: bool,
    count: usize,
    ready: VecDeque<Part>,
    /// A NUL was met, or the end: nothing more is read.
    done: bool,
    /// The first bytes after the byte-order mark (whether tags come first).
    bom_len: u64,
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
            head: Vec::new(),
            started: false,
            utf16: None,
            line: Vec::new(),
            long: false,
            line_offset: 0,
            line_number: 1,
            offset: 0,
            starts: Starts::default(),
            game_offset: 0,
            game_line: 1,
            game_len: 0,
            game: Some(Vec::new()),
            tagged: false,
            preamble: false,
            count: 0,
            ready: VecDeque::new(),
            done: false,
            bom_len: 0,
        }
    }

    /// Whether the file is UTF-16, read as UTF-8: then [`Part::offset`] counts bytes of
    /// that UTF-8, not of the file.
    #[must_use]
    pub fn transcoded(&self) -> bool {
        self.utf16.is_some()
    }

    /// How many bytes a byte-order mark took at the file's start (the offsets count
    /// from after it).
    #[must_use]
    pub fn bom_len(&self) -> u64 {
        self.bom_len
    }

    /// Whether text other than white space came before the first game's tags (a
    /// title, a site's header): then even one game is a collection of one.
    #[must_use]
    pub fn had_preamble(&self) -> bool {
        self.preamble
    }

    /// Takes the next bytes of the file.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.done {
            return;
        }
        if !self.started {
            // Three bytes tell every byte-order mark.
            self.head.extend_from_slice(bytes);
            if self.head.len() < 3 {
                return;
            }
            self.start();
            return;
        }
        self.take(bytes, false);
    }

    fn start(&mut self) {
        self.started = true;
        let head = std::mem::take(&mut self.head);
        let mut rest = &head[..];
        if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(&head) {
            self.bom_len = bom as u64;
            rest = &head[bom..];
            if encoding != encoding_rs::UTF_8 {
                self.utf16 = Some(encoding.new_decoder_without_bom_handling());
            }
        }
        self.take(rest, false);
    }

    /// The file ended.
    pub fn finish(&mut self) {
        if self.done {
            return;
        }
        if !self.started {
            self.start();
        }
        self.take(&[], true);
        if !self.done {
            if !self.line.is_empty() || self.long {
                self.end_line();
            }
            self.emit(true);
            self.done = true;
        }
    }

    /// Turns UTF-16 into UTF-8, then cuts.
    fn take(&mut self, bytes: &[u8], last: bool) {
        let Some(decoder) = self.utf16.as_mut() else {
            self.cut(bytes);
            return;
        };
        let mut utf8 = vec![0u8; decoder.max_utf8_buffer_length(bytes.len()).unwrap_or(0) + 16];
        let (_, _, written, _) = decoder.decode_to_utf8(bytes, &mut utf8, last);
        utf8.truncate(written);
        self.cut(&utf8);
    }

    fn cut(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() && !self.done {
            let end = bytes.iter().position(|&b| b == b'\n' || b == 0);
            let (piece, newline) = match end {
                Some(i) if bytes[i] == 0 => {
                    self.binary(self.offset + i as u64);
                    return;
                }
                Some(i) => (&bytes[..=i], true),
                None => (bytes, false),
            };
            bytes = &bytes[piece.len()..];
            self.offset += piece.len() as u64;
            if self.long {
                // Past the bound: only read for its braces, not kept.
                self.starts.chars(&line_text(piece));
                self.game_len += piece.len() as u64;
            } else if self.line.len() + piece.len() > MAX_GAME_BYTES {
                let room = MAX_GAME_BYTES - self.line.len();
                self.line.extend_from_slice(&piece[..room]);
                self.begin_line();
                self.long = true;
                self.game = None;
                self.starts.chars(&line_text(&piece[room..]));
                self.game_len += (piece.len() - room) as u64;
            } else {
                self.line.extend_from_slice(piece);
            }
            if newline {
                self.end_line();
            }
        }
    }

    /// The line's first bytes are in: they say whether a game begins here.
    fn begin_line(&mut self) {
        let text = line_text(&self.line);
        let begins = self.starts.line(&text);
        self.starts.chars(&text);
        if begins {
            if self.tagged {
                self.emit(false);
            }
            // Text before the first tags is not a game.
            self.tagged = true;
            self.game = Some(Vec::new());
            self.game_offset = self.line_offset;
            self.game_line = self.line_number;
            self.game_len = 0;
        } else if !self.tagged && !text.trim().is_empty() {
            self.preamble = true;
        }
        self.game_len += self.line.len() as u64;
        let fits = self
            .game
            .as_ref()
            .is_some_and(|g| g.len() + self.line.len() <= MAX_GAME_BYTES);
        match (&mut self.game, fits) {
            (Some(game), true) => game.extend_from_slice(&self.line),
            _ => self.game = None,
        }
    }

    fn end_line(&mut self) {
        if !self.long {
            self.begin_line();
        }
        self.starts.end_line();
        self.line.clear();
        self.long = false;
        self.line_offset = self.offset;
        self.line_number += 1;
    }

    /// The game read so far is whole.
    fn emit(&mut self, at_end: bool) {
        // Before any tags, the text is a game only when the file ends with no tags.
        if !self.tagged && !at_end {
            return;
        }
        if !self.tagged {
            self.game_len = self.offset;
        }
        self.count += 1;
        self.ready.push_back(Part {
            number: self.count,
            line: self.game_line,
            offset: self.game_offset,
            len: self.game_len,
            tagged: self.tagged,
            bytes: self.game.take().ok_or(Refused::TooLarge),
        });
    }

    /// A NUL byte: what came before is a game if it was whole; the rest is not text.
    fn binary(&mut self, at: u64) {
        self.done = true;
        self.count += 1;
        self.ready.push_back(Part {
            number: self.count,
            line: self.line_number,
            offset: at,
            len: 0,
            tagged: false,
            bytes: Err(Refused::Binary),
        });
    }
}

impl Iterator for Splitter {
    type Item = Part;

    /// The next game cut so far.
    fn next(&mut self) -> Option<Part> {
        self.ready.pop_front()
    }
}

/// Turns parts into games, each decoded on its own (see the [module](self)): the
/// legacy encoding the file's first legacy game reads best in is kept for the rest.
#[derive(Default)]
pub struct Decoder {
    /// Big5 (`true`) or GB18030, once a game needed one.
    big5: Option<bool>,
}

impl Decoder {
    /// A decoder that reads legacy bytes as Big5 (`Some(true)`) or GB18030 first, as
    /// another decoder of the same file did ([`big5`](Self::big5)).
    #[must_use]
    pub fn with_big5(big5: Option<bool>) -> Decoder {
        Decoder { big5 }
    }

    /// The legacy encoding decided so far: Big5 (`Some(true)`), GB18030, or none yet.
    #[must_use]
    pub fn big5(&self) -> Option<bool> {
        self.big5
    }

    /// A part's text.
    ///
    /// # Errors
    /// The part's bytes were not kept ([`Refused`]).
    pub fn text(&mut self, part: &Part) -> Result<String, ImportError> {
        if let Some(e) = part.refusal() {
            return Err(e);
        }
        let bytes = part.bytes.as_deref().unwrap_or_default();
        let prior = self.big5.map(|big5| {
            if big5 {
                cjk_text::Legacy::Big5
            } else {
                cjk_text::Legacy::Gb18030
            }
        });
        let (text, chosen) = super::record::decode_with(bytes, prior);
        self.big5 = chosen.map(|e| e == cjk_text::Legacy::Big5);
        Ok(text)
    }

    /// Reads a part: a tagged one as a PGN game, an untagged one as any text.
    ///
    /// # Errors
    /// The part's bytes were not kept, or the game does not read; the lines count from
    /// the file's start.
    pub fn read(&mut self, part: &Part) -> Result<Imported, ImportError> {
        let text = self.text(part)?;
        if part.tagged {
            pgn::read_game(pgn::GameText {
                line: part.line,
                text: &text,
            })
        } else {
            super::read::read_any(&text)
        }
    }
}

/// Every part of a file held whole in memory.
#[must_use]
pub fn split_bytes(bytes: &[u8]) -> (Vec<Part>, Splitter) {
    let mut splitter = Splitter::new();
    splitter.push(bytes);
    splitter.finish();
    let parts = splitter.by_ref().collect();
    (parts, splitter)
}

#[cfg(test)]
mod tests;
