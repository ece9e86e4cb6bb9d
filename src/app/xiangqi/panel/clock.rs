//! The game's buttons under the clocks (which are on the players' cards): pause, resign
//! (asked once) and draw offers; the next game's time control; the clock's format.

use crate::app::xiangqi::messages::DrawCommand;
use crate::i18n::{Lang, T, Word};
use crate::settings::XiangqiSettings;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel;
use crate::app::panel::parts;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::Model;
pub use crate::clock::format_left;
use crate::rules::{Color as Side, Controls, time::PRESETS};

fn side_name(side: Side, lang: Lang) -> &'static str {
    crate::i18n::side(side, lang)
}
/// What the panel's clock block asks for.
#[derive(Default)]
pub(crate) struct ClockUi {
    /// The resign button was pressed once: it asks before it resigns.
    confirming_resign: bool,
    /// The same for the far player's, face to face.
    pub(crate) across_resign: bool,
    /// The next game's clock being chosen.
    choice: crate::app::odds::ClockChoice,
    /// Where its parts were last logged.
    choice_logged: Vec<(String, (i32, i32))>,
    /// Where the resign buttons were last logged.
    logged: Vec<(&'static str, (i32, i32))>,
}

impl ClockUi {
    /// Logs where a button is when that changes: for whoever reads the log (the window
    /// tests press Resign).
    pub(crate) fn log_place(&mut self, what: &'static str, rect: egui::Rect) {
        let at = panel::screen_at(rect);
        if !self.logged.contains(&(what, at)) {
            bevy::log::info!("panel {what} at {},{}", at.0, at.1);
            self.logged.retain(|(w, _)| *w != what);
            self.logged.push((what, at));
        }
    }
}

fn control_name(control: Option<Controls>, lang: Lang) -> String {
    control.map_or_else(|| T::NoClock.get(lang).to_owned(), |c| c.to_string())
}

/// The clocks (black's above red's, as on the board), pause, resign and draw, and the
/// next game's time control; face to face the resign and draw are the `near` side's.
/// Returns a new time control for the settings, if one was chosen.
pub(crate) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    (settings, xq, near): (&Settings, &XiangqiSettings, Option<Side>),
    state: &mut ClockUi,
    send: &mut impl FnMut(Action),
) -> Option<Option<Controls>> {
    let lang = settings.lang;
    let over = model.outcome().is_some();
    // The clocks themselves are on the players' cards.
    if let Some(clock) = model.clock().filter(|_| !over) {
        let label = if clock.is_paused() {
            T::ResumeClock
        } else {
            T::PauseClock
        };
        ui.horizontal(|ui| {
            if ui.button(label.get(lang)).clicked() {
                send(Action::TogglePause);
            }
            if clock.is_paused() {
                ui.label(egui::RichText::new(T::ClockPaused.get(lang)).weak());
            }
        });
    }
    if !over && !model.is_reviewing() {
        let turn = model.game().position().turn();
        // Face to face these are the near player's buttons, whoever is to move (issue 91:
        // red's 认输 resigned for black on black's move); else the side to move's.
        let player = near.unwrap_or(turn);
        let resign = || match near {
            Some(side) => Action::own(DrawCommand::ResignAs(side)),
            None => Action::Resign,
        };
        match model.draw_offer() {
            // One's own offer waits for the player across to answer it on their card.
            Some(side) if near == Some(side) => {
                ui.label(T::DrawOffered.fill(lang, &[&side_name(side, lang)]));
            }
            Some(side) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::DrawOffered.fill(lang, &[&side_name(side, lang)]));
                    let accept = ui.button(T::AcceptDraw.get(lang));
                    state.log_place("accept-draw", accept.rect);
                    if accept.clicked() {
                        send(Action::own(DrawCommand::Accept));
                    }
                    let decline = ui.button(T::DeclineDraw.get(lang));
                    state.log_place("decline-draw", decline.rect);
                    if decline.clicked() {
                        send(Action::own(DrawCommand::Decline));
                    }
                });
            }
            // The player resigns or offers a draw on their own move, not the computer's.
            None if xq.computer == Some(player) => state.confirming_resign = false,
            None if state.confirming_resign => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::ConfirmResign.fill(lang, &[&side_name(player, lang)]));
                    let button = ui.button(T::Resign.get(lang));
                    state.log_place("confirm-resign", button.rect);
                    if button.clicked() {
                        send(resign());
                        state.confirming_resign = false;
                    }
                    if ui.button(Word::Cancel.get(lang)).clicked() {
                        state.confirming_resign = false;
                    }
                });
            }
            None => {
                ui.horizontal(|ui| {
                    let button = ui.button(T::Resign.get(lang));
                    state.log_place("resign", button.rect);
                    if button.clicked() {
                        state.confirming_resign = true;
                    }
                    let offer = ui.button(T::OfferDraw.get(lang));
                    state.log_place("offer-draw", offer.rect);
                    if offer.clicked() {
                        send(Action::own(match near {
                            Some(side) => DrawCommand::OfferFrom(side),
                            None => DrawCommand::Offer,
                        }));
                    }
                });
            }
        }
    } else {
        state.confirming_resign = false;
    }
    // While a game is played the next one's clock folds away, its choice in the title.
    let playing = !over && model.game().ply_count() > 0;
    if playing && !state.choice.typing() {
        let title = format!(
            "{}: {}",
            T::ClockForNewGames.get(lang),
            control_name(xq.clock, lang)
        );
        egui::CollapsingHeader::new(title)
            .id_salt("clock-for-new-games")
            .show(ui, |ui| clock_setting(ui, "clock", (xq.clock, lang), state))
            .body_returned
            .flatten()
    } else {
        clock_setting(ui, "clock", (xq.clock, lang), state)
    }
}

/// The new-game dialog's clock: the panel's choice, and the odds the two seated
/// players' ratings suggest. A new choice, if one was made.
pub(crate) fn dialog_clock(
    ui: &mut egui::Ui,
    (settings, xq, household): (&Settings, &XiangqiSettings, &table::household::Household),
    state: &mut ClockUi,
) -> Option<Option<Controls>> {
    let lang = settings.lang;
    let chosen = clock_setting(ui, "new-clock", (xq.clock, lang), state);
    let now = chosen.unwrap_or(xq.clock);
    let logged = &mut state.choice_logged;
    let mut log = |what: String, rect: egui::Rect| parts::log_place(logged, what, rect);
    let rated = (
        household,
        &settings.seats,
        crate::games::xiangqi::kept::XIANGQI,
    );
    let taken =
        crate::app::odds::suggestion(ui, rated, (now, PRESETS[1]), ("new-clock", lang), &mut log);
    taken.map(Some).or(chosen)
}

/// The next game's time control: none, a preset, or typed; each side's apart.
fn clock_setting(
    ui: &mut egui::Ui,
    id: &str,
    (current, lang): (Option<Controls>, Lang),
    state: &mut ClockUi,
) -> Option<Option<Controls>> {
    let offer = crate::app::odds::Offer {
        id,
        presets: &PRESETS,
        sides: [side_name(Side::Red, lang), side_name(Side::Black, lang)],
    };
    let logged = &mut state.choice_logged;
    let mut log = |what: String, rect: egui::Rect| parts::log_place(logged, what, rect);
    crate::app::odds::choose(ui, &offer, current, lang, &mut state.choice, &mut log)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn times_read_as_on_a_clock() {
        let ms = Duration::from_millis;
        assert_eq!(format_left(ms(595_000)), "9:55");
        assert_eq!(format_left(ms(3_723_000)), "1:02:03");
        assert_eq!(format_left(ms(10_000)), "0:10");
        assert_eq!(format_left(ms(9_940)), "9.9");
        assert_eq!(format_left(ms(0)), "0.0");
    }
}
