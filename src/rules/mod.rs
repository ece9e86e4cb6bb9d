//! The rules of Xiangqi, in pure Rust: no Bevy, no I/O, no clock.
//!
//! The shape follows shakmaty: small `Copy` value types ([`Square`], [`Piece`],
//! [`Move`]), an unchecked [`Setup`] that becomes a legal [`Position`] through one
//! fallible constructor, and a [`Game`] that keeps the history and adjudicates.
//!
//! ```
//! use xiangqi::rules::{Game, Outcome, Termination, Color};
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

mod attacks;
mod board;
mod chase;
mod fen;
mod game;
pub mod legacy;
mod movegen;
mod moves;
mod notation;
mod perft;
pub mod pgn;
mod piece;
mod position;
pub mod record;
mod square;
pub mod time;
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
pub use time::{ParseTimeControlError, TimeControl};
pub use why::MoveRule;
