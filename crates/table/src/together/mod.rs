//! Two at one table: what a pair sharing the screen asks beyond a game — a game played
//! back at a pace for both to watch (`replay.rs`), a touch screen between them as the
//! board's pointer (`touch.rs`), the far player's card and questions turned to them
//! (`across.rs`), a puzzle duel's referee (`duel.rs`).

#[cfg(feature = "shell")]
pub mod across;
// The referee is pure: the library ranks a kept duel by it, without the shell.
pub mod duel;
#[cfg(feature = "shell")]
pub mod replay;
#[cfg(feature = "shell")]
pub mod touch;
