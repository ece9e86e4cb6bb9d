//! Where files live, and the settings file: the settings, the window size, the current
//! save slot and the game on the table live in the config folder, written half a second
//! after a change and at exit. Each game keeps its own game (its `files` part).

use std::time::Duration;

use crate::app::Notice;
use crate::app::schedule::Present;
use crate::app::shell::model::Settings;
use crate::app::shell::model::{CurrentSlot, OwnWayUp};
use crate::app::shell::table::Tables;
use crate::i18n::T;
use crate::settings::Preferences;
use crate::storage::{Dirs, remove_stale_temporaries};
use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};

/// Where the game keeps its files; `None` when the OS names no home (nothing persists,
/// and the player is told).
#[derive(Resource, Clone, Debug, Default)]
pub struct DataDirs(pub Option<Dirs>);

/// The window size to write, and whether a write of the settings file is waiting.
#[derive(Resource, Default)]
struct PendingPreferences {
    size: Option<(f32, f32)>,
    /// When the last change came; the file is written 0.5 s later.
    pending_since: Option<f32>,
}

/// Reads the settings file of the [`DataDirs`] already in `app` (if any) into the
/// settings, the current slot and the window size, and adds the saving systems.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DataDirs>();
    let dirs = app.world().resource::<DataDirs>().0.clone();
    let mut startup = StartupNotices::default();
    let mut window = PendingPreferences::default();
    if let Some(dirs) = &dirs {
        let (prefs, damaged) = Preferences::load(dirs);
        if let Some(d) = damaged {
            warn!("settings file {}: {}", dirs.settings().display(), d.reason);
            let lang = prefs.settings.lang;
            let text = T::SettingsDamaged.fill(lang, &[&d.reason, &d.kept_text()]);
            startup.0.push(Notice::warn(text));
        }
        app.insert_resource(prefs.settings)
            .insert_resource(CurrentSlot(prefs.slot));
        // The table opens at the game it was playing.
        let tables = app.world().get_resource::<Tables>();
        if let Some(kind) = tables.and_then(|t| t.named(&prefs.table)) {
            app.insert_resource(NextState::Pending(kind));
        }
        window.size = prefs.window;
    }
    // Registered by the window plugin; headless apps have none, and nothing to resize.
    app.add_message::<WindowResized>()
        .add_message::<RequestRedraw>()
        .add_message::<Notice>()
        .insert_resource(window)
        .insert_resource(startup)
        .init_resource::<Settings>()
        .init_resource::<CurrentSlot>()
        .add_systems(
            Startup,
            (say_startup_notices, tidy)
                .chain()
                .in_set(crate::app::schedule::Begin::Settings),
        )
        .add_systems(Update, save_preferences.in_set(Present::Settings));
}

/// Says when nothing can be kept; clears what writes cut short left behind.
fn tidy(dirs: Res<DataDirs>, settings: Res<Settings>, mut notices: MessageWriter<Notice>) {
    let Some(dirs) = &dirs.0 else {
        notices.write(Notice::warn(T::NoStorage.get(settings.lang)));
        return;
    };
    // Writes cut short by a kill leave temporary files; a minute old, nobody owns them.
    for dir in [&dirs.data, &dirs.slots(), &dirs.config] {
        remove_stale_temporaries(dir, Duration::from_secs(60));
    }
}

/// Writes the settings file half a second after the last change of the settings, the
/// current slot or the window size (a slider drag or a resize is one write, not one per
/// frame), and at once when the app quits.
fn save_preferences(
    dirs: Res<DataDirs>,
    settings: Res<Settings>,
    slot: Res<CurrentSlot>,
    time: Res<Time<Real>>,
    exit: MessageReader<AppExit>,
    mut resized: MessageReader<WindowResized>,
    mut pending: ResMut<PendingPreferences>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut notices: MessageWriter<Notice>,
    kind: Res<State<crate::app::schedule::GameKind>>,
    tables: Res<Tables>,
    own: Res<OwnWayUp>,
) {
    let now = time.elapsed_secs();
    let table = tables.slug(*kind.get()).to_owned();
    if kind.is_changed() && !kind.is_added() {
        pending.pending_since = Some(now);
    }
    for r in resized.read() {
        pending.size = Some((r.width, r.height));
        pending.pending_since = Some(now);
    }
    if (settings.is_changed() && !settings.is_added()) || (slot.is_changed() && !slot.is_added()) {
        pending.pending_since = Some(now);
    }
    let Some(since) = pending.pending_since else {
        return;
    };
    if now - since < 0.5 && exit.is_empty() {
        // An idle window gets no frames: ask for them until the write is done.
        redraw.write(RequestRedraw);
        return;
    }
    pending.pending_since = None;
    let Some(dirs) = &dirs.0 else {
        return;
    };
    let mut settings = settings.clone();
    // A puzzle turns the board for its solver; the player's own way up is what is kept.
    if let Some(flipped) = own.0 {
        settings.flipped = flipped;
    }
    let prefs = Preferences {
        settings: settings.clone(),
        window: pending.size,
        slot: slot.0,
        table,
    };
    if let Err(e) = prefs.write(&dirs.settings()) {
        warn!("settings: {e}");
        notices.write(Notice::warn(T::SettingsFailed.fill(settings.lang, &[&e])));
    }
}

/// The window size the settings file gave, once the plugin is added.
pub(crate) fn window_size(app: &App) -> Option<(f32, f32)> {
    app.world().get_resource::<PendingPreferences>()?.size
}

/// What the plugin found wrong while reading files before the app ran.
#[derive(Resource, Default)]
struct StartupNotices(Vec<Notice>);

fn say_startup_notices(mut startup: ResMut<StartupNotices>, mut notices: MessageWriter<Notice>) {
    notices.write_batch(startup.0.drain(..));
}
