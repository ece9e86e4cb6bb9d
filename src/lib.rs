//! 象棋 Xiangqi: a hot-seat Chinese chess game, and the rules library it stands on.
//!
//! [`rules`] is usable on its own, without Bevy (build with `--no-default-features`).

#![warn(missing_docs)]

pub mod rules;

/// Keeps the README's Rust example compiling and correct.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
