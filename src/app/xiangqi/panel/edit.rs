//! The panel while the board editor is open: the tray of the fourteen pieces, the
//! board's buttons, who moves first, the FEN, why the board cannot be played yet, and
//! "Play from here". It only sends [`EditCommand`]s and [`Action`]s.

use crate::app::xiangqi::messages::{EditCommand, ToggleEditor};
use crate::i18n::{self, Lang, T, Word};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel;
use crate::app::panel::parts;
use crate::app::xiangqi::edit::EditState;
use crate::app::xiangqi::panel::piece_art;
use crate::rules::{Color, Piece, Role};

/// What the editor's panel keeps between frames.
#[derive(Default)]
pub(crate) struct EditUi {
    /// The FEN field's text while the player types in it.
    fen: Option<String>,
    /// Where each tray piece and button was last logged.
    logged: std::collections::HashMap<String, (i32, i32)>,
}

impl EditUi {
    /// Logs where a tray piece or button is, when that changes: for whoever reads the
    /// log (the window tests drag from the tray and press the buttons).
    fn log_place(&mut self, what: &str, rect: egui::Rect) {
        let at = panel::screen_at(rect);
        if self.logged.get(what) != Some(&at) {
            info!("edit {what} at {},{}", at.0, at.1);
            self.logged.insert(what.to_owned(), at);
        }
    }

    /// Forgets the typed text and logs the tray again on the next visit.
    pub(crate) fn reset(&mut self) {
        *self = EditUi::default();
    }
}

pub(crate) fn show(
    ui: &mut egui::Ui,
    state: &EditState,
    lang: Lang,
    memory: &mut EditUi,
    edit: &mut impl FnMut(EditCommand),
    send: &mut impl FnMut(Action),
) {
    ui.add_space(6.0);
    ui.heading(T::EditTitle.get(lang));
    ui.label(egui::RichText::new(T::EditHint.get(lang)).small());
    ui.separator();
    for color in Color::ALL {
        ui.horizontal_wrapped(|ui| {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let picked = state.brush == Some(piece);
                // The piece as the board draws it, on a button that shows it is picked.
                let button = ui.add(
                    egui::Button::selectable(picked, "")
                        .min_size(egui::vec2(34.0, 34.0))
                        .sense(egui::Sense::click_and_drag()),
                );
                piece_art::paint_piece(ui.painter(), button.rect.center(), 14.0, piece);
                // A reader names the tray's piece ("red chariot").
                button.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::WidgetType::Button,
                        true,
                        picked,
                        crate::i18n::spoken::piece(piece, lang),
                    )
                });
                // Held down on it, the piece is taken up (a drag may be over within
                // the frame or two a slow renderer gives it); let go on the board, it
                // lands there, let go here, it was a click.
                if button.is_pointer_button_down_on() || button.drag_started() {
                    edit(EditCommand::DragFromTray(piece));
                }
                if button.clicked() {
                    edit(EditCommand::Pick((!picked).then_some(piece)));
                }
                memory.log_place(&format!("tray {}", piece.char()), button.rect);
            }
        });
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let empty = ui.button(T::EditEmpty.get(lang));
        memory.log_place("empty", empty.rect);
        if empty.clicked() {
            edit(EditCommand::Empty);
        }
        if ui.button(T::EditStart.get(lang)).clicked() {
            edit(EditCommand::Start);
        }
        if ui.button(Word::Flip.get(lang)).clicked() {
            send(Action::Flip);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let turn = state.editor.turn();
        for (side, label) in [
            (Color::Red, T::EditRedFirst),
            (Color::Black, T::EditBlackFirst),
        ] {
            if ui.radio(turn == side, label.get(lang)).clicked() && turn != side {
                edit(EditCommand::Turn(side));
            }
        }
    });
    ui.label("FEN");
    let mut text = memory.fen.clone().unwrap_or_else(|| state.editor.fen());
    let field = ui.add(egui::TextEdit::multiline(&mut text).desired_rows(2));
    if field.has_focus() {
        memory.fen = Some(text.clone());
    }
    if field.lost_focus() && memory.fen.take().is_some() && text.trim() != state.editor.fen() {
        edit(EditCommand::Fen(text.trim().to_owned()));
    }
    ui.separator();
    let position = state.editor.position();
    match &position {
        Ok(_) => {
            ui.label(T::EditReady.get(lang));
        }
        Err(e) => {
            ui.label(egui::RichText::new(i18n::position_error(e, lang)).color(parts::warning(ui)));
        }
    }
    ui.horizontal_wrapped(|ui| {
        let play = ui.add_enabled(position.is_ok(), egui::Button::new(T::EditPlay.get(lang)));
        memory.log_place("play", play.rect);
        if play.clicked() {
            edit(EditCommand::Play);
        }
        if ui.button(Word::Cancel.get(lang)).clicked() {
            send(Action::own(ToggleEditor));
        }
    });
}
