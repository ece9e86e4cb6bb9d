//! Every set of the schedule, in one place, and their order. A system joins a set here
//! named; none orders itself by naming another file's system.
//!
//! `Update` runs [`AppSet::Input`] → [`AppSet::Route`] → [`AppSet::Logic`] →
//! [`AppSet::Presentation`]. Logic
//! is a chain of [`Logic`] steps: time passes first (a flag that falls this frame falls
//! before the move that came too late), then modes and toggles, the engine's answers,
//! play, the table's other ways to end a game, the files, and last the dialogs' pause of
//! the clock. Presentation is a chain of [`Present`] steps that only read the model. The
//! egui pass draws the panel, then the dialogs over it ([`PanelSet`]).

use bevy::camera::visibility::VisibilitySystems;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_egui::EguiPrimaryContextPass;

/// The game on the table, by its name ([`TableGame::SLUG`]): the shell names no game,
/// each game names itself. The first game added is on the table at the start.
///
/// [`TableGame::SLUG`]: crate::shell::table::TableGame::SLUG
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameKind(pub &'static str);

/// The three stages of every frame's `Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    /// Mouse and keys become messages.
    Input,
    /// Each action goes to the one system that owns it (`actions.rs`).
    Route,
    /// Messages change the model and say what came of it.
    Logic,
    /// The view, sounds, files and panel follow.
    Presentation,
}

/// The steps of [`AppSet::Logic`], in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Logic {
    /// The running clock (a flag fall).
    Time,
    /// Asking to enter or leave a mode (the editor); flip, mute, help.
    Modes,
    /// A replay at a pace: started, paused, its next step asked of the game.
    Replay,
    /// Puzzles opened, left, hinted, retried, shown (a mode of their own).
    Puzzles,
    /// The engine's answers and the player's requests of it (hint, analysis, opponent).
    Engine,
    /// The engine's review of the game: started, stopped, its results taken in.
    Review,
    /// A board's cursor (its clicks are read in `Play`; a game may move its cursor in
    /// `Play` instead): each says whether the board has the keyboard.
    Cursor,
    /// Moves, undo and redo, navigation, new games.
    Play,
    /// A move made in training judged, the defender's answer played.
    Train,
    /// A puzzle duel's referee: its clock, each puzzle marked, the next one set up.
    Duel,
    /// Who learns, their stars read and kept (the table's part of the lessons).
    Learn,
    /// Each game's lessons in turn ([`GameStep`](crate::shell::table::GameStep)):
    /// opened, left, each move judged, the answer played.
    Lessons,
    /// Edits of the game record: comments, glyphs, lines promoted or deleted, tags.
    Record,
    /// The board editor's changes.
    Edit,
    /// Pause, resignation, draw offers and their answers.
    Table,
    /// The window as a clock for a real board: opened, pressed, its time.
    BoardClock,
    /// The computer answers a draw offered to it.
    Opponent,
    /// Save slots (Ctrl+S, Ctrl+L, the dialog).
    Saves,
    /// The clipboard (copy, paste).
    Clipboard,
    /// The game library, each game's in turn: its answers taken in (a game found, to
    /// open), what the player asked of it, games kept, the explorer's question.
    Library,
    /// Opening games, each game's in turn: pasted, dropped, from a slot or a file's
    /// list, the library.
    Import,
    /// Pictures and PGN files written.
    Export,
    /// The manual's pages written and opened (Help → Manual).
    Manual,
    /// Open dialogs stop the clock, once everything that opens one has run.
    Dialogs,
    /// The parts of the settings each reader follows are brought up to date.
    Settings,
    /// Each game tells what happened in it this frame, in the shell's words: its
    /// status line ([`GameSaid`](crate::messages::GameSaid)) and its sound
    /// ([`SoundCue`](crate::messages::SoundCue)).
    Said,
}

/// The steps of [`AppSet::Presentation`], in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Present {
    /// The status line and the log; what each game says of what happened.
    Status,
    /// What was said kept for the screen reader's live region.
    Say,
    /// What the engine should be searching now.
    Engine,
    /// The board camera looks at the game on the table (it is fitted beside the panel in
    /// [`Fit`]).
    Stage,
    /// The board under the pieces.
    Board,
    /// The pieces and their animations.
    Pieces,
    /// Marks on the board.
    Marks,
    /// The engine's arrow.
    Arrow,
    /// Sounds.
    Sound,
    /// The window's icon.
    Icon,
    /// The board turned to the side to move, once the pieces' slides are drawn.
    Turn,
    /// Each game's autosave.
    Persist,
    /// The settings file (what it says of a failure comes after the games').
    Settings,
    /// How long the window may sleep: the clock on the table says (alone: it asks the
    /// game with the whole world in hand).
    Wake,
}

/// `PostUpdate`: the board's picture fitted to what the panel left, once the egui pass
/// has placed the panel and before Bevy computes the cameras' viewports. The frame drawn and
/// the next frame's clicks then see one layout: fitted in `Update`, a click in the frame
/// after a resize went through the last frame's viewport, off the board drawn.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fit;

/// `PostUpdate`, once Bevy has placed, shown and laid out what the frame changed and
/// sent its asset events, and before it chooses what each camera sees: whether the
/// board's picture is drawn again this frame (`shell/stage.rs`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Redraw;

/// The frame's end (`Last`): what asks for another frame, then the test probe's word
/// that nothing did (`probe.rs`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// Frames kept coming for a moment after start and after a resize.
    Wake,
    /// The probe's `settled` and `idle` lines.
    Rest,
}

/// The steps of `Startup`, in order: the last session is taken up before anything
/// draws it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Begin {
    /// What reading the settings found said, the data folders tidied.
    Settings,
    /// Each game's autosave read.
    Resume,
    /// The window measured, for what the views paint at its own pixels.
    Measure,
    /// The views built on what was resumed.
    View,
}

/// The egui pass: the panel, then the dialogs drawn over it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PanelSet {
    /// The side panel (the game's part inside it, its windows), the help.
    Frame,
    /// The settings dialog.
    Settings,
    /// The save slots' window.
    Slots,
    /// The window listing a file's games.
    GameList,
    /// The new-game dialog and the players' pages.
    Household,
    /// The map of lessons.
    Learn,
    /// A replay's bar.
    Replay,
    /// The clock for a real board, over everything.
    BoardClock,
    /// Whether a text field has the keyboard, once every window of the pass is drawn
    /// (a field clicked in a dialog takes the next key, not the table).
    Keyboard,
}

pub(crate) fn plugin(app: &mut App) {
    // Headless (tests, MinimalPlugins) the states have no plugin yet.
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    wake_on_change::<GameKind>(app);
    app.add_message::<bevy::window::RequestRedraw>()
        .add_systems(Update, wake_for_the_change.in_set(Present::Icon))
        .configure_sets(Last, (End::Wake, End::Rest).chain())
        .configure_sets(
            PostUpdate,
            Fit.after(bevy_egui::EguiPostUpdateSet::EndPass)
                .before(bevy::camera::CameraUpdateSystems)
                // The board's picture is placed before Bevy places what it draws.
                .before(bevy::transform::TransformSystems::Propagate),
        )
        .configure_sets(
            PostUpdate,
            Redraw
                .after(Fit)
                .after(bevy::transform::TransformSystems::Propagate)
                .after(bevy::asset::AssetEventSystems)
                .after(VisibilitySystems::VisibilityPropagate)
                .after(VisibilitySystems::CalculateBounds)
                // A camera started only after Bevy chose what each camera sees would
                // draw nothing in that frame.
                .before(VisibilitySystems::CheckVisibility),
        )
        .configure_sets(
            Update,
            (
                AppSet::Input,
                AppSet::Route,
                AppSet::Logic,
                AppSet::Presentation,
            )
                .chain(),
        )
        .configure_sets(
            Update,
            (
                (
                    Logic::Time,
                    Logic::Modes,
                    Logic::Replay,
                    Logic::Puzzles,
                    Logic::Engine,
                    Logic::Review,
                    Logic::Cursor,
                    Logic::Play,
                    Logic::Train,
                    Logic::Duel,
                    Logic::Learn,
                    Logic::Lessons,
                )
                    .chain(),
                Logic::Record,
                Logic::Edit,
                Logic::Table,
                Logic::BoardClock,
                Logic::Opponent,
                Logic::Saves,
                Logic::Clipboard,
                Logic::Library,
                Logic::Import,
                Logic::Export,
                Logic::Manual,
                Logic::Dialogs,
                Logic::Settings,
                Logic::Said,
            )
                .chain()
                .in_set(AppSet::Logic),
        )
        .configure_sets(
            Update,
            (
                Present::Status,
                Present::Say,
                Present::Engine,
                Present::Stage,
                Present::Board,
                Present::Pieces,
                Present::Marks,
                Present::Arrow,
                Present::Sound,
                Present::Icon,
                Present::Turn,
                Present::Persist,
                Present::Settings,
                Present::Wake,
            )
                .chain()
                .in_set(AppSet::Presentation),
        )
        .configure_sets(
            Startup,
            (Begin::Settings, Begin::Resume, Begin::Measure, Begin::View).chain(),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (
                PanelSet::Frame,
                PanelSet::Settings,
                PanelSet::Slots,
                PanelSet::GameList,
                PanelSet::Household,
                PanelSet::Learn,
                PanelSet::Replay,
                PanelSet::BoardClock,
                PanelSet::Keyboard,
            )
                .chain(),
        );
}

/// The states whose change the window wakes for: the table's and each game's modes
/// (added with [`wake_on_change`]).
#[derive(Resource, Default)]
struct StateWakes(Vec<fn(&World) -> bool>);

/// A change of `S` asked for is taken up by Bevy's state transition at the start of the
/// next frame: that frame is asked for, or the window, asleep until input, would show
/// the old state until the mouse moved. The table does it for the game on the table; a
/// game does it for its own modes.
pub fn wake_on_change<S: bevy::state::state::FreelyMutableState>(app: &mut App) {
    let mut wakes = app.world_mut().get_resource_or_init::<StateWakes>();
    wakes.0.push(|world| {
        world
            .get_resource::<NextState<S>>()
            .is_some_and(|next| !matches!(*next, NextState::Unchanged))
    });
}

fn wake_for_the_change(world: &World, mut commands: Commands) {
    let asked = world
        .get_resource::<StateWakes>()
        .is_some_and(|wakes| wakes.0.iter().any(|asked| asked(world)));
    if asked {
        commands.write_message(bevy::window::RequestRedraw);
    }
}
