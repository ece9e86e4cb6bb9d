//! The board editor (摆棋): any position set up by hand, checked as it is built. Pure
//! data, no Bevy: the window's edit mode shows it and sends it the player's actions.
//!
//! A piece is refused at the drop when it can never stand on that point, or when its
//! side already has all of that kind; everything else (a missing general, facing
//! generals, the side not to move in check) is only a reason why the position cannot be
//! played yet, shown while the player goes on building.

use crate::rules::{
    Board, Color, ParseFenError, Piece, Position, PositionError, Role, Setup, Square,
};

/// Why a piece may not go where it was dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The piece can never stand on that point (outside its palace, an elephant across
    /// the river or off its points, a soldier behind its start).
    #[error("a {piece} can never stand on {square}")]
    Point {
        /// The piece.
        piece: Piece,
        /// The point.
        square: Square,
    },
    /// Its side already has all the pieces of that kind.
    #[error("{} already has {} {}s", .0.color, .0.role.max_count(), .0.role)]
    TooMany(Piece),
}

/// A position being set up.
///
/// ```
/// use xiangqi::games::xiangqi::editor::Editor;
/// use xiangqi::rules::{Color, Piece, Role};
///
/// let mut editor = Editor::empty();
/// assert!(editor.position().is_err(), "no generals yet");
/// editor.place("e0".parse().unwrap(), Piece::new(Color::Red, Role::General)).unwrap();
/// editor.place("d9".parse().unwrap(), Piece::new(Color::Black, Role::General)).unwrap();
/// editor.place("a8".parse().unwrap(), Piece::new(Color::Red, Role::Chariot)).unwrap();
/// assert_eq!(editor.fen(), "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
/// assert!(editor.position().is_ok());
/// let elephant = Piece::new(Color::Red, Role::Elephant);
/// assert!(editor.place("c5".parse().unwrap(), elephant).is_err(), "across the river");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    setup: Setup,
}

impl Editor {
    /// An editor holding `position`.
    #[must_use]
    pub fn from_position(position: &Position) -> Editor {
        let mut setup = position.to_setup();
        // A set-up position starts a game: counters from the beginning.
        setup.halfmoves = 0;
        setup.fullmoves = 1;
        Editor { setup }
    }

    /// An empty board, red to move.
    #[must_use]
    pub fn empty() -> Editor {
        Editor {
            setup: Setup {
                board: Board::empty(),
                turn: Color::Red,
                halfmoves: 0,
                fullmoves: 1,
            },
        }
    }

    /// The standard start.
    #[must_use]
    pub fn start() -> Editor {
        Editor {
            setup: Setup::start(),
        }
    }

    /// The board as it stands.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.setup.board.piece_at(sq)
    }

    /// Puts `piece` on `sq`, replacing what stood there. A general moves there from
    /// wherever its side's general stood (a side has one).
    pub fn place(&mut self, sq: Square, piece: Piece) -> Result<(), Refused> {
        if !piece.can_stand_on(sq) {
            return Err(Refused::Point { piece, square: sq });
        }
        let replaced = self.setup.board.piece_at(sq);
        if piece.role == Role::General {
            for old in self.setup.board.find(piece).iter() {
                self.setup.board.set(old, None);
            }
        } else if replaced != Some(piece) && self.setup.board.count(piece) >= piece.role.max_count()
        {
            return Err(Refused::TooMany(piece));
        }
        self.setup.board.set(sq, Some(piece));
        Ok(())
    }

    /// Moves the piece on `from` to `to` (taking what stood there), if it may stand there.
    /// Returns the piece moved, or `None` if `from` was empty.
    pub fn move_piece(&mut self, from: Square, to: Square) -> Result<Option<Piece>, Refused> {
        let Some(piece) = self.setup.board.piece_at(from) else {
            return Ok(None);
        };
        if from == to {
            return Ok(Some(piece));
        }
        if !piece.can_stand_on(to) {
            return Err(Refused::Point { piece, square: to });
        }
        self.setup.board.set(from, None);
        self.setup.board.set(to, Some(piece));
        Ok(Some(piece))
    }

    /// Takes the piece off `sq`, if there is one.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.setup.board.piece_at(sq)?;
        self.setup.board.set(sq, None);
        Some(piece)
    }

    /// Who moves first from the position.
    pub fn set_turn(&mut self, turn: Color) {
        self.setup.turn = turn;
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Turns the board round: each piece to the point opposite, sides swapped, so red's
    /// pieces stand where black's stood (a diagram printed from black's side).
    pub fn mirror(&mut self) {
        let mut board = Board::empty();
        for (sq, piece) in self.setup.board.pieces() {
            let opposite = Square::new(8 - sq.file(), 9 - sq.rank()).unwrap_or(sq);
            board.set(opposite, Some(Piece::new(!piece.color, piece.role)));
        }
        self.setup.board = board;
        self.setup.turn = !self.setup.turn;
    }

    /// The FEN of what is on the board.
    #[must_use]
    pub fn fen(&self) -> String {
        self.setup.to_fen()
    }

    /// Replaces the board with a FEN's (typed or pasted); a FEN that does not read
    /// changes nothing. Any readable board is taken, legal or not: the checks say why.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), ParseFenError> {
        let mut setup = Setup::from_fen(fen)?;
        setup.halfmoves = 0;
        setup.fullmoves = 1;
        self.setup = setup;
        Ok(())
    }

    /// The position to play from, or why it cannot be played yet.
    pub fn position(&self) -> Result<Position, PositionError> {
        Position::from_setup(self.setup.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    const RED_CHARIOT: Piece = Piece::new(Color::Red, Role::Chariot);

    #[test]
    fn refusals_name_the_piece_and_the_point() {
        let mut e = Editor::empty();
        e.place(sq("e0"), Piece::new(Color::Red, Role::General))
            .unwrap();
        let cases = [
            (Piece::new(Color::Red, Role::Elephant), "d2"),
            (Piece::new(Color::Red, Role::Elephant), "c5"),
            (Piece::new(Color::Black, Role::Advisor), "e9"),
            (Piece::new(Color::Red, Role::Advisor), "d3"),
            (Piece::new(Color::Red, Role::General), "e3"),
            (Piece::new(Color::Red, Role::Soldier), "b3"),
            (Piece::new(Color::Black, Role::Soldier), "a9"),
        ];
        for (piece, at) in cases {
            let before = e.clone();
            assert_eq!(
                e.place(sq(at), piece),
                Err(Refused::Point {
                    piece,
                    square: sq(at)
                }),
                "{piece} on {at}"
            );
            assert_eq!(e, before, "a refused drop changes nothing");
        }
        let err = e
            .place(sq("c5"), Piece::new(Color::Red, Role::Elephant))
            .unwrap_err();
        assert_eq!(err.to_string(), "a red elephant can never stand on c5");
        for at in ["a0", "b0"] {
            e.place(sq(at), RED_CHARIOT).unwrap();
        }
        assert_eq!(
            e.place(sq("c0"), RED_CHARIOT),
            Err(Refused::TooMany(RED_CHARIOT))
        );
        assert_eq!(
            Refused::TooMany(RED_CHARIOT).to_string(),
            "red already has 2 chariots"
        );
        // Replacing one of them by itself, or moving one, is fine.
        e.place(sq("a0"), RED_CHARIOT).unwrap();
        e.move_piece(sq("a0"), sq("a5")).unwrap();
        assert_eq!(
            e.move_piece(sq("e0"), sq("e5")),
            Err(Refused::Point {
                piece: Piece::new(Color::Red, Role::General),
                square: sq("e5")
            })
        );
    }

    #[test]
    fn every_edit_and_the_reasons_a_position_cannot_be_played() {
        let mut e = Editor::empty();
        assert_eq!(e.fen(), "9/9/9/9/9/9/9/9/9/9 w - - 0 1");
        assert_eq!(e.position(), Err(PositionError::MissingGeneral(Color::Red)));
        e.place(sq("e0"), Piece::new(Color::Red, Role::General))
            .unwrap();
        e.place(sq("e9"), Piece::new(Color::Black, Role::General))
            .unwrap();
        // A general dropped elsewhere in its palace moves there.
        e.place(sq("d0"), Piece::new(Color::Red, Role::General))
            .unwrap();
        assert_eq!(e.piece_at(sq("e0")), None);
        assert_eq!(e.position().unwrap().general(Color::Red), sq("d0"));
        // Generals on one open file face each other.
        e.move_piece(sq("d0"), sq("e0")).unwrap();
        assert_eq!(e.position(), Err(PositionError::GeneralsFacing));
        e.remove(sq("e9"));
        assert_eq!(
            e.position(),
            Err(PositionError::MissingGeneral(Color::Black))
        );
        e.place(sq("f9"), Piece::new(Color::Black, Role::General))
            .unwrap();
        // Black in check with red to move: not a position a game can reach.
        e.place(sq("f5"), RED_CHARIOT).unwrap();
        assert_eq!(
            e.position(),
            Err(PositionError::WaitingSideInCheck(Color::Black))
        );
        e.set_turn(Color::Black);
        assert!(e.position().is_ok());
        assert_eq!(e.turn(), Color::Black);
        assert_eq!(e.remove(sq("f5")), Some(RED_CHARIOT));
        assert_eq!(e.remove(sq("f5")), None);
        assert_eq!(e.move_piece(sq("a1"), sq("a2")), Ok(None), "nothing there");
    }

    #[test]
    fn start_mirror_and_fen() {
        let mut e = Editor::start();
        assert_eq!(e.position().unwrap(), Position::new());
        e.remove(sq("a0"));
        e.mirror();
        // Red's missing chariot is now black's, in black's corner seen from red: i9.
        assert_eq!(e.piece_at(sq("i9")), None);
        assert_eq!(e.piece_at(sq("a0")), Some(RED_CHARIOT));
        assert_eq!(e.turn(), Color::Black);
        assert!(e.position().is_ok());
        let before = e.clone();
        assert!(e.set_fen("not a fen").is_err());
        assert_eq!(e, before, "an unreadable FEN changes nothing");
        e.set_fen("3k5/4R4/9/9/9/9/9/9/9/4K4 w - - 7 30").unwrap();
        assert_eq!(e.fen(), "3k5/4R4/9/9/9/9/9/9/9/4K4 w - - 0 1");
        let from_game =
            Editor::from_position(&"3k5/9/9/9/9/9/9/9/9/4K4 b - - 5 9".parse().unwrap());
        assert_eq!(from_game.fen(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    }
}
