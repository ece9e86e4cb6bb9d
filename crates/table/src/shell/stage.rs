//! The stage every game is drawn on: the panel's camera over the whole window, the board
//! camera over what the panel leaves, and what that camera sees: only the game on the
//! table (each game draws on its own render layer, the one [`Tables::layer`] gives it).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;

use crate::schedule::{Begin, Fit, GameKind, Present};
use crate::shell::input::BoardCamera;
use crate::shell::table::Tables;
use crate::theme::stage as g;

/// World units per line spacing of a board.
pub const CELL: f32 = 64.0;

/// What the panel takes of the window in physical pixels, set by the panel each frame:
/// a width at the right, or (in a tall window) a height at the bottom.
#[derive(Resource, Default, Clone, Copy, PartialEq)]
pub struct PanelArea {
    /// Its width at the window's right edge.
    pub right: f32,
    /// Its height at the window's bottom edge.
    pub bottom: f32,
}

/// The cameras and what the board camera sees (a window part; a test may add it alone).
pub fn plugin(app: &mut App) {
    app.init_resource::<PanelArea>()
        .add_systems(Startup, spawn_cameras.in_set(Begin::View))
        .add_systems(Update, look_at_table.in_set(Present::Stage))
        .add_systems(PostUpdate, fit_viewport.in_set(Fit));
}

fn spawn_cameras(mut commands: Commands) {
    // The panel gets its own camera over the whole window: an egui context on the board
    // camera would shrink to the board's viewport along with it.
    commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    commands.spawn((
        Camera2d,
        BoardCamera,
        RenderLayers::layer(0),
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: g::WIDTH * CELL,
                min_height: g::HEIGHT * CELL,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The board camera sees the layer of the game on the table, and no other: the table
/// left keeps its entities, unseen.
fn look_at_table(
    kind: Res<State<GameKind>>,
    tables: Res<Tables>,
    camera: Option<Single<&mut RenderLayers, With<BoardCamera>>>,
) {
    let Some(mut layers) = camera else { return };
    let layer = tables.layer(*kind.get());
    if **layers != layer {
        **layers = layer;
    }
}

/// The board occupies the window left of (or above) the panel.
fn fit_viewport(
    panel: Res<PanelArea>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<&mut Camera, With<BoardCamera>>>,
) {
    let (Some(window), Some(mut camera)) = (window, camera) else {
        return;
    };
    let size = UVec2::new(
        (window.physical_width() as f32 - panel.right).max(1.0) as u32,
        (window.physical_height() as f32 - panel.bottom).max(1.0) as u32,
    );
    let viewport = Some(Viewport {
        physical_position: UVec2::ZERO,
        physical_size: size,
        ..default()
    });
    if camera.viewport.as_ref().map(|v| v.physical_size) != Some(size) {
        camera.viewport = viewport;
    }
}
