//! A Xiangqi game file of any size, read game by game from disk: the rules crate's
//! [`Splitter`] cuts what is read in pieces of [`PIECE`] bytes, so that a collection of
//! tens of megabytes is read holding one game (and one piece) at a time. An XQF file
//! is one game, read whole.
//!
//! What reads the games: `xiangqi games`, `convert --game`, `opening`, the library's
//! import and the table's game list.

use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

use crate::rules::collection::{Decoder, MAX_GAME_BYTES, Part, Splitter};
use crate::rules::record::{Format, ImportError, ImportErrorKind, Imported};
use crate::rules::xqf;

/// Bytes read from the file at a time.
pub const PIECE: usize = 64 * 1024;

/// One game of a file: where it is, and it read (or why not).
#[derive(Debug)]
pub struct Entry {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Its first line, from 1.
    pub line: usize,
    /// Where to find it again ([`Games::reopen`]).
    pub place: Place,
    /// The game, or why it does not read.
    pub game: Result<Imported, ImportError>,
}

/// Where a game is in its file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its number, from 1.
    pub number: usize,
    /// Its first line.
    pub line: usize,
    /// Its first byte (after the byte-order mark), and how many it spans; `None` when
    /// the file is XQF or UTF-16 (found again by reading up to it).
    pub span: Option<(u64, u64)>,
    /// The legacy encoding the file's games were read in so far (Big5, or GB18030).
    pub big5: Option<bool>,
}

/// A source read a piece at a time: what both files' readers take their bytes from.
struct Pieces<R> {
    source: R,
    /// What a read fills (one piece, kept between reads).
    buf: Vec<u8>,
    /// Bytes read so far.
    read: u64,
    /// Why reading stopped early, if it did.
    failed: Option<io::Error>,
}

impl<R: Read> Pieces<R> {
    fn new(source: R) -> Pieces<R> {
        Pieces {
            source,
            buf: Vec::new(),
            read: 0,
            failed: None,
        }
    }

    /// The next piece; `None` at the end, or when a read failed (then `failed` says why).
    fn next(&mut self) -> Option<&[u8]> {
        self.buf.resize(PIECE, 0);
        loop {
            match self.source.read(&mut self.buf) {
                Ok(0) => return None,
                Ok(n) => {
                    self.read += n as u64;
                    return Some(&self.buf[..n]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = Some(e);
                    return None;
                }
            }
        }
    }
}

/// The games of one file, in file order (an iterator of [`Entry`]).
pub struct Games<R> {
    input: Pieces<R>,
    splitter: Splitter,
    decoder: Decoder,
    /// The file's size, when known.
    size: Option<u64>,
    /// An XQF file, read whole: its one game, until taken.
    xqf: Option<Result<Imported, ImportError>>,
    started: bool,
    finished: bool,
    /// Parts cut before this number are passed over unread.
    from: usize,
    /// Parts cut so far (see [`Games::alone`]).
    parts: usize,
    first_tagged: bool,
}

impl Games<std::fs::File> {
    /// The games of the file at `path`.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub fn open(path: &Path) -> io::Result<Games<std::fs::File>> {
        let file = std::fs::File::open(path)?;
        let size = file.metadata().ok().map(|m| m.len());
        Ok(Games::new(file).with_size(size))
    }
}

impl<R: Read> Games<R> {
    /// The games of what `source` reads.
    pub fn new(source: R) -> Games<R> {
        Games {
            input: Pieces::new(source),
            splitter: Splitter::new(),
            decoder: Decoder::default(),
            size: None,
            xqf: None,
            started: false,
            finished: false,
            from: 1,
            parts: 0,
            first_tagged: false,
        }
    }

    /// Says how large the source is (its progress is then a share).
    #[must_use]
    pub fn with_size(mut self, size: Option<u64>) -> Games<R> {
        self.size = size;
        self
    }

    /// Passes over the games before number `n` without reading them (an import taken
    /// up where it stopped): they are cut, not decoded nor played.
    #[must_use]
    pub fn starting_at(mut self, n: usize) -> Games<R> {
        self.from = n.max(1);
        self
    }

    /// Bytes read so far, and the file's size when known: the progress of a read.
    #[must_use]
    pub fn progress(&self) -> (u64, Option<u64>) {
        (self.input.read, self.size)
    }

    /// Whether the file is one game alone rather than a collection (so far: the answer
    /// is final once the games are all taken): one part, and no title before its tags.
    /// A one-game file's failure is the file's.
    #[must_use]
    pub fn alone(&self) -> bool {
        self.parts <= 1 && !(self.first_tagged && self.splitter.had_preamble())
    }

    /// Games cut so far (those passed over too).
    #[must_use]
    pub fn games_cut(&self) -> usize {
        self.parts
    }

    /// Why reading the file stopped early, if it did (the games before were given).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.input.failed.take()
    }

    /// Reads the first piece: an XQF file is one game, read whole.
    fn start(&mut self) {
        self.started = true;
        let mut head = vec![0u8; PIECE];
        let n = match read_full(&mut self.input.source, &mut head) {
            Ok(n) => n,
            Err(e) => {
                self.input.failed = Some(e);
                self.finished = true;
                return;
            }
        };
        head.truncate(n);
        self.input.read += n as u64;
        if xqf::looks_like(&head) {
            let mut bytes = head;
            let limited = (&mut self.input.source)
                .take(MAX_GAME_BYTES as u64)
                .read_to_end(&mut bytes);
            self.input.read = bytes.len() as u64;
            self.finished = true;
            self.xqf = Some(match limited {
                Ok(_) if bytes.len() >= MAX_GAME_BYTES => {
                    Err(ImportError::from(ImportErrorKind::TooLarge {
                        bytes: bytes.len(),
                    }))
                }
                Ok(_) => xqf::read(&bytes).map(|record| Imported {
                    record,
                    format: Format::Xqf,
                }),
                Err(e) => {
                    self.input.failed = Some(e);
                    return;
                }
            });
            return;
        }
        self.splitter.push(&head);
        if n < PIECE {
            self.splitter.finish();
            self.finished = true;
        }
    }

    /// The next part cut, reading on as needed.
    fn next_part(&mut self) -> Option<Part> {
        loop {
            if let Some(part) = self.splitter.next() {
                return Some(part);
            }
            if self.finished {
                return None;
            }
            match self.input.next() {
                Some(piece) => self.splitter.push(piece),
                None => {
                    // A failed read leaves the game it was in unfinished, not given.
                    if self.input.failed.is_none() {
                        self.splitter.finish();
                    }
                    self.finished = true;
                }
            }
        }
    }

    fn place(&self, part: &Part) -> Place {
        let span = (!self.splitter.transcoded())
            .then_some((part.offset + self.splitter.bom_len(), part.len));
        Place {
            number: part.number,
            line: part.line,
            span,
            big5: self.decoder.big5(),
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        if !self.started {
            self.start();
        }
        if let Some(game) = self.xqf.take() {
            self.parts = 1;
            return Some(Entry {
                number: 1,
                line: 1,
                place: Place {
                    number: 1,
                    line: 1,
                    span: None,
                    big5: None,
                },
                game,
            });
        }
        loop {
            let part = self.next_part()?;
            self.parts = part.number;
            if part.number == 1 {
                self.first_tagged = part.tagged;
            }
            if part.number < self.from {
                continue;
            }
            // The file's untagged text is read as any pasted text (a FEN, a move list).
            let game = self.decoder.read(&part);
            let place = self.place(&part);
            return Some(Entry {
                number: part.number,
                line: part.line,
                place,
                game,
            });
        }
    }
}

impl<R: Read + Seek> Games<R> {
    /// The game at `place` of the file this reads, read again (the game list keeps
    /// places, not games). Reads no more than the game's bytes when it can.
    ///
    /// # Errors
    /// The file cannot be read, or changed so that the game is not there.
    pub fn reopen(mut source: R, place: Place) -> io::Result<Result<Imported, ImportError>> {
        let Some((offset, len)) = place.span.filter(|&(_, len)| len <= MAX_GAME_BYTES as u64)
        else {
            // Read up to it (XQF, UTF-16, or a game too large to hold: its reason again).
            source.seek(SeekFrom::Start(0))?;
            let mut games = Games::new(source).starting_at(place.number);
            return match games.next() {
                Some(entry) if entry.number == place.number => Ok(entry.game),
                _ => Err(gone()),
            };
        };
        source.seek(SeekFrom::Start(offset))?;
        let mut bytes = Vec::new();
        (&mut source).take(len).read_to_end(&mut bytes)?;
        if bytes.len() as u64 != len {
            return Err(gone());
        }
        let part = Part {
            number: place.number,
            line: place.line,
            offset,
            len,
            tagged: bytes.trim_ascii_start().first() == Some(&b'['),
            bytes: Ok(bytes),
        };
        Ok(Decoder::with_big5(place.big5).read(&part))
    }
}

fn gone() -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "the file changed since it was listed: the game is not there any more",
    )
}

/// Fills `buf` as far as the source goes.
fn read_full(source: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match source.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// The games of an SGF file, in file order, each read on its own: its number, and the
/// game or why it does not read.
pub struct SgfGames<R> {
    input: Pieces<R>,
    splitter: crate::go::collection::Splitter,
    finished: bool,
    from: usize,
}

impl SgfGames<std::fs::File> {
    /// The games of the SGF file at `path`.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub fn open(path: &Path) -> io::Result<SgfGames<std::fs::File>> {
        Ok(SgfGames::new(std::fs::File::open(path)?))
    }
}

impl<R: Read> SgfGames<R> {
    /// The games of what `source` reads.
    pub fn new(source: R) -> SgfGames<R> {
        SgfGames {
            input: Pieces::new(source),
            splitter: crate::go::collection::Splitter::new(),
            finished: false,
            from: 1,
        }
    }

    /// Passes over the games before number `n` without reading them.
    #[must_use]
    pub fn starting_at(mut self, n: usize) -> SgfGames<R> {
        self.from = n.max(1);
        self
    }

    /// Bytes read so far.
    #[must_use]
    pub fn progress(&self) -> (u64, Option<u64>) {
        (self.input.read, None)
    }

    /// Games cut so far.
    #[must_use]
    pub fn games_cut(&self) -> usize {
        self.splitter.games_cut()
    }

    /// Why reading the file stopped early, if it did.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.input.failed.take()
    }
}

impl<R: Read> Iterator for SgfGames<R> {
    type Item = (
        usize,
        Result<crate::go::sgf::SgfGame, crate::go::sgf::SgfError>,
    );

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(part) = self.splitter.next() {
                if part.number < self.from {
                    continue;
                }
                return Some((part.number, crate::go::collection::read(&part)));
            }
            if self.finished {
                return None;
            }
            match self.input.next() {
                Some(piece) => self.splitter.push(piece),
                None => {
                    if self.input.failed.is_none() {
                        self.splitter.finish();
                    }
                    self.finished = true;
                }
            }
        }
    }
}
