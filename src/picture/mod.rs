//! Pictures of positions and games, drawn on the CPU (tiny-skia for shapes, cosmic-text
//! with the embedded font for characters): a PNG of a position, an animated GIF of a
//! game. They paint the same [`theme`] shapes as the game window, so they look alike.
//!
//! ```
//! use xiangqi::picture::{Options, gif, png};
//! use xiangqi::rules::Game;
//!
//! let mut game = Game::new();
//! game.play("h2e2".parse().unwrap()).unwrap();
//! let opts = Options { size: 200, ..Options::default() };
//! assert!(png(game.position(), game.moves().last(), &opts).starts_with(b"\x89PNG"));
//! assert!(gif(&game, &opts, 1.0).starts_with(b"GIF89a"));
//! ```

use std::collections::HashMap;

use cosmic_text::{Attrs, Buffer, Family, FontSystem, Metrics, Shaping, SwashCache, fontdb};
use tiny_skia::{
    FillRule, LineCap, Paint, PathBuilder, Pixmap, PixmapPaint, Rect, Stroke, Transform,
};

use crate::rules::{Game, Move, Piece, Position};
use crate::theme::{self, Coordinates, PieceStyle, Rgba, Shape, Theme, geometry as g};

pub mod goban;
pub mod sheet;

mod animation;
mod icon;

use animation::{animate, rgb};
pub use icon::{ICON_SIZES, icon, icon_ico, icon_png, icon_rgba, icon_svg};

/// How a picture looks.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Width in pixels (the height follows the board's shape).
    pub size: u32,
    /// Black at the bottom.
    pub flipped: bool,
    /// Coordinates around the board.
    pub coordinates: Coordinates,
    /// Corners on the last move's two points.
    pub last_move: bool,
    /// A red glow under a general in check.
    pub check: bool,
    /// The board's colours.
    pub theme: Theme,
    /// Characters or symbols on the pieces.
    pub pieces: PieceStyle,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            size: 450,
            flipped: false,
            coordinates: Coordinates::Iccs,
            last_move: true,
            check: true,
            theme: Theme::Wood,
            pieces: PieceStyle::Traditional,
        }
    }
}

/// The smallest and largest widths drawn (a board needs room for its characters).
pub const SIZES: std::ops::RangeInclusive<u32> = 100..=4000;

/// Draws positions with one set of options; keeps the empty board and each piece's
/// image, so a game's frames cost little more than copying pixels.
pub struct Painter {
    opts: Options,
    cell: f32,
    width: u32,
    height: u32,
    fonts: FontSystem,
    swash: SwashCache,
    board: Option<Pixmap>,
    pieces: HashMap<Piece, Pixmap>,
}

impl Painter {
    /// A painter for `opts` (the size is clamped to [`SIZES`]).
    #[must_use]
    pub fn new(opts: &Options) -> Painter {
        let width = opts.size.clamp(*SIZES.start(), *SIZES.end());
        let cell = width as f32 / g::WIDTH;
        let height = (g::HEIGHT * cell).round() as u32;
        Painter::with_cell(opts, cell, width, height)
    }

    /// A painter of `cell` pixels per board unit for an image of `width` × `height`.
    fn with_cell(opts: &Options, cell: f32, width: u32, height: u32) -> Painter {
        Painter {
            opts: opts.clone(),
            cell,
            width,
            height,
            fonts: font_system(),
            swash: SwashCache::new(),
            board: None,
            pieces: HashMap::new(),
        }
    }

    /// Width and height in pixels.
    #[must_use]
    pub fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The centre of `sq` in pixels.
    #[must_use]
    pub fn pixel(&self, sq: crate::rules::Square) -> (f32, f32) {
        self.to_px(theme::point(sq, self.opts.flipped))
    }

    fn to_px(&self, (x, y): (f32, f32)) -> (f32, f32) {
        (
            (x + g::WIDTH / 2.0) * self.cell,
            (g::HEIGHT / 2.0 - y) * self.cell,
        )
    }

    /// `pos` drawn, with `last` marked if the options say so.
    pub fn draw(&mut self, pos: &Position, last: Option<Move>) -> Pixmap {
        if self.board.is_none() {
            let mut board = Pixmap::new(self.width, self.height).expect("a non-zero size");
            let palette = self.opts.theme.palette();
            for shape in theme::board(self.opts.flipped, self.opts.coordinates, palette) {
                self.paint(&mut board, &shape, (0.0, 0.0));
            }
            self.board = Some(board);
        }
        let mut frame = self.board.clone().expect("drawn above");
        let flipped = self.opts.flipped;
        let palette = self.opts.theme.palette();
        if let Some(m) = last.filter(|_| self.opts.last_move) {
            for sq in [m.from, m.to] {
                for shape in theme::last_move_corners(sq, flipped, palette) {
                    self.paint(&mut frame, &shape, (0.0, 0.0));
                }
            }
        }
        if self.opts.check && pos.is_check() {
            let glow = theme::check_glow(pos.general(pos.turn()), flipped, palette);
            self.paint(&mut frame, &glow, (0.0, 0.0));
        }
        for (sq, piece) in pos.board().pieces() {
            let (x, y) = self.pixel(sq);
            let sprite = self.piece_sprite(piece);
            let half = sprite.width() as f32 / 2.0;
            frame.draw_pixmap(
                (x - half).round() as i32,
                (y - half).round() as i32,
                sprite.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
        }
        frame
    }

    fn piece_sprite(&mut self, piece: Piece) -> &Pixmap {
        if !self.pieces.contains_key(&piece) {
            let side = ((g::PIECE_RADIUS * 2.0 * self.cell).ceil() as u32 + 2) | 1;
            let mut sprite = Pixmap::new(side, side).expect("a non-zero size");
            // Shapes are placed relative to the board's centre; shift them to the sprite's.
            let centre = self.to_px((0.0, 0.0));
            let shift = (side as f32 / 2.0 - centre.0, side as f32 / 2.0 - centre.1);
            let (style, palette) = (self.opts.pieces, self.opts.theme.palette());
            for shape in theme::piece(piece, (0.0, 0.0), style, palette) {
                self.paint(&mut sprite, &shape, shift);
            }
            self.pieces.insert(piece, sprite);
        }
        &self.pieces[&piece]
    }

    /// Paints one shape, moved by `shift` pixels.
    fn paint(&mut self, pixmap: &mut Pixmap, shape: &Shape, shift: (f32, f32)) {
        let px = |p: (f32, f32)| {
            let (x, y) = self.to_px(p);
            (x + shift.0, y + shift.1)
        };
        if let Shape::Label {
            text,
            at,
            size,
            color,
        } = shape
        {
            let at = px(*at);
            let size = size * self.cell;
            self.text(pixmap, text, at, size, *color);
        } else {
            fill_shape(pixmap, shape, self.cell, px);
        }
    }

    /// Draws `text` centred on `at` (pixels), blending each glyph pixel over the image.
    fn text(&mut self, pixmap: &mut Pixmap, text: &str, at: (f32, f32), size: f32, color: Rgba) {
        draw_text(
            &mut self.fonts,
            &mut self.swash,
            pixmap,
            text,
            at,
            size,
            color,
        );
    }
}

/// Paints one shape but a label (characters need the font system) at `cell` pixels a
/// unit, its points placed by `px`.
fn fill_shape(
    pixmap: &mut Pixmap,
    shape: &Shape,
    cell: f32,
    px: impl Fn((f32, f32)) -> (f32, f32),
) {
    let paint = |c: Rgba| {
        let mut paint = Paint::default();
        paint.set_color_rgba8(c.0, c.1, c.2, c.3);
        paint.anti_alias = true;
        paint
    };
    let fill = |pixmap: &mut Pixmap, path: Option<tiny_skia::Path>, c: Rgba, rule| {
        if let Some(path) = path {
            pixmap.fill_path(&path, &paint(c), rule, Transform::identity(), None);
        }
    };
    match shape {
        Shape::Rect {
            center,
            size,
            color,
        } => {
            let (x, y) = px(*center);
            let (w, h) = (size.0 * cell, size.1 * cell);
            // As a path: tiny-skia's anti-aliased `fill_rect` trips its own debug
            // assertion on rectangles under two pixels wide (the last move's corners in
            // a small picture).
            let rect = Rect::from_xywh(x - w / 2.0, y - h / 2.0, w, h);
            fill(
                pixmap,
                rect.map(PathBuilder::from_rect),
                *color,
                FillRule::Winding,
            );
        }
        Shape::Segment { a, b, width, color } => {
            let ((ax, ay), (bx, by)) = (px(*a), px(*b));
            let mut path = PathBuilder::new();
            path.move_to(ax, ay);
            path.line_to(bx, by);
            let stroke = Stroke {
                width: (width * cell).max(1.0),
                line_cap: LineCap::Square,
                ..Stroke::default()
            };
            if let Some(path) = path.finish() {
                pixmap.stroke_path(&path, &paint(*color), &stroke, Transform::identity(), None);
            }
        }
        Shape::Disc {
            center,
            radius,
            color,
        } => {
            let (x, y) = px(*center);
            let disc = PathBuilder::from_circle(x, y, radius * cell);
            fill(pixmap, disc, *color, FillRule::Winding);
        }
        Shape::Ring {
            center,
            inner,
            outer,
            color,
        } => {
            let (x, y) = px(*center);
            let mut path = PathBuilder::new();
            path.push_circle(x, y, outer * cell);
            path.push_circle(x, y, inner * cell);
            fill(pixmap, path.finish(), *color, FillRule::EvenOdd);
        }
        Shape::Polygon { points, color } => {
            let mut path = PathBuilder::new();
            for (i, &p) in points.iter().enumerate() {
                let (x, y) = px(p);
                if i == 0 {
                    path.move_to(x, y);
                } else {
                    path.line_to(x, y);
                }
            }
            path.close();
            fill(pixmap, path.finish(), *color, FillRule::Winding);
        }
        Shape::Label { .. } => {}
    }
}

/// `shapes` (board units around the picture's centre) anti-aliased on a transparent
/// picture `size` units wide and high at `cell` pixels a unit, their labels left out:
/// what the window shows as one sprite where a graphics card's anti-aliasing would
/// otherwise smooth meshes' edges (a software renderer pays four samples a pixel).
///
/// ```
/// use xiangqi::picture::shapes;
/// use xiangqi::theme::{Rgba, Shape};
///
/// let disc = Shape::Disc { center: (0.0, 0.0), radius: 0.5, color: Rgba(255, 255, 255, 255) };
/// let picture = shapes(&[disc], (1.0, 1.0), 40.0);
/// assert_eq!((picture.width(), picture.height()), (40, 40));
/// assert_eq!(picture.pixel(20, 20).unwrap().alpha(), 255);
/// assert_eq!(picture.pixel(0, 0).unwrap().alpha(), 0);
/// ```
#[must_use]
pub fn shapes(shapes: &[Shape], size: (f32, f32), cell: f32) -> Pixmap {
    let (w, h) = (
        (size.0 * cell).ceil().max(1.0),
        (size.1 * cell).ceil().max(1.0),
    );
    let mut pixmap = Pixmap::new(w as u32, h as u32).expect("a non-zero size");
    let px = |(x, y): (f32, f32)| (w / 2.0 + x * cell, h / 2.0 - y * cell);
    for shape in shapes {
        fill_shape(&mut pixmap, shape, cell, px);
    }
    pixmap
}

/// Draws `text` centred on `at` (pixels) in its embedded face, blending each glyph
/// pixel over the image.
fn draw_text(
    fonts: &mut FontSystem,
    swash: &mut SwashCache,
    pixmap: &mut Pixmap,
    text: &str,
    at: (f32, f32),
    size: f32,
    color: Rgba,
) {
    let Some((mut buffer, origin)) = lay_out(fonts, text, at, size) else {
        return;
    };
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let pixels = pixmap.pixels_mut();
    let ink = cosmic_text::Color::rgba(color.0, color.1, color.2, color.3);
    buffer.draw(fonts, swash, ink, |x, y, w, h, c| {
        let alpha = u32::from(c.a());
        if alpha == 0 {
            return;
        }
        for dy in 0..h as i32 {
            for dx in 0..w as i32 {
                let (px, py) = (
                    origin.0.round() as i32 + x + dx,
                    origin.1.round() as i32 + y + dy,
                );
                if px < 0 || py < 0 || px >= width || py >= height {
                    continue;
                }
                let dst = &mut pixels[(py * width + px) as usize];
                *dst = blend(*dst, [c.r(), c.g(), c.b()], alpha);
            }
        }
    });
}

/// A font system that knows only the embedded fonts: no scan of the system's fonts, the
/// same look everywhere.
fn font_system() -> FontSystem {
    let mut db = fontdb::Database::new();
    // Read where the binary holds them: no copy of the 4.7 MB face on the heap.
    for font in [theme::FONT, theme::PLAIN_FONT] {
        db.load_font_source(fontdb::Source::Binary(std::sync::Arc::new(font)));
    }
    FontSystem::new_with_locale_and_db("zh-CN".into(), db)
}

/// `text` shaped in its embedded face ([`theme::Face::for_text`]) at `size` pixels, and where the buffer's origin goes
/// for the line to be centred on `at`.
fn lay_out(
    fonts: &mut FontSystem,
    text: &str,
    at: (f32, f32),
    size: f32,
) -> Option<(Buffer, (f32, f32))> {
    let mut buffer = Buffer::new(fonts, Metrics::new(size, size * 1.2));
    let family = match theme::Face::for_text(text) {
        theme::Face::Kai => theme::FONT_FAMILY,
        theme::Face::Plain => theme::PLAIN_FONT_FAMILY,
    };
    let attrs = Attrs::new().family(Family::Name(family));
    buffer.set_text(text, &attrs, Shaping::Advanced, None);
    buffer.shape_until_scroll(fonts, false);
    let (w, top, h) = buffer
        .layout_runs()
        .next()
        .map(|r| (r.line_w, r.line_top, r.line_height))?;
    Some((buffer, (at.0 - w / 2.0, at.1 - top - h / 2.0)))
}

/// `rgb` at coverage `alpha` (0–255) over a premultiplied pixel ("source over").
fn blend(
    dst: tiny_skia::PremultipliedColorU8,
    rgb: [u8; 3],
    alpha: u32,
) -> tiny_skia::PremultipliedColorU8 {
    let over = |s: u32, d: u8| ((s * alpha + u32::from(d) * (255 - alpha)) / 255) as u8;
    let a = over(255, dst.alpha());
    // A channel of a premultiplied colour never exceeds its alpha.
    let channel = |s: u8, d: u8| over(u32::from(s), d).min(a);
    tiny_skia::PremultipliedColorU8::from_rgba(
        channel(rgb[0], dst.red()),
        channel(rgb[1], dst.green()),
        channel(rgb[2], dst.blue()),
        a,
    )
    .unwrap_or(dst)
}

/// A PNG of `pos` with `last` marked.
#[must_use]
pub fn png(pos: &Position, last: Option<Move>, opts: &Options) -> Vec<u8> {
    let mut painter = Painter::new(opts);
    encode_png(&painter.draw(pos, last))
}

/// A drawn picture as an RGB PNG.
fn encode_png(frame: &Pixmap) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, frame.width(), frame.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    // Writing to memory cannot fail.
    let mut writer = encoder.write_header().expect("PNG header to memory");
    writer
        .write_image_data(&rgb(frame))
        .expect("PNG data to memory");
    writer.finish().expect("PNG end to memory");
    out
}

/// An animated GIF of `game`: the start, then one frame per ply with that move marked,
/// `delay_secs` apart; the last frame stays three times as long (at least 2 s); loops.
/// One palette for all frames, and each frame only stores the rectangle that changed.
#[must_use]
pub fn gif(game: &Game, opts: &Options, delay_secs: f32) -> Vec<u8> {
    let mut painter = Painter::new(opts);
    let (width, height) = painter.dimensions();
    let moves: Vec<Move> = game.moves().collect();
    let frame_at = |painter: &mut Painter, i: usize| {
        let last = i.checked_sub(1).map(|j| moves[j]);
        painter.draw(game.position_at(i), last)
    };
    // The palette comes from frames that show every colour: the start, the end, and a
    // check if there is one (the marks are drawn on all but the first).
    let mut samples = vec![
        frame_at(&mut painter, 0),
        frame_at(&mut painter, moves.len()),
    ];
    if let Some(i) = (1..moves.len()).find(|&i| game.position_at(i).is_check()) {
        samples.push(frame_at(&mut painter, i));
    }
    animate(
        (width, height),
        &samples,
        &opts.theme.palette().flat_colors(),
        moves.len() + 1,
        delay_secs,
        |i| frame_at(&mut painter, i),
    )
}
