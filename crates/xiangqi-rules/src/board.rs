//! Piece placement, with no side to move and no validity promised.

use std::fmt;

use super::{Color, Piece, Role, Square, SquareSet};

/// Which piece stands on each point. Any placement is representable; only a
/// [`Position`](super::Position) promises a legal one.
///
/// ```
/// use xiangqi_rules::{Board, Color, Piece, Role, Square};
///
/// let board = Board::start();
/// assert_eq!(board.piece_at(Square::E0), Some(Piece::new(Color::Red, Role::General)));
/// assert_eq!(board.piece_at(Square::E4), None);
/// assert_eq!(board.by_color(Color::Black).len(), 16);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; Square::COUNT],
    // Kept in step with `squares` so move generation visits pieces, not 90 points.
    by_color: [SquareSet; 2],
}

impl Board {
    /// A board with no piece.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            squares: [None; Square::COUNT],
            by_color: [SquareSet::EMPTY; 2],
        }
    }

    /// The standard starting array.
    #[must_use]
    pub fn start() -> Board {
        use Role::*;
        let back = [
            Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot,
        ];
        let mut board = Board::empty();
        for (file, role) in (0u8..).zip(back) {
            board.set(sq(file, 0), Some(Piece::new(Color::Red, role)));
            board.set(sq(file, 9), Some(Piece::new(Color::Black, role)));
        }
        for file in [1, 7] {
            board.set(sq(file, 2), Some(Piece::new(Color::Red, Cannon)));
            board.set(sq(file, 7), Some(Piece::new(Color::Black, Cannon)));
        }
        for file in [0, 2, 4, 6, 8] {
            board.set(sq(file, 3), Some(Piece::new(Color::Red, Soldier)));
            board.set(sq(file, 6), Some(Piece::new(Color::Black, Soldier)));
        }
        board
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it), replacing whatever stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.squares[sq.index()] {
            self.by_color[old.color.index()].remove(sq);
        }
        if let Some(new) = piece {
            self.by_color[new.color.index()].insert(sq);
        }
        self.squares[sq.index()] = piece;
    }

    /// The points holding a piece of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// Every piece with its point, from `a0` to `i9`.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The points holding `piece`.
    #[must_use]
    pub fn find(&self, piece: Piece) -> SquareSet {
        self.by_color(piece.color)
            .iter()
            .filter(|&sq| self.piece_at(sq) == Some(piece))
            .collect()
    }

    /// How many of `piece` are on the board.
    #[must_use]
    pub fn count(&self, piece: Piece) -> usize {
        self.find(piece).len()
    }

    /// Moves whatever stands on `from` to `to`, returning what stood on `to`.
    /// No rule is checked: this is the raw board edit.
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square) -> Option<Piece> {
        let moving = self.squares[from.index()];
        let captured = self.squares[to.index()];
        self.set(to, moving);
        self.set(from, None);
        captured
    }

    /// Reverses [`shift`](Self::shift).
    #[inline]
    pub(crate) fn unshift(&mut self, from: Square, to: Square, captured: Option<Piece>) {
        let moving = self.squares[to.index()];
        self.set(from, moving);
        self.set(to, captured);
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => panic!("off the board"),
    }
}

/// The board as 10 lines of FEN letters, black's back rank first, `.` for empty points.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..Square::RANKS).rev() {
            for file in 0..Square::FILES {
                if file > 0 {
                    f.write_str(" ")?;
                }
                let c = self.piece_at(sq(file, rank)).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\n{self})")
    }
}
