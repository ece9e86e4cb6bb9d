//! The yardstick for the game's figures: an empty Bevy window built with exactly the same
//! features and settings (a camera, reactive updates), and nothing else.
//! `cargo run --release --example empty-bevy`

use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() -> AppExit {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "empty Bevy".into(),
                resolution: (1120, 800).into(),
                ..default()
            }),
            ..default()
        }))
        .insert_resource(WinitSettings::desktop_app())
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .run()
}
