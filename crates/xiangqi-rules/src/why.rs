//! Why a piece cannot go where it was asked to: the movement rule the move breaks, and
//! the point that blocks it, so a referee can say more than "not allowed".

use std::fmt;

use super::{Board, Piece, Role, Square};

/// The movement rule a refused move breaks.
///
/// ```
/// use xiangqi_rules::{IllegalMove, MoveRule, Position, Square};
///
/// // From the start, the horse on b0 cannot reach d1: the elephant on c0 is its leg.
/// let pos = Position::new();
/// let err = pos.check_move("b0d1".parse().unwrap()).unwrap_err();
/// let IllegalMove::CannotMoveThere { rule, .. } = err else { panic!() };
/// assert_eq!(rule, MoveRule::HorseLeg(Square::C0));
/// assert_eq!(rule.point(), Some(Square::C0));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveRule {
    /// The horse's leg is blocked (蹩马腿) by the piece on this point.
    HorseLeg(Square),
    /// The elephant's eye is blocked (塞象眼) by the piece on this point.
    ElephantEye(Square),
    /// An elephant never crosses the river.
    ElephantRiver,
    /// Advisors and generals stay in the palace.
    Palace,
    /// A soldier never steps back.
    SoldierBack,
    /// A soldier moves sideways only once it has crossed the river.
    SoldierSideways,
    /// A chariot's or cannon's path is blocked by the piece on this point.
    Blocked(Square),
    /// A cannon captures by jumping exactly one piece; this many stand between.
    CannonScreens(u8),
    /// The piece never moves that way.
    Shape,
}

impl MoveRule {
    /// The point that blocks the move, if one does.
    #[must_use]
    pub const fn point(self) -> Option<Square> {
        match self {
            MoveRule::HorseLeg(s) | MoveRule::ElephantEye(s) | MoveRule::Blocked(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for MoveRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRule::HorseLeg(s) => write!(f, "the horse's leg is blocked at {s}"),
            MoveRule::ElephantEye(s) => write!(f, "the elephant's eye is blocked at {s}"),
            MoveRule::ElephantRiver => f.write_str("an elephant cannot cross the river"),
            MoveRule::Palace => f.write_str("advisors and generals stay in the palace"),
            MoveRule::SoldierBack => f.write_str("a soldier never steps back"),
            MoveRule::SoldierSideways => {
                f.write_str("a soldier moves sideways only after crossing the river")
            }
            MoveRule::Blocked(s) => write!(f, "the path is blocked at {s}"),
            MoveRule::CannonScreens(0) => {
                f.write_str("a cannon captures by jumping exactly one piece, and there is none")
            }
            MoveRule::CannonScreens(n) => write!(
                f,
                "a cannon captures by jumping exactly one piece, and there are {n}"
            ),
            MoveRule::Shape => f.write_str("it does not move that way"),
        }
    }
}

/// The rule `piece` on `from` breaks by going to `to` (a move it cannot make; the target
/// holds no piece of its own side).
pub(crate) fn broken_rule(board: &Board, from: Square, piece: Piece, to: Square) -> MoveRule {
    let df = i16::from(to.file()) - i16::from(from.file());
    let dr = i16::from(to.rank()) - i16::from(from.rank());
    let (adf, adr) = (df.abs(), dr.abs());
    let step = |d: i16| d.signum() as i8;
    let occupied = |s: Option<Square>| s.filter(|&s| board.piece_at(s).is_some());
    match piece.role {
        Role::General if adf + adr == 1 => MoveRule::Palace,
        Role::Advisor if adf == 1 && adr == 1 => MoveRule::Palace,
        Role::Elephant if adf == 2 && adr == 2 => {
            if !to.is_on_side_of(piece.color) {
                MoveRule::ElephantRiver
            } else {
                occupied(from.offset(step(df), step(dr)))
                    .map_or(MoveRule::Shape, MoveRule::ElephantEye)
            }
        }
        Role::Horse if (adf, adr) == (1, 2) || (adf, adr) == (2, 1) => {
            let leg = if adr == 2 {
                from.offset(0, step(dr))
            } else {
                from.offset(step(df), 0)
            };
            occupied(leg).map_or(MoveRule::Shape, MoveRule::HorseLeg)
        }
        Role::Chariot | Role::Cannon if (df == 0) != (dr == 0) => {
            let between = between(from, to);
            let first = between
                .iter()
                .copied()
                .find(|&s| board.piece_at(s).is_some());
            let screens = between
                .iter()
                .filter(|&&s| board.piece_at(s).is_some())
                .count();
            if piece.role == Role::Cannon && board.piece_at(to).is_some() {
                MoveRule::CannonScreens(screens.min(8) as u8)
            } else {
                first.map_or(MoveRule::Shape, MoveRule::Blocked)
            }
        }
        Role::Soldier => {
            let forward = match piece.color {
                super::Color::Red => 1,
                super::Color::Black => -1,
            };
            if dr * forward < 0 {
                MoveRule::SoldierBack
            } else if dr == 0 && adf == 1 && from.is_on_side_of(piece.color) {
                MoveRule::SoldierSideways
            } else {
                MoveRule::Shape
            }
        }
        _ => MoveRule::Shape,
    }
}

/// The points strictly between two points of one file or rank, nearest `from` first.
fn between(from: Square, to: Square) -> Vec<Square> {
    let df = (i16::from(to.file()) - i16::from(from.file())).signum() as i8;
    let dr = (i16::from(to.rank()) - i16::from(from.rank())).signum() as i8;
    let mut out = Vec::new();
    let mut at = from.offset(df, dr);
    while let Some(s) = at.filter(|&s| s != to) {
        out.push(s);
        at = s.offset(df, dr);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{IllegalMove, Position};

    fn rule(fen: &str, m: &str) -> MoveRule {
        let pos: Position = fen.parse().unwrap();
        match pos.check_move(m.parse().unwrap()) {
            Err(IllegalMove::CannotMoveThere { rule, .. }) => rule,
            other => panic!("{m}: {other:?}"),
        }
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

    #[test]
    fn each_rule_is_named_with_its_point() {
        assert_eq!(rule(START, "b0d1"), MoveRule::HorseLeg(Square::C0));
        assert_eq!(rule(START, "b0b3"), MoveRule::Shape);
        // The elephant on c0 with a horse on its eye (d1); one on c4 at the river.
        assert_eq!(
            rule("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", "c0e2"),
            MoveRule::ElephantEye(Square::D1)
        );
        assert_eq!(
            rule("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6"),
            MoveRule::ElephantRiver
        );
        assert_eq!(rule(START, "d0c1"), MoveRule::Palace);
        assert_eq!(rule("3k5/9/9/9/9/9/9/4K4/9/9 w", "e2e3"), MoveRule::Palace);
        assert_eq!(rule(START, "a0a5"), MoveRule::Blocked(Square::A3));
        // A cannon slides over nothing, and takes over exactly one piece.
        assert_eq!(rule(START, "b2b8"), MoveRule::Blocked(Square::B7));
        assert_eq!(rule(START, "h2h7"), MoveRule::CannonScreens(0));
        assert_eq!(
            rule("5k3/9/9/9/4p4/4p4/4p4/9/4C4/3K5 w", "e1e5"),
            MoveRule::CannonScreens(2)
        );
        assert_eq!(rule(START, "h2g4"), MoveRule::Shape);
        assert_eq!(rule(START, "a3b3"), MoveRule::SoldierSideways);
        assert_eq!(
            rule("3k5/9/9/9/P8/9/9/9/9/4K4 w", "a5a4"),
            MoveRule::SoldierBack
        );
        assert_eq!(rule(START, "a3a5"), MoveRule::Shape);
        assert_eq!(MoveRule::CannonScreens(0).point(), None);
    }

    #[test]
    fn the_message_names_the_rule() {
        let pos = Position::new();
        let err = pos.check_move("b0d1".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a horse cannot move from b0 to d1: the horse's leg is blocked at c0"
        );
    }
}
