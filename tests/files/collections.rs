//! Collections of any size: a file of tens of thousands of games (made from the shared
//! master subset) lists, converts and imports game by game, the same games the one
//! file per game import reads; an import killed inside one big file goes on after its
//! last committed game.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use xiangqi::library::Library;

/// One file of at least 30 MB: every game of the subset as it is (Big5), then the first
/// of them again in UTF-8, up to 30 MB. Returns it and how many went in again.
fn collection(dir: &Path) -> (PathBuf, usize) {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("collection-30mb.pgn");
    let files = subset_files(dir);
    let again = crate::common::subset::collection(&files, files.len(), 30 << 20, &out);
    (out, again)
}

fn subset_files(dir: &Path) -> Vec<PathBuf> {
    crate::common::subset::game_files(dir)
}

fn xiangqi(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_30_mb_collection_lists_converts_and_imports_every_game_the_files_hold() {
    let Some(dir) = crate::common::ccpd_subset() else {
        return;
    };
    let (file, again) = collection(&dir);
    let total = subset_files(&dir).len() + again;
    assert!(std::fs::metadata(&file).unwrap().len() >= 30 << 20);
    let path = file.to_str().unwrap();

    // `games`: a line a game; the unreadable named by number on stderr (exit 2).
    let out = xiangqi(&["games", path]);
    let listed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(listed.lines().count(), total);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("could not be read"), "{err}");

    // The folder, a file a game, against the one file.
    let mut by_file = Library::in_memory().unwrap();
    let folder = by_file.import(&[dir.join("Dataset")], |_| true).unwrap();
    let mut whole = Library::in_memory().unwrap();
    let mut last = xiangqi::library::Progress::default();
    let one = whole
        .import(std::slice::from_ref(&file), |p| {
            assert!(p.bytes_done >= last.bytes_done && p.bytes_done <= p.bytes);
            last = p;
            true
        })
        .unwrap();
    assert_eq!(last.bytes_done, last.bytes, "progress reaches the end");
    // Each game read, or named: the UTF-8 copies read as their Big5 originals did.
    let copies_unreadable = folder
        .unreadable
        .iter()
        .filter(|u| {
            let files = subset_files(&dir);
            files[..again].contains(&u.path)
        })
        .count();
    assert_eq!(
        one.unreadable.len(),
        folder.unreadable.len() + copies_unreadable,
        "{:#?}",
        one.unreadable
    );
    assert_eq!(one.read + one.unreadable.len(), total);
    assert_eq!(one.added, folder.added, "the same distinct games");
    assert_eq!(whole.len().unwrap(), by_file.len().unwrap());
    // Not only as many: the same games (players, result, date, event, opening, length),
    // whichever way they came in.
    let games = |library: &Library| {
        let mut all: Vec<String> = library
            .find(&xiangqi::library::Filter::default())
            .unwrap()
            .into_iter()
            .map(|g| {
                format!(
                    "{}|{}|{}|{}|{}|{}|{}",
                    g.red, g.black, g.result, g.date, g.event, g.opening, g.plies
                )
            })
            .collect();
        all.sort();
        all
    };
    let (from_one, from_folder) = (games(&whole), games(&by_file));
    if let Some(i) = (0..from_one.len()).find(|&i| from_one.get(i) != from_folder.get(i)) {
        panic!(
            "the games differ, first at {i}: {:?} from the collection, {:?} from the files",
            from_one.get(i),
            from_folder.get(i)
        );
    }
    assert_eq!(from_one.len(), from_folder.len());
    // An unreadable game is named by its number: the file it came from, read alone,
    // fails the same way.
    let files = subset_files(&dir);
    for u in one.unreadable.iter().take(3) {
        let n = u.game.expect("a game of the collection");
        let original = &files[(n - 1) % files.len()];
        assert!(
            folder.unreadable.iter().any(|f| &f.path == original),
            "game {n} ({}) reads alone",
            original.display()
        );
    }

    // `convert --game N`: the game N of the collection is the file N alone.
    for n in [files.len() - 7, files.len() / 2, 5] {
        let from_collection = xiangqi(&["convert", path, "--game", &n.to_string(), "--to", "ucci"]);
        let alone = xiangqi(&["convert", files[n - 1].to_str().unwrap(), "--to", "ucci"]);
        assert_eq!(
            from_collection.status.success(),
            alone.status.success(),
            "game {n}"
        );
        assert_eq!(from_collection.stdout, alone.stdout, "game {n}");
    }
    // And the copy in UTF-8 is the same game.
    let copy = xiangqi(&[
        "convert",
        path,
        "--game",
        &(files.len() + 1).to_string(),
        "--to",
        "iccs",
    ]);
    let first = xiangqi(&["convert", files[0].to_str().unwrap(), "--to", "iccs"]);
    assert_eq!(copy.stdout, first.stdout);
    let beyond = xiangqi(&["convert", path, "--game", &(total + 1).to_string()]);
    let err = String::from_utf8_lossy(&beyond.stderr);
    assert!(err.contains(&format!("holds {total} games")), "{err}");
}

/// A collection of `n` games, each its own.
fn synthetic(name: &str, n: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for i in 0..n {
        writeln!(
            file,
            "[Red \"紅{i}\"]\n[Black \"黑\"]\n[Result \"1-0\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n"
        )
        .unwrap();
    }
    file.flush().unwrap();
    path
}

/// SIGKILL inside one file: what was committed stays, and the import asked again reads
/// on after the last committed game: every game once, none twice.
#[test]
fn an_import_killed_inside_one_collection_goes_on_after_its_last_committed_game() {
    let n = 60_000;
    let games = synthetic("collection-kill", n);
    let db = games.with_file_name("library.sqlite");
    let (db, games) = (db.to_str().unwrap(), games.to_str().unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["library", "import", "--db", db, games])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Killed at its first word of progress (after a second: batches committed).
    let err = BufReader::new(child.stderr.take().unwrap());
    let said = err
        .lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("0/1 files, "));
    assert!(said.is_some(), "the import said how far it was");
    child.kill().unwrap();
    let _ = child.wait();
    let find = |db: &str| {
        let out = xiangqi(&["library", "find", "--db", db]);
        String::from_utf8(out.stdout).unwrap().lines().count()
    };
    let kept = find(db);
    assert!((500..n).contains(&kept), "{kept} games kept");
    let out = xiangqi(&["library", "import", "--db", db, games]);
    let summary = String::from_utf8(out.stdout).unwrap();
    let field = |name: &str| -> usize {
        let at = summary.split('\t').find(|f| f.starts_with(name)).unwrap();
        at[name.len() + 1..].parse().unwrap()
    };
    // Read again: only the games after the last commit (those since it were lost).
    assert_eq!(kept + field("added"), n, "{summary}");
    assert_eq!(field("duplicates"), 0, "nothing read twice: {summary}");
    assert_eq!(find(db), n);
    // Asked a third time, the file is known whole.
    let out = xiangqi(&["library", "import", "--db", db, games]);
    let summary = String::from_utf8(out.stdout).unwrap();
    assert!(summary.contains("skipped 1"), "{summary}");
}

/// An SGF collection over the 4 MB a single text may have: `go convert --game N` finds
/// its game N (the trees before cut, not read), and the library imports every game.
#[test]
fn an_sgf_collection_over_4_mb_converts_any_game_and_imports_whole() {
    let real = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sgf/commented.sgf"
    ))
    .unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sgf-collection");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.sgf");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut n = 0;
    let mut size = 0;
    while size <= 5 << 20 {
        n += 1;
        // Each game its own: the player's name numbered.
        let game = real.replacen("(;", &format!("(;PC[game {n}]"), 1);
        size += game.len() + 1;
        writeln!(file, "{game}").unwrap();
    }
    file.flush().unwrap();
    let path_str = path.to_str().unwrap();
    let out = xiangqi(&["go", "convert", path_str, "--game", &n.to_string()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sgf = String::from_utf8(out.stdout).unwrap();
    assert!(sgf.contains(&format!("PC[game {n}]")), "{sgf}");
    let beyond = xiangqi(&["go", "convert", path_str, "--game", &(n + 1).to_string()]);
    let err = String::from_utf8_lossy(&beyond.stderr);
    assert!(err.contains(&format!("holds {n} game(s)")), "{err}");

    let mut library = Library::in_memory().unwrap();
    let summary = library.import(&[path], |_| true).unwrap();
    assert_eq!((summary.read, summary.added), (n, n), "{summary:?}");
    assert!(summary.unreadable.is_empty(), "{summary:?}");
}
