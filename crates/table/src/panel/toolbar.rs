//! A row of drawn icons for a game's frequent commands, spaced so a mis-click is hard,
//! each with its name and key on hover; a tool that is on stays lit. Both tables use it.

use bevy_egui::egui;

use crate::actions::Action;

/// A tool of the row.
pub struct Tool {
    /// What it shows.
    pub icon: Icon,
    /// Its name in the log (`tool-undo`): the window tests click it.
    pub name: &'static str,
    /// Its name and key, on hover.
    pub tip: String,
    /// Lit (the analysis while it runs).
    pub on: bool,
    /// What a click asks.
    pub action: Action,
}

/// A drawn icon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Icon {
    /// A board's corner and a plus.
    New,
    /// A turn back.
    Undo,
    /// A turn forward.
    Redo,
    /// Two arrows, up and down.
    Flip,
    /// A floppy disk.
    Save,
    /// A graph.
    Analysis,
    /// A light bulb.
    Hint,
    /// An arc over a point: the turn handed on without a stone.
    Pass,
}

/// Paints `icon` in `rect` with strokes of `color`.
pub fn paint_icon(painter: &egui::Painter, rect: egui::Rect, icon: Icon, color: egui::Color32) {
    let c = rect.center();
    let s = rect.width() / 2.0;
    let p = |x: f32, y: f32| c + egui::vec2(x * s, y * s);
    let stroke = egui::Stroke::new((s * 0.16).max(1.5), color);
    let line = |points: Vec<egui::Pos2>| egui::Shape::line(points, stroke);
    let arc = |from: f32, to: f32, r: f32| {
        (0..=16)
            .map(|i| {
                let a = from + (to - from) * i as f32 / 16.0;
                p(r * a.cos(), r * a.sin())
            })
            .collect::<Vec<_>>()
    };
    let head = |tip: egui::Pos2, dir: egui::Vec2| {
        let n = egui::vec2(-dir.y, dir.x);
        egui::Shape::convex_polygon(
            vec![
                tip + dir * s * 0.1,
                tip - dir * s * 0.35 + n * s * 0.3,
                tip - dir * s * 0.35 - n * s * 0.3,
            ],
            color,
            egui::Stroke::NONE,
        )
    };
    use std::f32::consts::PI;
    match icon {
        Icon::New => {
            // A board's corner and a plus: a fresh game.
            painter.add(line(vec![p(-0.7, -0.2), p(-0.7, 0.7), p(0.2, 0.7)]));
            painter.add(line(vec![p(-0.7, 0.2), p(-0.2, 0.2), p(-0.2, 0.7)]));
            painter.add(line(vec![p(0.3, -0.75), p(0.3, 0.05)]));
            painter.add(line(vec![p(-0.1, -0.35), p(0.7, -0.35)]));
        }
        Icon::Undo | Icon::Redo => {
            // Three quarters of a turn back (or forward), arrow at its end.
            let mirror = if icon == Icon::Undo { 1.0 } else { -1.0 };
            let points: Vec<egui::Pos2> = arc(-0.25 * PI, 1.25 * PI, 0.55)
                .into_iter()
                .map(|q| egui::pos2(c.x + (q.x - c.x) * mirror, q.y))
                .collect();
            let end = points[points.len() - 1];
            painter.add(line(points));
            painter.add(head(end + egui::vec2(0.0, s * 0.05), egui::vec2(0.0, 1.0)));
        }
        Icon::Flip => {
            // Two arrows, up and down.
            painter.add(line(vec![p(-0.3, 0.7), p(-0.3, -0.5)]));
            painter.add(head(p(-0.3, -0.6), egui::vec2(0.0, -1.0)));
            painter.add(line(vec![p(0.3, -0.7), p(0.3, 0.5)]));
            painter.add(head(p(0.3, 0.6), egui::vec2(0.0, 1.0)));
        }
        Icon::Save => {
            // A floppy disk.
            painter.add(line(vec![
                p(-0.7, -0.7),
                p(0.45, -0.7),
                p(0.7, -0.45),
                p(0.7, 0.7),
                p(-0.7, 0.7),
                p(-0.7, -0.7),
            ]));
            painter.add(line(vec![
                p(-0.35, -0.7),
                p(-0.35, -0.3),
                p(0.3, -0.3),
                p(0.3, -0.7),
            ]));
            painter.add(line(vec![
                p(-0.4, 0.7),
                p(-0.4, 0.2),
                p(0.4, 0.2),
                p(0.4, 0.7),
            ]));
        }
        Icon::Analysis => {
            // A graph's line over its axes.
            painter.add(line(vec![p(-0.75, -0.75), p(-0.75, 0.75), p(0.75, 0.75)]));
            painter.add(line(vec![
                p(-0.5, 0.35),
                p(-0.15, -0.1),
                p(0.15, 0.15),
                p(0.65, -0.55),
            ]));
        }
        Icon::Pass => {
            // A jump over a point: the turn handed on without a stone.
            painter.add(line(
                arc(1.05 * PI, 1.95 * PI, 0.6)
                    .into_iter()
                    .map(|q| q + egui::vec2(0.0, s * 0.3))
                    .collect(),
            ));
            painter.add(head(p(0.6, 0.2), egui::vec2(0.3, 1.0)));
            painter.add(egui::Shape::circle_stroke(p(0.0, 0.55), s * 0.18, stroke));
        }
        Icon::Hint => {
            // A light bulb.
            painter.add(line(
                arc(0.8 * PI, 2.2 * PI, 0.5)
                    .into_iter()
                    .map(|q| q - egui::vec2(0.0, s * 0.2))
                    .collect(),
            ));
            painter.add(line(vec![
                p(-0.3, 0.15),
                p(-0.2, 0.45),
                p(0.2, 0.45),
                p(0.3, 0.15),
            ]));
            painter.add(line(vec![p(-0.2, 0.65), p(0.2, 0.65)]));
            painter.add(line(vec![p(-0.1, 0.85), p(0.1, 0.85)]));
        }
    }
}

/// Draws `tools` in a row; a click sends its action. Returns each tool's place.
pub fn row(
    ui: &mut egui::Ui,
    tools: Vec<Tool>,
    send: &mut impl FnMut(Action),
) -> Vec<(&'static str, egui::Rect)> {
    let mut places = Vec::new();
    ui.horizontal(|ui| {
        // Room between the buttons: Undo is never a near miss of New or Redo.
        ui.spacing_mut().item_spacing.x = 8.0;
        for Tool {
            icon,
            name,
            tip,
            on,
            action,
        } in tools
        {
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::click());
            let visuals = ui.style().interact_selectable(&response, on);
            ui.painter().rect(
                rect,
                5.0,
                visuals.weak_bg_fill,
                visuals.bg_stroke,
                egui::StrokeKind::Inside,
            );
            paint_icon(
                ui.painter(),
                rect.shrink(7.0),
                icon,
                visuals.fg_stroke.color,
            );
            // A screen reader names the icon by its tip ("Undo (Ctrl+Z)").
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::WidgetType::Button, true, on, &tip)
            });
            let response = response.on_hover_text(tip);
            if response.clicked() {
                send(action);
            }
            places.push((name, rect));
        }
    });
    places
}
