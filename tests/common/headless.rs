//! The game's systems without a window: MinimalPlugins and the core plugin, with clicks
//! and keys given as a player gives them (the messages and key states input produces).

use bevy::ecs::message::Messages;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput, NativeKey};
use bevy::prelude::*;
use xiangqi::app::xiangqi::messages::{PointerPressed, PointerReleased};
use xiangqi::app::xiangqi::model::Model;
use xiangqi::app::{Action, core_plugin};
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
