//! Figures for collections of any size, each beside its anchor in the same run: one
//! file of every game of the shared master subset (Big5) and then the first of them
//! again in UTF-8, up to 30 MB, read and imported game by game, against the same games
//! read and imported a file a game; and the peak memory of the import (the `xiangqi`
//! binary, its resident high-water mark) for half the file and the whole file: flat in
//! the file's size.
//!
//! `cargo bench --bench collections` finds the subset as the tests do
//! (`../shared/data/ccpd/ccpd-subset.tar.xz`, or `XIANGQI_CCPD=FILE`); without it, it
//! says so and measures nothing.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use xiangqi::collection::Games;
use xiangqi::rules::read::read_games_bytes;

#[path = "../tests/common/subset.rs"]
mod subset;

/// Runs `xiangqi ARGS`: its time, and its peak memory of its own (anonymous: what it
/// allocated, not the pages of the binary it ran, which the kernel shares and drops at
/// will; read every 5 ms until it exits) and its peak resident set (both).
fn run(args: &[&std::ffi::OsStr]) -> (Duration, u64, u64) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let (mut anon, mut peak) = (0, 0);
    let kb = |text: &str, field: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    loop {
        if let Ok(text) = std::fs::read_to_string(&status) {
            anon = anon.max(kb(&text, "RssAnon:").unwrap_or(0));
            peak = peak.max(kb(&text, "VmHWM:").unwrap_or(0));
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (started.elapsed(), anon * 1024, peak * 1024)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

fn main() {
    // `cargo test --benches` runs benches as tests: nothing to measure then.
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    let Some(tarball) = subset::tarball() else {
        println!("collections: the master subset is not on this machine: nothing measured");
        return;
    };
    let dir = subset::unpacked(&tarball);
    let paths = subset::game_files(&dir);
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let (whole, half) = (
        tmp.join("bench-collection-30mb.pgn"),
        tmp.join("bench-collection-15mb.pgn"),
    );
    subset::collection(&paths, paths.len(), 30 << 20, &whole);
    subset::collection(&paths, paths.len() / 2, 15 << 20, &half);
    let size = std::fs::metadata(&whole).unwrap().len();

    // Reading: the one file game by game, against the files one by one.
    let started = Instant::now();
    let streamed = Games::open(&whole)
        .unwrap()
        .filter(|e| e.game.is_ok())
        .count();
    let stream_time = started.elapsed();
    let started = Instant::now();
    let mut alone = 0;
    for p in &paths {
        if let Ok(games) = read_games_bytes(&std::fs::read(p).unwrap()) {
            alone += games.iter().filter(|g| g.is_ok()).count();
        }
    }
    let alone_time = started.elapsed();
    println!(
        "collection: {:.1} MB, {} games read of it; the subset: {} files, {alone} games read",
        mb(size),
        streamed,
        paths.len()
    );
    println!(
        "read:   one file, game by game   {:>7.0} games/s   (anchor: a file a game {:>7.0} games/s)",
        streamed as f64 / stream_time.as_secs_f64(),
        alone as f64 / alone_time.as_secs_f64()
    );

    // Importing, in the binary as a player runs it: time and peak memory.
    let db = |name: &str| {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        for end in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{end}", path.display()));
        }
        path
    };
    let import = |db: &Path, what: &Path| {
        run(&[
            "library".as_ref(),
            "import".as_ref(),
            "--db".as_ref(),
            db.as_os_str(),
            what.as_os_str(),
        ])
    };
    let (one_time, one_anon, one_rss) = import(&db("bench-one.sqlite"), &whole);
    let (folder_time, folder_anon, folder_rss) =
        import(&db("bench-folder.sqlite"), &dir.join("Dataset"));
    let (_, half_anon, half_rss) = import(&db("bench-half.sqlite"), &half);
    println!(
        "import: one file of {:.1} MB      {:>7.0} games/s, peak {:>5.1} MB its own ({:.1} MB resident)   (anchor: the folder, a file a game: {:>7.0} games/s, peak {:>5.1} MB its own ({:.1} MB resident))",
        mb(size),
        streamed as f64 / one_time.as_secs_f64(),
        mb(one_anon),
        mb(one_rss),
        alone as f64 / folder_time.as_secs_f64(),
        mb(folder_anon),
        mb(folder_rss)
    );
    let half_size = std::fs::metadata(&half).unwrap().len();
    println!(
        "memory: its own {:>5.1} MB for {:.1} MB, {:>5.1} MB for {:.1} MB: {:.2}x the memory for {:.2}x the file (resident: {:.1} and {:.1} MB)",
        mb(one_anon),
        mb(size),
        mb(half_anon),
        mb(half_size),
        one_anon as f64 / half_anon.max(1) as f64,
        size as f64 / half_size as f64,
        mb(one_rss),
        mb(half_rss)
    );
}
