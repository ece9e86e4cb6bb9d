//! Whether the panel's content fits it: every shape the panel drew this pass (texts,
//! buttons, frames) is measured against the panel's rectangle, and what reaches past
//! it (cut off by the window's edge or the panel's clip) is said once in the log, with
//! its text. The window tests read those lines (`panel overflow:`); a person would see
//! a word cut in half. A panel taller than the window scrolls, and says where its bar
//! is (`panel scrolls:`), where the tests look for it.

use std::collections::HashSet;

use bevy::prelude::*;
use bevy_egui::egui;

/// How close to the panel's sides a drawing may come, in points: the last columns of
/// the window stay the panel's background.
const MARGIN: f32 = 4.0;

/// What reaches past the sides of `panel` (where the panel should be: a content too
/// wide pushes egui's own rectangle out of the window) among the shapes of `layer`
/// drawn so far this pass: each as its text (or its kind) and how far it goes. A text
/// keeps [`MARGIN`] from the sides; a frame or a button stays inside.
#[must_use]
pub fn overflows(ctx: &egui::Context, layer: egui::LayerId, panel: egui::Rect) -> Vec<String> {
    let inside = |rect: egui::Rect, margin: f32| {
        rect.left() >= panel.left() + margin - 0.5 && rect.right() <= panel.right() - margin + 0.5
    };
    ctx.graphics(|g| {
        let Some(list) = g.get(layer) else {
            return Vec::new();
        };
        list.all_entries()
            .filter_map(|clipped| {
                let (rect, what, margin) = match &clipped.shape {
                    egui::Shape::Text(text) => (
                        text.visual_bounding_rect(),
                        format!("{:?}", text.galley.text()),
                        MARGIN,
                    ),
                    egui::Shape::Noop => return None,
                    shape => (shape.visual_bounding_rect(), "a widget".to_owned(), 0.0),
                };
                // Off the panel entirely (a window's, a tooltip's) or nothing drawn.
                let on_panel = rect.is_finite()
                    && rect.width() > 0.0
                    && rect.right() > panel.left()
                    && rect.left() < panel.right()
                    && rect.bottom() > panel.top()
                    && rect.top() < panel.bottom();
                (on_panel && !inside(rect, margin)).then(|| {
                    format!(
                        "{what} from x {:.0} to {:.0} in {:.0}..{:.0}",
                        rect.left(),
                        rect.right(),
                        panel.left(),
                        panel.right()
                    )
                })
            })
            .collect()
    })
}

/// Logs each new overflow of the panel once (`panel overflow: "…" from x … to …`).
pub fn say_overflows(
    ctx: &egui::Context,
    layer: egui::LayerId,
    panel: egui::Rect,
    said: &mut HashSet<String>,
) {
    for found in overflows(ctx, layer, panel) {
        if said.len() < 200 && said.insert(found.clone()) {
            warn!("panel overflow: {found}");
        }
    }
}

/// Where the panel's scroll bar is drawn, when its content is taller than its place:
/// egui's solid bar, `bar_inner_margin` right of the content, as tall as the place.
#[must_use]
pub fn scroll_bar<R>(
    shown: &egui::scroll_area::ScrollAreaOutput<R>,
    style: &egui::style::ScrollStyle,
) -> Option<egui::Rect> {
    let inner = shown.inner_rect;
    (shown.content_size.y > inner.height() + 0.5).then(|| {
        let left = inner.right() + style.bar_inner_margin;
        egui::Rect::from_min_max(
            egui::pos2(left, inner.top()),
            egui::pos2(left + style.bar_width, inner.bottom()),
        )
    })
}

/// Logs when the panel starts or stops scrolling: `panel scrolls: bar X0,Y0 X1,Y1` (in
/// the screen's pixels) or `panel ends inside`.
pub fn say_scrolls(bar: Option<egui::Rect>, said: &mut Option<String>) {
    let now = bar.map_or_else(
        || "panel ends inside".to_owned(),
        |bar| {
            let ((x0, y0), (x1, y1)) = (super::screen_pos(bar.min), super::screen_pos(bar.max));
            format!("panel scrolls: bar {x0},{y0} {x1},{y1}")
        },
    );
    if said.as_deref() != Some(now.as_str()) {
        info!("{now}");
        *said = Some(now);
    }
}
