//! The count after two passes: area and territory side by side, live; accept, or play
//! on, or ask GNU Go which stones are dead.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{GoUi, button};
use crate::app::actions::Action;
use crate::app::go::{GoCommand, GoTable};
use crate::go::Score;
use crate::i18n::go_result;
use crate::i18n::{GoText as G, Lang};

/// The count: each way of counting in a column, a row a part; accept, or play on.
pub(super) fn show(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    ui.label(match table.result() {
        Some(_) => G::Accepted.get(lang),
        None => G::Counting.get(lang),
    });
    if table.counting().is_some_and(|c| !c.suggested) {
        ui.label(G::Suggesting.get(lang));
    }
    let Some((ours, other)) = table.scores() else {
        return;
    };
    let (area, territory) = match ours.scoring {
        crate::go::Scoring::Area => (&ours, &other),
        crate::go::Scoring::Territory => (&other, &ours),
    };
    // Logged when it changes: the window tests read the count.
    let line = format!("go count area {area} territory {territory}");
    if state.count != line {
        info!("{line}");
        state.count = line;
    }
    egui::Grid::new("go-count").striped(true).show(ui, |ui| {
        ui.label("");
        for s in [area, territory] {
            let name = match s.scoring {
                crate::go::Scoring::Area => G::Area.get(lang),
                crate::go::Scoring::Territory => G::Territory.get(lang),
            };
            // The game's own way of counting stands out.
            if s.scoring == ours.scoring {
                ui.strong(name);
            } else {
                ui.label(name);
            }
        }
        ui.end_row();
        let both = |v: [f32; 2]| format!("{} : {}", v[0], v[1]);
        let rows: [(G, fn(&Score) -> [f32; 2]); 4] = [
            (G::Stones, |s| s.stones.map(|v| v as f32)),
            (G::Points, |s| s.territory.map(|v| v as f32)),
            (G::Taken, |s| s.prisoners.map(|v| v as f32)),
            (G::Total, |s| s.total),
        ];
        for (name, part) in rows {
            ui.label(name.get(lang));
            for s in [area, territory] {
                ui.label(both(part(s)));
            }
            ui.end_row();
        }
        ui.label(G::KomiRow.get(lang));
        for s in [area, territory] {
            ui.label(format!("{}", s.komi));
        }
        ui.end_row();
        ui.label("");
        for s in [area, territory] {
            ui.label(s.result());
        }
        ui.end_row();
    });
    ui.strong(go_result(&ours.result(), lang));
    ui.horizontal(|ui| {
        if table.result().is_none() && button(ui, state, G::Accept.get(lang), "go-accept") {
            send(Action::own(GoCommand::Accept));
        }
        if button(ui, state, G::PlayOn.get(lang), "go-play-on") {
            send(Action::own(GoCommand::PlayOn));
        }
    });
    ui.horizontal(|ui| {
        if table.result().is_none() && button(ui, state, G::AskGnuGo.get(lang), "go-ask-gnugo") {
            send(Action::own(GoCommand::AskDead));
        }
    });
}
