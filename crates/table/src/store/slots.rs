//! The save slots, one service for every game: eight files a game in the slots folder,
//! each game's in its own format ([`SlotFormat`]). Ctrl+S saves to the slot in use (else
//! the first free one), Ctrl+L loads it (else the newest), Ctrl+Shift+S opens the
//! dialog (a preview, the name, the date and the moves of each; save, load, rename,
//! delete), Export writes the game to the documents folder. A slot whose file does not
//! read is shown damaged with the reader's reason, and is never written over: only an
//! explicit delete removes it. The slot in use is remembered per game in the settings
//! file. A load goes through the one [`Import`] path, so Ctrl+Z takes it back.

use std::any::Any;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::ecs::system::SystemState;
use bevy::prelude::*;

use crate::actions::SaveCommand;
use crate::i18n::{Lang, Word};
use crate::messages::Import;
use crate::messages::Notice;
use crate::messages::SlotCommand;
use crate::messages::SlotOp;
use crate::schedule::{GameKind, Logic};
use crate::settings::Settings;
use crate::shell::model::Overlay;
use crate::shell::table::Tables;
pub use crate::shell::table::{SlotFormat, SlotGame};
use crate::storage::{Stamp, atomic_write, unused_path};
use crate::store::persist::DataDirs;

/// How many slots each game has.
pub const SLOTS: usize = 8;

/// What a slot holds.
#[derive(Clone, Debug)]
pub enum SlotState {
    /// No file.
    Empty,
    /// A game that reads back.
    Saved(Box<SlotGame>),
    /// A file that does not read as a game: why.
    Damaged(String),
}

/// What the slots dialog shows, read from disk when it opens and after every change.
#[derive(Resource, Default, Debug, Clone)]
pub struct SlotList(pub Vec<SlotState>);

/// The slot Ctrl+S and Ctrl+L use at each table, by the game's slug: the last one saved
/// to or loaded from (kept in the settings file).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CurrentSlot(pub BTreeMap<String, usize>);

impl CurrentSlot {
    /// The slot in use at the table of `slug`.
    #[must_use]
    pub fn of(&self, slug: &str) -> Option<usize> {
        self.0.get(slug).copied()
    }
}

/// The slots of one game in one folder.
struct Store<'a> {
    dir: &'a Path,
    format: SlotFormat,
}

impl Store<'_> {
    fn path(&self, slot: usize) -> PathBuf {
        self.dir.join((self.format.file)(slot))
    }

    fn read(&self, slot: usize) -> SlotState {
        match std::fs::read(self.path(slot)) {
            Ok(bytes) => match (self.format.read)(&bytes) {
                Ok(game) => SlotState::Saved(Box::new(game)),
                Err(why) => SlotState::Damaged(why),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => SlotState::Empty,
            Err(e) => SlotState::Damaged(e.to_string()),
        }
    }

    fn list(&self) -> Vec<SlotState> {
        (1..=SLOTS).map(|i| self.read(i)).collect()
    }

    fn first_free(&self) -> Option<usize> {
        (1..=SLOTS).find(|&i| !self.path(i).exists())
    }

    /// The most recently written.
    fn newest(&self) -> Option<usize> {
        (1..=SLOTS)
            .filter_map(|i| {
                let modified = std::fs::metadata(self.path(i)).ok()?.modified().ok()?;
                Some((modified, i))
            })
            .max()
            .map(|(_, i)| i)
    }

    /// Saves the game on the table, keeping the slot's name; a damaged slot is left.
    fn save(&self, world: &World, slot: usize) -> Result<(), String> {
        let name = match self.read(slot) {
            SlotState::Damaged(why) => return Err(Word::SlotKeptDamaged.fill(lang(world), &[&why])),
            SlotState::Saved(game) => game.name,
            SlotState::Empty => None,
        };
        let text = (self.format.write)(world, name.as_deref(), &Stamp::now());
        atomic_write(&self.path(slot), text.as_bytes()).map_err(|e| e.to_string())
    }

    fn load(&self, slot: usize, lang: Lang) -> Result<Arc<dyn Any + Send + Sync>, String> {
        match self.read(slot) {
            SlotState::Saved(game) => Ok(game.record),
            SlotState::Empty => Err(Word::SlotIsEmpty.get(lang).to_owned()),
            SlotState::Damaged(why) => Err(Word::SlotDamaged.fill(lang, &[&why])),
        }
    }

    fn rename(&self, slot: usize, name: &str) -> Result<(), String> {
        let bytes = std::fs::read(self.path(slot)).map_err(|e| e.to_string())?;
        let text = (self.format.rename)(&bytes, name.trim())?;
        atomic_write(&self.path(slot), text.as_bytes()).map_err(|e| e.to_string())
    }

    fn delete(&self, slot: usize) -> Result<(), String> {
        std::fs::remove_file(self.path(slot)).map_err(|e| e.to_string())
    }
}

fn lang(world: &World) -> Lang {
    world
        .get_resource::<Settings>()
        .map(|s| s.lang)
        .unwrap_or_default()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SlotList>()
        .init_resource::<CurrentSlot>()
        .add_message::<SlotSaved>()
        .add_systems(Update, slots.in_set(Logic::Saves));
}

/// Ctrl+S, Ctrl+L, the dialog's toggle, Export, and what the dialog asked, for the game
/// on the table (a game without slots answers none of them).
fn slots(
    world: &mut World,
    said: &mut SystemState<(MessageReader<SaveCommand>, MessageReader<SlotCommand>)>,
) {
    let Ok((mut keys, mut dialog)) = said.get_mut(world) else {
        return;
    };
    let asked: Vec<SaveCommand> = keys.read().copied().collect();
    let chosen: Vec<SlotCommand> = dialog.read().cloned().collect();
    if asked.is_empty() && chosen.is_empty() {
        return;
    }
    let kind = *world.resource::<State<GameKind>>().get();
    let tables = world.resource::<Tables>().clone();
    let (Some(format), slug) = (tables.slots(kind), tables.slug(kind)) else {
        return;
    };
    let lang = lang(world);
    let Some(dirs) = world.resource::<DataDirs>().0.clone() else {
        world.write_message(Notice::warn(Word::NoStorage.get(lang)));
        return;
    };
    let store = Store {
        dir: &dirs.slots(),
        format,
    };
    for command in asked {
        let current = world.resource::<CurrentSlot>().of(slug);
        let notice = match command {
            SaveCommand::ExportRecord => Some(export(world, &dirs.documents, slug, format, lang)),
            SaveCommand::ToggleSlots => {
                let open = !world.resource::<Overlay>().slots;
                world.resource_mut::<Overlay>().slots = open;
                None
            }
            SaveCommand::Save => match current.or_else(|| store.first_free()) {
                Some(slot) => Some(save(world, &store, slug, slot, lang)),
                None => {
                    // Every slot is taken: the player chooses which to write over.
                    world.resource_mut::<Overlay>().slots = true;
                    Some(Notice::warn(Word::SlotsFull.get(lang)))
                }
            },
            SaveCommand::Load => match current.or_else(|| store.newest()) {
                Some(slot) => load(world, &store, slug, slot, lang),
                None => Some(Notice::warn(Word::NothingSaved.get(lang))),
            },
        };
        if let Some(n) = notice {
            world.write_message(n);
        }
    }
    for SlotCommand { slot, op } in chosen {
        info!("slot {slot}: {op:?}");
        let notice = match op {
            SlotOp::Save => Some(save(world, &store, slug, slot, lang)),
            SlotOp::Load => load(world, &store, slug, slot, lang),
            SlotOp::Delete => Some(match store.delete(slot) {
                Ok(()) => {
                    let mut current = world.resource_mut::<CurrentSlot>();
                    if current.of(slug) == Some(slot) {
                        current.0.remove(slug);
                    }
                    Notice::info(Word::Deleted.fill(lang, &[&slot]))
                }
                Err(e) => failed(slot, &e, lang),
            }),
            SlotOp::Rename(name) => Some(match store.rename(slot, &name) {
                Ok(()) => Notice::info(Word::Renamed.fill(lang, &[&slot])),
                Err(e) => failed(slot, &e, lang),
            }),
        };
        if let Some(n) = notice {
            world.write_message(n);
        }
    }
    // What the dialog shows, whenever something was asked.
    let list = store.list();
    world.resource_mut::<SlotList>().0 = list;
}

fn failed(slot: usize, e: &str, lang: Lang) -> Notice {
    warn!("slot {slot}: {e}");
    Notice::warn(Word::SlotFailed.fill(lang, &[&slot, &e]))
}

/// Saves the game in `slot`, which becomes the one in use.
fn save(world: &mut World, store: &Store, slug: &str, slot: usize, lang: Lang) -> Notice {
    match store.save(world, slot) {
        Ok(()) => {
            info!("{slug} saved slot {slot}");
            world
                .resource_mut::<CurrentSlot>()
                .0
                .insert(slug.to_owned(), slot);
            world.write_message(SlotSaved { slot });
            Notice::info(Word::SavedTo.fill(lang, &[&slot]))
        }
        Err(e) => failed(slot, &e, lang),
    }
}

/// Reads `slot` and hands its game to the import path (which says it was loaded).
fn load(world: &mut World, store: &Store, slug: &str, slot: usize, lang: Lang) -> Option<Notice> {
    match store.load(slot, lang) {
        Ok(record) => {
            world
                .resource_mut::<CurrentSlot>()
                .0
                .insert(slug.to_owned(), slot);
            world.write_message(Import::Slot { slot, record });
            None
        }
        Err(e) => Some(failed(slot, &e, lang)),
    }
}

/// The game as a file in the documents folder (`xiangqi-2026-11-27-0530.pgn`).
fn export(world: &World, documents: &Path, slug: &str, format: SlotFormat, lang: Lang) -> Notice {
    let stamp = Stamp::now();
    let path = unused_path(documents, &format!("{slug}-{}", stamp.file), format.ext);
    let text = (format.write)(world, None, &stamp);
    match atomic_write(&path, text.as_bytes()) {
        Ok(()) => {
            info!("exported {}", path.display());
            Notice::info(Word::Exported.fill(lang, &[&path.display()]))
        }
        Err(e) => Notice::warn(Word::ExportFailed.fill(lang, &[&e])),
    }
}

/// A game was saved in a slot at the table shown (Go keeps it in the library too).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotSaved {
    /// Which.
    pub slot: usize,
}
