//! The pieces: entities synced from the model whenever the board changes, with the
//! move slide (above every other piece), the capture that vanishes when hit, the shake
//! of a refused move, and the piece following the cursor during a drag.

use crate::app::schedule::{Begin, Present};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

use crate::app::messages::BoardChanged;
use crate::app::shell::assets::GameAssets;
use crate::app::shell::model::BoardLook;
use crate::app::shell::model::Settings;
use crate::app::to_color;
use crate::app::xiangqi::edit::Editing;
use crate::app::xiangqi::messages::{MovePlayed, MoveRejected, Redone, SteppedForward, Undone};
use crate::app::xiangqi::model::{Model, Selection};
use crate::app::xiangqi::view::board::{BoardCamera, CELL, TEXT_OVERSAMPLE, world};
use crate::app::xiangqi::view::paint::{self, Sharpness};
use crate::games::xiangqi::session::Change;
use crate::rules::{Board, Move, Piece, Role, Square};
use crate::theme::{self, Shape, geometry as g};

const Z_PIECE: f32 = 10.0;
const Z_MOVING: f32 = 20.0;
const Z_DRAGGED: f32 = 30.0;
const SHAKE_SECS: f32 = 0.3;

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceView {
    /// Its point.
    pub square: Square,
    /// What it is.
    pub piece: Piece,
}

/// A captured piece still shown until the capturing piece arrives.
#[derive(Component)]
struct Vanishing {
    at: f32,
}

/// A piece sliding from one point to another.
#[derive(Component)]
struct Slide {
    from: Vec2,
    to: Vec2,
    start: f32,
    secs: f32,
}

/// A refused piece shaking its head.
#[derive(Component)]
struct Shake {
    start: f32,
}

/// One drawn part of a piece, relative to its centre.
enum Part {
    /// Its face, rims and any symbol, painted.
    Picture(Sprite),
    Text(String, f32, bevy::color::Color),
}

/// Each piece's picture, painted from the theme's description of a piece
/// ([`theme::piece`]) in the look chosen: painted again when the theme, the piece style or
/// the board's size on the screen changes.
#[derive(Resource)]
struct PieceLook {
    made_for: (theme::Theme, theme::PieceStyle, Sharpness),
    parts: std::collections::HashMap<Piece, Vec<Part>>,
}

/// A piece's picture: its disc with room for the edge's smoothing.
const PICTURE: f32 = 2.0 * g::PIECE_RADIUS + 0.04;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, (make_look, sync).chain().in_set(Begin::View))
        .add_systems(
            Update,
            (sync_on_change, drag, animate)
                .chain()
                .in_set(Present::Pieces),
        );
}

fn make_look(
    mut commands: Commands,
    settings: Res<Settings>,
    sharp: Res<Sharpness>,
    mut images: ResMut<Assets<Image>>,
) {
    let look = piece_look((settings.theme, settings.pieces, *sharp), &mut images);
    commands.insert_resource(look);
}

/// Every piece's parts: its picture (discs, rings and any symbol) and its character.
fn piece_look(
    made_for: (theme::Theme, theme::PieceStyle, Sharpness),
    images: &mut Assets<Image>,
) -> PieceLook {
    let (theme_name, style, sharp) = made_for;
    let palette = theme_name.palette();
    let mut parts = std::collections::HashMap::new();
    for color in crate::rules::Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let shapes = theme::piece(piece, (0.0, 0.0), style, palette);
            let (labels, painted): (Vec<Shape>, Vec<Shape>) = shapes
                .into_iter()
                .partition(|s| matches!(s, Shape::Label { .. }));
            let mut out = vec![Part::Picture(paint::sprite(
                images,
                &painted,
                (PICTURE, PICTURE),
                sharp,
            ))];
            for label in labels {
                if let Shape::Label {
                    text, size, color, ..
                } = label
                {
                    out.push(Part::Text(text, size, to_color(color)));
                }
            }
            parts.insert(piece, out);
        }
    }
    PieceLook { made_for, parts }
}

/// A piece as the theme draws it: an entity at its point, its parts children.
/// Whether `piece` is drawn turned by 180°: face to face, the side at the top of the
/// board belongs to the player sitting across.
fn turned(piece: Piece, settings: &Settings) -> bool {
    settings.face_to_face && (piece.color == crate::rules::Color::Black) != settings.flipped
}

fn spawn_piece(
    commands: &mut Commands,
    look: &PieceLook,
    (font, turned): (&Handle<Font>, bool),
    square: Square,
    piece: Piece,
    at: Vec3,
) -> Entity {
    // The character alone turns (the disc is round): the piece's own transform stays
    // free for its slides and drags.
    let upright = if turned {
        Quat::from_rotation_z(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    let id = commands
        .spawn((
            PieceView { square, piece },
            Transform::from_translation(at),
            Visibility::default(),
        ))
        .id();
    let Some(parts) = look.parts.get(&piece) else {
        return id;
    };
    for part in parts {
        let child = match part {
            // A symbol's strokes turn with the character's (the disc is round).
            Part::Picture(sprite) => commands
                .spawn((sprite.clone(), Transform::from_rotation(upright)))
                .id(),
            Part::Text(text, size, color) => commands
                .spawn((
                    Text2d::new(text.clone()),
                    TextFont::from(font.clone()).with_font_size(size * CELL * TEXT_OVERSAMPLE),
                    TextColor(*color),
                    Transform::from_xyz(0.0, 0.0, 0.01)
                        .with_rotation(upright)
                        .with_scale(Vec3::splat(1.0 / TEXT_OVERSAMPLE)),
                ))
                .id(),
        };
        commands.entity(id).add_child(child);
    }
    id
}

/// The board to show: the editor's while one is open, else the shown position's.
fn shown_board<'a>(model: &'a Model, editing: &'a Editing) -> &'a Board {
    match &editing.0 {
        Some(state) => &state.editor.setup().board,
        None => model.shown_position().board(),
    }
}

/// Respawns every piece of `board`.
fn respawn(
    commands: &mut Commands,
    board: &Board,
    settings: &Settings,
    look: &PieceLook,
    font: &Handle<Font>,
    existing: impl Iterator<Item = Entity>,
) -> Vec<(Square, Entity)> {
    for e in existing {
        commands.entity(e).despawn();
    }
    board
        .pieces()
        .map(|(sq, piece)| {
            let at = world(sq, settings.flipped).extend(Z_PIECE);
            let font = (font, turned(piece, settings));
            (sq, spawn_piece(commands, look, font, sq, piece, at))
        })
        .collect()
}

fn sync(
    mut commands: Commands,
    model: Res<Model>,
    editing: Res<Editing>,
    settings: Res<Settings>,
    look: Res<PieceLook>,
    assets: Res<GameAssets>,
) {
    respawn(
        &mut commands,
        shown_board(&model, &editing),
        &settings,
        &look,
        &assets.font,
        std::iter::empty(),
    );
}

/// The slide to show after a change: a move played or redone, or one taken back.
fn slide_for(
    played: &mut MessageReader<MovePlayed>,
    undone: &mut MessageReader<Undone>,
    redone: &mut MessageReader<Redone>,
) -> Option<(Move, Option<Piece>)> {
    let mut slide = None;
    for p in played.read() {
        slide = Some((p.mv, p.captured));
    }
    for Undone(change) in undone.read() {
        if let Change::Move(m) = change {
            // Taking back: the piece goes home; the captured piece is already back.
            slide = Some((Move::new(m.to, m.from), None));
        }
    }
    for Redone(change) in redone.read() {
        if let Change::Move(m) = change {
            slide = Some((*m, None));
        }
    }
    slide
}

/// What happened on the board this frame.
#[derive(SystemParam)]
struct Happened<'w, 's> {
    changed: MessageReader<'w, 's, BoardChanged>,
    played: MessageReader<'w, 's, MovePlayed>,
    undone: MessageReader<'w, 's, Undone>,
    redone: MessageReader<'w, 's, Redone>,
    rejected: MessageReader<'w, 's, MoveRejected>,
    stepped: MessageReader<'w, 's, SteppedForward>,
}

/// What the pieces are drawn from.
#[derive(SystemParam)]
struct Shown<'w> {
    model: Res<'w, Model>,
    editing: Res<'w, Editing>,
    settings: Res<'w, Settings>,
    board_look: Res<'w, BoardLook>,
    assets: Res<'w, GameAssets>,
    time: Res<'w, Time>,
}

/// The pieces' pictures, painted again when the theme or the board's size changes.
#[derive(SystemParam)]
struct Looks<'w> {
    look: ResMut<'w, PieceLook>,
    sharp: Res<'w, Sharpness>,
    images: ResMut<'w, Assets<Image>>,
}

fn sync_on_change(
    mut commands: Commands,
    mut happened: Happened,
    shown: Shown,
    mut looks: Looks,
    pieces: Query<(Entity, &PieceView)>,
) {
    let Shown {
        model,
        editing,
        settings,
        board_look,
        assets,
        time,
    } = shown;
    let wanted = (board_look.theme, board_look.pieces, *looks.sharp);
    let repainted = looks.look.made_for != wanted;
    if repainted {
        let Looks { look, images, .. } = &mut looks;
        **look = piece_look(wanted, images);
    }
    let look: &PieceLook = &looks.look;
    let h = &mut happened;
    // A step forward through the record slides too; other walks through it do not.
    let stepped = h.stepped.read().last().map(|s| (s.0.mv, s.0.captured));
    let slide = slide_for(&mut h.played, &mut h.undone, &mut h.redone)
        .filter(|_| !model.is_reviewing())
        .or(stepped);
    let refused: Vec<Square> = h.rejected.read().map(|r| r.from).collect();
    let any_change = h.changed.read().count() > 0;
    if !any_change && !board_look.is_changed() && !repainted {
        for (e, view) in &pieces {
            if refused.contains(&view.square) {
                commands.entity(e).insert(Shake {
                    start: time.elapsed_secs(),
                });
            }
        }
        return;
    }
    let captured_before = slide.and_then(|(m, captured)| captured.map(|c| (m, c)));
    let spawned = respawn(
        &mut commands,
        shown_board(&model, &editing),
        &settings,
        look,
        &assets.font,
        pieces.iter().map(|(e, _)| e),
    );
    let Some((mv, _)) = slide.filter(|_| settings.animation) else {
        return;
    };
    let now = time.elapsed_secs();
    let secs = settings.animation_ms as f32 / 1000.0;
    info!("piece slides {mv}");
    if let Some((_, piece)) = captured_before {
        // The taken piece stays under the arriving one until it lands.
        let at = world(mv.to, settings.flipped).extend(Z_PIECE - 1.0);
        let font = (&assets.font, turned(piece, &settings));
        let ghost = spawn_piece(&mut commands, look, font, mv.to, piece, at);
        commands
            .entity(ghost)
            .remove::<PieceView>()
            .insert(Vanishing { at: now + secs });
    }
    if let Some(&(_, e)) = spawned.iter().find(|(sq, _)| *sq == mv.to) {
        let from = world(mv.from, settings.flipped);
        commands.entity(e).insert((
            Slide {
                from,
                to: world(mv.to, settings.flipped),
                start: now,
                secs,
            },
            Transform::from_translation(from.extend(Z_MOVING)),
        ));
    }
}

/// The held piece follows the cursor, or the finger on a touch screen.
fn drag(
    selection: Res<Selection>,
    settings: Res<Settings>,
    pointer: Option<Res<crate::app::shell::input::PointerAt>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<BoardCamera>>>,
    mut pieces: Query<(&PieceView, &mut Transform), Without<Slide>>,
) {
    let (Some(window), Some(camera)) = (window, camera) else {
        return;
    };
    let (Some(square), true) = (selection.square, selection.dragging) else {
        return;
    };
    let (camera, cam_transform) = *camera;
    let Some(cursor) = pointer
        .and_then(|p| p.0)
        .or_else(|| window.cursor_position())
    else {
        return;
    };
    let Ok(point) = camera.viewport_to_world_2d(cam_transform, cursor) else {
        return;
    };
    for (view, mut transform) in &mut pieces {
        if view.square == square {
            // Only lift it once the cursor has left its point: a click is not a drag.
            let home = world(square, settings.flipped);
            if point.distance(home) > g::HIT_RADIUS * CELL * 0.5 {
                transform.translation = point.extend(Z_DRAGGED);
            }
        }
    }
}

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Whether a piece is sliding (a board that turns waits for it).
pub(crate) fn sliding(world: &World) -> bool {
    world
        .try_query::<&Slide>()
        .is_some_and(|mut q| q.iter(world).next().is_some())
}

/// Moves sliding and shaking pieces, removes captured ones on arrival, and keeps frames
/// coming only while something moves.
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut slides: Query<(Entity, &Slide, &mut Transform), Without<Shake>>,
    mut shakes: Query<(Entity, &Shake, &PieceView, &mut Transform), Without<Slide>>,
    vanishing: Query<(Entity, &Vanishing)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs();
    let mut busy = false;
    for (e, slide, mut transform) in &mut slides {
        let t = if slide.secs > 0.0 {
            (now - slide.start) / slide.secs
        } else {
            1.0
        };
        let at = slide.from.lerp(slide.to, ease(t));
        if t >= 1.0 {
            transform.translation = slide.to.extend(Z_PIECE);
            commands.entity(e).remove::<Slide>();
        } else {
            transform.translation = at.extend(Z_MOVING);
        }
        busy = true;
    }
    for (e, shake, view, mut transform) in &mut shakes {
        let t = now - shake.start;
        let home = world(view.square, settings.flipped);
        if t >= SHAKE_SECS {
            transform.translation = home.extend(Z_PIECE);
            commands.entity(e).remove::<Shake>();
        } else {
            let offset = (t * 40.0).sin() * (1.0 - t / SHAKE_SECS) * 0.08 * CELL;
            transform.translation = (home + Vec2::new(offset, 0.0)).extend(Z_PIECE);
        }
        busy = true;
    }
    for (e, v) in &vanishing {
        if now >= v.at {
            commands.entity(e).despawn();
        }
        busy = true;
    }
    if busy {
        // Read by benches/app-figures.sh.
        debug!("animation frame {:.1} ms", time.delta_secs() * 1000.0);
        redraw.write(RequestRedraw);
    }
}
