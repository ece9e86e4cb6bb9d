//! The library as data: games in once, found by player, event, opening and position
//! (checked against a scan of the games themselves), the explorer's counts, a damaged
//! file kept aside.

use super::*;
use crate::rules::{Game, Move, Notation, Position};

fn record(moves: &str, red: &str, black: &str, result: &str, ecco: &str) -> GameRecord {
    let mut game = Game::new();
    for m in moves.split_whitespace() {
        game.play(m.parse::<Move>().unwrap()).unwrap();
    }
    GameRecord {
        tags: vec![
            ("Red".into(), red.into()),
            ("Black".into(), black.into()),
            ("Result".into(), result.into()),
            ("ECCO".into(), ecco.into()),
            ("Date".into(), "2008.04.16".into()),
            ("Event".into(), "全國象棋甲級聯賽".into()),
        ],
        ..GameRecord::new(game)
    }
}

fn after(moves: &str) -> Position {
    let mut pos = Position::new();
    for m in moves.split_whitespace() {
        pos = pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

#[test]
fn a_game_goes_in_once_and_is_found_by_player_event_opening_and_position() {
    let mut lib = Library::in_memory().unwrap();
    let a = record("h2e2 h9g7 h0g2 i9h9", "許銀川", "呂欽", "1-0", "C01");
    let b = record("h2e2 b9c7 h0g2", "胡榮華", "許銀川", "0-1", "B05");
    let c = record("b2e2 h9g7 b0c2", "趙國榮", "胡榮華", "1/2-1/2", "D01");
    for r in [&a, &b, &c] {
        assert!(lib.add(r, "test").unwrap().1);
    }
    assert!(
        !lib.add(&a, "again").unwrap().1,
        "the same game is not added twice"
    );
    assert_eq!(lib.len().unwrap(), 3);
    let names = |f: &Filter| -> Vec<String> {
        let mut v: Vec<String> = lib.find(f).unwrap().into_iter().map(|g| g.red).collect();
        v.sort();
        v
    };
    let player = Filter {
        player: Some("許銀川".into()),
        ..Filter::default()
    };
    assert_eq!(names(&player), ["胡榮華", "許銀川"]);
    let opening = Filter {
        opening: Some("C".into()),
        ..Filter::default()
    };
    assert_eq!(names(&opening), ["許銀川"]);
    // After 炮二平五: two games; one reaches it at ply 1.
    let central = Filter {
        position: Some(after("h2e2")),
        ..Filter::default()
    };
    let found = lib.find(&central).unwrap();
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|g| g.reached == Some(1)));
    // 炮八平五 is its mirror: found only when asked for mirrored positions.
    let left = Filter {
        position: Some(after("b2e2")),
        ..Filter::default()
    };
    assert_eq!(lib.find(&left).unwrap().len(), 1);
    let either = Filter {
        mirror: true,
        ..left
    };
    assert_eq!(lib.find(&either).unwrap().len(), 3);
    // The game comes back as it went in.
    let id = found[0].id;
    let back = lib.game(id).unwrap().unwrap();
    assert!(back.game.moves().count() >= 3);
}

#[test]
fn the_explorer_counts_the_moves_played_from_a_position_and_their_results() {
    let mut lib = Library::in_memory().unwrap();
    for (moves, result) in [
        ("h2e2 h9g7", "1-0"),
        ("h2e2 h9g7 h0g2", "0-1"),
        ("h2e2 b9c7", "1/2-1/2"),
        ("b2e2 h9g7", "1-0"),
    ] {
        lib.add(&record(moves, "r", "b", result, ""), "t").unwrap();
    }
    let start = lib.explore(&Position::new()).unwrap();
    let h2e2 = start.iter().find(|e| e.mv.to_string() == "h2e2").unwrap();
    assert_eq!((h2e2.games, h2e2.red, h2e2.draws, h2e2.black), (3, 1, 1, 1));
    assert_eq!(h2e2.latest, Some(2008));
    assert_eq!(start[0].mv.to_string(), "h2e2", "the most played first");
    let reply = lib.explore(&after("h2e2")).unwrap();
    let moves: Vec<(String, usize)> = reply.iter().map(|e| (e.mv.to_string(), e.games)).collect();
    assert_eq!(moves, [("h9g7".to_owned(), 2), ("b9c7".to_owned(), 1)]);
    // Brute force: count the games whose main line plays each move from the start.
    let mut brute = std::collections::BTreeMap::new();
    for g in lib.find(&Filter::default()).unwrap() {
        let r = lib.game(g.id).unwrap().unwrap();
        if let Some(m) = r.game.moves().next() {
            *brute.entry(m.to_string()).or_insert(0) += 1;
        }
    }
    for e in &start {
        assert_eq!(brute.get(&e.mv.to_string()), Some(&e.games), "{}", e.mv);
    }
}

#[test]
fn a_damaged_library_is_kept_aside_and_a_new_one_made() {
    let dir = std::env::temp_dir().join(format!("xiangqi-library-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("library.sqlite");
    {
        let (mut lib, aside) = Library::open(&path).unwrap();
        assert!(aside.is_none());
        lib.add(&record("h2e2", "a", "b", "*", ""), "t").unwrap();
    }
    let (lib, _) = Library::open(&path).unwrap();
    assert_eq!(lib.len().unwrap(), 1, "kept across opens");
    drop(lib);
    crate::storage::atomic_write(&path, b"this is no database, it was a text file all along")
        .unwrap();
    let (lib, aside) = Library::open(&path).unwrap();
    let aside = aside.expect("kept aside");
    assert!(aside.exists(), "{}", aside.display());
    assert_eq!(lib.len().unwrap(), 0, "a new library");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mirrored_positions_swap_the_files() {
    let m = after("h2e2").mirrored();
    assert_eq!(m, after("b2e2"));
    assert_eq!(Position::new().mirrored(), Position::new());
}

/// Every position of every game of the test data, searched: the games found and the
/// ply each first reaches it (the same pieces on the same points, the same side to
/// move; the move counters aside) are those a scan of the games themselves gives.
#[test]
fn the_position_search_agrees_with_a_scan_of_the_games() {
    let files: [&[u8]; 8] = [
        include_bytes!("../../tests/data/three-games.pgn"),
        include_bytes!("../../tests/data/gbk-crlf.pgn"),
        include_bytes!("../../tests/data/real-76.pgn"),
        include_bytes!("../../tests/data/download-gbk-footer.pgn"),
        include_bytes!("../../tests/data/big5/master.pgn"),
        include_bytes!("../../tests/data/big5/opening.pgn"),
        include_bytes!("../../tests/data/big5/exercise.pgn"),
        include_bytes!("../../tests/data/hanging-chariot.pgn"),
    ];
    let mut lib = Library::in_memory().unwrap();
    let mut games: Vec<(i64, Vec<Position>)> = Vec::new();
    for bytes in files {
        for imported in crate::rules::read::read_games_bytes(bytes).unwrap() {
            let record = imported.unwrap().record;
            let (id, new) = lib.add(&record, "test").unwrap();
            if new {
                let n = record.game.ply_count();
                let line = (0..=n)
                    .map(|p| record.game.position_at(p).clone())
                    .collect();
                games.push((id, line));
            }
        }
    }
    assert!(games.len() >= 9, "{} games", games.len());
    let mut searched = 0;
    for (_, line) in &games {
        for pos in line {
            let mut expected: Vec<(i64, usize)> = games
                .iter()
                .filter_map(|(id, l)| {
                    l.iter()
                        .position(|p| p.board() == pos.board() && p.turn() == pos.turn())
                        .map(|ply| (*id, ply))
                })
                .collect();
            expected.sort_unstable();
            let filter = Filter {
                position: Some(pos.clone()),
                ..Filter::default()
            };
            let mut found: Vec<(i64, usize)> = lib
                .find(&filter)
                .unwrap()
                .into_iter()
                .map(|g| (g.id, g.reached.unwrap()))
                .collect();
            found.sort_unstable();
            assert_eq!(found, expected, "{}", pos.to_fen());
            searched += 1;
        }
    }
    assert!(searched > 300, "{searched} positions searched");
}

/// The explorer at positions of the test data's games (every third one): each move's
/// games and results are those a count over the games themselves gives.
#[test]
fn the_explorer_agrees_with_a_count_over_the_games() {
    let files: [&[u8]; 6] = [
        include_bytes!("../../tests/data/three-games.pgn"),
        include_bytes!("../../tests/data/gbk-crlf.pgn"),
        include_bytes!("../../tests/data/real-76.pgn"),
        include_bytes!("../../tests/data/big5/master.pgn"),
        include_bytes!("../../tests/data/big5/opening.pgn"),
        include_bytes!("../../tests/data/big5/exercise.pgn"),
    ];
    let mut lib = Library::in_memory().unwrap();
    let mut games: Vec<(i64, crate::rules::Game)> = Vec::new();
    for bytes in files {
        for imported in crate::rules::read::read_games_bytes(bytes).unwrap() {
            let record = imported.unwrap().record;
            let (id, new) = lib.add(&record, "test").unwrap();
            if new {
                games.push((id, record.game));
            }
        }
    }
    let results: std::collections::HashMap<i64, String> = lib
        .find(&Filter::default())
        .unwrap()
        .into_iter()
        .map(|g| (g.id, g.result))
        .collect();
    let mut asked = 0;
    for (_, game) in &games {
        for ply in (0..game.ply_count()).step_by(3) {
            let pos = game.position_at(ply);
            // move → (games, red, draws, black), by a count over every game's line.
            let mut brute: std::collections::BTreeMap<
                String,
                [std::collections::BTreeSet<i64>; 4],
            > = std::collections::BTreeMap::new();
            for (id, g) in &games {
                let moves: Vec<Move> = g.moves().collect();
                for (p, mv) in moves.iter().enumerate() {
                    let at = g.position_at(p);
                    if at.board() == pos.board() && at.turn() == pos.turn() {
                        let e = brute.entry(mv.to_string()).or_default();
                        e[0].insert(*id);
                        let column = match results[id].as_str() {
                            "1-0" => Some(1),
                            "1/2-1/2" => Some(2),
                            "0-1" => Some(3),
                            _ => None,
                        };
                        if let Some(c) = column {
                            e[c].insert(*id);
                        }
                    }
                }
            }
            let explored: std::collections::BTreeMap<String, [usize; 4]> = lib
                .explore(pos)
                .unwrap()
                .into_iter()
                .map(|e| (e.mv.to_string(), [e.games, e.red, e.draws, e.black]))
                .collect();
            let counted: std::collections::BTreeMap<String, [usize; 4]> = brute
                .into_iter()
                .map(|(m, sets)| (m, sets.map(|s| s.len())))
                .collect();
            assert_eq!(explored, counted, "{}", pos.to_fen());
            asked += 1;
        }
    }
    assert!(asked >= 100, "{asked} positions asked");
}

/// A book built from a library answers as the library's explorer does, at the positions
/// enough games reach before the book's last ply, and knows nothing of the others.
#[test]
fn a_book_answers_as_the_explorer_where_enough_games_reach() {
    let mut lib = Library::in_memory().unwrap();
    for (moves, result) in [
        ("h2e2 h9g7 h0g2", "1-0"),
        ("h2e2 h9g7 h0g2 i9h9", "0-1"),
        ("h2e2 b9c7", "1/2-1/2"),
        ("b2e2 h9g7", "1-0"),
    ] {
        lib.add(&record(moves, "r", "b", result, ""), "t").unwrap();
    }
    let bytes = lib.book(30, 2).unwrap();
    let book = Book::from_bytes(&bytes).unwrap();
    for reached in ["", "h2e2", "h2e2 h9g7", "h2e2 h9g7 h0g2"] {
        let pos = after(reached);
        assert_eq!(book.explore(&pos), lib.explore(&pos).unwrap(), "{reached}");
        assert!(!book.explore(&pos).is_empty(), "{reached}");
    }
    // One game reaches it: in the library, not in the book.
    assert!(book.explore(&after("b2e2")).is_empty());
    assert!(!lib.explore(&after("b2e2")).unwrap().is_empty());
    // Only the first ply: the start alone.
    let short = lib.book(1, 2).unwrap();
    let short = Book::from_bytes(&short).unwrap();
    assert_eq!(short.len(), 2, "h2e2 and b2e2 from the start");
    assert!(short.explore(&after("h2e2")).is_empty());
}

#[test]
fn bytes_that_are_not_a_book_are_refused() {
    assert_eq!(
        Book::from_bytes(b"not a book").unwrap_err(),
        BookError::NotABook
    );
    let mut cut = b"XQBOOK1\n".to_vec();
    cut.extend_from_slice(&[0; 25]);
    assert_eq!(Book::from_bytes(&cut).unwrap_err(), BookError::CutOff(5));
    assert!(Book::from_bytes(b"XQBOOK1\n").unwrap().is_empty());
}

/// The compiled-in master book: the openings masters play, as their games say.
#[test]
fn the_master_book_knows_the_masters_openings() {
    let book = Book::masters();
    assert!(book.len() > 50_000, "{} entries", book.len());
    let start = book.explore(&Position::new());
    assert_eq!(
        start[0].mv.to_string(),
        "h2e2",
        "炮二平五 is the most played"
    );
    let all: usize = start.iter().map(|e| e.games).sum();
    assert!(
        (10_000..=16_852).contains(&all),
        "{all} games from the start"
    );
    for e in &start {
        assert!(e.red + e.draws + e.black <= e.games, "{e:?}");
        assert!(
            e.latest.is_some_and(|y| (1950..=2013).contains(&y)),
            "{e:?}"
        );
    }
    let reply = book.explore(&after("h2e2"));
    assert_eq!(reply[0].mv.to_string(), "h9g7", "马８进７ the usual answer");
    // Deep into a common line, and out of the book after an odd move.
    assert!(!book.explore(&after("h2e2 h9g7 h0g2 i9h9 i0h0")).is_empty());
    assert!(book.explore(&after("a0a1 a9a8 a1a0 a8a9 i0i1")).is_empty());
}

/// Games as files in a fresh folder: `n` files of one game each, all different.
fn game_files(name: &str, n: usize) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-lib-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..n {
        let r = record("h2e2 h9g7 h0g2", &format!("紅{i}"), "黑", "1-0", "C01");
        let text = crate::rules::pgn::write(&r, Notation::Chinese);
        crate::storage::atomic_write(&dir.join(format!("{i:04}.pgn")), text.as_bytes()).unwrap();
    }
    dir
}

/// The library's threads: an import cancelled stops between two files and keeps what
/// it read; asked again it skips those and reads the rest; the reader answers meanwhile.
#[test]
fn an_import_cancelled_goes_on_where_it_stopped_when_asked_again() {
    use std::time::Duration;
    let dir = game_files("cancel", 1200);
    let db = dir.join("library.sqlite");
    let worker = Worker::start(db);
    let wait = || worker.wait(Duration::from_secs(30)).expect("an answer");
    assert!(matches!(wait(), Answer::Opened(ref n, None) if n.total() == 0));
    worker.ask(Job::Import(vec![dir.clone()]));
    // Cancelled once the first files are in.
    let first = loop {
        match wait() {
            Answer::Progress(p) => {
                assert_eq!(p.files, 1200);
                if p.files_done == 3 {
                    worker.cancel();
                }
            }
            Answer::Imported(summary, cancelled, len) => break (summary, cancelled, len),
            other => panic!("{other:?}"),
        }
    };
    let (summary, cancelled, len) = first;
    assert!(cancelled);
    assert!(summary.added >= 3 && summary.added < 1200, "{summary:?}");
    assert_eq!(len.total(), summary.added);
    // The reader sees what was committed.
    worker.ask(Job::Find(Box::default()));
    let found = loop {
        if let Answer::Found(_, found) = wait() {
            break found;
        }
    };
    assert_eq!(found.len(), summary.added);
    worker.ask(Job::Import(vec![dir.clone()]));
    let (second, cancelled, len) = loop {
        if let Answer::Imported(s, c, n) = wait() {
            break (s, c, n);
        }
    };
    assert!(!cancelled);
    assert_eq!(second.skipped, summary.files, "{second:?}");
    assert_eq!(summary.added + second.added, 1200);
    assert_eq!((second.duplicates, len.total()), (0, 1200));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The filters the library window offers: the player's side, years, result, length and
/// text in the comments, each checked against the games' own fields.
#[test]
fn games_are_found_by_side_years_result_length_and_comment() {
    let mut lib = Library::in_memory().unwrap();
    let mut a = record("h2e2 h9g7 h0g2 i9h9", "許銀川", "呂欽", "1-0", "C01");
    a.comments.insert(2, "屏風馬的正着".into());
    let mut b = record("h2e2 b9c7", "呂欽", "許銀川", "0-1", "B05");
    b.set_tag("Date", "1995.10.01");
    let c = record(
        "b2e2 h9g7 b0c2 b9c7 a0b0 a9b9",
        "趙國榮",
        "胡榮華",
        "1/2-1/2",
        "D01",
    );
    for r in [&a, &b, &c] {
        lib.add(r, "t").unwrap();
    }
    let reds = |f: Filter| -> Vec<String> {
        let mut v: Vec<String> = lib.find(&f).unwrap().into_iter().map(|g| g.red).collect();
        v.sort();
        v
    };
    let player = |side| Filter {
        player: Some("許銀川".into()),
        side,
        ..Filter::default()
    };
    assert_eq!(reds(player(None)), ["呂欽", "許銀川"]);
    assert_eq!(reds(player(Some(crate::rules::Color::Red))), ["許銀川"]);
    assert_eq!(reds(player(Some(crate::rules::Color::Black))), ["呂欽"]);
    let years = |from, to| Filter {
        years: (from, to),
        ..Filter::default()
    };
    assert_eq!(reds(years(None, Some(2000))), ["呂欽"]);
    assert_eq!(reds(years(Some(2000), None)), ["許銀川", "趙國榮"]);
    assert_eq!(reds(years(Some(1995), Some(1995))), ["呂欽"]);
    let result = Filter {
        result: Some("1/2-1/2".into()),
        ..Filter::default()
    };
    assert_eq!(reds(result), ["趙國榮"]);
    let long = Filter {
        plies: (Some(4), None),
        ..Filter::default()
    };
    assert_eq!(reds(long), ["許銀川", "趙國榮"]);
    let short = Filter {
        plies: (None, Some(4)),
        ..Filter::default()
    };
    assert_eq!(reds(short), ["呂欽", "許銀川"]);
    let comment = Filter {
        comment: Some("屏風馬".into()),
        ..Filter::default()
    };
    assert_eq!(reds(comment), ["許銀川"]);
    let found = lib.find(&Filter::default()).unwrap();
    assert!(found.iter().any(|g| g.opening == "D01"));
}

/// Schema 1 as it was shipped: the start of every migration test.
const SCHEMA_1: &str = "CREATE TABLE games (
         id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE,
         game TEXT NOT NULL DEFAULT 'xiangqi',
         red TEXT NOT NULL, black TEXT NOT NULL, event TEXT NOT NULL,
         date TEXT NOT NULL, year INTEGER, result TEXT NOT NULL,
         ecco TEXT NOT NULL, plies INTEGER NOT NULL,
         source TEXT NOT NULL, pgn TEXT NOT NULL);
     CREATE INDEX games_red ON games(red);
     CREATE INDEX games_black ON games(black);
     CREATE INDEX games_ecco ON games(ecco);
     CREATE TABLE positions (
         key INTEGER NOT NULL,
         game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         ply INTEGER NOT NULL, next TEXT);
     CREATE INDEX positions_key ON positions(key);
     CREATE INDEX positions_game ON positions(game);
     PRAGMA user_version = 1;";

/// A library of the first version (games and positions only) opens in this program:
/// brought to the current version in place, its games kept and still found by position,
/// the new tables there (an import records its files; comments can be searched).
#[test]
fn a_library_of_version_1_is_migrated_and_keeps_its_games() {
    let dir = std::env::temp_dir().join(format!("xiangqi-lib-v1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("library.sqlite");
    {
        // Version 1 as it was shipped, with one game of two plies.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(SCHEMA_1).unwrap();
        let r = record("h2e2 h9g7", "許銀川", "呂欽", "1-0", "C01");
        conn.execute(
            "INSERT INTO games (key, red, black, event, date, year, result, ecco, plies, source, pgn) \
             VALUES ('k', '許銀川', '呂欽', '', '2008.04.16', 2008, '1-0', 'C01', 2, 'old', ?)",
            [pgn_of(&r)],
        )
        .unwrap();
        for (ply, next) in [(0_usize, Some("h2e2")), (1, Some("h9g7")), (2, None)] {
            conn.execute(
                "INSERT INTO positions (key, game, ply, next) VALUES (?, 1, ?, ?)",
                params![key(r.game.position_at(ply)), ply as i64, next],
            )
            .unwrap();
        }
    }
    let (mut lib, aside) = Library::open(&path).unwrap();
    assert_eq!(aside, None, "migrated, not kept aside");
    let version: i64 = lib
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::VERSION);
    let found = lib
        .find(&Filter {
            position: Some(after("h2e2")),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].red.as_str(), found[0].reached),
        ("許銀川", Some(1))
    );
    assert_eq!(lib.explore(&Position::new()).unwrap()[0].games, 1);
    // The new parts work on the old file.
    let mut commented = record("b2e2", "a", "b", "*", "");
    commented.comments.insert(1, "過宮炮".into());
    lib.add(&commented, "new").unwrap();
    let by_comment = Filter {
        comment: Some("過宮炮".into()),
        ..Filter::default()
    };
    assert_eq!(lib.find(&by_comment).unwrap().len(), 1);
    let folder = game_files("v1", 2);
    let summary = lib.import(std::slice::from_ref(&folder), |_| true).unwrap();
    assert_eq!((summary.added, summary.skipped), (2, 0));
    let again = lib.import(&[folder], |_| true).unwrap();
    assert_eq!(again.skipped, 2);
    drop(lib);
    // And a file of a newer version is refused, not changed.
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", schema::VERSION + 1)
        .unwrap();
    drop(conn);
    assert!(matches!(
        Library::open(&path),
        Err(LibraryError::Newer(v)) if v == schema::VERSION + 1
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Go games go in too: SGF files imported beside Xiangqi ones, each once, found by
/// their own filters (kind, size, winner) and the shared ones (player, years), read back
/// as the same game; a game whose moves break the rules is named with the reason.
#[test]
fn go_games_are_imported_found_by_their_own_filters_and_read_back() {
    let dir = std::env::temp_dir().join(format!("xiangqi-lib-go-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files: [(&str, &[u8]); 5] = [
        (
            "ag.sgf",
            include_bytes!("../../tests/data/sgf/AG_vs_AG_-_G1_-_English.sgf"),
        ),
        (
            "fh.sgf",
            include_bytes!("../../tests/data/sgf/FH_vs_AG_G1.sgf"),
        ),
        (
            "commented.sgf",
            include_bytes!("../../tests/data/sgf/commented.sgf"),
        ),
        (
            "again.sgf",
            include_bytes!("../../tests/data/sgf/commented.sgf"),
        ),
        // Black plays twice on one point.
        ("broken.sgf", b"(;GM[1]FF[4]SZ[9];B[ee];W[dd];B[dd])"),
    ];
    for (name, bytes) in files {
        crate::storage::atomic_write(&dir.join(name), bytes).unwrap();
    }
    crate::storage::atomic_write(
        &dir.join("xiangqi.pgn"),
        include_bytes!("../../tests/data/three-games.pgn"),
    )
    .unwrap();
    let mut lib = Library::in_memory().unwrap();
    let summary = lib.import(std::slice::from_ref(&dir), |_| true).unwrap();
    assert_eq!(summary.files, 6);
    assert_eq!((summary.added, summary.duplicates), (6, 1), "{summary:?}");
    assert_eq!(summary.unreadable.len(), 1, "{summary:?}");
    assert!(summary.unreadable[0].path.ends_with("broken.sgf"));
    let go = |f: Filter| -> Vec<Found> {
        lib.find(&Filter {
            game: Some(GO.into()),
            ..f
        })
        .unwrap()
    };
    assert_eq!(go(Filter::default()).len(), 3);
    let xiangqi = lib
        .find(&Filter {
            game: Some("xiangqi".into()),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(xiangqi.len(), 3);
    let nine = go(Filter {
        size: Some(9),
        ..Filter::default()
    });
    assert_eq!(nine.len(), 1);
    assert_eq!(nine[0].red, "黑方", "black's player in the first column");
    let black_wins = go(Filter {
        result: Some("B".into()),
        ..Filter::default()
    });
    assert_eq!(black_wins.len(), 1);
    assert_eq!(black_wins[0].result, "B+R");
    let white = go(Filter {
        player: Some("FanHui".into()),
        side: Some(crate::rules::Color::Black),
        ..Filter::default()
    });
    assert_eq!(white.len(), 1, "Fan Hui played white");
    // Read back: the same moves as the file.
    let ag = go(Filter {
        years: (Some(2016), Some(2016)),
        ..Filter::default()
    });
    assert_eq!(ag.len(), 1);
    let back = lib.go_game(ag[0].id).unwrap().unwrap();
    let file = &crate::go::sgf::read(&crate::go::sgf::decode(files[0].1)).unwrap()[0];
    let moves = |f: &crate::go::sgf::SgfGame| f.replay(&f.main_line()).unwrap().moves().to_vec();
    assert_eq!(moves(&back), moves(file));
    assert_eq!(ag[0].plies, moves(file).len());
    assert!(lib.game(ag[0].id).unwrap().is_none(), "not a Xiangqi game");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The worker says it is busy while a job is not answered whole, and not after: a
/// window keeps its frames coming only while it waits.
#[test]
fn the_worker_is_busy_only_while_a_job_is_unanswered() {
    use std::time::Duration;
    let dir = game_files("busy", 50);
    let worker = Worker::start(dir.join("library.sqlite"));
    assert!(matches!(
        worker.wait(Duration::from_secs(30)),
        Some(Answer::Opened(ref n, None)) if n.total() == 0
    ));
    assert!(!worker.busy());
    worker.ask(Job::Import(vec![dir.clone()]));
    worker.ask(Job::Find(Box::default()));
    for _ in 0..3 {
        worker.ask(Job::Explore(Box::new(Position::new())));
    }
    assert!(worker.busy());
    let mut imported = false;
    while let Some(a) = worker.wait(Duration::from_secs(5)) {
        imported |= matches!(a, Answer::Imported(..));
        if imported && !worker.busy() {
            break;
        }
    }
    assert!(imported && !worker.busy());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game kept in the library comes back as it went in: its tags, its comments and
/// its variations (the library keeps the record as PGN).
#[test]
fn a_game_comes_back_with_its_tags_comments_and_variations() {
    let mut lib = Library::in_memory().unwrap();
    let bytes = include_bytes!("../../tests/data/gbk-crlf.pgn");
    let record = crate::rules::read::read_games_bytes(bytes).unwrap()[0]
        .clone()
        .unwrap()
        .record;
    assert!(!record.comments.is_empty() || !record.variations.is_empty());
    let (id, _) = lib.add(&record, "t").unwrap();
    let back = lib.game(id).unwrap().unwrap();
    // Every tag kept, with its value (the PGN writer adds the start's FEN).
    for (k, v) in &record.tags {
        assert_eq!(back.tag(k), Some(v.as_str()), "{k}");
    }
    assert_eq!(back.comments, record.comments);
    assert_eq!(back.variations, record.variations);
    assert_eq!(
        back.game.moves().collect::<Vec<_>>(),
        record.game.moves().collect::<Vec<_>>()
    );
}

#[test]
fn a_game_without_its_own_code_is_found_by_the_code_its_moves_are_named_and_not_learned_from() {
    let mut lib = Library::in_memory().unwrap();
    let untagged = record("h2e2 h9g7 h0g2", "甲", "乙", "*", "");
    let tagged = record("g3g4 c6c5", "丙", "丁", "*", "E40");
    let setup = {
        let start: Position = "3k5/9/9/9/9/9/9/9/9/R3K4 w".parse().unwrap();
        let mut game = Game::from_position(start);
        game.play("e0f0".parse().unwrap()).unwrap();
        GameRecord::new(game)
    };
    for r in [&untagged, &tagged, &setup] {
        lib.add(r, "test").unwrap();
    }
    let found = |code: &str| {
        lib.find(&Filter {
            opening: Some(code.into()),
            ..Filter::default()
        })
        .unwrap()
        .iter()
        .map(|f| f.red.clone())
        .collect::<Vec<_>>()
    };
    assert_eq!(found("B05"), ["甲"], "named by its moves: 中炮对进左马");
    assert_eq!(found("E40"), ["丙"]);
    // Only a record's own code is learned from.
    let learned = lib.tagged_openings().unwrap();
    assert_eq!(learned.len(), 1);
    assert_eq!(learned[0].ecco.to_string(), "E40");
    assert_eq!(learned[0].moves.len(), 2);
}

/// A library of schema 2 (as shipped before collections and neutral columns), with a
/// Xiangqi game and a Go game in it, opens migrated to the current schema: both games
/// kept, found by their players and kind, and read back whole.
#[test]
fn a_library_of_schema_2_is_migrated_to_neutral_columns_with_every_game_kept() {
    let dir = std::env::temp_dir().join(format!("xiangqi-lib-v2-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("library.sqlite");
    let xiangqi = record("h2e2 h9g7", "許銀川", "呂欽", "1-0", "C01");
    let go_text = "(;FF[4]GM[1]SZ[9]PB[曹薰铉]PW[聂卫平]RE[B+R];B[ee];W[cc])";
    {
        let conn = Connection::open(&path).unwrap();
        // Schema 1, then 2, as schema.rs wrote them.
        conn.execute_batch(SCHEMA_1).unwrap();
        conn.execute_batch(
            "DROP INDEX positions_key;
             ALTER TABLE games ADD COLUMN comments TEXT NOT NULL DEFAULT '';
             ALTER TABLE games ADD COLUMN size INTEGER;
             CREATE INDEX games_game ON games(game);
             CREATE INDEX positions_cover ON positions(key, game, ply, next);
             CREATE TABLE files (path TEXT PRIMARY KEY, size INTEGER NOT NULL,
                                 modified INTEGER NOT NULL);
             PRAGMA user_version = 2;",
        )
        .unwrap();
        conn.execute(
            "INSERT INTO games (key, red, black, event, date, year, result, ecco, plies, source, pgn) \
             VALUES ('x', '許銀川', '呂欽', '', '2008', 2008, '1-0', 'C01', 2, 'old', ?)",
            [pgn_of(&xiangqi)],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO games (key, game, red, black, event, date, year, result, ecco, plies, \
             source, pgn, size) VALUES ('g', 'go', '曹薰铉', '聂卫平', '', '', NULL, 'B+R', '', 2, \
             'old', ?, 9)",
            [go_text],
        )
        .unwrap();
        for (ply, next) in [(0_usize, Some("h2e2")), (1, Some("h9g7")), (2, None)] {
            conn.execute(
                "INSERT INTO positions (key, game, ply, next) VALUES (?, 1, ?, ?)",
                params![key(xiangqi.game.position_at(ply)), ply as i64, next],
            )
            .unwrap();
        }
    }
    let (lib, aside) = Library::open(&path).unwrap();
    assert_eq!(aside, None, "migrated, not kept aside");
    let version: i64 = lib
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::VERSION);
    let columns: Vec<String> = lib
        .conn
        .prepare("SELECT name FROM pragma_table_info('games')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for neutral in ["first", "second", "kind", "opening", "record", "size"] {
        assert!(columns.iter().any(|c| c == neutral), "{columns:?}");
    }
    let all = lib.find(&Filter::default()).unwrap();
    assert_eq!(all.len(), 2, "every game kept");
    let go = lib
        .find(&Filter {
            game: Some(GO.to_owned()),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(go.len(), 1);
    assert_eq!(
        (go[0].red.as_str(), go[0].black.as_str()),
        ("曹薰铉", "聂卫平")
    );
    let file = lib
        .go_game(go[0].id)
        .unwrap()
        .expect("the Go game reads back");
    assert_eq!(file.tag("PB"), Some("曹薰铉"));
    let by_player = lib
        .find(&Filter {
            player: Some("許銀川".into()),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(by_player.len(), 1);
    let back = lib
        .game(by_player[0].id)
        .unwrap()
        .expect("the game reads back");
    assert_eq!(back.game.ply_count(), 2);
    assert_eq!(by_player[0].opening, "C01");
    assert_eq!(lib.explore(&Position::new()).unwrap()[0].games, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games of both kinds go in, come back and go out through the same jobs: each comes
/// back as its own table's type, and a game played is taken out once.
#[test]
fn the_same_jobs_keep_fetch_and_forget_a_game_of_either_kind() {
    use crate::games::go::kept::Keeping as GoKeeping;
    use crate::games::xiangqi::kept::Keeping as XqKeeping;
    use std::sync::Arc;
    use std::time::Duration;
    let dir = game_files("kinds", 0);
    let worker = Worker::start(dir.join("library.sqlite"));
    let wait = || worker.wait(Duration::from_secs(30)).expect("an answer");
    assert!(matches!(wait(), Answer::Opened(ref n, None) if n.total() == 0));
    let xq = record("h2e2 h9g7", "Dad", "Mei", "1-0", "");
    let go =
        crate::go::sgf::read("(;GM[1]SZ[9]PB[Mei]PW[Dad]RE[B+R];B[ee];W[cc])").unwrap()[0].clone();
    worker.ask(Job::Add(Arc::new(XqKeeping(xq.clone())), "played".into()));
    assert!(matches!(wait(), Answer::Added(true, ref n) if n.total() == 1));
    worker.ask(Job::Add(Arc::new(GoKeeping(go.clone())), "played".into()));
    // Each kind counted apart: each table's window counts its own (issue 91).
    assert!(
        matches!(wait(), Answer::Added(true, ref n) if (n.of("xiangqi"), n.of("go")) == (1, 1))
    );
    worker.ask(Job::Find(Box::default()));
    let Answer::Found(_, found) = wait() else {
        panic!("found")
    };
    for f in &found {
        worker.ask(Job::Game(f.id, 1));
        let Answer::Game(id, 1, Some(fetched)) = wait() else {
            panic!("game {} fetched", f.id)
        };
        assert_eq!(id, f.id);
        match f.game.as_str() {
            "xiangqi" => {
                let back = fetched.get::<GameRecord>().expect("a Xiangqi record");
                assert_eq!(back.tag("Red"), Some("Dad"));
                assert!(fetched.get::<crate::go::sgf::SgfGame>().is_none());
            }
            _ => {
                let back = fetched.get::<crate::go::sgf::SgfGame>().expect("a Go file");
                assert_eq!(back.tag("PB"), Some("Mei"));
                assert!(fetched.get::<GameRecord>().is_none());
            }
        }
    }
    worker.ask(Job::Game(9999, 0));
    assert!(matches!(wait(), Answer::Game(9999, 0, None)));
    worker.ask(Job::Forget(Arc::new(GoKeeping(go))));
    assert!(matches!(wait(), Answer::Forgotten(ref n) if (n.of("xiangqi"), n.of("go")) == (1, 0)));
    worker.ask(Job::Forget(Arc::new(XqKeeping(xq))));
    assert!(matches!(wait(), Answer::Forgotten(ref n) if n.total() == 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games kept before the computer's level was a column of its own said it only in the
/// computer's name: the migration reads it once, and the ladder counts them as before.
#[test]
fn an_older_librarys_games_against_the_levels_keep_counting_on_the_ladder() {
    let dir = std::env::temp_dir().join(format!("xiangqi-lib-levels-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("library.sqlite");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(SCHEMA_1).unwrap();
        for n in 0..3 {
            conn.execute(
                "INSERT INTO games (key, red, black, event, date, year, result, ecco, plies, source, pgn) \
                 VALUES (?, '美美', 'Fairy-Stockfish level 2', '', ?, 2025, '1-0', '', 0, 'played', '')",
                params![format!("k{n}"), format!("2025-01-0{}", n + 1)],
            )
            .unwrap();
        }
    }
    let (mut lib, _) = Library::open(&path).unwrap();
    lib.add_player("美美", &[]).unwrap();
    let mei = lib.player("美美").unwrap().unwrap();
    let ladder = lib.player_record(&mei).unwrap().ladders["xiangqi"];
    assert_eq!(ladder.level, 3, "three wins at level 2: {ladder:?}");
    let levels: (Option<u8>, Option<u8>) = lib
        .conn
        .query_row(
            "SELECT first_level, second_level FROM games WHERE key = 'k0'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(levels, (None, Some(2)));
    let _ = std::fs::remove_dir_all(&dir);
}

/// One unfinished game saved in a slot as it goes on is one game in the library, the
/// latest; another game, or the same moves by other players, or a game played to its
/// end, stays (issue 91: three copies of one unfinished game).
#[test]
fn a_game_saved_again_as_it_goes_on_replaces_its_earlier_saved_copies() {
    let dir = std::env::temp_dir().join(format!("xiangqi-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut lib, _) = Library::open(&dir.join("library.sqlite")).unwrap();
    lib.add(
        &record("h2e2 h9g7 h0g2 i9h9", "Dad", "Mei", "1-0", ""),
        "played",
    )
    .unwrap();
    lib.add(&record("h2e2", "Dad", "Mei", "*", ""), "saved")
        .unwrap();
    lib.add(&record("h2e2 h9g7", "Dad", "Mei", "*", ""), "saved")
        .unwrap();
    lib.add(&record("h2e2 h9g7", "Mei", "Dad", "*", ""), "saved")
        .unwrap();
    lib.add(&record("h2e2 h9g7 h0g2", "Dad", "Mei", "*", ""), "saved")
        .unwrap();
    lib.add(&record("b2e2", "Dad", "Mei", "*", ""), "saved")
        .unwrap();
    let sizes = lib.sizes().unwrap();
    assert_eq!(
        sizes.of("xiangqi"),
        4,
        "the game played, Dad's latest save, Mei's, another game"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
