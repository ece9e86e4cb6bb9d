//! The panel at the Go table: whose turn, what a refused point or a pass said, the
//! prisoners, pass, undo and redo, a new game of 9×9, 13×13 or 19×19.

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::GoTable;
use crate::go::Color;
use crate::i18n::{Lang, T};

/// Where the Go table's buttons were last logged.
#[derive(Default)]
pub(crate) struct GoUi {
    pub(crate) logged: Vec<(&'static str, (i32, i32))>,
}

/// Logs where a button is when that changes (`panel go-9 at 900,120`): the window tests
/// press them.
pub(crate) fn log_place(
    logged: &mut Vec<(&'static str, (i32, i32))>,
    what: &'static str,
    rect: egui::Rect,
) {
    let at = rect.center();
    let at = (at.x.round() as i32, at.y.round() as i32);
    if !logged.contains(&(what, at)) {
        bevy::log::info!("panel {what} at {},{}", at.0, at.1);
        logged.retain(|(w, _)| *w != what);
        logged.push((what, at));
    }
}

pub(crate) fn show(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    let pos = table.game.position();
    ui.heading(match pos.to_move() {
        Color::Black => T::GoBlackToMove.get(lang),
        Color::White => T::GoWhiteToMove.get(lang),
    });
    if let Some(said) = &table.said {
        ui.label(said.as_str());
    }
    ui.label(T::GoPrisoners.fill(
        lang,
        &[&pos.captures(Color::Black), &pos.captures(Color::White)],
    ));
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        for (t, a, name) in [
            (T::GoPass, Action::GoPass, "go-pass"),
            (T::Undo, Action::Undo, "go-undo"),
            (T::Redo, Action::Redo, "go-redo"),
        ] {
            let button = ui.button(t.get(lang));
            log_place(&mut state.logged, name, button.rect);
            if button.clicked() {
                send(a);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(T::GoNewGame.get(lang));
        for (size, name) in [(9u8, "go-9"), (13, "go-13"), (19, "go-19")] {
            let button = ui.button(format!("{size}×{size}"));
            log_place(&mut state.logged, name, button.rect);
            if button.clicked() {
                send(Action::GoNewGame(size));
            }
        }
    });
}
