//! What happens, as messages: input says what the player did, logic says what came of
//! it, and the view, sound and panel only react to these.

use bevy::prelude::*;

use crate::rules::{IllegalMove, Move, Outcome, Piece, Square};
use crate::session::Change;

/// The ordering of every `Update` system: input → logic → presentation.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    /// Mouse and keys become messages.
    Input,
    /// Messages change the model and say what came of it.
    Logic,
    /// The view, sounds and panel follow.
    Presentation,
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

/// A key, button or menu action.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Drop the selection (right click).
    Cancel,
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Y, Ctrl+Shift+Z.
    Redo,
    /// Ctrl+R.
    NewGame,
    /// F.
    Flip,
    /// M.
    ToggleMute,
    /// F1; Esc while the help is open.
    ToggleHelp,
    /// Ctrl+W, Esc, Ctrl+middle click.
    Quit,
    /// ←.
    ReviewBack,
    /// →.
    ReviewForward,
    /// Home.
    ReviewStart,
    /// End.
    ReviewEnd,
    /// A click on a move in the list: show the position after that many plies.
    ReviewAt(usize),
    /// Ctrl+S: save to the current slot.
    Save,
    /// Ctrl+L: load the current slot.
    Load,
    /// Ctrl+Shift+S, Ctrl+Shift+L: open or close the slots dialog.
    ToggleSlots,
    /// Ctrl+E: copy the position as FEN.
    CopyFen,
    /// Ctrl+Shift+E: copy the game as PGN.
    CopyGame,
    /// Ctrl+I: open whatever the clipboard holds.
    Paste,
    /// Write the game as a PGN file in the documents folder.
    ExportPgn,
    /// Write a PNG of the position on the board to the pictures folder.
    ExportPng,
    /// Ctrl+G: write an animated GIF of the game to the pictures folder.
    ExportGif,
    /// A game picked from a file's list (0-based; undoable like any import), or `None`
    /// to close the list (Esc).
    ChooseGame(Option<usize>),
    /// A new game with this clock (`xiangqi --clock`; Ctrl+R uses the settings').
    NewGameWith(Option<crate::rules::TimeControl>),
    /// Space: stop or restart the clock.
    TogglePause,
    /// The side to move resigns (the panel has asked).
    Resign,
    /// The side to move offers a draw.
    OfferDraw,
    /// The other side accepts the open offer.
    AcceptDraw,
    /// The other side declines it.
    DeclineDraw,
    /// F2: enter the board editor; Esc or F2 again leaves it without changes.
    ToggleEdit,
    /// A: show or hide the engine's analysis of the position shown.
    ToggleAnalysis,
    /// H: point at the engine's best move in the position shown.
    Hint,
    /// The computer takes this side (`None`: two people play).
    SetComputer(Option<crate::rules::Color>),
    /// The computer, waiting after its move was taken back, plays now.
    ComputerMove,
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

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerPressed>()
        .add_message::<PointerReleased>()
        .add_message::<Action>()
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
        .configure_sets(
            Update,
            (AppSet::Input, AppSet::Logic, AppSet::Presentation).chain(),
        );
}
