//! Save slots: numbered PGN files in the data folder that any Xiangqi program can open.
//! A slot whose file cannot be read is reported as damaged, with the reader's reason,
//! and is never overwritten or removed except by an explicit delete.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::rules::read::read_any_bytes;
use crate::rules::record::{Format, GameRecord};
use crate::rules::{Color, Notation, Outcome, Position, pgn};
use crate::storage::{Stamp, atomic_write};

/// How many slots there are.
pub const SLOTS: usize = 8;

/// What a slot holds.
#[derive(Clone, Debug)]
pub enum SlotState {
    /// No file.
    Empty,
    /// A game that reads back.
    Saved(Box<SlotInfo>),
    /// A file that does not read as a game: why.
    Damaged(String),
}

/// A saved game, as the slots dialog lists it.
#[derive(Clone, Debug)]
pub struct SlotInfo {
    /// The player's name for it (the PGN `Event` tag), if any.
    pub name: Option<String>,
    /// When it was saved (`2026.11.21 15:30`), as far as the file says.
    pub saved: String,
    /// Plies played.
    pub plies: usize,
    /// The side to move at the end.
    pub turn: Color,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// The result tag when the rules did not end the game (`1-0` by agreement…).
    pub result: Option<String>,
    /// The last position (for the preview).
    pub position: Position,
    /// The game, with its tags and clocks.
    pub record: GameRecord,
}

/// Why a slot operation failed.
#[derive(Debug, thiserror::Error)]
pub enum SlotError {
    /// There are slots 1 to [`SLOTS`] only.
    #[error("there is no slot {0} (slots are 1 to {SLOTS})")]
    NoSuchSlot(usize),
    /// Nothing saved there.
    #[error("slot {0} is empty")]
    Empty(usize),
    /// The file is there but is not a game; it is left alone.
    #[error("slot {slot} is damaged ({reason}); it is left as it is")]
    Damaged {
        /// Which.
        slot: usize,
        /// The reader's reason.
        reason: String,
    },
    /// The disk said no.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What happened.
        source: io::Error,
    },
}

/// The slot files in one folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotStore {
    dir: PathBuf,
}

impl SlotStore {
    /// Slots in `dir` (created on the first save).
    #[must_use]
    pub fn new(dir: impl Into<PathBuf>) -> SlotStore {
        SlotStore { dir: dir.into() }
    }

    /// The folder.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of slot `slot` (1-based).
    #[must_use]
    pub fn path(&self, slot: usize) -> PathBuf {
        self.dir.join(format!("slot-{slot}.pgn"))
    }

    fn check(slot: usize) -> Result<(), SlotError> {
        if (1..=SLOTS).contains(&slot) {
            Ok(())
        } else {
            Err(SlotError::NoSuchSlot(slot))
        }
    }

    fn io(&self, slot: usize) -> impl FnOnce(io::Error) -> SlotError {
        let path = self.path(slot);
        move |source| SlotError::Io { path, source }
    }

    /// Reads slot `slot`.
    #[must_use]
    pub fn read(&self, slot: usize) -> SlotState {
        let bytes = match fs::read(self.path(slot)) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return SlotState::Empty,
            Err(e) => return SlotState::Damaged(e.to_string()),
        };
        read_slot(&bytes)
    }

    /// Every slot, 1 to [`SLOTS`] (index 0 is slot 1).
    #[must_use]
    pub fn list(&self) -> Vec<SlotState> {
        (1..=SLOTS).map(|i| self.read(i)).collect()
    }

    /// The first slot with no file.
    #[must_use]
    pub fn first_free(&self) -> Option<usize> {
        (1..=SLOTS).find(|&i| !self.path(i).exists())
    }

    /// Saves `game` (its played moves, and its clocks if it has them) in slot `slot`,
    /// keeping the slot's name. Refuses to overwrite a damaged slot.
    pub fn save(&self, slot: usize, game: &GameRecord) -> Result<(), SlotError> {
        Self::check(slot)?;
        let name = match self.read(slot) {
            SlotState::Damaged(reason) => return Err(SlotError::Damaged { slot, reason }),
            SlotState::Saved(info) => info.name,
            SlotState::Empty => None,
        };
        self.write(slot, &game_pgn(game, name.as_deref(), &Stamp::now()))
    }

    fn write(&self, slot: usize, text: &str) -> Result<(), SlotError> {
        atomic_write(&self.path(slot), text.as_bytes()).map_err(self.io(slot))
    }

    /// The game in slot `slot`.
    pub fn load(&self, slot: usize) -> Result<GameRecord, SlotError> {
        Self::check(slot)?;
        match self.read(slot) {
            SlotState::Saved(info) => Ok(info.record),
            SlotState::Empty => Err(SlotError::Empty(slot)),
            SlotState::Damaged(reason) => Err(SlotError::Damaged { slot, reason }),
        }
    }

    /// Removes slot `slot`'s file, damaged or not (the dialog asks first).
    pub fn delete(&self, slot: usize) -> Result<(), SlotError> {
        Self::check(slot)?;
        match fs::remove_file(self.path(slot)) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(SlotError::Empty(slot)),
            other => other.map_err(self.io(slot)),
        }
    }

    /// Names the game in slot `slot` (an empty name removes it). The file keeps its
    /// moves, tags and comments.
    pub fn rename(&self, slot: usize, name: &str) -> Result<(), SlotError> {
        Self::check(slot)?;
        let bytes = match fs::read(self.path(slot)) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(SlotError::Empty(slot)),
            other => other.map_err(self.io(slot))?,
        };
        let text = renamed(&bytes, name).map_err(|reason| SlotError::Damaged { slot, reason })?;
        self.write(slot, &text)
    }
}

/// A slot file's text with its game named `name` (the PGN `Event` tag; empty: unnamed),
/// its moves, tags and comments kept.
pub fn renamed(bytes: &[u8], name: &str) -> Result<String, String> {
    let mut record = read_any_bytes(bytes).map_err(|e| e.to_string())?.record;
    let name = name.trim();
    record.set_tag("Event", if name.is_empty() { "?" } else { name });
    Ok(pgn::write(&record, Notation::Chinese))
}

/// Reads a slot file's bytes. A PGN slot must end with its result (`*` while the game
/// goes on), as every slot the game writes does: one that stops short was cut off (a
/// full disk, a copy interrupted) and is damaged, not a shorter game.
#[must_use]
pub fn read_slot(bytes: &[u8]) -> SlotState {
    let imported = match read_any_bytes(bytes) {
        Ok(imported) => imported,
        Err(e) => return SlotState::Damaged(e.to_string()),
    };
    if matches!(imported.format, Format::Pgn(_)) {
        // Decoded as the reader did (a slot copied in from elsewhere may be GBK or UTF-16).
        let text = crate::rules::record::decode(bytes);
        let last = text.trim_end().lines().next_back().unwrap_or("");
        let result = imported.record.tag("Result").unwrap_or("");
        let ends = last
            .strip_suffix(result)
            .filter(|_| !result.is_empty() && !last.starts_with('['))
            .is_some_and(|before| before.is_empty() || before.ends_with(char::is_whitespace));
        if !ends {
            return SlotState::Damaged(CUT_OFF.to_owned());
        }
    }
    SlotState::Saved(Box::new(info(imported.record)))
}

/// Why a slot that stops before its result is damaged.
const CUT_OFF: &str = "the file stops before the game's result: it was cut off";

/// The tag that says when a slot or a copy was saved (`2026.11.23 21:46:10`).
const SAVED: &str = "Saved";

/// The PGN text of a saved game: every tag, line, comment and glyph of it, plus the
/// moment it was saved and its ply count (a new game also gets today's date).
#[must_use]
pub fn game_pgn(game: &GameRecord, name: Option<&str>, stamp: &Stamp) -> String {
    // The game's own tags stay as they are: only what it lacks is filled in (a game
    // played here was played at this table, today), and the moment of saving has a
    // tag of its own.
    let mut record = game.clone();
    if let Some(name) = name {
        record.set_tag("Event", name);
    }
    let unknown = |v: Option<&str>| v.is_none_or(|v| v.trim().is_empty() || v.contains('?'));
    if unknown(record.tag("Site")) {
        record.set_tag("Site", "象棋 Xiangqi");
    }
    if unknown(record.tag("Date")) {
        record.set_tag("Date", &stamp.date);
    }
    record.set_tag(SAVED, &format!("{} {}", stamp.date, stamp.time));
    record.set_tag("PlyCount", &game.game.ply_count().to_string());
    pgn::write(&record, Notation::Chinese)
}

fn info(record: GameRecord) -> SlotInfo {
    let name = record
        .tag("Event")
        .filter(|e| !e.is_empty() && *e != "?")
        .map(str::to_owned);
    // When it was saved; slots written before the tag had it as Date and Time.
    let saved = match record.tag(SAVED) {
        Some(at) => at.get(..16).unwrap_or(at).to_owned(),
        None => {
            let date = record
                .tag("Date")
                .filter(|d| !d.contains('?'))
                .unwrap_or("");
            let time = record.tag("Time").map_or("", |t| t.get(..5).unwrap_or(t));
            format!("{date} {time}").trim().to_owned()
        }
    };
    let ended = record.game.outcome().is_some();
    let result = record
        .tag("Result")
        .filter(|r| *r != "*" && !ended)
        .map(str::to_owned);
    let game = &record.game;
    SlotInfo {
        name,
        saved,
        plies: game.ply_count(),
        turn: game.position().turn(),
        outcome: game.outcome(),
        result,
        position: game.position().clone(),
        record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn store(name: &str) -> SlotStore {
        let dir = std::env::temp_dir().join(format!("xiangqi-slots-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        SlotStore::new(dir)
    }

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new();
        for m in moves {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn a_slot_in_utf16_that_ends_with_its_result_reads() {
        let text = "[Event \"x\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 *\n";
        let mut bytes = vec![0xff, 0xfe];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        assert!(matches!(read_slot(&bytes), SlotState::Saved(info) if info.plies == 2));
        let cut = &bytes[..bytes.len() - 4];
        assert!(matches!(read_slot(cut), SlotState::Damaged(_)));
    }

    #[test]
    fn save_list_load_rename_delete() {
        let s = store("cycle");
        assert!(matches!(s.read(1), SlotState::Empty));
        assert_eq!(s.first_free(), Some(1));
        let mut g = game(&["h2e2", "h9g7", "h0g2"]);
        g.undo();
        s.save(1, &GameRecord::new(g.clone())).unwrap();
        assert_eq!(s.first_free(), Some(2));
        let text = fs::read_to_string(s.path(1)).unwrap();
        assert!(
            text.contains(
                "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]"
            ),
            "{text}"
        );
        assert!(text.contains("[PlyCount \"2\"]"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(text.contains("1. 炮二平五 马８进７"), "{text}");
        let SlotState::Saved(info) = s.read(1) else {
            panic!("slot 1 reads back");
        };
        assert_eq!(info.plies, 2);
        assert_eq!(info.turn, Color::Red);
        assert_eq!(info.name, None);
        assert_eq!(info.saved.len(), 16, "{}", info.saved);
        s.rename(1, "  中炮对屏风马 ").unwrap();
        s.save(1, &GameRecord::new(game(&["h2e2"]))).unwrap();
        let SlotState::Saved(info) = s.read(1) else {
            panic!("slot 1 reads back");
        };
        assert_eq!(
            info.name.as_deref(),
            Some("中炮对屏风马"),
            "a save keeps the name"
        );
        assert_eq!(info.plies, 1);
        assert_eq!(s.load(1).unwrap().game.ply_count(), 1);
        s.delete(1).unwrap();
        assert!(matches!(s.load(1), Err(SlotError::Empty(1))));
        assert!(matches!(s.delete(1), Err(SlotError::Empty(1))));
        assert!(matches!(
            s.save(0, &GameRecord::new(g.clone())),
            Err(SlotError::NoSuchSlot(0))
        ));
        assert!(matches!(s.load(SLOTS + 1), Err(SlotError::NoSuchSlot(_))));
        fs::remove_dir_all(s.dir()).unwrap();
    }

    #[test]
    fn finished_games_list_their_outcome() {
        let s = store("outcome");
        s.save(
            2,
            &GameRecord::new(game(&["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"])),
        )
        .unwrap();
        let SlotState::Saved(info) = s.read(2) else {
            panic!("slot 2 reads back");
        };
        assert_eq!(info.outcome.map(|o| o.winner), Some(Some(Color::Red)));
        assert!(
            fs::read_to_string(s.path(2))
                .unwrap()
                .contains("[Result \"1-0\"]")
        );
        fs::remove_dir_all(s.dir()).unwrap();
    }

    #[test]
    fn damaged_slots_are_reported_and_never_overwritten() {
        let s = store("damaged");
        fs::create_dir_all(s.dir()).unwrap();
        let junk = "[Event \"mine\"]\n\n1. 炮二平五 馬8进7 2. 炮二平五\n";
        fs::write(s.path(3), junk).unwrap();
        let SlotState::Damaged(reason) = s.read(3) else {
            panic!("slot 3 is damaged");
        };
        assert!(reason.contains('3'), "the reason names the ply: {reason}");
        assert!(matches!(
            s.save(3, &GameRecord::new(Game::new())),
            Err(SlotError::Damaged { slot: 3, .. })
        ));
        assert!(matches!(s.rename(3, "x"), Err(SlotError::Damaged { .. })));
        assert!(matches!(s.load(3), Err(SlotError::Damaged { .. })));
        assert_eq!(
            fs::read_to_string(s.path(3)).unwrap(),
            junk,
            "left as it was"
        );
        assert_ne!(s.first_free(), Some(3));
        fs::write(s.path(4), [0xff, 0x00, 0x13]).unwrap();
        assert!(matches!(s.read(4), SlotState::Damaged(_)));
        s.delete(3).unwrap();
        assert!(matches!(s.read(3), SlotState::Empty));
        fs::remove_dir_all(s.dir()).unwrap();
    }
}
