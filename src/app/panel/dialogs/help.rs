//! The key help (F1): every key and what it does.

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::i18n::{Lang, T};

/// Shows the help; its × sends the same action as F1.
pub(crate) fn show(ctx: &egui::Context, lang: Lang, send: &mut impl FnMut(Action)) {
    let mut open = true;
    crate::app::panel::parts::dialog(ctx, T::HelpTitle.get(lang), &mut open).show(ctx, |ui| {
        for t in [
            T::KeyClick,
            T::KeyRight,
            T::KeyUndo,
            T::KeyRedo,
            T::KeyNew,
            T::KeyFlip,
            T::KeyMute,
            T::KeyReview,
            T::KeyLines,
            T::KeyReviewGame,
            T::KeyZoom,
            T::KeyLook,
            T::KeyInfo,
            T::KeyPause,
            T::KeyEdit,
            T::KeyAnalysis,
            T::KeyHint,
            T::KeySave,
            T::KeySlots,
            T::KeyCopy,
            T::KeyPaste,
            T::KeyGif,
            T::KeyDrop,
            T::KeyPuzzles,
            T::KeyLibrary,
            T::KeyTypeMove,
            T::KeyCursor,
            T::KeyTray,
            T::KeyHelp,
            T::KeyQuit,
        ] {
            ui.label(t.get(lang));
        }
        ui.separator();
        ui.label(egui::RichText::new(T::Credits.get(lang)).small());
    });
    if !open {
        send(Action::ToggleHelp);
    }
}
