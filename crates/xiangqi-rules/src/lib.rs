//! The rules of Xiangqi (象棋, Chinese chess) in pure Rust: no I/O, no clock, no
//! dependency on any game engine or window. The notations and record formats players
//! use come with it: Chinese (`炮二平五`), WXF (`C2=5`), ICCS (`h2e2`), FEN, PGN, UCCI,
//! XQF and the 90-character board string, and "read anything" ([`read`]).
//!
//! The shape follows shakmaty: small `Copy` value types ([`Square`], [`Piece`],
//! [`Move`]), an unchecked [`Setup`] that becomes a legal [`Position`] through one
//! fallible constructor, and a [`Game`] that keeps the history and adjudicates.
//!
//! ```
//! use xiangqi_rules::{Color, Game, Outcome, Termination};
//!
//! let mut game = Game::new();
//! for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
//!     game.play(m.parse().unwrap()).unwrap();
//! }
//! assert_eq!(
//!     game.outcome(),
//!     Some(Outcome { winner: Some(Color::Red), termination: Termination::Checkmate })
//! );
//! ```

#![warn(missing_docs)]

mod attacks;
mod board;
mod chase;
pub mod collection;
mod fen;
mod game;
pub mod legacy;
mod movegen;
mod moves;
pub mod notation;
pub mod opening;
mod perft;
pub mod pgn;
mod piece;
mod position;
pub mod read;
pub mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
pub mod time;
pub mod tree;
pub mod ucci;
mod why;
pub mod xqf;
mod zobrist;

pub use board::Board;
pub use fen::{ParseFenError, Setup};
pub use game::{Game, Offence, Outcome, PlayError, Termination};
pub use moves::{Move, MoveList, ParseMoveError};
pub use notation::{Notation, NotationError, NotationErrorKind};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Piece, Role};
pub use position::{FenError, IllegalMove, Position, PositionError};
pub use square::{ParseSquareError, Square, SquareSet};
pub use time::{Controls, ParseTimeControlError, TimeControl};
pub use why::MoveRule;
