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
    folders(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
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
