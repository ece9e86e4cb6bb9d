//! The board's round and slanted parts (pieces, marks, arrows, the palaces' diagonals)
//! as pictures: painted anti-aliased on the CPU at the screen's own pixels a board unit
//! and shown as sprites. The board camera then needs no multisampling, which cost a
//! software renderer a quarter of a second of the first frame and 22 MB (issue 77).
//! They are painted again when the board's size on the screen changes and has held for a
//! moment: a window dragged larger shows the last pictures scaled meanwhile (the board
//! alone costs 7 ms to paint at 73 px a unit, 14 ms at 100, 38 ms at 180).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::schedule::{Begin, Present};
use crate::app::shell::stage::{CELL, PanelArea};
use crate::theme::{Rgba, Shape, geometry as g};

/// Pixels a board unit where the board is shown: the pictures are painted at it, so each
/// is shown pixel for pixel (one painted larger and shown smaller would blur its edges).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Sharpness(pub f32);

impl Default for Sharpness {
    fn default() -> Self {
        Sharpness(64.0)
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Measured once before the views are first painted (the panel has not taken its
    // place yet: it takes the window's right side, and a tall board, as most are, is as
    // sharp either way), then each frame.
    app.init_resource::<Sharpness>()
        .add_systems(Startup, measure_at_start.in_set(Begin::Measure))
        .add_systems(Update, measure.in_set(Present::Stage));
}

/// The sharpness of a board in `window` beside `panel`: the board camera fits the
/// board's width and height into what the panel leaves.
#[must_use]
pub fn sharpness(window: &Window, panel: &PanelArea) -> f32 {
    let w = window.physical_width() as f32 - panel.right;
    let h = window.physical_height() as f32 - panel.bottom;
    let cell = (w / g::WIDTH).min(h / g::HEIGHT);
    cell.clamp(8.0, 512.0)
}

/// How long a new size holds before the pictures are painted for it.
const SETTLE: f32 = 0.15;

fn measure_at_start(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut sharp: ResMut<Sharpness>,
) {
    if let Some(window) = window {
        *sharp = Sharpness(sharpness(&window, &PanelArea::default()));
    }
}

/// Takes a new sharpness once it has held for [`SETTLE`], asking for frames meanwhile.
fn measure(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    panel: Option<Res<PanelArea>>,
    time: Res<Time<Real>>,
    mut sharp: ResMut<Sharpness>,
    mut since: Local<Option<(f32, f32)>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(window) = window else { return };
    let panel = panel.map(|p| *p).unwrap_or_default();
    let now = sharpness(&window, &panel);
    if now == sharp.0 {
        *since = None;
        return;
    }
    let t = time.elapsed_secs();
    match *since {
        Some((seen, at)) if seen == now && t - at >= SETTLE => {
            *since = None;
            sharp.0 = now;
            // The window tests count how often a resize paints the pictures.
            debug!("pictures painted at {now:.1} px a unit");
            return;
        }
        Some((seen, _)) if seen == now => {}
        _ => *since = Some((now, t)),
    }
    redraw.write(bevy::window::RequestRedraw);
}

/// `shapes` (board units around the sprite's centre) painted in their colours on a
/// sprite `size` units wide and high.
pub fn sprite(
    images: &mut Assets<Image>,
    shapes: &[Shape],
    size: (f32, f32),
    sharp: Sharpness,
) -> Sprite {
    let pixmap = crate::picture::shapes(shapes, size, sharp.0);
    let shown = Vec2::new(pixmap.width() as f32, pixmap.height() as f32) / sharp.0 * CELL;
    Sprite {
        image: images.add(crate::app::pixmap_image(&pixmap)),
        custom_size: Some(shown),
        ..default()
    }
}

/// Shapes of one colour as a white picture tinted `color`: the theme may change the
/// colour without a new picture.
pub fn tinted(
    images: &mut Assets<Image>,
    shapes: &[Shape],
    size: (f32, f32),
    sharp: Sharpness,
    color: Rgba,
) -> Sprite {
    Sprite {
        color: crate::app::to_color(color),
        ..sprite(images, shapes, size, sharp)
    }
}

/// White, for the shapes of a tinted picture.
pub const WHITE: Rgba = Rgba(255, 255, 255, 255);
