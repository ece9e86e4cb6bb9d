//! 象棋 Xiangqi: a hot-seat Chinese chess game, and the rules library it stands on.
//!
//! [`rules`] is usable on its own, without Bevy (build with `--no-default-features`).

#![warn(missing_docs)]

pub mod desktop;
#[cfg(feature = "gui")]
pub mod gui;
pub mod i18n;
pub mod picture;
pub mod rules;
pub mod session;
pub mod slots;
pub mod storage;
pub mod theme;

/// Keeps the README's Rust example compiling and correct.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
