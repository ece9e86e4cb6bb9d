//! The source stays in rooms: no folder of `src/` holds more than 12 Rust files, so that
//! what a room is for can be read from its listing.

use std::path::{Path, PathBuf};

const MOST: usize = 12;

fn folders(dir: &Path, out: &mut Vec<(PathBuf, usize)>) {
    let mut rust = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            folders(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            rust += 1;
        }
    }
    out.push((dir.to_owned(), rust));
}

#[test]
fn no_folder_of_src_holds_more_than_twelve_rust_files() {
    let mut found = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    folders(&root.join("src"), &mut found);
    folders(&root.join("crates/table/src"), &mut found);
    assert!(
        found.len() > 5,
        "the folders of src/ were walked: {found:?}"
    );
    let crowded: Vec<_> = found.iter().filter(|(_, n)| *n > MOST).collect();
    assert!(
        crowded.is_empty(),
        "more than {MOST} Rust files: {crowded:?}"
    );
}

/// Every Rust file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The calls that put bytes in a file or move one.
const WRITES: [&str; 7] = [
    "fs::write(",
    "File::create(",
    "File::options(",
    "OpenOptions",
    "fs::copy(",
    "fs::rename(",
    "set_len(",
];

/// The rule of the disk: every file the program writes goes through
/// `storage::atomic_write` (a temporary file, flushed, renamed, the folder flushed), so
/// a crash leaves the old file or the new one. Only `src/storage.rs` may touch the
/// disk's writing calls; tests (a file's `#[cfg(test)]` part) may write as they like.
#[test]
fn only_storage_writes_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    assert!(files.len() > 50, "the sources were walked: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        if file.ends_with("src/storage.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        // The tests at the end of a file may write their fixtures directly.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            if let Some(call) = WRITES.iter().find(|w| line.contains(*w)) {
                found.push(format!("{}:{}: {call}", file.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "files written without storage::atomic_write: {found:#?}"
    );
}

/// The lines of the files under `dir` (relative to `src/app`) that name a game's own
/// module, outside their tests.
fn game_mentions(dir: &str) -> Vec<String> {
    mentions(dir, &["app::xiangqi", "app::go::", "app::go;"])
}

/// The lines of the files under `dir` (relative to `src/app`) that hold one of `words`,
/// outside their tests and comments.
fn mentions(dir: &str, words: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The shared layer is the table's crate; the games' rooms are the program's.
    let shared = [
        "shell",
        "store",
        "panel",
        "actions.rs",
        "schedule.rs",
        "messages.rs",
    ];
    let top = dir.split('/').next().unwrap_or(dir);
    let root = if shared.contains(&top) {
        root.join("crates/table/src").join(dir)
    } else {
        root.join("src/app").join(dir)
    };
    assert!(root.exists(), "{} is there", root.display());
    let mut files = Vec::new();
    if root.is_dir() {
        rust_files(&root, &mut files);
    } else {
        files.push(root);
    }
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            if words.iter().any(|w| line.contains(w)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

/// The seam (issue 38): the shell, the store and the panel know no game. Each game keeps
/// its own files, draws its own part of the panel, adds its own menu items and settings
/// rows; the clipboard and the pictures ask the game on the table. (Before the seam,
/// store/ and panel/ named a game on 53 lines, the shell on 7.)
#[test]
fn the_shell_the_store_and_the_panel_name_no_game() {
    let mut found = game_mentions("shell");
    for shared in ["store", "panel", "actions.rs", "schedule.rs", "messages.rs"] {
        found.extend(game_mentions(shared));
    }
    assert!(found.is_empty(), "a game named: {found:#?}");
}

/// A game knows the table, not the other game: Xiangqi's rooms name nothing of Go's and
/// Go's nothing of Xiangqi's (what both use, as the board's look, is the shell's).
#[test]
fn no_game_names_another() {
    let mut found = mentions("xiangqi", &["app::go::", "app::go;", "GoTable"]);
    found.extend(mentions("go", &["app::xiangqi"]));
    assert!(found.is_empty(), "a game named by another: {found:#?}");
}

/// Which game is on the table is a name each game gives itself (`TableGame::SLUG`):
/// nothing outside the seam makes one up or branches on one (`GameKind("go")`), so a
/// third game is one module implementing the trait and one line adding it.
#[test]
fn no_table_is_named_outside_the_seam() {
    let mut found = Vec::new();
    for dir in [
        "xiangqi",
        "go",
        "store",
        "panel",
        "actions.rs",
        "messages.rs",
        "mod.rs",
    ] {
        found.extend(mentions(dir, &["GameKind(", "GameKind::"]));
    }
    found.extend(mentions("icon.rs", &["GameKind(", "GameKind::"]));
    for file in ["input.rs", "stage.rs", "model.rs", "toggles.rs", "audio.rs"] {
        found.extend(mentions(
            &format!("shell/{file}"),
            &["GameKind(", "GameKind::"],
        ));
    }
    assert!(
        found.is_empty(),
        "a table named outside the seam: {found:#?}"
    );
}

/// Each game's pure parts (`src/games/`: Xiangqi's session, review, editor and puzzles,
/// Go's session) and the clock they share hold no Bevy, no files and no clock of their
/// own: the table hands them what happened and the time that passed, so they are tested
/// as plain data.
#[test]
fn the_games_pure_parts_know_no_bevy_no_files_no_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("games"), &mut files);
    files.push(root.join("clock.rs"));
    assert!(files.len() >= 20, "the pure parts were walked: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in ["bevy", "egui", "fs::", "Instant", "SystemTime", "jiff"] {
                if code.contains(word) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "not pure: {found:#?}");
}

/// The shared layer speaks no game's words either (issue 55): the shell, the store and
/// the panel name no game's messages or model by their own names (a game tells its
/// moves as the shell's `GameSaid` and `SoundCue`), and no game's module is re-exported
/// into a shared one (`pub use xiangqi::…` made its types look like the shell's).
#[test]
fn the_shared_layer_names_no_games_types_and_reexports_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut words: Vec<String> = Vec::new();
    for file in [
        "xiangqi/messages.rs",
        "xiangqi/model.rs",
        "go/mod.rs",
        "go/table.rs",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for line in text.lines() {
            let line = line.trim_start();
            for kind in [
                "pub struct ",
                "pub enum ",
                "pub(crate) struct ",
                "pub(crate) enum ",
            ] {
                if let Some(rest) = line.strip_prefix(kind) {
                    let name: String = rest
                        .chars()
                        .take_while(char::is_ascii_alphanumeric)
                        .collect();
                    words.push(name);
                }
            }
        }
    }
    assert!(words.iter().any(|w| w == "MovePlayed") && words.iter().any(|w| w == "GoTable"));
    // A whole word: `Model` is not `BoardModel`.
    let named = |line: &str, word: &str| {
        line.match_indices(word).any(|(at, _)| {
            let before = line[..at].chars().next_back();
            let after = line[at + word.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    };
    let mut found = Vec::new();
    for shared in [
        "shell",
        "store",
        "panel",
        "actions.rs",
        "schedule.rs",
        "messages.rs",
    ] {
        for line in mentions(shared, &[""]) {
            let code = line.splitn(3, ':').nth(2).unwrap_or("");
            if let Some(w) = words.iter().find(|w| named(code, w)) {
                found.push(format!("{line}  ({w})"));
            }
        }
    }
    for line in mentions("mod.rs", &["pub use"]) {
        if line.contains("xiangqi::") || line.contains("go::") {
            found.push(line);
        }
    }
    assert!(
        found.is_empty(),
        "a game's words in the shared layer: {found:#?}"
    );
}

/// The table is a crate of its own (issue 55) that depends on neither game's rules, so
/// the compiler keeps the shell game-neutral: its manifest names no rules crate and its
/// sources name no game's module. (`.ci/run` also checks `cargo tree -p table`.)
#[test]
fn the_table_crate_names_no_rules_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/table");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    for rules in ["xiangqi-rules", "go-rules", "cjk-text"] {
        assert!(!manifest.contains(rules), "crates/table depends on {rules}");
    }
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(
        files.len() > 30,
        "the table's sources were walked: {}",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in [
                "xiangqi_rules",
                "go_rules",
                "crate::rules",
                "crate::go::",
                "app::xiangqi",
                "app::go",
            ] {
                if code.contains(word) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "the table names a game: {found:#?}");
}
