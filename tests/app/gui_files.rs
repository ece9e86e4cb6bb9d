//! Headless tests of saves, autosave, settings, clipboard and dropped files: the core and
//! files plugins on MinimalPlugins, keys pressed as a player would, files in a temporary
//! home. The clipboard is an in-memory one here; the real-window tests use the X one.
#![cfg(feature = "gui")]

use crate::common;
use xiangqi::app::xiangqi::files::choice::GameChoice;
use xiangqi::settings::XiangqiSettings;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::input::keyboard::{KeyCode, KeyboardInput};
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use xiangqi::app::actions::Action;
use xiangqi::app::messages::{Notice, SlotCommand, SlotOp};
use xiangqi::app::shell::model::{Overlay, Settings};
use xiangqi::app::store::clipboard::{Clipboard, ClipboardBackend, ClipboardError};
use xiangqi::app::store::persist::DataDirs;
use xiangqi::app::store::slots::CurrentSlot;
use xiangqi::app::store::slots::{SlotList, SlotState as Listed};
use xiangqi::app::xiangqi::messages::{PointerPressed, PointerReleased};
use xiangqi::app::xiangqi::model::Model;
use xiangqi::app::{core_plugin, files_plugin};
use xiangqi::games::xiangqi::session::Session;
use xiangqi::rules::Notation;
use xiangqi::rules::record::GameRecord;
use xiangqi::settings::Preferences;
use xiangqi::slots::{SLOTS, SlotState, SlotStore};
use xiangqi::storage::Dirs;

use common::headless::key_message;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const AFTER_H2E2: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";

/// What the in-memory clipboard holds; `None` in the outer option: no clipboard at all.
type Shared = Arc<Mutex<Option<Option<String>>>>;

struct Memory(Shared);

impl ClipboardBackend for Memory {
    fn get(&mut self) -> Result<String, ClipboardError> {
        match &*self.0.lock().unwrap() {
            None => Err(ClipboardError::Unavailable("no clipboard service".into())),
            Some(None) => Err(ClipboardError::Empty),
            Some(Some(text)) => Ok(text.clone()),
        }
    }

    fn set(&mut self, text: String) -> Result<(), ClipboardError> {
        match &mut *self.0.lock().unwrap() {
            None => Err(ClipboardError::Unavailable("no clipboard service".into())),
            Some(slot) => {
                *slot = Some(text);
                Ok(())
            }
        }
    }
}

struct Test {
    app: App,
    dirs: Dirs,
    clipboard: Shared,
}

/// Every notice the game said, heard each frame: one written while the test ran frames
/// for something else (the picture thread's word comes when it comes) is not lost when
/// its messages age out after two frames.
#[derive(Resource, Default)]
struct Heard {
    cursor: MessageCursor<Notice>,
    said: Vec<Notice>,
}

fn hear(messages: Res<Messages<Notice>>, mut heard: ResMut<Heard>) {
    let Heard { cursor, said } = &mut *heard;
    said.extend(cursor.read(&messages).cloned());
}

fn home(name: &str) -> Dirs {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("gui-files-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    Dirs::under(&root)
}

/// A game on `dirs`, as at a start of the program.
fn start(dirs: &Dirs) -> Test {
    let clipboard: Shared = Arc::new(Mutex::new(Some(None)));
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<KeyboardInput>()
        .add_message::<FileDragAndDrop>()
        .add_plugins(core_plugin)
        .insert_resource(DataDirs(Some(dirs.clone())))
        .insert_resource(Clipboard(Box::new(Memory(clipboard.clone()))))
        .add_plugins(files_plugin)
        .init_resource::<Heard>()
        .add_systems(Last, hear);
    app.update();
    Test {
        app,
        dirs: dirs.clone(),
        clipboard,
    }
}

impl Test {
    fn new(name: &str) -> Test {
        start(&home(name))
    }

    fn chord(&mut self, keys: &[KeyCode]) {
        for &k in keys {
            self.app.world_mut().write_message(key_message(k, true));
        }
        self.app.update();
        for &k in keys.iter().rev() {
            self.app.world_mut().write_message(key_message(k, false));
        }
        // Loads and pastes are answered by the logic one frame later at most.
        self.app.update();
        self.app.update();
    }

    fn ctrl(&mut self, key: KeyCode) {
        self.chord(&[KeyCode::ControlLeft, key]);
    }

    fn ctrl_shift(&mut self, key: KeyCode) {
        self.chord(&[KeyCode::ControlLeft, KeyCode::ShiftLeft, key]);
    }

    fn click(&mut self, at: &str) {
        let sq = at.parse().unwrap();
        self.app.world_mut().write_message(PointerPressed(Some(sq)));
        self.app
            .world_mut()
            .write_message(PointerReleased(Some(sq)));
        self.app.update();
    }

    fn play(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            self.click(&m[..2]);
            self.click(&m[2..]);
        }
    }

    fn send<M: Message>(&mut self, m: M) {
        self.app.world_mut().write_message(m);
        self.app.update();
        self.app.update();
    }

    fn fen(&self) -> String {
        self.app
            .world()
            .resource::<Model>()
            .shown_position()
            .to_fen()
    }

    fn plies(&self) -> usize {
        self.app.world().resource::<Model>().game().ply_count()
    }

    /// Asks for a PNG and waits for it (drawn on another thread): its path.
    fn exported_png(&mut self) -> String {
        self.send(Action::ExportPng);
        for _ in 0..200 {
            self.app.update();
            if let Some(n) = self
                .notices()
                .into_iter()
                .find(|n| n.text.starts_with("Picture"))
            {
                let path = n.text.strip_prefix("Picture exported to ").unwrap();
                return path.to_owned();
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("the PNG was not written");
    }

    /// The notices since the last call.
    /// The notices said since the last call, in order.
    fn notices(&mut self) -> Vec<Notice> {
        self.app
            .world_mut()
            .resource_scope(|world, mut heard: Mut<Heard>| {
                let Heard { cursor, said } = &mut *heard;
                said.extend(cursor.read(world.resource::<Messages<Notice>>()).cloned());
                std::mem::take(said)
            })
    }

    /// The last notice, which must be a warning if `warning`.
    fn said(&mut self, warning: bool) -> String {
        let n = self.notices().pop().expect("a notice");
        assert_eq!(n.warning, warning, "{n:?}");
        n.text
    }

    fn set_clipboard(&self, text: Option<&str>) {
        *self.clipboard.lock().unwrap() = Some(text.map(str::to_owned));
    }

    fn clipboard(&self) -> Option<String> {
        self.clipboard.lock().unwrap().clone().flatten()
    }

    fn slots(&self) -> SlotStore {
        SlotStore::new(self.dirs.slots())
    }

    fn set_lang_en(&mut self) {
        self.app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
        self.app.update();
    }
}

#[test]
fn ctrl_s_then_new_game_then_ctrl_l_and_the_load_is_undoable() {
    let mut t = Test::new("save-load");
    t.set_lang_en();
    t.play("h2e2");
    t.ctrl(KeyCode::KeyS);
    assert_eq!(t.said(false), "Saved to slot 1");
    assert!(t.slots().path(1).exists());
    assert_eq!(
        t.app.world().resource::<CurrentSlot>().of("xiangqi"),
        Some(1)
    );
    t.ctrl(KeyCode::KeyR);
    assert_eq!(t.fen(), START);
    t.ctrl(KeyCode::KeyL);
    assert_eq!(t.fen(), AFTER_H2E2);
    assert_eq!(t.said(false), "Loaded slot 1 (Ctrl+Z takes it back)");
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.fen(), START, "Ctrl+Z takes the load back");
    t.ctrl(KeyCode::KeyY);
    assert_eq!(t.fen(), AFTER_H2E2);
    // Ctrl+S again goes to the same slot, and the file follows the game.
    t.play("h9g7");
    t.ctrl(KeyCode::KeyS);
    assert_eq!(t.said(false), "Saved to slot 1");
    assert!(!t.slots().path(2).exists());
    let SlotState::Saved(info) = t.slots().read(1) else {
        panic!("slot 1 reads back")
    };
    assert_eq!(info.plies, 2);
}

#[test]
fn ctrl_l_with_nothing_saved_and_ctrl_s_with_every_slot_taken() {
    let mut t = Test::new("full");
    t.set_lang_en();
    t.ctrl(KeyCode::KeyL);
    assert_eq!(t.said(true), "Nothing saved yet");
    let store = t.slots();
    for slot in 1..=SLOTS {
        store
            .save(slot, &GameRecord::new(xiangqi::rules::Game::new()))
            .unwrap();
    }
    t.play("h2e2");
    t.ctrl(KeyCode::KeyS);
    assert!(t.said(true).starts_with("All slots are in use"));
    assert!(
        t.app.world().resource::<Overlay>().slots,
        "the dialog opens"
    );
    assert_eq!(t.app.world().resource::<SlotList>().0.len(), SLOTS);
    // Ctrl+L with no current slot loads the newest save.
    store
        .save(5, &t.app.world().resource::<Model>().record())
        .unwrap();
    t.ctrl(KeyCode::KeyR);
    t.ctrl(KeyCode::KeyL);
    assert_eq!(t.fen(), AFTER_H2E2);
    assert_eq!(
        t.app.world().resource::<CurrentSlot>().of("xiangqi"),
        Some(5)
    );
}

#[test]
fn a_damaged_slot_is_reported_and_left_alone() {
    let mut t = Test::new("damaged");
    t.set_lang_en();
    std::fs::create_dir_all(t.dirs.slots()).unwrap();
    let junk = "[Event \"hand edited\"]\n\n1. 炮二平五 馬8进7 2. 炮二平五\n";
    std::fs::write(t.slots().path(1), junk).unwrap();
    t.app
        .world_mut()
        .resource_mut::<CurrentSlot>()
        .0
        .insert("xiangqi".into(), 1);
    t.play("h2e2");
    t.ctrl(KeyCode::KeyS);
    let said = t.said(true);
    assert!(
        said.starts_with("Slot 1: the file is damaged and is left as it is"),
        "{said}"
    );
    t.ctrl(KeyCode::KeyL);
    assert!(t.said(true).to_lowercase().contains("damaged"));
    assert_eq!(t.fen(), AFTER_H2E2, "the board is untouched");
    assert_eq!(std::fs::read_to_string(t.slots().path(1)).unwrap(), junk);
    // The dialog lists it as damaged, with the reader's reason.
    t.ctrl_shift(KeyCode::KeyS);
    let list = t.app.world().resource::<SlotList>().0.clone();
    assert!(
        matches!(&list[0], Listed::Damaged(why) if why.contains("ply 3")),
        "{list:?}"
    );
    // Deleting (after the dialog's question) is the only way it goes.
    t.send(SlotCommand {
        slot: 1,
        op: SlotOp::Delete,
    });
    assert!(!t.slots().path(1).exists());
    assert_eq!(t.app.world().resource::<CurrentSlot>().of("xiangqi"), None);
}

#[test]
fn the_dialog_saves_loads_renames_and_deletes() {
    let mut t = Test::new("dialog");
    t.set_lang_en();
    t.play("h2e2");
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Save,
    });
    assert_eq!(t.said(false), "Saved to slot 3");
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Rename("中炮".into()),
    });
    assert_eq!(t.said(false), "Slot 3 renamed");
    let list = t.app.world().resource::<SlotList>().0.clone();
    assert!(matches!(&list[2], Listed::Saved(info) if info.name.as_deref() == Some("中炮")));
    t.ctrl(KeyCode::KeyR);
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Load,
    });
    assert_eq!(t.fen(), AFTER_H2E2);
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Delete,
    });
    assert_eq!(t.said(false), "Slot 3 deleted");
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Load,
    });
    assert_eq!(t.said(true), "Slot 3: it is empty");
    assert_eq!(t.fen(), AFTER_H2E2);
}

#[test]
fn the_session_is_autosaved_and_resumed_with_its_history() {
    let dirs = home("autosave");
    {
        let mut t = start(&dirs);
        t.play("h2e2 h9g7 h0g2");
        t.ctrl(KeyCode::KeyR);
        t.play("b2e2");
        t.ctrl(KeyCode::KeyZ);
        // Dropped without a quit. Not a kill: dropping the app waits for the autosave
        // writer; tests/saves.rs kills a real process while it writes.
    }
    let text = std::fs::read_to_string(dirs.autosave()).unwrap();
    assert!(Session::from_snapshot(&text).is_ok());
    let mut t = start(&dirs);
    assert_eq!(t.fen(), START);
    let resumed = t.notices();
    assert!(
        resumed.iter().any(|n| !n.warning),
        "says it resumed: {resumed:?}"
    );
    t.ctrl(KeyCode::KeyY);
    assert_eq!(t.plies(), 1, "redo survives the restart");
    t.ctrl(KeyCode::KeyZ);
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.plies(), 3, "undo goes back past the new game");
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.plies(), 2);
}

#[test]
fn a_damaged_autosave_starts_a_new_game_and_is_kept() {
    let dirs = home("bad-autosave");
    std::fs::create_dir_all(&dirs.data).unwrap();
    std::fs::write(dirs.autosave(), "xiangqi-session 1\ngame nonsense\n").unwrap();
    let mut t = start(&dirs);
    assert_eq!(t.fen(), START);
    let n = t.notices();
    assert!(
        n.iter()
            .any(|n| n.warning && n.text.contains("autosave.txt.damaged")),
        "{n:?}"
    );
    let kept = dirs.data.join("autosave.txt.damaged");
    assert_eq!(
        std::fs::read_to_string(kept).unwrap(),
        "xiangqi-session 1\ngame nonsense\n"
    );
    t.play("h2e2");
    // Written on the writer's thread: soon, not necessarily by now.
    let written = (0..200).any(|_| {
        let text = std::fs::read_to_string(dirs.autosave()).unwrap_or_default();
        let ok = Session::from_snapshot(&text).is_ok_and(|s| s.game().ply_count() == 1);
        if !ok {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        ok
    });
    assert!(written, "the new autosave is written");
}

#[test]
fn settings_persist_and_a_damaged_file_falls_back_to_defaults() {
    let dirs = home("settings");
    {
        let mut t = start(&dirs);
        t.app.world_mut().resource_mut::<XiangqiSettings>().notation = Notation::Iccs;
        let mut s = t.app.world_mut().resource_mut::<Settings>();
        s.flipped = true;
        s.sound = false;
        t.app.update();
        // Written once the edits settle, not on every frame of a slider drag.
        assert!(!dirs.settings().exists());
        std::thread::sleep(std::time::Duration::from_millis(600));
        t.app.update();
        assert!(dirs.settings().exists());
    }
    {
        // A resize is written once it has settled (half a second without another).
        let mut t = start(&dirs);
        t.send(bevy::window::WindowResized {
            window: Entity::PLACEHOLDER,
            width: 900.0,
            height: 700.0,
        });
        std::thread::sleep(std::time::Duration::from_millis(600));
        t.app.update();
    }
    let (prefs, damaged) = Preferences::load(&dirs);
    assert_eq!(damaged, None);
    assert_eq!(prefs.window, Some((900.0, 700.0)));
    let text = std::fs::read_to_string(dirs.settings()).unwrap();
    assert_eq!(XiangqiSettings::from_file(&text).notation, Notation::Iccs);
    assert!(prefs.settings.flipped && !prefs.settings.sound);
    {
        // The next start uses them.
        let t = start(&dirs);
        let s = t.app.world().resource::<Settings>();
        let x = t.app.world().resource::<XiangqiSettings>();
        assert!(s.flipped && x.notation == Notation::Iccs);
    }
    {
        // Quitting right after an edit still writes it.
        let mut t = start(&dirs);
        t.app.world_mut().resource_mut::<Settings>().animation_ms = 300;
        t.app.update();
        t.app.world_mut().write_message(AppExit::Success);
        t.app.update();
        assert_eq!(Preferences::load(&dirs).0.settings.animation_ms, 300);
    }
    std::fs::write(dirs.settings(), "(sound: maybe").unwrap();
    {
        // A start with a damaged file: the defaults, and the player is told.
        let mut t = start(&dirs);
        assert_eq!(*t.app.world().resource::<Settings>(), Settings::default());
        let n = t.notices();
        assert!(
            n.iter()
                .any(|n| n.warning && n.text.contains("settings.ron.damaged")),
            "{n:?}"
        );
    }
    std::fs::rename(dirs.config.join("settings.ron.damaged"), dirs.settings()).unwrap();
    let (prefs, damaged) = Preferences::load(&dirs);
    assert_eq!(prefs.settings, Settings::default());
    let kept = damaged.unwrap().kept.unwrap();
    assert_eq!(kept, dirs.config.join("settings.ron.damaged"));
    assert!(!dirs.settings().exists(), "moved aside, not overwritten");
    assert_eq!(
        std::fs::read_to_string(dirs.config.join("settings.ron.damaged")).unwrap(),
        "(sound: maybe"
    );
}

#[test]
fn ctrl_e_copies_the_position_and_ctrl_shift_e_the_game() {
    let mut t = Test::new("copy");
    t.set_lang_en();
    t.play("h2e2");
    t.ctrl(KeyCode::KeyE);
    assert_eq!(t.clipboard().as_deref(), Some(AFTER_H2E2));
    assert_eq!(t.said(false), "Copied the position (FEN)");
    t.ctrl_shift(KeyCode::KeyE);
    let pgn = t.clipboard().unwrap();
    assert!(
        pgn.contains("[FEN \"") && pgn.contains("1. 炮二平五"),
        "{pgn}"
    );
    assert_eq!(t.said(false), "Copied the game (PGN)");
    // No clipboard service: a message.
    *t.clipboard.lock().unwrap() = None;
    t.ctrl(KeyCode::KeyE);
    assert!(t.said(true).starts_with("The clipboard is not available"));
}

#[test]
fn ctrl_i_pastes_anything_and_a_failure_leaves_the_board() {
    let mut t = Test::new("paste");
    t.set_lang_en();
    t.set_clipboard(Some("4k4/9/9/9/9/9/9/9/4A4/3AK4 w"));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(t.fen(), "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    assert_eq!(
        t.said(false),
        "Pasted a FEN position (Ctrl+Z takes it back)"
    );
    t.set_clipboard(Some("[Event \"x\"]\n\n1. 炮二平五 馬8进7\n2. 傌二进三 *\n"));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(t.plies(), 3);
    assert_eq!(
        t.said(false),
        "Pasted a PGN game in Chinese notation, 3 plies (Ctrl+Z takes it back)"
    );
    let before = t.fen();
    for garbage in [
        Some("hello world"),
        Some("炮二平五 炮二平五 炮二平五"),
        Some("   "),
        None,
    ] {
        t.set_clipboard(garbage);
        t.ctrl(KeyCode::KeyI);
        let said = t.said(true);
        assert!(
            said.starts_with("Could not read the clipboard") || said.contains("no text"),
            "{said}"
        );
        assert_eq!(t.fen(), before, "the board is untouched");
    }
    *t.clipboard.lock().unwrap() = None;
    t.ctrl(KeyCode::KeyI);
    assert!(t.said(true).starts_with("The clipboard is not available"));
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.fen(), "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.fen(), START);
}

#[test]
fn a_dropped_file_opens_and_a_bad_one_is_refused() {
    let mut t = Test::new("drop");
    t.set_lang_en();
    let dir = t.dirs.documents.clone();
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("game.pgn");
    std::fs::write(&good, "1. h2e2 h9g7\n").unwrap();
    let bad = dir.join("notes.txt");
    std::fs::write(&bad, "shopping list").unwrap();
    let window = Entity::PLACEHOLDER;
    t.send(FileDragAndDrop::DroppedFile {
        window,
        path_buf: good,
    });
    assert_eq!(t.plies(), 2);
    assert!(
        t.said(false)
            .starts_with("Opened game.pgn: a list of moves in ICCS notation")
    );
    let before = t.fen();
    for path in [bad, dir.join("missing.pgn")] {
        t.send(FileDragAndDrop::DroppedFile {
            window,
            path_buf: path,
        });
        assert!(t.said(true).starts_with("Could not open"));
        assert_eq!(t.fen(), before);
    }
}

/// Updates until the reads on their threads are in (at most 10 s); what was said
/// meanwhile (messages last two frames, so they are collected on the way).
fn wait_for_reads(t: &mut Test) -> Vec<String> {
    let mut said = Vec::new();
    for _ in 0..1000 {
        said.extend(t.notices().into_iter().map(|n| n.text));
        if !xiangqi::app::xiangqi::files::import::reading(t.app.world()) {
            return said;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        t.app.update();
    }
    panic!("a read never finished");
}

#[test]
fn a_large_paste_and_a_large_file_are_read_off_the_frame_in_order() {
    let mut t = Test::new("large");
    t.set_lang_en();
    // 8,000 plies of horses out and back: well over the size read within a frame.
    let moves = "h0g2 h9g7 g2h0 g7h9 ".repeat(2_000);
    assert!(moves.len() as u64 > xiangqi::app::xiangqi::files::import::READ_INLINE_BYTES);
    t.set_clipboard(Some(&moves));
    t.ctrl(KeyCode::KeyI);
    let mut said: Vec<String> = t.notices().into_iter().map(|n| n.text).collect();
    assert!(
        said.contains(&"Reading the clipboard…".to_owned()),
        "{said:?}"
    );
    // A small file dropped meanwhile waits for the paste, then opens over it.
    let dir = t.dirs.documents.clone();
    std::fs::create_dir_all(&dir).unwrap();
    let small = dir.join("small.pgn");
    std::fs::write(&small, "1. h2e2 h9g7 2. h0g2\n").unwrap();
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: small,
    });
    said.extend(wait_for_reads(&mut t));
    let pasted = said
        .iter()
        .position(|s| s.starts_with("Pasted a list of moves"));
    let opened = said.iter().position(|s| s.starts_with("Opened small.pgn"));
    assert!(pasted.is_some() && pasted < opened, "in order: {said:?}");
    assert_eq!(t.plies(), 3);
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.plies(), 8_000, "the paste is there under the file");
    // A large file of many games: its list, read on a thread.
    let games = "[Event \"g\"]\n1. h2e2 h9g7 *\n\n".repeat(2_000);
    let many = dir.join("many.pgn");
    std::fs::write(&many, games).unwrap();
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: many,
    });
    wait_for_reads(&mut t);
    assert_eq!(listed(&t).map(|l| l.len()), Some(2_000));
    assert_eq!(t.plies(), 8_000, "the list opens; the game is unchanged");
}

/// A collection of 40,000 games (over 3 MB): its list shows its first rows while the
/// rest is still being read, grows to every game, and the game picked (read again from
/// the file, not kept) opens; closing the list stops the read.
#[test]
fn a_big_collection_lists_its_first_games_at_once_and_opens_the_one_picked() {
    let mut t = Test::new("big-collection");
    t.set_lang_en();
    let dir = t.dirs.documents.clone();
    std::fs::create_dir_all(&dir).unwrap();
    let n = 40_000;
    let mut text = String::from("A collection made for the test\n\n");
    for i in 1..=n {
        let moves = if i % 2 == 0 {
            "1. h2e2 h9g7 2. h0g2 *"
        } else {
            "1. b2e2 *"
        };
        text.push_str(&format!(
            "[Event \"Cup {i}\"]\n[Red \"Red {i}\"]\n[Black \"許銀川\"]\n{moves}\n\n"
        ));
    }
    let big = dir.join("big.pgn");
    std::fs::write(&big, text).unwrap();
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: big.clone(),
    });
    // Frames until the list shows: it does before the file is read through.
    let mut first_seen = None;
    for _ in 0..2000 {
        if let Some(list) = &t.app.world().resource::<GameChoice>().0 {
            first_seen = Some((list.games.len(), list.complete));
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        t.app.update();
    }
    let (rows, complete) = first_seen.expect("the list shows");
    assert!(
        rows >= 2 && rows < n && !complete,
        "{rows} rows, complete {complete}"
    );
    let said = wait_for_reads(&mut t);
    assert!(said.contains(&"Reading big.pgn…".to_owned()), "{said:?}");
    assert!(
        said.contains(&format!("big.pgn holds {n} games: pick one")),
        "{said:?}"
    );
    let list = listed(&t).unwrap();
    assert_eq!(list.len(), n);
    assert_eq!(
        list[n - 2],
        (format!("Red {}", n - 1), "*".to_owned(), 1, true)
    );
    {
        let choice = t.app.world().resource::<GameChoice>();
        let games = &choice.0.as_ref().unwrap().games;
        // The search box's match: players and event, each word, any case.
        assert!(games[39_999].matches("red 40000 許銀川"));
        // A simplified keyboard finds the traditional name.
        assert!(games[39_999].matches("许银川"));
        assert!(games[39_999].matches("CUP"));
        assert!(!games[39_999].matches("red 39999"));
        // 3999, 13999, 23999, 33999 and 39990 to 39999.
        assert_eq!(games.iter().filter(|g| g.matches("Cup 3999")).count(), 14);
    }
    t.send(Action::ChooseGame(Some(n - 1)));
    assert_eq!(listed(&t), None);
    assert_eq!(t.plies(), 3);
    assert_eq!(
        t.said(false),
        format!("Opened big.pgn, game {n}: Red {n} – 許銀川 (Ctrl+Z takes it back)")
    );

    // Closed while it is read: the read stops, and the game is untouched.
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: big,
    });
    for _ in 0..2000 {
        if t.app.world().resource::<GameChoice>().0.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        t.app.update();
    }
    t.send(Action::ChooseGame(None));
    wait_for_reads(&mut t);
    assert_eq!(listed(&t), None, "a closed list stays closed");
    assert_eq!(t.plies(), 3);
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn listed(t: &Test) -> Option<Vec<(String, String, usize, bool)>> {
    t.app
        .world()
        .resource::<GameChoice>()
        .0
        .as_ref()
        .map(|list| {
            list.games
                .iter()
                .map(|g| (g.red.clone(), g.result.clone(), g.plies, g.game.is_ok()))
                .collect()
        })
}

#[test]
fn a_file_of_several_games_lists_them_and_the_pick_is_undoable() {
    let mut t = Test::new("game-list");
    t.set_lang_en();
    t.play("h2e2 h9g7");
    let before = t.fen();
    let window = Entity::PLACEHOLDER;
    t.send(FileDragAndDrop::DroppedFile {
        window,
        path_buf: data("three-games.pgn"),
    });
    // Nothing changes until a game is picked.
    assert_eq!(t.fen(), before);
    assert_eq!(t.said(false), "three-games.pgn holds 3 games: pick one");
    assert_eq!(
        listed(&t),
        Some(vec![
            ("黄松轩".into(), "1-0".into(), 37, true),
            ("红方棋手".into(), "*".into(), 8, true),
            (String::new(), "1-0".into(), 43, true),
        ])
    );
    t.send(Action::ChooseGame(Some(2)));
    assert_eq!(listed(&t), None, "picking closes the list");
    assert_eq!(t.plies(), 43);
    assert_eq!(
        t.said(false),
        "Opened three-games.pgn, game 3: ? – ? (Ctrl+Z takes it back)"
    );
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.fen(), before, "Ctrl+Z goes back to the game before");

    // Esc closes the list and leaves the game; a second list replaces a first.
    t.send(FileDragAndDrop::DroppedFile {
        window,
        path_buf: data("three-games.pgn"),
    });
    assert!(listed(&t).is_some());
    t.chord(&[KeyCode::Escape]);
    assert_eq!(listed(&t), None);
    assert_eq!(t.fen(), before);
    assert!(
        !t.app
            .world()
            .resource::<Messages<AppExit>>()
            .iter_current_update_messages()
            .any(|_| true),
        "Esc closed the list, it did not quit"
    );
}

#[test]
fn an_unreadable_game_in_a_list_is_shown_and_cannot_be_picked() {
    let mut t = Test::new("game-list-bad");
    t.set_lang_en();
    let dir = t.dirs.documents.clone();
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.pgn");
    std::fs::write(
        &file,
        "[Red \"a\"]\n1. h2e2 *\n\n[Red \"b\"]\n1. h2e2 h2e2 *\n",
    )
    .unwrap();
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: file,
    });
    let list = listed(&t).unwrap();
    assert_eq!(list[0], ("a".into(), "*".into(), 1, true));
    assert!(!list[1].3);
    t.send(Action::ChooseGame(Some(1)));
    assert!(listed(&t).is_some(), "the list stays open");
    assert_eq!(t.plies(), 0);
    t.send(Action::ChooseGame(Some(0)));
    assert_eq!(t.plies(), 1);
}

#[test]
fn an_xqf_file_opens_like_any_other() {
    let mut t = Test::new("xqf");
    t.set_lang_en();
    t.send(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: data("xqf/030-黄松轩先胜冯敬如.XQF"),
    });
    assert_eq!(t.plies(), 37);
    assert_eq!(
        t.said(false),
        "Opened 030-黄松轩先胜冯敬如.XQF: an XQF game, 37 plies"
    );
}

#[test]
fn export_writes_a_pgn_in_the_documents_folder() {
    let mut t = Test::new("export");
    t.set_lang_en();
    t.play("h2e2 h9g7");
    t.send(Action::ExportRecord);
    t.send(Action::ExportRecord);
    let said = t.said(false);
    let path = said.strip_prefix("Game exported to ").unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("1. 炮二平五 马８进７"), "{text}");
    let files = std::fs::read_dir(&t.dirs.documents).unwrap().count();
    assert_eq!(files, 2, "a second export does not overwrite the first");
}

#[test]
fn export_png_and_gif_write_pictures_in_the_pictures_folder() {
    let mut t = Test::new("pictures");
    t.set_lang_en();
    t.play("h2e2 h9g7");
    t.ctrl(KeyCode::KeyG);
    t.send(Action::ExportPng);
    let mut said = Vec::new();
    // The pictures are drawn on another thread; frames go on meanwhile.
    for _ in 0..200 {
        t.app.update();
        said.extend(t.notices());
        if said
            .iter()
            .filter(|n| n.text.starts_with("Picture exported"))
            .count()
            == 1
            && said.iter().any(|n| n.text.contains("not finished"))
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(said.iter().any(|n| n.text == "Making GIF…"), "{said:?}");
    // The PNG asked for while the GIF was being drawn is refused, not lost silently.
    assert!(
        said.iter()
            .any(|n| n.warning && n.text.contains("not finished")),
        "{said:?}"
    );
    let done = said
        .iter()
        .find_map(|n| n.text.strip_prefix("Picture exported to "))
        .expect("the GIF is written");
    let bytes = std::fs::read(done).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    assert!(done.starts_with(t.dirs.pictures.to_str().unwrap()));
    let path = t.exported_png();
    assert!(std::fs::read(path).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn a_set_up_position_is_saved_with_its_fen() {
    let mut t = Test::new("edit-save");
    t.set_lang_en();
    t.chord(&[KeyCode::F2]);
    t.send(xiangqi::app::xiangqi::messages::EditCommand::Fen(
        "3k5/9/9/9/9/9/9/9/4A4/R3K4 w".into(),
    ));
    t.send(xiangqi::app::xiangqi::messages::EditCommand::Play);
    assert_eq!(t.fen(), "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1");
    t.play("a0a1");
    assert_eq!(t.plies(), 1);
    t.ctrl(KeyCode::KeyS);
    assert_eq!(t.said(false), "Saved to slot 1");
    let text = std::fs::read_to_string(t.slots().path(1)).unwrap();
    assert!(
        text.contains("[FEN \"3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1\"]"),
        "{text}"
    );
    let SlotState::Saved(info) = t.slots().read(1) else {
        panic!("slot 1 reads back")
    };
    assert_eq!(info.plies, 1);
}

/// A file opened, then copied, exported and saved to a slot and loaded: each text read
/// back holds every line, comment and tag the file had, compared with the file itself.
#[test]
fn everything_a_file_holds_goes_to_the_clipboard_the_export_and_the_slot() {
    use xiangqi::rules::read::read_games_bytes;
    for (i, name) in ["xqf/game_varations.xqf", "three-games.pgn"]
        .into_iter()
        .enumerate()
    {
        let mut t = Test::new(&format!("keep-all-{i}"));
        t.set_lang_en();
        let path = data(name);
        let bytes = std::fs::read(&path).unwrap();
        let file = read_games_bytes(&bytes).unwrap().remove(0).unwrap().record;
        if name.ends_with(".pgn") {
            // A file of several games: the first is picked from the list.
            t.send(FileDragAndDrop::DroppedFile {
                window: Entity::PLACEHOLDER,
                path_buf: path,
            });
            t.send(Action::ChooseGame(Some(0)));
        } else {
            t.send(FileDragAndDrop::DroppedFile {
                window: Entity::PLACEHOLDER,
                path_buf: path,
            });
        }
        assert_eq!(t.plies(), file.game.ply_count(), "{name}");
        let same = |text: &str, how: &str| {
            let back = xiangqi::rules::read::read_any(text)
                .unwrap_or_else(|e| panic!("{name} {how}: {e}\n{text}"))
                .record;
            assert_eq!(back.lines(), file.lines(), "{name} {how}: the lines");
            assert_eq!(back.comments, file.comments, "{name} {how}: the comments");
            assert_eq!(back.variations, file.variations, "{name} {how}");
            let known =
                |(k, v): &&(String, String)| k != "Format" && !v.is_empty() && !v.contains('?');
            for (k, v) in file.tags.iter().filter(known) {
                assert_eq!(back.tag(k), Some(v.as_str()), "{name} {how}: the tag {k}");
            }
        };
        t.ctrl_shift(KeyCode::KeyE);
        same(&t.clipboard().expect("copied"), "copied");
        t.send(Action::ExportRecord);
        let said = t.said(false);
        let exported = said.strip_prefix("Game exported to ").unwrap();
        same(&std::fs::read_to_string(exported).unwrap(), "exported");
        t.send(Action::NewGame);
        t.ctrl(KeyCode::KeyZ);
        t.ctrl(KeyCode::KeyS);
        t.send(Action::NewGame);
        t.ctrl(KeyCode::KeyL);
        t.ctrl_shift(KeyCode::KeyE);
        same(&t.clipboard().expect("copied"), "saved, loaded and copied");
    }
}

/// A comment typed, a glyph set: the autosave follows at once, not at the next move
/// (a crash after typing would otherwise lose the comment).
#[test]
fn a_comment_is_autosaved_without_a_move() {
    use xiangqi::app::xiangqi::messages::RecordEdit;
    use xiangqi::rules::tree::Nag;
    let mut t = Test::new("comment-autosave");
    t.play("h2e2");
    let node = t.app.world().resource::<Model>().cursor();
    t.send(RecordEdit::Comment(node, "中炮 central cannon".into()));
    t.send(RecordEdit::Nag(node, Nag::GOOD));
    let path = t.dirs.autosave();
    let mut on_disk = None;
    for _ in 0..200 {
        t.app.update();
        let saved = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| Session::from_snapshot(&text).ok())
            // An earlier write (before the move) has no such node yet.
            .filter(|s| s.tree().contains(node) && s.note(node).nags == [Nag::GOOD]);
        if let Some(s) = saved {
            on_disk = Some(s);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let saved = on_disk.expect("the comment and the glyph in the autosave");
    assert_eq!(saved.note(node).after, "中炮 central cannon");
}

/// A Go game is kept like a Xiangqi one: after a restart (the app dropped, as after a
/// quit) its moves, captures and whose turn come back.
#[test]
fn the_go_game_is_autosaved_and_resumed() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::{Color, Point};
    let dirs = home("go-autosave");
    {
        let mut t = start(&dirs);
        t.send(Action::SwitchGame(GameKind("go")));
        t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
        for name in ["B3", "C3", "A2", "D2", "B1", "C1"] {
            let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
            t.send(BoardPointer {
                press: BoardPress::LeftDown,
                at: Some(at),
            });
        }
        t.send(Action::own(GoCommand::Pass));
        for name in ["B2", "C2"] {
            let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
            t.send(BoardPointer {
                press: BoardPress::LeftDown,
                at: Some(at),
            });
        }
        assert_eq!(t.app.world().resource::<GoTable>().game().moves().len(), 9);
    }
    let t = start(&dirs);
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.size(), 9);
    assert_eq!(table.game().moves().len(), 9);
    assert_eq!(table.game().position().captures(Color::Black), 1);
    assert_eq!(table.game().position().to_move(), Color::White);
}

/// Two passes open the count: the dead stones are suggested (a white stone alone in
/// black's side), a group marked dead by a click and the mark taken back with Ctrl+Z,
/// both ways of counting shown, the count accepted; the result and the dead stones are in
/// the autosave and come back after a restart.
#[test]
fn go_two_passes_open_a_count_whose_result_is_saved_and_resumed() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::Point;
    let dirs = home("go-count");
    let b5 = Point::from_gtp("B5", 9).unwrap();
    {
        let mut t = start(&dirs);
        t.send(Action::SwitchGame(GameKind("go")));
        t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
        let click = |t: &mut Test, name: &str| {
            let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
            t.send(BoardPointer {
                press: BoardPress::LeftDown,
                at: Some(at),
            });
        };
        // Black walls off columns A–C, white G–J; E is no one's.
        for row in 1..=9 {
            click(&mut t, &format!("D{row}"));
            click(&mut t, &format!("F{row}"));
        }
        t.send(Action::own(GoCommand::Pass));
        click(&mut t, "B5");
        t.send(Action::own(GoCommand::Pass));
        assert!(t.app.world().resource::<GoTable>().counting().is_none());
        t.send(Action::own(GoCommand::Pass));
        let counting = |t: &Test| {
            t.app
                .world()
                .resource::<GoTable>()
                .counting()
                .cloned()
                .expect("two passes open the count")
        };
        // The suggestion comes from its thread.
        let waited = std::time::Instant::now();
        while !counting(&t).suggested && waited.elapsed().as_secs() < 20 {
            std::thread::sleep(std::time::Duration::from_millis(5));
            t.app.update();
        }
        assert_eq!(counting(&t).dead, [b5], "the stone alone is suggested dead");
        click(&mut t, "D5");
        assert_eq!(counting(&t).dead.len(), 10, "the whole wall marked dead");
        t.ctrl(KeyCode::KeyZ);
        assert_eq!(counting(&t).dead, [b5], "Ctrl+Z took the mark back");
        let (area, territory) = t.app.world().resource::<GoTable>().scores().unwrap();
        // Area: 9 stones and 27 points each; territory: 27 points and a prisoner for
        // black, 27 for white; komi 7.5 to white.
        assert_eq!(area.total, [36.0, 43.5]);
        assert_eq!(territory.total, [28.0, 34.5]);
        t.send(Action::own(GoCommand::Accept));
        assert_eq!(t.app.world().resource::<GoTable>().result(), Some("W+7.5"));
        let file = dirs.data.join("go-autosave.sgf");
        let waited = std::time::Instant::now();
        let text = loop {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            if text.contains("RE[W+7.5]") || waited.elapsed().as_secs() > 10 {
                break text;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(text.contains("RE[W+7.5]"), "{text}");
        assert!(text.contains("TB[") && text.contains("TW["), "{text}");
    }
    let t = start(&dirs);
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.result(), Some("W+7.5"));
    assert_eq!(table.counting().unwrap().dead, [b5]);
}

/// A text both games might read (a list of Go moves) goes to the table shown: at the
/// Xiangqi table Xiangqi's readers have it and refuse it, the Go game is not touched;
/// the same text at the Go table opens there.
#[test]
fn a_text_both_games_might_read_goes_to_the_table_shown() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::GoTable;
    let mut t = Test::new("go-either");
    t.set_lang_en();
    let kind = |t: &Test| *t.app.world().resource::<State<GameKind>>().get();
    let moves = |t: &Test| t.app.world().resource::<GoTable>().game().moves().len();
    t.set_clipboard(Some("1. D4 Q16 2. C3 pass"));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(kind(&t), GameKind("xiangqi"));
    assert_eq!((moves(&t), t.plies()), (0, 0));
    let said = t.notices();
    assert!(said.iter().any(|n| n.warning), "refused: {said:?}");
    t.send(Action::SwitchGame(GameKind("go")));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(kind(&t), GameKind("go"));
    assert_eq!(moves(&t), 4);
}

/// Go through the clipboard and files: an SGF pasted at the Xiangqi table opens at the Go
/// table (Ctrl+Z brings the Go game before it back), a move list and a board drawn in
/// text paste at the Go table, a bad paste is a message and the game stays, Ctrl+E
/// copies the game as SGF with its comment-free moves and Ctrl+Shift+E the board as
/// text that pastes back, an `.sgf` file opens, and a PNG of the goban is exported.
#[test]
fn go_games_paste_copy_open_and_export() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::GoTable;
    let mut t = Test::new("go-files");
    t.set_lang_en();
    let kind = |t: &Test| *t.app.world().resource::<State<GameKind>>().get();
    let moves = |t: &Test| t.app.world().resource::<GoTable>().game().moves().len();
    // An SGF pasted while Xiangqi is played: the table turns to Go.
    t.set_clipboard(Some(
        "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[cc];B[gg])",
    ));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(kind(&t), GameKind("go"));
    assert_eq!(moves(&t), 3);
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.size(), 9);
    assert_eq!(table.game().rules().name, "japanese");
    assert_eq!(table.game().rules().komi, 6.5);
    let said = t.notices();
    assert!(
        said.iter().any(|n| n
            .text
            .starts_with("Opened the clipboard: a Go game of 3 moves")),
        "{said:?}"
    );
    // The Xiangqi game was not touched.
    assert_eq!(t.plies(), 0);
    // Ctrl+Z: the Go game before the paste (a new 19×19 board).
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(moves(&t), 0);
    assert_eq!(t.app.world().resource::<GoTable>().size(), 19);
    // A move list: on the table's board when the points fit.
    t.set_clipboard(Some("1. D4 Q16 2. C3 pass"));
    t.ctrl(KeyCode::KeyI);
    assert_eq!(moves(&t), 4);
    assert_eq!(t.app.world().resource::<GoTable>().size(), 19);
    // Ctrl+Shift+E: the board as text, which pastes back as the same board.
    t.ctrl_shift(KeyCode::KeyE);
    let board = t.clipboard().unwrap();
    assert!(board.ends_with("to-move black\n"), "{board}");
    assert_eq!(board.lines().count(), 20);
    let before = *t
        .app
        .world()
        .resource::<GoTable>()
        .game()
        .position()
        .board();
    t.notices();
    t.ctrl(KeyCode::KeyI);
    let said = t.notices();
    assert!(
        said.iter().any(|n| n.text.contains("a Go game of 0 moves")),
        "{said:?}"
    );
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.game().position().board(), &before);
    assert_eq!(table.game().position().to_move(), xiangqi::go::Color::Black);
    // Ctrl+Z, and Ctrl+E: the game as SGF, read back with its four moves.
    t.ctrl(KeyCode::KeyZ);
    t.ctrl(KeyCode::KeyE);
    let sgf = t.clipboard().unwrap();
    let back = &xiangqi::go::sgf::read(&sgf).unwrap()[0];
    assert_eq!(
        back.replay(&back.main_line()).unwrap().moves().len(),
        4,
        "{sgf}"
    );
    // A move the rules refuse: said, and the game stays.
    t.set_clipboard(Some("D4 D4"));
    t.ctrl(KeyCode::KeyI);
    let said = t.notices();
    assert!(
        said.iter()
            .any(|n| n.warning && n.text.contains("move 2: D4 is taken")),
        "{said:?}"
    );
    assert_eq!(moves(&t), 4);
    // A file.
    let file = t.dirs.data.join("game.sgf");
    std::fs::create_dir_all(&t.dirs.data).unwrap();
    std::fs::write(&file, "(;GM[1]SZ[13];B[dd];W[jj])").unwrap();
    t.send(xiangqi::app::messages::Import::File(file));
    assert_eq!(t.app.world().resource::<GoTable>().size(), 13);
    assert_eq!(moves(&t), 2);
    // The goban as a picture.
    let path = t.exported_png();
    assert!(path.contains("/go-"), "{path}");
    assert!(std::fs::read(path).unwrap().starts_with(b"\x89PNG"));
}

/// A Go autosave that does not read (cut short, or empty) is kept aside with the reason,
/// as Xiangqi's is: the player is told, a new Go game is played, and the next write does
/// not destroy the old file. (An empty file once panicked the start.)
#[test]
fn a_damaged_go_autosave_is_kept_aside_and_said() {
    use xiangqi::app::go::GoTable;
    for (name, junk) in [("cut", "(;GM[1]SZ[9];B[ee];W[c"), ("empty", "")] {
        let dirs = home(&format!("go-autosave-{name}"));
        std::fs::create_dir_all(&dirs.data).unwrap();
        let file = dirs.data.join("go-autosave.sgf");
        std::fs::write(&file, junk).unwrap();
        let mut t = start(&dirs);
        t.set_lang_en();
        let said: Vec<String> = t.notices().into_iter().map(|n| n.text).collect();
        assert!(
            said.iter()
                .any(|s| s.starts_with("Could not resume the last game") && s.contains("kept as")),
            "{name}: {said:?}"
        );
        assert!(
            t.app
                .world()
                .resource::<GoTable>()
                .game()
                .moves()
                .is_empty()
        );
        let kept: Vec<_> = std::fs::read_dir(&dirs.data)
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("go-autosave.sgf.damaged")
            })
            .collect();
        assert_eq!(kept.len(), 1, "{name}: the damaged file kept aside");
        assert_eq!(std::fs::read_to_string(kept[0].path()).unwrap(), junk);
    }
}

/// A commented SGF with variations, opened and played on, loses nothing: the autosave
/// holds every node and comment of the file beside the moves played (a new variation),
/// and after a restart the game comes back with them.
#[test]
fn a_go_file_with_comments_and_variations_keeps_them_through_play_and_restart() {
    use xiangqi::app::go::{GoComment, GoTable};
    use xiangqi::go::sgf;
    let dirs = home("go-tree");
    let path = std::path::Path::new("tests/data/sgf/commented.sgf");
    let original = &sgf::read(&sgf::decode(&std::fs::read(path).unwrap())).unwrap()[0];
    let comments = |g: &sgf::SgfGame| g.nodes.iter().filter(|n| !n.comment.is_empty()).count();
    assert!(comments(original) > 0, "the file has comments");
    let file = dirs.data.join("autosave-go-tree.sgf");
    {
        let mut t = start(&dirs);
        t.send(xiangqi::app::messages::Import::File(path.to_path_buf()));
        let moves = t.app.world().resource::<GoTable>().game().moves().len();
        assert_eq!(moves, original.main_line().len() - 1);
        // Nine moves back, a comment, and another move there: a new variation.
        for _ in 0..9 {
            t.send(Action::ReviewBack);
        }
        t.send(GoComment("我的注释 mine".into()));
        let table = t.app.world().resource::<GoTable>();
        let free = table
            .game()
            .legal_points()
            .into_iter()
            .next()
            .expect("a free point");
        let at = xiangqi::app::go::view::world_at(free, table.size());
        t.send(xiangqi::app::messages::BoardPointer {
            press: xiangqi::app::messages::BoardPress::LeftDown,
            at: Some(at),
        });
        assert_eq!(
            t.app.world().resource::<GoTable>().variations().0.len(),
            2,
            "a variation beside the file's move"
        );
        let saved = dirs.data.join("go-autosave.sgf");
        let waited = std::time::Instant::now();
        let text = loop {
            let text = std::fs::read_to_string(&saved).unwrap_or_default();
            // The comment and the move are two writes: wait for the second.
            let nodes = sgf::read(&text).map_or(0, |g| g[0].nodes.len());
            if (text.contains("mine") && nodes > original.nodes.len())
                || waited.elapsed().as_secs() > 10
            {
                break text;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        std::fs::write(&file, &text).unwrap();
        let back = &sgf::read(&text).unwrap()[0];
        assert_eq!(comments(back), comments(original) + 1, "every comment kept");
        assert_eq!(back.nodes.len(), original.nodes.len() + 1);
        assert_eq!(back.main_line().len(), original.main_line().len());
        // Everything else of the file is as it was: the root's information, and each
        // node's move and comment (the new move among them, numbered where it is
        // written).
        assert_eq!(back.tag("PB"), Some("黑方"));
        let shape = |g: &sgf::SgfGame| {
            let mut nodes: Vec<String> = g
                .nodes
                .iter()
                .map(|n| format!("{:?} {} {}", n.mv, n.comment, n.children.len()))
                .collect();
            nodes.sort();
            nodes
        };
        let mut edited = original.clone();
        let commented = edited.main_line()[9];
        edited.nodes[commented].comment = "我的注释 mine".into();
        edited.nodes[commented].children.push(usize::MAX);
        let new = back
            .nodes
            .iter()
            .find(|n| {
                n.children.is_empty()
                    && n.comment.is_empty()
                    && n.mv.is_some_and(|(c, _)| c == xiangqi::go::Color::White)
                    && !original.nodes.iter().any(|o| o.mv == n.mv)
            })
            .expect("the new move");
        edited.nodes.push(new.clone());
        assert_eq!(shape(back), shape(&edited));
    }
    let t = start(&dirs);
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.record().nodes.len(), original.nodes.len() + 1);
}

/// The Go clock: a game with 2 s a side and no increment; black's move starts white's
/// time, Ctrl+Z gives it back and stops it, and when white lets it run out black wins on
/// time; a 10+5 game keeps its clock through the autosave and a restart.
#[test]
fn the_go_clock_runs_after_a_move_falls_and_is_kept() {
    use std::time::Duration;
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::Point;
    let dirs = home("go-clock");
    let click = |t: &mut Test, name: &str| {
        let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
        t.send(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(at),
        });
    };
    {
        let mut t = start(&dirs);
        t.send(Action::SwitchGame(GameKind("go")));
        let setup = GoSetup {
            time: Some("0:02+0".parse().unwrap()),
            ..GoSetup::of(9, 0)
        };
        t.send(Action::own(GoCommand::New(setup)));
        let running = |t: &Test| {
            t.app
                .world()
                .resource::<GoTable>()
                .clock()
                .unwrap()
                .running()
        };
        assert_eq!(running(&t), None, "the clock waits for the first move");
        click(&mut t, "E5");
        assert_eq!(
            running(&t),
            Some(xiangqi::go::Color::White),
            "white's time runs"
        );
        t.ctrl(KeyCode::KeyZ);
        assert_eq!(running(&t), None);
        click(&mut t, "E5");
        let waited = std::time::Instant::now();
        while t.app.world().resource::<GoTable>().result().is_none()
            && waited.elapsed() < Duration::from_secs(10)
        {
            std::thread::sleep(Duration::from_millis(20));
            t.app.update();
        }
        assert_eq!(t.app.world().resource::<GoTable>().result(), Some("B+T"));
        assert!(waited.elapsed() >= Duration::from_millis(1900));
        // A game of 10 minutes and 5 seconds a move, one move played.
        let setup = GoSetup {
            time: Some("10+5".parse().unwrap()),
            ..GoSetup::of(9, 0)
        };
        t.send(Action::own(GoCommand::New(setup)));
        click(&mut t, "C3");
        let saved = dirs.data.join("go-autosave.sgf");
        let waited = std::time::Instant::now();
        let text = loop {
            let text = std::fs::read_to_string(&saved).unwrap_or_default();
            if text.contains(";B[cg]") || waited.elapsed().as_secs() > 10 {
                break text;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            text.contains("TM[600]") && text.contains("XC[10+5]"),
            "{text}"
        );
        assert!(
            text.contains("BL[605"),
            "black's 10 minutes and 5 s: {text}"
        );
    }
    let t = start(&dirs);
    let table = t.app.world().resource::<GoTable>();
    let clock = table.clock().expect("the clock kept");
    assert_eq!(clock.controls().to_string(), "10+5");
    assert_eq!(
        clock.left(xiangqi::go::Color::Black),
        Duration::from_secs(605)
    );
    assert_eq!(clock.running(), None, "it waits for the next move");
}

/// The table opens at the game it was playing when the game closed, also when the
/// settings file is read before the games are added, as the program does (issue 91).
#[test]
fn the_table_opens_at_the_game_it_was_playing() {
    use xiangqi::app::GameKind;
    let dirs = home("go-table-kept");
    {
        let mut t = start(&dirs);
        t.send(Action::SwitchGame(GameKind("go")));
        t.send(AppExit::Success);
    }
    let t = start(&dirs);
    assert_eq!(
        *t.app.world().resource::<State<GameKind>>().get(),
        GameKind("go")
    );
    let text = std::fs::read_to_string(dirs.settings()).unwrap();
    assert!(text.contains("table: \"go\""), "{text}");
    // In the program's order: the settings file read, then the games added.
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<KeyboardInput>()
        .add_message::<FileDragAndDrop>()
        .insert_resource(DataDirs(Some(dirs.clone())))
        .add_plugins(files_plugin)
        .add_plugins(core_plugin);
    app.update();
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind("go"),
        "the program's order opens at Go too"
    );
}

/// Go's slots are the table's: Ctrl+S at the Go table saves the game as SGF in a Go slot
/// (the Xiangqi slots untouched), Ctrl+L loads it back in place of a new game (Ctrl+Z
/// takes that back), the dialog saves to, loads, renames and lists any slot with its
/// size, moves and side to play, and Export writes an SGF file.
#[test]
fn go_slots_save_load_and_export() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::Point;
    let mut t = Test::new("go-slots");
    t.set_lang_en();
    t.send(Action::SwitchGame(GameKind("go")));
    t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    for name in ["E5", "C3", "G7"] {
        let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
        t.send(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(at),
        });
    }
    t.notices();
    t.ctrl(KeyCode::KeyS);
    assert_eq!(t.said(false), "Saved to slot 1");
    let slot = t.dirs.slots().join("go-1.sgf");
    let text = std::fs::read_to_string(&slot).unwrap();
    assert!(
        text.contains(";B[ee];W[cg];B[gc]") && text.contains("DT["),
        "{text}"
    );
    assert!(
        !t.dirs.slots().join("slot-1.pgn").exists(),
        "no Xiangqi slot written"
    );
    // The table's dialog lists it as any game's slot.
    t.ctrl_shift(KeyCode::KeyS);
    assert!(
        t.app.world().resource::<Overlay>().slots,
        "the dialog opens"
    );
    let listed = t.app.world().resource::<SlotList>().0.clone();
    let Listed::Saved(first) = &listed[0] else {
        panic!("{listed:?}")
    };
    let said = (first.said)(xiangqi::i18n::Lang::En);
    assert!(said.starts_with("9×9 · 3 moves · "), "{said}");
    t.ctrl_shift(KeyCode::KeyS);
    let moves = |t: &Test| t.app.world().resource::<GoTable>().game().moves().len();
    t.send(Action::own(GoCommand::New(GoSetup::of(13, 0))));
    t.ctrl(KeyCode::KeyL);
    assert_eq!(moves(&t), 3);
    assert_eq!(t.app.world().resource::<GoTable>().size(), 9);
    assert_eq!(t.said(false), "Loaded slot 1 (Ctrl+Z takes it back)");
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(t.app.world().resource::<GoTable>().size(), 13);
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Save,
    });
    t.send(SlotCommand {
        slot: 3,
        op: SlotOp::Rename("星位".into()),
    });
    assert_eq!(t.said(false), "Slot 3 renamed");
    let listed = t.app.world().resource::<SlotList>().0.clone();
    assert!(
        matches!(&listed[2], Listed::Saved(g) if g.name.as_deref() == Some("星位")),
        "{listed:?}"
    );
    t.send(SlotCommand {
        slot: 1,
        op: SlotOp::Load,
    });
    assert_eq!(moves(&t), 3);
    t.notices();
    t.send(Action::ExportRecord);
    let said = t.said(false);
    let path = said.strip_prefix("Game exported to ").unwrap();
    assert!(path.ends_with(".sgf"), "{path}");
    let back = &xiangqi::go::sgf::read(&std::fs::read_to_string(path).unwrap()).unwrap()[0];
    assert_eq!(back.main_line().len(), 4);
}

/// What Xiangqi's slots always did, Go's do through the same service (issue 55): a slot
/// file that does not read is listed damaged with the reader's reason and never written
/// over, and the slot in use is remembered in the settings file, per game.
#[test]
fn go_slots_keep_a_damaged_file_and_remember_the_slot_in_use() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup};
    let dirs = home("go-slots-kept");
    {
        let mut t = start(&dirs);
        t.set_lang_en();
        t.send(Action::SwitchGame(GameKind("go")));
        t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
        std::fs::create_dir_all(dirs.slots()).unwrap();
        let junk = "(;GM[1]SZ[9];B[ee";
        std::fs::write(dirs.slots().join("go-2.sgf"), junk).unwrap();
        t.ctrl_shift(KeyCode::KeyS);
        let listed = t.app.world().resource::<SlotList>().0.clone();
        assert!(matches!(&listed[1], Listed::Damaged(_)), "{listed:?}");
        t.notices();
        t.send(SlotCommand {
            slot: 2,
            op: SlotOp::Save,
        });
        let said = t.said(true);
        assert!(said.starts_with("Slot 2: the file is damaged"), "{said}");
        assert_eq!(
            std::fs::read_to_string(dirs.slots().join("go-2.sgf")).unwrap(),
            junk
        );
        t.send(SlotCommand {
            slot: 4,
            op: SlotOp::Save,
        });
        assert_eq!(t.app.world().resource::<CurrentSlot>().of("go"), Some(4));
        assert_eq!(t.app.world().resource::<CurrentSlot>().of("xiangqi"), None);
        std::thread::sleep(std::time::Duration::from_millis(600));
        t.app.update();
    }
    let t = start(&dirs);
    assert_eq!(t.app.world().resource::<CurrentSlot>().of("go"), Some(4));
    let text = std::fs::read_to_string(dirs.settings()).unwrap();
    assert!(text.contains("\"go\": 4"), "{text}");
}

/// GNU Go at the Go table: it answers black's move as white, Ctrl+Z takes back both
/// moves, and in the count it gives its opinion of the dead stones (one undoable step).
#[test]
fn gnu_go_plays_white_and_judges_the_dead_stones() {
    use std::time::{Duration, Instant};
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::{Color, Point};
    assert!(
        xiangqi::engine::gtp::find_gnugo().is_some(),
        "GNU Go is installed (apt-get install gnugo)"
    );
    let mut t = Test::new("gnugo");
    t.send(Action::SwitchGame(GameKind("go")));
    t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    t.send(Action::own(GoCommand::Computer(Some(Color::White))));
    let click = |t: &mut Test, name: &str| {
        let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
        t.send(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(at),
        });
    };
    let moves = |t: &Test| t.app.world().resource::<GoTable>().game().moves().len();
    let until = |t: &mut Test, what: &str, done: &dyn Fn(&Test) -> bool| {
        let start = Instant::now();
        while !done(t) {
            assert!(start.elapsed() < Duration::from_secs(60), "{what}");
            std::thread::sleep(Duration::from_millis(20));
            t.app.update();
        }
    };
    click(&mut t, "E5");
    until(&mut t, "GNU Go answers", &|t| moves(t) == 2);
    let table = t.app.world().resource::<GoTable>();
    assert_eq!(table.game().position().to_move(), Color::Black);
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(
        moves(&t),
        0,
        "the player's move and GNU Go's answer taken back"
    );
    // Two people again; a lone white stone in black's corner, and the count.
    t.send(Action::own(GoCommand::Computer(None)));
    for m in [
        "C9", "A9", "C8", "pass", "C7", "pass", "B7", "pass", "A7", "pass", "pass",
    ] {
        if m == "pass" {
            t.send(Action::own(GoCommand::Pass));
        } else {
            click(&mut t, m);
        }
    }
    assert!(t.app.world().resource::<GoTable>().counting().is_some());
    t.send(Action::own(GoCommand::AskDead));
    let a9 = Point::from_gtp("A9", 9).unwrap();
    let dead = |t: &Test| {
        t.app
            .world()
            .resource::<GoTable>()
            .counting()
            .map(|c| c.dead.clone())
    };
    // Its answer is one step of the count (the playouts' suggestion is none).
    let steps = |t: &Test| {
        t.app
            .world()
            .resource::<GoTable>()
            .counting()
            .map_or(0, |c| c.steps())
    };
    until(&mut t, "GNU Go's dead stones", &|t| steps(t) == 1);
    assert!(dead(&t).unwrap().contains(&a9), "{:?}", dead(&t));
    t.ctrl(KeyCode::KeyZ);
    assert_eq!(steps(&t), 0, "Ctrl+Z takes back GNU Go's opinion");
    assert!(dead(&t).is_some(), "the count stays open");
}

/// A puzzle for black turns the board while it is trained on, but the settings file
/// keeps the player's own way up (a quit in the middle of a puzzle does not leave the
/// board turned); leaving the training turns it back.
#[test]
fn a_puzzle_for_black_turns_the_board_but_not_the_settings_file() {
    use xiangqi::app::xiangqi::train::{TrainCommand, Training};
    let mut test = Test::new("train-flip");
    // Black's two rooks: the mirror of a red mate in two.
    let puzzle = xiangqi::games::xiangqi::puzzles::parse(
        "b1\ttest\t\tr2k5/r8/9/9/9/9/9/9/9/4K4 b - - 0 1\ta8e8 e0f0 e8e1\n",
    )
    .unwrap()
    .remove(0);
    xiangqi::games::xiangqi::puzzles::verify(&puzzle).unwrap();
    let index = xiangqi::games::xiangqi::puzzles::collection().len();
    test.app
        .world_mut()
        .resource_mut::<Training>()
        .found
        .push(puzzle);
    test.app
        .world_mut()
        .write_message(Action::own(TrainCommand::Open(Some(index))));
    test.app.update();
    test.app.update();
    assert!(test.app.world().resource::<Settings>().flipped);
    // The settings are written half a second after a change.
    std::thread::sleep(std::time::Duration::from_millis(600));
    test.app.update();
    let written = std::fs::read_to_string(test.dirs.settings()).expect("settings written");
    let prefs = Preferences::from_text(&written).unwrap();
    assert!(!prefs.settings.flipped, "{written}");
    test.app
        .world_mut()
        .write_message(Action::own(TrainCommand::Leave));
    // The mode is left at the next frame's state transition.
    test.app.update();
    test.app.update();
    assert!(!test.app.world().resource::<Settings>().flipped);
}

/// The clipboard and the pictures ask the game on the table: at Go, Ctrl+E copies the
/// game as SGF and Ctrl+Shift+E the board, a PNG is the goban's; back at Xiangqi, the
/// same keys copy its FEN and PGN and the PNG is its board.
#[test]
fn copies_and_pictures_are_the_games_on_the_table() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup};
    let mut t = Test::new("copies-by-table");
    t.set_lang_en();
    t.play("h2e2");
    t.send(Action::SwitchGame(GameKind("go")));
    t.send(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    t.send(Action::own(GoCommand::Pass));
    t.ctrl(KeyCode::KeyE);
    let sgf = t.clipboard().unwrap();
    assert!(sgf.starts_with("(;") && sgf.contains("SZ[9]"), "{sgf}");
    t.ctrl_shift(KeyCode::KeyE);
    let board = t.clipboard().unwrap();
    assert!(board.contains("to-move"), "{board}");
    let named = |png: String| {
        let name = std::path::Path::new(&png).file_name().unwrap();
        name.to_string_lossy().split('-').next().unwrap().to_owned()
    };
    assert_eq!(named(t.exported_png()), "go");
    t.send(Action::SwitchGame(GameKind("xiangqi")));
    t.ctrl(KeyCode::KeyE);
    assert_eq!(t.clipboard().as_deref(), Some(AFTER_H2E2));
    assert_eq!(named(t.exported_png()), "xiangqi");
}

/// A puzzle opened over a game in progress never stands in for it in the autosave: the
/// app ending while the puzzle is shown (dropped, or quit) resumes the game, and a
/// move in the puzzle writes nothing over it.
#[test]
fn the_autosave_keeps_the_game_while_a_puzzle_is_shown() {
    use xiangqi::app::xiangqi::model::Mode;
    use xiangqi::app::xiangqi::train::TrainCommand;
    let dirs = home("autosave-puzzle");
    for quit in [false, true] {
        let game;
        {
            let mut t = start(&dirs);
            t.ctrl(KeyCode::KeyR);
            t.play("h2e2 h9g7");
            game = t.fen();
            t.send(Action::own(TrainCommand::Open(Some(0))));
            assert_eq!(*t.app.world().resource::<State<Mode>>().get(), Mode::Train);
            assert_ne!(t.fen(), game, "the puzzle is on the board");
            // A move tried in the puzzle.
            let legal = t
                .app
                .world()
                .resource::<Model>()
                .shown_position()
                .legal_moves()[0];
            t.play(&legal.to_string());
            if quit {
                t.send(AppExit::Success);
            }
        }
        let text = std::fs::read_to_string(dirs.autosave()).unwrap();
        let kept = Session::from_snapshot(&text).unwrap();
        assert_eq!(
            kept.shown_position().to_fen(),
            game,
            "the game in progress (quit: {quit})"
        );
        let t = start(&dirs);
        assert_eq!(t.fen(), game, "resumed (quit: {quit})");
    }
}
