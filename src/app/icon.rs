//! The window's icon: the red general the launcher shows (`assets/icons`). winit sets it
//! on X11 and Windows; Wayland and macOS take the icon from the desktop entry and the app
//! bundle, found through the window's app id ([`crate::desktop::APP_ID`]).

use crate::app::schedule::Present;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::winit::WINIT_WINDOWS;

use crate::desktop;

/// The size handed to the window system, which scales it for title bars and task lists.
const SIZE: u32 = 128;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, set_window_icon.in_set(Present::Icon));
}

/// Sets the icon once the window exists. winit's windows live on the main thread
/// (`NonSendMarker` keeps this system there).
fn set_window_icon(_main_thread: NonSendMarker, mut done: Local<bool>) {
    // Once: a run condition's own `Local` is not this system's, so it cannot say so.
    if *done {
        return;
    }
    let Some(icon) = decode() else {
        warn!("the window icon does not decode; the window keeps the default icon");
        *done = true;
        return;
    };
    WINIT_WINDOWS.with_borrow(|windows| {
        for window in windows.windows.values() {
            window.set_window_icon(Some(icon.clone()));
            *done = true;
        }
    });
}

fn decode() -> Option<winit::window::Icon> {
    let png = desktop::icon_png(SIZE)?;
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .ok()?;
    let mut rgba = vec![0; reader.output_buffer_size()?];
    let frame = reader.next_frame(&mut rgba).ok()?;
    if frame.color_type != png::ColorType::Rgba || frame.bit_depth != png::BitDepth::Eight {
        return None;
    }
    rgba.truncate(frame.buffer_size());
    winit::window::Icon::from_rgba(rgba, frame.width, frame.height).ok()
}
