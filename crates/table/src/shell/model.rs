//! What every game at the table uses: the settings, the dialogs open, and whether the
//! panel has the pointer or the keyboard.

use bevy::prelude::*;

pub use crate::settings::Settings;
pub use crate::theme::Coordinates;

/// How the board is drawn, out of [`Settings`]: what the board, pieces, marks and the
/// arrow are rebuilt on, so that another setting (the volume, the engine's hash) rebuilds
/// none of them.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLook {
    /// Black at the bottom.
    pub flipped: bool,
    /// Coordinates around the board.
    pub coordinates: Coordinates,
    /// The board's colours.
    pub theme: crate::theme::Theme,
    /// Characters or symbols.
    pub pieces: crate::theme::PieceStyle,
    /// Face to face (对坐): the far side's pieces turned for the player across.
    pub face_to_face: bool,
}

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
    /// The move box (`/` or Enter).
    pub move_box: bool,
    /// A file's list of games, to pick one from (Esc closes it).
    pub list: bool,
    /// The new-game dialog: who plays which side (Ctrl+Shift+R; Ctrl+R with players).
    pub new_game: bool,
    /// The players' pages (Game → Players…).
    pub players: bool,
    /// The map of lessons (F4).
    pub learn: bool,
    /// A menu or another popup of the panel is open (egui closes it on Esc).
    pub menu: bool,
    /// The window as a clock for a real board (Ctrl+K): it takes Space and Esc.
    pub board_clock: bool,
}

impl Overlay {
    /// Whether a dialog that takes Enter and Esc is open.
    #[must_use]
    pub fn any_dialog(&self) -> bool {
        self.slots
            || self.help
            || self.info
            || self.settings
            || self.new_game
            || self.players
            || self.learn
            || self.board_clock
    }
}

/// Whether the board has the keyboard (its cursor is on): the arrows, Enter, Space and
/// Esc then move about it and pick, not walk through the game.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardFocus(pub bool);

/// Whether a text field has the keyboard: single-letter keys then type, not act.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypingInPanel(pub bool);

/// Whether the panel had the pointer last frame: the board then ignores clicks.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerOverPanel(pub bool);

/// Brings [`BoardLook`] up to date with the settings, marked changed only when its own
/// part did.
fn derive_look(settings: Res<Settings>, mut look: ResMut<BoardLook>) {
    if settings.is_changed() {
        look.set_if_neq(BoardLook {
            flipped: settings.flipped,
            coordinates: settings.coordinates,
            theme: settings.theme,
            pieces: settings.pieces,
            face_to_face: settings.face_to_face,
        });
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<BoardLook>()
        .add_systems(Update, derive_look.in_set(crate::schedule::Logic::Settings))
        .init_resource::<Overlay>()
        .init_resource::<WakeFor>()
        .init_resource::<PointerOverPanel>()
        .init_resource::<TypingInPanel>()
        .init_resource::<BoardFocus>()
        .init_resource::<OwnWayUp>();
}

/// The board's way up the player chose, while a mode has turned the board its own way
/// (a puzzle for black turns it): what the settings file keeps meanwhile.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnWayUp(pub Option<bool>);

/// A replay at a pace under way (演播, `together/replay.rs` runs it): what the keys
/// and the window's wake ask of it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replaying(pub Option<Running>);

/// A replay running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Running {
    /// Paused (Space, or a comment reached).
    pub paused: bool,
    /// The time since the last step.
    pub waited: std::time::Duration,
    /// A step was asked: the next frame shows its move (and looks for its comment).
    pub stepped: bool,
}

/// How long the window may sleep for a part of the program that keeps time beside the
/// game on the table (the clock for a real board): `None`, only input wakes it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WakeFor(pub Option<std::time::Duration>);

impl Replaying {
    /// How long the window may sleep for the replay: until its next step (`None`: none
    /// runs, or it is paused).
    #[must_use]
    pub fn wake_in(&self, settings: &Settings) -> Option<std::time::Duration> {
        let running = self.0.filter(|r| !r.paused)?;
        if running.stepped {
            return Some(std::time::Duration::ZERO);
        }
        Some(settings.replay_pace().saturating_sub(running.waited))
    }
}
