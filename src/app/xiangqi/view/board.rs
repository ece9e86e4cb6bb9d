//! The board: wood, lines, palaces, river, point marks and coordinates, drawn
//! from shapes so it is sharp at every size. Rebuilt when flipped or re-labelled.

use crate::app::schedule::Present;
use bevy::prelude::*;

use crate::app::shell::assets::GameAssets;
use crate::app::shell::model::BoardLook;
use crate::app::to_color;
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::rules::Square;
use crate::theme::{self, Shape, geometry as g};

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
        .add_systems(Update, draw.in_set(Present::Board));
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

/// Draws the board in the first frame, then again when its look or its size on the
/// screen changes.
fn draw(
    look: Res<BoardLook>,
    assets: Res<GameAssets>,
    parts: Query<Entity, With<BoardPart>>,
    mut clear: ResMut<ClearColor>,
    (sharp, mut images, mut made_for): (
        Res<Sharpness>,
        ResMut<Assets<Image>>,
        Local<Option<(BoardLook, Sharpness)>>,
    ),
    mut commands: Commands,
) {
    let wanted = (*look, *sharp);
    if *made_for == Some(wanted) {
        return;
    }
    *made_for = Some(wanted);
    for e in &parts {
        commands.entity(e).despawn();
    }
    spawn_board(&mut commands, &look, &assets, (&mut images, *sharp));
    clear.0 = to_color(look.theme.palette().background);
}

fn spawn_board(
    commands: &mut Commands,
    look: &BoardLook,
    assets: &GameAssets,
    (images, sharp): (&mut Assets<Image>, Sharpness),
) {
    // The shapes are the image export's too: the wood and its lines painted as one
    // picture at the screen's own pixels a unit (smooth diagonals, lines of one width
    // wherever they fall), the characters as text.
    let (labels, painted): (Vec<Shape>, Vec<Shape>) =
        theme::board(look.flipped, look.coordinates, look.theme.palette())
            .into_iter()
            .partition(|s| matches!(s, Shape::Label { .. }));
    commands.spawn((
        BoardPart,
        paint::sprite(images, &painted, (g::WIDTH, g::HEIGHT), sharp),
        Transform::default(),
    ));
    for shape in labels {
        if let Shape::Label {
            text,
            at,
            size,
            color,
        } = shape
        {
            let font = match theme::Face::for_text(&text) {
                theme::Face::Kai => &assets.font,
                theme::Face::Plain => &assets.plain,
            };
            let at = Vec2::new(at.0, at.1);
            commands.spawn(label(text, at, size, to_color(color), font));
        }
    }
}
