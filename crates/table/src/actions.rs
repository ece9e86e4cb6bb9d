//! What the player asks for, and who answers. Keys, buttons and menus write an
//! [`Action`]; `shell::input::route` hands each to the one system that owns it, as a message of that
//! owner's own type, which it matches exhaustively: a new action is a compile error in
//! the one place that must answer it, not a `_ =>` arm passed over in nine. A game's own
//! commands travel as [`Own`], unread by the shell: the actions name no game.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use bevy::prelude::*;

/// A key, button or menu action.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Drop the selection (right click).
    Cancel,
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Y, Ctrl+Shift+Z.
    Redo,
    /// Ctrl+R: a new game (with players in the household, the new-game dialog asks who
    /// plays first).
    NewGame,
    /// Ctrl+Shift+R, Game → New game…: open (`true`) or close the new-game dialog (who
    /// plays which side, the game's own choices).
    NewGameChoices(bool),
    /// The new-game dialog's Start (Enter): a new game with the players it shows.
    StartGame,
    /// Game → Players…: open or close the players' pages.
    TogglePlayers,
    /// F4, Game → Learn to play…: open or close the map of lessons.
    Learn,
    /// F.
    Flip,
    /// M.
    ToggleMute,
    /// F1; Esc while the help is open.
    ToggleHelp,
    /// `/` or Enter: open the move box (`true`); Esc: close it.
    TypeMove(bool),
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
    /// Show the position after that many plies of the line followed.
    ReviewAt(usize),
    /// ↑ at a fork: follow the line before the one followed.
    LineUp,
    /// ↓ at a fork: follow the next line.
    LineDown,
    /// Ctrl+Shift+I: open or close the game's information (players, event, result…).
    ToggleGameInfo,
    /// Ctrl+S: save to the current slot.
    Save,
    /// Ctrl+L: load the current slot.
    Load,
    /// Ctrl+Shift+S, Ctrl+Shift+L: open or close the slots dialog.
    ToggleSlots,
    /// Ctrl+E: copy the position in the game's own notation (Xiangqi's FEN, Go's SGF).
    CopyPosition,
    /// Ctrl+Shift+E: copy the game's record in its own format (PGN, SGF).
    CopyRecord,
    /// Ctrl+I: open whatever the clipboard holds.
    Paste,
    /// Write the game's record as a file of its own format (PGN, SGF) in the documents
    /// folder.
    ExportRecord,
    /// Write a PNG of the position on the board to the pictures folder.
    ExportPng,
    /// Ctrl+G: write an animated GIF of the game to the pictures folder.
    ExportGif,
    /// A game picked from a file's list (0-based; undoable like any import), or `None`
    /// to close the list (Esc).
    ChooseGame(Option<usize>),
    /// Space: stop or restart the clock.
    TogglePause,
    /// Ctrl+P, View → Replay the game: start or stop a replay at a pace (Esc stops it).
    Replay,
    /// Space while a replay runs: pause it or go on.
    ReplayPause,
    /// Ctrl+K, View → Clock for a real board: open (`true`) or close the window as a
    /// two-sided clock for a game on a real board.
    BoardClock(bool),
    /// Space, a click or a tap on the running side while the clock for a real board is
    /// open: that side has moved.
    BoardClockPress,
    /// The side to move resigns (the panel has asked).
    Resign,
    /// H: point at the best move in the position shown (the game's engine says it).
    Hint,
    /// Go to the table of this game (象棋 or 围棋).
    SwitchGame(crate::schedule::GameKind),
    /// Ctrl+= (1), Ctrl+- (-1), Ctrl+0 (0): the panel's zoom.
    Zoom(i8),
    /// T: the next board theme.
    NextTheme,
    /// Ctrl+,: the settings dialog.
    ToggleSettings,
    /// P: characters or symbols on the pieces.
    TogglePieces,
    /// View → 中文 / English: the window's language.
    Language(crate::i18n::Lang),
    /// A command of the game on the table's own (Go's pass, Xiangqi's puzzles and
    /// review), handed to it as the message it is.
    Own(Own),
}

impl Action {
    /// A game's own command as an action (see [`Own`]).
    #[must_use]
    pub fn own<M: Message + Clone + PartialEq + fmt::Debug>(command: M) -> Self {
        Self::Own(Own::new(command))
    }
}

/// A game's own command, carried by the shell without being read: the router writes it
/// as the message it is, and the game that answers it knows it by its type
/// ([`Own::is`]). Its name in the log is its type's (`GoCommand::Pass` is `Go(Pass)`).
#[derive(Clone)]
pub struct Own {
    command: Arc<dyn Any + Send + Sync>,
    write: fn(&(dyn Any + Send + Sync), &mut Commands),
    same: fn(&(dyn Any + Send + Sync), &(dyn Any + Send + Sync)) -> bool,
    name: fn(&(dyn Any + Send + Sync)) -> String,
}

impl Own {
    /// Wraps `command`.
    #[must_use]
    pub fn new<M: Message + Clone + PartialEq + fmt::Debug>(command: M) -> Self {
        Self {
            command: Arc::new(command),
            write: |c, commands| {
                if let Some(m) = c.downcast_ref::<M>() {
                    commands.write_message(m.clone());
                }
            },
            same: |a, b| {
                a.downcast_ref::<M>()
                    .zip(b.downcast_ref::<M>())
                    .is_some_and(|(a, b)| a == b)
            },
            name: |c| {
                let kind = std::any::type_name::<M>().rsplit("::").next().unwrap_or("");
                let kind = kind.strip_suffix("Command").unwrap_or(kind);
                match c.downcast_ref::<M>() {
                    Some(m) => format!("{kind}({m:?})"),
                    None => kind.to_owned(),
                }
            },
        }
    }

    /// Whether it is a command of type `M`.
    #[must_use]
    pub fn is<M: 'static>(&self) -> bool {
        self.command.is::<M>()
    }

    /// The command, if it is of type `M`.
    #[must_use]
    pub fn get<M: 'static>(&self) -> Option<&M> {
        self.command.downcast_ref()
    }

    pub(crate) fn write_to(&self, commands: &mut Commands) {
        (self.write)(&*self.command, commands);
    }
}

impl PartialEq for Own {
    fn eq(&self, other: &Self) -> bool {
        (self.same)(&*self.command, &*other.command)
    }
}

impl Eq for Own {}

impl fmt::Debug for Own {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&(self.name)(&*self.command))
    }
}

/// The table's own switches: flip the board, sound, the key help, quit
/// (`shell/toggles.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewCommand {
    /// F.
    Flip,
    /// M.
    ToggleMute,
    /// F1.
    ToggleHelp,
    /// The move box: open (`true`) or closed.
    MoveBox(bool),
    /// The game-information dialog.
    ToggleGameInfo,
    /// Ctrl+= (1), Ctrl+- (-1), Ctrl+0 (0: back to 100 %).
    Zoom(i8),
    /// T: wood, paper, dark, wood…
    NextTheme,
    /// Ctrl+,: open or close the settings.
    ToggleSettings,
    /// P: characters or symbols.
    TogglePieces,
    /// The new-game dialog: open (`true`) or closed.
    NewGameDialog(bool),
    /// The players' pages: open or close.
    TogglePlayers,
    /// The map of lessons: open or close.
    ToggleLearn,
    /// The window's language.
    Language(crate::i18n::Lang),
    /// The clock for a real board: open (`true`) or closed.
    BoardClock(bool),
}

/// Moves through the game and changes to it (each game's play system).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Drop the selection.
    Cancel,
    /// Take back the last change.
    Undo,
    /// Bring it back.
    Redo,
    /// A new game on the settings' clock.
    NewGame,
    /// Look back or forward through the moves.
    Review(Review),
    /// Point at the best move in the position shown.
    Hint,
}

/// Where to look in the game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Review {
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// The start.
    Start,
    /// The game's current position.
    End,
    /// After this many plies.
    At(usize),
    /// At a fork after the position shown, the next line (`down`) or the one before.
    Line {
        /// Which way.
        down: bool,
    },
}

/// A replay at a pace (`together/replay.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayCommand {
    /// Ctrl+P: start (from the beginning when the line is at its end) or stop.
    Toggle,
    /// Space while it runs: pause or go on.
    Pause,
}

/// The clock and resignation (each game's clock).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableCommand {
    /// Stop or restart the clock.
    TogglePause,
    /// The side to move resigns.
    Resign,
}

/// Save slots and the PGN export (`store/saves.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveCommand {
    /// Save to the current slot.
    Save,
    /// Load the current slot.
    Load,
    /// Open or close the slots dialog.
    ToggleSlots,
    /// Write the game's record as a file of its own format.
    ExportRecord,
}

/// The clipboard (`store/clipboard.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipboardCommand {
    /// Copy the position in the game's own notation.
    CopyPosition,
    /// Copy the game's record.
    CopyRecord,
    /// Open what the clipboard holds.
    Paste,
}

/// A picture of the game (`store/export.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureCommand {
    /// The position, as PNG.
    Png,
    /// The game, as an animated GIF.
    Gif,
}

/// A game picked from a file's list, or the list closed (the game that listed it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseGame(pub Option<usize>);

/// The table changes game (`shell/tables.rs` applies it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchGame(pub crate::schedule::GameKind);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Action>()
        .add_message::<ViewCommand>()
        .add_message::<PlayCommand>()
        .add_message::<TableCommand>()
        .add_message::<SaveCommand>()
        .add_message::<ClipboardCommand>()
        .add_message::<PictureCommand>()
        .add_message::<ChooseGame>()
        .add_message::<SwitchGame>();
}
