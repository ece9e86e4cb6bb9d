//! The goban in the window: the picture painter's board as one image, redrawn when the
//! game changes, over the Xiangqi board (which stays, hidden, for when the table
//! switches back). The points the side to move may not play are crossed before the
//! click, and the one under the pointer says why.

use bevy::image::Image;
use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::go::game::Go;
use crate::app::go::gnugo::{hint::Hinted, review::GoReviewed, territory::Territory};
use crate::app::go::learn::lessons;
use crate::app::schedule::Present;
use crate::app::shell::input::BoardCamera;
use crate::app::shell::model::BoardLook;
use crate::app::shell::stage::CELL;
use crate::app::shell::table::{TableGame, Tables};
use crate::app::to_color;
use crate::go::{IllegalMove, Move, Point};
use crate::picture::goban::{Geometry, GobanPainter, Marks};
use crate::theme::geometry as g;

/// The picture's pixels: sharp on a large window.
const PX: u32 = 1200;

/// The side of the goban in world units: the board area's shorter side.
fn side() -> f32 {
    g::WIDTH.min(g::HEIGHT) * CELL
}

/// The goban's image.
#[derive(Component)]
struct Goban;

/// The point under world position `at` on a board of `size`.
#[must_use]
pub fn point_at(at: Vec2, size: u8) -> Option<Point> {
    let s = side();
    let scale = PX as f32 / s;
    let px = ((at.x + s / 2.0) * scale, (s / 2.0 - at.y) * scale);
    Geometry::new(size, PX).point_at(px)
}

/// The world position of point `p` on a board of `size` (where a click plays it).
#[must_use]
pub fn world_at(p: Point, size: u8) -> Vec2 {
    let s = side();
    let (x, y) = Geometry::new(size, PX).pixel(p);
    let scale = s / PX as f32;
    Vec2::new(x * scale - s / 2.0, s / 2.0 - y * scale)
}

/// The empty points the side to move may not play, each with why.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Forbidden(pub Vec<(Point, IllegalMove)>);

/// The point under the pointer, and why it may not be played if so.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Hover {
    /// The point.
    pub point: Option<Point>,
    /// Why it is forbidden.
    pub reason: Option<IllegalMove>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Hover>()
        .add_systems(OnEnter(<super::game::Go as TableGame>::KIND), spawn)
        .add_systems(
            Update,
            (hover, redraw, ring)
                .in_set(Present::Board)
                .in_set(<super::game::Go as TableGame>::SYSTEMS),
        );
}

/// Finds the forbidden points again when the game changed: ko, superko and suicide are
/// known before the click. None while counting or once the game is over.
pub(crate) fn forbid(table: Res<GoTable>, mut forbidden: ResMut<Forbidden>) {
    if !table.is_changed() {
        return;
    }
    let mut now = Vec::new();
    if table.counting().is_none() && table.result().is_none() {
        let board = *table.game().position().board();
        for p in board.points() {
            if board.get(p).is_none()
                && let Err(why) = table.game().check(Move::Play(p))
            {
                now.push((p, why));
            }
        }
    }
    if forbidden.0 != now {
        forbidden.0 = now;
    }
}

/// Follows the pointer over the goban: a forbidden point under it says why (logged once
/// a point: the window tests hover).
fn hover(
    table: Res<GoTable>,
    forbidden: Res<Forbidden>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<BoardCamera>>>,
    mut hover: ResMut<Hover>,
) {
    let point = match (window, camera) {
        (Some(window), Some(camera)) => window.cursor_position().and_then(|c| {
            let (camera, transform) = *camera;
            let at = camera.viewport_to_world_2d(transform, c).ok()?;
            point_at(at, table.size())
        }),
        _ => None,
    };
    let reason = point.and_then(|p| {
        forbidden
            .0
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, why)| *why)
    });
    let now = Hover { point, reason };
    if *hover != now {
        if let (Some(p), Some(why)) = (now.point, &now.reason) {
            info!("go hover {}: {why}", p.gtp(table.size()));
        }
        *hover = now;
    }
}

/// The plain colour around the goban.
#[derive(Component)]
struct Backdrop;

fn spawn(mut commands: Commands, tables: Res<Tables>) {
    // On Go's own layer: the board camera sees it while Go is on the table.
    let layer = tables.layer(<super::game::Go as TableGame>::KIND);
    commands.spawn((
        layer.clone(),
        DespawnOnExit(<super::game::Go as TableGame>::KIND),
        Backdrop,
        Sprite {
            color: to_color(crate::theme::WOOD.background),
            custom_size: Some(Vec2::new(g::WIDTH * CELL * 3.0, g::HEIGHT * CELL * 3.0)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 0.0),
    ));
    commands.spawn((
        layer,
        DespawnOnExit(<super::game::Go as TableGame>::KIND),
        Goban,
        Sprite {
            custom_size: Some(Vec2::splat(side())),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 1.0),
    ));
}

/// GNU Go's opinion to draw on the position shown: who owns what (A), its candidates
/// (H), or, at a move the review judged, the move it preferred there.
fn insight(
    table: &GoTable,
    gnugo: (&Territory, &Hinted, &GoReviewed),
) -> crate::picture::goban::Insight {
    let (territory, hinted, reviewed) = gnugo;
    let size = table.size();
    let owners = territory.now(table).map_or_else(Vec::new, |t| {
        t.owners
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let (x, y) = (i % usize::from(size), i / usize::from(size));
                (Point::new(x as u8, y as u8), v)
            })
            .collect()
    });
    let label = |c: &crate::engine::gtp::Candidate| match c.mv {
        Move::Play(p) => Some((p, format!("{:.0}", c.value))),
        Move::Pass => None,
    };
    let candidates = match hinted.now(table) {
        Some(hint) => hint.moves.iter().filter_map(label).collect(),
        None => table
            .game()
            .moves()
            .len()
            .checked_sub(1)
            .and_then(|m| reviewed.steps.get(m)?.as_ref())
            .filter(|s| s.best.mv != s.played)
            .and_then(|s| label(&s.best))
            .into_iter()
            .collect(),
    };
    crate::picture::goban::Insight { owners, candidates }
}

/// Draws the board anew when the game changed (or the goban was just made).
#[allow(clippy::too_many_arguments)]
fn redraw(
    table: Res<GoTable>,
    gnugo: (Res<Territory>, Res<Hinted>, Res<GoReviewed>),
    mut drawn: Local<(crate::picture::goban::Insight, Vec<Point>)>,
    mut goban: Query<&mut Sprite, With<Goban>>,
    mut backdrop: Query<&mut Sprite, (With<Backdrop>, Without<Goban>)>,
    look: Res<BoardLook>,
    forbidden: Res<Forbidden>,
    mut images: ResMut<Assets<Image>>,
    // Made once a board size: its fonts and empty board are kept.
    mut painter: Local<Option<GobanPainter>>,
    lesson: Res<::table::learn::lessons::Lessoning<Go>>,
) {
    let Ok(mut sprite) = goban.single_mut() else {
        return;
    };
    let pos = table.game().position();
    let now = (
        insight(&table, (&gnugo.0, &gnugo.1, &gnugo.2)),
        lessons::targets(&lesson),
    );
    if !table.is_changed()
        && !forbidden.is_changed()
        && !look.is_changed()
        && *drawn == now
        && sprite.image != Handle::default()
    {
        return;
    }
    if !now.0.owners.is_empty() && drawn.0.owners != now.0.owners {
        info!("go territory shaded");
    }
    for mut sprite in &mut backdrop {
        sprite.color = to_color(look.theme.palette().background);
    }
    let last = table.game().moves().last().and_then(|m| match m {
        Move::Play(p) => Some(*p),
        Move::Pass => None,
    });
    if painter
        .as_ref()
        .is_none_or(|p| p.geometry().size() != table.size() || p.theme() != look.theme)
    {
        *painter = Some(GobanPainter::new(table.size(), PX, true, look.theme));
    }
    let Some(painter) = painter.as_mut() else {
        return;
    };
    let marks = Marks {
        dead: table.counting().map(|c| c.dead.clone()).unwrap_or_default(),
        owners: table.owners(),
        forbidden: forbidden.0.iter().map(|&(p, _)| p).collect(),
        atari: table.look.atari,
        liberties: table.look.liberties,
        insight: now.0.clone(),
        markup: lesson_marks(table.markup(), &now.1),
    };
    *drawn = now;
    let pixmap = painter.draw_marked(pos, last, &marks);
    let image = crate::app::pixmap_image(&pixmap);
    sprite.image = images.add(image);
}

/// A part of the board cursor's ring.
#[derive(Component, Clone)]
struct Ring;

/// The board cursor's ring: a blue square around its point, over the stones.
fn ring(
    mut commands: Commands,
    cursor: Res<super::GoCursor>,
    table: Res<GoTable>,
    rings: Query<Entity, With<Ring>>,
) {
    if !cursor.is_changed() && !table.is_changed() {
        return;
    }
    for e in &rings {
        commands.entity(e).despawn();
    }
    let Some(p) = cursor.0 else {
        return;
    };
    let size = table.size();
    let cell = side() / f32::from(size);
    crate::app::focus_ring(
        &mut commands,
        (world_at(p, size), 0.9 * cell, 5.0),
        (Ring, DespawnOnExit(<super::game::Go as TableGame>::KIND)),
    );
}

/// The record's marks with a lesson's points to reach or take, each a triangle drawn
/// in the ink that shows on the point: a stone to capture stays visible as itself.
#[must_use]
pub fn lesson_marks(
    mut markup: crate::go::markup::Markup,
    targets: &[Point],
) -> crate::go::markup::Markup {
    for &p in targets {
        markup.shapes.retain(|&(q, _)| q != p);
        markup.shapes.push((p, crate::go::markup::Shape::Triangle));
    }
    markup
}
