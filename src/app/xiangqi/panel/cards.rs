//! The players' cards and the toolbar. A card per side, in the board's order (the side
//! at the top of the board above the moves, the other below them): the side's general
//! as the board draws it, the player's name, the clock, and the pieces this side has
//! taken drawn small; the side to move framed. The toolbar holds the frequent commands
//! as drawn icons, spaced so a mis-click is hard, each with its name and key.

use std::time::Duration;

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::egui_color;
use crate::app::panel::parts::{colors, piece_icon};
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::Model;
use crate::clock::LOW;
use crate::i18n::{Lang, T};
use crate::rules::{Color as Side, Piece, Role};

/// The name on a side's card: the game's player (its `Red`/`Black` tag), else the
/// engine when the computer plays that side, else the side.
fn player_name(model: &Model, settings: &Settings, side: Side) -> String {
    let tag = match side {
        Side::Red => "Red",
        Side::Black => "Black",
    };
    let named = model
        .tags()
        .iter()
        .find(|(k, v)| k == tag && !v.trim().is_empty() && v.trim() != "?")
        .map(|(_, v)| v.trim().to_owned());
    let side_name = crate::i18n::side(side, settings.lang);
    match named {
        Some(name) => format!("{side_name} · {name}"),
        None if settings.computer == Some(side) => format!("{side_name} · Fairy-Stockfish"),
        None => side_name.to_owned(),
    }
}

/// One side's card.
pub(crate) fn card(ui: &mut egui::Ui, model: &Model, settings: &Settings, side: Side) {
    let pos = model.shown_position();
    let over = model.outcome().is_some() && !model.is_reviewing();
    let to_move = pos.turn() == side && !over;
    let palette = colors(ui.ctx());
    let mut frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(8, 6))
        .corner_radius(6.0)
        .stroke(egui::Stroke::new(
            1.0,
            ui.visuals().widgets.noninteractive.bg_stroke.color,
        ));
    if to_move {
        frame = frame
            .fill(egui_color(palette.clock_running))
            .stroke(egui::Stroke::new(2.0, egui_color(palette.clock_frame)));
    }
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            piece_icon(ui, Piece::new(side, Role::General), 28.0);
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 2.0;
                let full = player_name(model, settings, side);
                let name = egui::RichText::new(&full).strong();
                // Cut to the card's width, the whole name on hover.
                ui.add(egui::Label::new(name).truncate())
                    .on_hover_text(full);
                let lang = settings.lang;
                let what = if to_move { T::ToMove.get(lang) } else { "" };
                ui.label(egui::RichText::new(what).small());
            });
            if let Some(clock) = model.clock() {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    clock_text(ui, clock.left(side), clock.in_byoyomi(side), settings.lang);
                });
            }
        });
        // What this side has taken: the other side's pieces.
        let taken = &model.captured()[side.other().index()];
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(1.0, 1.0);
            ui.set_min_height(22.0);
            for &p in taken {
                piece_icon(ui, p, 22.0);
            }
        });
    });
}

fn clock_text(ui: &mut egui::Ui, left: Duration, byoyomi: bool, lang: Lang) {
    let mut text = egui::RichText::new(crate::clock::format_left(left))
        .size(28.0)
        .monospace();
    if left < LOW {
        text = text.color(egui_color(colors(ui.ctx()).clock_low));
    }
    ui.label(text);
    if byoyomi {
        ui.label(egui::RichText::new(T::Byoyomi.get(lang)).small());
    }
}

/// A drawn icon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Icon {
    New,
    Undo,
    Redo,
    Flip,
    Save,
    Analysis,
    Hint,
}

/// Paints `icon` in `rect` with strokes of `color`.
fn paint_icon(painter: &egui::Painter, rect: egui::Rect, icon: Icon, color: egui::Color32) {
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

/// The toolbar: new, undo, redo, flip, save, analysis, hint. Returns each tool's place
/// for the log.
pub(crate) fn toolbar(
    ui: &mut egui::Ui,
    lang: Lang,
    analysing: bool,
    send: &mut impl FnMut(Action),
) -> Vec<(&'static str, egui::Rect)> {
    let tools = [
        (Icon::New, "tool-new", T::NewGame, "Ctrl+R", Action::NewGame),
        (Icon::Undo, "tool-undo", T::Undo, "Ctrl+Z", Action::Undo),
        (Icon::Redo, "tool-redo", T::Redo, "Ctrl+Y", Action::Redo),
        (Icon::Flip, "tool-flip", T::Flip, "F", Action::Flip),
        (Icon::Save, "tool-save", T::Save, "Ctrl+S", Action::Save),
        (
            Icon::Analysis,
            "tool-analysis",
            T::Analysis,
            "A",
            Action::ToggleAnalysis,
        ),
        (Icon::Hint, "tool-hint", T::HintButton, "H", Action::Hint),
    ];
    let mut places = Vec::new();
    ui.horizontal(|ui| {
        // Room between the buttons: Undo is never a near miss of New or Redo.
        ui.spacing_mut().item_spacing.x = 8.0;
        for (icon, name, t, keys, action) in tools {
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::click());
            // The analysis button stays lit while the engine analyses.
            let on = icon == Icon::Analysis && analysing;
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
            let response = response.on_hover_text(format!("{} ({keys})", t.get(lang)));
            if response.clicked() {
                send(action);
            }
            places.push((name, rect));
        }
    });
    places
}
