//! What each kind of thing the game draws costs its start: the empty Bevy example
//! (`empty-bevy`, the yardstick, kept apart so that its size stays Bevy's alone) with the
//! things named in `STARTUP_PARTS`: `sprite` (a board-coloured square where the game's
//! board is), and with it any of `text` (a character in the game's font), `mesh` (a
//! coloured circle, as the pieces are), `egui` (a window with a label).
//! `benches/app-figures.sh` times each to its first frame. With `PARTS_TICK=1` it draws a
//! frame a second, as a window with a running clock does: the anchor of the clock's cost.

use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

fn main() -> AppExit {
    let draws = std::env::var("STARTUP_PARTS").unwrap_or_default();
    let draws = |what: &str| draws.split(',').any(|d| d == what);
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "startup parts".into(),
            resolution: (1120, 800).into(),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(if std::env::var_os("PARTS_TICK").is_some() {
        let second = bevy::winit::UpdateMode::reactive(std::time::Duration::from_secs(1));
        WinitSettings {
            focused_mode: second,
            unfocused_mode: second,
        }
    } else {
        WinitSettings::desktop_app()
    })
    .add_systems(Startup, |mut commands: Commands| {
        commands.spawn(Camera2d);
    });
    if draws("sprite") {
        app.add_systems(Startup, |mut commands: Commands| {
            commands.spawn((
                Sprite::from_color(Color::srgb_u8(0xE9, 0xC7, 0x8E), Vec2::splat(600.0)),
                Transform::from_xyz(-260.0, 0.0, 0.0),
            ));
        });
    }
    if draws("text") {
        app.add_systems(
            Startup,
            |mut commands: Commands, mut fonts: ResMut<Assets<Font>>| {
                let font = fonts.add(Font::from_bytes(xiangqi::theme::FONT.to_vec()));
                commands.spawn((
                    Text2d::new("帥"),
                    TextFont::from(font).with_font_size(48.0),
                    TextColor(Color::BLACK),
                    Transform::from_xyz(-260.0, 200.0, 1.0),
                ));
            },
        );
    }
    if draws("mesh") {
        app.add_systems(
            Startup,
            |mut commands: Commands,
             mut meshes: ResMut<Assets<Mesh>>,
             mut materials: ResMut<Assets<ColorMaterial>>| {
                commands.spawn((
                    Mesh2d(meshes.add(Circle::new(30.0))),
                    MeshMaterial2d(materials.add(Color::srgb(0.8, 0.1, 0.1))),
                    Transform::from_xyz(-260.0, -200.0, 1.0),
                ));
            },
        );
    }
    if draws("egui") {
        app.add_plugins(EguiPlugin::default()).add_systems(
            EguiPrimaryContextPass,
            |mut contexts: EguiContexts| -> Result {
                egui::Window::new("panel").show(contexts.ctx_mut()?, |ui| {
                    ui.label("象棋 Xiangqi");
                });
                Ok(())
            },
        );
    }
    app.run()
}
