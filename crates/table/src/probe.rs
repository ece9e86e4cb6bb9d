//! What the window tests read to know the game has taken their input, under the
//! test-only switch `XIANGQI_TEST=1` (nothing of it runs otherwise):
//!
//! - `frame F` at the start of each frame: every line after it (a widget's place, a
//!   position) was written in frame F.
//! - `input #N key KeyZ down` / `up`, `input #N press Left 412,300` / `release`,
//!   `input #N move 412,300`, `input #N resize 800x600`: each mouse and key event in the order the frame takes
//!   them, numbered from 1, places in the window's pixels. A test waits for these
//!   instead of sleeping after its input, and sends again what never came.
//! - `frame F settled` when egui asked for no further pass (the panel's places are
//!   final), `frame F idle` when nothing asked for another frame either (the loop
//!   sleeps until the next event): screenshots and the idle checks wait for these.
//! - `presented frame F` once the renderer has drawn frame F and handed it to the
//!   window: a screenshot taken after it shows that frame (not `frame …`: the lines
//!   above are the main world's, this one the render world's, a frame later).

use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy::render::{Extract, ExtractSchedule, Render, RenderApp, RenderSystems};
use bevy::window::{PrimaryWindow, RequestRedraw, WindowEvent};
use bevy_egui::EguiContext;

/// The environment variable that turns the probe on.
pub const SWITCH: &str = "XIANGQI_TEST";

/// Whether this run is a test's (`XIANGQI_TEST=1`).
pub fn on() -> bool {
    std::env::var_os(SWITCH).is_some_and(|v| v == "1")
}

/// The frame's number and the inputs counted so far.
#[derive(Resource, Default)]
struct Probe {
    frame: u64,
    inputs: u64,
}

pub(crate) fn plugin(app: &mut App) {
    if !on() {
        return;
    }
    app.init_resource::<Probe>()
        .add_systems(First, (count_frame, acknowledge).chain())
        .add_systems(Last, at_rest.in_set(crate::schedule::End::Rest));
    // Headless (the app's own tests) there is no renderer, and nothing is presented.
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .init_resource::<Drawn>()
            .add_systems(ExtractSchedule, extract_frame)
            .add_systems(Render, presented.in_set(RenderSystems::Cleanup));
    }
}

/// The render world's copy of the frame number it draws.
#[derive(Resource, Default)]
struct Drawn(u64);

fn extract_frame(probe: Extract<Option<Res<Probe>>>, mut drawn: ResMut<Drawn>) {
    if let Some(probe) = probe.as_ref() {
        drawn.0 = probe.frame;
    }
}

/// After the render systems, which present the window's picture.
fn presented(drawn: Res<Drawn>) {
    info!("presented frame {}", drawn.0);
}

fn count_frame(mut probe: ResMut<Probe>) {
    probe.frame += 1;
    info!("frame {}", probe.frame);
}

/// One line an input event, in the order they came (the pointer's place in physical
/// pixels, as the X server has it).
fn acknowledge(
    mut events: MessageReader<WindowEvent>,
    mut probe: ResMut<Probe>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut cursor: Local<Option<Vec2>>,
) {
    let scale = window.as_ref().map_or(1.0, |w| w.scale_factor());
    // Before the first motion the window knows where the pointer is.
    let known = window.as_ref().and_then(|w| w.physical_cursor_position());
    for event in events.read() {
        let what = match event {
            WindowEvent::KeyboardInput(key) => {
                let state = match key.state {
                    ButtonState::Pressed => "down",
                    ButtonState::Released => "up",
                };
                format!("key {:?} {state}", key.key_code)
            }
            WindowEvent::CursorMoved(moved) => {
                let at = moved.position * scale;
                *cursor = Some(at);
                format!("move {:.0},{:.0}", at.x, at.y)
            }
            WindowEvent::WindowResized(resized) => {
                format!(
                    "resize {:.0}x{:.0}",
                    resized.width * scale,
                    resized.height * scale
                )
            }
            WindowEvent::MouseButtonInput(button) => {
                let state = match button.state {
                    ButtonState::Pressed => "press",
                    ButtonState::Released => "release",
                };
                let at = cursor.or(known).unwrap_or_default();
                format!("{state} {:?} {:.0},{:.0}", button.button, at.x, at.y)
            }
            _ => continue,
        };
        probe.inputs += 1;
        info!("input #{} {what}", probe.inputs);
    }
}

/// Says when the frame leaves nothing to do: egui asked for no further pass
/// (`settled`), and nothing else asked for a frame (`idle`).
fn at_rest(
    probe: Res<Probe>,
    mut contexts: Query<&mut EguiContext>,
    mut redraws: MessageReader<RequestRedraw>,
) {
    let redraw = redraws.read().count() > 0;
    let settled = contexts
        .iter_mut()
        .all(|mut c| !c.get_mut().has_requested_repaint());
    if settled {
        info!("frame {} settled", probe.frame);
        if !redraw {
            info!("frame {} idle", probe.frame);
        }
    }
}
