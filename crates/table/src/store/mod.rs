//! What every game's files go through: the data folders and the settings file, the
//! clipboard and the pictures (asked of the game on the table), the household's
//! players (kept in the program's library). Each game keeps its own
//! games (its autosave, slots and readers live with it: `app/<game>/files`).

pub mod clipboard;
pub mod export;
pub mod household;
pub use crate::jobs;
pub mod persist;
pub mod slots;
