//! Nothing is lost: the session (with its whole undo history) is written after every
//! change and resumed at the next start, also after a crash or a kill; the settings, the
//! window size and the current save slot live in the config folder.

use std::time::Duration;

use crate::app::schedule::Present;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::{CurrentSlot, Model};
use crate::app::{BoardChanged, Notice, RecordChanged};
use crate::i18n::{Lang, T};
use crate::settings::Preferences;
use crate::storage::{BackgroundWriter, Dirs, read_autosave, remove_stale_temporaries};
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

/// The last autosave handed to the writer, to skip writes that would change nothing,
/// and the writer: the disk is never waited for on the main thread.
#[derive(Resource, Default)]
struct Autosaved {
    text: String,
    writer: BackgroundWriter,
    /// A failure is said once, not on every move.
    failed: Option<String>,
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
        if prefs.go {
            app.insert_resource(NextState::Pending(crate::app::schedule::GameKind::Go));
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
        .init_resource::<Autosaved>()
        .add_systems(
            Startup,
            (say_startup_notices, resume)
                .chain()
                .in_set(crate::app::schedule::Begin::Resume),
        )
        .add_systems(
            Update,
            (
                autosave.run_if(not(in_state(crate::app::schedule::Mode::Train))),
                save_preferences,
            )
                .chain()
                .in_set(Present::Persist),
        )
        .add_systems(Last, autosave_on_exit);
}

/// Takes up the autosaved session, if there is one.
fn resume(
    dirs: Res<DataDirs>,
    mut model: ResMut<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(dirs) = &dirs.0 else {
        notices.write(Notice::warn(T::NoStorage.get(settings.lang)));
        return;
    };
    // Writes cut short by a kill leave temporary files; a minute old, nobody owns them.
    for dir in [&dirs.data, &dirs.slots(), &dirs.config] {
        remove_stale_temporaries(dir, Duration::from_secs(60));
    }
    let path = dirs.autosave();
    let lang = settings.lang;
    match read_autosave(&path) {
        Ok(None) => {}
        Ok(Some((session, text))) => {
            info!(
                "resumed {} plies from {}",
                session.game().ply_count(),
                path.display()
            );
            let resumed_something = session.game().ply_count() > 0 || session.can_undo();
            **model = session;
            autosaved.text = text;
            changed.write(BoardChanged);
            if resumed_something {
                notices.write(Notice::info(T::Resumed.get(lang)));
            }
        }
        Err(d) => {
            warn!("autosave {}: {}", path.display(), d.reason);
            let text = T::ResumeFailed.fill(lang, &[&d.reason, &d.kept_text()]);
            notices.write(Notice::warn(text));
        }
    }
}

/// Writes the session when it may have changed; `force` for the last write at exit.
fn write_autosave(
    dirs: &DataDirs,
    model: &Model,
    autosaved: &mut Autosaved,
    lang: Lang,
    notices: &mut MessageWriter<Notice>,
) {
    let Some(dirs) = &dirs.0 else {
        return;
    };
    let text = model.to_snapshot();
    if text != autosaved.text {
        autosaved
            .writer
            .write(dirs.autosave(), text.clone().into_bytes());
        autosaved.text = text;
    }
    say_failures(autosaved, lang, notices);
}

/// Says a failed autosave once (until it fails for another reason).
fn say_failures(autosaved: &mut Autosaved, lang: Lang, notices: &mut MessageWriter<Notice>) {
    for (path, e) in autosaved.writer.errors() {
        warn!("autosave {}: {e}", path.display());
        if autosaved.failed.as_ref() != Some(&e) {
            notices.write(Notice::warn(T::AutosaveFailed.fill(lang, &[&e])));
            autosaved.failed = Some(e);
        }
    }
}

fn autosave(
    mut changed: MessageReader<BoardChanged>,
    mut recorded: MessageReader<RecordChanged>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    // Both read to the end: a frame with either writes once.
    let board = changed.read().count() > 0;
    if recorded.read().count() > 0 || board {
        write_autosave(&dirs, &model, &mut autosaved, settings.lang, &mut notices);
    } else {
        say_failures(&mut autosaved, settings.lang, &mut notices);
    }
}

fn autosave_on_exit(
    exit: MessageReader<AppExit>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    training: Option<Res<crate::app::xiangqi::train::Training>>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if !exit.is_empty() {
        // In training, the game put aside is the one to keep.
        let model = training
            .as_deref()
            .and_then(|t| t.stashed())
            .unwrap_or(&model);
        write_autosave(&dirs, model, &mut autosaved, settings.lang, &mut notices);
        // The process ends after this frame: the last write must be on disk first.
        autosaved.writer.flush();
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
    training: Option<Res<crate::app::xiangqi::train::Training>>,
) {
    let now = time.elapsed_secs();
    let go = *kind.get() == crate::app::schedule::GameKind::Go;
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
    if let Some(flipped) = training.as_deref().and_then(|t| t.stashed_flipped()) {
        settings.flipped = flipped;
    }
    let prefs = Preferences {
        settings: settings.clone(),
        window: pending.size,
        slot: slot.0,
        go,
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
