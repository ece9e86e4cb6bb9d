//! Xiangqi's part of learning to play: its lessons, the tutor's warnings and coach, the
//! practice of one's mistakes and the guessing of a game's moves, on Xiangqi's own
//! board. The flows they share with Go are `table::learn`'s.

pub mod coach;
pub mod guess;
pub mod lessons;
pub mod look;
pub mod marks;
pub mod practice;
pub mod tutor;
