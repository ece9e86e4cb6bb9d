//! Go positions as pictures, on the CPU as the Xiangqi board: a wood goban with its
//! lines, star points and coordinates (columns A–T without I, rows from the bottom),
//! stones with a slight shine, the last move marked; a PNG, or an animated GIF of a game.

use cosmic_text::{FontSystem, SwashCache};
use tiny_skia::{
    Color as SkColor, FillRule, GradientStop, Paint, PathBuilder, Pixmap, Point as SkPoint,
    RadialGradient, Rect, SpreadMode, Stroke, Transform,
};

use super::{animate, draw_text, encode_png, font_system};
use crate::go::{Color, Game, Move, Point, Position, handicap};
use crate::theme::{Rgba, Theme, go as stones};

/// The margin around the outer lines, in line spacings: room for the labels.
const MARGIN: f32 = 1.3;

/// Where a goban's points are in its picture: no fonts, no pixels (a click is mapped
/// with it, the window's painter made once).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    size: u8,
    px: u32,
    cell: f32,
}

impl Geometry {
    /// A `size`×`size` board drawn `px` pixels wide and high.
    #[must_use]
    pub fn new(size: u8, px: u32) -> Geometry {
        let px = px.clamp(*super::SIZES.start(), *super::SIZES.end());
        // A line's spacing, with a margin each side for the labels.
        let cell = px as f32 / (f32::from(size) - 1.0 + 2.0 * MARGIN);
        Geometry { size, px, cell }
    }

    /// The centre of point `p` in pixels.
    #[must_use]
    pub fn pixel(&self, p: Point) -> (f32, f32) {
        (
            (f32::from(p.x) + MARGIN) * self.cell,
            (f32::from(p.y) + MARGIN) * self.cell,
        )
    }

    /// The point nearest pixel `at`, if it is within half a spacing of one.
    #[must_use]
    pub fn point_at(&self, at: (f32, f32)) -> Option<Point> {
        let axis = |v: f32| {
            let i = (v / self.cell - MARGIN).round();
            let off = (v / self.cell - MARGIN - i).abs();
            (off <= 0.5 && i >= 0.0 && i < f32::from(self.size)).then_some(i as u8)
        };
        Some(Point::new(axis(at.0)?, axis(at.1)?))
    }

    /// The picture's width and height in pixels.
    #[must_use]
    pub fn px(&self) -> u32 {
        self.px
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }
}

/// What a board shows beside its stones: the count (dead stones veiled, each side's
/// points marked with a small stone of its colour), the points the side to move may not
/// play, the chains in atari, each chain's liberties.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Stones counted dead.
    pub dead: Vec<Point>,
    /// The points each side counts.
    pub owners: Vec<(Point, Color)>,
    /// Empty points the side to move may not play.
    pub forbidden: Vec<Point>,
    /// Ring the chains with one liberty.
    pub atari: bool,
    /// Write its liberties on each stone.
    pub liberties: bool,
    /// GNU Go's opinion: who owns each point, its candidate moves (`insight.rs`).
    pub insight: insight::Insight,
    /// The record's marks on the position (`markup.rs`).
    pub markup: crate::go::markup::Markup,
}

mod insight;
mod markup;
pub use insight::Insight;

/// Draws Go positions of one board size at one picture size; keeps the empty board.
pub struct GobanPainter {
    geometry: Geometry,
    size: u8,
    px: u32,
    cell: f32,
    coordinates: bool,
    theme: Theme,
    fonts: FontSystem,
    swash: SwashCache,
    board: Option<Pixmap>,
}

fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, c.3);
    p.anti_alias = true;
    p
}

fn sk(c: Rgba) -> SkColor {
    SkColor::from_rgba8(c.0, c.1, c.2, c.3)
}

impl GobanPainter {
    /// A painter for a `size`×`size` board drawn `px` pixels wide (and high), with the
    /// coordinates around it or not.
    #[must_use]
    pub fn new(size: u8, px: u32, coordinates: bool, theme: Theme) -> GobanPainter {
        let geometry = Geometry::new(size, px);
        GobanPainter {
            geometry,
            size,
            px: geometry.px,
            cell: geometry.cell,
            coordinates,
            theme,
            fonts: font_system(),
            swash: SwashCache::new(),
            board: None,
        }
    }

    /// Its colours.
    #[must_use]
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// Where its points are.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    fn pixel(&self, p: Point) -> (f32, f32) {
        self.geometry.pixel(p)
    }

    fn empty_board(&mut self) -> Pixmap {
        let mut board = Pixmap::new(self.px, self.px).expect("a non-zero size");
        let palette = self.theme.palette();
        board.fill(sk(palette.goban));
        let n = f32::from(self.size);
        let (lo, hi) = (MARGIN * self.cell, (n - 1.0 + MARGIN) * self.cell);
        let mut lines = PathBuilder::new();
        for i in 0..self.size {
            let at = (f32::from(i) + MARGIN) * self.cell;
            lines.move_to(lo, at);
            lines.line_to(hi, at);
            lines.move_to(at, lo);
            lines.line_to(at, hi);
        }
        let stroke = Stroke {
            width: (self.cell * 0.04).max(1.0),
            ..Stroke::default()
        };
        if let Some(path) = lines.finish() {
            board.stroke_path(
                &path,
                &paint(palette.line),
                &stroke,
                Transform::identity(),
                None,
            );
        }
        // The star points: the corners' and the centre, and the sides' too from 15×15 up
        // (where the handicap stones go).
        let most = handicap::most_stones(self.size);
        let stars = handicap::points(self.size, if self.size >= 15 { most } else { most.min(5) })
            .unwrap_or_default();
        for p in stars {
            let (x, y) = self.pixel(p);
            if let Some(dot) = PathBuilder::from_circle(x, y, self.cell * 0.1) {
                board.fill_path(
                    &dot,
                    &paint(palette.line),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
        if self.coordinates {
            let text = (self.cell * 0.38).min(self.px as f32 * 0.03);
            for i in 0..self.size {
                let p = Point::new(i, i);
                let name = p.gtp(self.size);
                let (column, row) = name.split_at(1);
                let (x, y) = self.pixel(p);
                for (label, at) in [
                    (column, (x, self.cell * 0.55)),
                    (column, (x, self.px as f32 - self.cell * 0.55)),
                    (row, (self.cell * 0.55, y)),
                    (row, (self.px as f32 - self.cell * 0.55, y)),
                ] {
                    draw_text(
                        &mut self.fonts,
                        &mut self.swash,
                        &mut board,
                        label,
                        at,
                        text,
                        palette.ink,
                    );
                }
            }
        }
        board
    }

    fn stone(&self, pixmap: &mut Pixmap, p: Point, color: Color) {
        let (x, y) = self.pixel(p);
        let r = self.cell * 0.47;
        let (body, shine) = match color {
            Color::Black => (stones::BLACK, stones::BLACK_SHINE),
            Color::White => (stones::WHITE, stones::WHITE_SHINE),
        };
        let Some(circle) = PathBuilder::from_circle(x, y, r) else {
            return;
        };
        // A light from the upper left: the shine at a third of the radius, fading out.
        let mut fill = paint(body);
        if let Some(gradient) = RadialGradient::new(
            SkPoint::from_xy(x - r * 0.35, y - r * 0.35),
            SkPoint::from_xy(x, y),
            r,
            vec![
                GradientStop::new(0.0, sk(shine)),
                GradientStop::new(0.55, sk(body)),
                GradientStop::new(1.0, sk(body)),
            ],
            SpreadMode::Pad,
            Transform::identity(),
        ) {
            fill.shader = gradient;
        }
        pixmap.fill_path(
            &circle,
            &fill,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        if color == Color::White {
            let edge = Stroke {
                width: (self.cell * 0.03).max(1.0),
                ..Stroke::default()
            };
            pixmap.stroke_path(
                &circle,
                &paint(stones::WHITE_EDGE),
                &edge,
                Transform::identity(),
                None,
            );
        }
    }

    /// `pos` drawn, the stone on `last` marked.
    pub fn draw(&mut self, pos: &Position, last: Option<Point>) -> Pixmap {
        self.draw_marked(pos, last, &Marks::default())
    }

    /// `pos` drawn with `marks`, the stone on `last` marked.
    pub fn draw_marked(&mut self, pos: &Position, last: Option<Point>, marks: &Marks) -> Pixmap {
        if self.board.is_none() {
            self.board = Some(self.empty_board());
        }
        let mut frame = self.board.clone().expect("drawn above");
        let board = pos.board();
        for p in board.points() {
            if let Some(c) = board.get(p) {
                self.stone(&mut frame, p, c);
            }
        }
        if let Some(p) = last.filter(|&p| board.get(p).is_some()) {
            let (x, y) = self.pixel(p);
            if let Some(mark) = Rect::from_xywh(
                x - self.cell * 0.12,
                y - self.cell * 0.12,
                self.cell * 0.24,
                self.cell * 0.24,
            ) {
                frame.fill_rect(mark, &paint(stones::LAST), Transform::identity(), None);
            }
        }
        self.marks(&mut frame, pos, marks);
        self.insight(&mut frame, pos, &marks.insight);
        self.markup(&mut frame, pos, &marks.markup);
        frame
    }

    fn circle(
        &self,
        pixmap: &mut Pixmap,
        p: Point,
        r: f32,
        fill: Option<Rgba>,
        ring: Option<Rgba>,
    ) {
        let (x, y) = self.pixel(p);
        let Some(circle) = PathBuilder::from_circle(x, y, r * self.cell) else {
            return;
        };
        if let Some(c) = fill {
            pixmap.fill_path(
                &circle,
                &paint(c),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some(c) = ring {
            let stroke = Stroke {
                width: (self.cell * 0.07).max(1.5),
                ..Stroke::default()
            };
            pixmap.stroke_path(&circle, &paint(c), &stroke, Transform::identity(), None);
        }
    }

    fn marks(&mut self, frame: &mut Pixmap, pos: &Position, marks: &Marks) {
        let board = pos.board();
        for &p in &marks.dead {
            if board.get(p).is_some() {
                self.circle(frame, p, 0.49, Some(stones::DEAD_VEIL), None);
            }
        }
        for &(p, c) in &marks.owners {
            let (x, y) = self.pixel(p);
            let half = self.cell * 0.14;
            if let Some(square) = Rect::from_xywh(x - half, y - half, half * 2.0, half * 2.0) {
                let color = match c {
                    Color::Black => stones::BLACK,
                    Color::White => stones::WHITE,
                };
                frame.fill_rect(square, &paint(color), Transform::identity(), None);
                if c == Color::White {
                    let edge = PathBuilder::from_rect(square);
                    let stroke = Stroke {
                        width: (self.cell * 0.02).max(1.0),
                        ..Stroke::default()
                    };
                    frame.stroke_path(
                        &edge,
                        &paint(stones::WHITE_EDGE),
                        &stroke,
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
        for &p in &marks.forbidden {
            // A small cross: not here.
            let (x, y) = self.pixel(p);
            let d = self.cell * 0.13;
            let mut cross = PathBuilder::new();
            cross.move_to(x - d, y - d);
            cross.line_to(x + d, y + d);
            cross.move_to(x + d, y - d);
            cross.line_to(x - d, y + d);
            let stroke = Stroke {
                width: (self.cell * 0.06).max(1.5),
                ..Stroke::default()
            };
            if let Some(path) = cross.finish() {
                frame.stroke_path(
                    &path,
                    &paint(stones::FORBIDDEN),
                    &stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
        if !(marks.atari || marks.liberties) {
            return;
        }
        let mut seen = Vec::new();
        for p in board.points() {
            if board.get(p).is_none() || seen.contains(&p) || marks.dead.contains(&p) {
                continue;
            }
            let Some(chain) = board.chain(p) else {
                continue;
            };
            seen.extend_from_slice(&chain.stones);
            let n = chain.liberties.len();
            for &s in &chain.stones {
                if marks.atari && n == 1 {
                    self.circle(frame, s, 0.44, None, Some(stones::ATARI));
                }
                if marks.liberties {
                    let ink = match chain.color {
                        Color::Black => stones::WHITE,
                        Color::White => stones::BLACK,
                    };
                    let at = self.pixel(s);
                    draw_text(
                        &mut self.fonts,
                        &mut self.swash,
                        frame,
                        &n.to_string(),
                        at,
                        self.cell * 0.42,
                        ink,
                    );
                }
            }
        }
    }
}

/// A PNG of `pos`, `px` pixels wide, the stone on `last` marked.
#[must_use]
pub fn png(
    pos: &Position,
    last: Option<Point>,
    px: u32,
    coordinates: bool,
    theme: Theme,
) -> Vec<u8> {
    let mut painter = GobanPainter::new(pos.board().size(), px, coordinates, theme);
    encode_png(&painter.draw(pos, last))
}

/// An animated GIF of `game`: the start, then a frame a move, `delay_secs` apart, the
/// last held; loops. One palette, and each frame only the rectangle that changed.
#[must_use]
pub fn gif(game: &Game, px: u32, coordinates: bool, theme: Theme, delay_secs: f32) -> Vec<u8> {
    let size = game.start().board().size();
    let mut painter = GobanPainter::new(size, px, coordinates, theme);
    let moves = game.moves();
    let frame_at = |painter: &mut GobanPainter, i: usize| {
        let last = i.checked_sub(1).and_then(|j| match moves[j] {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        });
        let pos = game.position_at(i).expect("a position a move");
        painter.draw(pos, last)
    };
    let samples = [
        frame_at(&mut painter, 0),
        frame_at(&mut painter, moves.len()),
    ];
    let side = painter.px;
    let palette = theme.palette();
    let flat = [
        palette.goban,
        palette.line,
        palette.ink,
        stones::BLACK,
        stones::WHITE,
    ];
    animate(
        (side, side),
        &samples,
        &flat,
        moves.len() + 1,
        delay_secs,
        |i| frame_at(&mut painter, i),
    )
}
