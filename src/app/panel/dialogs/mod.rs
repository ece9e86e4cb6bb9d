//! Windows over the board: the save slots and a file's list of games.

pub mod game_list;
pub mod slots;
