//! A legal position: the only way to get one is through validation, so everything that
//! holds a [`Position`] can trust it.

use std::fmt;
use std::str::FromStr;

use super::attacks;
use super::why::{self, MoveRule};
use super::{
    Board, Color, Move, MoveList, ParseFenError, Piece, Role, Setup, Square, SquareSet, movegen,
    zobrist,
};

/// A legal Xiangqi position with its side to move.
///
/// ```
/// use xiangqi_rules::{Move, Position};
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 44);
///
/// let pos = pos.play("h2e2".parse().unwrap()).unwrap();
/// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
///
/// let mate: Position = "rnb1kaCnr/4a4/1c5c1/p1p1p3p/6p2/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3"
///     .parse()
///     .unwrap();
/// assert!(mate.is_checkmate());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    generals: [Square; 2],
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

/// Per point of a general: its rank, its file and the four points diagonally next to
/// it (see [`Position::unwatched`]). The general's own point is in it: its moves are
/// always played to be checked.
const WATCHED: [SquareSet; Square::COUNT] = {
    let mut table = [SquareSet::EMPTY; Square::COUNT];
    let mut g = 0;
    while g < Square::COUNT {
        let (gf, gr) = ((g % 9) as i8, (g / 9) as i8);
        let mut bits = 0u128;
        let mut s = 0;
        while s < Square::COUNT {
            let (f, r) = ((s % 9) as i8, (s / 9) as i8);
            if f == gf || r == gr || ((f - gf).abs() == 1 && (r - gr).abs() == 1) {
                bits |= 1 << s;
            }
            s += 1;
        }
        table[g] = SquareSet::from_bits(bits);
        g += 1;
    }
    table
};

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn new() -> Position {
        // Built and checked once: every new game and every record read starts here.
        static START: std::sync::LazyLock<Position> = std::sync::LazyLock::new(|| {
            Position::from_setup(Setup::start()).expect("the start position is legal")
        });
        START.clone()
    }

    /// Checks `setup` and makes it a position, or says what is wrong with it.
    ///
    /// ```
    /// use xiangqi_rules::{Position, PositionError, Setup};
    ///
    /// let facing = Setup::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    /// assert_eq!(Position::from_setup(facing).unwrap_err(), PositionError::GeneralsFacing);
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        } = setup;
        let mut generals = [Square::A0; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let found = board.find(piece);
                if role == Role::General && found.is_empty() {
                    return Err(PositionError::MissingGeneral(color));
                }
                if found.len() > role.max_count() {
                    return Err(PositionError::TooMany {
                        piece,
                        count: found.len(),
                    });
                }
                if let Some(square) = found.iter().find(|&sq| !can_stand(piece, sq)) {
                    return Err(PositionError::ImpossiblePoint { piece, square });
                }
                if role == Role::General {
                    generals[color.index()] = found.iter().next().expect("one general");
                }
            }
        }
        let [red, black] = generals;
        if attacks::generals_face(&board, red, black) {
            return Err(PositionError::GeneralsFacing);
        }
        let waiting = turn.other();
        if attacks::is_attacked(&board, generals[waiting.index()], turn) {
            return Err(PositionError::WaitingSideInCheck(waiting));
        }
        let hash = zobrist::hash(&board, turn);
        Ok(Position {
            board,
            turn,
            generals,
            halfmoves,
            fullmoves,
            hash,
        })
    }

    /// Reads and checks a FEN string.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?)?)
    }

    /// The FEN string of this position.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The position as an unchecked setup.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The position mirrored left to right (files a↔i), the side to move and the
    /// counters kept: players compare an opening with its mirror (炮八平五 for 炮二平五).
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// let h2e2 = Position::new().play("h2e2".parse().unwrap()).unwrap();
    /// let b2e2 = Position::new().play("b2e2".parse().unwrap()).unwrap();
    /// assert_eq!(h2e2.mirrored(), b2e2);
    /// assert_eq!(b2e2.mirrored().mirrored(), b2e2);
    /// assert_eq!(Position::new().mirrored(), Position::new());
    /// ```
    #[must_use]
    pub fn mirrored(&self) -> Position {
        let mut board = Board::empty();
        for (sq, piece) in self.board.pieces() {
            if let Some(to) = Square::new(8 - sq.file(), sq.rank()) {
                board.set(to, Some(piece));
            }
        }
        // A mirror keeps every piece on a point it may stand on and the generals
        // apart as they were: the position stays valid.
        Position::from_setup(Setup {
            board,
            ..self.to_setup()
        })
        .unwrap_or_else(|_| self.clone())
    }

    /// The pieces.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Where `color`'s general stands.
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, counting up after each black move.
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the placement and side to move (not the counters).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the two positions have the same pieces on the same points and the same
    /// side to move: what repetition compares.
    #[must_use]
    pub fn same_placement(&self, other: &Position) -> bool {
        self.hash == other.hash && self.turn == other.turn && self.board == other.board
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::pseudo_legal(&self.board, self.turn, &mut list);
        let mut scratch = self.board.clone();
        let unwatched = self.unwatched();
        list.retain(|m| unwatched(m) || self.is_safe(&mut scratch, m));
        list
    }

    /// A test a move passes when it surely leaves the mover's general safe, so that
    /// it need not be played to be sure: out of check, a move other than the
    /// general's that neither leaves nor lands on a point the general's safety turns on.
    /// Those are the general's rank and file (chariots, cannons and their screens, the
    /// generals facing) and the four points diagonally next to it (the legs of every
    /// horse that could reach it); soldiers attack whatever stands around them.
    #[inline]
    fn unwatched(&self) -> impl Fn(Move) -> bool + use<> {
        let general = self.generals[self.turn.index()];
        let watched = if self.is_check() {
            SquareSet::ALL
        } else {
            WATCHED[general.index()]
        };
        move |m| !watched.contains(m.from) && !watched.contains(m.to)
    }

    /// The legal moves of the piece on `from` (none if it is not the mover's).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        if let Some(piece) = self.board.piece_at(from).filter(|p| p.color == self.turn) {
            movegen::piece_moves(&self.board, from, piece, &mut list);
            let mut scratch = self.board.clone();
            let unwatched = self.unwatched();
            list.retain(|m| unwatched(m) || self.is_safe(&mut scratch, m));
        }
        list
    }

    /// Whether the side to move has any legal move; faster than counting them.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut scratch = self.board.clone();
        let mut list = MoveList::new();
        let unwatched = self.unwatched();
        for from in self.board.by_color(self.turn).iter() {
            if let Some(piece) = self.board.piece_at(from) {
                list.clear();
                movegen::piece_moves(&self.board, from, piece, &mut list);
                if list
                    .iter()
                    .any(|&m| unwatched(m) || self.is_safe(&mut scratch, m))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// `Ok` if `m` is legal, otherwise why not, in words a player understands.
    ///
    /// ```
    /// use xiangqi_rules::{IllegalMove, Position};
    ///
    /// let pos = Position::new();
    /// assert!(pos.check_move("h2e2".parse().unwrap()).is_ok());
    /// let err = pos.check_move("e0e2".parse().unwrap()).unwrap_err();
    /// assert!(matches!(err, IllegalMove::CannotMoveThere { .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a general cannot move from e0 to e2: it does not move that way"
    /// );
    /// ```
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let piece = self
            .board
            .piece_at(m.from)
            .ok_or(IllegalMove::NoPiece(m.from))?;
        if piece.color != self.turn {
            return Err(IllegalMove::NotYourPiece {
                turn: self.turn,
                piece,
            });
        }
        if self
            .board
            .piece_at(m.to)
            .is_some_and(|p| p.color == self.turn)
        {
            return Err(IllegalMove::OwnPiece(m.to));
        }
        let mut list = MoveList::new();
        movegen::piece_moves(&self.board, m.from, piece, &mut list);
        if !list.contains(&m) {
            return Err(IllegalMove::CannotMoveThere {
                role: piece.role,
                from: m.from,
                to: m.to,
                rule: why::broken_rule(&self.board, m.from, piece, m.to),
            });
        }
        match self.exposure(&mut self.board.clone(), m) {
            Exposure::Safe => Ok(()),
            Exposure::Attacked if self.is_check() => Err(IllegalMove::IgnoresCheck),
            Exposure::Attacked => Err(IllegalMove::ExposesGeneral),
            Exposure::Facing => Err(IllegalMove::GeneralsFace),
        }
    }

    /// Plays a pseudo-legal `m` on `scratch` (a copy of the board), looks at the mover's
    /// general, and takes the move back.
    #[inline]
    fn exposure(&self, scratch: &mut Board, m: Move) -> Exposure {
        let us = self.turn;
        let ours = if m.from == self.generals[us.index()] {
            m.to
        } else {
            self.generals[us.index()]
        };
        let theirs = self.generals[us.other().index()];
        let captured = scratch.shift(m.from, m.to);
        let verdict = if attacks::is_attacked(scratch, ours, us.other()) {
            Exposure::Attacked
        } else if attacks::generals_face(scratch, ours, theirs) {
            Exposure::Facing
        } else {
            Exposure::Safe
        };
        scratch.unshift(m.from, m.to, captured);
        verdict
    }

    #[inline]
    fn is_safe(&self, scratch: &mut Board, m: Move) -> bool {
        self.exposure(scratch, m) == Exposure::Safe
    }

    /// Plays `m` if it is legal and returns the new position.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        self.check_move(m)?;
        let mut next = self.clone();
        next.play_unchecked(m);
        Ok(next)
    }

    /// Plays `m` without checking it. `m` must be legal (e.g. taken from
    /// [`legal_moves`](Self::legal_moves)); otherwise the position may become invalid.
    pub fn play_unchecked(&mut self, m: Move) {
        let Some(piece) = self.board.piece_at(m.from) else {
            debug_assert!(false, "no piece on {}", m.from);
            return;
        };
        let captured = self.board.shift(m.from, m.to);
        self.hash ^= zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to);
        if let Some(c) = captured {
            self.hash ^= zobrist::piece_key(c, m.to);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if piece.role == Role::General {
            self.generals[piece.color.index()] = m.to;
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::black_to_move_key();
    }

    /// The piece `m` would capture, if any.
    #[must_use]
    pub fn capture(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.to).filter(|p| p.color != self.turn)
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        attacks::is_attacked(&self.board, self.general(self.turn), self.turn.other())
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use xiangqi_rules::{Position, Square};
    ///
    /// let pos: Position = "4k3R/2N2n3/5N3/9/9/9/9/9/9/3K5 b".parse().unwrap();
    /// assert_eq!(pos.checkers().iter().collect::<Vec<_>>(), [Square::C8, Square::I9]);
    /// ```
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        attacks::attackers(&self.board, self.general(self.turn), self.turn.other())
    }

    /// Every piece of `by` that attacks `sq`.
    #[must_use]
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        attacks::attackers(&self.board, sq, by)
    }

    /// Whether playing the legal move `m` checks the opponent.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let mut next = self.clone();
        next.play_unchecked(m);
        next.is_check()
    }

    /// In check with no legal move: the side to move has lost.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Not in check but with no legal move (困毙): in Xiangqi the side to move has lost too.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Neither side has a piece that can cross the river (chariot, horse, cannon or
    /// soldier), so neither can ever checkmate.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        !self.board.pieces().any(|(_, p)| p.role.is_attacker())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{}\")", self.to_fen())
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

/// What a move would do to the mover's own general.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Exposure {
    Safe,
    Attacked,
    Facing,
}

impl Piece {
    /// Whether this piece can ever stand on `sq` in a game from the normal start: a
    /// general or advisor only in its palace (an advisor on its diagonals), an elephant
    /// only on its seven points, a soldier never behind its start.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Piece, Role};
    ///
    /// let elephant = Piece::new(Color::Red, Role::Elephant);
    /// assert!(elephant.can_stand_on("c0".parse().unwrap()));
    /// assert!(!elephant.can_stand_on("c5".parse().unwrap()), "across the river");
    /// ```
    #[must_use]
    pub fn can_stand_on(self, sq: Square) -> bool {
        can_stand(self, sq)
    }
}

/// Whether `piece` can ever stand on `sq` in a game from the normal start.
fn can_stand(piece: Piece, sq: Square) -> bool {
    let file = sq.file();
    // Ranks counted from the piece's own back rank.
    let rank = match piece.color {
        Color::Red => sq.rank(),
        Color::Black => Square::RANKS - 1 - sq.rank(),
    };
    match piece.role {
        Role::General => sq.is_in_palace_of(piece.color),
        Role::Advisor => sq.is_in_palace_of(piece.color) && (file + rank) % 2 == 1,
        Role::Elephant => {
            file.is_multiple_of(2)
                && rank.is_multiple_of(2)
                && rank <= 4
                && (file / 2 + rank / 2) % 2 == 1
        }
        Role::Soldier => rank >= 5 || (rank >= 3 && file.is_multiple_of(2)),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// Why a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no general.
    #[error("{0} has no general")]
    MissingGeneral(Color),
    /// More pieces of a kind than a side starts with.
    #[error("{} has {} {}s; at most {} allowed", .piece.color, .count, .piece.role, .piece.role.max_count())]
    TooMany {
        /// The piece (side and kind).
        piece: Piece,
        /// How many there are.
        count: usize,
    },
    /// A piece on a point it can never reach.
    #[error("the {piece} on {square} is on a point it can never reach")]
    ImpossiblePoint {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The generals see each other along an empty file.
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    /// The side that just moved is still in check: its general could be captured.
    #[error("{0} is in check although it is not {0}'s move")]
    WaitingSideInCheck(Color),
}

/// Why a FEN string is not a legal position: unreadable, or readable but illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The FEN describes an impossible position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Why a move is refused. The texts describe the move, not the reader: a program words
/// them for its players (and in their language) itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The starting point is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece belongs to the side not to move.
    #[error("it is {turn}'s move; that {piece} cannot move now")]
    NotYourPiece {
        /// The side to move.
        turn: Color,
        /// The piece that was asked to move.
        piece: Piece,
    },
    /// The target holds a piece of the mover's own side.
    #[error("a piece of the same side stands on {0}")]
    OwnPiece(Square),
    /// The piece does not move that way, or is blocked: the rule says which.
    #[error("a {role} cannot move from {from} to {to}: {rule}")]
    CannotMoveThere {
        /// The kind of piece.
        role: Role,
        /// Its point.
        from: Square,
        /// The requested target.
        to: Square,
        /// The movement rule the move breaks.
        rule: MoveRule,
    },
    /// The mover is in check and the move does not parry it.
    #[error("the side to move is in check and the move does not parry it")]
    IgnoresCheck,
    /// The move would put the mover's own general in check.
    #[error("the move would leave its own general in check")]
    ExposesGeneral,
    /// The move would open the file between the two generals.
    #[error("the generals would face each other")]
    GeneralsFace,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> PositionError {
        match Position::from_fen(fen) {
            Err(FenError::Position(e)) => e,
            other => panic!("{fen}: expected a position error, got {other:?}"),
        }
    }

    #[test]
    fn validation_names_the_problem() {
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9/4K4 w"),
            PositionError::MissingGeneral(Color::Black)
        );
        let e = err("3kr4/9/9/9/9/4R4/4R4/4R4/9/5K3 w");
        assert_eq!(e.to_string(), "red has 3 chariots; at most 2 allowed");
        assert_eq!(
            err("4k4/9/9/9/9/4B4/9/9/9/3K5 w"),
            PositionError::ImpossiblePoint {
                piece: Piece::new(Color::Red, Role::Elephant),
                square: Square::E4
            }
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w").to_string(),
            "the generals face each other on an open file"
        );
        assert_eq!(
            err("4k4/4R4/9/9/9/9/9/9/9/3K5 w"),
            PositionError::WaitingSideInCheck(Color::Black)
        );
        // Red to move in check is fine.
        assert!(Position::from_fen("4k4/4r4/9/9/9/9/9/9/9/4K4 w").is_ok());
    }

    #[test]
    fn impossible_points() {
        use Role::*;
        let red = |role| Piece::new(Color::Red, role);
        let black = |role| Piece::new(Color::Black, role);
        let ok = [
            (red(General), "d2"),
            (red(Advisor), "e1"),
            (red(Advisor), "f0"),
            (red(Elephant), "c4"),
            (red(Elephant), "i2"),
            (red(Soldier), "a3"),
            (red(Soldier), "b5"),
            (black(Advisor), "e8"),
            (black(Advisor), "d9"),
            (black(Elephant), "g5"),
            (black(Elephant), "e7"),
            (black(Soldier), "c5"),
            (black(Soldier), "b4"),
        ];
        let bad = [
            (red(General), "c0"),
            (red(General), "e7"),
            (red(Advisor), "e0"),
            (red(Advisor), "d1"),
            (red(Elephant), "e4"),
            (red(Elephant), "c2"),
            (red(Elephant), "c6"),
            (red(Soldier), "a2"),
            (red(Soldier), "b3"),
            (black(Advisor), "e9"),
            (black(Elephant), "e5"),
            (black(Soldier), "d6"),
            (black(Soldier), "a7"),
        ];
        for (p, s) in ok {
            assert!(can_stand(p, s.parse().unwrap()), "{p} on {s}");
        }
        for (p, s) in bad {
            assert!(!can_stand(p, s.parse().unwrap()), "{p} on {s}");
        }
    }

    #[test]
    fn illegal_move_reasons() {
        let pos = Position::new();
        let mv = |s: &str| s.parse::<Move>().unwrap();
        assert_eq!(
            pos.check_move(mv("e4e5")),
            Err(IllegalMove::NoPiece(Square::E4))
        );
        assert!(matches!(
            pos.check_move(mv("h7e7")),
            Err(IllegalMove::NotYourPiece { .. })
        ));
        assert_eq!(
            pos.check_move(mv("a0a3")),
            Err(IllegalMove::OwnPiece(Square::A3))
        );
        // Horse leg blocked, elephant eye blocked and across the river.
        let blocked = Position::from_fen("5k3/9/9/9/9/9/9/9/1R1R5/1NB1K4 w").unwrap();
        assert!(matches!(
            blocked.check_move(mv("b0c2")),
            Err(IllegalMove::CannotMoveThere { .. })
        ));
        assert!(matches!(
            blocked.check_move(mv("c0e2")),
            Err(IllegalMove::CannotMoveThere { .. })
        ));
        // Moving a screen away from between the generals.
        let screen = Position::from_fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w").unwrap();
        assert_eq!(
            screen.check_move(mv("e5c6")),
            Err(IllegalMove::GeneralsFace)
        );
        // A pinned chariot.
        let pinned = Position::from_fen("4k4/9/9/9/4r4/9/9/9/4R4/3K5 w").unwrap();
        assert!(pinned.is_legal(mv("e1e5")));
        let pinned = Position::from_fen("4k4/9/9/9/4r4/9/9/9/4R4/4K4 w").unwrap();
        assert_eq!(
            pinned.check_move(mv("e1d1")),
            Err(IllegalMove::ExposesGeneral)
        );
        let checked = Position::from_fen("4k4/9/9/9/4r4/9/9/9/9/4K4 w").unwrap();
        assert_eq!(
            checked.check_move(mv("e0e1")),
            Err(IllegalMove::IgnoresCheck)
        );
    }

    #[test]
    fn cannon_and_screens() {
        // A piece moving between a cannon and a general creates a screen: that is check.
        let pos = Position::from_fen("3k5/9/9/9/9/4c4/9/9/9/4K4 w").unwrap();
        assert!(!pos.is_check());
        let mv = "e0e1".parse().unwrap();
        assert!(pos.is_legal(mv));
        let pos = Position::from_fen("3k5/9/9/9/9/4c4/9/9/9/3AK4 w").unwrap();
        assert_eq!(
            pos.check_move("d0e1".parse().unwrap()),
            Err(IllegalMove::ExposesGeneral)
        );
    }

    #[test]
    fn hash_is_incremental() {
        let mut pos = Position::new();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.get(pos.hash() as usize % moves.len().max(1)) else {
                break;
            };
            pos.play_unchecked(m);
            assert_eq!(pos.hash(), zobrist::hash(pos.board(), pos.turn()));
        }
    }
}
