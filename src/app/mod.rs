//! The desktop game: a thin Bevy shell around [`Session`](crate::session::Session). The
//! model lives in resources; entities are only its view. Input becomes messages, logic
//! answers with messages, and the board, sound and panel react, in the order
//! [`schedule`] declares.
//!
//! Where to look: what a key does, `shell/input.rs`; who answers an action,
//! `actions.rs`; what a click, Ctrl+Z or a new game does, `xiangqi/play.rs`; the clock,
//! resignation and draws, `xiangqi/clock.rs`; the board editor, `xiangqi/edit.rs`; the
//! engine, `xiangqi/engine_link.rs`; how the board looks, `xiangqi/view/`; the panel,
//! `panel/` (its dialogs in `panel/dialogs/`); files, slots, the clipboard and pictures,
//! `store/`.

pub mod actions;
pub mod go;
pub mod messages;
pub mod panel;
pub mod probe;
pub mod schedule;
pub mod shell;
pub mod store;
pub mod xiangqi;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};
use shell::table::{Part, add_game};

use crate::storage::Dirs;
use crate::theme::Rgba;
pub use actions::*;
pub use messages::*;
pub use schedule::{AppSet, GameKind, Mode};
pub use shell::model::*;
pub use store::choice::{GameChoice, GameList, ListedGame};

/// A board cursor's ring: four bars forming a square `side` wide around `at`, in a
/// blue no piece, mark or board uses, at depth `z`, each tagged with `tag`.
pub(crate) fn focus_ring(
    commands: &mut Commands,
    (at, side, z): (Vec2, f32, f32),
    tag: impl Bundle + Clone,
) {
    let bar = 0.075 * side;
    for (offset, size) in [
        (Vec2::new(0.0, side / 2.0), Vec2::new(side + bar, bar)),
        (Vec2::new(0.0, -side / 2.0), Vec2::new(side + bar, bar)),
        (Vec2::new(side / 2.0, 0.0), Vec2::new(bar, side + bar)),
        (Vec2::new(-side / 2.0, 0.0), Vec2::new(bar, side + bar)),
    ] {
        commands.spawn((
            tag.clone(),
            Sprite {
                color: Color::srgb(0.1, 0.35, 1.0),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation((at + offset).extend(z)),
        ));
    }
}

/// A theme colour as a Bevy colour.
#[must_use]
pub fn to_color(c: Rgba) -> Color {
    Color::srgba_u8(c.0, c.1, c.2, c.3)
}

/// A theme colour as an egui colour.
#[must_use]
pub const fn egui_color(c: Rgba) -> bevy_egui::egui::Color32 {
    bevy_egui::egui::Color32::from_rgba_unmultiplied_const(c.0, c.1, c.2, c.3)
}

/// A flat material of a theme colour.
fn material(materials: &mut Assets<ColorMaterial>, c: Rgba) -> Handle<ColorMaterial> {
    materials.add(ColorMaterial::from_color(to_color(c)))
}

/// Messages, model, input and logic: everything but drawing. Headless tests use this.
pub fn core_plugin(app: &mut App) {
    app.add_plugins((
        schedule::plugin,
        actions::plugin,
        messages::plugin,
        shell::model::plugin,
        shell::tables::plugin,
        shell::input::plugin,
        shell::toggles::plugin,
        shell::access::plugin,
        store::library::plugin,
        // What the status line says is the logic's: headless tests read it too.
        panel::status::plugin,
    ));
    games(app, Part::Core);
}

/// Each game the table can hold: one line a game.
fn games(app: &mut App, part: Part) {
    add_game::<xiangqi::game::Xiangqi>(app, part);
    add_game::<go::game::Go>(app, part);
}

/// Saves, autosave, settings file and clipboard: everything that touches files or the OS
/// but draws nothing. Insert [`store::persist::DataDirs`] and [`store::clipboard::Clipboard`] first to
/// choose where files go and which clipboard is used (tests use a temporary folder).
pub fn files_plugin(app: &mut App) {
    app.add_plugins((
        store::persist::plugin,
        store::clipboard::plugin,
        store::export::plugin,
        store::jobs::plugin,
    ));
    games(app, Part::Files);
}

/// What the window adds to the core and the files: drawing the board and the panel,
/// sounds, the icon. Added by [`AppPlugin`]; a test may add it to build the whole
/// schedule without a window.
pub fn window_plugins(app: &mut App) {
    app.add_plugins((
        shell::assets::plugin,
        shell::stage::plugin,
        shell::tables::window_plugin,
        #[cfg(target_os = "linux")]
        shell::xwake::plugin,
        probe::plugin,
        store::clipboard::text_field_plugin,
        shell::icon::plugin,
        shell::audio::plugin,
        panel::plugin,
        panel::dialogs::settings::plugin,
        panel::dialogs::game_list::plugin,
    ));
    games(app, Part::Window);
}

/// Until when frames keep coming without input.
#[derive(Resource, Default)]
struct AwakeUntil(f32);

/// Keeps frames coming for a moment after start and after a resize: a desktop_app window
/// whose first update ran before it was mapped shows nothing until some event (seen under
/// Xvfb: up to the 60 s unfocused timeout), and egui lays out a resized window one frame
/// late.
fn keep_awake(
    time: Res<Time<Real>>,
    mut until: ResMut<AwakeUntil>,
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut rescaled: MessageReader<bevy::window::WindowScaleFactorChanged>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = time.elapsed_secs();
    if until.0 == 0.0 || resized.read().count() + rescaled.read().count() > 0 {
        until.0 = now + 1.0;
    }
    if now < until.0 {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The whole game in a window.
pub struct AppPlugin {
    /// A file to open once the last session has been resumed (undoable, like a paste).
    pub open: Option<std::path::PathBuf>,
    /// Where saves, the autosave and settings live (`None`: nowhere, the player is told).
    pub dirs: Option<Dirs>,
    /// A new timed game to start once the last session has been resumed (`--clock`).
    pub clock: Option<crate::rules::TimeControl>,
    /// A puzzle to train on at once (`--puzzle ID`).
    pub puzzle: Option<String>,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        // The files plugin reads the settings file first: the window opens at the size
        // it was left at.
        app.insert_resource(store::persist::DataDirs(self.dirs.clone()))
            .insert_resource(xiangqi::train::PuzzleAtStart(self.puzzle.clone()))
            .add_plugins(files_plugin);
        let (w, h) = store::persist::window_size(app).unwrap_or((1120.0, 800.0));
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "象棋 Xiangqi".into(),
                // WM_CLASS on X11, the app id on Wayland: the desktop entry's
                // StartupWMClass, so the launcher knows the window as ours.
                name: Some(crate::desktop::APP_ID.into()),
                resolution: WindowResolution::new(w as u32, h as u32),
                // Below this the panel's rows and the board's characters get too small.
                resize_constraints: bevy::window::WindowResizeConstraints {
                    min_width: 600.0,
                    min_height: 450.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        }))
        // Redraw only when something happens: an idle game costs nothing.
        .insert_resource(WinitSettings::desktop_app())
        .add_plugins(EguiPlugin::default())
        // The panel's camera is made in board.rs, apart from the board's.
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .add_plugins((core_plugin, window_plugins))
        .init_resource::<AwakeUntil>()
        .add_systems(Last, keep_awake.in_set(schedule::End::Wake));
        if let Some(control) = self.clock {
            // Undoable like Ctrl+R: Ctrl+Z goes back to the resumed game.
            app.add_systems(PostStartup, move |mut actions: MessageWriter<Action>| {
                actions.write(Action::own(xiangqi::messages::NewGameWith(Some(control))));
            });
        }
        if let Some(path) = self.open.clone() {
            // After the resume (Startup), so that Ctrl+Z goes back to the resumed game.
            app.add_systems(PostStartup, move |mut import: MessageWriter<Import>| {
                import.write(Import::File(path.clone()));
            });
        }
    }
}

/// Opens the window and plays until it is closed.
pub fn run(
    open: Option<std::path::PathBuf>,
    clock: Option<crate::rules::TimeControl>,
    puzzle: Option<String>,
) -> AppExit {
    App::new()
        .add_plugins(AppPlugin {
            open,
            dirs: Dirs::from_os(),
            clock,
            puzzle,
        })
        .run()
}
