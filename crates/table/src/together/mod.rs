//! Two at one table: what a pair sharing the screen asks beyond a game — a game played
//! back at a pace for both to watch (`replay.rs`), a touch screen between them as the
//! board's pointer (`touch.rs`).

pub mod replay;
pub mod touch;
