//! Go's save slots: eight SGF files (`slots/go-N.sgf`) beside the Xiangqi slots, each
//! with the whole tree. At the Go table Ctrl+S saves to the slot in use (else the first
//! free one), Ctrl+L loads it (else the newest), the panel's slot list saves and loads
//! any of them, and Export writes the game as an SGF file in the documents folder.
//! A load opens like a paste: Ctrl+Z takes it back.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::Notice;
use crate::app::actions::SaveCommand;
use crate::app::go::GoTable;
use crate::app::store::persist::DataDirs;
use crate::games::go::Session;
use crate::go::sgf;
use crate::i18n::GoText as G;
use crate::storage::{Dirs, Stamp, atomic_write, unused_path};

/// How many Go slots there are.
pub const GO_SLOTS: usize = 8;

/// Each slot's line in the panel (`None`: empty), and the slot in use.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GoSlots {
    /// Slot 1 first: what it holds, in a few words.
    pub listed: Vec<Option<String>>,
    /// The slot saved to or loaded from last.
    pub current: Option<usize>,
}

/// Save or load one slot (the panel's list).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoSlotCommand {
    /// Save the game in this slot.
    Save(usize),
    /// Open this slot's game.
    Load(usize),
}

fn path(dirs: &Dirs, slot: usize) -> PathBuf {
    dirs.slots().join(format!("go-{slot}.sgf"))
}

/// What a slot's file holds, for the list: its moves and the date it was saved.
fn describe(dirs: &Dirs, slot: usize) -> Option<String> {
    let bytes = std::fs::read(path(dirs, slot)).ok()?;
    let games = sgf::read(&sgf::decode(&bytes)).ok()?;
    let game = games.first()?;
    let moves = game.main_line().len() - 1;
    let date = game.tag("DT").unwrap_or_default();
    Some(format!("{}×{} · {moves} · {date}", game.size, game.size))
}

/// The list read from disk.
fn list(dirs: &Dirs) -> Vec<Option<String>> {
    (1..=GO_SLOTS).map(|i| describe(dirs, i)).collect()
}

/// The Go slots and Go files opened, where the files live (with the other files'
/// plugins).
pub(crate) fn plugin(app: &mut App) {
    let dirs = app
        .world()
        .get_resource::<DataDirs>()
        .and_then(|d| d.0.clone());
    let listed = dirs.as_ref().map_or_else(|| vec![None; GO_SLOTS], list);
    app.insert_resource(GoSlots {
        listed,
        current: None,
    })
    .add_message::<GoSlotCommand>()
    .add_systems(
        Update,
        (
            slots
                .in_set(<crate::app::go::game::Go as crate::app::shell::table::TableGame>::SYSTEMS),
            super::files::import,
        )
            .chain()
            .in_set(crate::app::schedule::Logic::GoFiles),
    );
}

/// Ctrl+S, Ctrl+L and Export at the Go table, and the panel's slot commands.
pub(crate) fn slots(
    mut keys: MessageReader<SaveCommand>,
    mut chosen: MessageReader<GoSlotCommand>,
    dirs: Res<DataDirs>,
    mut slots: ResMut<GoSlots>,
    mut table: ResMut<GoTable>,
    mut notices: MessageWriter<Notice>,
    settings: Res<crate::app::shell::model::Settings>,
    link: Res<crate::app::store::library::LibraryLink>,
) {
    let lang = settings.lang;
    let mut asked: Vec<GoSlotCommand> = Vec::new();
    for key in keys.read() {
        let Some(dirs) = &dirs.0 else {
            notices.write(Notice::warn(crate::i18n::T::NoStorage.get(lang)));
            continue;
        };
        match key {
            SaveCommand::Save => {
                let free = slots.listed.iter().position(Option::is_none).map(|i| i + 1);
                asked.push(GoSlotCommand::Save(slots.current.or(free).unwrap_or(1)));
            }
            SaveCommand::Load => {
                let newest = (1..=GO_SLOTS)
                    .filter_map(|i| {
                        let t = std::fs::metadata(path(dirs, i)).ok()?.modified().ok()?;
                        Some((t, i))
                    })
                    .max()
                    .map(|(_, i)| i);
                match slots.current.or(newest) {
                    Some(slot) => asked.push(GoSlotCommand::Load(slot)),
                    None => _ = notices.write(Notice::warn(G::NothingSaved.get(lang))),
                }
            }
            // The slot list is in the Go panel, always at hand.
            SaveCommand::ToggleSlots => {}
            SaveCommand::ExportPgn => {
                let stamp = Stamp::now();
                let file = unused_path(&dirs.documents, &format!("go-{}", stamp.file), "sgf");
                let text = sgf::write(&with_date(&table, &stamp));
                notices.write(match atomic_write(&file, text.as_bytes()) {
                    Ok(()) => {
                        info!("exported {}", file.display());
                        Notice::info(G::ExportedSgf.fill(lang, &[&file.display()]))
                    }
                    Err(e) => Notice::warn(G::SlotFailed.fill(lang, &[&"SGF", &e])),
                });
            }
        }
    }
    asked.extend(chosen.read().copied());
    for command in asked {
        let Some(dirs) = &dirs.0 else {
            notices.write(Notice::warn(crate::i18n::T::NoStorage.get(lang)));
            continue;
        };
        match command {
            GoSlotCommand::Save(slot) => {
                let text = sgf::write(&with_date(&table, &Stamp::now()));
                match atomic_write(&path(dirs, slot), text.as_bytes()) {
                    Ok(()) => {
                        info!("go saved slot {slot}");
                        slots.current = Some(slot);
                        // A game saved is kept in the library too (once).
                        if !table.game().moves().is_empty() {
                            crate::app::go::library::keep(&link, table.to_file(), "saved");
                        }
                        notices.write(Notice::info(G::SavedTo.fill(lang, &[&slot])));
                    }
                    Err(e) => {
                        _ = notices.write(Notice::warn(G::SlotFailed.fill(lang, &[&slot, &e])))
                    }
                }
            }
            GoSlotCommand::Load(slot) => {
                let read = std::fs::read(path(dirs, slot))
                    .map_err(|e| e.to_string())
                    .and_then(|b| sgf::read(&sgf::decode(&b)).map_err(|e| e.to_string()))
                    .and_then(|games| {
                        let file = &games[0];
                        let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
                        Ok(Session::from_file(game, file))
                    });
                match read {
                    Ok(opened) => {
                        info!("go loaded slot {slot}");
                        table.open(opened);
                        slots.current = Some(slot);
                        notices.write(Notice::info(G::LoadedFrom.fill(lang, &[&slot])));
                    }
                    Err(e) => {
                        _ = notices.write(Notice::warn(G::SlotFailed.fill(lang, &[&slot, &e])))
                    }
                }
            }
        }
        slots.listed = list(dirs);
    }
}

/// The game as a file, its date (`DT`) the day it is saved unless it has one.
fn with_date(table: &GoTable, stamp: &Stamp) -> sgf::SgfGame {
    let mut file = table.to_file();
    if file.tag("DT").is_none_or(str::is_empty) {
        file.set_tag("DT", Some(&stamp.date.replace('.', "-")));
    }
    file
}
