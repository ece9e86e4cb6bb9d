//! The board: camera, wood, lines, palaces, river, point marks and coordinates, drawn
//! from shapes so it is sharp at every size. Rebuilt when flipped or re-labelled.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;

use super::assets::GameAssets;
use super::messages::{Action, AppSet};
use super::model::{Coordinates, Settings};
use super::to_color;
use crate::rules::{Color as Side, Square};
use crate::theme::{self, geometry as g, wood};

/// World units per line spacing.
pub const CELL: f32 = 64.0;

/// Text is rasterised at this multiple of its world size and scaled down, so it stays
/// sharp when the window is larger than the world.
pub const TEXT_OVERSAMPLE: f32 = 3.0;

/// The camera that looks at the board.
#[derive(Component)]
pub struct BoardCamera;

/// Width of the side panel in physical pixels, set by the panel each frame.
#[derive(Resource, Default, Clone, Copy, PartialEq)]
pub struct PanelWidth(pub f32);

/// Part of the drawn board (not a piece or a mark).
#[derive(Component)]
struct BoardPart;

/// World position of a point's centre.
#[must_use]
pub fn world(sq: Square, flipped: bool) -> Vec2 {
    let (x, y) = theme::point(sq, flipped);
    Vec2::new(x, y) * CELL
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelWidth>()
        .insert_resource(ClearColor(to_color(wood::BACKGROUND)))
        .add_systems(Startup, (spawn_camera, draw))
        .add_systems(
            Update,
            (
                flip.in_set(AppSet::Presentation),
                redraw_on_settings.in_set(AppSet::Presentation).after(flip),
                fit_viewport.in_set(AppSet::Presentation),
            ),
        );
}

fn spawn_camera(mut commands: Commands) {
    // The panel gets its own camera over the whole window: an egui context on the board
    // camera would shrink to the board's viewport along with it.
    commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    commands.spawn((
        Camera2d,
        BoardCamera,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: g::WIDTH * CELL,
                min_height: g::HEIGHT * CELL,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

fn flip(mut commands: MessageReader<Action>, mut settings: ResMut<Settings>) {
    for c in commands.read() {
        if *c == Action::Flip {
            settings.flipped = !settings.flipped;
        }
    }
}

/// The board occupies the window left of the panel.
fn fit_viewport(
    panel: Res<PanelWidth>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<&mut Camera, With<BoardCamera>>>,
) {
    let (Some(window), Some(mut camera)) = (window, camera) else {
        return;
    };
    let size = UVec2::new(
        (window.physical_width() as f32 - panel.0).max(1.0) as u32,
        window.physical_height().max(1),
    );
    let viewport = Some(Viewport {
        physical_position: UVec2::ZERO,
        physical_size: size,
        ..default()
    });
    if camera.viewport.as_ref().map(|v| v.physical_size) != Some(size) {
        camera.viewport = viewport;
    }
}

fn rect(center: Vec2, size: Vec2, z: f32, color: Color) -> (BoardPart, Sprite, Transform) {
    (
        BoardPart,
        Sprite {
            color,
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation(center.extend(z)),
    )
}

/// A segment between two points in board units.
fn segment(a: Vec2, b: Vec2, width: f32, color: Color) -> (BoardPart, Sprite, Transform) {
    let (a, b) = (a * CELL, b * CELL);
    let d = b - a;
    let mut bundle = rect(
        (a + b) / 2.0,
        Vec2::new(d.length() + width * CELL, width * CELL),
        1.0,
        color,
    );
    bundle.2.rotation = Quat::from_rotation_z(d.y.atan2(d.x));
    bundle
}

fn label(text: String, at: Vec2, size: f32, color: Color, font: &Handle<Font>) -> impl Bundle {
    (
        BoardPart,
        Text2d::new(text),
        TextFont::from(font.clone()).with_font_size(size * CELL * TEXT_OVERSAMPLE),
        TextColor(color),
        Transform::from_translation((at * CELL).extend(2.0))
            .with_scale(Vec3::splat(1.0 / TEXT_OVERSAMPLE)),
    )
}

fn redraw_on_settings(
    settings: Res<Settings>,
    assets: Res<GameAssets>,
    parts: Query<Entity, With<BoardPart>>,
    mut commands: Commands,
) {
    if settings.is_changed() && !settings.is_added() {
        for e in &parts {
            commands.entity(e).despawn();
        }
        spawn_board(&mut commands, &settings, &assets.font);
    }
}

fn draw(mut commands: Commands, settings: Res<Settings>, assets: Res<GameAssets>) {
    spawn_board(&mut commands, &settings, &assets.font);
}

fn spawn_board(commands: &mut Commands, settings: &Settings, font: &Handle<Font>) {
    let line = to_color(wood::LINE);
    let ink = to_color(wood::INK);
    let p = |f: f32, r: f32| {
        let (x, y) = (f - 4.0, r - 4.5);
        if settings.flipped {
            Vec2::new(-x, -y)
        } else {
            Vec2::new(x, y)
        }
    };
    commands.spawn(rect(
        Vec2::ZERO,
        Vec2::new(g::WIDTH, g::HEIGHT) * CELL,
        0.0,
        to_color(wood::BOARD),
    ));
    // The frame just outside the outer lines.
    let frame = Vec2::new(8.0, 9.0) / 2.0 + g::FRAME_GAP;
    for (a, b) in [
        (Vec2::new(-frame.x, -frame.y), Vec2::new(frame.x, -frame.y)),
        (Vec2::new(-frame.x, frame.y), Vec2::new(frame.x, frame.y)),
        (Vec2::new(-frame.x, -frame.y), Vec2::new(-frame.x, frame.y)),
        (Vec2::new(frame.x, -frame.y), Vec2::new(frame.x, frame.y)),
    ] {
        commands.spawn(segment(a, b, g::FRAME, line));
    }
    for r in 0..10 {
        commands.spawn(segment(p(0.0, r as f32), p(8.0, r as f32), g::LINE, line));
    }
    for f in 0..9 {
        let f = f as f32;
        if f == 0.0 || f == 8.0 {
            commands.spawn(segment(p(f, 0.0), p(f, 9.0), g::LINE, line));
        } else {
            // The river interrupts the inner files.
            commands.spawn(segment(p(f, 0.0), p(f, 4.0), g::LINE, line));
            commands.spawn(segment(p(f, 5.0), p(f, 9.0), g::LINE, line));
        }
    }
    for (r0, r1) in [(0.0, 2.0), (7.0, 9.0)] {
        commands.spawn(segment(p(3.0, r0), p(5.0, r1), g::LINE, line));
        commands.spawn(segment(p(5.0, r0), p(3.0, r1), g::LINE, line));
    }
    // The small crosses at cannon and soldier points: an L in each open quadrant.
    let (gap, arm) = (0.08, 0.2);
    for sq in theme::marked_points() {
        let c = p(f32::from(sq.file()), f32::from(sq.rank()));
        for (dx, dy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let board_dx = if settings.flipped { -dx } else { dx };
            if (sq.file() == 0 && board_dx < 0.0) || (sq.file() == 8 && board_dx > 0.0) {
                continue;
            }
            let corner = c + Vec2::new(dx, dy) * gap;
            commands.spawn(segment(
                corner,
                corner + Vec2::new(dx * arm, 0.0),
                g::LINE,
                line,
            ));
            commands.spawn(segment(
                corner,
                corner + Vec2::new(0.0, dy * arm),
                g::LINE,
                line,
            ));
        }
    }
    commands.spawn(label("楚 河".into(), Vec2::new(-2.0, 0.0), 0.5, ink, font));
    commands.spawn(label("漢 界".into(), Vec2::new(2.0, 0.0), 0.5, ink, font));

    let edge = 4.5 + g::FRAME_GAP + 0.42;
    let bottom = if settings.flipped {
        Side::Black
    } else {
        Side::Red
    };
    for f in 0..9u8 {
        let x = p(f32::from(f), 0.0).x;
        let (low, high) = match settings.coordinates {
            Coordinates::None => continue,
            Coordinates::Iccs => {
                let letter = char::from(b'a' + f).to_string();
                (letter.clone(), letter)
            }
            Coordinates::Chinese => {
                const CN: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
                let red = CN[usize::from(f)].to_owned();
                let black = (f + 1).to_string();
                (red, black)
            }
        };
        let (bottom_text, top_text) = if bottom == Side::Red {
            (low, high)
        } else {
            (high, low)
        };
        commands.spawn(label(bottom_text, Vec2::new(x, -edge), 0.32, ink, font));
        commands.spawn(label(top_text, Vec2::new(x, edge), 0.32, ink, font));
    }
    if settings.coordinates == Coordinates::Iccs {
        for r in 0..10u8 {
            let y = p(0.0, f32::from(r)).y;
            commands.spawn(label(
                r.to_string(),
                Vec2::new(-4.0 - g::FRAME_GAP - 0.42, y),
                0.32,
                ink,
                font,
            ));
        }
    }
}
