//! The seam between the table and the games it holds. The shell knows no game: it asks
//! the game on the table what a key means and whether it answers an action, and drops
//! what it does not. A game is a type implementing [`TableGame`], added with
//! [`add_game`]; its systems run only while it is on the table ([`on_table`]).
//!
//! The shell's own keys and actions (quit, the dialogs, zoom, theme, sound, help, which
//! game is on the table) reach the table whatever game is on it; [`usual_key`] gives the
//! keys both games share the sense of (undo, the slots, the clipboard, walking through
//! the moves), for each game to take or leave.

use bevy::ecs::system::SystemId;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::app::Import;
use crate::app::actions::{Action, SwitchGame};
use crate::app::schedule::{GameKind, Logic, Mode};
use crate::app::shell::model::Overlay;
use crate::i18n::{Lang, T};
use crate::picture::Options;

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
    /// The table's mode.
    pub mode: Mode,
}

/// A game the table can hold: what the shell asks of it.
pub trait TableGame: Send + Sync + 'static {
    /// Its table.
    const KIND: GameKind;

    /// Its name, as the menus and the table switch say it.
    const TITLE: T;

    /// Its name in files and the log (`xiangqi`, `go`): the pictures' names begin with
    /// it, the table switch logs `table-<it>`.
    const SLUG: &'static str;

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
    fn picture(world: &World, gif: bool, opts: &Options) -> Picture;

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

    /// Registers its rows in the settings dialog, under the shell's (Xiangqi's engine),
    /// if it has any: a system handed the dialog's `Ui`, which says an edit of the
    /// settings as a `SettingsEdited` of its own.
    fn settings(_app: &mut App) -> Option<PanelSection> {
        None
    }

    /// Its own items in the menu bar's `menu` (text, shortcut, what it does), beside
    /// the shell's: the menus list them when the game is on the table.
    fn menu(_menu: Menu) -> Vec<MenuItem> {
        Vec::new()
    }

    /// Whether its part takes the whole panel now, the menu bar and the table switch
    /// hidden (Xiangqi's board editor and puzzles).
    fn whole_panel(_world: &World) -> bool {
        false
    }
}

/// A menu a game adds items to (see [`TableGame::menu`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    /// Game, after the slots.
    Game,
    /// Engine.
    Engine,
}

/// A menu item: its text, its shortcut, what it does.
pub type MenuItem = (T, &'static str, Action);

/// A game's part of the panel (see [`TableGame::panel`]).
pub type PanelSection = SystemId<InMut<'static, bevy_egui::egui::Ui>>;

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

/// Which part of a game [`add_game`] adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// [`TableGame::core`], and the game's place in [`Tables`].
    Core,
    /// [`TableGame::files`].
    Files,
    /// [`TableGame::window`].
    Window,
}

/// One game as the shell sees it.
#[derive(Clone, Copy)]
struct Entry {
    kind: GameKind,
    title: T,
    slug: &'static str,
    key: fn(KeyPress, &KeyContext) -> Option<Action>,
    answers: fn(&Action) -> bool,
    copy: fn(&World, bool, Lang) -> Copied,
    picture: fn(&World, bool, &Options) -> Picture,
    claims: fn(&Import) -> Claim,
    whole_panel: fn(&World) -> bool,
    menu: fn(Menu) -> Vec<MenuItem>,
    /// Registered with the window.
    panel: Option<PanelSection>,
    /// Its rows in the settings dialog, registered with the window.
    settings: Option<PanelSection>,
}

/// The games the table can hold.
#[derive(Resource, Default, Clone)]
pub struct Tables(Vec<Entry>);

impl Tables {
    fn on(&self, kind: GameKind) -> Option<&Entry> {
        self.0.iter().find(|e| e.kind == kind)
    }

    /// What a key press means at the table of `kind`: the shell's own keys first, then
    /// the game's, then Esc quits.
    #[must_use]
    pub fn key(&self, kind: GameKind, press: KeyPress, at: &KeyContext) -> Option<Action> {
        if at.typing && !press.ctrl {
            return None;
        }
        shell_key(press, at)
            .or_else(|| self.on(kind).and_then(|e| (e.key)(press, at)))
            .or_else(|| (press.key == KeyCode::Escape).then_some(Action::Quit))
    }

    /// Whether the table of `kind` answers `action` (the shell's own always are).
    #[must_use]
    pub fn answers(&self, kind: GameKind, action: &Action) -> bool {
        shell_answers(action) || self.on(kind).is_some_and(|e| (e.answers)(action))
    }

    /// The game on the table in `world`.
    fn shown(world: &World) -> Option<Entry> {
        let kind = *world.get_resource::<State<GameKind>>()?.get();
        world.get_resource::<Tables>()?.on(kind).copied()
    }

    /// What the game on the table copies (see [`TableGame::copy`]).
    #[must_use]
    pub fn copy(world: &World, shifted: bool, lang: Lang) -> Option<Copied> {
        Tables::shown(world).map(|e| (e.copy)(world, shifted, lang))
    }

    /// The picture the game on the table draws (see [`TableGame::picture`]).
    #[must_use]
    pub fn picture(world: &World, gif: bool, opts: &Options) -> Option<Picture> {
        Tables::shown(world).map(|e| (e.picture)(world, gif, opts))
    }

    /// Which game reads `import`, the table of `shown` on show: the surest claim, the
    /// table shown among equals, and the table shown when none claims it (it says why
    /// it cannot read it).
    #[must_use]
    pub fn reader(&self, import: &Import, shown: GameKind) -> GameKind {
        // Each game looks once: a claim may read a pasted text through.
        self.0
            .iter()
            .map(|e| ((e.claims)(import), e.kind == shown, e.kind))
            .filter(|&(claim, _, _)| claim > Claim::No)
            .max_by_key(|&(claim, on_show, _)| (claim, on_show))
            .map_or(shown, |(_, _, kind)| kind)
    }

    /// The name of the table of `kind`, as the menus and the table switch say it.
    #[must_use]
    pub fn title(&self, kind: GameKind) -> T {
        self.on(kind).map_or(T::GameXiangqi, |e| e.title)
    }

    /// The game named `slug` (see [`TableGame::SLUG`]), if the table holds it.
    #[must_use]
    pub fn named(&self, slug: &str) -> Option<GameKind> {
        self.0.iter().find(|e| e.slug == slug).map(|e| e.kind)
    }

    /// The file and log name of the game of `kind` (see [`TableGame::SLUG`]).
    #[must_use]
    pub fn slug(&self, kind: GameKind) -> &'static str {
        self.on(kind).map_or("table", |e| e.slug)
    }

    /// What the board camera sees while the game of `kind` is on the table, and where
    /// that game draws: the first game added draws on the default layer (0), the next
    /// on 1, and so on.
    #[must_use]
    pub fn layer(&self, kind: GameKind) -> bevy::camera::visibility::RenderLayers {
        let index = self.0.iter().position(|e| e.kind == kind).unwrap_or(0);
        bevy::camera::visibility::RenderLayers::layer(index)
    }

    /// Whether the game of `kind` takes the whole panel now (see
    /// [`TableGame::whole_panel`]).
    #[must_use]
    pub fn whole_panel(&self, kind: GameKind, world: &World) -> bool {
        self.on(kind).is_some_and(|e| (e.whole_panel)(world))
    }

    /// Draws every game's rows of the settings dialog in `ui`, in the games' order.
    pub fn settings_rows(&self, world: &mut World, ui: &mut bevy_egui::egui::Ui) {
        for (kind, rows) in self.0.iter().filter_map(|e| Some((e.kind, e.settings?))) {
            if let Err(e) = world.run_system_with(rows, ui) {
                warn!("the settings of {kind:?}: {e}");
            }
        }
    }

    /// The items the game of `kind` adds to `menu`.
    #[must_use]
    pub fn menu(&self, kind: GameKind, menu: Menu) -> Vec<MenuItem> {
        self.on(kind).map(|e| (e.menu)(menu)).unwrap_or_default()
    }

    /// Draws the part of the panel of the game of `kind` in `ui`.
    pub fn panel(&self, kind: GameKind, world: &mut World, ui: &mut bevy_egui::egui::Ui) {
        let Some(section) = self.on(kind).and_then(|e| e.panel) else {
            return;
        };
        if let Err(e) = world.run_system_with(section, ui) {
            warn!("the panel of {kind:?}: {e}");
        }
    }

    /// The games, in the order they were added.
    #[must_use]
    pub fn kinds(&self) -> Vec<GameKind> {
        self.0.iter().map(|e| e.kind).collect()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Tables>()
        .add_systems(Update, switch.in_set(Logic::Modes));
}

/// The table changes game at once (the mode change step applies it).
fn switch(
    mut asked: MessageReader<SwitchGame>,
    kind: Res<State<GameKind>>,
    mut next: ResMut<NextState<GameKind>>,
) {
    for &SwitchGame(to) in asked.read() {
        if *kind.get() != to {
            info!("table switches to {to:?}");
            next.set(to);
        }
    }
}

/// Adds `part` of game `G` to the app.
pub fn add_game<G: TableGame>(app: &mut App, part: Part) {
    match part {
        Part::Core => {
            app.init_resource::<Tables>();
            let mut tables = app.world_mut().resource_mut::<Tables>();
            if tables.on(G::KIND).is_none() {
                tables.0.push(Entry {
                    kind: G::KIND,
                    title: G::TITLE,
                    slug: G::SLUG,
                    key: G::key,
                    answers: G::answers,
                    copy: G::copy,
                    picture: G::picture,
                    claims: G::claims,
                    whole_panel: G::whole_panel,
                    menu: G::menu,
                    panel: None,
                    settings: None,
                });
            }
            G::core(app);
        }
        Part::Files => G::files(app),
        Part::Window => {
            G::window(app);
            let section = G::panel(app);
            let settings = G::settings(app);
            if let Some(entry) = app
                .world_mut()
                .resource_mut::<Tables>()
                .0
                .iter_mut()
                .find(|e| e.kind == G::KIND)
            {
                entry.panel = Some(section);
                entry.settings = settings;
            }
        }
    }
}

/// A run condition: game `G` is on the table.
pub fn on_table<G: TableGame>(table: Res<State<GameKind>>) -> bool {
    *table.get() == G::KIND
}

/// The actions of the table itself, whatever game is on it.
#[must_use]
pub fn shell_answers(action: &Action) -> bool {
    matches!(
        action,
        Action::Quit
            | Action::ToggleHelp
            | Action::ToggleMute
            | Action::ToggleSettings
            | Action::Zoom(_)
            | Action::NextTheme
            | Action::SwitchGame(_)
            | Action::ChooseGame(_)
    )
}

/// The shell's own keys: quit, the dialogs and their Esc, zoom, theme, sound, help.
fn shell_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    let overlay = at.overlay;
    Some(match (press.ctrl, press.key) {
        (true, KeyCode::KeyW) => Action::Quit,
        (true, KeyCode::Equal | KeyCode::NumpadAdd) => Action::Zoom(1),
        (true, KeyCode::Minus | KeyCode::NumpadSubtract) => Action::Zoom(-1),
        (true, KeyCode::Digit0 | KeyCode::Numpad0) => Action::Zoom(0),
        (true, KeyCode::Comma) => Action::ToggleSettings,
        // Esc first closes an open dialog.
        (_, KeyCode::Escape) if at.listing => Action::ChooseGame(None),
        (_, KeyCode::Escape) if overlay.slots => Action::ToggleSlots,
        (_, KeyCode::Escape) if overlay.help => Action::ToggleHelp,
        (_, KeyCode::Escape) if overlay.info => Action::ToggleGameInfo,
        (_, KeyCode::Escape) if overlay.settings => Action::ToggleSettings,
        (_, KeyCode::F1) => Action::ToggleHelp,
        (false, KeyCode::KeyM) => Action::ToggleMute,
        (false, KeyCode::KeyT) => Action::NextTheme,
        _ => return None,
    })
}

/// The keys every game gives the same sense: undo and redo, a new game, the slots, the
/// clipboard, pictures, the clock's pause, walking through the moves. A game takes
/// those it has (its [`TableGame::answers`] drops the rest).
#[must_use]
pub fn usual_key(press: KeyPress) -> Option<Action> {
    Some(match (press.ctrl, press.shift, press.key) {
        (true, false, KeyCode::KeyZ) => Action::Undo,
        (true, true, KeyCode::KeyZ) | (true, _, KeyCode::KeyY) => Action::Redo,
        (true, _, KeyCode::KeyR) => Action::NewGame,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: GameKind, claims: fn(&Import) -> Claim) -> Entry {
        Entry {
            kind,
            title: T::GameGo,
            slug: "a game",
            key: |_, _| None,
            answers: |_| false,
            copy: |_, _, _| unreachable!(),
            picture: |_, _, _| unreachable!(),
            claims,
            whole_panel: |_| false,
            menu: |_| Vec::new(),
            panel: None,
            settings: None,
        }
    }

    #[test]
    fn the_surest_claim_reads_an_import_and_the_table_shown_among_equals() {
        // One game claims pastes of "ours" surely and any text maybe; the other any
        // text maybe and nothing of slots.
        let tables = Tables(vec![
            entry(GameKind::Xiangqi, |i| match i {
                Import::Slot { .. } => Claim::Sure,
                _ => Claim::Maybe,
            }),
            entry(GameKind::Go, |i| match i {
                Import::Pasted(t) if t == "ours" => Claim::Sure,
                Import::Pasted(_) => Claim::Maybe,
                _ => Claim::No,
            }),
        ]);
        let paste = |t: &str| Import::Pasted(t.to_owned());
        for shown in [GameKind::Xiangqi, GameKind::Go] {
            assert_eq!(tables.reader(&paste("ours"), shown), GameKind::Go);
            assert_eq!(tables.reader(&paste("d4 q16"), shown), shown);
        }
        let file = Import::File("a.pgn".into());
        assert_eq!(tables.reader(&file, GameKind::Go), GameKind::Xiangqi);
        // Nobody's: the table shown says why it cannot read it.
        let nobody = Tables(vec![entry(GameKind::Go, |_| Claim::No)]);
        assert_eq!(nobody.reader(&file, GameKind::Xiangqi), GameKind::Xiangqi);
    }
}
