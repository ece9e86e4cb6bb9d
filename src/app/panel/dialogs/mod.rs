//! Windows over the board: the save slots, a file's list of games, the game's information.

pub mod game_list;
pub mod info;
pub mod slots;
