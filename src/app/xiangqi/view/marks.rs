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

#[derive(Resource)]
struct MarkLook {
    dot: Handle<Mesh>,
    halo: Handle<Mesh>,
    ring: Handle<Mesh>,
    glow: Handle<Mesh>,
    hint: Handle<ColorMaterial>,
    selected: Handle<ColorMaterial>,
    check: Handle<ColorMaterial>,
    /// A lesson's marked points: a gold star-ring, on every theme.
    target: Handle<ColorMaterial>,
    star: Handle<Mesh>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_look.in_set(Begin::View))
        .add_systems(
            Update,
            (rebuild, show_blocker, fade_blocker)
                .chain()
                .in_set(Present::Marks),
        );
}

fn make_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let r = g::PIECE_RADIUS * CELL;
    let wood = &theme::WOOD;
    let glow = match theme::check_glow(crate::rules::Square::A0, false, wood) {
        Shape::Disc { radius, color, .. } => (radius, color),
        _ => (g::PIECE_RADIUS + 0.08, wood.check),
    };
    let mut mat = |c| crate::app::material(&mut materials, c);
    commands.insert_resource(MarkLook {
        dot: meshes.add(Circle::new(g::DOT * CELL)),
        halo: meshes.add(Annulus::new(r + 0.01 * CELL, r + 0.07 * CELL)),
        ring: meshes.add(Annulus::new(r - 0.02 * CELL, r + 0.05 * CELL)),
        // The check glow as the theme describes it (the pictures draw the same).
        glow: meshes.add(Circle::new(glow.0 * CELL)),
        hint: mat(wood.hint),
        selected: mat(wood.selected),
        check: mat(glow.1),
        target: mat(theme::Rgba(0xE8, 0xB0, 0x10, 0xE0)),
        star: meshes.add(star(0.24 * CELL, 0.1 * CELL)),
    });
}

/// A five-pointed star: a fan of triangles from its centre through its ten corners.
fn star(outer: f32, inner: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let mut positions = vec![[0.0, 0.0, 0.0]];
    for i in 0..10u8 {
        let r = if i % 2 == 0 { outer } else { inner };
        let a = std::f32::consts::FRAC_PI_2 + f32::from(i) * std::f32::consts::PI / 5.0;
        positions.push([r * a.cos(), r * a.sin(), 0.0]);
    }
    let uvs: Vec<[f32; 2]> = positions
        .iter()
        .map(|p| [0.5 + p[0] / (2.0 * outer), 0.5 - p[1] / (2.0 * outer)])
        .collect();
    let normals = vec![[0.0, 0.0, 1.0]; positions.len()];
    let indices: Vec<u32> = (0..10u32)
        .flat_map(|i| [0, 1 + i, 1 + (i + 1) % 10])
        .collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

fn shape(mesh: &Handle<Mesh>, material: &Handle<ColorMaterial>, at: Vec2, z: f32) -> impl Bundle {
    (
        Mark,
        Mesh2d(mesh.clone()),
        MeshMaterial2d(material.clone()),
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
    look: Option<Res<MarkLook>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    marks: Query<Entity, With<Mark>>,
) {
    let Some(look) = look else {
        return;
    };
    let palette = look_changed.theme.palette();
    if look_changed.is_changed() {
        // The shared materials take the theme's colours.
        for (handle, color) in [
            (&look.hint, palette.hint),
            (&look.selected, palette.selected),
            (&look.check, palette.check),
        ] {
            if let Some(mut material) = materials.get_mut(handle) {
                material.color = crate::app::to_color(color);
            }
        }
    }
    if !(model.is_changed()
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
        commands.spawn(shape(&look.ring, &look.target, at, Z_OVER - 1.0));
        if pos.piece_at(sq).is_none() {
            commands.spawn(shape(&look.star, &look.target, at, Z_OVER - 1.0));
        }
    }
    if let Some(m) = model.shown_last_move() {
        corners(&mut commands, m.from, flipped, palette);
        corners(&mut commands, m.to, flipped, palette);
    }
    if pos.is_check() {
        let at = world(pos.general(pos.turn()), flipped);
        commands.spawn(shape(&look.glow, &look.check, at, Z_UNDER + 1.0));
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
            &look.selected,
            world(from, flipped),
            Z_OVER,
        ));
        for m in &selection.moves {
            let at = world(m.to, flipped);
            if pos.piece_at(m.to).is_some() {
                commands.spawn(shape(&look.ring, &look.hint, at, Z_OVER));
            } else {
                commands.spawn(shape(&look.dot, &look.hint, at, Z_OVER));
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
            Mesh2d(look.halo.clone()),
            MeshMaterial2d(look.check.clone()),
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
