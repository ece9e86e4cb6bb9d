//! The stage every game is drawn on. The board camera draws the game on the table (each
//! game draws on its own render layer, the one [`Tables::layer`] gives it) into a picture
//! the size of what the panel leaves, and only in a frame where something on the board
//! changed; the window's camera shows that picture and the panel over the whole window,
//! every frame. A running clock then redraws the panel's digits, not the board: under a
//! software renderer the board with its anti-aliasing (four samples a pixel) cost a
//! fifth of a core at one frame a second. Both cameras take one sample a pixel: each
//! game paints its round and slanted parts smooth itself (four samples cost the first
//! frame a quarter of a second and 22 MB).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget, ScalingMode};
use bevy::core_pipeline::core_2d::Transparent2d;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_phase::ViewSortedRenderPhases;
use bevy::render::render_resource::{CachedPipelineState, Extent3d, PipelineCache, TextureFormat};
use bevy::render::view::RetainedViewEntity;
use bevy::render::{Extract, ExtractSchedule, Render, RenderApp, RenderSystems};
use bevy::shader::ShaderCacheError;
use bevy::sprite_render::{ColorMaterial, MeshMaterial2d};
use bevy::text::{TextColor, TextLayoutInfo};
use bevy::window::{PrimaryWindow, RequestRedraw};

use crate::schedule::{Begin, Fit, GameKind, Present, Redraw};
use crate::shell::input::BoardCamera;
use crate::shell::table::Tables;
use crate::theme::stage as g;

/// World units per line spacing of a board.
pub const CELL: f32 = 64.0;

/// The height of the strip the board leaves under it for a bar (the replay's) while it
/// is shown, in logical pixels: the bar covers none of the board's points (a0 and b0
/// were under the replay's).
pub const BAR_STRIP: f32 = 40.0;

/// What the panel takes of the window in physical pixels, set by the panel each frame:
/// a width at the right, or (in a tall window) a height at the bottom; and the strip under
/// the board a bar takes while it is shown (the replay's).
#[derive(Resource, Default, Clone, Copy, PartialEq)]
pub struct PanelArea {
    /// Its width at the window's right edge.
    pub right: f32,
    /// Its height at the window's bottom edge, with the strip.
    pub bottom: f32,
    /// The strip under the board (part of `bottom`).
    pub strip: f32,
}

/// The layer of the board's picture, which only the window's camera sees (the games'
/// layers are numbered from 0).
const PICTURE_LAYER: usize = 31;

/// The picture the board camera draws into, shown by the window's camera.
#[derive(Resource, Clone)]
struct BoardPicture(Handle<Image>);

/// The sprite that shows [`BoardPicture`] in the window.
#[derive(Component)]
struct ShowsBoard;

/// How many more frames the board is drawn: a change draws it in its frame and the next
/// (if one comes), as the renderer may learn of it a frame late.
#[derive(Resource, Default)]
struct BoardDue(u8);

/// Frames the board is drawn for a change.
const AFTER_A_CHANGE: u8 = 2;

/// Set by the renderer: while a pipeline is still being compiled (`now`), and whether the
/// board's last drawing left out something whose pipeline was not ready (`board`): the
/// picture is then drawn again. The second is kept until the board is drawn again, as
/// the game reads these a frame or two late, and a shader still loading at start
/// (Bevy's pipelines wait for it between tries) or a pipeline compiled within a frame
/// could otherwise fall between two reads: a board left blank at start was seen once.
#[derive(Resource, Clone, Default)]
struct Compiling {
    now: Arc<AtomicBool>,
    board: Arc<AtomicBool>,
}

/// What the renderer needs of the main world to say so: the board camera's entity (to
/// find what it drew) and the window's wake-up (a drawing that waited is drawn again
/// even if the window was going to sleep).
#[derive(Resource, Default)]
struct Views {
    board: Option<Entity>,
    wake: Option<bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>>,
}

/// The cameras and what the board camera sees (a window part; a test may add it alone:
/// without Bevy's renderer the board camera draws to the window, as nothing is drawn).
pub fn plugin(app: &mut App) {
    app.init_resource::<PanelArea>()
        .init_resource::<BoardDue>()
        .add_systems(Startup, spawn_cameras.in_set(Begin::View))
        .add_systems(Update, look_at_table.in_set(Present::Stage))
        .add_systems(PostUpdate, fit_picture.in_set(Fit));
    let compiling = Compiling::default();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(compiling.clone())
            .init_resource::<Views>()
            .add_systems(ExtractSchedule, find_views)
            .add_systems(Render, still_compiling.in_set(RenderSystems::Cleanup));
        app.insert_resource(compiling).add_systems(
            PostUpdate,
            (draw_board_when_changed, requeue_meshes)
                .chain()
                .in_set(Redraw),
        );
    }
}

fn spawn_cameras(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    renderer: Option<Res<Compiling>>,
) {
    // The window's camera, with the panel's egui context (on the board camera it would
    // shrink to the board with it). Egui smooths its own edges: one sample a pixel.
    commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        RenderLayers::layer(PICTURE_LAYER),
        Camera {
            order: 1,
            ..default()
        },
        Msaa::Off,
    ));
    let mut board = commands.spawn((
        Camera2d,
        // Each game smooths its own edges (painted pictures, text): four samples a
        // pixel cost a software renderer a quarter of a second of the first frame.
        Msaa::Off,
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
    // Headless (no renderer) the board camera keeps the window as its target.
    let Some(mut images) = images.filter(|_| renderer.is_some()) else {
        return;
    };
    let mut picture = Image::new_uninit(
        Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        bevy::render::render_resource::TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    picture.texture_descriptor.usage |=
        bevy::render::render_resource::TextureUsages::RENDER_ATTACHMENT
            | bevy::render::render_resource::TextureUsages::TEXTURE_BINDING;
    // Shown pixel for pixel from the window's corner: the nearest pixel is the one, and a
    // software renderer's clock frame no longer filters four (a clock's frame shows it).
    picture.sampler = bevy::image::ImageSampler::nearest();
    let handle = images.add(picture);
    board.insert(RenderTarget::Image(ImageRenderTarget {
        handle: handle.clone(),
        scale_factor: 1.0,
    }));
    commands.spawn((
        ShowsBoard,
        Sprite::from_image(handle.clone()),
        RenderLayers::layer(PICTURE_LAYER),
        Transform::default(),
    ));
    commands.insert_resource(BoardPicture(handle));
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

/// The board occupies the window left of (or above) the panel: its picture is made that
/// size and shown there (or, headless, the board camera's viewport is).
fn fit_picture(
    panel: Res<PanelArea>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&mut Camera, &mut RenderTarget), With<BoardCamera>>>,
    picture: Option<Res<BoardPicture>>,
    mut images: Option<ResMut<Assets<Image>>>,
    shown: Option<Single<(&mut Sprite, &mut Transform), With<ShowsBoard>>>,
    mut due: ResMut<BoardDue>,
) {
    let (Some(window), Some(camera)) = (window, camera) else {
        return;
    };
    let (mut camera, mut target) = camera.into_inner();
    let size = UVec2::new(
        (window.physical_width() as f32 - panel.right).max(1.0) as u32,
        (window.physical_height() as f32 - panel.bottom).max(1.0) as u32,
    );
    let (Some(picture), Some(images), Some(shown)) = (picture, images.as_mut(), shown) else {
        let viewport = Some(bevy::camera::Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size,
            ..default()
        });
        if camera.viewport.as_ref().map(|v| v.physical_size) != Some(size) {
            camera.viewport = viewport;
        }
        return;
    };
    let scale = window.scale_factor();
    // The picture's points are the window's: a click's place in the window is its place
    // in the picture, which lies at the window's top left corner.
    if let RenderTarget::Image(image) = &*target
        && image.scale_factor != scale
    {
        *target = RenderTarget::Image(ImageRenderTarget {
            handle: picture.0.clone(),
            scale_factor: scale,
        });
        due.0 = AFTER_A_CHANGE;
    }
    let extent = Extent3d {
        width: size.x,
        height: size.y,
        depth_or_array_layers: 1,
    };
    if images.get(&picture.0).map(|i| i.texture_descriptor.size) != Some(extent)
        && let Some(mut image) = images.get_mut(&picture.0)
    {
        image.resize(extent);
        due.0 = AFTER_A_CHANGE;
    }
    let (mut sprite, mut at) = shown.into_inner();
    let points = size.as_vec2() / scale;
    let centre = Vec2::new(
        points.x / 2.0 - window.width() / 2.0,
        window.height() / 2.0 - points.y / 2.0,
    );
    if sprite.custom_size != Some(points) {
        sprite.custom_size = Some(points);
    }
    if at.translation.truncate() != centre {
        at.translation = centre.extend(0.0);
    }
}

/// What, on an entity, changes the board's picture.
type Drawn = Or<(
    Changed<GlobalTransform>,
    Changed<InheritedVisibility>,
    Changed<Visibility>,
    Changed<RenderLayers>,
    Changed<Sprite>,
    Changed<Mesh2d>,
    Changed<MeshMaterial2d<ColorMaterial>>,
    Changed<TextColor>,
    Changed<TextLayoutInfo>,
)>;

/// The board camera draws only in a frame where something it may see changed (and the
/// frame after), or while a pipeline is compiled: otherwise the picture it drew last is
/// shown again. Frames are asked for while a pipeline is compiled, so that
/// what waited for it reaches the picture before the window sleeps; a change needs none
/// (it is drawn in its own frame), and asking would let anything touched every frame
/// keep the window awake for ever.
#[allow(clippy::too_many_arguments)]
fn draw_board_when_changed(
    changed: Query<(), (Drawn, Without<ShowsBoard>, Without<Camera>)>,
    looked: Query<
        (),
        (
            With<BoardCamera>,
            Or<(
                Changed<Projection>,
                Changed<RenderLayers>,
                Changed<GlobalTransform>,
            )>,
        ),
    >,
    mut gone: RemovedComponents<GlobalTransform>,
    mut assets: (
        MessageReader<AssetEvent<Image>>,
        MessageReader<AssetEvent<Mesh>>,
        MessageReader<AssetEvent<ColorMaterial>>,
    ),
    egui: Option<Res<bevy_egui::EguiManagedTextures>>,
    clear: Res<ClearColor>,
    compiling: Res<Compiling>,
    mut due: ResMut<BoardDue>,
    mut camera: Single<&mut Camera, With<BoardCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // Egui's own textures (its glyphs, redrawn as the panel's text changes) are not
    // the board's.
    let egui_owns = |id: AssetId<Image>| {
        egui.as_ref()
            .is_some_and(|t| t.0.values().any(|m| m.handle.id() == id))
    };
    let images = assets.0.read().any(|event| match *event {
        AssetEvent::Added { id }
        | AssetEvent::Modified { id }
        | AssetEvent::LoadedWithDependencies { id } => !egui_owns(id),
        AssetEvent::Removed { .. } | AssetEvent::Unused { .. } => false,
    });
    let compiling =
        compiling.now.load(Ordering::Relaxed) || compiling.board.load(Ordering::Relaxed);
    let assets_changed = images | (assets.1.read().count() + assets.2.read().count() > 0);
    let removed = gone.read().count() > 0;
    if !changed.is_empty() || !looked.is_empty() || removed || assets_changed || clear.is_changed()
    {
        due.0 = AFTER_A_CHANGE;
    }
    if compiling {
        due.0 = due.0.max(1);
        redraw.write(RequestRedraw);
    }
    // Drawn while a pipeline is compiled too: waiting for it made the first whole board
    // come 0.4 s sooner on the software renderer, but kept 16 MB more for good.
    let draw = due.0 > 0;
    if camera.is_active != draw {
        camera.is_active = draw;
        // The window tests read when the board is drawn and when its picture is kept.
        debug!("board picture {}", if draw { "drawn" } else { "kept" });
    }
    if draw {
        due.0 -= 1;
    }
}

/// A camera drawing again draws only the 2D meshes changed since it stopped: Bevy
/// keeps a camera's meshes between frames, forgets them when it stops, and queues again
/// only those it is told changed. So all of them are, as the board camera starts again.
fn requeue_meshes(
    camera: Single<&Camera, With<BoardCamera>>,
    mut drew: Local<bool>,
    mut meshes: Query<(&mut Mesh2d, &mut MeshMaterial2d<ColorMaterial>)>,
) {
    if camera.is_active && !*drew {
        for (mut mesh, mut material) in &mut meshes {
            mesh.set_changed();
            material.set_changed();
        }
    }
    *drew = camera.is_active;
}

fn find_views(
    cameras: Extract<Query<Entity, With<BoardCamera>>>,
    wake: Extract<Option<Res<bevy::winit::EventLoopProxyWrapper>>>,
    mut views: ResMut<Views>,
) {
    views.board = cameras.iter().next();
    if views.wake.is_none() {
        views.wake = wake.as_ref().map(|w| (***w).clone());
    }
}

/// Tells the main world whether a pipeline is being compiled now (not one waiting for
/// a shader that may never come: Bevy retries those every frame, for ever), and, in a
/// frame the board was drawn, whether anything of it waited for its pipeline (then its
/// shader is on its way). A view whose drawing waited wakes the window for another.
fn still_compiling(
    cache: Res<PipelineCache>,
    compiling: Res<Compiling>,
    views: Res<Views>,
    phases: Res<ViewSortedRenderPhases<Transparent2d>>,
) {
    let creating = cache
        .pipelines()
        .any(|p| matches!(p.state, CachedPipelineState::Creating(_)));
    compiling.now.store(creating, Ordering::Relaxed);
    let waits = |item: &Transparent2d| match cache.get_render_pipeline_state(item.pipeline) {
        CachedPipelineState::Ok(_) => false,
        CachedPipelineState::Err(e) => matches!(
            e,
            ShaderCacheError::ShaderNotLoaded(_) | ShaderCacheError::ShaderImportNotYetAvailable
        ),
        CachedPipelineState::Queued | CachedPipelineState::Creating(_) => true,
    };
    // Each camera's first view has a phase only in a frame it draws.
    let board = views
        .board
        .map(|camera| RetainedViewEntity::new(camera.into(), None, 0));
    let mut any = false;
    for (view, phase) in phases.iter() {
        let waited = phase.items.values().any(waits);
        if Some(*view) == board {
            if waited {
                debug!("board picture waits for a pipeline");
            }
            compiling.board.store(waited, Ordering::Relaxed);
        }
        any |= waited;
    }
    if any && let Some(wake) = &views.wake {
        let _ = wake.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }
}
