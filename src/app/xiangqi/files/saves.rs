//! Save slots (Ctrl+S, Ctrl+L, the slots dialog) and the PGN export. Files are read and
//! written by [`crate::slots`]; loading goes through the one [`Import`] path, so it is
//! undoable like a paste.

use crate::app::actions::SaveCommand;
use crate::app::schedule::Logic;
use bevy::prelude::*;

use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;

use crate::app::shell::model::CurrentSlot;
use crate::app::shell::model::{Overlay, Settings};
use crate::app::store::persist::DataDirs;
use crate::app::xiangqi::model::Model;
use crate::app::{Import, Notice, SlotCommand, SlotOp};
use crate::i18n::{Lang, T};
use crate::slots::{self, SlotError, SlotState, SlotStore};
use crate::storage::{Stamp, atomic_write, unused_path};

/// What the slots dialog shows, read from disk when it opens and after every change.
#[derive(Resource, Default, Debug, Clone)]
pub struct SlotList(pub Vec<SlotState>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SlotList>()
        .add_systems(Update, (keys, dialog).chain().in_set(Logic::Saves));
}

fn store(dirs: &DataDirs) -> Option<SlotStore> {
    dirs.0.as_ref().map(|d| SlotStore::new(d.slots()))
}

/// The slot Ctrl+L loads when none was used yet: the most recently written.
fn newest(store: &SlotStore) -> Option<usize> {
    (1..=slots::SLOTS)
        .filter_map(|i| {
            let modified = std::fs::metadata(store.path(i)).ok()?.modified().ok()?;
            Some((modified, i))
        })
        .max()
        .map(|(_, i)| i)
}

fn failed(slot: usize, e: &SlotError, lang: Lang) -> Notice {
    warn!("slot {slot}: {e}");
    Notice::warn(T::SlotFailed.fill(lang, &[&slot, &e]))
}

/// Saves the game in `slot`; the slot becomes the current one.
fn save(
    store: &SlotStore,
    slot: usize,
    model: &Model,
    current: &mut CurrentSlot,
    lang: Lang,
) -> Notice {
    match store.save(slot, &model.record()) {
        Ok(()) => {
            info!("saved slot {slot}");
            current.0 = Some(slot);
            Notice::info(T::SavedTo.fill(lang, &[&slot]))
        }
        Err(e) => failed(slot, &e, lang),
    }
}

/// Reads `slot` and hands its game to the import path.
fn load(
    store: &SlotStore,
    slot: usize,
    current: &mut CurrentSlot,
    lang: Lang,
    import: &mut MessageWriter<Import>,
) -> Option<Notice> {
    match store.load(slot) {
        Ok(record) => {
            current.0 = Some(slot);
            import.write(Import::Slot {
                slot,
                record: Box::new(record),
            });
            None
        }
        Err(e) => Some(failed(slot, &e, lang)),
    }
}

fn export(dirs: &DataDirs, model: &Model, lang: Lang) -> Notice {
    let Some(dirs) = &dirs.0 else {
        return Notice::warn(T::NoStorage.get(lang));
    };
    let stamp = Stamp::now();
    let path = unused_path(&dirs.documents, &format!("xiangqi-{}", stamp.file), "pgn");
    let text = slots::game_pgn(&model.record(), None, &stamp);
    match atomic_write(&path, text.as_bytes()) {
        Ok(()) => {
            info!("exported {}", path.display());
            Notice::info(T::Exported.fill(lang, &[&path.display()]))
        }
        Err(e) => Notice::warn(T::ExportFailed.fill(lang, &[&e])),
    }
}

/// Ctrl+S, Ctrl+L, the dialog's toggle and Export PGN.
fn keys(
    mut actions: MessageReader<SaveCommand>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    settings: Res<Settings>,
    mut current: ResMut<CurrentSlot>,
    mut overlay: ResMut<Overlay>,
    mut list: ResMut<SlotList>,
    mut import: MessageWriter<Import>,
    mut notices: MessageWriter<Notice>,
    kind: Res<State<crate::app::schedule::GameKind>>,
) {
    let lang = settings.lang;
    for action in actions.read() {
        // Read to the end, answered only at its own table (each game has its slots).
        if *kind.get() != Xiangqi::KIND {
            continue;
        }
        let store = store(&dirs);
        let notice = match (action, &store) {
            (SaveCommand::ExportPgn, _) => Some(export(&dirs, &model, lang)),
            (SaveCommand::ToggleSlots, _) => {
                overlay.slots = !overlay.slots;
                if let Some(store) = &store {
                    list.0 = store.list();
                }
                None
            }
            (SaveCommand::Save | SaveCommand::Load, None) => {
                Some(Notice::warn(T::NoStorage.get(lang)))
            }
            (SaveCommand::Save, Some(store)) => match current.0.or_else(|| store.first_free()) {
                Some(slot) => Some(save(store, slot, &model, &mut current, lang)),
                None => {
                    // Every slot is taken: let the player choose which to overwrite.
                    overlay.slots = true;
                    list.0 = store.list();
                    Some(Notice::warn(T::SlotsFull.get(lang)))
                }
            },
            (SaveCommand::Load, Some(store)) => match current.0.or_else(|| newest(store)) {
                Some(slot) => load(store, slot, &mut current, lang, &mut import),
                None => Some(Notice::warn(T::NothingSaved.get(lang))),
            },
        };
        if let Some(n) = notice {
            notices.write(n);
        }
        if overlay.slots
            && matches!(action, SaveCommand::Save)
            && let Some(store) = &store
        {
            list.0 = store.list();
        }
    }
}

/// What the slots dialog asked for.
fn dialog(
    mut commands: MessageReader<SlotCommand>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    settings: Res<Settings>,
    mut current: ResMut<CurrentSlot>,
    mut list: ResMut<SlotList>,
    mut import: MessageWriter<Import>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    for SlotCommand { slot, op } in commands.read() {
        let slot = *slot;
        let Some(store) = store(&dirs) else {
            notices.write(Notice::warn(T::NoStorage.get(lang)));
            continue;
        };
        info!("slot {slot}: {op:?}");
        let notice = match op {
            SlotOp::Save => Some(save(&store, slot, &model, &mut current, lang)),
            SlotOp::Load => load(&store, slot, &mut current, lang, &mut import),
            SlotOp::Delete => Some(match store.delete(slot) {
                Ok(()) => {
                    if current.0 == Some(slot) {
                        current.0 = None;
                    }
                    Notice::info(T::Deleted.fill(lang, &[&slot]))
                }
                Err(e) => failed(slot, &e, lang),
            }),
            SlotOp::Rename(name) => Some(match store.rename(slot, name) {
                Ok(()) => Notice::info(T::Renamed.fill(lang, &[&slot])),
                Err(e) => failed(slot, &e, lang),
            }),
        };
        if let Some(n) = notice {
            notices.write(n);
        }
        list.0 = store.list();
    }
}
