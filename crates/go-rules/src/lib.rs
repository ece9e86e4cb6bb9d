//! The rules of Go (围棋): boards from 2×2 to 19×19, chains and liberties, the capture
//! order (the opponent's chains first, then the mover's own), simple ko, positional and
//! situational superko, suicide by rule set, the rule presets KataGo names, fixed
//! handicap placement, counting by area or territory with a suggestion of the dead
//! stones, and SGF files.
//!
//! Pure Rust: no I/O, no clock, nothing of any program that uses it.
//!
//! ```
//! use go_rules::{Game, Move, Point, Rules};
//!
//! let mut game = Game::new(9, Rules::CHINESE)?;
//! game.play(Move::from_gtp("E5", 9)?)?;
//! let taken = game.play(Move::Play(Point::from_gtp("E5", 9)?)).unwrap_err();
//! assert_eq!(taken.to_string(), "E5 is taken");
//! assert_eq!(game.legal_points().len(), 80);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
pub mod collection;
mod dead;
mod game;
pub mod handicap;
pub mod markup;
mod point;
mod rules;
mod score;
pub mod sgf;
pub mod text;

pub use board::{Board, Chain, SizeError};
pub use dead::suggest_dead;
pub use game::{Game, IllegalMove, Position};
pub use point::{Color, MAX_SIZE, MIN_SIZE, Move, ParsePointError, Point};
pub use rules::{HandicapBonus, KoRule, ParseRulesError, Rules, Scoring};
pub use score::{Score, owners, score};
