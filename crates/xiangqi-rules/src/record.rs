//! What every reader gives: a game with what its file carried around it
//! ([`GameRecord`]), what the text was read as ([`Format`]), and why a text did not
//! read ([`ImportError`]). The readers are the format modules ([`pgn`](crate::pgn),
//! [`ucci`](crate::ucci), [`xqf`](crate::xqf), [`legacy`](crate::legacy)); "read
//! anything" is [`read`](crate::read).

use std::collections::BTreeMap;
use std::fmt;

use super::tree::Nag;
use super::{
    FenError, Game, IllegalMove, Move, Notation, NotationErrorKind, PositionError, Square,
    legacy::LegacyBoardError,
};

/// The most text "paste anything" reads: real game files are a few kilobytes.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// The most plies a game record may have. The longest games ever recorded have a few
/// hundred; a megabyte of moves would otherwise cost the reader a quarter of a second
/// and the game tens of megabytes.
pub const MAX_PLIES: usize = 10_000;

/// Variations nested deeper than this are not read (nor written), so that no file can
/// make the readers and writers of a record recurse without end.
pub const MAX_NESTING: usize = 64;

/// Glyphs by ply: `n` annotates the `n`-th move of its line.
pub type Nags = BTreeMap<usize, Vec<Nag>>;

/// A game with the information a record file carries around it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// PGN tag pairs in file order (`Event`, `Red`, `Date`, …).
    pub tags: Vec<(String, String)>,
    /// The moves from the start position.
    pub game: Game,
    /// Comments by ply: 0 before the first move, `n` after the `n`-th ply.
    pub comments: BTreeMap<usize, String>,
    /// Other lines of play the record gives (PGN's `( … )`, XQF's branches).
    pub variations: Vec<Variation>,
    /// The mover's clock after each ply (`n` after the `n`-th), from PGN's
    /// `[%clk H:MM:SS]` comments.
    pub clocks: BTreeMap<usize, std::time::Duration>,
    /// An engine's evaluation after each ply (`n` after the `n`-th), from PGN's
    /// `[%eval …]` comments.
    pub evals: BTreeMap<usize, crate::tree::Eval>,
    /// Annotation glyphs of the main line's moves.
    pub nags: Nags,
    /// Moves of the file that could not be played, each ending its line there: the
    /// rest of the file was read.
    pub dropped: Vec<ImportError>,
}

/// A line of play that replaces a move of the line it branches from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// How many moves of the parent line come before it: it is played instead of the
    /// parent's move `ply` (0-based), from the position before that move.
    pub ply: usize,
    /// Its moves.
    pub moves: Vec<Move>,
    /// Comments by ply within it: `n` after its `n`-th move.
    pub comments: BTreeMap<usize, String>,
    /// Lines branching from this one.
    pub variations: Vec<Variation>,
    /// Annotation glyphs of its moves.
    pub nags: Nags,
}

impl GameRecord {
    /// A record of `game` with no tags and no comments.
    #[must_use]
    pub fn new(game: Game) -> GameRecord {
        GameRecord {
            tags: Vec::new(),
            game,
            comments: BTreeMap::new(),
            variations: Vec::new(),
            clocks: BTreeMap::new(),
            evals: BTreeMap::new(),
            nags: Nags::new(),
            dropped: Vec::new(),
        }
    }

    /// Every line of play from the start, each as its full list of moves: the main line
    /// first, then each variation in file order (depth first).
    #[must_use]
    pub fn lines(&self) -> Vec<Vec<Move>> {
        fn walk(
            prefix: &[Move],
            line: &[Move],
            variations: &[Variation],
            out: &mut Vec<Vec<Move>>,
        ) {
            for v in variations {
                let mut head = prefix.to_vec();
                head.extend_from_slice(&line[..v.ply.min(line.len())]);
                let mut full = head.clone();
                full.extend_from_slice(&v.moves);
                out.push(full);
                walk(&head, &v.moves, &v.variations, out);
            }
        }
        let main: Vec<Move> = self.game.moves().collect();
        let mut out = vec![main.clone()];
        walk(&[], &main, &self.variations, &mut out);
        out
    }

    /// The value of tag `name` (case-insensitive), if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing an existing value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }
}

/// What a text was read as.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// A FEN string.
    Fen,
    /// `position fen … moves …`, or a FEN followed by `moves …`.
    Ucci,
    /// The 90-character board of the old game.
    Board,
    /// A PGN game, with its moves in this notation.
    Pgn(Notation),
    /// A bare list of moves from the start position.
    MoveList(Notation),
    /// An XQF file (XQStudio's binary format).
    Xqf,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Format::Fen => f.write_str("a FEN position"),
            Format::Ucci => f.write_str("a UCCI position"),
            Format::Board => f.write_str("a 90-character board"),
            Format::Pgn(n) => write!(f, "a PGN game in {n} notation"),
            Format::MoveList(n) => write!(f, "a list of moves in {n} notation"),
            Format::Xqf => f.write_str("an XQF game"),
        }
    }
}

/// A text read successfully.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The game, with tags and comments if the text had them.
    pub record: GameRecord,
    /// What the text was recognised as.
    pub format: Format,
}

/// Why a text could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// What the text looked like, if anything.
    pub format: Option<Format>,
    /// The line (1-based) where reading failed.
    pub line: Option<usize>,
    /// The ply (1-based) that could not be played.
    pub ply: Option<usize>,
    /// The offending word.
    pub token: Option<String>,
    /// What went wrong.
    pub kind: ImportErrorKind,
}

impl ImportError {
    pub(crate) fn new(format: Format, kind: ImportErrorKind) -> ImportError {
        ImportError {
            format: Some(format),
            line: None,
            ply: None,
            token: None,
            kind,
        }
    }

    pub(crate) fn unrecognised(kind: ImportErrorKind) -> ImportError {
        ImportError {
            format: None,
            line: None,
            ply: None,
            token: None,
            kind,
        }
    }

    pub(crate) fn at_line(mut self, line: usize) -> ImportError {
        self.line = Some(line);
        self
    }

    pub(crate) fn at_ply(mut self, ply: usize) -> ImportError {
        self.ply = Some(ply);
        self
    }

    pub(crate) fn with_token(mut self, token: &str) -> ImportError {
        self.token = Some(token.to_owned());
        self
    }
}

/// "This looks like a PGN game in Chinese notation, but at line 12, ply 23 (車9平8):
/// no legal move of black fits it".
impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.format {
            write!(f, "this looks like {format}, but ")?;
        }
        let mut place = Vec::new();
        if let Some(line) = self.line {
            place.push(format!("line {line}"));
        }
        if let Some(ply) = self.ply {
            place.push(format!("ply {ply}"));
        }
        if !place.is_empty() {
            write!(f, "at {}", place.join(", "))?;
        }
        if let Some(token) = &self.token {
            let sep = if place.is_empty() { "" } else { " " };
            write!(f, "{sep}(\"{token}\")")?;
        }
        if !place.is_empty() || self.token.is_some() {
            f.write_str(": ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for ImportError {}

/// An error of the whole text, not of a place in it.
impl From<ImportErrorKind> for ImportError {
    fn from(kind: ImportErrorKind) -> ImportError {
        ImportError::unrecognised(kind)
    }
}

/// What went wrong while reading a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportErrorKind {
    /// Over [`MAX_INPUT_BYTES`].
    #[error("the text is {bytes} bytes long; at most 1 MB is read for one game")]
    TooLarge {
        /// Its size.
        bytes: usize,
    },
    /// More than [`MAX_PLIES`] moves.
    #[error("the game goes on past {MAX_PLIES} plies; no real game is that long")]
    TooLong,
    /// Nothing but white space.
    #[error("there is nothing to read")]
    Empty,
    /// Binary data, not text.
    #[error("this is not text")]
    Binary,
    /// No known format fits.
    #[error(
        "it is not a FEN, a UCCI position, a PGN game, a 90-character board or a list of moves (it begins with \"{0}\")"
    )]
    Unrecognised(String),
    /// The FEN is unreadable or illegal.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The board string is unreadable or illegal.
    #[error(transparent)]
    Board(#[from] LegacyBoardError),
    /// A move that cannot be read or played.
    #[error(transparent)]
    Move(#[from] NotationErrorKind),
    /// A move that is not legal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A malformed record (an unclosed comment, a broken tag…).
    #[error("{0}")]
    Syntax(String),
    /// A damaged or unsupported XQF file.
    #[error(transparent)]
    Xqf(#[from] XqfError),
}

/// Plays `text` in `game`, in the `preferred` notation when it has that shape and in
/// whichever fits otherwise. Returns the notation it was read in.
pub(crate) fn play_text(
    game: &mut Game,
    text: &str,
    preferred: Option<Notation>,
) -> Result<Notation, ImportErrorKind> {
    if game.ply_count() >= MAX_PLIES {
        return Err(ImportErrorKind::TooLong);
    }
    let pos = game.position();
    // The preferred notation first (its parser checks the shape itself), then any.
    let (m, notation) = match preferred.map(|n| (n, n.parse(pos, text))) {
        Some((n, Ok(m))) => (m, n),
        Some((_, Err(e))) if !matches!(e.kind, NotationErrorKind::NotThisNotation(_)) => {
            return Err(e.kind.into());
        }
        _ => Notation::parse_any(pos, text).map_err(|e| e.kind)?,
    };
    game.play_on(m)?;
    Ok(notation)
}

/// Turns file bytes into text: UTF-8 (with or without BOM), UTF-16 with BOM, and
/// otherwise the legacy Chinese encoding the bytes read best in: GBK/GB18030 (files from
/// mainland China) or Big5 (CP950 and HKSCS: Taiwan and Hong Kong), see [`legacy`].
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    cjk_text::decode(bytes, COMMON)
}

/// Decodes several short texts of one file (an XQF header's fields) in the one encoding
/// they read best in together: a name alone says too little to tell Big5 from GBK.
#[must_use]
pub fn decode_together(parts: &[&[u8]]) -> Vec<String> {
    cjk_text::decode_together(parts, COMMON)
}

/// The characters game files are made of, in simplified and traditional script: the
/// pieces, the moves, numbers, sides, results, and the commonest words of events and
/// comments. Bytes read in the wrong encoding give few of them.
const COMMON: &str = "车車俥马馬傌炮砲包兵卒将將帅帥士仕相象进進退平前后後一二三四五六七八九十\
    １２３４５６７８９红紅黑方先胜勝负負和对對局赛賽杯第届屆年月日中国國全个個人\
    锦錦标標冠军軍队隊的了是在不着著走招变變如果则則这這此一着步好佳劣失误誤\
    可以有大小上下来來去开開到为為得也就还還再再成反而攻守杀殺捉吃打";

/// Reads legacy Chinese `bytes` as GB18030 and as Big5 and keeps the reading with more
/// of the [`COMMON`] characters (a reading with malformed bytes loses); GB18030 when
/// they tie. Returns the text and whether it was Big5.
#[must_use]
pub fn legacy(bytes: &[u8]) -> (String, bool) {
    let (text, encoding) = cjk_text::legacy(bytes, COMMON);
    (text, encoding == cjk_text::Legacy::Big5)
}

/// A game's bytes decoded with what the file's other games were read in (see
/// [`cjk_text::decode_with`]).
pub(crate) fn decode_with(
    bytes: &[u8],
    prior: Option<cjk_text::Legacy>,
) -> (String, Option<cjk_text::Legacy>) {
    cjk_text::decode_with(bytes, prior, COMMON)
}

/// Why an XQF file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    /// Shorter than the header.
    #[error("the file is {0} bytes long, shorter than an XQF header (1024 bytes): it is cut short")]
    ShortHeader(usize),
    /// A format version this program does not know.
    #[error("it was written by a newer XQStudio (format version {}.{}); versions up to 1.8 can be read", .0 / 10, .0 % 10)]
    NewerVersion(u8),
    /// The header's keys do not add up to zero, as XQStudio requires.
    #[error("its key check fails: the file is damaged or was not written by an XQF program")]
    BadKey,
    /// Two pieces decode to one point.
    #[error(
        "the start position does not decode: two pieces on {0} (a damaged file or a wrong key)"
    )]
    TwoPieces(Square),
    /// The pieces decode to an illegal position.
    #[error("the start position is not legal ({0}): a damaged file or a wrong key")]
    Position(PositionError),
    /// The move records stop in the middle.
    #[error("the file ends in the middle of a move's record: it is cut short")]
    Truncated,
    /// A move names a point off the board.
    #[error("the move names point {0}, which is off the board (a damaged file or a wrong key)")]
    OffBoard(u8),
    /// A comment longer than what is left of the file.
    #[error("a comment claims {0} bytes, more than the file holds (a damaged file or a wrong key)")]
    CommentLength(i64),
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRADITIONAL: &str = "[Red \"許銀川\"]\n[Black \"呂欽\"]\n1. 炮二平五 馬８進７\n2. 傌二進三 車９平８\n{紅方先手，黑方以屏風馬應對}\n";
    const SIMPLIFIED: &str = "[Red \"许银川\"]\n[Black \"吕钦\"]\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n{红方先手，黑方以屏风马应对}\n";

    #[test]
    fn big5_and_gbk_files_are_told_apart_by_what_they_read_as() {
        // Taiwan's and Hong Kong's files: Big5.
        let (big5, _, _) = encoding_rs::BIG5.encode(TRADITIONAL);
        assert_eq!(decode(&big5), TRADITIONAL);
        assert!(legacy(&big5).1, "read as Big5");
        // The mainland's: GBK, in either script.
        for text in [SIMPLIFIED, TRADITIONAL] {
            let (gbk, _, _) = encoding_rs::GB18030.encode(text);
            assert_eq!(decode(&gbk), text);
            assert!(!legacy(&gbk).1, "read as GB18030");
        }
        // A move alone is enough.
        for text in ["馬８進７", "炮二平五", "車九平八"] {
            let (big5, _, _) = encoding_rs::BIG5.encode(text);
            assert_eq!(decode(&big5), text, "{text} in Big5");
        }
        // Names alone say too little: an XQF header's fields are read together.
        let fields = ["許銀川", "呂欽", "全國象棋個人賽"];
        let encoded: Vec<Vec<u8>> = fields
            .iter()
            .map(|f| encoding_rs::BIG5.encode(f).0.into_owned())
            .collect();
        let parts: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        assert_eq!(decode_together(&parts), fields);
        // UTF-8 stays UTF-8.
        assert_eq!(decode(TRADITIONAL.as_bytes()), TRADITIONAL);
    }
}
