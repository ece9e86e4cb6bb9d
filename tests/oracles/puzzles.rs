//! The puzzle collection checked whole: by the rules (every line legal and ending in the
//! defender's mate), and by the real Fairy-Stockfish (every solving move keeps a mate
//! of at most the moves left, every defence is the longest resistance); and the CLI that
//! lists it and finds puzzles in games.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use xiangqi::engine::{self, Engine};
use xiangqi::games::xiangqi::puzzles::{Goal, Shelf, collection, solve, verify};

fn fairy() -> PathBuf {
    engine::find(None).expect("Fairy-Stockfish is installed (sudo apt-get install fairy-stockfish)")
}

#[test]
fn every_puzzle_is_legal_and_ends_in_mate_and_there_are_enough_from_four_books() {
    let all = collection();
    assert!(all.len() >= 300, "{} puzzles", all.len());
    let mut by_book: BTreeMap<Shelf, usize> = BTreeMap::new();
    let mut by_length: BTreeMap<usize, usize> = BTreeMap::new();
    for p in all {
        let checked = verify(p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.goal, Goal::Mate, "{}", p.id);
        assert_eq!(checked.solver_moves, p.solver_moves());
        *by_book.entry(p.shelf()).or_default() += 1;
        *by_length.entry(p.solver_moves()).or_default() += 1;
    }
    eprintln!("by source {by_book:?}, by mate length {by_length:?}");
    // Four books at least, besides the generated endgames and the played games.
    let books = by_book
        .keys()
        .filter(|b| matches!(b, Shelf::Book(_)))
        .count();
    assert!(books >= 4, "{by_book:?}");
    for book in ["梦入神机", "烂柯神机"] {
        assert!(
            by_book.contains_key(&Shelf::Book(book.into())),
            "{book}: {by_book:?}"
        );
    }
    assert!(
        by_book
            .get(&Shelf::Book("适情雅趣".into()))
            .is_some_and(|&n| n >= 100),
        "{by_book:?}"
    );
    // Something for everyone: short and long mates.
    assert!(by_length.range(1..=2).map(|(_, n)| n).sum::<usize>() >= 50);
    assert!(by_length.range(4..).map(|(_, n)| n).sum::<usize>() >= 50);
}

/// The engine at depth 16 (the depth the lines were written at; 20 and 24 where a long
/// mate shows only deeper) over the whole collection, on two engines at a time.
#[test]
fn the_engine_agrees_with_every_line() {
    let all = collection();
    let chunks: Vec<_> = all.chunks(all.len().div_ceil(2)).collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                scope.spawn(move || {
                    let mut engine = Engine::start(&fairy(), Duration::from_secs(30)).unwrap();
                    engine.set_option("Threads", "1").unwrap();
                    let mut out = Vec::new();
                    for p in *chunk {
                        let departures = solve::check(&mut engine, &p.start, &p.solution, 16)
                            .unwrap_or_else(|e| panic!("{}: the engine: {e}", p.id));
                        if !departures.is_empty() {
                            out.push(format!("{}: {departures:?}", p.id));
                        }
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A line that is no puzzle: each move of the side said to mate, and the defence between
/// them, is a departure (a defence after which the engine sees no mate is one too).
#[test]
fn the_engine_check_flags_a_defence_after_which_there_is_no_mate() {
    use xiangqi::games::xiangqi::puzzles::solve::Departure;
    let mut engine = Engine::start(&fairy(), Duration::from_secs(30)).unwrap();
    let start = xiangqi::rules::Position::new();
    let moves: Vec<xiangqi::rules::Move> = ["h2e2", "h9g7", "b2c2"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let departures = solve::check(&mut engine, &start, &moves, 6).unwrap();
    assert_eq!(
        departures,
        [
            Departure::NotWinning { ply: 1 },
            Departure::Escapes { ply: 2 },
            Departure::NotWinning { ply: 3 },
        ]
    );
}

pub(crate) fn xiangqi(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_cli_lists_the_collection_and_finds_a_mate_and_a_decisive_win_in_games() {
    let out = xiangqi(&["puzzles"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), collection().len());
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(fields[3].split(' ').all(|m| m.len() == 4), "{line}");
    }
    // A game that walked past a mate in two: from move 3 red could mate.
    let dir = std::env::temp_dir().join(format!("xiangqi-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("missed.pgn");
    std::fs::write(
        &game,
        "[Event \"club\"]\n[Date \"2026.11.20\"]\n[FEN \"4k4/R8/9/1R7/9/9/9/9/9/3K5 w - - 0 1\"]\n\n\
         1. b6b7 e9f9 2. b7b8 f9e9 *\n",
    )
    .unwrap();
    let out = xiangqi(&["puzzles", "--from", game.to_str().unwrap(), "--depth", "10"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text
        .lines()
        .next()
        .unwrap_or_else(|| panic!("nothing found: {text}"));
    let fields: Vec<&str> = first.split('\t').collect();
    assert_eq!(fields[1], "from your game of 2026-11-20, move 1", "{first}");
    let _ = std::fs::remove_dir_all(&dir);

    // A decisive win: black left a chariot hanging; the cannon's capture is the only
    // move that wins. Printed as a puzzle the training reads back as a win.
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/hanging-chariot.pgn"
    );
    let out = xiangqi(&["puzzles", "--from", data, "--depth", "12"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("hanging-chariot-1-10\t"))
        .unwrap_or_else(|| panic!("the hanging chariot is not found: {text}"));
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields[1], "from your game of 2026-11-20, move 6", "{line}");
    assert_eq!(fields[3].split(' ').next(), Some("b2b9"), "{line}");
    let (id, rest) = line.split_once('\t').unwrap();
    let (source, rest) = rest.split_once('\t').unwrap();
    let read =
        xiangqi::games::xiangqi::puzzles::parse(&format!("{id}\t{source}\t\t{rest}\n")).unwrap();
    assert_eq!(read[0].goal, Goal::Win);
    verify(&read[0]).unwrap();

    // A real game (the endgame of the cchess project's ucci_test1.xqf): a forced mate
    // is found, and every line printed reads back as a puzzle that holds by the rules.
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xqf/ucci_test1.xqf");
    let out = xiangqi(&["puzzles", "--from", data]);
    let text = String::from_utf8(out.stdout).unwrap();
    let read: Vec<_> = text
        .lines()
        .map(|line| {
            let (id, rest) = line.split_once('\t').unwrap();
            let (source, rest) = rest.split_once('\t').unwrap();
            let p = xiangqi::games::xiangqi::puzzles::parse(&format!("{id}\t{source}\t\t{rest}\n"))
                .unwrap();
            verify(&p[0]).unwrap_or_else(|e| panic!("{e}: {line}"));
            p[0].clone()
        })
        .collect();
    assert!(
        read.iter().any(|p| p.goal == Goal::Mate),
        "no mate found: {text}"
    );
}
