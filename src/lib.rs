//! 象棋 Xiangqi: a hot-seat Chinese chess game, and the rules library it stands on.
//!
//! The rules live in their own crate, [`xiangqi_rules`], re-exported here as [`rules`]:
//! a program that wants only the rules depends on that crate and nothing of the app.

#![warn(missing_docs)]

#[cfg(feature = "gui")]
pub mod app;
pub mod desktop;
pub mod editor;
pub mod engine;
pub mod games;
pub mod i18n;
pub mod picture;
pub mod puzzles;
pub mod review;
pub use go_rules as go;
pub use xiangqi_rules as rules;
pub mod session;
pub mod settings;
pub mod slots;
pub mod storage;
pub mod theme;

/// Keeps the README's Rust example compiling and correct.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
