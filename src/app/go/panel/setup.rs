//! A new game: its size buttons, its rules, komi, handicap and clock folded away (the
//! slots are the table's dialog).

use bevy_egui::egui;

use super::{GoUi, button};
use crate::app::actions::Action;
use crate::app::go::{GoCommand, GoSetup, GoTable};
use crate::go::{Rules, handicap};
use crate::i18n::go_rules;
use crate::i18n::{GoText as G, Lang};
use crate::rules::TimeControl;

/// The clocks offered for a new game: base + increment, and base + 读秒 (`/30`: 30
/// seconds a move once the base is spent).
const CLOCKS: [&str; 6] = ["5+3", "10+5", "30+10", "10+0/30", "30+0/30", "60+0/60"];

/// A new game: rules, komi, handicap chosen, then a size button starts it.
pub(super) fn new_game(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    ui.strong(G::NewGame.get(lang));
    // The choices of the next game fold away while one is played; a size starts it.
    egui::CollapsingHeader::new(G::NewGameChoices.get(lang))
        .id_salt("go-new-game")
        .show(ui, |ui| new_game_choices(ui, table, lang, state));
    let setup = state.setup.unwrap_or(table.setup);
    ui.horizontal(|ui| {
        for (size, name) in [(9u8, "go-9"), (13, "go-13"), (19, "go-19")] {
            if button(ui, state, &format!("{size}×{size}"), name) {
                let most = handicap::most_stones(size);
                send(Action::own(GoCommand::New(GoSetup {
                    size,
                    handicap: if setup.handicap < 2 {
                        0
                    } else {
                        setup.handicap.min(most)
                    },
                    ..setup
                })));
            }
        }
    });
}

/// The new game's rules, komi, handicap and clock.
fn new_game_choices(ui: &mut egui::Ui, table: &GoTable, lang: Lang, state: &mut GoUi) {
    let mut setup = state.setup.unwrap_or(table.setup);
    ui.horizontal(|ui| {
        ui.label(G::Rules.get(lang));
        let before = setup.rules;
        egui::ComboBox::from_id_salt("go-rules")
            .selected_text(go_rules(Rules::PRESETS[setup.rules].name, lang))
            .show_ui(ui, |ui| {
                for (i, r) in Rules::PRESETS.iter().enumerate() {
                    ui.selectable_value(&mut setup.rules, i, go_rules(r.name, lang));
                }
            });
        if setup.rules != before {
            setup.komi_halves = GoSetup::of(setup.size, setup.rules).komi_halves;
        }
    });
    ui.horizontal(|ui| {
        ui.label(G::Komi.get(lang));
        let mut komi = f32::from(setup.komi_halves) / 2.0;
        ui.add(
            egui::DragValue::new(&mut komi)
                .speed(0.5)
                .range(-50.0..=50.0),
        );
        setup.komi_halves = (komi * 2.0).round() as i16;
        ui.label(G::Handicap.get(lang));
        ui.add(egui::DragValue::new(&mut setup.handicap).range(0..=9));
    });
    ui.horizontal(|ui| {
        ui.label(G::Clock.get(lang));
        let name = |t: Option<TimeControl>| {
            t.map_or_else(|| G::NoClock.get(lang).to_owned(), |t| t.to_string())
        };
        egui::ComboBox::from_id_salt("go-clock")
            .selected_text(name(setup.time))
            .show_ui(ui, |ui| {
                for t in std::iter::once(None).chain(CLOCKS.iter().map(|t| t.parse().ok())) {
                    ui.selectable_value(&mut setup.time, t, name(t));
                }
            });
    });
    state.setup = Some(setup);
}
