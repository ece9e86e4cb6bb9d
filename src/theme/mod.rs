//! The look of the Xiangqi board, shared by the game window and the image export:
//! geometry in units of one line spacing, and the board, pieces and marks as lists of
//! simple [`Shape`]s that both the Bevy view and the CPU renderer draw (the colours, the
//! faces and the shapes are the table's: [`table::theme`]). Pure data, no Bevy.

use crate::rules::{Color, Square};

mod shapes;
mod symbols;

pub use shapes::{board, check_glow, icon, last_move_corners, piece};
pub use table::theme::*;

/// The colour of a side's pieces in `palette`.
#[must_use]
pub fn side(palette: &Palette, color: Color) -> Rgba {
    match color {
        Color::Red => palette.red,
        Color::Black => palette.black,
    }
}

/// The face of `color`'s pieces in `palette`.
#[must_use]
pub const fn face(palette: &Palette, color: Color) -> Rgba {
    match color {
        Color::Red => palette.piece_face,
        Color::Black => palette.black_face,
    }
}

/// Geometry, in units of the spacing between two lines.
pub mod geometry {
    /// Space around the outer lines (room for coordinates).
    pub const MARGIN: f32 = 0.95;
    /// Total width: 8 spacings plus the margins.
    pub const WIDTH: f32 = 8.0 + 2.0 * MARGIN;
    /// Total height: 9 spacings plus the margins.
    pub const HEIGHT: f32 = 9.0 + 2.0 * MARGIN;
    // The table's stage is laid out for this board.
    const _: () = assert!(
        (WIDTH - table::theme::stage::WIDTH).abs() < 1e-4
            && (HEIGHT - table::theme::stage::HEIGHT).abs() < 1e-4
    );
    /// Line thickness.
    pub const LINE: f32 = 0.035;
    /// The outer frame's thickness.
    pub const FRAME: f32 = 0.07;
    /// Gap between the outer lines and the frame.
    pub const FRAME_GAP: f32 = 0.12;
    /// Piece radius.
    pub const PIECE_RADIUS: f32 = 0.45;
    /// Width of the rim at a piece's edge.
    pub const PIECE_RIM: f32 = 0.05;
    /// Radius of the coloured ring inside a piece.
    pub const PIECE_RING: f32 = 0.37;
    /// Width of that ring.
    pub const PIECE_RING_WIDTH: f32 = 0.025;
    /// Height of a piece's character.
    pub const PIECE_CHAR: f32 = 0.52;
    /// Legal-destination dot radius.
    pub const DOT: f32 = 0.12;
    /// How far from a point a click still counts as on it.
    pub const HIT_RADIUS: f32 = 0.48;
}

/// The centre of `sq` in board units, origin at the board's centre, y up; with `flipped`
/// the board is seen from black's side.
#[must_use]
pub fn point(sq: Square, flipped: bool) -> (f32, f32) {
    let (x, y) = (f32::from(sq.file()) - 4.0, f32::from(sq.rank()) - 4.5);
    if flipped { (-x, -y) } else { (x, y) }
}

/// The point nearest to `(x, y)` (board units), if within the hit radius.
#[must_use]
pub fn square_at(x: f32, y: f32, flipped: bool) -> Option<Square> {
    let (x, y) = if flipped { (-x, -y) } else { (x, y) };
    let (fx, fy) = (x + 4.0, y + 4.5);
    let (file, rank) = (fx.round(), fy.round());
    let near = (fx - file).hypot(fy - rank) <= geometry::HIT_RADIUS;
    if !near || !(0.0..=8.0).contains(&file) || !(0.0..=9.0).contains(&rank) {
        return None;
    }
    Square::new(file as u8, rank as u8)
}

/// Points that carry the small cross marks: cannon and soldier starting points.
#[must_use]
pub fn marked_points() -> Vec<Square> {
    let mut out = Vec::new();
    for (files, ranks) in [(&[1u8, 7][..], [2u8, 7]), (&[0, 2, 4, 6, 8][..], [3, 6])] {
        for &f in files {
            for r in ranks {
                out.extend(Square::new(f, r));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_testing_round_trips_both_ways_up() {
        for flipped in [false, true] {
            for sq in Square::all() {
                let (x, y) = point(sq, flipped);
                assert_eq!(square_at(x, y, flipped), Some(sq));
                assert_eq!(square_at(x + 0.3, y - 0.3, flipped), Some(sq));
                assert_eq!(square_at(x + 0.5, y + 0.5, flipped), None);
            }
        }
        assert_eq!(point(Square::A0, false), (-4.0, -4.5));
        assert_eq!(point(Square::A0, true), (4.0, 4.5));
        assert_eq!(square_at(-5.0, 0.0, false), None);
        assert_eq!(marked_points().len(), 14);
    }
}
