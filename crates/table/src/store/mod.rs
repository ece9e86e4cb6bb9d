//! What every game's files go through: the data folders and the settings file, the
//! autosave and the slots, the clipboard and the pictures (each asked of the game: its
//! formats), the household's players (kept in the program's library). Each game's
//! formats and readers live with it (`app/<game>/files`).

pub mod clipboard;
pub mod export;
pub mod household;
pub use crate::jobs;
pub mod autosave;
pub mod persist;
pub mod slots;
