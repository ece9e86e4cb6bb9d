//! The board: wood, lines, palaces, river, point marks and coordinates, drawn
//! from shapes so it is sharp at every size. Rebuilt when flipped or re-labelled.

use crate::app::schedule::{Begin, Present};
use bevy::prelude::*;

use crate::app::shell::assets::GameAssets;
use crate::app::shell::model::BoardLook;
use crate::app::shell::model::Settings;
use crate::app::to_color;
use crate::rules::Square;
use crate::theme::{self, Shape};

pub use crate::app::shell::stage::{CELL, PanelArea};

/// Text is rasterised at this multiple of its world size and scaled down, so it stays
/// sharp when the window is larger than the world.
pub const TEXT_OVERSAMPLE: f32 = 3.0;

pub use crate::app::shell::input::BoardCamera;

/// Part of the drawn board (not a piece or a mark).
#[derive(Component)]
struct BoardPart;

/// World position of a point's centre.
#[must_use]
pub fn world(sq: Square, flipped: bool) -> Vec2 {
    let (x, y) = theme::point(sq, flipped);
    Vec2::new(x, y) * CELL
}

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(to_color(theme::WOOD.background)))
        .add_systems(Startup, draw.in_set(Begin::View))
        .add_systems(Update, redraw_on_settings.in_set(Present::Board));
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
    look: Res<BoardLook>,
    assets: Res<GameAssets>,
    parts: Query<Entity, With<BoardPart>>,
    mut clear: ResMut<ClearColor>,
    mut commands: Commands,
) {
    if look.is_changed() && !look.is_added() {
        for e in &parts {
            commands.entity(e).despawn();
        }
        spawn_board(&mut commands, &look, &assets);
        clear.0 = to_color(look.theme.palette().background);
    }
}

fn draw(
    mut commands: Commands,
    settings: Res<Settings>,
    assets: Res<GameAssets>,
    mut clear: ResMut<ClearColor>,
) {
    let look = BoardLook {
        flipped: settings.flipped,
        coordinates: settings.coordinates,
        theme: settings.theme,
        pieces: settings.pieces,
        face_to_face: settings.face_to_face,
    };
    spawn_board(&mut commands, &look, &assets);
    clear.0 = to_color(settings.theme.palette().background);
}

fn spawn_board(commands: &mut Commands, look: &BoardLook, assets: &GameAssets) {
    // The shapes are the image export's too.
    let v = |(x, y): (f32, f32)| Vec2::new(x, y);
    for shape in theme::board(look.flipped, look.coordinates, look.theme.palette()) {
        match shape {
            Shape::Rect {
                center,
                size,
                color,
            } => {
                commands.spawn(rect(v(center) * CELL, v(size) * CELL, 0.0, to_color(color)));
            }
            Shape::Segment { a, b, width, color } => {
                commands.spawn(segment(v(a), v(b), width, to_color(color)));
            }
            Shape::Label {
                text,
                at,
                size,
                color,
            } => {
                let font = match theme::Face::for_text(&text) {
                    theme::Face::Kai => &assets.font,
                    theme::Face::Plain => &assets.plain,
                };
                commands.spawn(label(text, v(at), size, to_color(color), font));
            }
            // The board has no round parts or polygons.
            Shape::Disc { .. } | Shape::Ring { .. } | Shape::Polygon { .. } => {}
        }
    }
}
