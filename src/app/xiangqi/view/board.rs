//! The board: wood, lines, palaces, river, point marks and coordinates, drawn
//! from shapes so it is sharp at every size. Rebuilt when flipped or re-labelled.

use crate::app::schedule::{Begin, Present};
use bevy::prelude::*;

use crate::app::shell::assets::GameAssets;
use crate::app::shell::model::BoardLook;
use crate::app::shell::model::Settings;
use crate::app::to_color;
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::rules::Square;
use crate::theme::{self, Shape, geometry as g};
use bevy::window::PrimaryWindow;

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
    (sharp, mut images, mut drawn_at): (
        Res<Sharpness>,
        ResMut<Assets<Image>>,
        Local<Option<Sharpness>>,
    ),
    mut commands: Commands,
) {
    // The first frame's sharpness is the start's, which drew the board.
    let sharper = drawn_at.is_some_and(|at| at != *sharp);
    if drawn_at.is_none() {
        *drawn_at = Some(*sharp);
    }
    if (look.is_changed() && !look.is_added()) || sharper {
        *drawn_at = Some(*sharp);
        for e in &parts {
            commands.entity(e).despawn();
        }
        spawn_board(&mut commands, &look, &assets, (&mut images, *sharp));
        clear.0 = to_color(look.theme.palette().background);
    }
}

fn draw(
    mut commands: Commands,
    settings: Res<Settings>,
    assets: Res<GameAssets>,
    mut clear: ResMut<ClearColor>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut images: ResMut<Assets<Image>>,
) {
    let look = BoardLook {
        flipped: settings.flipped,
        coordinates: settings.coordinates,
        theme: settings.theme,
        pieces: settings.pieces,
        face_to_face: settings.face_to_face,
    };
    let sharp = paint::at_start(window);
    spawn_board(&mut commands, &look, &assets, (&mut images, sharp));
    clear.0 = to_color(settings.theme.palette().background);
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
