//! Xiangqi at the table: its model, play, edits of the record, the clock, the board editor, the engine link,
//! and `view/`, how its board, pieces, marks and the engine's arrow are drawn.

pub mod clock;
pub mod cursor;
pub mod duel;
pub mod edit;
pub mod engine_link;
pub mod files;
pub mod game;
pub mod learn;
pub mod library;
pub mod messages;
pub mod model;
pub mod panel;
pub mod play;
pub mod record;
pub mod review;
pub mod train;
pub mod view;
