//! The review against the real Fairy-Stockfish (CI installs it) on a real game at a
//! short depth: every position evaluated, every best move legal where it stands, the
//! rows of `xiangqi review` and its PGN read back with the same evaluations and marks;
//! and against a fake engine that crashes or hangs (a message, never a hang), with a
//! review cancelled mid-way.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use xiangqi::engine::{self, Limit};
use xiangqi::review::{self, Plan};
use xiangqi::rules::read::read_games_bytes;
use xiangqi::rules::record::GameRecord;
use xiangqi::rules::tree::Eval;
use xiangqi::rules::{Move, pgn};

fn game_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-76.pgn")
}

fn record() -> GameRecord {
    let bytes = std::fs::read(game_file()).unwrap();
    read_games_bytes(&bytes).unwrap().remove(0).unwrap().record
}

fn fairy() -> PathBuf {
    engine::find(None).expect("Fairy-Stockfish is installed (sudo apt-get install fairy-stockfish)")
}

#[test]
fn a_real_game_is_reviewed_with_every_best_move_legal() {
    let record = record();
    let start = record.game.start().clone();
    let moves: Vec<Move> = record.game.moves().collect();
    assert!(moves.len() >= 60, "a real game: {} plies", moves.len());
    let plan = Plan::new(&fairy(), Limit::Depth(5));
    let running = review::start(&plan, &start, &moves);
    let searched = review::collect(&running).unwrap();
    assert_eq!(searched.len(), moves.len() + 1);
    let mut pos = start.clone();
    for (i, s) in searched.iter().enumerate() {
        assert_eq!(s.index, i);
        if let Some(&best) = s.line.first() {
            assert!(pos.is_legal(best), "position {i}: {best} is not legal");
        } else {
            assert!(
                pos.legal_moves().is_empty(),
                "position {i} has moves but no best"
            );
        }
        if let Some(&m) = moves.get(i) {
            pos = pos.play(m).unwrap();
        }
    }
    // The start is about level.
    let first = searched[0].eval;
    assert!(
        matches!(first, Eval::Centipawns(cp) if cp.abs() < 150),
        "{first:?}"
    );
    let judged = review::judge(
        &searched.iter().map(|s| s.eval).collect::<Vec<_>>(),
        start.turn(),
    );
    assert_eq!(judged.len(), moves.len());
}

#[test]
fn the_cli_prints_a_row_a_ply_and_writes_the_evaluations_as_pgn() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let out_pgn = dir.join("reviewed.pgn");
    let output = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args([
            "review",
            game_file().to_str().unwrap(),
            "--depth",
            "4",
            "-o",
        ])
        .arg(&out_pgn)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let plies = record().game.ply_count();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), plies + 2, "{stdout}");
    let mut evals = Vec::new();
    let mut marks = Vec::new();
    for (i, row) in lines[..plies].iter().enumerate() {
        let f: Vec<&str> = row.split_whitespace().collect();
        assert!((5..=6).contains(&f.len()), "{row}");
        assert_eq!(f[0], (i + 1).to_string());
        assert!(f[1].parse::<Move>().is_ok(), "{row}");
        let eval = match f[2].strip_prefix('#') {
            Some(n) => Eval::Mate(n.parse().unwrap()),
            None => Eval::Centipawns(f[2].parse().unwrap()),
        };
        evals.push(eval);
        assert!(f[3] == "-" || f[3].parse::<Move>().is_ok(), "{row}");
        assert!(f[4].parse::<u32>().is_ok(), "{row}");
        marks.push(f.get(5).map(|m| (*m).to_owned()));
        if let Some(m) = f.get(5) {
            assert!(["?!", "?", "??"].contains(m), "{row}");
        }
    }
    assert!(
        lines[plies].starts_with("red accuracy "),
        "{}",
        lines[plies]
    );
    assert!(lines[plies + 1].starts_with("black accuracy "));
    // The PGN: the same game, each move's evaluation, the marks as glyphs.
    let text = std::fs::read_to_string(&out_pgn).unwrap();
    assert!(text.contains("[%eval "), "{text}");
    let back = pgn::read(&text).unwrap().record;
    assert_eq!(back.game.ply_count(), plies);
    for (i, e) in evals.iter().enumerate() {
        // Written in pawns with two decimals: centipawns come back exactly.
        assert_eq!(back.evals.get(&(i + 1)), Some(e), "ply {}", i + 1);
    }
    for (i, m) in marks.iter().enumerate() {
        let nag = m.as_deref().map(|g| match g {
            "?!" => 6,
            "?" => 2,
            _ => 4,
        });
        let got = back
            .nags
            .get(&(i + 1))
            .and_then(|n| n.iter().find(|n| [2, 4, 6].contains(&n.0)))
            .map(|n| n.0);
        assert_eq!(got, nag, "ply {}", i + 1);
    }
}

/// The fake engine that crashes when asked to search, as a program.
fn fake_crash() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake-crash-engine.sh")
}

#[test]
fn a_crashing_engine_is_a_message_a_missing_one_exit_2_and_a_review_stops_when_cancelled() {
    let record = record();
    let start = record.game.start().clone();
    let moves: Vec<Move> = record.game.moves().collect();
    let plan = Plan::new(&fake_crash(), Limit::Depth(3));
    let err = review::collect(&review::start(&plan, &start, &moves)).unwrap_err();
    assert!(err.contains("quit"), "{err}");
    // Missing: exit 2 with a message.
    let output = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args([
            "review",
            game_file().to_str().unwrap(),
            "--engine",
            "/nonexistent/engine",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not start the engine"));
    // Cancelled: a deep review of the real game ends at once, every engine stopped.
    let plan = Plan::new(&fairy(), Limit::Depth(40));
    let running = review::start(&plan, &start, &moves);
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    running.cancel();
    // The workers stop and drop their senders: the channel closes.
    while running
        .results
        .recv_timeout(Duration::from_secs(10))
        .is_ok()
    {}
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
}
