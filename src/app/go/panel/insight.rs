//! GNU Go's opinion in the panel, labelled as its own: the territory toggle (A) with
//! its estimate of the score, a hint (H) and its reasons, the review (R, a progress bar
//! and Stop while it runs) with its graph (black's lead above the middle, white's
//! below; the marked moves dotted, the move shown a line; a click shows that move) and
//! what it says of the move shown.

use bevy_egui::egui;

use super::{GoUi, button};
use crate::app::actions::Action;
use crate::app::go::gnugo::{hint, review::GoReviewed, territory::Territory};
use crate::app::go::{GoCommand, GoTable};
use crate::app::panel::parts;
use crate::app::panel::parts::ScoreGraph;
use crate::games::go::review::{Mark, score_text};
use crate::go::Color;
use crate::i18n::{GoText as G, Lang};

/// The graph's height.
const HEIGHT: f32 = 64.0;

pub(super) fn show(
    ui: &mut egui::Ui,
    table: &GoTable,
    gnugo: (&Territory, &hint::Hinted, &GoReviewed),
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    let (territory, hinted, reviewed) = gnugo;
    let go = |c: GoCommand| Action::own(c);
    ui.label(egui::RichText::new(G::GnuGoOpinion.get(lang)).strong());
    ui.horizontal_wrapped(|ui| {
        let t = ui.selectable_label(territory.shown, G::TerritoryButton.get(lang));
        parts::log_place(&mut state.logged, "go-territory", t.rect);
        if t.clicked() {
            send(go(GoCommand::Territory));
        }
        if button(ui, state, G::HintButton.get(lang), "go-gnugo-hint") {
            send(Action::Hint);
        }
        match reviewed.progress() {
            Some((seen, all)) => {
                ui.add(
                    egui::ProgressBar::new(seen as f32 / all.max(1) as f32)
                        .desired_width(90.0)
                        .text(format!("{seen}/{all}")),
                );
                if button(ui, state, G::ReviewStop.get(lang), "go-review-stop") {
                    send(go(GoCommand::Review));
                }
            }
            None => {
                if button(ui, state, G::ReviewButton.get(lang), "go-review") {
                    send(go(GoCommand::Review));
                }
            }
        }
    });
    if territory.shown {
        ui.label(match territory.now(table) {
            Some(t) => G::TerritoryScore.fill(lang, &[&said_score(t.score, lang)]),
            None => G::TerritoryAsking.get(lang).to_owned(),
        });
    }
    if let Some(c) = hinted.now(table) {
        ui.label(hint::said(c, table.size(), lang));
    }
    if reviewed.any() {
        let count = |side| {
            reviewed
                .steps
                .iter()
                .flatten()
                .filter(|s| s.mover == side && s.mark.is_some())
                .count()
        };
        ui.label(G::ReviewMarks.fill(lang, &[&count(Color::Black), &count(Color::White)]));
        graph(ui, table, reviewed, state, send);
        shown_move(ui, table, reviewed, lang);
    }
}

/// What the review says of the move shown.
fn shown_move(ui: &mut egui::Ui, table: &GoTable, reviewed: &GoReviewed, lang: Lang) {
    let size = table.size();
    let ply = table.game().moves().len();
    let Some(m) = ply.checked_sub(1) else { return };
    let (Some(Some(step)), Some(Some(score))) = (reviewed.steps.get(m), reviewed.scores.get(ply))
    else {
        return;
    };
    ui.label(G::ReviewMove.fill(
        lang,
        &[&ply, &step.played.gtp(size), &said_score(*score, lang)],
    ));
    if step.best.mv != step.played {
        let text = hint::would_play(&step.best, &step.reasons, size, lang);
        ui.label(text);
        let glyph = step.mark.map_or("", Mark::glyph);
        ui.label(G::ReviewCost.fill(lang, &[&format!("{:.1}", step.loss.max(0.0)), &glyph]));
    }
}

fn graph(
    ui: &mut egui::Ui,
    table: &GoTable,
    reviewed: &GoReviewed,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    // The scale: the largest lead, at least ten points.
    let most = reviewed
        .scores
        .iter()
        .flatten()
        .fold(10.0f32, |m, s| m.max(s.abs()));
    let leads: Vec<Option<f32>> = reviewed
        .scores
        .iter()
        .map(|s| s.map(|s| s / most))
        .collect();
    let marks = reviewed
        .steps
        .iter()
        .enumerate()
        .filter_map(|(m, step)| {
            let color = match step.as_ref()?.mark? {
                Mark::Mistake => egui::Color32::from_rgb(0xE8, 0x80, 0x30),
                Mark::Blunder => egui::Color32::from_rgb(0xE0, 0x30, 0x30),
            };
            Some((m + 1, color))
        })
        .collect();
    let graph = ScoreGraph {
        leads: &leads,
        marks,
        shown: table.game().moves().len(),
        colors: [
            egui::Color32::from_rgb(0xC8, 0xA8, 0x70),
            egui::Color32::from_rgb(0x1C, 0x1C, 0x1E),
            egui::Color32::from_rgb(0xF4, 0xF2, 0xEC),
            egui::Color32::from_rgb(0x30, 0x70, 0xD0),
        ],
    };
    if let Some(ply) = graph.show(ui, HEIGHT, (&mut state.logged, "go-review-graph")) {
        let node = if ply == 0 {
            table.whole_nodes().first().copied()
        } else {
            table
                .whole_line()
                .into_iter()
                .find(|&(_, p, _, _)| p == ply)
                .map(|(node, ..)| node)
        };
        if let Some(node) = node {
            send(Action::own(GoCommand::GoTo(node)));
        }
    }
}

/// An estimate as a player says it: 黑胜 42.5 目, "Black wins by 42.5", not `B+42.5`.
fn said_score(score: f32, lang: Lang) -> String {
    crate::i18n::go_result(&score_text(score), lang)
}
