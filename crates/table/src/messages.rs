//! The table's messages, whatever the game: the pointer over the board, notices for the
//! status line, files to open, slot commands, settings edited, a new game, a change of
//! the board. A game's own are in its room.

use bevy::prelude::*;

/// A mouse button over the board, at a position in the board camera's world (`None`:
/// outside its viewport). The game says which of its points that is.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BoardPointer {
    /// Which button did what.
    pub press: BoardPress,
    /// Where.
    pub at: Option<Vec2>,
}

/// What a mouse button did over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardPress {
    /// The left button went down.
    LeftDown,
    /// The left button came up.
    LeftUp,
    /// The right button went down.
    RightDown,
    /// The right button came up, with the keys held (a mark's colour or shape).
    RightUp(Brush),
}

/// The keys held as a mark is drawn with the right button, lichess's way: none, Shift
/// or Ctrl, Alt, or both. Each game says what they draw (Xiangqi: green, red, blue,
/// yellow; Go: a circle, a triangle, a square, a cross).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Brush {
    /// No key.
    #[default]
    Plain,
    /// Shift or Ctrl.
    Shift,
    /// Alt.
    Alt,
    /// Shift (or Ctrl) and Alt.
    Both,
}

impl Brush {
    /// The brush of the keys held.
    #[must_use]
    pub fn of(shift_or_ctrl: bool, alt: bool) -> Brush {
        match (shift_or_ctrl, alt) {
            (false, false) => Brush::Plain,
            (true, false) => Brush::Shift,
            (false, true) => Brush::Alt,
            (true, true) => Brush::Both,
        }
    }
}

/// Something to do with one save slot (from the slots dialog).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SlotCommand {
    /// 1 to [`crate::slots::SLOTS`].
    pub slot: usize,
    /// What.
    pub op: SlotOp,
}

/// What to do with a slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotOp {
    /// Save the game there.
    Save,
    /// Load its game (undoable).
    Load,
    /// Remove it (the dialog has asked).
    Delete,
    /// Name it.
    Rename(String),
}

/// A game or position to open in place of the current game (undoable).
#[derive(Message, Clone, Debug)]
pub enum Import {
    /// Text from the clipboard.
    Pasted(String),
    /// A file dropped on the window or named on the command line.
    File(std::path::PathBuf),
    /// The game read from a save slot.
    Slot {
        /// Which.
        slot: usize,
        /// Its game as the game whose slot it is reads it (the table carries it unread).
        record: std::sync::Arc<dyn std::any::Any + Send + Sync>,
    },
}

/// A line for the status bar from anything but a move (saves, clipboard, files).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Shown as a warning.
    pub warning: bool,
}

impl Notice {
    /// A plain notice.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            warning: false,
        }
    }

    /// A warning.
    pub fn warn(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            warning: true,
        }
    }
}

/// What the game on the table says of what happened in it (a move refused, undone, a
/// game started): its status line, before the notices of the frame. An empty text
/// clears the line (a move played: the board says it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameSaid {
    /// What to say.
    pub text: String,
    /// Shown as a warning.
    pub warning: bool,
}

/// A press of the clock for a real board (Space, a click or a tap on the running
/// side): the program's clock switches sides.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClockPressed;

/// The settings as edited in the panel: the logic takes them (only a real change marks
/// them changed, since the board, pieces and marks are rebuilt on one).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct SettingsEdited(pub Box<crate::settings::Settings>);

/// Undo or redo had nothing to do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NothingToDo {
    /// True for redo, false for undo.
    pub redo: bool,
}

/// A new game replaced the old one (undoable).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameStarted;

/// The position on the board changed in any way (move, undo, review, new game…).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardChanged;

/// The game's record changed where the board does not show it: a comment, a glyph, a
/// line promoted or deleted, the tags. The autosave follows.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RecordChanged;

/// A sound a game asks the table to play, where its own messages do not say it (the
/// shell's sounds know no game).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundCue(pub crate::shell::assets::Sound);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SoundCue>()
        .add_message::<NothingToDo>()
        .add_message::<GameSaid>()
        .add_message::<NewGameStarted>()
        .add_message::<BoardChanged>()
        .add_message::<RecordChanged>()
        .add_message::<SlotCommand>()
        .add_message::<Import>()
        .add_message::<Notice>()
        .add_message::<SettingsEdited>()
        .add_message::<BoardClockPressed>()
        .add_message::<BoardPointer>();
}
