//! Windows over the board: the save slots, a file's list of games, the game's information,
//! the settings, the key help.

pub mod game_list;
pub mod help;
pub mod info;
pub mod settings;
pub mod slots;
