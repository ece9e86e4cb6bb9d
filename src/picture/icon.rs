//! The app icon: the theme's red general ([`theme::icon`]) as pixels (PNG, the window's
//! icon, a Windows `.ico`) and as SVG with the character's outlines from the embedded
//! font, so the scalable icon needs no font where it is shown.
//!
//! ```
//! use xiangqi::picture::{icon_png, icon_svg};
//!
//! assert!(icon_png(48).starts_with(b"\x89PNG"));
//! assert!(icon_svg().contains("<path"));
//! ```

use std::fmt::Write as _;

use tiny_skia::Pixmap;

use super::{Options, Painter, font_system, lay_out};
use crate::theme::{self, Rgba, Shape};

/// The pixel sizes the desktop gets (the hicolor theme's usual ones).
pub const ICON_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];

/// The icon, `size` pixels square (clamped to 8–1024), transparent around the piece.
#[must_use]
pub fn icon(size: u32) -> Pixmap {
    let size = size.clamp(8, 1024);
    // One board unit is the whole icon.
    let mut painter = Painter::with_cell(&Options::default(), size as f32, size, size);
    let mut pixmap = Pixmap::new(size, size).expect("a non-zero size");
    let centre = painter.to_px((0.0, 0.0));
    let shift = (size as f32 / 2.0 - centre.0, size as f32 / 2.0 - centre.1);
    for shape in theme::icon() {
        painter.paint(&mut pixmap, &shape, shift);
    }
    pixmap
}

/// The icon as straight (not premultiplied) RGBA bytes, row by row: what window systems
/// take.
#[must_use]
pub fn icon_rgba(size: u32) -> (Vec<u8>, u32) {
    let pixmap = icon(size);
    let mut out = Vec::with_capacity(pixmap.pixels().len() * 4);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    (out, pixmap.width())
}

/// The icon as an RGBA PNG.
#[must_use]
pub fn icon_png(size: u32) -> Vec<u8> {
    let (rgba, side) = icon_rgba(size);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // Writing to memory cannot fail.
    let mut writer = encoder.write_header().expect("PNG header to memory");
    writer.write_image_data(&rgba).expect("PNG data to memory");
    writer.finish().expect("PNG end to memory");
    out
}

/// A Windows icon file holding the icon at 16, 24, 32, 48, 64 and 256 pixels, each as PNG
/// (which `.ico` files may carry since Windows Vista).
#[must_use]
pub fn icon_ico() -> Vec<u8> {
    let sizes = [16u32, 24, 32, 48, 64, 256];
    let images: Vec<Vec<u8>> = sizes.iter().map(|&s| icon_png(s)).collect();
    let mut out = Vec::new();
    // ICONDIR: reserved, type 1 (icon), count.
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&(sizes.len() as u16).to_le_bytes());
    let mut offset = 6 + 16 * sizes.len();
    for (&size, image) in sizes.iter().zip(&images) {
        // 256 is written as 0: the field is one byte.
        let side = if size >= 256 { 0 } else { size as u8 };
        out.extend_from_slice(&[side, side, 0, 0]);
        out.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        out.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        out.extend_from_slice(&(image.len() as u32).to_le_bytes());
        out.extend_from_slice(&(offset as u32).to_le_bytes());
        offset += image.len();
    }
    for image in images {
        out.extend_from_slice(&image);
    }
    out
}

/// The icon as SVG, 512 units square.
#[must_use]
pub fn icon_svg() -> String {
    svg(&theme::icon(), 512.0)
}

/// `shapes` (in the icon's square, -0.5 to 0.5 units) as an SVG image `side` units wide.
fn svg(shapes: &[Shape], side: f32) -> String {
    let px = |(x, y): (f32, f32)| ((x + 0.5) * side, (0.5 - y) * side);
    let mut fonts = font_system();
    let face = ttf_parser::Face::parse(theme::FONT, 0).ok();
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{s}\" height=\"{s}\" viewBox=\"0 0 {s} {s}\">\n",
        s = num(side)
    );
    for shape in shapes {
        match shape {
            Shape::Rect {
                center,
                size,
                color,
            } => {
                let (x, y) = px(*center);
                let (w, h) = (size.0 * side, size.1 * side);
                let _ = writeln!(
                    out,
                    "  <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
                    num(x - w / 2.0),
                    num(y - h / 2.0),
                    num(w),
                    num(h),
                    fill(*color)
                );
            }
            Shape::Segment { a, b, width, color } => {
                let ((ax, ay), (bx, by)) = (px(*a), px(*b));
                let _ = writeln!(
                    out,
                    "  <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"{}\" stroke-linecap=\"square\"{}/>",
                    num(ax),
                    num(ay),
                    num(bx),
                    num(by),
                    num(width * side),
                    stroke(*color)
                );
            }
            Shape::Disc {
                center,
                radius,
                color,
            } => {
                let (x, y) = px(*center);
                let _ = writeln!(
                    out,
                    "  <circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>",
                    num(x),
                    num(y),
                    num(radius * side),
                    fill(*color)
                );
            }
            Shape::Ring {
                center,
                inner,
                outer,
                color,
            } => {
                // A ring is a circle's stroke centred between the two radii.
                let (x, y) = px(*center);
                let _ = writeln!(
                    out,
                    "  <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke-width=\"{}\"{}/>",
                    num(x),
                    num(y),
                    num((inner + outer) / 2.0 * side),
                    num((outer - inner) * side),
                    stroke(*color)
                );
            }
            Shape::Polygon { points, color } => {
                let corners: Vec<String> = points
                    .iter()
                    .map(|&p| {
                        let (x, y) = px(p);
                        format!("{},{}", num(x), num(y))
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  <polygon points=\"{}\"{}/>",
                    corners.join(" "),
                    fill(*color)
                );
            }
            Shape::Label {
                text,
                at,
                size,
                color,
            } => {
                let Some(face) = &face else { continue };
                let d = outlines(&mut fonts, face, text, px(*at), size * side);
                let _ = writeln!(out, "  <path d=\"{}\"{}/>", d.trim_end(), fill(*color));
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The outlines of `text` laid out as the raster painter lays it out (centred on `at`,
/// `size` pixels), as SVG path data.
fn outlines(
    fonts: &mut cosmic_text::FontSystem,
    face: &ttf_parser::Face,
    text: &str,
    at: (f32, f32),
    size: f32,
) -> String {
    let mut path = PathData::default();
    let Some((buffer, origin)) = lay_out(fonts, text, at, size) else {
        return path.d;
    };
    let scale = size / f32::from(face.units_per_em());
    for run in buffer.layout_runs() {
        for glyph in run.glyphs {
            // As cosmic-text places a glyph (LayoutGlyph::physical), without rounding.
            path.origin = (
                origin.0 + glyph.x + glyph.font_size * glyph.x_offset,
                origin.1 + run.line_y + glyph.y - glyph.font_size * glyph.y_offset,
            );
            path.scale = scale;
            face.outline_glyph(ttf_parser::GlyphId(glyph.glyph_id), &mut path);
        }
    }
    path.d
}

/// Collects glyph outlines (font units, y up) as SVG path data (pixels, y down).
#[derive(Default)]
struct PathData {
    d: String,
    origin: (f32, f32),
    scale: f32,
}

impl PathData {
    fn point(&self, x: f32, y: f32) -> String {
        format!(
            "{} {}",
            num(self.origin.0 + x * self.scale),
            num(self.origin.1 - y * self.scale)
        )
    }
}

impl ttf_parser::OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = self.point(x, y);
        let _ = write!(self.d, "M{p} ");
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.point(x, y);
        let _ = write!(self.d, "L{p} ");
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (c, p) = (self.point(x1, y1), self.point(x, y));
        let _ = write!(self.d, "Q{c} {p} ");
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (c1, c2, p) = (self.point(x1, y1), self.point(x2, y2), self.point(x, y));
        let _ = write!(self.d, "C{c1} {c2} {p} ");
    }
    fn close(&mut self) {
        self.d.push_str("Z ");
    }
}

/// A number with at most two decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn fill(c: Rgba) -> String {
    paint("fill", c)
}

fn stroke(c: Rgba) -> String {
    paint("stroke", c)
}

fn paint(what: &str, c: Rgba) -> String {
    let mut out = format!(" {what}=\"#{:02x}{:02x}{:02x}\"", c.0, c.1, c.2);
    if c.3 != 255 {
        let _ = write!(out, " {what}-opacity=\"{}\"", num(f32::from(c.3) / 255.0));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::wood;

    #[test]
    fn the_icon_is_a_red_piece_on_nothing() {
        let (rgba, side) = icon_rgba(64);
        assert_eq!(side, 64);
        let at = |x: usize, y: usize| &rgba[(y * 64 + x) * 4..(y * 64 + x) * 4 + 4];
        // Corners are transparent, the face is opaque, and red ink is there.
        assert_eq!(at(0, 0)[3], 0);
        assert_eq!(at(63, 63)[3], 0);
        assert_eq!(at(32, 4)[3], 255);
        let red = rgba
            .chunks_exact(4)
            .filter(|p| p[3] == 255 && p[0] > 150 && p[1] < 80 && p[2] < 80)
            .count();
        assert!(red > 100, "red pixels: {red}");
        let face = rgba
            .chunks_exact(4)
            .filter(|p| {
                let c = wood::PIECE_FACE;
                p[3] == 255 && p[0] == c.0 && p[1] == c.1 && p[2] == c.2
            })
            .count();
        assert!(face > 500, "face pixels: {face}");
    }

    #[test]
    fn the_svg_draws_the_same_shapes_with_the_character_as_outlines() {
        let svg = icon_svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("<circle").count(), 4);
        assert!(svg.contains("fill=\"#b31b1b\""));
        // The character is a path with curves, not text that needs a font.
        assert!(!svg.contains("<text"));
        let d = svg.split("<path d=\"").nth(1).expect("a path");
        let d = &d[..d.find('"').expect("the path's end")];
        assert!(d.matches('M').count() >= 3 && d.contains('Q'), "{d:.80}");
        // The outlines stay inside the piece's face.
        let numbers: Vec<f32> = d
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter_map(|n| n.parse().ok())
            .collect();
        assert!(
            numbers.iter().all(|&n| (60.0..=452.0).contains(&n)),
            "{numbers:?}"
        );
    }

    #[test]
    fn the_ico_holds_six_pngs() {
        let ico = icon_ico();
        assert_eq!(&ico[..6], &[0, 0, 1, 0, 6, 0]);
        for i in 0..6 {
            let entry = &ico[6 + 16 * i..6 + 16 * (i + 1)];
            let len = u32::from_le_bytes(entry[8..12].try_into().unwrap()) as usize;
            let at = u32::from_le_bytes(entry[12..16].try_into().unwrap()) as usize;
            assert!(ico[at..at + len].starts_with(b"\x89PNG"));
        }
        assert_eq!(ico[6 + 16 * 5], 0, "256 is written as 0");
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(12.345), "12.35");
    }
}
