//! The review in the panel: Review (R) or a progress bar and Stop while the engines
//! work; each side's accuracy and marks when done; the evaluation graph (red above,
//! black below, the move shown marked, the marked moves dotted; a click shows that
//! move).

use crate::app::xiangqi::messages::GoToMove;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::panel::parts::ScoreGraph;
use crate::app::xiangqi::engine_link::EngineView;
use crate::app::xiangqi::model::{ComputerWaits, Model};
use crate::app::xiangqi::review::{ReviewCommand, Reviewed};
use crate::games::xiangqi::review::{Mark, summary, win_percent};
use crate::i18n::{Lang, T};
use crate::rules::tree::Eval;

/// What the engine's parts of the panel read.
#[derive(SystemParam)]
pub(crate) struct EngineShown<'w> {
    pub(crate) view: Res<'w, EngineView>,
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
            parts::log_place(logged, "review-stop", b.rect);
            if b.clicked() {
                send(Action::own(ReviewCommand::Toggle));
            }
        }
        None => {
            let b = ui.button(format!("{} (R)", T::Review.get(lang)));
            parts::log_place(logged, "review", b.rect);
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
    // Red's expected score as a lead: 100 % is 1, an even game 0.
    let leads: Vec<Option<f32>> = reviewed
        .found
        .iter()
        .map(|s| s.as_ref().map(|s| share(s.eval) * 2.0 - 1.0))
        .collect();
    // The marked moves, dotted at the position after them.
    let marks = reviewed
        .judged
        .iter()
        .enumerate()
        .filter_map(|(i, j)| {
            let color = match j.mark? {
                Mark::Inaccuracy => egui::Color32::from_rgb(0xE8, 0xC0, 0x40),
                Mark::Mistake => egui::Color32::from_rgb(0xE8, 0x80, 0x30),
                Mark::Blunder => egui::Color32::from_rgb(0xE0, 0x30, 0x30),
            };
            Some((i + 1, color))
        })
        .collect();
    let graph = ScoreGraph {
        leads: &leads,
        marks,
        shown: reviewed.ply_of(model.cursor()).unwrap_or(0),
        colors: [
            egui::Color32::from_rgb(0x3A, 0x32, 0x2C),
            egui::Color32::from_rgb(0xD0, 0x4A, 0x3A),
            egui::Color32::from_rgb(0xF4, 0xE8, 0xD0),
            egui::Color32::from_rgb(0x60, 0xA0, 0xE0),
        ],
    };
    if let Some(i) = graph.show(ui, HEIGHT, (logged, "review-graph")) {
        let target = match i {
            0 => Some(model.tree().root()),
            i => reviewed.line.get(i - 1).copied(),
        };
        if let Some(node) = target {
            send(Action::own(GoToMove(node)));
        }
    }
}
