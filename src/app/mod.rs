//! The desktop game: a thin Bevy shell around [`Session`](crate::games::xiangqi::session::Session). The
//! model lives in resources; entities are only its view. Input becomes messages, logic
//! answers with messages, and the board, sound and panel react, in the order
//! [`schedule`] declares.
//!
//! Where to look: what a key does, `shell/input.rs`; who answers an action,
//! `actions.rs`; what a click, Ctrl+Z or a new game does, `xiangqi/play.rs`; the clock,
//! resignation and draws, `xiangqi/clock.rs`; the board editor, `xiangqi/edit.rs`; the
//! engine, `xiangqi/engine_link.rs`; how the board looks, `xiangqi/view/`; the panel,
//! `panel/` (its dialogs in `panel/dialogs/`); files, slots, the clipboard and pictures,
//! `store/`.

pub mod board_clock;
mod failure;
pub mod go;
mod graphics;
mod icon;
mod levels;
pub mod library;
pub mod manual;
mod odds;
mod players;
pub mod xiangqi;

pub use table::{actions, household, messages, panel, probe, schedule, shell, store, together};

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};
use shell::table::{Part, add_game};

use crate::storage::Dirs;
use actions::Action;
use messages::Import;
pub use table::{AppSet, GameKind, egui_color, focus_ring, to_color};

/// A CPU picture as an image for a sprite. A fully transparent pixel takes the colour of
/// a painted neighbour: filtering between a pixel and its transparent neighbour would
/// otherwise darken every edge (the picture's transparent pixels are black).
#[must_use]
pub fn pixmap_image(pixmap: &tiny_skia::Pixmap) -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let pixels = pixmap.pixels();
    let mut rgba = Vec::with_capacity(w * h * 4);
    for p in pixels {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    // A painted pixel's colour (demultiplied) next to a transparent one.
    let painted = |x: isize, y: isize| {
        let inside = x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
        let p = inside.then(|| pixels[y as usize * w + x as usize].demultiply())?;
        (p.alpha() != 0).then(|| [p.red(), p.green(), p.blue()])
    };
    for y in 0..h {
        for x in 0..w {
            if pixels[y * w + x].alpha() != 0 {
                continue;
            }
            let (x0, y0) = (x as isize, y as isize);
            let near = [(0, -1), (0, 1), (-1, 0), (1, 0)]
                .into_iter()
                .find_map(|(dx, dy)| painted(x0 + dx, y0 + dy));
            if let Some(c) = near {
                let i = (y * w + x) * 4;
                rgba[i..i + 3].copy_from_slice(&c);
            }
        }
    }
    Image::new(
        Extent3d {
            width: w as u32,
            height: h as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// Messages, model, input and logic: everything but drawing. Headless tests use this.
pub fn core_plugin(app: &mut App) {
    app.add_plugins((
        table::core_plugin,
        library::plugin,
        players::plugin,
        board_clock::plugin,
        manual::plugin,
    ));
    games(app, Part::Core);
}

/// Each game the table can hold: one line a game.
fn games(app: &mut App, part: Part) {
    add_game::<xiangqi::game::Xiangqi>(app, part);
    add_game::<go::game::Go>(app, part);
}

/// Saves, autosave, settings file and clipboard: everything that touches files or the OS
/// but draws nothing. Insert [`store::persist::DataDirs`] and [`store::clipboard::Clipboard`] first to
/// choose where files go and which clipboard is used (tests use a temporary folder).
pub fn files_plugin(app: &mut App) {
    // The settings file: the table's settings, and each game's fields beside them.
    app.insert_resource(store::persist::SettingsFile {
        load: crate::settings::Preferences::load_kept,
        write: crate::settings::Preferences::write_kept,
    });
    app.add_plugins(table::files_plugin);
    games(app, Part::Files);
}

/// What the window adds to the core and the files: drawing the board and the panel,
/// sounds, the icon. Added by [`AppPlugin`]; a test may add it to build the whole
/// schedule without a window.
pub fn window_plugins(app: &mut App) {
    app.add_plugins((
        table::window_plugins,
        icon::plugin,
        board_clock::window_plugin,
    ));
    games(app, Part::Window);
}

/// The first window fits the screen it opens on: 1120×800 points at scale 2 are
/// 2240×1600 pixels, more than a 2000×1400 screen, and the panel and the bottom row
/// were cut off. Once the window knows its monitor (winit says so after creating it),
/// a window larger than the monitor's work area is made smaller, keeping its shape.
fn fit_to_screen(
    mut done: Local<bool>,
    mut windows: Query<
        (&mut Window, Option<&bevy::window::OnMonitor>),
        With<bevy::window::PrimaryWindow>,
    >,
    monitors: Query<(&bevy::window::Monitor, Has<bevy::window::PrimaryMonitor>)>,
) {
    if *done {
        return;
    }
    let Ok((mut window, on)) = windows.single_mut() else {
        return;
    };
    let monitor = on
        .and_then(|on| monitors.get(on.0).ok())
        .or_else(|| monitors.iter().find(|(_, primary)| *primary))
        .map(|(m, _)| m);
    let Some(monitor) = monitor else {
        return;
    };
    *done = true;
    let scale = window.scale_factor();
    // Room for a task bar and the window's title bar.
    let room = (
        monitor.physical_width as f32 / scale * 0.96,
        monitor.physical_height as f32 / scale * 0.90,
    );
    let (w, h) = (window.width(), window.height());
    if let Some((w, h)) = fitted((w, h), room) {
        info!("window fitted to the screen: {w:.0}×{h:.0} points at scale {scale}");
        window.resolution.set(w, h);
    }
}

/// A window of logical size `size` made to fit `room`, keeping its shape (never below
/// the smallest the panel allows); `None` if it fits already.
fn fitted(size: (f32, f32), room: (f32, f32)) -> Option<(f32, f32)> {
    let k = (room.0 / size.0).min(room.1 / size.1);
    (k < 1.0).then(|| {
        (
            (size.0 * k).max(600.0).floor(),
            (size.1 * k).max(450.0).floor(),
        )
    })
}

/// Until when frames keep coming without input.
#[derive(Resource, Default)]
struct AwakeUntil(f32);

/// Keeps frames coming for a moment after start and after a resize: a desktop_app window
/// whose first update ran before it was mapped shows nothing until some event (seen under
/// Xvfb: up to the 60 s unfocused timeout), and egui lays out a resized window one frame
/// late.
fn keep_awake(
    time: Res<Time<Real>>,
    mut until: ResMut<AwakeUntil>,
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut rescaled: MessageReader<bevy::window::WindowScaleFactorChanged>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = time.elapsed_secs();
    if until.0 == 0.0 || resized.read().count() + rescaled.read().count() > 0 {
        until.0 = now + 1.0;
    }
    if now < until.0 {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The whole game in a window.
pub struct AppPlugin {
    /// A file to open once the last session has been resumed (undoable, like a paste).
    pub open: Option<std::path::PathBuf>,
    /// Where saves, the autosave and settings live (`None`: nowhere, the player is told).
    pub dirs: Option<Dirs>,
    /// A new timed game to start once the last session has been resumed (`--clock`).
    pub clock: Option<crate::rules::Controls>,
    /// A puzzle to train on at once (`--puzzle ID`).
    pub puzzle: Option<String>,
    /// The graphics device already made (`None`: Bevy makes its own).
    pub graphics: Option<graphics::Chosen>,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        // The files plugin reads the settings file first: the window opens at the size
        // it was left at.
        app.insert_resource(store::persist::DataDirs(self.dirs.clone()))
            .insert_resource(xiangqi::train::PuzzleAtStart(self.puzzle.clone()))
            .add_plugins(files_plugin);
        let (w, h) = store::persist::window_size(app).unwrap_or((1120.0, 800.0));
        let render = bevy::render::RenderPlugin {
            render_creation: match &self.graphics {
                Some(made) => {
                    bevy::render::settings::RenderCreation::Manual(made.resources.clone())
                }
                None => default(),
            },
            ..default()
        };
        app.add_plugins(DefaultPlugins.set(render).set(WindowPlugin {
            primary_window: Some(Window {
                title: "象棋 Xiangqi".into(),
                // WM_CLASS on X11, the app id on Wayland: the desktop entry's
                // StartupWMClass, so the launcher knows the window as ours.
                name: Some(crate::desktop::APP_ID.into()),
                resolution: WindowResolution::new(w as u32, h as u32),
                // Below this the panel's rows and the board's characters get too small.
                resize_constraints: bevy::window::WindowResizeConstraints {
                    min_width: 600.0,
                    min_height: 450.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        }))
        // Redraw only when something happens: an idle game costs nothing.
        .insert_resource(WinitSettings::desktop_app())
        .add_plugins(EguiPlugin::default())
        // The panel's camera is made in board.rs, apart from the board's.
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .add_plugins((core_plugin, window_plugins))
        .init_resource::<AwakeUntil>()
        .add_systems(Last, keep_awake.in_set(schedule::End::Wake))
        .add_systems(Update, fit_to_screen.in_set(AppSet::Input));
        if let Some(told) = self.graphics.as_ref().map(graphics::Chosen::told) {
            app.add_systems(Startup, move || info!("{told}"));
        }
        if let Some(control) = self.clock {
            // Undoable like Ctrl+R: Ctrl+Z goes back to the resumed game.
            app.add_systems(PostStartup, move |mut actions: MessageWriter<Action>| {
                actions.write(Action::own(xiangqi::messages::NewGameWith(Some(control))));
            });
        }
        if let Some(path) = self.open.clone() {
            // After the resume (Startup), so that Ctrl+Z goes back to the resumed game.
            app.add_systems(PostStartup, move |mut import: MessageWriter<Import>| {
                import.write(Import::File(path.clone()));
            });
        }
    }
}

/// Opens the window and plays until it is closed.
pub fn run(
    open: Option<std::path::PathBuf>,
    clock: Option<crate::rules::Controls>,
    puzzle: Option<String>,
) -> AppExit {
    let lang = crate::i18n::Lang::from_locale(sys_locale::get_locale().as_deref());
    failure::say_when_the_window_fails(lang);
    let tries = graphics::candidates(wgpu::Backends::from_env(), cfg!(windows));
    let graphics = match failure::probing(|| graphics::choose(&tries)) {
        Ok(chosen) => chosen,
        Err(refusals) => {
            failure::tell(
                failure::Failure::Graphics,
                lang,
                &graphics::details(&refusals),
            );
            return AppExit::error();
        }
    };
    App::new()
        .add_plugins(AppPlugin {
            open,
            dirs: Dirs::from_os(),
            clock,
            puzzle,
            graphics: Some(graphics),
        })
        .run()
}

#[cfg(test)]
mod tests {
    use super::fitted;

    /// A picture's transparent pixels next to a painted one take its colour, so that
    /// filtering at the edge fades the colour out instead of darkening it.
    #[test]
    fn a_pictures_edge_fades_without_darkening() {
        use crate::theme::{Rgba, Shape};
        let white = Rgba(255, 255, 255, 255);
        let disc = Shape::Disc {
            center: (0.0, 0.0),
            radius: 0.3,
            color: white,
        };
        let pixmap = crate::picture::shapes(&[disc], (1.0, 1.0), 40.0);
        let image = super::pixmap_image(&pixmap);
        let data = image.data.as_ref().unwrap();
        let px = |x: usize, y: usize| &data[(y * 40 + x) * 4..(y * 40 + x) * 4 + 4];
        // Along the middle row: inside, the edge, just outside, far outside.
        let row: Vec<&[u8]> = (0..40).map(|x| px(x, 20)).collect();
        let first = row.iter().position(|p| p[3] > 0).unwrap();
        assert_eq!(
            row[first - 1][..3],
            [255, 255, 255],
            "the pixel before the edge"
        );
        assert_eq!(row[first - 1][3], 0);
        assert_eq!(row[20], [255, 255, 255, 255], "inside");
        assert_eq!(row[0][3], 0, "far outside");
    }

    #[test]
    fn a_window_larger_than_its_screen_is_made_to_fit_keeping_its_shape() {
        // 1120×800 points on a 2000×1400 screen at scale 2 (960×630 points of room).
        let (w, h) = fitted((1120.0, 800.0), (960.0, 630.0)).unwrap();
        assert!(w <= 960.0 && h <= 630.0, "{w}×{h}");
        assert!(((w / h) - 1.4).abs() < 0.01, "its shape kept: {w}×{h}");
        assert_eq!(fitted((1120.0, 800.0), (1344.0, 810.0)), None, "it fits");
        // Never below the smallest the panel allows.
        assert_eq!(
            fitted((1120.0, 800.0), (300.0, 200.0)),
            Some((600.0, 450.0))
        );
    }
}
