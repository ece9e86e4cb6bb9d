//! The engine client against the real Fairy-Stockfish (Debian's `fairy-stockfish`,
//! which CI installs), and against a fake engine that hangs, crashes or talks nonsense:
//! every failure is an error within the time allowed, and the engine is stopped.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use xiangqi::engine::{self, Engine, EngineError, Limit, Line, Ranks, Score};
use xiangqi::rules::{Move, Position};

fn real() -> Engine {
    let path = engine::find(None).expect(
        "no engine: install Fairy-Stockfish (sudo apt-get install fairy-stockfish); .ci/run does",
    );
    Engine::start(&path, Duration::from_secs(20)).expect("the engine starts")
}

fn fake(mode: &str, patience: Duration) -> Result<Engine, EngineError> {
    let mut command = Command::new("sh");
    command
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake-engine.sh"))
        .env("FAKE_ENGINE_MODE", mode);
    Engine::start_command(command, patience)
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn fairy_stockfish_analyses_with_its_own_rank_numbers() {
    let mut e = real();
    assert!(e.name().contains("Stockfish"), "{}", e.name());
    assert_eq!(
        e.ranks(),
        Ranks::FromOne,
        "Fairy-Stockfish counts ranks from one"
    );
    // After 炮二平五 马８进７, black's best lines at increasing depth, all legal.
    let start = Position::new();
    let moves = [mv("h2e2"), mv("h9g7")];
    let mut lines: Vec<Line> = Vec::new();
    let best = e
        .search(&start, &moves, Limit::Depth(8), 3, |l| {
            lines.push(l.clone())
        })
        .unwrap();
    let pos = start.play(moves[0]).unwrap().play(moves[1]).unwrap();
    assert!(pos.is_legal(best));
    assert_eq!(lines.iter().map(|l| l.depth).max(), Some(8));
    assert!(
        lines.iter().any(|l| l.multipv == 3),
        "three lines asked for"
    );
    for l in &lines {
        let mut at = pos.clone();
        for &m in &l.pv {
            at = at.play(m).expect("every line is legal");
        }
    }
    let deepest_best = lines.iter().rfind(|l| l.multipv == 1).unwrap();
    assert_eq!(deepest_best.pv.first(), Some(&best));
}

#[test]
fn a_mate_in_one_is_found_and_scored_as_mate() {
    let mut e = real();
    let pos: Position = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1".parse().unwrap();
    let mut last = None;
    let best = e
        .search(
            &pos,
            &[],
            Limit::MoveTime(Duration::from_millis(300)),
            1,
            |l| last = Some(l.clone()),
        )
        .unwrap();
    // b0b9, or b0d0 (the red general keeps the black one off the e-file).
    let after = pos.play(best).unwrap();
    assert!(after.is_check() && !after.has_legal_moves(), "{best} mates");
    assert_eq!(last.unwrap().score, Score::Mate(1));
}

#[test]
fn an_engine_that_never_answers_is_stopped_at_its_deadline() {
    let began = Instant::now();
    let err = fake("mute", Duration::from_millis(500))
        .err()
        .expect("no engine");
    assert!(matches!(err, EngineError::Timeout(_)), "{err}");
    assert!(began.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_search_that_hangs_crashes_or_makes_no_sense_is_an_error_in_time() {
    let start = Position::new();
    for (mode, expected) in [
        ("hang", "stopped answering"),
        ("crash", "quit"),
        ("garbage", "no sense"),
    ] {
        let mut e = fake(mode, Duration::from_millis(500)).unwrap();
        assert_eq!(e.name(), "Fake Engine");
        let began = Instant::now();
        let mut lines = 0;
        let err = e
            .search(&start, &[], Limit::Depth(5), 1, |_| lines += 1)
            .unwrap_err();
        assert!(err.to_string().contains(expected), "{mode}: {err}");
        assert!(began.elapsed() < Duration::from_secs(5), "{mode}");
        assert_eq!(
            lines,
            usize::from(mode == "garbage"),
            "{mode}: only well-formed lines"
        );
    }
}

#[test]
fn the_cli_prints_each_update_then_the_best_move() {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["analyze", "--moves", "h2e2", "--depth", "5"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2, "{text}");
    for (i, line) in lines[..lines.len() - 1].iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {} score ", i + 1)),
            "{line}"
        );
        let (iccs, chinese) = line.split_once(" pv ").unwrap().1.split_once(" (").unwrap();
        assert_eq!(
            iccs.split(' ').count(),
            chinese.trim_end_matches(')').split(' ').count()
        );
        assert!(chinese.chars().any(|c| "进退平".contains(c)), "{line}");
    }
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let pos = Position::new().play(mv("h2e2")).unwrap();
    assert!(pos.is_legal(mv(best)), "{best}");
}

#[test]
fn the_cli_says_what_is_wrong_and_exits_2() {
    for args in [
        vec!["analyze", "--engine", "/nonexistent/engine"],
        vec!["analyze", "--moves", "h2e3"],
        vec!["analyze", "--fen", "not a fen"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("xiangqi: "), "{args:?}: {err}");
    }
}
