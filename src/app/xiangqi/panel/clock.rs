//! The game's buttons under the clocks (which are on the players' cards): pause, resign
//! (asked once) and draw offers; the next game's time control; the clock's format.

use crate::app::xiangqi::messages::DrawCommand;
use crate::i18n::{Lang, T, Word};
use crate::settings::XiangqiSettings;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::Model;
use crate::app::{egui_color, panel};
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
    /// The custom time control being typed.
    custom: Option<String>,
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

/// A clock under ten seconds, and the custom clock's hint.
fn red_text(ui: &egui::Ui) -> egui::Color32 {
    egui_color(parts::colors(ui.ctx()).clock_low)
}

fn control_name(control: Option<Controls>, lang: Lang) -> String {
    control.map_or_else(|| T::NoClock.get(lang).to_owned(), |c| c.to_string())
}

/// The clocks (black's above red's, as on the board), pause, resign and draw, and the
/// next game's time control. Returns a new time control for the settings, if one was
/// chosen.
pub(crate) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    (settings, xq): (&Settings, &XiangqiSettings),
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
        match model.draw_offer() {
            Some(side) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::DrawOffered.fill(lang, &[&side_name(side, lang)]));
                    if ui.button(T::AcceptDraw.get(lang)).clicked() {
                        send(Action::own(DrawCommand::Accept));
                    }
                    if ui.button(T::DeclineDraw.get(lang)).clicked() {
                        send(Action::own(DrawCommand::Decline));
                    }
                });
            }
            // The player resigns or offers a draw on their own move, not the computer's.
            None if xq.computer == Some(turn) => state.confirming_resign = false,
            None if state.confirming_resign => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::ConfirmResign.fill(lang, &[&side_name(turn, lang)]));
                    let button = ui.button(T::Resign.get(lang));
                    state.log_place("confirm-resign", button.rect);
                    if button.clicked() {
                        send(Action::Resign);
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
                    if ui.button(T::OfferDraw.get(lang)).clicked() {
                        send(Action::own(DrawCommand::Offer));
                    }
                });
            }
        }
    } else {
        state.confirming_resign = false;
    }
    // While a game is played the next one's clock folds away, its choice in the title.
    let playing = !over && model.game().ply_count() > 0;
    if playing && state.custom.is_none() {
        let title = format!(
            "{}: {}",
            T::ClockForNewGames.get(lang),
            control_name(xq.clock, lang)
        );
        egui::CollapsingHeader::new(title)
            .id_salt("clock-for-new-games")
            .show(ui, |ui| clock_setting(ui, xq.clock, lang, state))
            .body_returned
            .flatten()
    } else {
        clock_setting(ui, xq.clock, lang, state)
    }
}

/// The next game's time control: none, a preset, or typed.
fn clock_setting(
    ui: &mut egui::Ui,
    current: Option<Controls>,
    lang: Lang,
    state: &mut ClockUi,
) -> Option<Option<Controls>> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.label(T::ClockForNewGames.get(lang));
        egui::ComboBox::from_id_salt("clock")
            .selected_text(control_name(current, lang))
            .show_ui(ui, |ui| {
                let mut options: Vec<Option<Controls>> = vec![None];
                options.extend(PRESETS.iter().copied().map(|p| Some(p.into())));
                for option in options {
                    let label = control_name(option, lang);
                    if ui
                        .add(egui::Button::selectable(option == current, label))
                        .clicked()
                    {
                        chosen = Some(option);
                        state.custom = None;
                    }
                }
                if ui
                    .add(egui::Button::selectable(false, T::CustomClock.get(lang)))
                    .clicked()
                {
                    state.custom = Some(current.map(|c| c.to_string()).unwrap_or_default());
                }
            });
    });
    if let Some(text) = &mut state.custom {
        let field =
            ui.add(egui::TextEdit::singleline(text).hint_text(T::CustomClockHint.get(lang)));
        let parsed = text.parse::<Controls>();
        if !text.is_empty() && parsed.is_err() {
            ui.label(egui::RichText::new(T::CustomClockHint.get(lang)).color(red_text(ui)));
        }
        if field.lost_focus()
            && let Ok(control) = parsed
        {
            chosen = Some(Some(control));
            state.custom = None;
        }
    }
    chosen.filter(|c| *c != current)
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
