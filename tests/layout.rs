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
