//! The table the games sit on. It knows no game: a game is a type implementing the
//! seam the shell asks, added by the program that holds it. This crate depends on
//! neither game's rules, so the compiler keeps it that way.
//!
//! Without the `shell` feature it is the part the command line uses too: the
//! languages, the files and the voice.

pub mod i18n;
pub mod speech;
pub mod storage;

#[cfg(feature = "shell")]
pub mod jobs;
