//! Where files live, and the settings file: the settings, each game's section, the
//! window size, the current save slot and the game on the table live in the config
//! folder, written half a second after a change and at exit. The program says how the
//! file reads and writes ([`SettingsFile`]): it knows the games' sections, the table
//! does not. Each game keeps its own game (its `files` part).

use std::time::Duration;

use crate::i18n::Word;
use crate::messages::Notice;
use crate::schedule::Present;
use crate::settings::Settings;
use crate::shell::model::OwnWayUp;
use crate::shell::table::Tables;
use crate::storage::{Damaged, Dirs, remove_stale_temporaries};
use crate::store::slots::CurrentSlot;
use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};

/// Where the game keeps its files; `None` when the OS names no home (nothing persists,
/// and the player is told).
#[derive(Resource, Clone, Debug, Default)]
pub struct DataDirs(pub Option<Dirs>);

/// How the program's settings file reads and writes: what the table keeps ([`Kept`])
/// beside each game's fields, which each game reads and writes itself (its
/// [`FileSection`](crate::shell::table::FileSection)). Without one, nothing is kept.
#[derive(Resource, Clone, Copy)]
pub struct SettingsFile {
    /// Reads the file in the folders: what the table keeps, the file's text (each game
    /// reads its own fields from it), and why the file was kept aside if it did not
    /// read.
    pub load: fn(&Dirs) -> (Kept, String, Option<Damaged>),
    /// Writes `kept` with the games' fields (each game's record of them).
    pub write: fn(&Dirs, &Kept, &[String]) -> Result<(), String>,
}

impl Default for SettingsFile {
    fn default() -> Self {
        SettingsFile {
            load: |_| (Kept::default(), String::new(), None),
            write: |_, _, _| Ok(()),
        }
    }
}

/// What the table keeps in the settings file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept {
    /// The settings.
    pub settings: Settings,
    /// The window's last logical size.
    pub window: Option<(f32, f32)>,
    /// The save slot in use at each table, by the game's slug.
    pub slots: std::collections::BTreeMap<String, usize>,
    /// The game on the table when the program closed, by its slug (empty: the first).
    pub table: String,
}

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
    let file = *app.world_mut().get_resource_or_init::<SettingsFile>();
    if let Some(dirs) = &dirs {
        let (prefs, text, damaged) = (file.load)(dirs);
        // The table's first: a game's fields may follow its language.
        app.insert_resource(prefs.settings.clone());
        // Each game takes its own fields (into the resources its core has made).
        let sections = app
            .world()
            .get_resource::<Tables>()
            .map(Tables::file_sections)
            .unwrap_or_default();
        for section in sections {
            (section.load)(&text, app.world_mut());
        }
        app.insert_resource(crate::shell::tables::SettingsText(text));
        if let Some(d) = damaged {
            warn!("settings file {}: {}", dirs.settings().display(), d.reason);
            let lang = prefs.settings.lang;
            let text = Word::SettingsDamaged.fill(lang, &[&d.reason, &d.kept_text()]);
            startup.0.push(Notice::warn(text));
        }
        app.insert_resource(CurrentSlot(prefs.slots.clone()));
        // The table opens at the game it was playing: named once the games are added
        // (the program reads the settings file before it adds them, so that the window
        // opens at its size; issue 91: it always opened at the first game).
        app.insert_resource(TableAtStart(prefs.table.clone()));
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
        .init_resource::<ToWrite>()
        .add_message::<SectionEdited>()
        .add_systems(
            Startup,
            (say_startup_notices, tidy, open_at_the_table_left)
                .chain()
                .in_set(crate::schedule::Begin::Settings),
        )
        .add_systems(
            Update,
            (save_preferences, write_preferences)
                .chain()
                .in_set(Present::Settings),
        );
}

/// The game on the table when the program last closed, by its slug (empty: the first).
#[derive(Resource, Default)]
struct TableAtStart(String);

/// The table goes to the game it was left at, once every game is added.
fn open_at_the_table_left(
    at_start: Option<Res<TableAtStart>>,
    tables: Res<Tables>,
    mut next: ResMut<NextState<crate::schedule::GameKind>>,
) {
    if let Some(kind) = at_start.and_then(|t| tables.named(&t.0)) {
        info!("table opens at {}", tables.slug(kind));
        next.set(kind);
    }
}

/// Says when nothing can be kept; clears what writes cut short left behind.
fn tidy(dirs: Res<DataDirs>, settings: Res<Settings>, mut notices: MessageWriter<Notice>) {
    let Some(dirs) = &dirs.0 else {
        notices.write(Notice::warn(Word::NoStorage.get(settings.lang)));
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
    kind: Res<State<crate::schedule::GameKind>>,
    (tables, own, mut sections, mut write): (
        Res<Tables>,
        Res<OwnWayUp>,
        MessageReader<SectionEdited>,
        ResMut<ToWrite>,
    ),
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
    // Read every frame: a message left unread would restart the wait the next frame.
    let section_edited = sections.read().count() > 0;
    if (settings.is_changed() && !settings.is_added())
        || (slot.is_changed() && !slot.is_added())
        || section_edited
    {
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
    if dirs.0.is_none() {
        return;
    }
    let mut settings = settings.clone();
    // A puzzle turns the board for its solver; the player's own way up is what is kept.
    if let Some(flipped) = own.0 {
        settings.flipped = flipped;
    }
    write.0 = Some(Kept {
        settings,
        window: pending.size,
        slots: slot.0.clone(),
        table,
    });
}

/// A game's section of the settings changed: the file is written as for a change of
/// the table's own.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SectionEdited;

/// What [`save_preferences`] decided to write this frame.
#[derive(Resource, Default)]
struct ToWrite(Option<Kept>);

/// Writes what is to be written, with the games' sections the world holds.
fn write_preferences(world: &mut World) {
    let Some(kept) = world.resource_mut::<ToWrite>().0.take() else {
        return;
    };
    let Some(dirs) = world.resource::<DataDirs>().0.clone() else {
        return;
    };
    let file = *world.resource::<SettingsFile>();
    let sections: Vec<String> = world
        .get_resource::<Tables>()
        .map(Tables::file_sections)
        .unwrap_or_default()
        .iter()
        .map(|s| (s.write)(world))
        .collect();
    if let Err(e) = (file.write)(&dirs, &kept, &sections) {
        warn!("settings: {e}");
        let text = Word::SettingsFailed.fill(kept.settings.lang, &[&e]);
        world.write_message(Notice::warn(text));
    }
}

/// The window size the settings file gave, once the plugin is added.
pub fn window_size(app: &App) -> Option<(f32, f32)> {
    app.world().get_resource::<PendingPreferences>()?.size
}

/// What the plugin found wrong while reading files before the app ran.
#[derive(Resource, Default)]
struct StartupNotices(Vec<Notice>);

fn say_startup_notices(mut startup: ResMut<StartupNotices>, mut notices: MessageWriter<Notice>) {
    notices.write_batch(startup.0.drain(..));
}
