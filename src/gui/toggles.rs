//! The actions that flip a preference or an overlay: flip the board (F), sound on and off
//! (M), the key help (F1). They change state, so they run in the logic like every other
//! change; the board, the sound and the panel only read the result, and the status line
//! says what it now is.

use bevy::prelude::*;

use super::messages::{Action, AppSet, Notice};
use super::model::{Overlay, Settings};
use crate::i18n::T;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, toggle.in_set(AppSet::Logic));
}

fn toggle(
    mut actions: MessageReader<Action>,
    mut settings: ResMut<Settings>,
    mut overlay: ResMut<Overlay>,
    mut notices: MessageWriter<Notice>,
) {
    for action in actions.read() {
        match action {
            Action::Flip => settings.flipped = !settings.flipped,
            Action::ToggleMute => {
                settings.sound = !settings.sound;
                let said = if settings.sound { T::Unmuted } else { T::Muted };
                notices.write(Notice::info(said.get(settings.lang)));
            }
            Action::ToggleHelp => overlay.help = !overlay.help,
            _ => {}
        }
    }
}
