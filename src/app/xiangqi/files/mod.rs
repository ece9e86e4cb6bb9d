//! Xiangqi's files at the table: the autosave, the save slots and PGN export, and what
//! is opened (a file dropped, a paste, a slot loaded, one game of a collection).

pub mod autosave;
pub mod choice;
pub mod import;
pub mod saves;
pub mod settings;
