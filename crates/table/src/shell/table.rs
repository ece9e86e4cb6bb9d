//! The seam between the table and the games it holds. The shell knows no game: it asks
//! the game on the table what a key means and whether it answers an action, and drops
//! what it does not. A game is a type implementing [`TableGame`], added with
//! [`add_game`]; its systems run only while it is on the table (in its [`OnTable`] set).
//!
//! The shell's own keys and actions (quit, the dialogs, zoom, theme, sound, help, which
//! game is on the table) reach the table whatever game is on it; [`usual_key`] gives the
//! keys both games share the sense of (undo, the slots, the clipboard, walking through
//! the moves), for each game to take or leave.

use bevy::ecs::system::SystemId;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::Import;
use crate::actions::Action;
use crate::i18n::{Lang, Said};
use crate::schedule::GameKind;
use crate::shell::access::SpokenBoard;
use crate::shell::model::Overlay;

pub(super) use super::keys::shell_key;
pub use super::tables::{OnTable, Part, Tables, add_game};

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
    fn slots() -> Option<crate::store::slots::SlotFormat> {
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
    /// Its text in Chinese and English.
    text: [&'static str; 2],
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
            text: [text.said(Lang::Zh), text.said(Lang::En)],
            keys,
            action,
        }
    }

    /// Its text in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.text[0],
            Lang::En => self.text[1],
        }
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

/// The actions of the table itself, whatever game is on it.
#[must_use]
pub fn shell_answers(action: &Action) -> bool {
    matches!(
        action,
        Action::Quit
            | Action::ToggleHelp
            | Action::TypeMove(_)
            | Action::ToggleMute
            | Action::ToggleSettings
            | Action::Zoom(_)
            | Action::NextTheme
            | Action::SwitchGame(_)
            | Action::ChooseGame(_)
            | Action::TogglePlayers
            | Action::Learn
            | Action::Language(_)
    ) || matches!(action, Action::Own(own)
        if own.is::<crate::learn::practice::PracticeCommand>()
            || own.is::<crate::learn::guess::GuessCommand>()
            || own.is::<crate::learn::shell::TutorAnswer>())
}

/// The keys every game gives the same sense: undo and redo, a new game, the slots, the
/// clipboard, pictures, the clock's pause, walking through the moves. A game takes
/// those it has (its [`TableGame::answers`] drops the rest).
#[must_use]
pub fn usual_key(press: KeyPress) -> Option<Action> {
    Some(match (press.ctrl, press.shift, press.key) {
        (true, false, KeyCode::KeyZ) => Action::Undo,
        (true, true, KeyCode::KeyZ) | (true, _, KeyCode::KeyY) => Action::Redo,
        (true, false, KeyCode::KeyR) => Action::NewGame,
        (true, true, KeyCode::KeyR) => Action::NewGameChoices(true),
        (true, false, KeyCode::KeyS) => Action::Save,
        (true, false, KeyCode::KeyL) => Action::Load,
        (true, true, KeyCode::KeyS | KeyCode::KeyL) => Action::ToggleSlots,
        (true, false, KeyCode::KeyE) => Action::CopyFen,
        (true, true, KeyCode::KeyE) => Action::CopyGame,
        (true, false, KeyCode::KeyI) => Action::Paste,
        (true, _, KeyCode::KeyG) => Action::ExportGif,
        (false, _, KeyCode::Space) => Action::TogglePause,
        (false, _, KeyCode::ArrowLeft) => Action::ReviewBack,
        (false, _, KeyCode::ArrowRight) => Action::ReviewForward,
        (false, _, KeyCode::Home) => Action::ReviewStart,
        (false, _, KeyCode::End) => Action::ReviewEnd,
        _ => return None,
    })
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

/// The board cursor's keys: F6 always; the arrows, Enter, Space and Esc while the board
/// has the keyboard (they mean other things otherwise). A game wraps the answer in its
/// own command.
#[must_use]
pub fn cursor_key(press: KeyPress, at: &KeyContext) -> Option<CursorKey> {
    if press.ctrl {
        return None;
    }
    Some(match press.key {
        KeyCode::F6 => CursorKey::Toggle,
        _ if !at.board_focus => return None,
        KeyCode::ArrowUp => CursorKey::Step(0, 1),
        KeyCode::ArrowDown => CursorKey::Step(0, -1),
        KeyCode::ArrowLeft => CursorKey::Step(-1, 0),
        KeyCode::ArrowRight => CursorKey::Step(1, 0),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => CursorKey::Pick,
        KeyCode::Escape => CursorKey::Leave,
        KeyCode::Delete | KeyCode::Backspace => CursorKey::Clear,
        _ => return None,
    })
}
