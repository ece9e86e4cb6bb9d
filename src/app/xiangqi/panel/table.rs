//! The Xiangqi table's panel: the toolbar, a card per player, whose turn, the moves with
//! their comment and the review, the engine, the game's buttons and the settings button.
//! Beside the board it is one column, the player at the top of the board above the
//! moves and the other below them; below the board (a tall window) two columns, the
//! players and the buttons at the left, the moves at the right.

use crate::i18n::{self, Lang, T, Word};
use crate::settings::XiangqiSettings;
use bevy::prelude::*;
use bevy_egui::egui;

use super::{cards, clock, moves};
use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::panel::status::{Status, status_line};
use crate::app::shell::model::Settings;
use crate::app::xiangqi::engine_link::EngineView;
use crate::app::xiangqi::library::window::Places;
use crate::app::xiangqi::library::{LibraryView, explorer};
use crate::app::xiangqi::messages::RecordEdit;
use crate::app::xiangqi::model::{ComputerWaits, Model};
use crate::app::xiangqi::panel::{engine, opening, review};
use crate::app::xiangqi::play::warning_text;
use crate::app::xiangqi::review::Reviewed;
use crate::rules::Color as Side;

/// What the panel shows.
pub(crate) struct Shown<'a> {
    pub model: &'a Model,
    pub settings: &'a Settings,
    pub xq: &'a XiangqiSettings,
    pub status: &'a Status,
    pub engine: &'a EngineView,
    pub waits: &'a ComputerWaits,
    pub reviewed: &'a Reviewed,
    pub library: &'a LibraryView,
    pub household: &'a table::household::Household,
}

/// What the player changed in the panel this frame.
pub(crate) struct Edits {
    /// A time control chosen for the next game.
    pub clock: Option<Option<crate::rules::Controls>>,
    /// The computer's strength, if changed.
    pub strength: Option<crate::engine::Limit>,
}

/// The panel's memory the table's part uses.
pub(crate) struct Memory<'a> {
    pub clock: &'a mut clock::ClockUi,
    pub moves: &'a mut moves::MovesUi,
    /// The height the panel shows, and where its content starts.
    pub viewport: f32,
    pub top: f32,
    /// Where the explorer's widgets are.
    pub places: &'a mut Places,
}

fn side_text(side: Side, lang: Lang) -> &'static str {
    match side {
        Side::Red => T::RedToMove.get(lang),
        Side::Black => T::BlackToMove.get(lang),
    }
}

/// The table's part of the panel, in one column or (`two_columns`) two.
pub(crate) fn contents(
    ui: &mut egui::Ui,
    shown: &Shown,
    memory: Memory,
    two_columns: bool,
    send: &mut impl FnMut(Action),
    record: &mut impl FnMut(RecordEdit),
) -> Edits {
    let settings = shown.settings;
    // The cards in the board's order: the side at its top first.
    let (top, bottom) = if settings.flipped {
        (Side::Red, Side::Black)
    } else {
        (Side::Black, Side::Red)
    };
    let width = ui.max_rect().width();
    let Memory {
        clock: clock_ui,
        moves: moves_ui,
        viewport,
        top: content_top,
        places,
    } = memory;
    let edits = if two_columns {
        let mut edits = None;
        ui.columns(2, |columns| {
            let [left, right] = columns else {
                return;
            };
            head(left, shown, top, clock_ui, send);
            edits = Some(tail(left, shown, bottom, clock_ui, send));
            moves_part(right, shown, (moves_ui, places), send, record);
            fit_list(right, moves_ui, viewport, content_top);
        });
        edits.unwrap_or(Edits {
            clock: None,
            strength: None,
        })
    } else {
        head(ui, shown, top, clock_ui, send);
        moves_part(ui, shown, (moves_ui, places), send, record);
        let edits = tail(ui, shown, bottom, clock_ui, send);
        fit_list(ui, moves_ui, viewport, content_top);
        edits
    };
    // Anything wider than the panel is cut off at its edge (and egui then draws its
    // separator line inside the panel): worth a line in the log, which the window
    // tests read.
    let used = ui.min_rect().width();
    if used > width + 0.5 {
        warn!("panel content overflows: {used:.0} px wide in {width:.0}");
    }
    edits
}

/// The toolbar, the top player's card, whose turn or the result, the referee's warning,
/// the status line.
fn head(
    ui: &mut egui::Ui,
    shown: &Shown,
    top: Side,
    clock_ui: &mut clock::ClockUi,
    send: &mut impl FnMut(Action),
) {
    let Shown {
        model,
        settings,
        xq,
        status,
        engine,
        ..
    } = *shown;
    let lang = settings.lang;
    ui.add_space(4.0);
    for (name, rect) in cards::toolbar(ui, lang, engine.analysing, send) {
        clock_ui.log_place(name, rect);
    }
    ui.add_space(4.0);
    if settings.face_to_face {
        cards::across(ui, model, (settings, xq), top, clock_ui, send);
    } else {
        cards::card(ui, model, (settings, xq), top);
    }
    let pos = model.shown_position();
    let heading = match model.outcome().filter(|_| !model.is_reviewing()) {
        Some(outcome) => i18n::outcome_told(outcome, model.game().offence(), lang),
        None => side_text(pos.turn(), lang).to_owned(),
    };
    ui.add_space(2.0);
    ui.label(egui::RichText::new(heading).strong().size(17.0));
    if let Some(text) = warning_text(model, lang) {
        let color = parts::warning(ui);
        ::table::panel::sentence::sentence(ui, &text, |t| t.strong().color(color));
    }
    status_line(ui, status);
    if model.is_reviewing() {
        // The button goes under the words when both do not fit on one line.
        ui.horizontal_wrapped(|ui| {
            ui.label(T::Reviewing.get(lang));
            if ui.button(T::BackToGame.get(lang)).clicked() {
                send(Action::ReviewEnd);
            }
        });
    }
}

/// The moves, the comment box and the review.
fn moves_part(
    ui: &mut egui::Ui,
    shown: &Shown,
    (moves_ui, places): (&mut moves::MovesUi, &mut Places),
    send: &mut impl FnMut(Action),
    record: &mut impl FnMut(RecordEdit),
) {
    let (model, settings, xq) = (shown.model, shown.settings, shown.xq);
    let lang = settings.lang;
    opening::show(ui, model, lang, &mut moves_ui.opening_logged);
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(T::Moves.get(lang)).strong());
        if ui.button(Word::GameInfo.get(lang)).clicked() {
            send(Action::ToggleGameInfo);
        }
    });
    moves::show(ui, model, xq.notation, lang, moves_ui, send, record);
    review::show(
        ui,
        model,
        shown.reviewed,
        lang,
        &mut moves_ui.review_logged,
        send,
    );
    if !model.is_reviewing() || shown.library.explorer {
        explorer::show(
            ui,
            model.shown_position(),
            shown.library,
            (xq.notation, lang),
            places,
            send,
        );
    }
}

/// The engine, the bottom player's card, the game's buttons and the settings button.
fn tail(
    ui: &mut egui::Ui,
    shown: &Shown,
    bottom: Side,
    clock_ui: &mut clock::ClockUi,
    send: &mut impl FnMut(Action),
) -> Edits {
    let Shown {
        model,
        settings,
        xq,
        engine,
        waits,
        household,
        ..
    } = *shown;
    let lang = settings.lang;
    ui.separator();
    let strength = engine::show(ui, model, (settings, xq, household), engine, waits, send);
    ui.add_space(4.0);
    cards::card(ui, model, (settings, xq), bottom);
    let near = settings.face_to_face.then_some(bottom);
    let clock = clock::show(ui, model, (settings, xq, near), clock_ui, send);
    ui.separator();
    // The settings open in a dialog of their own.
    let button = ui.button(format!("⚙ {}", Word::SettingsTitle.get(lang)));
    clock_ui.log_place("settings", button.rect);
    if button.on_hover_text("Ctrl+,").clicked() {
        send(Action::ToggleSettings);
    }
    Edits { clock, strength }
}

/// The move list takes what the rest leaves of the panel's height (measured this
/// frame, used the next; four rows at least, the panel scrolls below that).
fn fit_list(ui: &egui::Ui, moves_ui: &mut moves::MovesUi, viewport: f32, top: f32) {
    let rest = ui.min_rect().bottom() - top - moves_ui.list_height;
    let room = (viewport - rest - 2.0).max(moves::least_room(moves_ui));
    if (room - moves_ui.room).abs() > 1.0 {
        moves_ui.room = room;
        ui.ctx().request_repaint();
    }
}
