//! What every game at the table uses: the settings, the dialogs open, and whether the
//! panel has the pointer or the keyboard.

use bevy::prelude::*;

pub use crate::settings::Settings;
pub use crate::theme::Coordinates;

/// Open dialogs and overlays.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Overlay {
    /// The key help (F1).
    pub help: bool,
    /// The save slots (Ctrl+Shift+S).
    pub slots: bool,
    /// The game's information: players, event, date, result (Ctrl+Shift+I).
    pub info: bool,
    /// The settings (Ctrl+,).
    pub settings: bool,
}

/// Whether a text field has the keyboard: single-letter keys then type, not act.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypingInPanel(pub bool);

/// Whether the panel had the pointer last frame: the board then ignores clicks.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerOverPanel(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<Overlay>()
        .init_resource::<PointerOverPanel>()
        .init_resource::<TypingInPanel>()
        .init_resource::<crate::app::store::choice::GameChoice>()
        .init_resource::<CurrentSlot>()
        .init_resource::<OwnWayUp>();
}

/// The save slot Ctrl+S and Ctrl+L use: the last one saved to or loaded from (kept in
/// the settings file).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrentSlot(pub Option<usize>);

/// The board's way up the player chose, while a mode has turned the board its own way
/// (a puzzle for black turns it): what the settings file keeps meanwhile.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnWayUp(pub Option<bool>);
