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
        let mut child = Command::new(&me)
            .args(["--exact", "save_burst_child", "--ignored", "--nocapture"])
            .env(CHILD_DIR, &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Different moments in the write cycle each round.
        std::thread::sleep(Duration::from_millis(40 + (round * 37) % 150));
        // Child::kill is SIGKILL on Unix: no destructor, no flush, as a crash.
        child.kill().unwrap();
        child.wait().unwrap();
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
