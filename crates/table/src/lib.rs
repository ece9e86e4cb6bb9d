//! The table the games sit on. It knows no game: a game is a type implementing the
//! seam the shell asks ([`shell::table::TableGame`]), added by the program that holds
//! it. This crate depends on neither game's rules, so the compiler keeps it that way.
//!
//! Where to look: what a key does, `shell/input.rs`; who answers an action,
//! `actions.rs`; the order of everything, `schedule.rs`; the panel, `panel/` (its
//! dialogs in `panel/dialogs/`); the settings file, the clipboard and pictures,
//! `store/`; a job off the frame, `jobs.rs`.
//!
//! Without the `shell` feature it is the part the command line uses too: the
//! languages, the look's data, the files and the voice.

pub mod clock;
pub mod i18n;
pub mod learn;
pub mod rating;
pub mod settings;
pub mod speech;
pub mod storage;
pub mod theme;

#[cfg(feature = "shell")]
pub mod actions;
/// The household's players (kept with the store's services).
#[cfg(feature = "shell")]
pub use store::household;
#[cfg(feature = "shell")]
pub mod jobs;
#[cfg(feature = "shell")]
pub mod messages;
#[cfg(feature = "shell")]
pub mod panel;
#[cfg(feature = "shell")]
pub mod probe;
#[cfg(feature = "shell")]
pub mod schedule;
#[cfg(feature = "shell")]
pub mod shell;
#[cfg(feature = "shell")]
pub mod store;
pub mod together;

#[cfg(feature = "shell")]
pub use shell_parts::*;

#[cfg(feature = "shell")]
mod shell_parts {
    use bevy::prelude::*;

    pub use crate::actions::*;
    pub use crate::messages::*;
    pub use crate::schedule::{AppSet, GameKind};
    pub use crate::shell::model::*;
    pub use crate::store::slots::CurrentSlot;
    pub use crate::theme::paint::{egui_color, focus_ring, to_color};
    use crate::{actions, messages, panel, probe, schedule, shell, store};

    /// Messages, model, input and logic: the table without a window or files (headless
    /// tests use it). The program adds its games after it.
    pub fn core_plugin(app: &mut App) {
        // The slot in use is the settings file's, read before any window or file plugin.
        app.init_resource::<store::slots::CurrentSlot>();
        app.add_plugins((
            schedule::plugin,
            crate::clock::plugin,
            actions::plugin,
            messages::plugin,
            shell::model::plugin,
            shell::tables::plugin,
            shell::input::plugin,
            shell::toggles::plugin,
            shell::access::plugin,
            crate::together::replay::plugin,
            store::household::plugin,
            crate::learn::shell::plugin,
            // What the status line says is the logic's: headless tests read it too.
            panel::status::plugin,
        ));
    }

    /// The settings file, the clipboard, pictures and jobs: what touches files or the OS
    /// but draws nothing. Insert [`store::persist::DataDirs`],
    /// [`store::persist::SettingsFile`] and [`store::clipboard::Clipboard`] first to
    /// choose where files go, how the settings file reads and which clipboard is used.
    pub fn files_plugin(app: &mut App) {
        app.add_plugins((
            store::persist::plugin,
            store::clipboard::plugin,
            store::export::plugin,
            store::slots::plugin,
            store::autosave::plugin,
            crate::jobs::plugin,
        ));
    }

    /// What the window adds: fonts and sounds, the stage, the panel and its dialogs.
    pub fn window_plugins(app: &mut App) {
        app.add_plugins((
            shell::assets::plugin,
            shell::stage::plugin,
            shell::tables::window_plugin,
            #[cfg(target_os = "linux")]
            shell::xwake::plugin,
            probe::plugin,
            store::clipboard::text_field_plugin,
            shell::audio::plugin,
            panel::plugin,
            panel::dialogs::settings::plugin,
            panel::dialogs::slots::plugin,
            panel::dialogs::household::plugin,
            panel::dialogs::learn::plugin,
            crate::together::replay::window_plugin,
        ));
    }
}
