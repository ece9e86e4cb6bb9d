//! Moves in ICCS coordinates, and a list to collect them without allocating.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use super::Square;

/// A move from one point to another. It says nothing about legality; ask a
/// [`Position`](super::Position).
///
/// Written in ICCS coordinates: `h2e2`. Reading also takes the PGN form `H2-E2`.
///
/// ```
/// use xiangqi_rules::{Move, Square};
///
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m, Move::new(Square::H2, Square::E2));
/// assert_eq!("H2-E2".parse::<Move>().unwrap(), m);
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not an ICCS move such as `h2e2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a coordinate move (expected four characters such as h2e2)")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        let (a, b) = match s.len() {
            4 if s.is_ascii() => (&s[..2], &s[2..]),
            5 if s.is_ascii() && s.as_bytes()[2] == b'-' => (&s[..2], &s[3..]),
            _ => return Err(err()),
        };
        let from = a.parse().map_err(|_| err())?;
        let to = b.parse().map_err(|_| err())?;
        if from == to {
            return Err(err());
        }
        Ok(Move::new(from, to))
    }
}

/// More moves than any Xiangqi position allows (the most known is in the low hundreds
/// only for illegal setups; legal positions stay far below).
const CAPACITY: usize = 192;

/// A list of moves that lives on the stack: move generation never allocates.
///
/// ```
/// use xiangqi_rules::Position;
///
/// let moves = Position::new().legal_moves();
/// assert_eq!(moves.len(), 44);
/// assert!(moves.iter().any(|m| m.to_string() == "h2e2"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; CAPACITY],
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::new(Square::A0, Square::A0); CAPACITY],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        // A valid position cannot reach the capacity (at most 2 chariots and 2 cannons
        // with 17 targets each, plus all others, stays under 130).
        self.moves[self.len] = m;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
