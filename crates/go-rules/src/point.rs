//! Points, colours and moves, and the GTP coordinates players type (`D4`: columns
//! `A`–`T` without `I`, rows counted from the bottom).

use std::fmt;

/// The largest board drawn and played here (SGF allows up to 52).
pub const MAX_SIZE: u8 = 19;
/// The smallest board.
pub const MIN_SIZE: u8 = 2;

/// A stone's colour, or the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// 0 for black, 1 for white.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A point of the board: column `x` from the left, row `y` from the top (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from the left.
    pub x: u8,
    /// Row, from the top.
    pub y: u8,
}

/// The column letters GTP uses: no `I`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// The point at column `x`, row `y` (from the top).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Its GTP name on a board of `size` (`D4`).
    #[must_use]
    pub fn gtp(self, size: u8) -> String {
        format!(
            "{}{}",
            char::from(COLUMNS[usize::from(self.x)]),
            size - self.y
        )
    }

    /// The point a GTP name stands for on a board of `size` (`d4` too).
    ///
    /// # Errors
    /// Not a point of that board.
    pub fn from_gtp(text: &str, size: u8) -> Result<Point, ParsePointError> {
        let bad = || ParsePointError(text.to_owned(), size);
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let x = COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(bad)?;
        let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if x >= usize::from(size) || row == 0 || row > size {
            return Err(bad());
        }
        Ok(Point::new(x as u8, size - row))
    }
}

/// A name that is not a point of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is not a point of a {1}×{1} board (columns A–T without I, rows from 1 at the bottom)"
)]
pub struct ParsePointError(pub String, pub u8);

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone.
    Pass,
}

impl Move {
    /// Its GTP name (`D4`, `pass`).
    #[must_use]
    pub fn gtp(self, size: u8) -> String {
        match self {
            Move::Play(p) => p.gtp(size),
            Move::Pass => "pass".to_owned(),
        }
    }

    /// A GTP move (`D4`, `pass`).
    ///
    /// # Errors
    /// Neither a pass nor a point of that board.
    pub fn from_gtp(text: &str, size: u8) -> Result<Move, ParsePointError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::from_gtp(text, size).map(Move::Play)
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_names_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(Point::new(0, 18).gtp(19), "A1");
        assert_eq!(Point::new(8, 0).gtp(19), "J19");
        assert_eq!(Point::from_gtp("j19", 19), Ok(Point::new(8, 0)));
        assert_eq!(Point::from_gtp("D4", 9), Ok(Point::new(3, 5)));
        assert!(Point::from_gtp("I5", 9).is_err());
        assert!(Point::from_gtp("K5", 9).is_err(), "K is the 10th column");
        assert!(Point::from_gtp("A0", 9).is_err());
        assert_eq!(Move::from_gtp("PASS", 9), Ok(Move::Pass));
    }
}
