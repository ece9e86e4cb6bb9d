//! The shell's windows over the board: a file's list of games, the settings, the key help.

pub mod help;
pub mod household;
pub mod learn;
mod player_edit;
pub mod problems;
pub mod settings;
pub mod slots;
