//! How a Xiangqi position is drawn: the board, the pieces and their animations, the
//! marks on the board, the engine's arrow. Systems here only read the model.

pub mod arrow;
pub mod board;
pub mod drawn;
pub mod marks;
pub mod paint;
pub mod pieces;

use bevy::prelude::*;

/// The board, pieces, marks and arrow (the window adds it; a test may, with the assets).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        board::plugin,
        pieces::plugin,
        marks::plugin,
        arrow::plugin,
        drawn::plugin,
        paint::plugin,
    ))
    // Pictures added in any order are the same pictures: the looks of the pieces and of
    // the marks are painted side by side.
    .allow_ambiguous_resource::<Assets<Image>>();
}
