//! The save slots dialog (Ctrl+Shift+S / Ctrl+Shift+L, a panel's Slots… button), the same
//! for every game: per slot a small picture of its position (the game paints it), the
//! name, date, moves and whose turn or the result; save, load, rename, delete. Deleting,
//! and saving over another game, ask first. The dialog only sends [`SlotCommand`]s;
//! `store/slots.rs` does the work.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::actions::Action;
use crate::i18n::{Lang, Word};
use crate::messages::SlotCommand;
use crate::messages::SlotOp;
use crate::schedule::{GameKind, PanelSet};
use crate::settings::Settings;
use crate::shell::model::Overlay;
use crate::shell::table::Tables;
use crate::store::slots::{CurrentSlot, SlotList, SlotState};

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

/// A slot's picture, in a box of the same size for every slot (an empty one blank);
/// where it is.
fn preview(ui: &mut egui::Ui, slot: &SlotState) -> egui::Rect {
    let size = egui::vec2(90.0, 99.0);
    match slot {
        SlotState::Saved(game) => {
            ui.allocate_ui(size, |ui| {
                ui.set_min_size(size);
                (game.preview)(ui);
            })
            .response
            .rect
        }
        _ => ui.allocate_exact_size(size, egui::Sense::hover()).0,
    }
}

fn dialog(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    list: Res<SlotList>,
    current: Res<CurrentSlot>,
    settings: Res<Settings>,
    (kind, tables): (Res<State<GameKind>>, Res<Tables>),
    mut state: Local<DialogState>,
    mut logged: Local<Vec<(String, (i32, i32))>>,
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
    let current = current.of(tables.slug(*kind.get()));
    let mut sent: Vec<SlotCommand> = Vec::new();
    let mut action = None;
    let mut open = true;
    crate::panel::parts::dialog(ctx, Word::SlotsTitle.get(lang), &mut open).show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(ctx.viewport_rect().height() - 160.0)
            .show(ui, |ui| {
                for (i, slot_state) in list.0.iter().enumerate() {
                    let slot = i + 1;
                    ui.horizontal(|ui| {
                        let rect = preview(ui, slot_state);
                        // Where each slot's picture is: the window tests look at it.
                        let what = format!("slot-preview-{slot}");
                        crate::panel::parts::log_place(&mut logged, what, rect);
                        ui.vertical(|ui| {
                            slot_row(ui, slot, slot_state, current, lang, &mut state, &mut sent);
                        });
                    });
                    ui.separator();
                }
            });
        ui.horizontal(|ui| {
            if ui.button(Word::ExportRecord.get(lang)).clicked() {
                action = Some(Action::ExportRecord);
            }
            if ui.button(Word::Close.get(lang)).clicked() {
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
    current: Option<usize>,
    lang: Lang,
    state: &mut DialogState,
    sent: &mut Vec<SlotCommand>,
) {
    let mut title = match slot_state {
        SlotState::Saved(info) => format!("{slot}. {}", info.name.as_deref().unwrap_or("")),
        _ => format!("{slot}."),
    };
    if current == Some(slot) {
        title = format!("{title}  ({})", Word::SlotCurrent.get(lang));
    }
    ui.label(egui::RichText::new(title).strong());
    match slot_state {
        SlotState::Empty => {
            ui.label(Word::SlotEmpty.get(lang));
        }
        SlotState::Saved(info) => {
            ui.label(&info.saved);
            ui.label((info.said)(lang));
        }
        SlotState::Damaged(reason) => {
            ui.label(
                egui::RichText::new(Word::SlotDamaged.fill(lang, &[reason]))
                    .color(crate::panel::parts::warning(ui)),
            );
        }
    }
    let command = |op: SlotOp| SlotCommand { slot, op };
    // A question for this slot replaces its buttons until answered.
    if let Some((asked, op)) = state.confirm.clone().filter(|(s, _)| *s == slot) {
        let question = match op {
            SlotOp::Delete => Word::ConfirmDelete.fill(lang, &[&asked]),
            _ => Word::ConfirmOverwrite.fill(lang, &[&asked]),
        };
        ui.horizontal(|ui| {
            ui.label(question);
            if ui.button(Word::Ok.get(lang)).clicked() {
                sent.push(command(op));
                state.confirm = None;
            }
            if ui.button(Word::Cancel.get(lang)).clicked() {
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
                || ui.button(Word::Ok.get(lang)).clicked()
            {
                done = Some(true);
            }
            if ui.button(Word::Cancel.get(lang)).clicked() {
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
            if ui.button(Word::Save.get(lang)).clicked() {
                sent.push(command(SlotOp::Save));
            }
        }
        SlotState::Saved(info) => {
            if ui.button(Word::Save.get(lang)).clicked() {
                // Saving over the slot one is playing from needs no question.
                if current == Some(slot) {
                    sent.push(command(SlotOp::Save));
                } else {
                    state.confirm = Some((slot, SlotOp::Save));
                }
            }
            if ui.button(Word::Load.get(lang)).clicked() {
                sent.push(command(SlotOp::Load));
            }
            if ui.button(Word::Rename.get(lang)).clicked() {
                state.renaming = Some((slot, info.name.clone().unwrap_or_default()));
                state.focus_pending = true;
            }
            if ui.button(Word::Delete.get(lang)).clicked() {
                state.confirm = Some((slot, SlotOp::Delete));
            }
        }
        SlotState::Damaged(_) => {
            if ui.button(Word::Delete.get(lang)).clicked() {
                state.confirm = Some((slot, SlotOp::Delete));
            }
        }
    });
}
