//! The game clock and the other ways a game ends at a club table: each frame's real
//! time goes to the session's clock (a flag fall ends the game), Space pauses, the side
//! to move may resign or offer a draw. The clocks are drawn large at the top of the
//! panel ([`show`]); the window redraws only when the shown time changes, and not at
//! all while nothing runs.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::egui;

use super::messages::{Action, AppSet, BoardChanged, ClockLow, GameEnded, Notice};
use super::model::{GameChoice, Model, Overlay, Settings};
use crate::i18n::{Lang, T};
use crate::rules::{Color as Side, TimeControl, time::PRESETS};
use crate::session::clock::Clock;
use crate::theme::panel as theme;

use super::egui_color;

/// Under this a clock shows tenths, turns red and ticks once.
const LOW: Duration = Duration::from_secs(10);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (actions, pause_for_dialogs)
            .chain()
            .in_set(AppSet::Logic)
            .after(tick),
    )
    .add_systems(Update, tick.in_set(AppSet::Logic));
}

/// The game-end and redraw settings in the window only (tests run the logic headless).
pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(Last, schedule_redraws);
}

/// Lets the time since the last frame go by on the running clock. It runs first in the
/// logic, so that a frame's moves and pauses take effect after the time they ended.
pub(super) fn tick(
    time: Res<Time<Real>>,
    mut model: ResMut<Model>,
    mut ended: MessageWriter<GameEnded>,
    mut changed: MessageWriter<BoardChanged>,
    mut low: MessageWriter<ClockLow>,
) {
    let Some(side) = model.clock().and_then(Clock::running) else {
        return;
    };
    let before = model.clock().map_or(Duration::ZERO, |c| c.left(side));
    if let Some(outcome) = model.tick(time.delta()) {
        info!("flag fell: {outcome}");
        ended.write(GameEnded(outcome));
        changed.write(BoardChanged);
    }
    let after = model.clock().map_or(Duration::ZERO, |c| c.left(side));
    let byoyomi = model.clock().is_some_and(|c| c.in_byoyomi(side));
    if before >= LOW && after < LOW && after > Duration::ZERO && !byoyomi {
        low.write(ClockLow(side));
    }
}

fn side_name(side: Side, lang: Lang) -> &'static str {
    crate::i18n::side(side, lang)
}

/// Space, and the panel's pause, resign and draw buttons.
fn actions(
    mut actions: MessageReader<Action>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    engine: Res<super::analysis::EngineView>,
    mut ended: MessageWriter<GameEnded>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    for &action in actions.read() {
        let ending = match action {
            Action::TogglePause => {
                match model.clock().map(Clock::is_paused) {
                    Some(true) => model.resume(),
                    Some(false) => model.pause(),
                    None => {}
                }
                None
            }
            Action::Resign => model.resign().ok(),
            Action::AcceptDraw => model.accept_draw().ok(),
            Action::OfferDraw => {
                if let Ok(side) = model.offer_draw() {
                    notices.write(Notice::info(
                        T::DrawOffered.fill(lang, &[&side_name(side, lang)]),
                    ));
                    // The computer answers at once (the player is not asked to answer
                    // for it): it takes the draw only when it stands clearly worse.
                    if settings.computer == Some(!side) {
                        let score = engine.computer_score_about(model.game().position());
                        if crate::engine::accepts_draw(score) {
                            model.accept_draw().ok()
                        } else {
                            model.decline_draw();
                            notices.write(Notice::info(
                                T::DrawDeclined.fill(lang, &[&side_name(!side, lang)]),
                            ));
                            None
                        }
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
            Action::DeclineDraw => {
                if let Some(side) = model.draw_offer() {
                    model.decline_draw();
                    notices.write(Notice::info(
                        T::DrawDeclined.fill(lang, &[&side_name(!side, lang)]),
                    ));
                }
                None
            }
            _ => None,
        };
        if let Some(outcome) = ending {
            info!("game ended: {outcome}");
            ended.write(GameEnded(outcome));
            changed.write(BoardChanged);
        }
    }
}

/// A dialog in front of the board, or the board editor, stops the clock: nobody is
/// playing then.
fn pause_for_dialogs(overlay: Res<Overlay>, choice: Res<GameChoice>, mut model: ResMut<Model>) {
    let open = overlay.help || overlay.slots || overlay.editing || choice.0.is_some();
    if open
        && (overlay.is_changed() || choice.is_changed())
        && model.clock().is_some_and(|c| !c.is_paused())
    {
        model.pause();
    }
}

/// How often the window wakes while a clock runs: every second, every tenth under ten
/// seconds. A fixed period, not the time to the next change: bevy_winit redraws at once
/// whenever the update mode changes, so a wait recomputed each frame would wake it
/// continuously.
fn period(left: Duration) -> Duration {
    if left < LOW + Duration::from_secs(1) {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    }
}

/// While a clock runs, wake at its period; otherwise only for input.
fn schedule_redraws(model: Res<Model>, mut winit: ResMut<WinitSettings>) {
    let wait = match model.clock() {
        Some(c) => match c.running() {
            Some(side) => period(c.left(side)),
            None => Duration::MAX,
        },
        None => Duration::MAX,
    };
    let (focused, unfocused) = (
        UpdateMode::reactive(wait),
        UpdateMode::reactive_low_power(wait),
    );
    // Only a real change: each one costs a redraw.
    if winit.focused_mode != focused || winit.unfocused_mode != unfocused {
        winit.focused_mode = focused;
        winit.unfocused_mode = unfocused;
    }
}

/// `9:55`, `1:02:03`, `9.4` under ten seconds.
#[must_use]
pub fn format_left(left: Duration) -> String {
    let secs = left.as_secs();
    if left < LOW {
        format!("{}.{}", secs, left.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// What the panel's clock block asks for.
#[derive(Default)]
pub(super) struct ClockUi {
    /// The resign button was pressed once: it asks before it resigns.
    confirming_resign: bool,
    /// The custom time control being typed.
    custom: Option<String>,
}

const RED_TEXT: egui::Color32 = egui_color(theme::CLOCK_LOW);

fn clock_row(ui: &mut egui::Ui, clock: &Clock, side: Side, lang: Lang) {
    let left = clock.left(side);
    let running = clock.running() == Some(side);
    let mut frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(8, 2))
        .corner_radius(4.0);
    if running {
        frame = frame
            .fill(egui_color(theme::CLOCK_RUNNING))
            .stroke(egui::Stroke::new(2.0, egui_color(theme::CLOCK_FRAME)));
    }
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            let name = if running {
                format!("▶ {}", side_name(side, lang))
            } else {
                format!("  {}", side_name(side, lang))
            };
            ui.label(egui::RichText::new(name).size(18.0));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let mut text = egui::RichText::new(format_left(left))
                    .size(34.0)
                    .monospace();
                if left < LOW {
                    text = text.color(RED_TEXT);
                }
                ui.label(text);
                if clock.in_byoyomi(side) {
                    ui.label(egui::RichText::new(T::Byoyomi.get(lang)).small());
                }
            });
        });
    });
}

fn control_name(control: Option<TimeControl>, lang: Lang) -> String {
    control.map_or_else(|| T::NoClock.get(lang).to_owned(), |c| c.to_string())
}

/// The clocks (black's above red's, as on the board), pause, resign and draw, and the
/// next game's time control. Returns a new time control for the settings, if one was
/// chosen.
pub(super) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    settings: &Settings,
    state: &mut ClockUi,
    send: &mut impl FnMut(Action),
) -> Option<Option<TimeControl>> {
    let lang = settings.lang;
    let over = model.outcome().is_some();
    if let Some(clock) = model.clock() {
        let order = if settings.flipped {
            [Side::Red, Side::Black]
        } else {
            [Side::Black, Side::Red]
        };
        for side in order {
            clock_row(ui, clock, side, lang);
        }
        if !over {
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
    }
    if !over && !model.is_reviewing() {
        let turn = model.game().position().turn();
        match model.draw_offer() {
            Some(side) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::DrawOffered.fill(lang, &[&side_name(side, lang)]));
                    if ui.button(T::AcceptDraw.get(lang)).clicked() {
                        send(Action::AcceptDraw);
                    }
                    if ui.button(T::DeclineDraw.get(lang)).clicked() {
                        send(Action::DeclineDraw);
                    }
                });
            }
            // The player resigns or offers a draw on their own move, not the computer's.
            None if settings.computer == Some(turn) => state.confirming_resign = false,
            None if state.confirming_resign => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(T::ConfirmResign.fill(lang, &[&side_name(turn, lang)]));
                    if ui.button(T::Resign.get(lang)).clicked() {
                        send(Action::Resign);
                        state.confirming_resign = false;
                    }
                    if ui.button(T::Cancel.get(lang)).clicked() {
                        state.confirming_resign = false;
                    }
                });
            }
            None => {
                ui.horizontal(|ui| {
                    if ui.button(T::Resign.get(lang)).clicked() {
                        state.confirming_resign = true;
                    }
                    if ui.button(T::OfferDraw.get(lang)).clicked() {
                        send(Action::OfferDraw);
                    }
                });
            }
        }
    } else {
        state.confirming_resign = false;
    }
    clock_setting(ui, settings.clock, lang, state)
}

/// The next game's time control: none, a preset, or typed.
fn clock_setting(
    ui: &mut egui::Ui,
    current: Option<TimeControl>,
    lang: Lang,
    state: &mut ClockUi,
) -> Option<Option<TimeControl>> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.label(T::ClockForNewGames.get(lang));
        egui::ComboBox::from_id_salt("clock")
            .selected_text(control_name(current, lang))
            .show_ui(ui, |ui| {
                let mut options: Vec<Option<TimeControl>> = vec![None];
                options.extend(PRESETS.iter().copied().map(Some));
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
        let parsed = text.parse::<TimeControl>();
        if !text.is_empty() && parsed.is_err() {
            ui.label(egui::RichText::new(T::CustomClockHint.get(lang)).color(RED_TEXT));
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

    #[test]
    fn times_read_as_on_a_clock() {
        let ms = Duration::from_millis;
        assert_eq!(format_left(ms(595_000)), "9:55");
        assert_eq!(format_left(ms(3_723_000)), "1:02:03");
        assert_eq!(format_left(ms(10_000)), "0:10");
        assert_eq!(format_left(ms(9_940)), "9.9");
        assert_eq!(format_left(ms(0)), "0.0");
    }

    #[test]
    fn wakes_once_a_second_and_ten_times_under_ten_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(period(ms(595_400)), ms(1000));
        assert_eq!(period(ms(10_500)), ms(100));
        assert_eq!(period(ms(9_940)), ms(100));
    }
}
