//! "Paste anything": one entry point that takes whatever a player copied or opened (FEN,
//! UCCI, PGN, the old 90-character board, a bare move list in any notation, an XQF file)
//! and returns a game, or an error that says what was understood and where reading
//! failed. It only dispatches: each format is read by its own module.

use super::collection::{Decoder, Splitter, split_bytes};
use super::record::{Format, GameRecord, ImportError, ImportErrorKind, Imported, MAX_INPUT_BYTES};
use super::{Game, Notation, Position, legacy, pgn, ucci, xqf};

/// Reads a file's bytes: an XQF file by its signature, otherwise text, decoded (see
/// [`decode`](super::record::decode)) and read by [`read_any`]. A file with several
/// games gives its first; [`read_games_bytes`] gives them all.
pub fn read_any_bytes(bytes: &[u8]) -> Result<Imported, ImportError> {
    if xqf::looks_like(bytes) {
        return xqf_game(bytes);
    }
    // Only the first game of a collection is read: the file is cut until it ends.
    let mut splitter = Splitter::new();
    let mut first = None;
    for piece in bytes.chunks(64 * 1024) {
        splitter.push(piece);
        first = splitter.next();
        if first.is_some() {
            break;
        }
    }
    if first.is_none() {
        splitter.finish();
        first = splitter.next();
    }
    let first = first.expect("a finished file has a part, if only an empty one");
    Decoder::default().read(&first)
}

fn xqf_game(bytes: &[u8]) -> Result<Imported, ImportError> {
    Ok(Imported {
        record: xqf::read(bytes)?,
        format: Format::Xqf,
    })
}

/// Reads every game in a file's bytes. A PGN file may hold many, each read on its own
/// (one that fails does not hide the others: a game over
/// [`MAX_GAME_BYTES`](super::collection::MAX_GAME_BYTES) is one that fails); any other
/// file holds one. A file with one game that does not read (binary, empty, no known
/// format) gives that game's error as the outer error. [`Splitter`] reads a file too
/// large to hold.
///
/// ```
/// use xiangqi_rules::read::read_games_bytes;
///
/// let file = "[Red \"甲\"]\n1. 炮二平五 马８进７ 1-0\n\n[Red \"乙\"]\n1. h2e2 h2e2 *\n";
/// let games = read_games_bytes(file.as_bytes()).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().record.tag("Red"), Some("甲"));
/// assert_eq!(games[1].as_ref().unwrap_err().ply, Some(2));
/// ```
pub fn read_games_bytes(bytes: &[u8]) -> Result<Vec<Result<Imported, ImportError>>, ImportError> {
    if xqf::looks_like(bytes) {
        return xqf_game(bytes).map(|game| vec![Ok(game)]);
    }
    let (parts, splitter) = split_bytes(bytes);
    let mut decoder = Decoder::default();
    // One game alone, not a collection of one (a title before its tags makes one).
    if let [only] = &parts[..]
        && (!only.tagged || !splitter.had_preamble())
    {
        return decoder.read(only).map(|game| vec![Ok(game)]);
    }
    Ok(parts.iter().map(|part| decoder.read(part)).collect())
}

/// Reads every game in a text: see [`read_games_bytes`].
pub fn read_games(text: &str) -> Result<Vec<Result<Imported, ImportError>>, ImportError> {
    read_games_bytes(text.as_bytes())
}

/// Reads whatever a player pasted: FEN, UCCI, the 90-character board, PGN, or a bare
/// move list in any notation (from the start position).
///
/// ```
/// use xiangqi_rules::read::read_any;
/// use xiangqi_rules::record::Format;
/// use xiangqi_rules::Notation;
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
        return ucci::read(text);
    }
    if text.starts_with('[') {
        return pgn::read(text);
    }
    // A FEN's ranks are split by '/'; so is a Vietnamese retreat (`X1/1`).
    if first.contains('/') && !Notation::Vietnamese.looks_like(pgn::strip_move_number(first)) {
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
    let moves = |f: Option<Format>| match f {
        Some(Format::Pgn(n)) => Some(Format::MoveList(n)),
        other => other,
    };
    pgn::read(text)
        .map(|read| Imported {
            format: moves(Some(read.format)).unwrap_or(read.format),
            record: read.record,
        })
        .map_err(|mut e| {
            e.format = moves(e.format);
            e
        })
}

fn imported(game: Game, format: Format) -> Imported {
    Imported {
        record: GameRecord::new(game),
        format,
    }
}
