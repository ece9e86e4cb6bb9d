//! The review in the panel: Review (R) or a progress bar and Stop while the engines
//! work; each side's accuracy and marks when done; the evaluation graph (red above,
//! black below, the move shown marked, the marked moves dotted; a click shows that
//! move).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::xiangqi::model::{ComputerWaits, Model};
use crate::app::xiangqi::review::{ReviewCommand, Reviewed};
use crate::i18n::{Lang, T};
use crate::review::{Mark, summary, win_percent};
use crate::rules::tree::Eval;

/// What the engine's parts of the panel read.
#[derive(SystemParam)]
pub(crate) struct EngineShown<'w> {
    pub(crate) view: Res<'w, crate::app::xiangqi::engine_link::EngineView>,
    pub(crate) waits: Res<'w, ComputerWaits>,
    pub(crate) reviewed: Res<'w, Reviewed>,
}

/// The graph's height.
const HEIGHT: f32 = 70.0;

pub(crate) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    reviewed: &Reviewed,
    lang: Lang,
    logged: &mut Vec<(&'static str, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    ui.horizontal(|ui| match reviewed.progress() {
        Some((found, all)) => {
            ui.add(
                egui::ProgressBar::new(found as f32 / all.max(1) as f32)
                    .desired_width(160.0)
                    .text(format!("{found}/{all}")),
            );
            let b = ui.button(T::ReviewStop.get(lang));
            crate::app::panel::parts::log_place(logged, "review-stop", b.rect);
            if b.clicked() {
                send(Action::own(ReviewCommand::Toggle));
            }
        }
        None => {
            let b = ui.button(format!("{} (R)", T::Review.get(lang)));
            crate::app::panel::parts::log_place(logged, "review", b.rect);
            if b.clicked() {
                send(Action::own(ReviewCommand::Toggle));
            }
        }
    });
    if !reviewed.judged.is_empty() {
        let [red, black] = summary(&reviewed.judged);
        for (name, s) in [(T::InfoRed, red), (T::InfoBlack, black)] {
            ui.label(T::ReviewSummary.fill(
                lang,
                &[
                    &name.get(lang),
                    &format!("{:.0}", s.accuracy),
                    &s.inaccuracies,
                    &s.mistakes,
                    &s.blunders,
                ],
            ));
        }
    }
    if reviewed.found.iter().any(Option::is_some) {
        graph(ui, model, reviewed, logged, send);
    }
}

/// Red's expected score at each position found, in 0–1.
fn share(eval: Eval) -> f32 {
    (win_percent(eval) / 100.0) as f32
}

fn graph(
    ui: &mut egui::Ui,
    model: &Model,
    reviewed: &Reviewed,
    logged: &mut Vec<(&'static str, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, HEIGHT), egui::Sense::click());
    crate::app::panel::parts::log_place(logged, "review-graph", rect);
    let painter = ui.painter_at(rect);
    let n = reviewed.found.len().max(2);
    let x = |i: usize| rect.left() + rect.width() * i as f32 / (n - 1) as f32;
    let y = |s: f32| rect.bottom() - rect.height() * s;
    let mid = y(0.5);
    painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(0x3A, 0x32, 0x2C));
    let red = egui::Color32::from_rgb(0xD0, 0x4A, 0x3A);
    let light = egui::Color32::from_rgb(0xF4, 0xE8, 0xD0);
    // Each found position a bar from the middle: red's share above, black's below.
    for (i, s) in reviewed.found.iter().enumerate() {
        let Some(s) = s else { continue };
        let v = share(s.eval);
        let (top, bottom, color) = if v >= 0.5 {
            (y(v), mid, red)
        } else {
            (mid, y(v), light)
        };
        let half = (rect.width() / n as f32 / 2.0).max(0.5);
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x(i) - half, top),
                egui::pos2(x(i) + half, bottom),
            ),
            0.0,
            color,
        );
    }
    painter.line_segment(
        [egui::pos2(rect.left(), mid), egui::pos2(rect.right(), mid)],
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
    // The marked moves, dotted at the position after them.
    for (i, j) in reviewed.judged.iter().enumerate() {
        let Some(mark) = j.mark else { continue };
        let Some(Some(s)) = reviewed.found.get(i + 1) else {
            continue;
        };
        let color = match mark {
            Mark::Inaccuracy => egui::Color32::from_rgb(0xE8, 0xC0, 0x40),
            Mark::Mistake => egui::Color32::from_rgb(0xE8, 0x80, 0x30),
            Mark::Blunder => egui::Color32::from_rgb(0xE0, 0x30, 0x30),
        };
        painter.circle_filled(egui::pos2(x(i + 1), y(share(s.eval))), 3.0, color);
    }
    // The move shown.
    let shown = reviewed.ply_of(model.cursor()).unwrap_or(0);
    painter.line_segment(
        [
            egui::pos2(x(shown), rect.top()),
            egui::pos2(x(shown), rect.bottom()),
        ],
        egui::Stroke::new(1.5, egui::Color32::from_rgb(0x60, 0xA0, 0xE0)),
    );
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        let i = (((at.x - rect.left()) / rect.width()) * (n - 1) as f32).round() as usize;
        let target = match i {
            0 => Some(model.tree().root()),
            i => reviewed.line.get(i - 1).copied(),
        };
        if let Some(node) = target {
            send(Action::GoTo(node));
        }
    }
}
