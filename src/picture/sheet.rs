//! A worksheet: a page of numbered problems for a teacher to print, each a diagram with
//! its number and what to do above it, a title at the top. An A4 page at 150 dots an
//! inch, as a PNG.

use tiny_skia::{FilterQuality, IntRect, Paint, Pixmap, PixmapPaint, Rect, Transform};

use super::goban::GobanPainter;
use super::{draw_text, encode_png, font_system};
use crate::go::{Color, Point, Position};
use crate::theme::{Rgba, Theme};

/// The page: A4 at 150 dpi.
pub const PAGE: (u32, u32) = (1240, 1754);
/// The margin around the page's grid.
const MARGIN: f32 = 70.0;
/// The title's band.
const TITLE: f32 = 90.0;
/// A caption's band above its diagram.
const CAPTION: f32 = 44.0;
const INK: Rgba = Rgba(20, 20, 20, 255);

/// One problem of the sheet: what to do, and its diagram.
pub struct Cell {
    /// The words under the number: "Black to kill", "红先胜".
    pub caption: String,
    /// The diagram.
    pub picture: Pixmap,
}

/// The columns a sheet of `count` problems is laid out in.
fn columns(count: usize) -> usize {
    match count {
        0..=2 => 1,
        3..=8 => 2,
        _ => 3,
    }
}

/// The page: `title`, then `cells` numbered from `first` in a grid, each diagram scaled
/// into its place.
#[must_use]
pub fn page(title: &str, cells: &[Cell], first: usize) -> Vec<u8> {
    let (w, h) = PAGE;
    let mut page = Pixmap::new(w, h).expect("a page");
    page.fill(tiny_skia::Color::WHITE);
    let mut fonts = font_system();
    let mut swash = cosmic_text::SwashCache::new();
    draw_text(
        &mut fonts,
        &mut swash,
        &mut page,
        title,
        (w as f32 / 2.0, MARGIN * 0.9),
        40.0,
        INK,
    );
    let cols = columns(cells.len());
    let rows = cells.len().div_ceil(cols).max(1);
    let cell_w = (w as f32 - 2.0 * MARGIN) / cols as f32;
    let cell_h = (h as f32 - 2.0 * MARGIN - TITLE) / rows as f32;
    for (i, cell) in cells.iter().enumerate() {
        let (col, row) = ((i % cols) as f32, (i / cols) as f32);
        let (x0, y0) = (MARGIN + col * cell_w, MARGIN + TITLE + row * cell_h);
        let caption = format!("{}. {}", first + i, cell.caption);
        draw_text(
            &mut fonts,
            &mut swash,
            &mut page,
            &caption,
            (x0 + cell_w / 2.0, y0 + CAPTION / 2.0),
            28.0,
            INK,
        );
        // The diagram, as large as its place allows, centred, its shape kept.
        let (room_w, room_h) = (cell_w - 24.0, cell_h - CAPTION - 24.0);
        let (pw, ph) = (cell.picture.width() as f32, cell.picture.height() as f32);
        let scale = (room_w / pw).min(room_h / ph);
        let (dx, dy) = (
            x0 + (cell_w - pw * scale) / 2.0,
            y0 + CAPTION + (room_h - ph * scale) / 2.0 + 6.0,
        );
        let paint = PixmapPaint {
            quality: FilterQuality::Bicubic,
            ..PixmapPaint::default()
        };
        page.draw_pixmap(
            0,
            0,
            cell.picture.as_ref(),
            &paint,
            Transform::from_row(scale, 0.0, 0.0, scale, dx, dy),
            None,
        );
        // A thin frame around it.
        let mut ink = Paint::default();
        ink.set_color_rgba8(120, 120, 120, 255);
        if let Some(r) = Rect::from_xywh(dx, dy, pw * scale, ph * scale) {
            let path = tiny_skia::PathBuilder::from_rect(r);
            page.stroke_path(
                &path,
                &ink,
                &tiny_skia::Stroke::default(),
                Transform::identity(),
                None,
            );
        }
    }
    encode_png(&page)
}

/// A Go problem's corner: the board drawn whole, cut to the points from `a` to `b` (the
/// board's edge and border kept where they reach it).
#[must_use]
pub fn go_corner(pos: &Position, a: Point, b: Point, marked: &[Point]) -> Pixmap {
    let size = pos.board().size();
    let px = 60 * u32::from(size);
    let mut painter = GobanPainter::new(size, px, false, Theme::Paper);
    let mut picture = painter.draw(pos, None);
    let g = painter.geometry();
    let cell = g.pixel(Point::new(1, 0)).0 - g.pixel(Point::new(0, 0)).0;
    // The marked stones: a ring in the other colour, as problem books circle them.
    for &p in marked {
        let (x, y) = g.pixel(p);
        let mut ring = Paint::default();
        let c = if pos.board().get(p) == Some(Color::Black) {
            255
        } else {
            0
        };
        ring.set_color_rgba8(c, c, c, 255);
        ring.anti_alias = true;
        if let Some(circle) = tiny_skia::PathBuilder::from_circle(x, y, cell * 0.22) {
            let stroke = tiny_skia::Stroke {
                width: cell * 0.07,
                ..tiny_skia::Stroke::default()
            };
            picture.stroke_path(&circle, &ring, &stroke, Transform::identity(), None);
        }
    }
    let edge = |v: u8, lo: bool| -> f32 {
        let at = g.pixel(Point::new(v, v)).0;
        match (lo, v) {
            (true, 0) => 0.0,
            (false, v) if v + 1 == size => px as f32,
            (true, _) => at - cell * 0.5,
            (false, _) => at + cell * 0.5,
        }
    };
    let (x0, y0, x1, y1) = (
        edge(a.x, true),
        edge(a.y, true),
        edge(b.x, false),
        edge(b.y, false),
    );
    IntRect::from_ltrb(x0 as i32, y0 as i32, x1.ceil() as i32, y1.ceil() as i32)
        .and_then(|r| picture.clone_rect(r))
        .unwrap_or(picture)
}
