//! What happens, as messages: input says what the player did, logic says what came of
//! it, and the view, sound and panel only react to these.

use bevy::prelude::*;

use crate::rules::{IllegalMove, Move, Outcome, Piece, Square};
use crate::session::Change;

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
}

/// The left button went down on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerPressed(pub Option<Square>);

/// The left button came up on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerReleased(pub Option<Square>);

/// The right button went down on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerRightPressed(pub Option<Square>);

/// What the player does in the board editor (edit mode, F2), besides pointing at the
/// board.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// A piece of the tray clicked: each click on a point puts one there (`None`: put
    /// back).
    Pick(Option<Piece>),
    /// A piece dragged from the tray: it goes where the button is let go.
    DragFromTray(Piece),
    /// Clear the board.
    Empty,
    /// The standard start.
    Start,
    /// Who moves first.
    Turn(crate::rules::Color),
    /// The board from a typed FEN.
    Fen(String),
    /// Leave the editor and play the position (undoable like a paste).
    Play,
}

/// The engine's move for the computer's side, for the position it was asked about.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move, legal in `position`.
    pub mv: Move,
    /// The game's position it answers: played only if it is still the one on the board.
    pub position: crate::rules::Position,
}

/// A side's clock went under ten seconds (once per crossing).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLow(pub crate::rules::Color);

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
        /// Its game, with its clocks if it has them.
        record: Box<crate::rules::record::GameRecord>,
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

/// The settings as edited in the panel: the logic takes them (only a real change marks
/// them changed, since the board, pieces and marks are rebuilt on one).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct SettingsEdited(pub Box<crate::settings::Settings>);

/// A side offered a draw (the other side, if it is the computer, answers it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffered(pub crate::rules::Color);

/// A piece of the side to move was picked up.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected(pub Square);

/// A move was played.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// What it took, if anything.
    pub captured: Option<Piece>,
    /// Whether it checks the opponent.
    pub check: bool,
}

/// Why an attempt was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The rules forbid it.
    Illegal(IllegalMove),
    /// The game has ended.
    GameOver,
    /// An earlier position is on the board.
    Reviewing,
    /// The piece belongs to the side not to move.
    NotYourTurn,
    /// The side to move is the computer's.
    ComputersTurn,
}

/// A move or a selection was refused.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    /// The piece concerned.
    pub from: Square,
    /// Why.
    pub reason: Refusal,
}

/// Ctrl+Z did something.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Undone(pub Change);

/// Ctrl+Y did something.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Redone(pub Change);

/// Undo or redo had nothing to do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NothingToDo {
    /// True for redo, false for undo.
    pub redo: bool,
}

/// A new game replaced the old one (undoable).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameStarted;

/// The game has just ended.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Outcome);

/// The position on the board changed in any way (move, undo, review, new game…).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardChanged;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PointerPressed>()
        .add_message::<PointerReleased>()
        .add_message::<PointerRightPressed>()
        .add_message::<EditCommand>()
        .add_message::<Selected>()
        .add_message::<MovePlayed>()
        .add_message::<EngineMove>()
        .add_message::<MoveRejected>()
        .add_message::<Undone>()
        .add_message::<Redone>()
        .add_message::<NothingToDo>()
        .add_message::<NewGameStarted>()
        .add_message::<ClockLow>()
        .add_message::<GameEnded>()
        .add_message::<BoardChanged>()
        .add_message::<SlotCommand>()
        .add_message::<Import>()
        .add_message::<Notice>()
        .add_message::<SettingsEdited>()
        .add_message::<DrawOffered>()
        .add_message::<BoardPointer>();
}
