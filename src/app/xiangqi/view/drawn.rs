//! The marks a record draws on the position shown (the players' right-button arrows
//! and circles, a file's `[%cal …]`/`[%csl …]`), in lichess's four colours: arrows over
//! the pieces, rings around the points. Rebuilt when the position shown, its marks or
//! the board's orientation change.

use bevy::prelude::*;

use crate::app::schedule::Present;
use crate::app::shell::model::BoardLook;
use crate::app::xiangqi::model::Model;
use crate::app::xiangqi::view::board::world;
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::rules::tree::marks::{Colour, Marks};
use crate::theme::brush;

/// Over the pieces and the engine's arrow.
const Z_DRAWN: f32 = 19.0;

/// A drawn mark's picture.
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
    sharp: Res<Sharpness>,
    mut images: ResMut<Assets<Image>>,
    drawn: Query<Entity, With<Drawn>>,
    mut shown: Local<Option<(Marks, bool, Sharpness)>>,
) {
    if !(model.is_changed() || look.is_changed() || sharp.is_changed()) {
        return;
    }
    let want = (model.marks(), look.flipped, *sharp);
    if shown.as_ref() == Some(&want) {
        return;
    }
    for e in &drawn {
        commands.entity(e).despawn();
    }
    let (marks, flipped, sharp) = &want;
    let ring = crate::theme::Shape::Ring {
        center: (0.0, 0.0),
        inner: 0.4,
        outer: 0.49,
        color: paint::WHITE,
    };
    for circle in &marks.circles {
        commands.spawn((
            Drawn,
            paint::tinted(
                &mut images,
                std::slice::from_ref(&ring),
                (1.02, 1.02),
                *sharp,
                rgba(circle.colour),
            ),
            Transform::from_translation(world(circle.at, *flipped).extend(Z_DRAWN)),
        ));
    }
    for arrow in &marks.arrows {
        super::arrow::spawn(
            &mut commands,
            (&mut images, *sharp),
            rgba(arrow.colour),
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
