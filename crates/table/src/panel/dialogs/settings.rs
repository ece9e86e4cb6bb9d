//! The settings as a dialog of their own over the board (the panel's gear button,
//! View → Settings, Ctrl+,): sound, animation, coordinates, board and pieces,
//! language, then each game's own rows. It stays inside the window
//! (scrolling when the window is short) and says where it is in the log for the window
//! tests.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, egui};

use crate::actions::Action;
use crate::i18n::Word;
use crate::messages::SettingsEdited;
use crate::schedule::PanelSet;
use crate::settings::Settings;
use crate::shell::model::Overlay;
use crate::shell::table::Tables;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        dialog.in_set(PanelSet::Settings),
    );
}

/// The dialog while it is open: what it edits goes to the logic (shell/toggles.rs).
fn dialog(
    world: &mut World,
    contexts: &mut SystemState<EguiContexts>,
    mut logged: Local<Option<egui::Rect>>,
) -> Result {
    if !world.resource::<Overlay>().settings {
        return Ok(());
    }
    let ctx = contexts.get_mut(world)?.ctx_mut()?.clone();
    let settings = world.resource::<Settings>().clone();
    let tables = world.resource::<Tables>().clone();
    let mut sent = Vec::new();
    let edited = show(&ctx, &settings, &mut logged, &mut |a| sent.push(a), |ui| {
        tables.settings_rows(world, ui);
    });
    if !sent.is_empty() || edited.is_some() {
        // The next frame must come to act on them.
        world.write_message(RequestRedraw);
    }
    for action in sent {
        world.write_message(action);
    }
    if let Some(edited) = edited {
        world.write_message(SettingsEdited(Box::new(edited)));
    }
    Ok(())
}

/// Shows the dialog while `open`; returns the settings as edited, if they were. Its ×
/// sends the same action as its key.
fn show(
    ctx: &egui::Context,
    settings: &Settings,
    logged: &mut Option<egui::Rect>,
    send: &mut impl FnMut(Action),
    games: impl FnOnce(&mut egui::Ui),
) -> Option<Settings> {
    let lang = settings.lang;
    let mut open = true;
    let mut edited = None;
    let screen = ctx.content_rect();
    let shown = crate::panel::parts::dialog(ctx, Word::SettingsTitle.get(lang), &mut open)
        .default_width(360.0)
        .max_height((screen.height() - 60.0).max(120.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((screen.height() - 140.0).max(100.0))
                .show(ui, |ui| {
                    edited = crate::panel::parts::settings_ui(ui, settings, lang, send, games);
                });
        });
    if let Some(rect) = shown.map(|s| s.response.rect)
        && *logged != Some(rect)
    {
        *logged = Some(rect);
        let (x, y) = crate::panel::screen_at(rect);
        let ppp = ctx.pixels_per_point();
        bevy::log::info!(
            "settings dialog at {x},{y} size {:.0}x{:.0}",
            rect.width() * ppp,
            rect.height() * ppp
        );
    }
    if !open {
        send(Action::ToggleSettings);
    }
    edited
}
