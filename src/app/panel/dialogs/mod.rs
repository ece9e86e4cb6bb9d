//! The shell's windows over the board: a file's list of games, the settings, the key help.

pub mod game_list;
pub mod help;
pub mod settings;
