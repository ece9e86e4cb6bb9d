//! The marks a record draws on a position (SGF's `CR`, `TR`, `SQ`, `MA`, `LB`, `AR`,
//! `LN`), painted as Go diagrams print them: shapes in the ink that shows on the point
//! (white on a black stone, black elsewhere), labels over a patch of wood, arrows and
//! lines in red over everything.

use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use super::{GobanPainter, draw_text, paint};
use crate::go::markup::{Markup, Shape};
use crate::go::{Color, Point, Position};
use crate::theme::go as stones;

impl GobanPainter {
    pub(super) fn markup(&mut self, frame: &mut Pixmap, pos: &Position, markup: &Markup) {
        let board = pos.board();
        let ink = |p: Point| match board.get(p) {
            Some(Color::Black) => stones::WHITE,
            _ => stones::BLACK,
        };
        let stroke = Stroke {
            width: (self.cell * 0.07).max(1.5),
            ..Stroke::default()
        };
        for &(p, shape) in &markup.shapes {
            let (x, y) = self.pixel(p);
            let r = self.cell * 0.24;
            let mut path = PathBuilder::new();
            match shape {
                Shape::Circle => {
                    self.circle(frame, p, 0.24, None, Some(ink(p)));
                    continue;
                }
                Shape::Triangle => {
                    path.move_to(x, y - r * 1.1);
                    path.line_to(x + r, y + r * 0.7);
                    path.line_to(x - r, y + r * 0.7);
                    path.close();
                }
                Shape::Square => {
                    if let Some(rect) =
                        tiny_skia::Rect::from_xywh(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7)
                    {
                        path.push_rect(rect);
                    }
                }
                Shape::Cross => {
                    path.move_to(x - r, y - r);
                    path.line_to(x + r, y + r);
                    path.move_to(x + r, y - r);
                    path.line_to(x - r, y + r);
                }
            }
            if let Some(path) = path.finish() {
                frame.stroke_path(&path, &paint(ink(p)), &stroke, Transform::identity(), None);
            }
        }
        for (p, text) in &markup.labels {
            if board.get(*p).is_none() {
                // The wood under the letter, so the grid does not cross it.
                let wood = self.theme.palette().goban;
                self.circle(frame, *p, 0.36, Some(wood), None);
            }
            let at = self.pixel(*p);
            let label: String = text.chars().take(3).collect();
            draw_text(
                &mut self.fonts,
                &mut self.swash,
                frame,
                &label,
                at,
                self.cell * 0.5,
                ink(*p),
            );
        }
        let line = Stroke {
            width: (self.cell * 0.1).max(2.0),
            ..Stroke::default()
        };
        let ends = markup
            .lines
            .iter()
            .map(|&l| (l, false))
            .chain(markup.arrows.iter().map(|&a| (a, true)));
        for ((a, b), head) in ends {
            let ((x0, y0), (x1, y1)) = (self.pixel(a), self.pixel(b));
            let mut path = PathBuilder::new();
            path.move_to(x0, y0);
            path.line_to(x1, y1);
            if let Some(path) = path.finish() {
                frame.stroke_path(
                    &path,
                    &paint(stones::MARKUP_LINE),
                    &line,
                    Transform::identity(),
                    None,
                );
            }
            if head {
                let (dx, dy) = (x1 - x0, y1 - y0);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                let (l, w) = (self.cell * 0.4, self.cell * 0.24);
                let mut tip = PathBuilder::new();
                tip.move_to(x1, y1);
                tip.line_to(x1 - ux * l - uy * w, y1 - uy * l + ux * w);
                tip.line_to(x1 - ux * l + uy * w, y1 - uy * l - ux * w);
                tip.close();
                if let Some(tip) = tip.finish() {
                    frame.fill_path(
                        &tip,
                        &paint(stones::MARKUP_LINE),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
    }
}
