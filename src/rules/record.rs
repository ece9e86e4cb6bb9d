//! Game records and "paste anything": one entry point that takes whatever a player
//! copied (FEN, UCCI, PGN, the old 90-character board, a bare move list in any
//! notation) and returns a game, or an error that says what was understood and where
//! reading failed.

use std::collections::BTreeMap;
use std::fmt;

use super::{
    FenError, Game, IllegalMove, Move, Notation, NotationErrorKind, Position, legacy,
    legacy::LegacyBoardError, pgn, ucci, xqf, xqf::XqfError,
};

/// The most text "paste anything" reads: real game files are a few kilobytes.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// A game with the information a record file carries around it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// PGN tag pairs in file order (`Event`, `Red`, `Date`, …).
    pub tags: Vec<(String, String)>,
    /// The moves from the start position.
    pub game: Game,
    /// Comments by ply: 0 before the first move, `n` after the `n`-th ply.
    pub comments: BTreeMap<usize, String>,
    /// Other lines of play the record gives (XQF keeps them; PGN's are skipped).
    pub variations: Vec<Variation>,
    /// The mover's clock after each ply (`n` after the `n`-th), from PGN's
    /// `[%clk H:MM:SS]` comments.
    pub clocks: BTreeMap<usize, std::time::Duration>,
}

/// A line of play that replaces a move of the line it branches from.
#[derive(Clone, Debug, PartialEq, Eq)]
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

    fn unrecognised(kind: ImportErrorKind) -> ImportError {
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

/// What went wrong while reading a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportErrorKind {
    /// Over [`MAX_INPUT_BYTES`].
    #[error("the text is {bytes} bytes long; at most 1 MB can be read")]
    TooLarge {
        /// Its size.
        bytes: usize,
    },
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
    let pos = game.position();
    let (m, notation) = match preferred {
        Some(n) if n.looks_like(text) => (n.parse(pos, text).map_err(|e| e.kind)?, n),
        _ => Notation::parse_any(pos, text).map_err(|e| e.kind)?,
    };
    game.play_on(m)?;
    Ok(notation)
}

/// Turns file bytes into text: UTF-8 (with or without BOM), UTF-16 with BOM, and
/// otherwise GBK/GB18030, the encoding of most Chinese game files.
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::GB18030
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// Reads a file's bytes: an XQF file by its signature, otherwise text, decoded (see
/// [`decode`]) and read by [`read_any`]. A file with several games gives its first;
/// [`read_games_bytes`] gives them all.
pub fn read_any_bytes(bytes: &[u8]) -> Result<Imported, ImportError> {
    let mut games = read_games_bytes(bytes)?;
    // There is always at least one: an empty file is an error above.
    games.swap_remove(0)
}

/// Reads every game in a file's bytes. A PGN file may hold many, each read on its own
/// (one that fails does not hide the others); any other file holds one. Errors that
/// concern the whole file (too large, not text, empty) are the outer error; a file with
/// one game that does not read gives that game's error as the outer error too.
///
/// ```
/// use xiangqi::rules::record::read_games_bytes;
///
/// let file = "[Red \"甲\"]\n1. 炮二平五 马８进７ 1-0\n\n[Red \"乙\"]\n1. h2e2 h2e2 *\n";
/// let games = read_games_bytes(file.as_bytes()).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().record.tag("Red"), Some("甲"));
/// assert_eq!(games[1].as_ref().unwrap_err().ply, Some(2));
/// ```
pub fn read_games_bytes(bytes: &[u8]) -> Result<Vec<Result<Imported, ImportError>>, ImportError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ImportError::unrecognised(ImportErrorKind::TooLarge {
            bytes: bytes.len(),
        }));
    }
    if xqf::looks_like(bytes) {
        let record = xqf::read(bytes)?;
        return Ok(vec![Ok(Imported {
            record,
            format: Format::Xqf,
        })]);
    }
    if bytes.contains(&0) && encoding_rs::Encoding::for_bom(bytes).is_none() {
        return Err(ImportError::unrecognised(ImportErrorKind::Binary));
    }
    read_games(&decode(bytes))
}

/// Reads every game in a text: see [`read_games_bytes`].
pub fn read_games(text: &str) -> Result<Vec<Result<Imported, ImportError>>, ImportError> {
    let body = text.trim_start_matches('\u{feff}');
    if text.len() <= MAX_INPUT_BYTES {
        let parts = pgn::split(body);
        // Several games, or one with a title or other text before its tags.
        let tagged = parts
            .first()
            .is_some_and(|p| p.text.trim_start().starts_with('['));
        if tagged && (parts.len() > 1 || !body.trim_start().starts_with('[')) {
            return Ok(parts
                .into_iter()
                .map(|part| {
                    pgn::read_game(part).map(|(record, notation)| Imported {
                        record,
                        format: Format::Pgn(notation),
                    })
                })
                .collect());
        }
    }
    read_any(text).map(|imported| vec![Ok(imported)])
}

/// Reads whatever a player pasted: FEN, UCCI, the 90-character board, PGN, or a bare
/// move list in any notation (from the start position).
///
/// ```
/// use xiangqi::rules::record::{Format, read_any};
/// use xiangqi::rules::Notation;
///
/// let pasted = read_any("1. 炮二平五 馬8进7 2. 傌二进三").unwrap();
/// assert_eq!(pasted.format, Format::MoveList(Notation::Chinese));
/// assert_eq!(pasted.record.game.ply_count(), 3);
///
/// let err = read_any("炮二平五 馬8进7 炮二平五").unwrap_err();
/// assert_eq!(err.ply, Some(3));
/// ```
pub fn read_any(text: &str) -> Result<Imported, ImportError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ImportError::unrecognised(ImportErrorKind::TooLarge {
            bytes: text.len(),
        }));
    }
    // Spaces are empty points here, so the board is checked before any trimming.
    if legacy::looks_like_board(text) {
        let pos =
            legacy::read_board(text).map_err(|e| ImportError::new(Format::Board, e.into()))?;
        return Ok(imported(Game::from_position(pos), Format::Board));
    }
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let Some(first) = text.split_whitespace().next() else {
        return Err(ImportError::unrecognised(ImportErrorKind::Empty));
    };
    if ucci::looks_like(text) {
        return Ok(imported(ucci::read(text)?, Format::Ucci));
    }
    if text.starts_with('[') {
        let (record, notation) = pgn::read(text)?;
        return Ok(Imported {
            record,
            format: Format::Pgn(notation),
        });
    }
    if first.contains('/') {
        let pos = Position::from_fen(text).map_err(|e| ImportError::new(Format::Fen, e.into()))?;
        return Ok(imported(Game::from_position(pos), Format::Fen));
    }
    let first_move = pgn::strip_move_number(first);
    let first_move = if first_move.is_empty() {
        text.split_whitespace().nth(1).unwrap_or("")
    } else {
        first_move
    };
    if !Notation::ALL.iter().any(|n| n.looks_like(first_move)) {
        let shown: String = first.chars().take(20).collect();
        return Err(ImportError::unrecognised(ImportErrorKind::Unrecognised(
            shown,
        )));
    }
    let (record, notation) = pgn::read(text).map_err(|mut e| {
        if let Some(Format::Pgn(n)) = e.format {
            e.format = Some(Format::MoveList(n));
        }
        e
    })?;
    Ok(Imported {
        record,
        format: Format::MoveList(notation),
    })
}

fn imported(game: Game, format: Format) -> Imported {
    Imported {
        record: GameRecord::new(game),
        format,
    }
}
