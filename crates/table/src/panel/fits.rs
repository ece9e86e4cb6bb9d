//! Whether the panel's content fits it: every shape the panel drew this pass (texts,
//! buttons, frames) is measured against the panel's rectangle, and what reaches past
//! it (cut off by the window's edge or the panel's clip) is said once in the log, with
//! its text. The window tests read those lines (`panel overflow:`); a person would see
//! a word cut in half.

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
