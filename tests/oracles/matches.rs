//! The computer's levels and the match runner against the real Fairy-Stockfish: a
//! match's games read back as PGN, every move legal by Fairy-Stockfish (pyffish), each
//! result with how it ended, a file begun taken up; every level plays a mate in one on
//! seeded positions that have one; the easiest level beats a random mover.

use std::process::Command;

use crate::common;

use super::pyffish::Oracle;
use super::uci::{Eval, Fsf as Uci};
use common::Rng as TestRng;
use xiangqi::engine::levels::LEVELS;
use xiangqi::matches::{Player, Rng, Seat};
use xiangqi::rules::{Move, Position, pgn};

fn xiangqi(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("run xiangqi");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "xiangqi {args:?}: {stderr}");
    (stdout, stderr)
}

#[test]
fn a_match_between_two_levels_is_legal_pgn_with_its_results_and_taken_up_where_it_stopped() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-levels");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let path = file.to_str().unwrap();
    let args = ["match", "fsf:2", "fsf:1", "--concurrency", "2", "-o", path];
    let (said, _) = xiangqi(&[&args[..], &["--games", "4"]].concat());
    assert!(said.starts_with("Score of fsf:2 vs fsf:1: "), "{said}");
    assert!(
        said.contains("Elo difference: ") && said.contains("LOS: "),
        "{said}"
    );

    let text = std::fs::read_to_string(&file).unwrap();
    let games: Vec<_> = pgn::read_all(&text)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 4, "{text}");
    let mut oracle = super::pyffish::Oracle::start();
    let mut rounds = Vec::new();
    for read in &games {
        let r = &read.record;
        rounds.push(r.tag("Round").unwrap().to_owned());
        let result = r.tag("Result").unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{result}");
        assert!(!r.tag("Ending").unwrap_or("").is_empty(), "how it ended");
        let names = [r.tag("Red").unwrap(), r.tag("Black").unwrap()];
        assert!(
            names.contains(&"fsf:1") && names.contains(&"fsf:2"),
            "{names:?}"
        );
        let moves: Vec<String> = r.game.moves().map(|m| m.to_string()).collect();
        let fsf = oracle.ask(&format!(
            "game\t{}\t{}",
            r.game.start().to_fen(),
            moves.join(",")
        ));
        assert!(
            fsf.starts_with("fen="),
            "Fairy-Stockfish refuses a move: {fsf}"
        );
        // A game the rules ended ends so in the record read back.
        if r.tag("Ending") != Some("move-limit") {
            let outcome = r.game.outcome().expect("the rules' end");
            assert_eq!(outcome.termination.name(), r.tag("Ending").unwrap());
        }
    }
    rounds.sort();
    assert_eq!(rounds, ["1", "2", "3", "4"]);
    // Each opening twice, colours reversed: rounds 1 and 2 begin with the book's first.
    let opening = xiangqi::matches::opening(0, 1);
    assert!(!opening.is_empty(), "the master book opens the game");
    for round in ["1", "2"] {
        let game = games
            .iter()
            .find(|g| g.record.tag("Round") == Some(round))
            .unwrap();
        let moves: Vec<Move> = game.record.game.moves().collect();
        assert!(moves.starts_with(&opening), "round {round}");
    }

    let (said, progress) = xiangqi(&[&args[..], &["--games", "6"]].concat());
    assert!(progress.contains("taken up: 4 games"), "{progress}");
    assert!(said.contains("Score of fsf:2 vs fsf:1: "));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(pgn::read_all(&text).len(), 6, "two more games, none twice");
}

/// Positions with a mate in one (or a move leaving no legal reply, which wins too),
/// found by Fairy-Stockfish's own search (`score mate 1`: in Xiangqi 困毙 is scored as
/// mate too) along seeded random games: not by the `mate_in_one` the levels play.
fn mates(n: usize, uci: &mut Uci) -> Vec<Position> {
    let mut rng = TestRng(7);
    let mut found = Vec::new();
    while found.len() < n {
        let start = Position::new();
        let line = common::random_line(&start, 200, &mut rng);
        let mut pos = start;
        for &m in &line {
            // The position alone, without the game's moves: a win by the repetition
            // rules (a perpetual check lost) is no mate for a level to find.
            if uci.score(&pos.to_fen(), &[], 2) == Eval::Mate(1) {
                found.push(pos);
                break;
            }
            pos = pos.play(m).unwrap();
        }
    }
    found
}

#[test]
fn every_level_plays_a_mate_in_one_it_has() {
    let mut fsf = Oracle::start();
    let positions = mates(60, &mut Uci::start());
    for level in LEVELS {
        let mut seat = Seat::start(&Player::Level(level)).expect("Fairy-Stockfish starts");
        for (i, pos) in positions.iter().enumerate() {
            let mv = seat.choose(pos, &[], &mut Rng::new(i as u64)).unwrap();
            let after = pos.play(mv).unwrap();
            // Fairy-Stockfish finds no move for the side mated.
            let answer = fsf.ask(&format!("legal\t{}", after.to_fen()));
            assert!(
                answer.trim_end().ends_with("moves="),
                "level {} missed the mate in {}: played {mv} ({answer})",
                level.number,
                pos.to_fen()
            );
        }
    }
}

#[test]
fn a_levels_move_is_asked_on_the_command_line() {
    let fen = "3k5/9/3P5/9/9/9/9/9/9/R3K4 w - - 0 1";
    for level in ["fsf:1", "fsf:8", "fsf:17"] {
        let (said, _) = xiangqi(&["move", fen, "--level", level]);
        assert_eq!(said.trim(), "a0a9", "{level} mates");
    }
    let (said, _) = xiangqi(&["move", "--level", "fsf:3", "--moves", "h2e2"]);
    let mv: Move = said.trim().parse().expect("a move");
    let pos = Position::new().play("h2e2".parse().unwrap()).unwrap();
    assert!(pos.is_legal(mv), "{mv}");
}

/// The floor: the easiest level against a mover of random legal moves. The figure is
/// printed (`cargo test -- --nocapture`).
#[test]
fn the_easiest_level_beats_a_random_mover_nearly_always() {
    let (said, _) = xiangqi(&[
        "match",
        "fsf:1",
        "random",
        "--games",
        "10",
        "--concurrency",
        "2",
    ]);
    let score = said
        .lines()
        .next()
        .and_then(|l| l.split(": ").nth(1))
        .unwrap_or_default()
        .to_owned();
    println!("fsf:1 against random: {score}");
    let wins: u32 = score.split(" - ").next().unwrap().trim().parse().unwrap();
    assert!(wins >= 9, "{said}");
}

/// A Go match between two levels on 9×9: every game is a whole SGF that sgfmill reads
/// to the same final board as ours, ended by two passes and counted (a level passes
/// when GNU Go has nothing left to play, and never fills one of its own eyes), its
/// result and how it ended written; run again, it is taken up.
#[test]
fn a_go_match_between_two_levels_is_sgf_that_sgfmill_reads_counted_and_taken_up() {
    use xiangqi::go::{Color, Move, Point, sgf};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-go");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.sgf");
    let path = file.to_str().unwrap();
    let args = [
        "match",
        "gnugo:8",
        "gnugo:6",
        "--size",
        "9",
        "--concurrency",
        "2",
        "-o",
        path,
    ];
    let (said, _) = xiangqi(&[&args[..], &["--games", "2"]].concat());
    assert!(said.starts_with("Score of gnugo:8 vs gnugo:6: "), "{said}");
    assert!(said.contains("Endings: counted 2"), "{said}");

    let text = std::fs::read_to_string(&file).unwrap();
    // Each game of the collection, cut as the collections reader cuts a file.
    let mut splitter = xiangqi::go::collection::Splitter::new();
    splitter.push(text.as_bytes());
    splitter.finish();
    let parts: Vec<String> = splitter
        .map(|p| String::from_utf8(p.bytes.unwrap()).unwrap())
        .collect();
    assert_eq!(parts.len(), 2, "{text}");
    let mut oracle = common::python::Oracle::start("sgfmill_oracle.py");
    for (k, part) in parts.iter().enumerate() {
        let record = sgf::read(part).unwrap().remove(0);
        let game = record.replay(&record.main_line()).unwrap();
        assert_eq!(record.tag("GC"), Some("Ending: counted"));
        assert!(game.passes() >= 2, "ended by two passes");
        let result = record.tag("RE").unwrap();
        assert!(
            result.starts_with("B+") || result.starts_with("W+"),
            "{result}"
        );
        let names = [record.tag("PB").unwrap(), record.tag("PW").unwrap()];
        assert!(
            names.contains(&"gnugo:8") && names.contains(&"gnugo:6"),
            "{names:?}"
        );
        // No move fills an eye of one of the mover's own groups: a point whose
        // neighbours are all one chain of its own with another liberty (filling a
        // point between two chains may connect them, which GNU Go does to save one).
        for (ply, mv) in game.moves().iter().enumerate() {
            let Move::Play(p) = *mv else { continue };
            let before = game.position_at(ply).unwrap();
            let me = before.to_move();
            let board = before.board();
            let around: Vec<Point> = [(0i16, 1i16), (0, -1), (1, 0), (-1, 0)]
                .into_iter()
                .map(|(dx, dy)| (i16::from(p.x) + dx, i16::from(p.y) + dy))
                .filter(|&(x, y)| (0..9).contains(&x) && (0..9).contains(&y))
                .map(|(x, y)| Point::new(x as u8, y as u8))
                .collect();
            let chains: Vec<_> = around.iter().filter_map(|&q| board.chain(q)).collect();
            let eye = chains.len() == around.len()
                && chains
                    .iter()
                    .all(|c| c.color == me && c.stones == chains[0].stones)
                && chains[0].liberties.len() >= 2;
            assert!(
                !eye,
                "game {k}: ply {ply} fills its own eye at {}",
                p.gtp(9)
            );
        }
        let single = dir.join(format!("game{k}.sgf"));
        std::fs::write(&single, part).unwrap();
        let answer = oracle.ask(&format!("read\t{}", single.display()));
        let f: Vec<&str> = answer.split('\t').collect();
        assert_eq!(f[0], "ok", "{answer}");
        let board = game.position().board();
        let ours: Vec<String> = (0..9)
            .map(|y| {
                (0..9)
                    .map(|x| match board.get(Point::new(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        assert_eq!(f[4], ours.join("/"), "sgfmill's board after the moves");
    }
    let (_, progress) = xiangqi(&[&args[..], &["--games", "3"]].concat());
    assert!(
        progress.contains("taken up: 2 games played before"),
        "{progress}"
    );
    let again = std::fs::read_to_string(&file).unwrap();
    assert_eq!(again.matches("(;").count(), 3);
}

/// Go's floor: the easiest level (six stones given) against a random mover.
#[test]
fn the_easiest_go_level_beats_a_random_mover() {
    let (said, _) = xiangqi(&[
        "match",
        "gnugo:1",
        "random",
        "--games",
        "6",
        "--concurrency",
        "2",
    ]);
    let wins: u32 = said
        .lines()
        .next()
        .and_then(|l| l.split(": ").nth(1))
        .and_then(|s| s.split(" - ").next())
        .and_then(|w| w.trim().parse().ok())
        .unwrap_or(0);
    println!("gnugo:1 against random: {said}");
    assert!(wins >= 5, "{said}");
}
