//! The game's systems without a window: MinimalPlugins and the core plugin, with clicks
//! and keys given as a player gives them (the messages and key states input produces).

use bevy::ecs::message::Messages;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput, NativeKey};
use bevy::prelude::*;
use xiangqi::app::actions::Action;
use xiangqi::app::core_plugin;
use xiangqi::app::xiangqi::messages::{PointerPressed, PointerReleased};
use xiangqi::app::xiangqi::model::Model;
use xiangqi::rules::Square;

/// The game's logic, one frame run.
pub fn app() -> App {
    app_with(|_| {})
}

/// The game's logic with `setup` done to the app before the first frame.
pub fn app_with(setup: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<KeyboardInput>();
    setup(&mut app);
    app.add_plugins(core_plugin);
    app.update();
    app
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Everything of `M` written since the last call.
pub fn drain<M: Message>(app: &mut App) -> Vec<M> {
    app.world_mut()
        .resource_mut::<Messages<M>>()
        .drain()
        .collect()
}

/// A key or button's action, and a frame.
pub fn act(app: &mut App, action: Action) {
    app.world_mut().write_message(action);
    app.update();
}

pub fn click(app: &mut App, at: &str) {
    app.world_mut().write_message(PointerPressed(Some(sq(at))));
    app.world_mut().write_message(PointerReleased(Some(sq(at))));
    app.update();
}

pub fn drag(app: &mut App, from: &str, to: &str) {
    app.world_mut()
        .write_message(PointerPressed(Some(sq(from))));
    app.update();
    app.world_mut().write_message(PointerReleased(Some(sq(to))));
    app.update();
}

/// A key going down (`true`) or up, as the window reports it.
pub fn key_message(key: KeyCode, down: bool) -> KeyboardInput {
    KeyboardInput {
        key_code: key,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state: if down {
            ButtonState::Pressed
        } else {
            ButtonState::Released
        },
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Keys pressed in order and held for a frame, then let go.
pub fn chord(app: &mut App, keys: &[KeyCode]) {
    for &k in keys {
        app.world_mut().write_message(key_message(k, true));
    }
    app.update();
    for &k in keys.iter().rev() {
        app.world_mut().write_message(key_message(k, false));
    }
    app.update();
}

pub fn fen(app: &App) -> String {
    app.world().resource::<Model>().shown_position().to_fen()
}

pub fn plies(app: &App) -> usize {
    app.world().resource::<Model>().game().ply_count()
}

/// Moves in ICCS, each as two clicks.
pub fn play(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        click(app, &m[..2]);
        click(app, &m[2..]);
    }
}

/// The game with its files and library in a folder of its own (under the tests'
/// temporary folder, named `name`, emptied first).
pub fn with_library(name: &str) -> App {
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&root);
    reopened(name)
}

/// The game opened again on the folder [`with_library`] made, as it was left.
pub fn reopened(name: &str) -> App {
    use xiangqi::app::store::persist::DataDirs;
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<KeyboardInput>()
        .add_message::<bevy::window::FileDragAndDrop>()
        .add_plugins(core_plugin)
        .insert_resource(DataDirs(Some(xiangqi::storage::Dirs::under(&root))))
        .add_plugins(xiangqi::app::files_plugin);
    app.update();
    app
}

/// Frames until `done` holds (the library answers from its threads), at most 20 s.
pub fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = std::time::Instant::now();
    while !done(app) {
        assert!(start.elapsed().as_secs() < 20, "waited for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
}

/// A moment goes by (a second of the table's clock in one frame): long enough that an
/// Esc now is not the second of a double press.
pub fn a_moment_later(app: &mut App) {
    use bevy::time::TimeUpdateStrategy;
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_secs(1),
    ));
    app.update();
    app.insert_resource(TimeUpdateStrategy::Automatic);
}
