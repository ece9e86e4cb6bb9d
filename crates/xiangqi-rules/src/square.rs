//! Points of the 9×10 board, named the ICCS way: files `a`–`i` from red's left,
//! ranks `0`–`9` from red's back rank.

use std::fmt;
use std::str::FromStr;

use super::Color;

/// One of the 90 points of the board.
///
/// ```
/// use xiangqi_rules::Square;
///
/// let sq: Square = "h2".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 2));
/// assert_eq!(sq, Square::H2);
/// assert_eq!(sq.to_string(), "h2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of files (columns).
    pub const FILES: u8 = 9;
    /// Number of ranks (rows).
    pub const RANKS: u8 = 10;
    /// Number of points.
    pub const COUNT: usize = 90;

    /// The point at `file` (0 = `a`) and `rank` (0 = red's back rank), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::FILES && rank < Self::RANKS {
            Some(Square(rank * Self::FILES + file))
        } else {
            None
        }
    }

    /// The point with index `index` (`rank * 9 + file`), if below 90.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// `rank * 9 + file`, in `0..90`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a` … 8 for file `i`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % Self::FILES
    }

    /// 0 for red's back rank … 9 for black's back rank.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / Self::FILES
    }

    /// The point `df` files and `dr` ranks away, if still on the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            Square::new(f as u8, r as u8)
        }
    }

    /// The same point seen from the other side (rotated 180°).
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(Self::COUNT as u8 - 1 - self.0)
    }

    /// Whether the point is on `color`'s half of the board (before the river).
    #[must_use]
    pub const fn is_on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point is inside `color`'s palace (the 3×3 square with diagonals).
    #[must_use]
    pub const fn is_in_palace_of(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// All 90 points, `a0`, `b0`, … `i9`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A point name that is not `a0`…`i9`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a point on the board (files a–i, ranks 0–9, e.g. e0)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_owned());
        match s.as_bytes() {
            &[f, r] => {
                let f = f.to_ascii_lowercase();
                if !(b'a'..=b'i').contains(&f) || !r.is_ascii_digit() {
                    return Err(err());
                }
                Square::new(f - b'a', r - b'0').ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A0 = 0, B0 = 1, C0 = 2, D0 = 3, E0 = 4, F0 = 5, G0 = 6, H0 = 7, I0 = 8,
    A1 = 9, B1 = 10, C1 = 11, D1 = 12, E1 = 13, F1 = 14, G1 = 15, H1 = 16, I1 = 17,
    A2 = 18, B2 = 19, C2 = 20, D2 = 21, E2 = 22, F2 = 23, G2 = 24, H2 = 25, I2 = 26,
    A3 = 27, B3 = 28, C3 = 29, D3 = 30, E3 = 31, F3 = 32, G3 = 33, H3 = 34, I3 = 35,
    A4 = 36, B4 = 37, C4 = 38, D4 = 39, E4 = 40, F4 = 41, G4 = 42, H4 = 43, I4 = 44,
    A5 = 45, B5 = 46, C5 = 47, D5 = 48, E5 = 49, F5 = 50, G5 = 51, H5 = 52, I5 = 53,
    A6 = 54, B6 = 55, C6 = 56, D6 = 57, E6 = 58, F6 = 59, G6 = 60, H6 = 61, I6 = 62,
    A7 = 63, B7 = 64, C7 = 65, D7 = 66, E7 = 67, F7 = 68, G7 = 69, H7 = 70, I7 = 71,
    A8 = 72, B8 = 73, C8 = 74, D8 = 75, E8 = 76, F8 = 77, G8 = 78, H8 = 79, I8 = 80,
    A9 = 81, B9 = 82, C9 = 83, D9 = 84, E9 = 85, F9 = 86, G9 = 87, H9 = 88, I9 = 89,
}

/// A set of points, one bit each.
///
/// ```
/// use xiangqi_rules::{Square, SquareSet};
///
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E0);
/// set.insert(Square::A9);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::E0, Square::A9]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u128);

impl SquareSet {
    /// No point.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.0;
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.0);
    }

    /// Number of points in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The points, from `a0` to `i9`.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square(i))
        })
    }
}

impl SquareSet {
    /// Every point of the board.
    pub const ALL: SquareSet = SquareSet((1 << Square::COUNT) - 1);

    /// The set of the points whose bits (bit `i`: the point of index `i`) are set.
    pub(crate) const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits & Self::ALL.0)
    }

    /// The set holding only `sq`.
    #[must_use]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.0)
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl std::ops::BitXor for SquareSet {
    type Output = SquareSet;
    fn bitxor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ rhs.0)
    }
}

/// The points not in the set (within the board).
impl std::ops::Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & SquareSet::ALL.0)
    }
}

impl std::ops::BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl std::ops::BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitXorAssign for SquareSet {
    fn bitxor_assign(&mut self, rhs: SquareSet) {
        self.0 ^= rhs.0;
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("E9".parse::<Square>(), Ok(Square::E9));
        for bad in ["", "j0", "a", "a10", "e-", "é0"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn palace_and_sides() {
        assert!(Square::E1.is_in_palace_of(Color::Red));
        assert!(!Square::E1.is_in_palace_of(Color::Black));
        assert!(Square::F7.is_in_palace_of(Color::Black));
        assert!(!Square::C8.is_in_palace_of(Color::Black));
        assert!(Square::A4.is_on_side_of(Color::Red));
        assert!(Square::A5.is_on_side_of(Color::Black));
        assert_eq!(Square::A0.flip(), Square::I9);
    }
}
