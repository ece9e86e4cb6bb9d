//! The marks a record draws on the position shown (the players' right-button arrows
//! and circles, a file's `[%cal …]`/`[%csl …]`), in lichess's four colours: arrows over
//! the pieces, rings around the points. Rebuilt when the position shown, its marks or
//! the board's orientation change.

use bevy::prelude::*;

use crate::app::schedule::Present;
use crate::app::shell::model::BoardLook;
use crate::app::xiangqi::model::Model;
use crate::app::xiangqi::view::board::{CELL, world};
use crate::rules::tree::marks::{Colour, Marks};
use crate::theme::brush;

/// Over the pieces and the engine's arrow.
const Z_DRAWN: f32 = 19.0;

/// A drawn mark's mesh.
#[derive(Component, Clone)]
pub struct Drawn;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, show.in_set(Present::Arrow));
}

fn rgba(colour: Colour) -> crate::theme::Rgba {
    match colour {
        Colour::Green => brush::GREEN,
        Colour::Red => brush::RED,
        Colour::Blue => brush::BLUE,
        Colour::Yellow => brush::YELLOW,
    }
}

fn show(
    mut commands: Commands,
    model: Res<Model>,
    look: Res<BoardLook>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    drawn: Query<Entity, With<Drawn>>,
    mut shown: Local<Option<(Marks, bool)>>,
) {
    if !(model.is_changed() || look.is_changed()) {
        return;
    }
    let want = (model.marks(), look.flipped);
    if shown.as_ref() == Some(&want) {
        return;
    }
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let (marks, flipped) = &want;
    for circle in &marks.circles {
        let material = materials.add(ColorMaterial::from_color(crate::app::to_color(rgba(
            circle.colour,
        ))));
        commands.spawn((
            Drawn,
            Mesh2d(meshes.add(Annulus::new(0.4 * CELL, 0.49 * CELL))),
            MeshMaterial2d(material),
            Transform::from_translation(world(circle.at, *flipped).extend(Z_DRAWN)),
        ));
    }
    for arrow in &marks.arrows {
        let material = materials.add(ColorMaterial::from_color(crate::app::to_color(rgba(
            arrow.colour,
        ))));
        super::arrow::spawn(
            &mut commands,
            &mut meshes,
            &material,
            (world(arrow.from, *flipped), world(arrow.to, *flipped)),
            Z_DRAWN,
            Drawn,
        );
    }
    if !marks.is_empty() {
        info!("marks drawn {}", marks.write());
    }
    *shown = Some(want);
}
