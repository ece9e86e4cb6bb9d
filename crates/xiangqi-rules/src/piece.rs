//! Sides, kinds of piece, and pieces.

use std::fmt;
use std::ops::Not;

/// One of the two sides. Red moves first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// 红方, at the bottom in the usual diagram, moves first.
    Red,
    /// 黑方.
    Black,
}

impl Color {
    /// Both sides, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for red, 1 for black: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"red"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a piece, whatever its side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// 帥/將, FEN `K`.
    General,
    /// 仕/士, FEN `A`.
    Advisor,
    /// 相/象, FEN `B` (also read `E`).
    Elephant,
    /// 傌/馬, FEN `N` (also read `H`).
    Horse,
    /// 俥/車, FEN `R`.
    Chariot,
    /// 炮/砲, FEN `C`.
    Cannon,
    /// 兵/卒, FEN `P`.
    Soldier,
}

impl Role {
    /// Every role, general first.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// 0 for the general … 6 for the soldier.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case FEN letter: `k a b n r c p`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// Reads a FEN letter of either case, including the variants `e` (elephant) and `h` (horse).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// How many pieces of this role a side may have.
    #[must_use]
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// English name, singular.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// Whether the piece can ever cross the river (and so help to checkmate).
    #[must_use]
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            Role::Horse | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a side.
///
/// ```
/// use xiangqi_rules::{Color, Piece, Role};
///
/// let p = Piece::from_char('N').unwrap();
/// assert_eq!(p, Piece::new(Color::Red, Role::Horse));
/// assert_eq!(p.char(), 'N');
/// assert_eq!(p.chinese(), '傌');
/// assert_eq!(Piece::new(Color::Black, Role::Horse).chinese(), '馬');
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `role` for `color`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for red, lower case for black.
    #[must_use]
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Reads a FEN letter (`E` and `H` are accepted for elephant and horse).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(
                if c.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                },
                role,
            )),
            None => None,
        }
    }

    /// The character printed on the piece: 帥仕相傌俥炮兵 for red, 將士象馬車砲卒 for black.
    #[must_use]
    pub const fn chinese(self) -> char {
        const RED: [char; 7] = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
        const BLACK: [char; 7] = ['將', '士', '象', '馬', '車', '砲', '卒'];
        match self.color {
            Color::Red => RED[self.role.index()],
            Color::Black => BLACK[self.role.index()],
        }
    }

    /// 0..14: an index into per-piece tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(
            Piece::from_char('E'),
            Some(Piece::new(Color::Red, Role::Elephant))
        );
        assert_eq!(
            Piece::from_char('h'),
            Some(Piece::new(Color::Black, Role::Horse))
        );
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Piece::from_char('1'), None);
    }
}
