//! The key help (F1): every key and what it does, the table's and then the game's.

use bevy_egui::egui;

use crate::actions::Action;
use crate::i18n::{Lang, Word};

/// Shows the help, the game's own lines (`game`) after the table's; its × sends the
/// same action as F1.
pub fn show(ctx: &egui::Context, lang: Lang, game: &[&str], send: &mut impl FnMut(Action)) {
    let mut open = true;
    crate::panel::parts::dialog(ctx, Word::HelpTitle.get(lang), &mut open).show(ctx, |ui| {
        for t in [
            Word::KeyUndo,
            Word::KeyRedo,
            Word::KeyNew,
            Word::KeyMute,
            Word::KeyReview,
            Word::KeyZoom,
            Word::KeyLook,
            Word::KeyPause,
            Word::KeyHint,
            Word::KeySave,
            Word::KeySlots,
            Word::KeyCopy,
            Word::KeyPaste,
            Word::KeyGif,
            Word::KeyDrop,
            Word::KeyTypeMove,
            Word::KeyCursor,
            Word::KeyLearn,
            Word::KeyHelp,
            Word::KeyQuit,
        ] {
            ui.label(t.get(lang));
        }
        if !game.is_empty() {
            ui.separator();
            for line in game {
                ui.label(*line);
            }
        }
        ui.separator();
        ui.label(egui::RichText::new(Word::Credits.get(lang)).small());
    });
    if !open {
        send(Action::ToggleHelp);
    }
}
