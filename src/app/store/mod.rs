//! The file plumbing: the autosave and the settings file, save slots, the clipboard,
//! opening files and pastes, writing pictures and PGN files, and the Go game kept as SGF. Each reads and writes
//! through the game's codecs; nothing here draws.

pub mod clipboard;
pub mod export;
pub mod go_save;
pub mod import;
pub mod persist;
pub mod saves;
