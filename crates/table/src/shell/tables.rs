//! The games the table holds ([`Tables`]): each added with [`add_game`], asked through
//! the registry by the shell, its systems run while it is on the table ([`OnTable`]).

use std::time::Duration;

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use super::access::SpokenBoard;
use super::keys::shell_answers;
use super::table::{
    Claim, Copied, CursorKey, KeyContext, KeyPress, Lending, Menu, MenuItem, PanelSection, Picture,
    PictureLook, Service, TableGame, shell_key,
};
use crate::actions::{Action, PlayCommand, SwitchGame, TableCommand};
use crate::i18n::Lang;
use crate::messages::Import;
use crate::schedule::{GameKind, Logic, Present};

/// A game's turn in a step of the logic that every game takes in turn, in the order the
/// games were added (each reads only what it claims; the order keeps their notices and
/// table switches in one order).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameStep(pub Logic, pub GameKind);

impl GameStep {
    /// The steps taken game by game.
    pub const STEPS: [Logic; 3] = [Logic::Lessons, Logic::Library, Logic::Import];
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
    title: fn(Lang) -> &'static str,
    slug: &'static str,
    key: fn(KeyPress, &KeyContext) -> Option<Action>,
    answers: fn(&Action) -> bool,
    copy: fn(&World, bool, Lang) -> Copied,
    picture: fn(&World, bool, &PictureLook) -> Picture,
    claims: fn(&Import) -> Claim,
    whole_panel: fn(&World) -> bool,
    wake_in: fn(&World) -> Option<Duration>,
    menu: fn(Menu) -> Vec<MenuItem>,
    help: fn(Lang) -> Vec<&'static str>,
    slots: Option<crate::shell::table::SlotFormat>,
    autosave: Option<crate::shell::table::AutosaveFormat>,
    file_section: Option<crate::shell::table::FileSection>,
    spoken_board: fn(&World, Lang) -> Option<SpokenBoard>,
    cursor: fn(CursorKey) -> Action,
    sides: fn(Lang) -> [&'static str; 2],
    facing: fn(&World) -> Option<usize>,
    line: fn(&World) -> Option<super::table::LineShown>,
    /// Registered with the window.
    panel: Option<PanelSection>,
    /// Its rows in the settings dialog, registered with the window.
    settings: Option<PanelSection>,
    /// Its choices in the new-game dialog, registered with the window.
    new_game: Option<PanelSection>,
}

/// The games the table can hold.
#[derive(Resource, Default, Clone)]
pub struct Tables(Vec<Entry>, Vec<Service>);

impl Tables {
    fn on(&self, kind: GameKind) -> Option<&Entry> {
        self.0.iter().find(|e| e.kind == kind)
    }

    /// What a key press means at the table of `kind`: the shell's own keys first, then
    /// the game's, then Esc leaves a lesson or quits, but only with nothing else open.
    #[must_use]
    pub fn key(&self, kind: GameKind, press: KeyPress, at: &KeyContext) -> Option<Action> {
        // F6 types nothing: from a text field or a focused button it still takes the
        // board's keyboard.
        if at.typing && !press.ctrl && press.key != KeyCode::F6 {
            return None;
        }
        // Esc closes an open menu (egui does), and does nothing else.
        if at.overlay.menu && press.key == KeyCode::Escape {
            return None;
        }
        // The clock for a real board covers the game: its keys are the shell's alone.
        if at.overlay.board_clock {
            return shell_key(press, at);
        }
        shell_key(press, at)
            .or_else(|| self.on(kind).and_then(|e| (e.key)(press, at)))
            .or_else(|| {
                (press.key == KeyCode::Escape)
                    .then(|| super::keys::escape(at))
                    .flatten()
            })
    }

    /// Whether the table of `kind` answers `action` (the shell's own always are).
    #[must_use]
    pub fn answers(&self, kind: GameKind, action: &Action) -> bool {
        // The new-game dialog is a new game's: a table without one has no dialog either.
        let action = match action {
            Action::NewGameChoices(_) | Action::StartGame => &Action::NewGame,
            other => other,
        };
        shell_answers(action)
            || self.1.iter().any(|s| (s.answers)(action))
            || self.on(kind).is_some_and(|e| (e.answers)(action))
    }

    /// What a key means to the table's services, the first that takes it.
    #[must_use]
    pub fn service_key(&self, press: KeyPress, at: &KeyContext) -> Option<Action> {
        self.1.iter().find_map(|s| (s.key)(press, at))
    }

    /// What has the board of the table of `slug` in `world`, besides its game (the
    /// autosave, the keys and the help ask).
    #[must_use]
    pub fn lent(world: &World, slug: &'static str) -> Vec<Lending> {
        world
            .get_resource::<Tables>()
            .map(|t| t.1.iter().filter_map(|s| (s.lent)(world, slug)).collect())
            .unwrap_or_default()
    }

    /// What has the board of the game on the table in `world`, besides the game.
    #[must_use]
    pub fn lent_on_table(world: &World) -> Vec<Lending> {
        Tables::shown(world).map_or_else(Vec::new, |e| Tables::lent(world, e.slug))
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
    pub fn picture(world: &World, gif: bool, opts: &PictureLook) -> Option<Picture> {
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

    /// The name of the table of `kind` in `lang`, as the menus and the table switch say
    /// it (a game not on the table: its slug).
    #[must_use]
    pub fn title(&self, kind: GameKind, lang: Lang) -> &'static str {
        self.on(kind).map_or(kind.0, |e| (e.title)(lang))
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

    /// The board of the game on the table as a screen reader reads it (see
    /// [`TableGame::spoken_board`]).
    #[must_use]
    pub fn spoken_board(world: &World, lang: Lang) -> Option<SpokenBoard> {
        Tables::shown(world).and_then(|e| (e.spoken_board)(world, lang))
    }

    /// `key` as the command of the board cursor of the game of `kind`.
    #[must_use]
    pub fn cursor(&self, kind: GameKind, key: CursorKey) -> Option<Action> {
        self.on(kind).map(|e| (e.cursor)(key))
    }

    /// The items the game of `kind` adds to `menu`.
    #[must_use]
    pub fn menu(&self, kind: GameKind, menu: Menu) -> Vec<MenuItem> {
        self.on(kind).map(|e| (e.menu)(menu)).unwrap_or_default()
    }

    /// Each game's autosave, by its slug, in the order the games were added.
    #[must_use]
    pub fn autosaves(&self) -> Vec<(&'static str, crate::shell::table::AutosaveFormat)> {
        self.0
            .iter()
            .filter_map(|e| Some((e.slug, e.autosave?)))
            .collect()
    }

    /// Each game's fields in the settings file, in the order the games were added.
    #[must_use]
    pub fn file_sections(&self) -> Vec<crate::shell::table::FileSection> {
        self.0.iter().filter_map(|e| e.file_section).collect()
    }

    /// How the game of `kind` keeps its games in the slots, if it does.
    #[must_use]
    pub fn slots(&self, kind: GameKind) -> Option<crate::shell::table::SlotFormat> {
        self.on(kind).and_then(|e| e.slots)
    }

    /// The lines the game of `kind` adds to the key help.
    #[must_use]
    pub fn help(&self, kind: GameKind, lang: Lang) -> Vec<&'static str> {
        self.on(kind).map(|e| (e.help)(lang)).unwrap_or_default()
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

    /// The names of the two sides of the game of `kind`, in its seats' order.
    #[must_use]
    pub fn sides(&self, kind: GameKind, lang: Lang) -> [&'static str; 2] {
        self.on(kind).map_or(["1", "2"], |e| (e.sides)(lang))
    }

    /// The seat whose move it is in the game on the table, once its last move is shown
    /// (see [`TableGame::facing`]).
    #[must_use]
    pub fn facing(world: &World) -> Option<usize> {
        Tables::shown(world).and_then(|e| (e.facing)(world))
    }

    /// Where the line shown of the game on the table stands, for a replay (see
    /// [`TableGame::line`]).
    #[must_use]
    pub fn line(world: &World) -> Option<super::table::LineShown> {
        // A board lent (a lesson, practice, a question) has no record to replay.
        if !Tables::lent_on_table(world).is_empty() {
            return None;
        }
        Tables::shown(world).and_then(|e| (e.line)(world))
    }

    /// Draws the new-game choices of the game of `kind` in `ui`, if it has any.
    pub fn new_game_choices(
        &self,
        kind: GameKind,
        world: &mut World,
        ui: &mut bevy_egui::egui::Ui,
    ) {
        let Some(section) = self.on(kind).and_then(|e| e.new_game) else {
            return;
        };
        if let Err(e) = world.run_system_with(section, ui) {
            warn!("the new-game choices of {kind:?}: {e}");
        }
    }

    /// The games, in the order they were added.
    #[must_use]
    pub fn kinds(&self) -> Vec<GameKind> {
        self.0.iter().map(|e| e.kind).collect()
    }
}

/// How long the window sleeps when nothing runs, unless input comes. Not
/// `Duration::MAX`: bevy_winit adds the wait to the frame's start, and when that
/// overflows it keeps its last control flow, which after a running clock is often
/// `Poll`, so a stopped clock (a flag fall, a pause) left the window drawing
/// continuously.
const IDLE: Duration = Duration::from_secs(24 * 60 * 60);

/// While the game on the table runs a clock, wake at its period; otherwise only for
/// input (a hidden table's clock waits).
fn schedule_redraws(world: &mut World) {
    let game = Tables::shown(world).and_then(|e| (e.wake_in)(world));
    let replay = world
        .get_resource::<super::model::Replaying>()
        .and_then(|r| r.wake_in(world.resource::<crate::settings::Settings>()));
    let other = world
        .get_resource::<super::model::WakeFor>()
        .and_then(|w| w.0);
    let wait = game
        .into_iter()
        .chain(replay)
        .chain(other)
        .min()
        .unwrap_or(IDLE);
    let (focused, unfocused) = (
        UpdateMode::reactive(wait),
        UpdateMode::reactive_low_power(wait),
    );
    let Some(mut winit) = world.get_resource_mut::<WinitSettings>() else {
        return;
    };
    // Only a real change: each one costs a redraw.
    if winit.focused_mode != focused || winit.unfocused_mode != unfocused {
        winit.focused_mode = focused;
        winit.unfocused_mode = unfocused;
    }
}

/// The window's part of the registry: its redraws follow the clock on the table.
pub(crate) fn window_plugin(app: &mut App) {
    app.add_systems(Update, schedule_redraws.in_set(Present::Wake));
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
    tables: Res<Tables>,
) {
    for &SwitchGame(to) in asked.read() {
        if *kind.get() != to {
            info!("table switches to {}", tables.title(to, Lang::En));
            next.set(to);
        }
    }
}

/// The settings file's text as read at the start (empty: none, or set aside): a game
/// added after the file was read takes its fields from it. (The store reads the file;
/// the table keeps the text for the games to come.)
#[derive(Resource, Default)]
pub(crate) struct SettingsText(pub String);

/// Adds a service to every table (see [`Service`]).
pub fn add_service(app: &mut App, service: Service) {
    app.world_mut()
        .get_resource_or_init::<Tables>()
        .1
        .push(service);
}

/// Adds `part` of game `G` to the app.
pub fn add_game<G: TableGame>(app: &mut App, part: Part) {
    match part {
        Part::Core => {
            app.init_resource::<Tables>();
            // The first game added is on the table at the start.
            if !app.world().contains_resource::<State<GameKind>>() {
                app.insert_state(G::KIND);
            }
            let mut tables = app.world_mut().resource_mut::<Tables>();
            let before = tables.0.last().map(|e| e.kind);
            if tables.on(G::KIND).is_none() {
                tables.0.push(Entry {
                    kind: G::KIND,
                    title: G::title,
                    slug: G::SLUG,
                    key: G::key,
                    answers: G::answers,
                    copy: G::copy,
                    picture: G::picture,
                    claims: G::claims,
                    whole_panel: G::whole_panel,
                    wake_in: G::wake_in,
                    menu: G::menu,
                    help: G::help,
                    slots: G::slots(),
                    autosave: G::autosave(),
                    file_section: G::file_section(),
                    spoken_board: G::spoken_board,
                    cursor: G::cursor,
                    sides: G::sides,
                    facing: G::facing,
                    line: G::line,
                    panel: None,
                    settings: None,
                    new_game: None,
                });
            }
            // What was said for the table left stays with it: its systems, idle while
            // another game is shown, would read it when they run again.
            // The game's own systems run while it is on the table: gated here, once.
            app.configure_sets(Update, OnTable(G::KIND).run_if(on_table::<G>));
            // Its turn in the steps every game has a turn in, after the game added before.
            for step in GameStep::STEPS {
                let turn = GameStep(step, G::KIND);
                match before {
                    Some(kind) if kind != G::KIND => {
                        app.configure_sets(Update, turn.in_set(step).after(GameStep(step, kind)))
                    }
                    _ => app.configure_sets(Update, turn.in_set(step)),
                };
            }
            app.clear_messages_on_exit::<PlayCommand>(G::KIND)
                .clear_messages_on_exit::<TableCommand>(G::KIND)
                .clear_messages_on_exit::<crate::messages::BoardPointer>(G::KIND);
            G::core(app);
            // The settings file read before the game came (the program reads it first,
            // for the window's size): the game takes its fields now, into what its core
            // has made.
            let text = app
                .world()
                .get_resource::<SettingsText>()
                .map(|t| t.0.clone());
            if let (Some(section), Some(text)) = (G::file_section(), text) {
                (section.load)(&text, app.world_mut());
            }
        }
        Part::Files => G::files(app),
        Part::Window => {
            G::window(app);
            let section = G::panel(app);
            let settings = G::settings(app);
            let new_game = G::new_game(app);
            if let Some(entry) = app
                .world_mut()
                .resource_mut::<Tables>()
                .0
                .iter_mut()
                .find(|e| e.kind == G::KIND)
            {
                entry.panel = Some(section);
                entry.settings = settings;
                entry.new_game = new_game;
            }
        }
    }
}

/// A run condition: game `G` is on the table.
fn on_table<G: TableGame>(table: Res<State<GameKind>>) -> bool {
    *table.get() == G::KIND
}

/// A game's systems that run only while it is on the table (its
/// [`TableGame::SYSTEMS`]): [`add_game`] gates the set once; a room puts a system in it
/// instead of gating it itself.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnTable(pub GameKind);

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: GameKind, claims: fn(&Import) -> Claim) -> Entry {
        Entry {
            kind,
            title: |_| "a game",
            slug: "a game",
            key: |_, _| None,
            answers: |_| false,
            copy: |_, _, _| unreachable!(),
            picture: |_, _, _| unreachable!(),
            claims,
            whole_panel: |_| false,
            wake_in: |_| None,
            menu: |_| Vec::new(),
            help: |_| Vec::new(),
            slots: None,
            autosave: None,
            file_section: None,
            spoken_board: |_, _| None,
            cursor: |_| Action::Quit,
            sides: |_| ["1", "2"],
            facing: |_| None,
            line: |_| None,
            new_game: None,
            panel: None,
            settings: None,
        }
    }

    #[test]
    fn the_surest_claim_reads_an_import_and_the_table_shown_among_equals() {
        // One game claims pastes of "ours" surely and any text maybe; the other any
        // text maybe and nothing of slots.
        let tables = Tables(
            vec![
                entry(GameKind("xiangqi"), |i| match i {
                    Import::Slot { .. } => Claim::Sure,
                    _ => Claim::Maybe,
                }),
                entry(GameKind("go"), |i| match i {
                    Import::Pasted(t) if t == "ours" => Claim::Sure,
                    Import::Pasted(_) => Claim::Maybe,
                    _ => Claim::No,
                }),
            ],
            Vec::new(),
        );
        let paste = |t: &str| Import::Pasted(t.to_owned());
        for shown in [GameKind("xiangqi"), GameKind("go")] {
            assert_eq!(tables.reader(&paste("ours"), shown), GameKind("go"));
            assert_eq!(tables.reader(&paste("d4 q16"), shown), shown);
        }
        let file = Import::File("a.pgn".into());
        assert_eq!(tables.reader(&file, GameKind("go")), GameKind("xiangqi"));
        // Nobody's: the table shown says why it cannot read it.
        let nobody = Tables(vec![entry(GameKind("go"), |_| Claim::No)], Vec::new());
        assert_eq!(
            nobody.reader(&file, GameKind("xiangqi")),
            GameKind("xiangqi")
        );
    }
}
