//! Nothing of a game is lost, one service for every game: the game on each table is
//! written after every change (on the background writer, atomically) and taken up again
//! at the next start, also after a crash or a kill; at exit the last write is on the
//! disk before the process ends. While a game's board is lent (a lesson, practice, a
//! puzzle) the game put aside rests as last written. A file that does not read is kept
//! aside with the reason and said, never written over; a write that fails is said once.
//! Each game says its file and how it is written and taken up
//! ([`AutosaveFormat`](crate::shell::table::AutosaveFormat)).

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::i18n::Word;
use crate::messages::Notice;
use crate::schedule::{Begin, Present};
use crate::settings::Settings;
use crate::shell::table::Tables;
use crate::storage::{BackgroundWriter, read_or_keep_aside};
use crate::store::persist::DataDirs;

/// The last text handed to the writer for each game (writes that would change nothing
/// are skipped), and the writer: the disk is never waited for on the main thread.
#[derive(Resource, Default)]
pub struct Autosaves {
    written: BTreeMap<&'static str, String>,
    writer: BackgroundWriter,
    /// A failure is said once, not on every move.
    failed: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    // Exclusive, to ask each game's format of the world: they touch only the games'
    // own tables and this resource, so their order beside Bevy's frame count and task
    // pools, or the library's start, is no matter; the games' steps order them (resumed
    // before the views are built, written after the frame's logic).
    app.init_resource::<Autosaves>()
        .add_systems(Startup, resume.in_set(Begin::Resume).ambiguous_with_all())
        .add_systems(Update, save.in_set(Present::Persist))
        .add_systems(Last, save_at_exit.ambiguous_with_all());
}

/// Takes up each game's autosave, if there is one.
fn resume(world: &mut World) {
    let Some(dirs) = world.get_resource::<DataDirs>().and_then(|d| d.0.clone()) else {
        // No folder: the shell said so (persist.rs).
        return;
    };
    let lang = world
        .get_resource::<Settings>()
        .map(|s| s.lang)
        .unwrap_or_default();
    let games = world
        .get_resource::<Tables>()
        .map(Tables::autosaves)
        .unwrap_or_default();
    for (slug, format) in games {
        let path = dirs.data.join(format.file);
        match read_or_keep_aside(&path, format.read) {
            Ok(None) => {}
            Ok(Some(read)) => {
                let something = (format.resume)(world, read);
                info!("{slug}: resumed from {}", path.display());
                // What was taken up is written already.
                if let Some(text) = (format.write)(world) {
                    world.resource_mut::<Autosaves>().written.insert(slug, text);
                }
                if something {
                    world.write_message(Notice::info(Word::Resumed.get(lang)));
                }
            }
            Err(d) => {
                warn!(
                    "{slug}: the autosave {} does not read: {}",
                    path.display(),
                    d.reason
                );
                let text = Word::ResumeFailed.fill(lang, &[&d.reason, &d.kept_text()]);
                world.write_message(Notice::warn(text));
            }
        }
    }
}

/// Writes each game that may have changed; `all` at exit, changed or not.
fn write_games(world: &mut World, all: bool) {
    let Some(dirs) = world.get_resource::<DataDirs>().and_then(|d| d.0.clone()) else {
        return;
    };
    let games = world
        .get_resource::<Tables>()
        .map(Tables::autosaves)
        .unwrap_or_default();
    for (slug, format) in games {
        if !(all || (format.changed)(world)) {
            continue;
        }
        // The board lent (a lesson, practice, guessing): the game put aside was written
        // before it was, and rests so.
        if Tables::lent(world, slug)
            .iter()
            .any(|l| l.lent != crate::shell::table::Lent::Asking)
        {
            continue;
        }
        let Some(text) = (format.write)(world) else {
            continue;
        };
        let mut autosaves = world.resource_mut::<Autosaves>();
        if autosaves.written.get(slug) != Some(&text) {
            autosaves
                .writer
                .write(dirs.data.join(format.file), text.clone().into_bytes());
            autosaves.written.insert(slug, text);
        }
    }
    let lang = world
        .get_resource::<Settings>()
        .map(|s| s.lang)
        .unwrap_or_default();
    let mut said = Vec::new();
    let mut autosaves = world.resource_mut::<Autosaves>();
    for (path, e) in autosaves.writer.errors() {
        warn!("autosave {}: {e}", path.display());
        if autosaves.failed.as_ref() != Some(&e) {
            said.push(Notice::warn(Word::AutosaveFailed.fill(lang, &[&e])));
            autosaves.failed = Some(e);
        }
    }
    world.write_message_batch(said);
}

/// After every change, each game's autosave.
fn save(world: &mut World) {
    write_games(world, false);
}

/// At exit, the last writes, on the disk before the process ends (after this frame).
fn save_at_exit(world: &mut World) {
    let exiting = world
        .get_resource::<Messages<AppExit>>()
        .is_some_and(|m| !m.is_empty());
    if exiting {
        write_games(world, true);
        world.resource_mut::<Autosaves>().writer.flush();
    }
}
