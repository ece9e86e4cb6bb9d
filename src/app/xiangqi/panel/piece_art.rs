//! Xiangqi's pieces in the panel: painted as the board draws them.

use bevy_egui::egui;

use crate::app::panel::parts::{look, paint_shapes};
use crate::rules::Piece;

/// Paints `piece` as the board draws it (face, rim, ring, character or symbol), `radius`
/// points across from `center`.
pub fn paint_piece(painter: &egui::Painter, center: egui::Pos2, radius: f32, piece: Piece) {
    let look = look(painter.ctx());
    let shapes = crate::theme::piece(piece, (0.0, 0.0), look.pieces, look.theme.palette());
    paint_shapes(
        painter,
        &shapes,
        center,
        radius / crate::theme::geometry::PIECE_RADIUS,
    );
}

/// A small piece in a square of `side` points: a label's worth of room, with a tooltip.
pub fn piece_icon(ui: &mut egui::Ui, piece: Piece, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    paint_piece(ui.painter(), rect.center(), side * 0.46, piece);
    response
}
