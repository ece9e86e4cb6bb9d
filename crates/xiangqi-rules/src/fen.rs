//! FEN: the one-line text form of a position, e.g.
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Reading is lenient in the ways real files differ (`E`/`H` letters, `r` for red,
//! missing `- -` placeholders or counters); writing is the common form above.

use std::fmt;
use std::str::FromStr;

use super::{Board, Color, Piece, Square};

/// Anything on a board, with a side to move and move counters, not yet checked for
/// legality. [`Position::from_setup`](super::Position::from_setup) checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (for the 60-move rule).
    pub halfmoves: u32,
    /// The move number, starting at 1 and counting up after each black move.
    pub fullmoves: u32,
}

impl Setup {
    /// The standard start: red to move.
    #[must_use]
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Reads a FEN string. It is not yet checked for being a legal position.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Setup};
    ///
    /// let setup = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap();
    /// assert_eq!(setup.turn, Color::Black);
    /// assert!(Setup::from_fen("4k4/9/9 w").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let board = parse_board(placement)?;
        let turn = match fields.next() {
            None => Color::Red,
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(ParseFenError::Turn(other.to_owned())),
        };
        // Chess FEN has castling and en-passant fields; Xiangqi FEN keeps them as `-`.
        let mut counters = fields.skip_while(|&f| f == "-");
        let mut counter = |default: u32| match counters.next() {
            None => Ok(default),
            Some(f) => f
                .parse::<u32>()
                .map_err(|_| ParseFenError::Counter(f.to_owned())),
        };
        let halfmoves = counter(0)?;
        let fullmoves = counter(1)?.max(1);
        if let Some(extra) = counters.next() {
            return Err(ParseFenError::Extra(extra.to_owned()));
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }

    /// Writes the FEN string: placement, side (`w` or `b`), `- -`, half-moves, move number.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.to_string()
    }
}

fn parse_board(placement: &str) -> Result<Board, ParseFenError> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != Square::RANKS as usize {
        return Err(ParseFenError::RowCount(rows.len()));
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let row_no = i + 1;
        let rank = Square::RANKS - 1 - i as u8;
        let mut file: usize = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                if let Some(sq) = Square::new(file as u8, rank).filter(|_| file < 9) {
                    board.set(sq, Some(piece));
                }
                file += 1;
            } else {
                return Err(ParseFenError::Char { row: row_no, ch });
            }
            if file > Square::FILES as usize {
                break;
            }
        }
        if file != Square::FILES as usize {
            return Err(ParseFenError::RowWidth {
                row: row_no,
                width: file,
            });
        }
    }
    Ok(board)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..Square::RANKS).rev() {
            let mut empty = 0;
            for file in 0..Square::FILES {
                let sq = Square::new(file, rank).expect("on the board");
                match self.board.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.turn {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        write!(f, " {side} - - {} {}", self.halfmoves, self.fullmoves)
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(s)
    }
}

/// Why a text is not a FEN string. Rows are counted from the top (black's back rank
/// is row 1), as they are written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// Nothing but white space.
    #[error("the FEN is empty")]
    Empty,
    /// Not ten rows.
    #[error("the board part of the FEN needs 10 rows separated by '/', not {0}")]
    RowCount(usize),
    /// A row that does not cover nine points.
    #[error("row {row} of the FEN covers {width} points; every row must cover exactly 9")]
    RowWidth {
        /// 1 for the top row (black's back rank).
        row: usize,
        /// How many points it covered (counting stops just past 9).
        width: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error(
        "'{ch}' in row {row} of the FEN is neither a piece letter (K A B N R C P, or E H) nor a digit 1–9"
    )]
    Char {
        /// 1 for the top row.
        row: usize,
        /// The offending character.
        ch: char,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("\"{0}\" is not a side to move (w or r for red, b for black)")]
    Turn(String),
    /// A move counter that is not a whole number.
    #[error("\"{0}\" is not a move counter (a whole number)")]
    Counter(String),
    /// Text after the move counters.
    #[error("unexpected \"{0}\" after the end of the FEN")]
    Extra(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn start_round_trips() {
        let setup = Setup::from_fen(START).unwrap();
        assert_eq!(setup, Setup::start());
        assert_eq!(setup.to_fen(), START);
    }

    #[test]
    fn lenient_forms() {
        let short =
            Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR").unwrap();
        assert_eq!(short, Setup::start());
        let variants =
            Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r 0 1")
                .unwrap();
        assert_eq!(variants, Setup::start());
        let counters = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 7 12").unwrap();
        assert_eq!((counters.halfmoves, counters.fullmoves), (7, 12));
        let no_dashes = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b 7 12").unwrap();
        assert_eq!(no_dashes, counters);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            ("", ParseFenError::Empty),
            ("4k4/9/9 w", ParseFenError::RowCount(3)),
            (
                "4k5/9/9/9/9/9/9/9/9/3K5",
                ParseFenError::RowWidth { row: 1, width: 10 },
            ),
            (
                "4k4/9/9/9/9/9/8/9/9/3K5",
                ParseFenError::RowWidth { row: 7, width: 8 },
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/3K4X",
                ParseFenError::Char { row: 10, ch: 'X' },
            ),
            (
                "4k4/9/9/9/9/0/9/9/9/3K5",
                ParseFenError::Char { row: 6, ch: '0' },
            ),
            ("4k4/9/9/9/9/9/9/9/9/3K5 x", ParseFenError::Turn("x".into())),
            (
                "4k4/9/9/9/9/9/9/9/9/3K5 w - - z",
                ParseFenError::Counter("z".into()),
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 9",
                ParseFenError::Extra("9".into()),
            ),
        ];
        for (fen, err) in cases {
            assert_eq!(Setup::from_fen(fen), Err(err), "{fen}");
        }
        assert_eq!(
            ParseFenError::RowWidth { row: 7, width: 8 }.to_string(),
            "row 7 of the FEN covers 8 points; every row must cover exactly 9"
        );
    }
}
