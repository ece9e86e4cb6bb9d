//! Nothing is lost: the session (with its whole undo history) is written after every
//! change and resumed at the next start, also after a crash or a kill; the settings, the
//! window size and the current save slot live in the config folder.

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};
use serde::{Deserialize, Serialize};

use super::messages::{AppSet, BoardChanged, Notice};
use super::model::{Coordinates, CurrentSlot, Model, Settings};
use crate::i18n::{Lang, T};
use crate::rules::{Notation, TimeControl};
use crate::session::Session;
use crate::storage::{BackgroundWriter, Dirs, atomic_write, keep_aside, remove_stale_temporaries};

/// Where the game keeps its files; `None` when the OS names no home (nothing persists,
/// and the player is told).
#[derive(Resource, Clone, Debug, Default)]
pub struct DataDirs(pub Option<Dirs>);

/// The settings file, as written. Each value is typed, and the choices are written as
/// their names (`notation: "WXF"`, `coordinates: "chinese"`, `language: "en"`,
/// `clock: "10+5"`), so that a hand edit is easy; a name this version does not know falls
/// back to its default instead of failing the file.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
struct Stored {
    sound: bool,
    volume: f32,
    animation: bool,
    animation_ms: u32,
    #[serde(with = "by_name")]
    notation: Option<Notation>,
    #[serde(with = "by_name")]
    coordinates: Option<Coordinates>,
    flipped: bool,
    #[serde(with = "by_name")]
    language: Option<Lang>,
    /// The next game's time control (`10+5`, `0:30+0/10`), none when absent or empty.
    #[serde(with = "by_name")]
    clock: Option<TimeControl>,
    window: Option<(f32, f32)>,
    slot: Option<usize>,
}

/// A choice written as its name, read back leniently: an unknown name (or an empty
/// one) is `None`, and the field's default is used.
mod by_name {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.collect_str(v),
            None => serializer.serialize_str(""),
        }
    }

    pub(super) fn deserialize<'de, T: FromStr, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        Ok(String::deserialize(deserializer)?.parse().ok())
    }
}

impl Default for Stored {
    fn default() -> Self {
        Stored::from_settings(&Settings::default(), None, None)
    }
}

impl Stored {
    fn from_settings(s: &Settings, window: Option<(f32, f32)>, slot: Option<usize>) -> Stored {
        Stored {
            sound: s.sound,
            volume: s.volume,
            animation: s.animation,
            animation_ms: s.animation_ms,
            notation: Some(s.notation),
            coordinates: Some(s.coordinates),
            flipped: s.flipped,
            language: Some(s.lang),
            clock: s.clock,
            window,
            slot,
        }
    }

    fn settings(&self) -> Settings {
        let default = Settings::default();
        Settings {
            sound: self.sound,
            volume: self.volume.clamp(0.0, 1.0),
            animation: self.animation,
            animation_ms: self.animation_ms.clamp(80, 600),
            notation: self.notation.unwrap_or(default.notation),
            coordinates: self.coordinates.unwrap_or(default.coordinates),
            flipped: self.flipped,
            lang: self.language.unwrap_or(default.lang),
            clock: self.clock,
        }
    }
}

/// What the config folder said at start.
#[derive(Debug, Clone, PartialEq)]
pub struct Preferences {
    /// The settings.
    pub settings: Settings,
    /// The window's last logical size.
    pub window: Option<(f32, f32)>,
    /// The last save slot used.
    pub slot: Option<usize>,
    /// Why the file was not used, if it was damaged (the game says so).
    pub notice: Option<String>,
}

/// Reads the settings file; a missing one gives the defaults, a damaged one the defaults
/// and a notice (the file is kept aside, never silently overwritten).
#[must_use]
pub fn load_preferences(dirs: &Dirs) -> Preferences {
    let path = dirs.settings();
    let defaults = |notice| Preferences {
        settings: Settings::default(),
        window: None,
        slot: None,
        notice,
    };
    let text = match std::fs::read(&path) {
        Err(_) => return defaults(None),
        Ok(bytes) => String::from_utf8(bytes).map_err(|e| e.to_string()),
    };
    match text.and_then(|t| ron::from_str::<Stored>(&t).map_err(|e| e.to_string())) {
        Ok(stored) => Preferences {
            settings: stored.settings(),
            window: stored
                .window
                .filter(|(w, h)| (320.0..=16384.0).contains(w) && (240.0..=16384.0).contains(h)),
            slot: stored
                .slot
                .filter(|s| (1..=crate::slots::SLOTS).contains(s)),
            notice: None,
        },
        Err(reason) => {
            let lang = Settings::default().lang;
            let kept =
                keep_aside(&path).map_or_else(|e| e.to_string(), |p| p.display().to_string());
            warn!("settings file {}: {reason}", path.display());
            defaults(Some(T::SettingsDamaged.fill(lang, &[&reason, &kept])))
        }
    }
}

fn write_preferences(
    path: &Path,
    settings: &Settings,
    window: Option<(f32, f32)>,
    slot: Option<usize>,
) -> Result<(), String> {
    let stored = Stored::from_settings(settings, window, slot);
    let text = ron::ser::to_string_pretty(&stored, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    atomic_write(path, text.as_bytes()).map_err(|e| e.to_string())
}

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
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DataDirs>();
    let dirs = app.world().resource::<DataDirs>().0.clone();
    let mut startup = StartupNotices::default();
    let mut window = PendingPreferences::default();
    if let Some(prefs) = dirs.as_ref().map(load_preferences) {
        app.insert_resource(prefs.settings)
            .insert_resource(CurrentSlot(prefs.slot));
        window.size = prefs.window;
        startup.0.extend(prefs.notice.map(Notice::warn));
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
        .add_systems(Startup, (say_startup_notices, resume).chain())
        .add_systems(
            Update,
            (autosave, save_preferences).in_set(AppSet::Presentation),
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
    let Ok(bytes) = std::fs::read(&path) else {
        return;
    };
    let lang = settings.lang;
    let text = String::from_utf8_lossy(&bytes);
    match Session::from_snapshot(&text) {
        Ok(session) => {
            info!(
                "resumed {} plies from {}",
                session.game().ply_count(),
                path.display()
            );
            let resumed_something = session.game().ply_count() > 0 || session.can_undo();
            **model = session;
            autosaved.text = text.into_owned();
            changed.write(BoardChanged);
            if resumed_something {
                notices.write(Notice::info(T::Resumed.get(lang)));
            }
        }
        Err(e) => {
            let kept =
                keep_aside(&path).map_or_else(|e| e.to_string(), |p| p.display().to_string());
            warn!("autosave {}: {e}", path.display());
            notices.write(Notice::warn(T::ResumeFailed.fill(lang, &[&e, &kept])));
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
    dirs: Res<DataDirs>,
    model: Res<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if changed.read().count() > 0 {
        write_autosave(&dirs, &model, &mut autosaved, settings.lang, &mut notices);
    } else {
        say_failures(&mut autosaved, settings.lang, &mut notices);
    }
}

fn autosave_on_exit(
    exit: MessageReader<AppExit>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if !exit.is_empty() {
        write_autosave(&dirs, &model, &mut autosaved, settings.lang, &mut notices);
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
) {
    let now = time.elapsed_secs();
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
    if let Err(e) = write_preferences(&dirs.settings(), &settings, pending.size, slot.0) {
        warn!("settings: {e}");
        notices.write(Notice::warn(T::SettingsFailed.fill(settings.lang, &[&e])));
    }
}

/// The window size the settings file gave, once the plugin is added.
pub(super) fn window_size(app: &App) -> Option<(f32, f32)> {
    app.world().get_resource::<PendingPreferences>()?.size
}

/// What the plugin found wrong while reading files before the app ran.
#[derive(Resource, Default)]
struct StartupNotices(Vec<Notice>);

fn say_startup_notices(mut startup: ResMut<StartupNotices>, mut notices: MessageWriter<Notice>) {
    notices.write_batch(startup.0.drain(..));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_tolerate_unknown_values() {
        let s = Settings {
            notation: Notation::Wxf,
            coordinates: Coordinates::Chinese,
            lang: Lang::En,
            volume: 0.25,
            ..Settings::default()
        };
        let stored = Stored::from_settings(&s, Some((900.0, 700.0)), Some(3));
        let text = ron::to_string(&stored).unwrap();
        let back: Stored = ron::from_str(&text).unwrap();
        assert_eq!(back.settings(), s);
        assert_eq!(back.window, Some((900.0, 700.0)));
        let odd: Stored = ron::from_str("(notation: \"klingon\", volume: 7.0)").unwrap();
        assert_eq!(odd.settings().notation, Settings::default().notation);
        assert_eq!(odd.settings().volume, 1.0);
    }

    #[test]
    fn the_file_names_its_choices_as_a_person_would_write_them() {
        let s = Settings {
            notation: Notation::Wxf,
            coordinates: Coordinates::Chinese,
            lang: Lang::En,
            clock: Some("10+5".parse().unwrap()),
            ..Settings::default()
        };
        let text = ron::to_string(&Stored::from_settings(&s, None, None)).unwrap();
        for named in [
            "notation:\"WXF\"",
            "coordinates:\"chinese\"",
            "language:\"en\"",
            "clock:\"10+5\"",
        ] {
            assert!(text.contains(named), "{named} in {text}");
        }
        // A file of the version before reads the same (choices were plain strings,
        // "no clock" an empty one).
        let old = "(notation: \"ICCS\", coordinates: \"none\", language: \"zh\", clock: \"\")";
        let read = ron::from_str::<Stored>(old).unwrap().settings();
        assert_eq!(read.notation, Notation::Iccs);
        assert_eq!(read.coordinates, Coordinates::None);
        assert_eq!(read.lang, Lang::Zh);
        assert_eq!(read.clock, None);
        // One unknown choice costs only itself.
        let odd = ron::from_str::<Stored>("(coordinates: \"roman\", language: \"en\")").unwrap();
        assert_eq!(odd.settings().coordinates, Settings::default().coordinates);
        assert_eq!(odd.settings().lang, Lang::En);
    }
}
