//! The save slots dialog (Ctrl+Shift+S / Ctrl+Shift+L, the panel's Slots… button): per
//! slot a small board, the name, date, move count and whose turn or the result; save,
//! load, rename, delete. Deleting, and saving over another game, ask first. The dialog
//! only sends [`SlotCommand`]s; `saves.rs` does the work.

use crate::app::schedule::PanelSet;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::actions::Action;
use crate::app::shell::model::CurrentSlot;
use crate::app::shell::model::{Overlay, Settings};
use crate::app::xiangqi::files::saves::SlotList;
use crate::app::{SlotCommand, SlotOp};
use crate::i18n::{self, Lang, T};
use crate::rules::{Color as Side, Position};
use crate::slots::{SlotInfo, SlotState};
use crate::theme;

/// The dialog's own state: a question being asked, a name being typed.
#[derive(Default)]
struct DialogState {
    /// A destructive step waiting for "OK".
    confirm: Option<(usize, SlotOp)>,
    /// The slot being renamed and the name so far.
    renaming: Option<(usize, String)>,
    /// The name field is new: give it the keyboard once.
    focus_pending: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, dialog.in_set(PanelSet::Slots));
}

/// A small board: the theme's board and pieces ([`theme::board`], [`theme::piece`]), as
/// the window and the pictures draw them, painted by egui at nine pixels a line.
fn preview(ui: &mut egui::Ui, position: Option<&Position>) {
    let cell = 9.0;
    let size = egui::vec2(
        cell * theme::geometry::WIDTH,
        cell * theme::geometry::HEIGHT,
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let look = crate::app::panel::parts::look(ui.ctx());
    let palette = look.theme.palette();
    let mut shapes = theme::board(false, theme::Coordinates::None, palette);
    if let Some(position) = position {
        for (sq, piece) in position.board().pieces() {
            shapes.extend(theme::piece(
                piece,
                theme::point(sq, false),
                look.pieces,
                palette,
            ));
        }
    }
    crate::app::panel::parts::paint_shapes(&painter, &shapes, rect.center(), cell);
}

fn summary(info: &SlotInfo, lang: Lang) -> String {
    let plies = T::SlotPlies.fill(lang, &[&info.plies]);
    let state = match (info.outcome, &info.result) {
        (Some(outcome), _) => i18n::outcome(outcome, lang),
        (None, Some(result)) => result.clone(),
        (None, None) => match (info.turn, lang) {
            (Side::Red, _) => T::RedToMove.get(lang).to_owned(),
            (Side::Black, _) => T::BlackToMove.get(lang).to_owned(),
        },
    };
    format!("{plies} · {state}")
}

fn dialog(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    list: Res<SlotList>,
    current: Res<CurrentSlot>,
    settings: Res<Settings>,
    mut state: Local<DialogState>,
    mut slots: MessageWriter<SlotCommand>,
    mut actions: MessageWriter<Action>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    if !overlay.slots {
        *state = DialogState::default();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let mut sent: Vec<SlotCommand> = Vec::new();
    let mut action = None;
    let mut open = true;
    crate::app::panel::parts::dialog(ctx, T::SlotsTitle.get(lang), &mut open).show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(ctx.viewport_rect().height() - 160.0)
            .show(ui, |ui| {
                for (i, slot_state) in list.0.iter().enumerate() {
                    let slot = i + 1;
                    ui.horizontal(|ui| {
                        let position = match slot_state {
                            SlotState::Saved(info) => Some(&info.position),
                            _ => None,
                        };
                        preview(ui, position);
                        ui.vertical(|ui| {
                            slot_row(ui, slot, slot_state, &current, lang, &mut state, &mut sent);
                        });
                    });
                    ui.separator();
                }
            });
        ui.horizontal(|ui| {
            if ui.button(T::ExportPgn.get(lang)).clicked() {
                action = Some(Action::ExportPgn);
            }
            if ui.button(T::Close.get(lang)).clicked() {
                action = Some(Action::ToggleSlots);
            }
        });
    });
    if !open {
        // The window's own ×: the same as Close.
        action = Some(Action::ToggleSlots);
    }
    if !sent.is_empty() || action.is_some() {
        redraw.write(RequestRedraw);
    }
    slots.write_batch(sent);
    if let Some(a) = action {
        actions.write(a);
    }
    Ok(())
}

/// One slot's text and buttons.
fn slot_row(
    ui: &mut egui::Ui,
    slot: usize,
    slot_state: &SlotState,
    current: &CurrentSlot,
    lang: Lang,
    state: &mut DialogState,
    sent: &mut Vec<SlotCommand>,
) {
    let mut title = match slot_state {
        SlotState::Saved(info) => format!("{slot}. {}", info.name.as_deref().unwrap_or("")),
        _ => format!("{slot}."),
    };
    if current.0 == Some(slot) {
        title = format!("{title}  ({})", T::SlotCurrent.get(lang));
    }
    ui.label(egui::RichText::new(title).strong());
    match slot_state {
        SlotState::Empty => {
            ui.label(T::SlotEmpty.get(lang));
        }
        SlotState::Saved(info) => {
            ui.label(&info.saved);
            ui.label(summary(info, lang));
        }
        SlotState::Damaged(reason) => {
            ui.label(
                egui::RichText::new(T::SlotDamaged.fill(lang, &[reason]))
                    .color(crate::app::panel::parts::warning(ui)),
            );
        }
    }
    let command = |op: SlotOp| SlotCommand { slot, op };
    // A question for this slot replaces its buttons until answered.
    if let Some((asked, op)) = state.confirm.clone().filter(|(s, _)| *s == slot) {
        let question = match op {
            SlotOp::Delete => T::ConfirmDelete.fill(lang, &[&asked]),
            _ => T::ConfirmOverwrite.fill(lang, &[&asked]),
        };
        ui.horizontal(|ui| {
            ui.label(question);
            if ui.button(T::Ok.get(lang)).clicked() {
                sent.push(command(op));
                state.confirm = None;
            }
            if ui.button(T::Cancel.get(lang)).clicked() {
                state.confirm = None;
            }
        });
        return;
    }
    let renaming_here = state.renaming.as_ref().is_some_and(|(s, _)| *s == slot);
    let focus = renaming_here && std::mem::take(&mut state.focus_pending);
    if let Some((_, name)) = state.renaming.as_mut().filter(|(s, _)| *s == slot) {
        let mut done = None;
        ui.horizontal(|ui| {
            let field = ui.text_edit_singleline(name);
            if focus {
                field.request_focus();
            }
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (field.has_focus() || field.lost_focus()) && enter
                || ui.button(T::Ok.get(lang)).clicked()
            {
                done = Some(true);
            }
            if ui.button(T::Cancel.get(lang)).clicked() {
                done = Some(false);
            }
        });
        match done {
            Some(true) => {
                sent.push(command(SlotOp::Rename(name.clone())));
                state.renaming = None;
            }
            Some(false) => state.renaming = None,
            None => {}
        }
        return;
    }
    ui.horizontal(|ui| match slot_state {
        SlotState::Empty => {
            if ui.button(T::Save.get(lang)).clicked() {
                sent.push(command(SlotOp::Save));
            }
        }
        SlotState::Saved(info) => {
            if ui.button(T::Save.get(lang)).clicked() {
                // Saving over the slot one is playing from needs no question.
                if current.0 == Some(slot) {
                    sent.push(command(SlotOp::Save));
                } else {
                    state.confirm = Some((slot, SlotOp::Save));
                }
            }
            if ui.button(T::Load.get(lang)).clicked() {
                sent.push(command(SlotOp::Load));
            }
            if ui.button(T::Rename.get(lang)).clicked() {
                state.renaming = Some((slot, info.name.clone().unwrap_or_default()));
                state.focus_pending = true;
            }
            if ui.button(T::Delete.get(lang)).clicked() {
                state.confirm = Some((slot, SlotOp::Delete));
            }
        }
        SlotState::Damaged(_) => {
            if ui.button(T::Delete.get(lang)).clicked() {
                state.confirm = Some((slot, SlotOp::Delete));
            }
        }
    });
}
