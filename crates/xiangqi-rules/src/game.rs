//! A game: a start position and the moves played, with undo/redo and adjudication
//! under the Asian (Chinese) rules.

use std::fmt;
use std::sync::OnceLock;

use super::chase::chased;
use super::{Color, IllegalMove, Move, Piece, Position, SquareSet};

/// Plies without a capture after which the game is drawn (60 moves each).
pub const SIXTY_MOVE_PLIES: u32 = 120;

/// How often a position must occur for the repetition rules to apply.
pub const REPETITIONS: usize = 3;

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (困毙): it loses.
    Stalemate,
    /// One side checked with every one of its moves through a three-fold repetition: it loses.
    PerpetualCheck,
    /// One side chased the same piece with every one of its moves through a three-fold
    /// repetition (长捉), and the other did not: it loses.
    PerpetualChase,
    /// A three-fold repetition with no perpetual offender (or both sides checking): a draw.
    Repetition,
    /// 60 moves (120 plies) without a capture: a draw.
    SixtyMoves,
    /// Neither side has a chariot, horse, cannon or soldier: a draw.
    InsufficientMaterial,
    /// A side's clock ran out: it loses. Declared by whoever keeps the time
    /// ([`Game::declare`]).
    Timeout,
    /// A side resigned: it loses. Declared.
    Resignation,
    /// Both sides agreed to a draw. Declared.
    Agreement,
}

impl Termination {
    /// Every termination.
    pub const ALL: [Termination; 10] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::SixtyMoves,
        Termination::InsufficientMaterial,
        Termination::Timeout,
        Termination::Resignation,
        Termination::Agreement,
    ];

    /// A short machine-friendly name: `checkmate`, `stalemate`, `perpetual-check`,
    /// `perpetual-chase`, `repetition`, `sixty-moves`, `insufficient-material`,
    /// `timeout`, `resignation`, `agreement`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual-check",
            Termination::PerpetualChase => "perpetual-chase",
            Termination::Repetition => "repetition",
            Termination::SixtyMoves => "sixty-moves",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::Timeout => "timeout",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
        }
    }

    /// Whether the game's moves decide it (checkmate, repetition…), as opposed to a
    /// result declared from outside the board (time, resignation, agreement).
    #[must_use]
    pub const fn is_by_the_rules(self) -> bool {
        !matches!(
            self,
            Termination::Timeout | Termination::Resignation | Termination::Agreement
        )
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// `winner` wins by `termination`.
    #[must_use]
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A draw by `termination`.
    #[must_use]
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }
}

/// `red-wins checkmate`, `draw repetition`, …
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{c}-wins {}", self.termination.name()),
            None => write!(f, "draw {}", self.termination.name()),
        }
    }
}

/// Reads what [`Display`](fmt::Display) writes: `red-wins checkmate`, `draw agreement`.
impl std::str::FromStr for Outcome {
    type Err = String;

    fn from_str(s: &str) -> Result<Outcome, String> {
        let bad = || format!("\"{s}\" is not a result (e.g. red-wins checkmate, draw agreement)");
        let (who, why) = s.trim().split_once(' ').ok_or_else(bad)?;
        let termination = Termination::ALL
            .into_iter()
            .find(|t| t.name() == why.trim())
            .ok_or_else(bad)?;
        let winner = match who {
            "red-wins" => Some(Color::Red),
            "black-wins" => Some(Color::Black),
            "draw" => None,
            _ => return Err(bad()),
        };
        Ok(Outcome {
            winner,
            termination,
        })
    }
}

/// What a side did with every one of its moves through a repetition cycle, under the
/// Asian rules: checked, or chased one piece.
///
/// ```
/// use xiangqi_rules::{Color, Game, Offence, Piece, Role};
///
/// let mut game = Game::from_position("3k5/9/9/9/9/4c4/9/9/9/1R2K4 w".parse().unwrap());
/// for m in "b0b4 e4e5 b4b5 e5e4 b5b4".split(' ') {
///     game.play(m.parse().unwrap()).unwrap();
/// }
/// // The position after b0b4 is back for the second time: red is warned.
/// let cannon = Piece::new(Color::Black, Role::Cannon);
/// assert_eq!(game.repetition_warning(), Some((Color::Red, Offence::Chase(cannon))));
/// for m in "e4e5 b4b5 e5e4 b5b4".split(' ') {
///     game.play(m.parse().unwrap()).unwrap();
/// }
/// assert_eq!(game.offence(), Some((Color::Red, Offence::Chase(cannon))));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Offence {
    /// Every move gave check (长将).
    Check,
    /// Every move chased this piece of the opponent (长捉).
    Chase(Piece),
}

/// Why [`Game::play`] refused a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended; undo or start a new one.
    #[error("the game is already over ({0})")]
    GameOver(Outcome),
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A move and the position it led to. What the move checked or chased is worked out
/// only when a repetition is judged: reading a long record stays one legality test a
/// move.
#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    after: Position,
}

/// A game from a start position, with undo/redo and adjudication.
///
/// ```
/// use xiangqi_rules::Game;
///
/// let mut game = Game::new();
/// game.play("h2e2".parse().unwrap()).unwrap();
/// game.play("h9g7".parse().unwrap()).unwrap();
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("h9g7".into()));
/// assert_eq!(game.redo().map(|m| m.to_string()), Some("h9g7".into()));
/// assert_eq!(game.ply_count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    plies: Vec<Ply>,
    redo: Vec<Move>,
    /// What the rules say of the current position, worked out when first asked (a
    /// record read move by move asks once, at its end).
    outcome: OnceLock<Option<Outcome>>,
    /// A result declared at the current position (time, resignation, agreement).
    declared: Option<Outcome>,
}

impl Game {
    /// A game from the standard start.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from any legal position (it may already be over, e.g. checkmate).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            outcome: OnceLock::new(),
            declared: None,
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.position_at(self.plies.len())
    }

    /// The position after `ply` plies (0 is the start); clamped to the current one.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> &Position {
        match ply.min(self.plies.len()) {
            0 => &self.start,
            n => &self.plies[n - 1].after,
        }
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// How many plies have been played.
    #[must_use]
    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.ruled().or(self.declared)
    }

    /// What the rules say of the current position (not a declared result).
    fn ruled(&self) -> Option<Outcome> {
        *self.outcome.get_or_init(|| self.adjudicate())
    }

    /// Ends the game at the current position with a result the moves do not decide: a
    /// flag fall, a resignation, an agreed draw. Refused if the game is already over.
    /// [`undo`](Self::undo) or [`withdraw`](Self::withdraw) takes it back.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, Outcome, Termination};
    ///
    /// let mut game = Game::new();
    /// let resigned = Outcome::win(Color::Black, Termination::Resignation);
    /// game.declare(resigned).unwrap();
    /// assert_eq!(game.outcome(), Some(resigned));
    /// assert!(game.play("h2e2".parse().unwrap()).is_err());
    /// assert_eq!(game.withdraw(), Some(resigned));
    /// assert_eq!(game.outcome(), None);
    /// ```
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        if let Some(over) = self.outcome() {
            return Err(PlayError::GameOver(over));
        }
        self.declared = Some(outcome);
        Ok(())
    }

    /// Takes back a declared result, if there is one.
    pub fn withdraw(&mut self) -> Option<Outcome> {
        self.declared.take()
    }

    /// The declared result, if the game ended by one.
    #[must_use]
    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// Makes room for `plies` more moves (a record about to be read), so that a long
    /// one is not copied each time the list grows.
    pub fn reserve(&mut self, plies: usize) {
        self.plies.reserve(plies);
    }

    /// Plays `m`; refused if illegal or if the game is over. Clears the redo list.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        Ok(self.play_on(m)?)
    }

    /// Plays `m` even after the game has ended by repetition or a move limit: recorded
    /// games sometimes go on (a repetition the arbiter did not call). Checkmate and
    /// stalemate leave no legal move, so nothing gets past them.
    pub fn play_on(&mut self, m: Move) -> Result<(), IllegalMove> {
        let after = self.position().play(m)?;
        self.declared = None;
        self.push(m, after);
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, mv: Move, after: Position) {
        self.plies.push(Ply { mv, after });
        self.outcome = OnceLock::new();
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        // A declared result belongs to the position it was declared in.
        self.declared = None;
        self.redo.push(ply.mv);
        self.outcome = OnceLock::new();
        Some(ply.mv)
    }

    /// Takes back the last move, if any, and returns it, without keeping it to redo: for
    /// a caller that keeps its own record of the moves (a tree of variations).
    ///
    /// ```
    /// use xiangqi_rules::Game;
    ///
    /// let mut game = Game::new();
    /// game.play("h2e2".parse().unwrap()).unwrap();
    /// assert_eq!(game.take_back().map(|m| m.to_string()), Some("h2e2".into()));
    /// assert!(!game.can_redo());
    /// ```
    pub fn take_back(&mut self) -> Option<Move> {
        let mv = self.undo()?;
        self.redo.pop();
        Some(mv)
    }

    /// Replays the last undone move, if any, and returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.redo.pop()?;
        // Every move on the redo list was legal from the position it returns to.
        let after = self.position().play(m).ok()?;
        self.push(m, after);
        Some(m)
    }

    /// The moves taken back and not yet replayed, the one [`redo`](Self::redo) would
    /// play first.
    pub fn undone_moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.redo.iter().rev().copied()
    }

    /// Whether there is a move to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.plies.is_empty()
    }

    /// Whether there is a move to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Decides whether the current position ends the game. Order matters: a side with
    /// no legal move has lost even if the position also repeats.
    fn adjudicate(&self) -> Option<Outcome> {
        let pos = self.position();
        if !pos.has_legal_moves() {
            let termination = if pos.is_check() {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            };
            return Some(Outcome::win(pos.turn().other(), termination));
        }
        // Past the move limit the game ended earlier (a record played on): no need to
        // look back further than the limit for repetitions.
        if pos.halfmoves() > SIXTY_MOVE_PLIES {
            return Some(Outcome::draw(Termination::SixtyMoves));
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        if pos.halfmoves() >= SIXTY_MOVE_PLIES {
            return Some(Outcome::draw(Termination::SixtyMoves));
        }
        if pos.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        None
    }

    /// Judges a three-fold repetition of the current position, if there is one.
    fn repetition(&self) -> Option<Outcome> {
        match self.occurrences() {
            (count, first) if count >= REPETITIONS => Some(self.cycle(first).verdict()),
            _ => None,
        }
    }

    /// How often the current position has occurred since the last capture (at most
    /// [`REPETITIONS`]), and the ply of the earliest of those counted.
    fn occurrences(&self) -> (usize, usize) {
        let n = self.plies.len();
        let current = self.position();
        // A capture changes the material for good, so earlier positions cannot recur.
        let window = (current.halfmoves() as usize).min(n);
        let mut first = n;
        let mut count = 1;
        // Same side to move: every second earlier position.
        for i in (n - window..n).rev().skip(1).step_by(2) {
            if self.position_at(i).same_placement(current) {
                count += 1;
                first = i;
                // The cycle judged starts at the occurrence that completes the count.
                if count == REPETITIONS {
                    break;
                }
            }
        }
        (count, first)
    }

    /// The side whose perpetual check or chase ended the game, and what it did.
    #[must_use]
    pub fn offence(&self) -> Option<(Color, Offence)> {
        let outcome = self.ruled()?;
        if !matches!(
            outcome.termination,
            Termination::PerpetualCheck | Termination::PerpetualChase
        ) {
            return None;
        }
        let (count, first) = self.occurrences();
        (count >= REPETITIONS)
            .then(|| self.cycle(first).offender())
            .flatten()
    }

    /// While the game goes on and the current position stands for the second time: the
    /// side that checked with every move since its first time, or chased one piece with
    /// every move, while the other did not. It loses if the position comes back once more.
    #[must_use]
    pub fn repetition_warning(&self) -> Option<(Color, Offence)> {
        if self.ruled().is_some() {
            return None;
        }
        match self.occurrences() {
            (2, first) => self.cycle(first).offender(),
            _ => None,
        }
    }

    /// What each side did through the cycle from position `first` to the current one
    /// (the same placement, the same side to move).
    fn cycle(&self, first: usize) -> Cycle {
        let n = self.plies.len();
        // Checks: every move of a side since the first occurrence.
        let mut check = [true; 2];
        for (i, ply) in self.plies.iter().enumerate().skip(first) {
            let mover = self.position_at(i).turn();
            check[mover.index()] &= ply.after.is_check();
        }
        // The opponent's pieces ply `k` chased.
        let chased_by =
            |k: usize| chased(self.position_at(k), self.plies[k].mv, &self.plies[k].after);
        // Chases: the same piece through every move of the chaser, followed back
        // through the victim's moves. As Fairy-Stockfish does, the side that moved last
        // must also have chased with the move into the first occurrence, when there was
        // one.
        let chase_back = |last: usize, stop: usize| {
            let mut set = chased_by(last);
            let mut k = last;
            while k >= stop + 2 && !set.is_empty() {
                set = undo_move(set, self.plies[k - 1].mv) & chased_by(k - 2);
                k -= 2;
            }
            // The set is in the points of the position after ply `k`.
            let piece = set
                .iter()
                .next()
                .and_then(|s| self.position_at(k + 1).piece_at(s));
            (set, piece)
        };
        let them = self.position_at(n).turn().other();
        let first_of_them = if first > 0 { first - 1 } else { first + 1 };
        let mut chase = [(SquareSet::EMPTY, None); 2];
        chase[them.index()] = chase_back(n - 1, first_of_them);
        chase[them.other().index()] = chase_back(n - 2, first);
        Cycle { check, chase }
    }
}

/// A set of the victim's points mapped back through one of its moves.
fn undo_move(set: SquareSet, m: Move) -> SquareSet {
    if set.contains(m.to) {
        (set ^ SquareSet::from_square(m.to)) | SquareSet::from_square(m.from)
    } else {
        set
    }
}

/// What each side did with all of its moves through a repetition cycle.
struct Cycle {
    /// Every move of the side gave check.
    check: [bool; 2],
    /// The opponent's pieces that every move of the side chased (one piece, followed
    /// as it moves), and one of them.
    chase: [(SquareSet, Option<Piece>); 2],
}

impl Cycle {
    /// The Asian rules' verdict, as Fairy-Stockfish gives it: perpetual check first
    /// (the side that alone keeps checking loses; both: a draw), then perpetual chase
    /// of one piece (likewise), else a draw.
    fn verdict(&self) -> Outcome {
        let [red, black] = self.check;
        if red || black {
            return match (red, black) {
                (true, false) => Outcome::win(Color::Black, Termination::PerpetualCheck),
                (false, true) => Outcome::win(Color::Red, Termination::PerpetualCheck),
                _ => Outcome::draw(Termination::Repetition),
            };
        }
        let [red, black] = self.chase.map(|(s, _)| !s.is_empty());
        match (red, black) {
            (true, false) => Outcome::win(Color::Black, Termination::PerpetualChase),
            (false, true) => Outcome::win(Color::Red, Termination::PerpetualChase),
            _ => Outcome::draw(Termination::Repetition),
        }
    }

    /// The one side that offends (checks take precedence over chases), if only one does.
    fn offender(&self) -> Option<(Color, Offence)> {
        let outcome = self.verdict();
        let loser = outcome.winner?.other();
        match outcome.termination {
            Termination::PerpetualCheck => Some((loser, Offence::Check)),
            Termination::PerpetualChase => {
                let piece = self.chase[loser.index()].1?;
                Some((loser, Offence::Chase(piece)))
            }
            _ => None,
        }
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &str) -> Game {
        let mut game = Game::from_position(fen.parse().unwrap());
        for m in moves.split_whitespace() {
            game.play(m.parse().unwrap())
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        game
    }

    #[test]
    fn checkmate_and_refusal_after_it() {
        let mut g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h2h4 d9e8 h4g4 g6g5 g4g9",
        );
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Red, Termination::Checkmate))
        );
        assert_eq!(
            g.play("a9a8".parse().unwrap()),
            Err(PlayError::GameOver(Outcome::win(
                Color::Red,
                Termination::Checkmate
            )))
        );
        g.undo();
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn stalemate_is_a_loss() {
        let g = game("3k5/R8/9/9/9/9/9/9/9/4K4 b", "");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Red, Termination::Stalemate))
        );
        assert_eq!(g.outcome().unwrap().to_string(), "red-wins stalemate");
    }

    #[test]
    fn insufficient_material() {
        let g = game("2b1k4/9/4b4/9/9/9/9/9/4A4/4KA3 w", "");
        assert_eq!(
            g.outcome(),
            Some(Outcome::draw(Termination::InsufficientMaterial))
        );
    }

    #[test]
    fn sixty_moves_without_capture() {
        let g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", "a0a1");
        assert_eq!(g.outcome(), Some(Outcome::draw(Termination::SixtyMoves)));
        let g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 80", "a0a1");
        assert_eq!(g.outcome(), None);
    }

    // The seed library's perpetual-check examples (python-chinese-chess README).
    #[test]
    fn perpetual_check_by_one_chariot() {
        let fen = "3akn3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w";
        let g = game(fen, "e6e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7 e8f8");
        assert_eq!(g.outcome(), None, "only two-fold so far");
        let g = game(fen, "e6e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7 e8f8 f7e7");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Termination::PerpetualCheck))
        );
    }

    #[test]
    fn both_sides_checking_is_a_draw() {
        let fen = "3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w";
        let g = game(fen, "e6e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7 e8f8 f7e7");
        assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Repetition)));
    }

    #[test]
    fn check_answered_by_idle_moves_and_checks_is_still_perpetual() {
        // Black's king move f7e7 discovers a cannon check, e7f7 does not: 一将一闲.
        // The start position recurs every four plies.
        let fen = "5c3/9/5k3/9/5N3/9/5c3/9/5K3/9 w";
        let g = game(fen, "f5d6 f7e7 d6f5 e7f7 f5d6 f7e7 d6f5");
        assert_eq!(g.outcome(), None);
        let g = game(fen, "f5d6 f7e7 d6f5 e7f7 f5d6 f7e7 d6f5 e7f7");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Termination::PerpetualCheck))
        );
    }

    #[test]
    fn two_chariots_taking_turns() {
        // 车四进一 将4进1 车五平六 将4平5 车六平五 将5平4 车四退一 将4退1 车四进一, repeated.
        let fen = "4R4/3k5/5R3/9/9/9/9/9/4A4/4K4 w";
        // The position after 将4进1 recurs after 将5平4 (ply 6) and again at ply 10.
        let moves = "f7f8 d8d7 e9d9 d7e7 d9e9 e7d7 f8f7 d7d8 f7f8";
        assert_eq!(game(fen, moves).outcome(), None);
        let g = game(fen, &format!("{moves} d8d7"));
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Termination::PerpetualCheck))
        );
    }

    #[test]
    fn quiet_repetition_is_a_draw() {
        let g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
        );
        assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Repetition)));
    }

    #[test]
    fn undo_and_redo() {
        let mut g = Game::new();
        assert_eq!(g.undo(), None);
        for m in ["h2e2", "h9g7", "h0g2"] {
            g.play(m.parse().unwrap()).unwrap();
        }
        g.undo();
        g.undo();
        assert_eq!(g.ply_count(), 1);
        assert!(g.can_redo());
        assert_eq!(g.redo(), Some("h9g7".parse().unwrap()));
        // A new move drops what is left to redo.
        g.play("b0c2".parse().unwrap()).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.redo(), None);
        let moves: Vec<String> = g.moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "b0c2"]);
    }
}
