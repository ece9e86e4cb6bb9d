//! GNU Go's opinion drawn over the goban: each point shaded by who it thinks owns it
//! (black or white, fainter where it is less sure; a stone it counts dead veiled with
//! its owner's square), and its candidate moves ringed with their values, the best in
//! green.

use tiny_skia::{Pixmap, Rect, Transform};

use super::{GobanPainter, draw_text, paint};
use crate::go::{Point, Position};
use crate::theme::{Rgba, go as stones};

/// What GNU Go thinks of the position drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Insight {
    /// Who owns each point: black's sure at 1, white's at −1 (a dead stone counts 2).
    pub owners: Vec<(Point, f32)>,
    /// Its candidates, best first, with what to write on each (its value).
    pub candidates: Vec<(Point, String)>,
}

/// `color` with its alpha scaled by `share` (0–1).
fn faint(color: Rgba, share: f32) -> Rgba {
    Rgba(
        color.0,
        color.1,
        color.2,
        (f32::from(color.3) * share.clamp(0.0, 1.0)) as u8,
    )
}

impl GobanPainter {
    pub(super) fn insight(&mut self, frame: &mut Pixmap, pos: &Position, insight: &Insight) {
        let board = pos.board();
        for &(p, owner) in &insight.owners {
            // Points GNU Go is unsure of are left as they are.
            if owner.abs() < 0.25 {
                continue;
            }
            let color = if owner > 0.0 {
                stones::OWNED_BLACK
            } else {
                stones::OWNED_WHITE
            };
            let (x, y) = self.pixel(p);
            let stone = board.get(p).is_some();
            if stone && owner.abs() < 1.5 {
                continue;
            }
            if stone {
                // A stone GNU Go counts dead: veiled, its owner's square on it.
                self.circle(frame, p, 0.49, Some(stones::DEAD_VEIL), None);
            }
            let half = if stone { 0.2 } else { 0.48 } * self.cell;
            if let Some(square) = Rect::from_xywh(x - half, y - half, half * 2.0, half * 2.0) {
                let share = if stone { 1.0 } else { owner.abs() };
                frame.fill_rect(
                    square,
                    &paint(faint(color, share)),
                    Transform::identity(),
                    None,
                );
            }
        }
        for (i, (p, label)) in insight.candidates.iter().enumerate() {
            let color = if i == 0 {
                stones::BEST
            } else {
                stones::CANDIDATE
            };
            self.circle(frame, *p, 0.42, Some(faint(color, 0.9)), None);
            let at = self.pixel(*p);
            draw_text(
                &mut self.fonts,
                &mut self.swash,
                frame,
                label,
                at,
                self.cell * 0.36,
                stones::WHITE,
            );
        }
    }
}
