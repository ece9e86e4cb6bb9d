//! Go as people paste it outside SGF: a board drawn in text (rows of `X`, `O` and `.`,
//! as `go status` prints it, spaces and coordinates around it allowed) and a list of
//! moves in GTP coordinates (`D4 Q16 pass`, move numbers and `B`/`W` allowed).
//!
//! ```
//! use go_rules::text::{read_diagram, read_moves};
//! use go_rules::{Color, Rules};
//!
//! let pos = read_diagram("X O .\n. X .\n. . .\nto-move white")?;
//! assert_eq!(pos.to_move(), Color::White);
//! assert_eq!(pos.board().stones(Color::Black).len(), 2);
//!
//! let game = read_moves("1. D4 Q16 2. pass", 19, Rules::CHINESE)?;
//! assert_eq!(game.moves().len(), 3);
//! # Ok::<(), go_rules::text::TextError>(())
//! ```

use crate::board::Board;
use crate::game::{Game, Position};
use crate::point::{Color, MAX_SIZE, MIN_SIZE, Move, Point};
use crate::rules::Rules;

/// Why a text is not a board or a list of moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextError {
    /// No rows of stones, or rows of different lengths, or not a square.
    #[error("not a Go board: {0}")]
    NotABoard(String),
    /// A word that is not a move.
    #[error("\"{word}\" (move {ply}) is not a move: points are named A1 to T19, or pass")]
    NotAMove {
        /// The word.
        word: String,
        /// Its number among the moves.
        ply: usize,
    },
    /// A move the rules refuse.
    #[error("move {ply}: {why}")]
    Illegal {
        /// Its number.
        ply: usize,
        /// Why.
        why: crate::IllegalMove,
    },
    /// No moves at all.
    #[error("no moves")]
    Empty,
}

/// The stone a character of a diagram stands for: `Some(None)` an empty point.
fn stone(c: char) -> Option<Option<Color>> {
    match c {
        'X' | 'x' | '#' | '@' | '●' | '黑' => Some(Some(Color::Black)),
        'O' | 'o' | '○' | '白' => Some(Some(Color::White)),
        '.' | '+' | '·' | '-' | ',' => Some(None),
        _ => None,
    }
}

/// A board drawn in text, top row first; a line `to-move white` (or `white to move`)
/// gives the side to move, black otherwise. Row numbers, a line of column letters and
/// spaces between points are passed over.
///
/// # Errors
/// No rows, rows of different lengths, or a board that is not square or not 2 to 19
/// points wide.
pub fn read_diagram(text: &str) -> Result<Position, TextError> {
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    let mut to_move = Color::Black;
    for line in text.lines() {
        let lower = line.to_ascii_lowercase();
        if lower.contains("to-move") || lower.contains("to move") {
            if lower.contains("white") {
                to_move = Color::White;
            }
            continue;
        }
        // Row numbers and spaces are not points.
        let points: String = line
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_ascii_digit() && *c != '|')
            .collect();
        if points.is_empty() {
            continue;
        }
        match points.chars().map(stone).collect::<Option<Vec<_>>>() {
            Some(row) => rows.push(row),
            // A line of column letters above or below: no stones in it.
            None if points.chars().all(|c| c.is_ascii_alphabetic()) => {}
            None => {
                return Err(TextError::NotABoard(format!(
                    "the line \"{}\" is not a row of X, O and .",
                    line.chars().take(40).collect::<String>()
                )));
            }
        }
    }
    let n = rows.len();
    if n == 0 {
        return Err(TextError::NotABoard("no rows of X, O and .".into()));
    }
    if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&n) {
        return Err(TextError::NotABoard(format!(
            "{n} rows: boards are {MIN_SIZE} to {MAX_SIZE} rows"
        )));
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
        return Err(TextError::NotABoard(format!(
            "{n} rows, but row {} has {} points",
            i + 1,
            row.len()
        )));
    }
    let mut board = Board::new(n as u8).map_err(|e| TextError::NotABoard(e.to_string()))?;
    for (y, row) in rows.iter().enumerate() {
        for (x, &s) in row.iter().enumerate() {
            board.set(Point::new(x as u8, y as u8), s);
        }
    }
    Ok(Position::from_board(board, to_move))
}

/// Moves in GTP coordinates on a `size` board, black first, played by `rules`. Move
/// numbers (`1.`, `12`) and colour words (`B`, `W`, `black`) are passed over.
///
/// # Errors
/// A word that is not a point of the board or `pass`, a move the rules refuse, or no
/// moves.
pub fn read_moves(text: &str, size: u8, rules: Rules) -> Result<Game, TextError> {
    let mut game = Game::new(size, rules).map_err(|e| TextError::NotABoard(e.to_string()))?;
    let words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| {
            !w.is_empty()
                && !w.chars().all(|c| c.is_ascii_digit())
                && !matches!(
                    w.to_ascii_lowercase().as_str(),
                    "b" | "w" | "black" | "white"
                )
        });
    for word in words {
        let ply = game.moves().len() + 1;
        let mv = Move::from_gtp(word, size).map_err(|_| TextError::NotAMove {
            word: word.chars().take(20).collect(),
            ply,
        })?;
        game.play(mv)
            .map_err(|why| TextError::Illegal { ply, why })?;
    }
    if game.moves().is_empty() {
        return Err(TextError::Empty);
    }
    Ok(game)
}

/// The smallest of 9, 13 and 19 whose board holds every point `text` names (for a list
/// of moves pasted with no board size).
#[must_use]
pub fn size_for_moves(text: &str) -> u8 {
    [9u8, 13, 19]
        .into_iter()
        .find(|&size| {
            text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .map(|w| w.trim_end_matches('.'))
                .filter(|w| {
                    w.len() >= 2 && w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                })
                .filter(|w| w.chars().skip(1).all(|c| c.is_ascii_digit()))
                .all(|w| Point::from_gtp(w, size).is_ok())
        })
        .unwrap_or(19)
}

/// Whether `text` reads as a list of Go moves: every word a point name, `pass`, a move
/// number or a colour, and at least one point.
#[must_use]
pub fn looks_like_moves(text: &str) -> bool {
    let mut points = 0;
    for w in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
    {
        if Point::from_gtp(w, MAX_SIZE).is_ok() {
            points += 1;
        } else if !(w.chars().all(|c| c.is_ascii_digit())
            || matches!(
                w.to_ascii_lowercase().as_str(),
                "pass" | "b" | "w" | "black" | "white"
            ))
        {
            return false;
        }
    }
    points > 0
}
