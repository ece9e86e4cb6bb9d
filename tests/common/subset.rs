//! The shared master subset (`../shared/data/ccpd/`, 21,635 Big5 files, CC BY 4.0):
//! found, unpacked once under the target folder, its game files listed, and put together
//! into one collection. Shared by the tests (through `common`) and
//! `benches/collections.rs` (by path: no test helpers of the window come with it).
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

/// The subset's tarball, where this machine has it: `XIANGQI_CCPD`, else beside the
/// clone (`../shared/data/ccpd/`, as the README's layout has it). No path of one
/// machine: a clone elsewhere says where with the variable.
pub fn tarball() -> Option<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::env::var_os("XIANGQI_CCPD")
        .map(PathBuf::from)
        .into_iter()
        .chain([manifest.join("../shared/data/ccpd/ccpd-subset.tar.xz")])
        .find(|p| p.is_file())
}

/// `tarball` unpacked once under the target folder: the folder holding `Dataset/`.
pub fn unpacked(tarball: &Path) -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("ccpd");
    let done = dir.join("unpacked");
    if !done.exists() {
        // Tests call this side by side: each unpacks into a folder of its own and the
        // first to finish moves it into place (two tars in one folder trip each other).
        static TRIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = TRIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let work = tmp.join(format!("ccpd-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work).unwrap();
        let ok = std::process::Command::new("tar")
            .arg("-xJf")
            .arg(tarball)
            .arg("-C")
            .arg(&work)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "tar -xJf {} failed", tarball.display());
        std::fs::write(work.join("unpacked"), b"").unwrap();
        if !done.exists() {
            // A folder left half unpacked by a run cut short.
            let _ = std::fs::remove_dir_all(&dir);
        }
        if std::fs::rename(&work, &dir).is_err() {
            // Another test moved its folder first.
            let _ = std::fs::remove_dir_all(&work);
        }
        assert!(done.exists(), "{} unpacked", dir.display());
    }
    dir
}

/// The PGN files under the unpacked subset's `Dataset/`, sorted.
pub fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.join("Dataset")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// One file at `out` of the first `big5` of `files` as they are (Big5), then the first
/// of them again in UTF-8 (a file put together from two sources) until it is `goal`
/// bytes. Returns how many went in again in UTF-8.
pub fn collection(files: &[PathBuf], big5: usize, goal: usize, out: &Path) -> usize {
    let mut file = std::io::BufWriter::new(std::fs::File::create(out).unwrap());
    let mut size = 0;
    for f in &files[..big5] {
        let bytes = std::fs::read(f).unwrap();
        size += bytes.len() + 1;
        file.write_all(&bytes).unwrap();
        file.write_all(b"\n").unwrap();
    }
    let mut again = 0;
    for f in files {
        if size >= goal {
            break;
        }
        let bytes = std::fs::read(f).unwrap();
        let (text, _, _) = encoding_rs::BIG5.decode(&bytes);
        size += text.len() + 1;
        file.write_all(text.as_bytes()).unwrap();
        file.write_all(b"\n").unwrap();
        again += 1;
    }
    file.flush().unwrap();
    again
}
