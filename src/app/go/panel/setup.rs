//! A new game: its size buttons, its rules, komi, handicap and clock folded away (the
//! slots are the table's dialog).

use bevy_egui::egui;

use bevy::prelude::*;

use super::{GoUi, button};
use crate::app::actions::Action;
use crate::app::go::table::GoNext;
use crate::app::go::{GoCommand, GoSetup, GoTable};
use crate::app::levels;
use crate::app::odds::{self, ClockChoice, Offer};
use crate::app::panel::parts;
use crate::app::shell::model::Settings;
use crate::go::Color;
use crate::go::{Rules, handicap};
use crate::i18n::{GoText as G, Lang, go_rules, go_side};
use crate::rules::TimeControl;

/// The clocks offered for a new game: base + increment, and base + 读秒 (`/30`: 30
/// seconds a move once the base is spent).
const CLOCKS: [TimeControl; 6] = [
    TimeControl::minutes(5, 3),
    TimeControl::minutes(10, 5),
    TimeControl::minutes(30, 10),
    byoyomi(10, 30),
    byoyomi(30, 30),
    byoyomi(60, 60),
];

/// `minutes` then 读秒 of `seconds` a move.
const fn byoyomi(minutes: u64, seconds: u64) -> TimeControl {
    TimeControl {
        byoyomi: Some(std::time::Duration::from_secs(seconds)),
        ..TimeControl::minutes(minutes, 0)
    }
}

/// The next game's clock as it is being chosen, and where its parts were logged.
#[derive(Default)]
pub(crate) struct ClockUi(ClockChoice, Vec<(String, (i32, i32))>);

/// A new game: rules, komi, handicap chosen, then a size button starts it.
pub(super) fn new_game(
    ui: &mut egui::Ui,
    table: &GoTable,
    next: &mut Option<GoSetup>,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    ui.strong(G::NewGame.get(lang));
    // The choices of the next game fold away while one is played; a size starts it.
    egui::CollapsingHeader::new(G::NewGameChoices.get(lang))
        .id_salt("go-new-game")
        .show(ui, |ui| {
            new_game_choices(ui, table, next, lang, ("go-clock", &mut state.clock))
        });
    let setup = next.unwrap_or(table.setup);
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
fn new_game_choices(
    ui: &mut egui::Ui,
    table: &GoTable,
    next: &mut Option<GoSetup>,
    lang: Lang,
    (id, ClockUi(clock, logged)): (&str, &mut ClockUi),
) {
    let mut setup = next.unwrap_or(table.setup);
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
    let offer = Offer {
        id,
        presets: &CLOCKS,
        sides: [go_side(Color::Black, lang), go_side(Color::White, lang)],
    };
    let mut log = |what: String, rect: egui::Rect| parts::log_place(logged, what, rect);
    if let Some(time) = odds::choose(ui, &offer, setup.time, lang, clock, &mut log) {
        setup.time = time;
    }
    if setup != next.unwrap_or(table.setup) {
        *next = Some(setup);
    }
}

/// How many Elo-like rating points a handicap stone is worth: the usual rule of thumb
/// (the EGF's ratings put a rank about 100 apart).
const POINTS_A_STONE: f64 = 100.0;

/// The handicap the two players' Go ratings suggest: the stronger one's name, the
/// weaker one's, the stones (1: the weaker takes black without komi), and whether the
/// stronger sits at black now (the sides then swap). `None` without two ratings, or
/// for players within half a stone.
#[must_use]
pub fn suggested(
    household: &table::household::Household,
    seats: &[String; 2],
) -> Option<(String, String, u8, bool)> {
    let rating = |seat: usize| household.rating(&seats[seat], crate::games::go::kept::GO);
    let (black, white) = (rating(0)?, rating(1)?);
    let stones = ((black - white).abs() / POINTS_A_STONE).round().min(9.0) as u8;
    if stones == 0 {
        return None;
    }
    let stronger_at_black = black > white;
    let (strong, weak) = if stronger_at_black { (0, 1) } else { (1, 0) };
    Some((
        seats[strong].clone(),
        seats[weak].clone(),
        stones,
        stronger_at_black,
    ))
}

/// The new-game dialog's Go part: the size, rules, komi, handicap and clock (the same
/// choices as the panel's), and a handicap the two players' ratings suggest, taken
/// with a click, never forced.
/// Who GNU Go plays in the next game, and at what level (a level that gives stones
/// gives them when the game starts).
fn computer_choices(
    ui: &mut egui::Ui,
    (table, next): (&GoTable, &mut Option<crate::games::go::GoSetup>),
    (household, seats): (&table::household::Household, &[String; 2]),
    lang: Lang,
    logged: &mut Vec<(String, (i32, i32))>,
) {
    let mut setup = next.unwrap_or(table.setup);
    let before = setup.computer;
    ui.horizontal_wrapped(|ui| {
        ui.label(G::GnuGoPlays.get(lang));
        for (side, text, name) in [
            (None, G::Nobody.get(lang), "go-new-computer-none"),
            (
                Some(Color::Black),
                crate::i18n::GoText::GnuGoBlack.get(lang),
                "go-new-computer-black",
            ),
            (
                Some(Color::White),
                crate::i18n::GoText::GnuGoWhite.get(lang),
                "go-new-computer-white",
            ),
        ] {
            let b = ui.selectable_value(&mut setup.computer, side, text);
            parts::log_place(logged, name.to_owned(), b.rect);
        }
    });
    if let Some(side) = setup.computer {
        let rows = super::level_rows(lang);
        let seat = usize::from(side == Color::White);
        // GNU Go just chosen: at the level of the player it meets, their ladder's.
        if before.is_none() && setup.level.is_none() {
            setup.level = levels::starting_level(household, seats, seat, "go");
        }
        let player = levels::opponent(household, seats, seat, "go");
        let none = crate::i18n::T::GoNoLevel.get(lang);
        let mut log = |what: String, rect: egui::Rect| {
            parts::log_place(logged, what, rect);
        };
        let list = ("go-new-level", &rows[..], none);
        if let Some(chosen) = levels::level_ui(ui, list, setup.level, player, lang, &mut log) {
            setup.level = chosen;
        }
    }
    if setup != next.unwrap_or(table.setup) {
        *next = Some(setup);
    }
}

pub(crate) fn dialog_section(
    InMut(ui): InMut<egui::Ui>,
    table: Res<GoTable>,
    mut next: ResMut<GoNext>,
    mut settings: ResMut<Settings>,
    household: Res<table::household::Household>,
    (mut logged, mut clock): (Local<Vec<(String, (i32, i32))>>, Local<ClockUi>),
) {
    let lang = settings.lang;
    let mut setup = next.0.unwrap_or(table.setup);
    ui.horizontal(|ui| {
        for (size, name) in [(9u8, "go-size-9"), (13, "go-size-13"), (19, "go-size-19")] {
            let b = ui.selectable_value(&mut setup.size, size, format!("{size}×{size}"));
            parts::log_place(&mut logged, name.to_owned(), b.rect);
        }
    });
    if setup != next.0.unwrap_or(table.setup) {
        next.0 = Some(setup);
    }
    let before = next.0.unwrap_or(table.setup).time;
    new_game_choices(
        &mut *ui,
        &table,
        &mut next.0,
        lang,
        ("go-new-clock", &mut clock),
    );
    let rated = (&*household, &settings.seats, crate::games::go::kept::GO);
    let time = next.0.unwrap_or(table.setup).time;
    let ClockUi(_, clock_logged) = &mut *clock;
    let mut log = |what: String, rect: egui::Rect| parts::log_place(clock_logged, what, rect);
    if let Some(odds) = odds::suggestion(
        &mut *ui,
        rated,
        (time, CLOCKS[1]),
        ("go-new-clock", lang),
        &mut log,
    ) {
        next.0 = Some(GoSetup {
            time: Some(odds),
            ..next.0.unwrap_or(table.setup)
        });
    }
    let time = next.0.unwrap_or(table.setup).time;
    if time != before {
        info!(
            "go next clock {}",
            time.map_or("none".to_owned(), |t| t.to_string())
        );
    }
    computer_choices(
        ui,
        (&table, &mut next.0),
        (&household, &settings.seats),
        lang,
        &mut logged,
    );
    if let Some((strong, weak, stones, swap)) = suggested(&household, &settings.seats) {
        ui.horizontal_wrapped(|ui| {
            let line = G::HandicapSuggested.fill(lang, &[&strong, &weak, &stones.to_string()]);
            ui.label(egui::RichText::new(line).small());
            let take = ui.small_button(G::TakeSuggestion.get(lang));
            parts::log_place(&mut logged, "go-take-handicap".to_owned(), take.rect);
            if take.clicked() {
                let mut setup = next.0.unwrap_or(table.setup);
                // One stone is black's first move without komi; more are placed stones
                // with half a point of komi.
                setup.handicap = if stones < 2 { 0 } else { stones };
                setup.komi_halves = 1;
                next.0 = Some(setup);
                if swap {
                    settings.seats.swap(0, 1);
                }
                info!("go handicap taken: {stones}, seats {:?}", settings.seats);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use table::household::{Household, Profile, ProfileGame};

    fn rated(name: &str, rating: f64) -> Profile {
        Profile {
            id: 1,
            name: name.to_owned(),
            look: None,
            colour: None,
            games: vec![ProfileGame {
                slug: crate::games::go::kept::GO.to_owned(),
                rating: Some((rating, 60.0)),
                ..ProfileGame::default()
            }],
        }
    }

    #[test]
    fn the_ratings_suggest_a_stone_a_hundred_points_and_the_weaker_player_at_black() {
        let household = Household {
            players: vec![
                rated("Dad", 1810.0),
                rated("Mei", 1500.0),
                rated("Li", 1530.0),
            ],
        };
        let seats = |a: &str, b: &str| [a.to_owned(), b.to_owned()];
        assert_eq!(
            suggested(&household, &seats("Dad", "Mei")),
            Some(("Dad".into(), "Mei".into(), 3, true)),
            "Dad at black is stronger: the sides swap"
        );
        assert_eq!(
            suggested(&household, &seats("Mei", "Dad")),
            Some(("Dad".into(), "Mei".into(), 3, false))
        );
        assert_eq!(
            suggested(&household, &seats("Mei", "Li")),
            None,
            "within half a stone"
        );
        assert_eq!(
            suggested(&household, &seats("Mei", "")),
            None,
            "a guest is not rated"
        );
    }
}
