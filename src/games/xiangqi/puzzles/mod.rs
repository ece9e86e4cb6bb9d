//! Puzzles: positions where the side to move forces mate (or, found in the player's
//! games, wins decisively), each with its source and its solution's main line (the
//! solver's moves and the defender's replies). The collection is a data file compiled in
//! (`assets/puzzles/collection.tsv`); [`verify`] checks a puzzle by the rules alone,
//! [`solve`] writes or checks a line with an engine.
//!
//! ```
//! use xiangqi::games::xiangqi::puzzles::{Goal, collection, verify};
//!
//! let all = collection();
//! assert!(all.len() >= 300);
//! let first = &all[0];
//! let checked = verify(first).unwrap();
//! assert_eq!(checked.solver_moves, first.solution.len().div_ceil(2));
//! assert_eq!(first.goal, Goal::Mate);
//! ```

use std::sync::OnceLock;

use crate::rules::{Color, Move, Position};

pub mod solve;
mod source;
pub mod training;
mod win;

pub use source::{Origin, Shelf, material, material_zh};

/// How the source of a puzzle found in the player's games begins.
pub const FROM_YOUR_GAME: &str = "from your game of ";

/// The day of a game that gives none (no Date tag, no file date).
pub const UNKNOWN_DAY: &str = "an unknown day";

/// The id of a puzzle found in the player's games: `mine-` and twelve hex digits of a
/// hash (FNV-1a) of its position and line, the same on every machine and run.
///
/// ```
/// use xiangqi::games::xiangqi::puzzles::mine_id;
/// use xiangqi::rules::Position;
///
/// let id = mine_id(&Position::new(), &["h2e2".parse().unwrap()]);
/// assert!(id.starts_with("mine-") && id.len() == 17);
/// assert_eq!(id, mine_id(&Position::new(), &["h2e2".parse().unwrap()]));
/// ```
#[must_use]
pub fn mine_id(start: &Position, solution: &[Move]) -> String {
    let mut text = start.to_fen();
    for m in solution {
        text.push(' ');
        text.push_str(&m.to_string());
    }
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("mine-{:012x}", hash >> 16)
}

/// What the solver has to do: read off the line (its last move mates, or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Goal {
    /// Mate (or stalemate) the defender: the line's last move leaves it no move.
    Mate,
    /// Win decisively, by the engine's judgement: the line is the solver's only winning
    /// moves, until the material won holds or no single move wins. Found in the
    /// player's games; the collection has none.
    Win,
}

impl Goal {
    /// The goal of `moves` played from `start`: mate when the defender has no move
    /// after them. Moves that do not play stop the reading.
    #[must_use]
    pub fn of(start: &Position, moves: &[Move]) -> Goal {
        let mut pos = start.clone();
        for &m in moves {
            let Ok(next) = pos.play(m) else { break };
            pos = next;
        }
        if pos.has_legal_moves() {
            Goal::Win
        } else {
            Goal::Mate
        }
    }
}

/// The other side's move that led to a puzzle found in a game (the chance it gave):
/// played on the board before the solver's turn, as the game had it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadIn {
    /// The position before it.
    pub before: Position,
    /// The move; played from `before` it gives the puzzle's start.
    pub mv: Move,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Unique and stable: the progress file keys on it (`sqyq-015`, `gen-0042`).
    pub id: String,
    /// Where it comes from: a book and its number, or how it was found.
    pub source: String,
    /// Its name where the book gives one.
    pub name: String,
    /// The position, the solver to move.
    pub start: Position,
    /// The main line: the solver's move, the defender's answer, … ending in mate (or
    /// stalemate) of the defender, or for a [`Goal::Win`] with the winning move.
    pub solution: Vec<Move>,
    /// Mate or win: what the line's end says ([`Goal::of`]).
    pub goal: Goal,
    /// For a puzzle found in a game, the move before it.
    pub lead_in: Option<LeadIn>,
}

impl Puzzle {
    /// The side that solves it (to move at the start).
    #[must_use]
    pub fn solver(&self) -> Color {
        self.start.turn()
    }

    /// How many moves the solver makes.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Mate in this many moves; `None` for a puzzle that wins otherwise.
    #[must_use]
    pub fn mate_in(&self) -> Option<usize> {
        (self.goal == Goal::Mate).then(|| self.solver_moves())
    }

    /// Its line in the collection's file: `ID SOURCE NAME FEN SOLUTION`, tab-separated,
    /// the solution in ICCS separated by spaces. With a [`LeadIn`], the FEN is the
    /// position before it and the solution begins with its move in brackets:
    /// `(a0b0) b7b0`.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut moves: Vec<String> = self.solution.iter().map(ToString::to_string).collect();
        let fen = match &self.lead_in {
            Some(lead) => {
                moves.insert(0, format!("({})", lead.mv));
                lead.before.to_fen()
            }
            None => self.start.to_fen(),
        };
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.source,
            self.name,
            fen,
            moves.join(" ")
        )
    }
}

/// Why a puzzle's text or its line does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// A line of the file has not five tab-separated fields.
    #[error("line {line}: {found} fields, not 5 (ID, source, name, FEN, solution)")]
    Fields {
        /// The line's number, from 1.
        line: usize,
        /// How many it has.
        found: usize,
    },
    /// The FEN does not read.
    #[error("{id}: the position does not read: {why}")]
    Position {
        /// The puzzle.
        id: String,
        /// Why.
        why: String,
    },
    /// A move does not read or is not legal where it stands.
    #[error("{id}: move {ply} ({text}) {why}")]
    Move {
        /// The puzzle.
        id: String,
        /// Which, from 1; 0 for the move before the puzzle (in brackets).
        ply: usize,
        /// As written.
        text: String,
        /// Why.
        why: String,
    },
    /// The line ends before the defender is mated.
    #[error("{id}: after its {plies} moves the defender is not mated")]
    NoMate {
        /// The puzzle.
        id: String,
        /// The line's length.
        plies: usize,
    },
    /// The line is empty, or goes on after the mate.
    #[error("{id}: {why}")]
    Shape {
        /// The puzzle.
        id: String,
        /// What is wrong.
        why: String,
    },
    /// Two puzzles share an id.
    #[error("the id {0} is used twice")]
    Duplicate(String),
}

/// Reads a collection: one puzzle a line, `#` lines and blank lines skipped. Each
/// puzzle's moves are checked to read and to be legal; [`verify`] checks the rest.
///
/// # Errors
/// The first line that does not read, or an id used twice.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, source, name, fen, solution] = fields[..] else {
            return Err(PuzzleError::Fields {
                line: i + 1,
                found: fields.len(),
            });
        };
        let mut start = Position::from_fen(fen).map_err(|e| PuzzleError::Position {
            id: id.to_owned(),
            why: e.to_string(),
        })?;
        let bad = |ply: usize, text: &str, why: String| PuzzleError::Move {
            id: id.to_owned(),
            ply,
            text: text.to_owned(),
            why,
        };
        // A found puzzle's FEN is the position before the move in brackets.
        let mut texts = solution.split_whitespace().peekable();
        let mut lead_in = None;
        if let Some(text) = texts.next_if(|t| t.starts_with('(')) {
            let m: Move = text
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| bad(0, text, "does not read".into()))?;
            let after = start
                .play(m)
                .map_err(|e| bad(0, text, format!("is not legal: {e}")))?;
            lead_in = Some(LeadIn {
                before: std::mem::replace(&mut start, after),
                mv: m,
            });
        }
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (ply, text) in texts.enumerate() {
            let m: Move = text
                .parse()
                .map_err(|_| bad(ply + 1, text, "does not read".into()))?;
            pos = pos
                .play(m)
                .map_err(|e| bad(ply + 1, text, format!("is not legal: {e}")))?;
            moves.push(m);
        }
        if !seen.insert(id.to_owned()) {
            return Err(PuzzleError::Duplicate(id.to_owned()));
        }
        let goal = if pos.has_legal_moves() {
            Goal::Win
        } else {
            Goal::Mate
        };
        out.push(Puzzle {
            id: id.to_owned(),
            source: source.to_owned(),
            name: name.to_owned(),
            start,
            solution: moves,
            goal,
            lead_in,
        });
    }
    Ok(out)
}

/// The collection's file, compiled in.
pub const COLLECTION: &str = include_str!("../../../../assets/puzzles/collection.tsv");

/// The collection, read once.
///
/// # Panics
/// If the compiled-in file does not read (a test reads it first).
pub fn collection() -> &'static [Puzzle] {
    static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    ALL.get_or_init(|| parse(COLLECTION).expect("the puzzle collection reads"))
}

/// What [`verify`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The solver's moves.
    pub solver_moves: usize,
    /// The defender has no move at the end and is in check (not stalemated).
    pub mate: bool,
}

/// Checks a puzzle by the rules: its moves legal in turn, the game not over before the
/// end, and at the end, for a [`Goal::Mate`], the defender without a move (mated, or
/// stalemated, which loses too).
///
/// # Errors
/// What does not hold.
pub fn verify(p: &Puzzle) -> Result<Verified, PuzzleError> {
    if p.solution.is_empty() || p.solution.len().is_multiple_of(2) {
        return Err(PuzzleError::Shape {
            id: p.id.clone(),
            why: format!(
                "{} moves: a solution ends with the solver's move",
                p.solution.len()
            ),
        });
    }
    let mut pos = p.start.clone();
    for (i, &m) in p.solution.iter().enumerate() {
        if pos.legal_moves().is_empty() {
            return Err(PuzzleError::Shape {
                id: p.id.clone(),
                why: format!("the line goes on after the game ended, at move {}", i + 1),
            });
        }
        pos = pos.play(m).map_err(|e| PuzzleError::Move {
            id: p.id.clone(),
            ply: i + 1,
            text: m.to_string(),
            why: format!("is not legal: {e}"),
        })?;
    }
    if p.goal == Goal::Mate && pos.has_legal_moves() {
        return Err(PuzzleError::NoMate {
            id: p.id.clone(),
            plies: p.solution.len(),
        });
    }
    Ok(Verified {
        solver_moves: p.solver_moves(),
        mate: pos.is_check() && !pos.has_legal_moves(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_does_not_mate_or_does_not_read_is_told() {
        // Red's two rooks, the editor scenario's mate: b7b9.
        let ok = "t1\ttest\t\t4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\tb7b9\n";
        let all = parse(ok).unwrap();
        assert_eq!(
            verify(&all[0]),
            Ok(Verified {
                solver_moves: 1,
                mate: true
            })
        );
        assert_eq!(all[0].goal, Goal::Mate);
        assert_eq!(all[0].mate_in(), Some(1));
        // A line that stops short of mate reads as a win; told as a mate, it fails.
        let short = "t2\ttest\t\t4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\tb7b6\n";
        let mut all = parse(short).unwrap();
        assert_eq!(all[0].goal, Goal::Win);
        assert_eq!(all[0].mate_in(), None);
        assert_eq!(
            verify(&all[0]),
            Ok(Verified {
                solver_moves: 1,
                mate: false
            })
        );
        all[0].goal = Goal::Mate;
        assert!(matches!(verify(&all[0]), Err(PuzzleError::NoMate { .. })));
        let even = "t5\ttest\t\t4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\tb7b6 e9f9\n";
        let all = parse(even).unwrap();
        assert!(matches!(verify(&all[0]), Err(PuzzleError::Shape { .. })));
        let illegal = "t3\ttest\t\t4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\ta8b9\n";
        assert!(matches!(
            parse(illegal),
            Err(PuzzleError::Move { ply: 1, .. })
        ));
        assert!(matches!(
            parse("a\tb\tc\n"),
            Err(PuzzleError::Fields { line: 1, found: 3 })
        ));
        let twice = format!("{ok}{ok}");
        assert_eq!(parse(&twice), Err(PuzzleError::Duplicate("t1".into())));
        assert!(matches!(
            parse("t4\ttest\t\tnot a fen\ta1a8\n"),
            Err(PuzzleError::Position { .. })
        ));
    }

    #[test]
    fn the_move_before_a_found_puzzle_is_kept_in_brackets() {
        // Black's general steps into the file of red's second rook: b7b9 mates.
        let line = "f1\tfrom your game of 2026-11-20, move 2\t\t3k5/R8/1R7/9/9/9/9/9/9/5K3 b - - 0 1\t(d9e9) b7b9";
        let all = parse(line).unwrap();
        let p = &all[0];
        let lead = p.lead_in.as_ref().expect("the move before");
        assert_eq!(lead.mv.to_string(), "d9e9");
        assert_eq!(lead.before.to_fen(), "3k5/R8/1R7/9/9/9/9/9/9/5K3 b - - 0 1");
        assert_eq!(p.start, lead.before.play(lead.mv).unwrap());
        assert_eq!(p.solution.len(), 1);
        assert_eq!(p.goal, Goal::Mate);
        verify(p).unwrap();
        assert_eq!(p.to_line(), line);
        assert_eq!(parse(&p.to_line()).unwrap()[0], *p);
        // A bracketed move that does not read or is not legal there: told as move 0.
        for bad in ["(d9)", "(d9d7)", "(d9e9"] {
            let text = line.replace("(d9e9)", bad);
            assert!(
                matches!(parse(&text), Err(PuzzleError::Move { ply: 0, .. })),
                "{bad}: {:?}",
                parse(&text)
            );
        }
    }
}
