//! Two at one table: what a pair sharing the screen asks beyond a game — a game played
//! back at a pace for both to watch (`replay.rs`).

pub mod replay;
