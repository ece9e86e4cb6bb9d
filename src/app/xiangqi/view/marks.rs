//! Marks on the board: the selected piece, dots on its legal destinations and rings on
//! what it can capture, the last move's from/to corners, the general in check.
//! Rebuilt from the model whenever the model, the selection or the settings change.
//! Apart from those, a refused move that something blocks (a horse's leg, an elephant's
//! eye, a piece in a chariot's path) rings the blocking point for a moment.

use crate::app::schedule::{Begin, Present};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::shell::model::{BoardLook, Settings};
use crate::app::to_color;
use crate::app::xiangqi::cursor::BoardCursor;
use crate::app::xiangqi::edit::Editing;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::learn::lessons;
use crate::app::xiangqi::messages::{MoveRejected, Refusal};
use crate::app::xiangqi::model::{Model, Selection};
use crate::app::xiangqi::view::board::{CELL, world};
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::rules::{IllegalMove, Square};
use crate::theme::{self, Shape, geometry as g};

const Z_UNDER: f32 = 5.0;
const Z_OVER: f32 = 15.0;

/// A mark (not a piece, not the board).
#[derive(Component, Clone)]
pub struct Mark;

/// The ring on the point that blocked a refused move, until `until` (seconds).
#[derive(Component)]
struct BlockerMark {
    until: f32,
}

/// How long the blocking point stays ringed.
const BLOCKER_SECS: f32 = 1.5;

/// The marks' pictures, white, each tinted by its colour.
#[derive(Resource)]
struct MarkLook {
    dot: Sprite,
    halo: Sprite,
    ring: Sprite,
    glow: Sprite,
    /// A lesson's marked points: a gold star-ring, on every theme.
    star: Sprite,
    /// What they were painted for.
    made_for: Sharpness,
}

/// A lesson's gold.
const TARGET: theme::Rgba = theme::Rgba(0xE8, 0xB0, 0x10, 0xE0);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_look.in_set(Begin::View))
        .add_systems(
            Update,
            (rebuild, show_blocker, fade_blocker)
                .chain()
                .in_set(Present::Marks),
        );
}

fn make_look(mut commands: Commands, sharp: Res<Sharpness>, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(mark_look(*sharp, &mut images));
}

/// The marks painted at `sharp`.
fn mark_look(sharp: Sharpness, images: &mut Assets<Image>) -> MarkLook {
    let r = g::PIECE_RADIUS;
    let glow = match theme::check_glow(crate::rules::Square::A0, false, &theme::WOOD) {
        Shape::Disc { radius, .. } => radius,
        _ => g::PIECE_RADIUS + 0.08,
    };
    let center = (0.0, 0.0);
    let disc = |radius: f32| Shape::Disc {
        center,
        radius,
        color: paint::WHITE,
    };
    let ring = |inner: f32, outer: f32| Shape::Ring {
        center,
        inner,
        outer,
        color: paint::WHITE,
    };
    let mut paint = |shape: Shape, radius: f32| {
        let side = 2.0 * radius + 0.04;
        paint::sprite(images, &[shape], (side, side), sharp)
    };
    MarkLook {
        dot: paint(disc(g::DOT), g::DOT),
        halo: paint(ring(r + 0.01, r + 0.07), r + 0.07),
        ring: paint(ring(r - 0.02, r + 0.05), r + 0.05),
        // The check glow as the theme describes it (the pictures draw the same).
        glow: paint(disc(glow), glow),
        star: paint(star(0.24, 0.1), 0.24),
        made_for: sharp,
    }
}

/// A five-pointed star, white, around the centre.
fn star(outer: f32, inner: f32) -> Shape {
    let points = (0..10u8)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = std::f32::consts::FRAC_PI_2 + f32::from(i) * std::f32::consts::PI / 5.0;
            (r * a.cos(), r * a.sin())
        })
        .collect();
    Shape::Polygon {
        points,
        color: paint::WHITE,
    }
}

/// A mark's picture in `color` at `at`.
fn shape(sprite: &Sprite, color: theme::Rgba, at: Vec2, z: f32) -> impl Bundle {
    (
        Mark,
        Sprite {
            color: to_color(color),
            ..sprite.clone()
        },
        Transform::from_translation(at.extend(z)),
    )
}

/// Corner brackets around a point, the classic last-move mark (shared with the export).
fn corners(commands: &mut Commands, sq: Square, flipped: bool, palette: &theme::Palette) {
    for shape in theme::last_move_corners(sq, flipped, palette) {
        if let Shape::Rect {
            center,
            size,
            color,
        } = shape
        {
            commands.spawn((
                Mark,
                Sprite {
                    color: to_color(color),
                    custom_size: Some(Vec2::new(size.0, size.1) * CELL),
                    ..default()
                },
                Transform::from_translation((Vec2::new(center.0, center.1) * CELL).extend(Z_UNDER)),
            ));
        }
    }
}

fn rebuild(
    mut commands: Commands,
    model: Res<Model>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    settings: Res<Settings>,
    look_changed: Res<BoardLook>,
    editing: Res<Editing>,
    lesson: Res<table::learn::lessons::Lessoning<Xiangqi>>,
    look: Option<ResMut<MarkLook>>,
    sharp: Res<Sharpness>,
    mut images: ResMut<Assets<Image>>,
    marks: Query<Entity, With<Mark>>,
) {
    let Some(mut look) = look else {
        return;
    };
    let palette = look_changed.theme.palette();
    let repainted = look.made_for != *sharp;
    if repainted {
        *look = mark_look(*sharp, &mut images);
    }
    if !(repainted
        || model.is_changed()
        || selection.is_changed()
        || cursor.is_changed()
        || look_changed.is_changed()
        || editing.is_changed()
        || lesson.is_changed())
    {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let flipped = settings.flipped;
    // The editor's board has no moves to mark: only the cursor's ring.
    if editing.0.is_some() {
        if let Some(at) = cursor.0 {
            crate::app::focus_ring(
                &mut commands,
                (world(at, flipped), 0.96 * CELL, Z_OVER + 1.0),
                Mark,
            );
        }
        return;
    }
    let pos = model.shown_position();
    // A lesson's points to reach or take: a ring and a star on each.
    for sq in lessons::targets(&lesson) {
        let at = world(sq, flipped);
        commands.spawn(shape(&look.ring, TARGET, at, Z_OVER - 1.0));
        if pos.piece_at(sq).is_none() {
            commands.spawn(shape(&look.star, TARGET, at, Z_OVER - 1.0));
        }
    }
    if let Some(m) = model.shown_last_move() {
        corners(&mut commands, m.from, flipped, palette);
        corners(&mut commands, m.to, flipped, palette);
    }
    if pos.is_check() {
        let at = world(pos.general(pos.turn()), flipped);
        commands.spawn(shape(&look.glow, palette.check, at, Z_UNDER + 1.0));
    }
    if let Some(at) = cursor.0 {
        crate::app::focus_ring(
            &mut commands,
            (world(at, flipped), 0.96 * CELL, Z_OVER + 1.0),
            Mark,
        );
    }
    if let Some(from) = selection.square {
        commands.spawn(shape(
            &look.halo,
            palette.selected,
            world(from, flipped),
            Z_OVER,
        ));
        for m in &selection.moves {
            let at = world(m.to, flipped);
            if pos.piece_at(m.to).is_some() {
                commands.spawn(shape(&look.ring, palette.hint, at, Z_OVER));
            } else {
                commands.spawn(shape(&look.dot, palette.hint, at, Z_OVER));
            }
        }
    }
}

/// Rings the point that blocked a refused move.
fn show_blocker(
    mut commands: Commands,
    mut rejected: MessageReader<MoveRejected>,
    settings: Res<Settings>,
    look: Option<Res<MarkLook>>,
    time: Res<Time>,
    old: Query<Entity, With<BlockerMark>>,
) {
    let Some(look) = look else {
        return;
    };
    for r in rejected.read() {
        let Refusal::Illegal(IllegalMove::CannotMoveThere { rule, .. }) = r.reason else {
            continue;
        };
        let Some(square) = rule.point() else {
            continue;
        };
        for e in &old {
            commands.entity(e).despawn();
        }
        let at = world(square, settings.flipped);
        commands.spawn((
            BlockerMark {
                until: time.elapsed_secs() + BLOCKER_SECS,
            },
            Sprite {
                color: to_color(settings.theme.palette().check),
                ..look.halo.clone()
            },
            Transform::from_translation(at.extend(Z_OVER)),
        ));
    }
}

/// Takes the ring away when its time is up; frames keep coming until then.
fn fade_blocker(
    mut commands: Commands,
    time: Res<Time>,
    marks: Query<(Entity, &BlockerMark)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (e, mark) in &marks {
        if time.elapsed_secs() >= mark.until {
            commands.entity(e).despawn();
        } else {
            redraw.write(RequestRedraw);
        }
    }
}
