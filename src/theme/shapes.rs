//! The board, a piece and the marks as simple shapes in board units (origin at the
//! board's centre, y up, one unit per line spacing). The game window turns them into
//! sprites and text; the image export paints them with tiny-skia. One description, two
//! painters: the pictures look like the game.

use super::geometry as g;
use super::{Coordinates, Palette, PieceStyle, Rgba, Shape, WOOD, marked_points, point, symbols};
use crate::rules::{Color, Piece, Role, Square};

/// The board: wood, frame, lines, palace, point marks, river words and coordinates.
#[must_use]
pub fn board(flipped: bool, coordinates: Coordinates, palette: &Palette) -> Vec<Shape> {
    let line = palette.line;
    let ink = palette.ink;
    let p = |f: f32, r: f32| {
        let (x, y) = (f - 4.0, r - 4.5);
        if flipped { (-x, -y) } else { (x, y) }
    };
    let seg = |a, b, width| Shape::Segment {
        a,
        b,
        width,
        color: line,
    };
    let mut out = vec![Shape::Rect {
        center: (0.0, 0.0),
        size: (g::WIDTH, g::HEIGHT),
        color: palette.board,
    }];
    // The frame just outside the outer lines.
    let (fx, fy) = (4.0 + g::FRAME_GAP, 4.5 + g::FRAME_GAP);
    for (a, b) in [
        ((-fx, -fy), (fx, -fy)),
        ((-fx, fy), (fx, fy)),
        ((-fx, -fy), (-fx, fy)),
        ((fx, -fy), (fx, fy)),
    ] {
        out.push(seg(a, b, g::FRAME));
    }
    for r in 0..10 {
        out.push(seg(p(0.0, r as f32), p(8.0, r as f32), g::LINE));
    }
    for f in 0..9 {
        let f = f as f32;
        if f == 0.0 || f == 8.0 {
            out.push(seg(p(f, 0.0), p(f, 9.0), g::LINE));
        } else {
            // The river interrupts the inner files.
            out.push(seg(p(f, 0.0), p(f, 4.0), g::LINE));
            out.push(seg(p(f, 5.0), p(f, 9.0), g::LINE));
        }
    }
    for (r0, r1) in [(0.0, 2.0), (7.0, 9.0)] {
        out.push(seg(p(3.0, r0), p(5.0, r1), g::LINE));
        out.push(seg(p(5.0, r0), p(3.0, r1), g::LINE));
    }
    // The small crosses at cannon and soldier points: an L in each open quadrant.
    let (gap, arm) = (0.08, 0.2);
    for sq in marked_points() {
        let (cx, cy) = p(f32::from(sq.file()), f32::from(sq.rank()));
        for (dx, dy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let board_dx = if flipped { -dx } else { dx };
            if (sq.file() == 0 && board_dx < 0.0) || (sq.file() == 8 && board_dx > 0.0) {
                continue;
            }
            let corner = (cx + dx * gap, cy + dy * gap);
            out.push(seg(corner, (corner.0 + dx * arm, corner.1), g::LINE));
            out.push(seg(corner, (corner.0, corner.1 + dy * arm), g::LINE));
        }
    }
    let label = |text: String, at, size| Shape::Label {
        text,
        at,
        size,
        color: ink,
    };
    out.push(label("楚 河".into(), (-2.0, 0.0), 0.5));
    out.push(label("漢 界".into(), (2.0, 0.0), 0.5));

    // Beyond the pieces on the outer lines, within the margin: a label is never covered.
    let clear = g::PIECE_RADIUS + 0.25;
    let edge = 4.5 + clear;
    for f in 0..9u8 {
        let x = p(f32::from(f), 0.0).0;
        let (low, high) = match coordinates {
            Coordinates::None => continue,
            Coordinates::Iccs => {
                let letter = char::from(b'a' + f).to_string();
                (letter.clone(), letter)
            }
            Coordinates::Chinese => {
                const CN: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
                (CN[usize::from(f)].to_owned(), (f + 1).to_string())
            }
        };
        let (bottom, top) = if flipped { (high, low) } else { (low, high) };
        out.push(label(bottom, (x, -edge), 0.32));
        out.push(label(top, (x, edge), 0.32));
    }
    if coordinates == Coordinates::Iccs {
        for r in 0..10u8 {
            let y = p(0.0, f32::from(r)).1;
            out.push(label(r.to_string(), (-4.0 - clear, y), 0.32));
        }
    }
    out
}

/// A piece at `at`: face, rim, the side's ring and its character or symbol.
#[must_use]
pub fn piece(piece: Piece, at: (f32, f32), style: PieceStyle, palette: &Palette) -> Vec<Shape> {
    let side = super::side(palette, piece.color);
    let face = super::face(palette, piece.color);
    let mut out = vec![
        Shape::Disc {
            center: at,
            radius: g::PIECE_RADIUS,
            color: face,
        },
        Shape::Ring {
            center: at,
            inner: g::PIECE_RADIUS - g::PIECE_RIM,
            outer: g::PIECE_RADIUS,
            color: palette.piece_rim,
        },
        Shape::Ring {
            center: at,
            inner: g::PIECE_RING - g::PIECE_RING_WIDTH,
            outer: g::PIECE_RING,
            color: side,
        },
    ];
    match style {
        PieceStyle::Traditional => out.push(Shape::Label {
            text: piece.chinese().to_string(),
            at,
            size: g::PIECE_CHAR,
            color: side,
        }),
        PieceStyle::International => {
            out.extend(symbols::symbol(piece.role, at, side, face));
        }
    }
    out
}

/// Corner brackets around a point: the last move's mark.
#[must_use]
pub fn last_move_corners(sq: Square, flipped: bool, palette: &Palette) -> Vec<Shape> {
    let at = point(sq, flipped);
    let (reach, arm, width) = (0.5, 0.16, 0.05);
    let mut out = Vec::new();
    for (dx, dy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
        let corner = (at.0 + dx * reach, at.1 + dy * reach);
        for (w, h) in [(arm, width), (width, arm)] {
            let center = (
                corner.0 - dx * (w - width) / 2.0 - dx * width / 2.0,
                corner.1 - dy * (h - width) / 2.0 - dy * width / 2.0,
            );
            out.push(Shape::Rect {
                center,
                size: (w, h),
                color: palette.last_move,
            });
        }
    }
    out
}

/// The app icon in a square from -0.5 to 0.5 units: a red general (帥) as the board shows
/// it, lifted by a soft shadow. Outside the piece is transparent.
#[must_use]
pub fn icon() -> Vec<Shape> {
    let mut out = vec![Shape::Disc {
        center: (0.0, -0.025),
        radius: g::PIECE_RADIUS + 0.015,
        color: Rgba(0x3B, 0x2A, 0x1E, 0x59),
    }];
    out.extend(piece(
        Piece::new(Color::Red, Role::General),
        (0.0, 0.0),
        PieceStyle::Traditional,
        &WOOD,
    ));
    out
}

/// The red glow under a general in check.
#[must_use]
pub fn check_glow(general: Square, flipped: bool, palette: &Palette) -> Shape {
    Shape::Disc {
        center: point(general, flipped),
        radius: g::PIECE_RADIUS + 0.08,
        color: palette.check,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_clear_of_the_pieces_and_inside_the_board() {
        for coordinates in [Coordinates::Iccs, Coordinates::Chinese] {
            for shape in board(false, coordinates, &WOOD) {
                let Shape::Label { text, at, size, .. } = shape else {
                    continue;
                };
                if text.contains(' ') {
                    continue; // the river's words
                }
                // The nearest point a piece can stand on, and the label's half extent.
                let px = at.0.clamp(-4.0, 4.0).round();
                let py = at.1.clamp(-4.5, 4.5);
                let gap = ((at.0 - px).powi(2) + (at.1 - py).powi(2)).sqrt();
                assert!(
                    gap - g::PIECE_RADIUS >= size / 2.0,
                    "{text} at {at:?} is under a piece"
                );
                assert!(at.0.abs() + size / 2.0 <= 4.0 + g::MARGIN, "{text}");
                assert!(at.1.abs() + size / 2.0 <= 4.5 + g::MARGIN, "{text}");
            }
        }
    }

    #[test]
    fn the_board_has_its_lines_and_labels() {
        let shapes = board(false, Coordinates::Iccs, &WOOD);
        let labels: Vec<&str> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Label { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        // River words, 9 letters twice, 10 ranks.
        assert_eq!(labels.len(), 2 + 18 + 10);
        assert!(labels.contains(&"楚 河"));
        assert_eq!(
            board(true, Coordinates::None, &WOOD).len(),
            shapes.len() - 28
        );
        let cannon = Piece::new(Color::Red, Role::Cannon);
        let p = piece(cannon, (0.0, 0.0), PieceStyle::Traditional, &WOOD);
        assert!(matches!(&p[3], Shape::Label { text, .. } if text == "炮"));
        assert_eq!(last_move_corners(Square::A0, false, &WOOD).len(), 8);
    }

    #[test]
    fn the_icon_is_the_red_general_inside_its_square() {
        let icon = icon();
        assert!(
            matches!(&icon[4], Shape::Label { text, color, .. } if text == "帥" && *color == WOOD.red)
        );
        for shape in &icon {
            if let Shape::Disc { center, radius, .. }
            | Shape::Ring {
                center,
                outer: radius,
                ..
            } = shape
            {
                assert!(center.0.abs() + radius <= 0.5 && center.1.abs() + radius <= 0.5);
            }
        }
    }

    /// Every symbol stays inside the piece's ring and every polygon is convex and
    /// counter-clockwise (the window fans polygons into triangles).
    #[test]
    fn international_symbols_fit_their_ring_and_their_polygons_are_convex() {
        let inside = g::PIECE_RING - g::PIECE_RING_WIDTH;
        for role in Role::ALL {
            for color in Color::ALL {
                let shapes = piece(
                    Piece::new(color, role),
                    (0.0, 0.0),
                    PieceStyle::International,
                    &WOOD,
                );
                assert!(!shapes.iter().any(|s| matches!(s, Shape::Label { .. })));
                let symbol = &shapes[3..];
                assert!(symbol.len() >= 4, "{role:?} has a symbol");
                for shape in symbol {
                    let reach = match shape {
                        Shape::Polygon { points, .. } => {
                            let n = points.len();
                            for i in 0..n {
                                let (a, b, c) =
                                    (points[i], points[(i + 1) % n], points[(i + 2) % n]);
                                let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0);
                                assert!(
                                    cross > 0.0,
                                    "{role:?}: {points:?} turns the wrong way at {b:?}"
                                );
                            }
                            points.iter().map(|p| p.0.hypot(p.1)).fold(0.0, f32::max)
                        }
                        Shape::Disc { center, radius, .. } => center.0.hypot(center.1) + radius,
                        Shape::Rect { center, size, .. } => {
                            (center.0.abs() + size.0 / 2.0).hypot(center.1.abs() + size.1 / 2.0)
                        }
                        Shape::Segment { a, b, width, .. } => {
                            a.0.hypot(a.1).max(b.0.hypot(b.1)) + width / 2.0
                        }
                        other => panic!("{role:?}: unexpected {other:?}"),
                    };
                    assert!(reach <= inside, "{role:?} reaches {reach} past the ring");
                }
            }
        }
    }
}
