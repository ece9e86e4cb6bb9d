//! 象棋 Xiangqi: a hot-seat Chinese chess game, and the rules library it stands on.
//!
//! The rules live in their own crate, [`xiangqi_rules`], re-exported here as [`rules`]:
//! a program that wants only the rules depends on that crate and nothing of the app.
//!
//! The tree tells where a game ends and the table begins: each game's pure parts are
//! under [`games`] (Xiangqi's session, review, editor and puzzles, re-exported here by
//! their short names; Go's session), what every game uses sits beside it (the clock,
//! storage, settings, pictures, engines, languages), and the Bevy table is `app`.

#![warn(missing_docs)]

#[cfg(feature = "gui")]
pub mod app;
pub mod clock;
pub mod collection;
pub mod desktop;
pub mod engine;
pub mod games;
pub mod i18n;
pub mod library;
pub mod manual;
pub mod matches;
pub mod picture;
pub use go_rules as go;
pub use xiangqi_rules as rules;
pub mod settings;
pub mod slots;
pub use table::speech;
pub mod storage;
pub mod theme;

/// Keeps the developer guide's Rust examples compiling and correct.
#[doc = include_str!("../docs/DEVELOPERS.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
