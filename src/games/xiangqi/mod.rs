//! Xiangqi's own pure parts: the session (the record, the move shown, undo, the clock,
//! the autosave's snapshot), the engine's review of a game, the board editor's rules and
//! the puzzles. The rules themselves are the crate `xiangqi-rules`.

pub mod editor;
pub mod handicap;
pub mod kept;
pub mod lessons;
pub mod puzzles;
pub mod review;
pub mod session;
pub mod tutor;
