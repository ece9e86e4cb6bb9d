//! Saves survive the worst: a process killed with SIGKILL in the middle of a burst of
//! saves leaves each slot holding either the old game or the new one, never a broken
//! file; the same for the autosave's atomic writes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use xiangqi::rules::Game;
use xiangqi::rules::record::GameRecord;
use xiangqi::slots::{SlotState, SlotStore};
use xiangqi::storage::remove_stale_temporaries;

/// Set in the child: where to save, over and over, until killed.
const CHILD_DIR: &str = "XIANGQI_TEST_SAVE_BURST_DIR";

/// Two games of different lengths, so a torn file could not pass for either.
fn games() -> [Game; 2] {
    let mut short = Game::new();
    short.play("h2e2".parse().unwrap()).unwrap();
    let mut long = Game::new();
    for m in [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2b6", "h7i7", "g3g4", "c9e7",
    ] {
        long.play(m.parse().unwrap()).unwrap();
    }
    [short, long]
}

/// Not a test on its own: the child process of the test below.
#[test]
#[ignore = "run by kill_during_a_burst_of_saves_never_breaks_a_slot"]
fn save_burst_child() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let store = SlotStore::new(PathBuf::from(dir));
    let games = games();
    for i in 0.. {
        store
            .save(1, &GameRecord::new(games[i % 2].clone()))
            .unwrap();
        store
            .save(2, &GameRecord::new(games[(i + 1) % 2].clone()))
            .unwrap();
    }
}

/// Runs the test `child` of this binary with `env` set, and kills it (SIGKILL on Unix:
/// no destructor, no flush, as a crash) at a moment of its writes that differs each
/// `round`.
fn kill_child_during(me: &Path, child: &str, env: (&str, &Path), round: u64) {
    let mut child = Command::new(me)
        .args(["--exact", child, "--ignored", "--nocapture"])
        .env(env.0, env.1)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(40 + (round * 37) % 150));
    child.kill().unwrap();
    child.wait().unwrap();
}

fn plies(store: &SlotStore, slot: usize) -> usize {
    match store.read(slot) {
        SlotState::Saved(info) => info.plies,
        SlotState::Empty => panic!("slot {slot} vanished"),
        SlotState::Damaged(why) => panic!("slot {slot} was broken by the kill: {why}"),
    }
}

fn leftovers(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".tmp")
        })
        .count()
}

#[test]
fn kill_during_a_burst_of_saves_never_breaks_a_slot() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("save-burst");
    let _ = std::fs::remove_dir_all(&dir);
    let store = SlotStore::new(&dir);
    let [short, long] = games();
    store.save(1, &GameRecord::new(short.clone())).unwrap();
    store.save(2, &GameRecord::new(long.clone())).unwrap();
    let me = std::env::current_exe().unwrap();
    let mut kills = 0;
    let mut seen = std::collections::BTreeSet::new();
    for round in 0..25u64 {
        kill_child_during(&me, "saves::save_burst_child", (CHILD_DIR, &dir), round);
        kills += 1;
        for slot in [1, 2] {
            let n = plies(&store, slot);
            assert!(n == 1 || n == 10, "slot {slot} holds {n} plies");
            seen.insert((slot, n));
        }
    }
    assert_eq!(kills, 25);
    assert_eq!(seen.len(), 4, "the child really saved: {seen:?}");
    // A kill between creating and renaming the temporary file may leave one behind;
    // it is never mistaken for a slot, and the next start sweeps it away.
    assert!(leftovers(&dir) <= kills);
    assert!(
        store
            .list()
            .iter()
            .skip(2)
            .all(|s| matches!(s, SlotState::Empty))
    );
    remove_stale_temporaries(&dir, Duration::ZERO);
    assert_eq!(leftovers(&dir), 0);
}

/// Set in the child: the home whose autosave and settings it writes, until killed.
const CHILD_HOME: &str = "XIANGQI_TEST_AUTOSAVE_BURST_DIR";

/// Two sessions as the autosave writes them: a short game, and a long one with a
/// variation, a comment and an undo history, so a torn file could not pass for either.
fn snapshots() -> [String; 2] {
    let mut short = xiangqi::games::xiangqi::session::Session::new();
    short.play("h2e2".parse().unwrap()).unwrap();
    let mut long = xiangqi::games::xiangqi::session::Session::new();
    for m in games()[1].moves() {
        long.play(m).unwrap();
    }
    long.review(2);
    long.play("b0c2".parse().unwrap()).unwrap();
    long.set_comment(long.cursor(), "变着 a line of our own");
    [short.to_snapshot(), long.to_snapshot()]
}

/// Two settings files that differ in every field the game writes often.
fn preferences() -> [xiangqi::settings::Preferences; 2] {
    use xiangqi::settings::{Preferences, Settings};
    let quiet = Preferences {
        settings: Settings {
            sound: false,
            flipped: true,
            ..Settings::default()
        },
        window: Some((1024.0, 768.0)),
        slots: [("xiangqi".to_owned(), 3), ("go".to_owned(), 1)].into(),
        table: "go".into(),
    };
    [Preferences::default(), quiet]
}

/// Not a test on its own: the child process of the test below. It writes as the game
/// does: the autosave through the background writer, the settings file at once.
#[test]
#[ignore = "run by kill_during_autosaves_and_settings_writes_never_breaks_either"]
fn autosave_burst_child() {
    let Some(root) = std::env::var_os(CHILD_HOME) else {
        return;
    };
    let dirs = xiangqi::storage::Dirs::under(Path::new(&root));
    let snapshots = snapshots();
    let prefs = preferences();
    let writer = xiangqi::storage::BackgroundWriter::new();
    for i in 0.. {
        writer.write(dirs.autosave(), snapshots[i % 2].clone().into_bytes());
        prefs[(i + 1) % 2].write(&dirs.settings(), &[]).unwrap();
    }
}

/// A real process killed at random moments while it autosaves and writes its
/// settings: what is on disk always reads, and is the old state or the new one.
#[test]
fn kill_during_autosaves_and_settings_writes_never_breaks_either() {
    use xiangqi::settings::Preferences;
    use xiangqi::storage::{Dirs, read_autosave};
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("autosave-burst");
    let _ = std::fs::remove_dir_all(&root);
    let dirs = Dirs::under(&root);
    let snapshots = snapshots();
    let prefs = preferences();
    xiangqi::storage::atomic_write(&dirs.autosave(), snapshots[0].as_bytes()).unwrap();
    prefs[0].write(&dirs.settings(), &[]).unwrap();
    let me = std::env::current_exe().unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for round in 0..25u64 {
        // The background writer's thread dies mid-write, nothing is flushed.
        kill_child_during(
            &me,
            "saves::autosave_burst_child",
            (CHILD_HOME, &root),
            round,
        );
        let (session, _) = match read_autosave(&dirs.autosave()) {
            Ok(Some(read)) => read,
            Ok(None) => panic!("round {round}: the autosave vanished"),
            Err(damaged) => panic!("round {round}: the autosave was broken: {}", damaged.reason),
        };
        let text = session.to_snapshot();
        let which = snapshots.iter().position(|s| *s == text);
        assert!(
            which.is_some(),
            "round {round}: the autosave is neither state:\n{text}"
        );
        // A file gone would read as the defaults, which are one of the two states.
        assert!(
            dirs.settings().is_file(),
            "round {round}: the settings file vanished"
        );
        let (read, damaged) = Preferences::load(&dirs);
        assert!(
            damaged.is_none(),
            "round {round}: the settings file was broken"
        );
        let setting = prefs.iter().position(|p| *p == read);
        assert!(
            setting.is_some(),
            "round {round}: the settings are neither state: {read:?}"
        );
        seen.insert(("autosave", which));
        seen.insert(("settings", setting));
    }
    assert_eq!(
        seen.len(),
        4,
        "the child really wrote both states of both: {seen:?}"
    );
    xiangqi::storage::remove_stale_temporaries(&dirs.data, Duration::ZERO);
    xiangqi::storage::remove_stale_temporaries(&dirs.config, Duration::ZERO);
}
