//! The engine's move as an arrow over the board: the hint (H) for the position shown,
//! or, while the analysis is shown, its best line's first move. Rebuilt whenever what
//! the engine said, the position shown or the board's orientation changes.

use crate::app::schedule::Present;
use bevy::prelude::*;

use crate::app::shell::model::BoardLook;
use crate::app::xiangqi::edit::Editing;
use crate::app::xiangqi::engine_link::EngineView;
use crate::app::xiangqi::model::Model;
use crate::app::xiangqi::review::Reviewed;
use crate::app::xiangqi::train::Training;
use crate::app::xiangqi::view::board::{CELL, world};
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::rules::Move;

/// Over the pieces (10) and the marks (15), under a moving or dragged piece.
const Z_ARROW: f32 = 18.0;
/// The shaft's width and the head's size, in cells.
const SHAFT: f32 = 0.16;
const HEAD_LENGTH: f32 = 0.36;
const HEAD_WIDTH: f32 = 0.46;

/// A part of the arrow.
#[derive(Component, Clone)]
pub struct Arrow;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, show.in_set(Present::Arrow));
}

/// The move to point at in the position shown, if any.
#[must_use]
pub fn pointed(model: &Model, view: &EngineView) -> Option<Move> {
    let pos = model.shown_position();
    view.hint_about(pos).or_else(|| {
        view.analysing
            .then(|| view.lines_about(pos).first()?.pv.first().copied())
            .flatten()
    })
}

fn show(
    mut commands: Commands,
    model: Res<Model>,
    view: Res<EngineView>,
    look: Res<BoardLook>,
    editing: Res<Editing>,
    sharp: Res<Sharpness>,
    mut images: ResMut<Assets<Image>>,
    arrows: Query<Entity, With<Arrow>>,
    mut shown: Local<Option<(Move, bool, crate::theme::Theme, Sharpness)>>,
    reviewed: Res<Reviewed>,
    training: Res<Training>,
) {
    if !(model.is_changed()
        || sharp.is_changed()
        || view.is_changed()
        || look.is_changed()
        || editing.is_changed()
        || reviewed.is_changed()
        || training.is_changed())
    {
        return;
    }
    // The engine's move now, else at a marked move of the review the better one.
    let want = training
        .pointed
        .or_else(|| pointed(&model, &view))
        .or_else(|| reviewed.better_at(model.cursor()))
        .filter(|_| editing.0.is_none())
        .map(|m| (m, look.flipped, look.theme, *sharp));
    if *shown == want {
        return;
    }
    for e in &arrows {
        commands.entity(e).despawn();
    }
    *shown = want;
    let Some((m, flipped, theme, sharp)) = want else {
        return;
    };
    info!("arrow {m}");
    spawn(
        &mut commands,
        (&mut images, sharp),
        theme.palette().arrow,
        (world(m.from, flipped), world(m.to, flipped)),
        Z_ARROW,
        Arrow,
    );
}

/// An arrow's shaft and head from `from` to `to` (world points) at depth `z`, in
/// `color`, with `marker`: one picture, turned along the move.
pub(crate) fn spawn(
    commands: &mut Commands,
    (images, sharp): (&mut Assets<Image>, Sharpness),
    color: crate::theme::Rgba,
    (from, to): (Vec2, Vec2),
    z: f32,
    marker: impl Component,
) {
    let along = (to - from).normalize_or_zero();
    // From within the piece that moves (its character stays readable) to the point it
    // goes to: a one-step move still shows a shaft.
    let start = from + along * 0.25 * CELL;
    let length = (to - start).length() / CELL;
    // Along the x axis, centred: the shaft, then the head ending at the tip.
    let tip = length / 2.0;
    let base = tip - HEAD_LENGTH;
    let white = paint::WHITE;
    let shapes = [
        crate::theme::Shape::Rect {
            center: ((base - tip) / 2.0, 0.0),
            size: (length - HEAD_LENGTH, SHAFT),
            color: white,
        },
        crate::theme::Shape::Polygon {
            points: vec![
                (tip, 0.0),
                (base, HEAD_WIDTH / 2.0),
                (base, -HEAD_WIDTH / 2.0),
            ],
            color: white,
        },
    ];
    let size = (length + 0.04, HEAD_WIDTH + 0.04);
    commands.spawn((
        marker,
        paint::tinted(images, &shapes, size, sharp, color),
        Transform::from_translation(((start + to) / 2.0).extend(z))
            .with_rotation(Quat::from_rotation_z(along.to_angle())),
    ));
}
