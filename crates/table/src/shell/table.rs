//! The seam between the table and the games it holds. The shell knows no game: it asks
//! the game on the table what a key means and whether it answers an action, and drops
//! what it does not. A game is a type implementing [`TableGame`], added with
//! [`add_game`]; its systems run only while it is on the table (in its [`OnTable`] set).
//!
//! The shell's own keys and actions (quit, the dialogs, zoom, theme, sound, help, which
//! game is on the table) reach the table whatever game is on it; [`usual_key`] gives the
//! keys both games share the sense of (undo, the slots, the clipboard, walking through
//! the moves), for each game to take or leave.

use std::any::Any;
use std::sync::Arc;

use bevy::ecs::system::SystemId;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::actions::Action;
use crate::i18n::{Lang, Said};
use crate::messages::Import;
use crate::schedule::GameKind;
use crate::shell::access::SpokenBoard;
use crate::shell::model::Overlay;

pub(super) use super::keys::shell_key;
pub use super::keys::{cursor_key, usual_key};
pub use super::tables::{GameStep, OnTable, Part, Tables, add_game, add_service};

/// How a game keeps its games in the slots (see [`TableGame::slots`]).
#[derive(Clone, Copy)]
pub struct SlotFormat {
    /// Slot `n`'s file in the slots folder (`slot-3.pgn`, `go-3.sgf`).
    pub file: fn(usize) -> String,
    /// The extension of an exported game (`pgn`, `sgf`).
    pub ext: &'static str,
    /// The game on the table as a file's text, with the slot's name if it has one.
    pub write: fn(&World, Option<&str>, &crate::storage::Stamp) -> String,
    /// What a slot file holds, or why it does not read.
    pub read: fn(&[u8]) -> Result<SlotGame, String>,
    /// The file's text with the game named `name` (empty: unnamed).
    pub rename: fn(&[u8], &str) -> Result<String, String>,
}

/// A saved game as the dialog lists it, and what a load hands the game.
#[derive(Clone)]
pub struct SlotGame {
    /// The player's name for it.
    pub name: Option<String>,
    /// When it was saved, as far as the file says.
    pub saved: String,
    /// Its moves and whose turn or the result, in a language.
    pub said: Arc<dyn Fn(Lang) -> String + Send + Sync>,
    /// Paints a small picture of its last position.
    pub preview: Arc<dyn Fn(&mut bevy_egui::egui::Ui) + Send + Sync>,
    /// The game as its own game reads it: carried unread in [`Import::Slot`].
    pub record: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for SlotGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SlotGame")
            .field("name", &self.name)
            .field("saved", &self.saved)
            .field("said", &(self.said)(Lang::En))
            .finish_non_exhaustive()
    }
}

/// Who has a table's board for a while besides its game (the game keeps its own
/// position aside and brings it back when it is given back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lent {
    /// The help's question waits for its answer (Esc: choose another move).
    Asking,
    /// A lesson (Esc leaves it when nothing else takes Esc).
    Lesson,
    /// One's mistakes practised (Esc: back to the game).
    Practice,
    /// A game's moves guessed (Esc: back to the game).
    Guessing,
    /// Problems solved (Esc: back to the game).
    Problem,
}

/// The board lent, and what Esc and N do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lending {
    /// To what.
    pub lent: Lent,
    /// Esc: the board given back (the question declined).
    pub give_back: Action,
    /// N, once the task is done (a lesson passed, a position answered): the next one.
    pub onward: Option<Action>,
}

/// A feature of the table itself that every game's table has (the lessons, the help's
/// question, practice, guessing), added with [`add_service`](super::tables::add_service), so that the shell names
/// none of them: its commands reach every table, its keys work at every table, and it
/// says when it has a table's board.
#[derive(Clone, Copy)]
pub struct Service {
    /// Its own commands, answered at every table.
    pub answers: fn(&Action) -> bool,
    /// Its keys (after the dialogs' Esc, before the game's keys).
    pub key: fn(KeyPress, &KeyContext) -> Option<Action>,
    /// Whether it has the board of the table of a slug now.
    pub lent: fn(&World, &'static str) -> Option<Lending>,
}

/// A game's own fields in the settings file (see [`TableGame::file_section`]): the file
/// is one record of named fields, the table's and each game's side by side, so that a
/// hand edit finds them all in one place.
#[derive(Clone, Copy)]
pub struct FileSection {
    /// Takes the game's values from the file's text: its own fields (another's are
    /// not its own; one missing, or that does not read, is its default).
    pub load: fn(&str, &mut World),
    /// The game's fields, as the text of a record of them (`(notation: "WXF")`).
    pub write: fn(&World) -> String,
}

/// How a game's game is kept across runs (see [`TableGame::autosave`]).
#[derive(Clone, Copy)]
pub struct AutosaveFormat {
    /// The file in the data folder (`autosave.txt`, `go-autosave.sgf`).
    pub file: &'static str,
    /// Whether the game may have changed since the autosave last looked (its
    /// resource's change: nothing is written out while nothing moves).
    pub changed: fn(&World) -> bool,
    /// The game on the table as the file's text; `None` while the game holds its board
    /// for something else of its own (a puzzle). While the board is lent to a service
    /// ([`Lent`]) the table does not ask: the game put aside rests as last written.
    pub write: fn(&World) -> Option<String>,
    /// What a file holds (nothing of the table touched), or why it does not read.
    pub read: fn(&[u8]) -> Result<Box<dyn Any + Send>, String>,
    /// Takes up what [`read`](Self::read) read: whether there was anything to resume
    /// (a move played, an undo to take back).
    pub resume: fn(&mut World, Box<dyn Any + Send>) -> bool,
}

/// A key pressed, with the modifiers held at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub key: KeyCode,
    /// Ctrl (⌘ on macOS).
    pub ctrl: bool,
    /// Shift.
    pub shift: bool,
}

/// What the table is doing that changes what a key means.
#[derive(Clone, Copy, Debug)]
pub struct KeyContext<'a> {
    /// The dialogs open.
    pub overlay: &'a Overlay,
    /// A text field has the keyboard.
    pub typing: bool,
    /// A file's game list is open.
    pub listing: bool,
    /// The world, for a game whose keys follow its own state (its modes).
    pub world: &'a World,
    /// The board has the keyboard (its cursor).
    pub board_focus: bool,
    /// Something (a dialog, a menu, a question) was open a moment ago: an Esc now is
    /// the second of a double press, not a wish to quit.
    pub just_closed: bool,
}

/// A game the table can hold: what the shell asks of it.
pub trait TableGame: Send + Sync + 'static {
    /// Its name in `lang`, as the menus and the table switch say it (its own words: the
    /// shell's word list names no game).
    fn title(lang: Lang) -> &'static str;

    /// Its name in files and the log (`xiangqi`, `go`): the pictures' names begin with
    /// it, the table switch logs `table-<it>`.
    const SLUG: &'static str;

    /// Its table.
    const KIND: GameKind = GameKind(Self::SLUG);

    /// The set of the game's systems that run only while it is on the table (gated once,
    /// by [`add_game`]).
    const SYSTEMS: OnTable = OnTable(Self::KIND);

    /// The game's turn in `step`, one of the steps every game takes in turn
    /// ([`GameStep::STEPS`]).
    #[must_use]
    fn step(step: crate::schedule::Logic) -> GameStep {
        GameStep(step, Self::KIND)
    }

    /// What `press` means at this table, once the shell's own keys have had it (`None`:
    /// nothing; the shell may still take it, as Esc to quit).
    fn key(press: KeyPress, at: &KeyContext) -> Option<Action>;

    /// Whether this table answers `action`: the router drops the others, and the menus
    /// leave them out.
    fn answers(action: &Action) -> bool;

    /// The text Ctrl+E (`shifted == false`) or Ctrl+Shift+E (`true`) puts on the
    /// clipboard, and what the status line says of it.
    fn copy(world: &World, shifted: bool, lang: Lang) -> Copied;

    /// A picture of the position shown (PNG, `gif == false`) or of the game (GIF), in
    /// the look `opts` says, to draw on a thread.
    fn picture(world: &World, gif: bool, look: &PictureLook) -> Picture;

    /// How surely `import` (a file, a paste, a slot) is a game of this kind: the game
    /// that claims it most surely reads it, the table shown if two claim it alike.
    fn claims(import: &Import) -> Claim;

    /// The game's logic, without a window (headless tests use it).
    fn core(app: &mut App);

    /// Its files: slots and autosave (after the shell's files).
    fn files(app: &mut App);

    /// What it draws: its board, its dialogs.
    fn window(app: &mut App);

    /// Registers its part of the panel, under the shell's menu bar and table switch: a
    /// system handed the panel's `Ui` (inside its scroll area), which draws the game's
    /// own sections and its status line, and says what was asked with messages.
    fn panel(app: &mut App) -> PanelSection;

    /// Registers its rows in the settings dialog, under the shell's (an engine's),
    /// if it has any: a system handed the dialog's `Ui`, which says an edit of the
    /// settings as a `SettingsEdited` of its own.
    fn settings(_app: &mut App) -> Option<PanelSection> {
        None
    }

    /// Its save slots, if it keeps games in them: how a game is written to a slot and
    /// read back (the table's slots service does the rest: the dialog, the keys, the
    /// damaged files, the slot in use).
    fn slots() -> Option<SlotFormat> {
        None
    }

    /// How its game is kept across runs, if it is: the table's autosave service writes
    /// it after every change and at exit, and takes it up at the next start.
    fn autosave() -> Option<AutosaveFormat> {
        None
    }

    /// Its own fields in the settings file, if it keeps any (the notation, the
    /// computer's level): read at the start, written with the table's.
    fn file_section() -> Option<FileSection> {
        None
    }

    /// Its own lines of the key help (F1), after the table's, in `lang`.
    fn help(_lang: Lang) -> Vec<&'static str> {
        Vec::new()
    }

    /// Its own items in the menu bar's `menu` (text, shortcut, what it does), beside
    /// the shell's: the menus list them when the game is on the table.
    fn menu(_menu: Menu) -> Vec<MenuItem> {
        Vec::new()
    }

    /// Whether its part takes the whole panel now, the menu bar and the table switch
    /// hidden (a board editor, a puzzle).
    fn whole_panel(_world: &World) -> bool {
        false
    }

    /// How long the window may sleep while the game is on the table: until its running
    /// clock's shown time changes (`None`: only input wakes it).
    fn wake_in(_world: &World) -> Option<std::time::Duration> {
        None
    }

    /// Its board as a screen reader reads it, in `lang` (`None`: no board to read).
    fn spoken_board(_world: &World, _lang: Lang) -> Option<SpokenBoard> {
        None
    }

    /// `key` as the game's own command for its board cursor.
    fn cursor(key: CursorKey) -> Action;

    /// Its two sides' names in `lang`, in the order of the seats of a new game: the side
    /// that moves first in the game's own start first (红方/黑方, 黑方/白方).
    fn sides(lang: Lang) -> [&'static str; 2] {
        match lang {
            Lang::Zh => ["先手", "后手"],
            Lang::En => ["First", "Second"],
            Lang::Hant => ["先手", "後手"],
            Lang::Vi => ["Đi trước", "Đi sau"],
        }
    }

    /// Registers its own choices in the new-game dialog, under the seats (Xiangqi's
    /// handicaps), if it has any: a system handed the dialog's `Ui`, which keeps what
    /// is chosen for its next new game.
    fn new_game(_app: &mut App) -> Option<PanelSection> {
        None
    }

    /// The seat whose move it is, once the last move's slide has ended (`None`: leave the
    /// board as it is: a slide still running, a puzzle, an editor): a board that turns to
    /// the side to move follows it.
    fn facing(_world: &World) -> Option<usize> {
        None
    }

    /// Where the line shown of its record stands, for a replay (演播) that steps it
    /// forward with `PlayCommand::Review`: `None` when there is nothing to replay now
    /// (an editor, a puzzle, a lesson).
    fn line(_world: &World) -> Option<LineShown> {
        None
    }
}

/// Where the line shown of a game's record stands (see [`TableGame::line`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineShown {
    /// A move follows the one shown along the line.
    pub ahead: bool,
    /// The move shown has a comment.
    pub commented: bool,
}

/// A menu a game adds items to (see [`TableGame::menu`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    /// Game, after the slots.
    Game,
    /// Edit, after the clipboard.
    Edit,
    /// Engine.
    Engine,
    /// Help, after the keys (the game's manual).
    Help,
}

/// A menu item: its text, its shortcut, what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    /// Its text in each language, by [`Lang::column`].
    text: [&'static str; 4],
    /// Its shortcut, as the menu shows it.
    pub keys: &'static str,
    /// What it does.
    pub action: Action,
}

impl MenuItem {
    /// An item saying `text`.
    #[must_use]
    pub fn new(text: impl Said, keys: &'static str, action: Action) -> MenuItem {
        MenuItem {
            text: [Lang::Zh, Lang::En, Lang::Hant, Lang::Vi].map(|l| text.said(l)),
            keys,
            action,
        }
    }

    /// Its text in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> &'static str {
        self.text[lang.column()]
    }
}

/// A game's part of the panel (see [`TableGame::panel`]).
pub type PanelSection = SystemId<InMut<'static, bevy_egui::egui::Ui>>;

/// How a picture looks: its width and the settings' look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureLook {
    /// Width in pixels (the height follows the board's shape).
    pub size: u32,
    /// The board seen from the other side.
    pub flipped: bool,
    /// Coordinates around the board.
    pub coordinates: crate::theme::Coordinates,
    /// The board's colours.
    pub theme: crate::theme::Theme,
    /// Characters or symbols on the pieces.
    pub pieces: crate::theme::PieceStyle,
}

/// Seconds per frame of a game's GIF.
pub const GIF_DELAY: f32 = 1.0;

/// What a copy puts on the clipboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The text.
    pub text: String,
    /// What the status line says once it is there.
    pub said: String,
}

/// A picture to draw: the file name's first word and the drawing, which owns what it
/// draws.
pub struct Picture {
    /// `xiangqi`, `go`.
    pub stem: &'static str,
    /// Draws the file's bytes.
    pub draw: Box<dyn FnOnce() -> Vec<u8> + Send>,
}

/// How surely an import is a game's (see [`TableGame::claims`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// Not its.
    No,
    /// Its readers may make something of it (a text of moves, a board).
    Maybe,
    /// Its own form (its file's extension, its format's header, its slot).
    Sure,
}

/// What a key asks of a board's cursor (every game's board has one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorKey {
    /// F6: the board takes the keyboard, or gives it back.
    Toggle,
    /// An arrow: right (+) or left, up (+) or down, as the player sees the board.
    Step(i8, i8),
    /// Enter, Space: a click on the point.
    Pick,
    /// Esc: let go of what is held, or of the board.
    Leave,
    /// Delete, Backspace: a right click on the point (the editor takes a piece off).
    Clear,
    /// A screen reader activated this point (the game's own coordinates, as its
    /// [`SpokenBoard`] gave them): the cursor goes there and clicks it.
    PickAt(u8, u8),
}
