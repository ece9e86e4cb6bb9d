//! The engine client against the real Fairy-Stockfish (Debian's `fairy-stockfish`,
//! which CI installs), and against a fake engine that hangs, crashes or talks nonsense:
//! every failure is an error within the time allowed, and the engine is stopped.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use xiangqi::engine::{
    self, Engine, EngineError, Job, Limit, Line, Options, Ranks, Report, Score, Worker,
};
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

#[test]
fn an_infinite_search_stops_when_told_and_the_engine_stays_in_step() {
    let mut e = real();
    let start = Position::new();
    let lines = std::cell::Cell::new(0);
    let began = Instant::now();
    let mut stopped_at = None;
    let result = e.search_until(
        &start,
        &[mv("h2e2")],
        Limit::Infinite,
        2,
        |_| lines.set(lines.get() + 1),
        || {
            // Stop once it has said something and a moment has passed.
            let stop = lines.get() > 0 && began.elapsed() > Duration::from_millis(300);
            if stop && stopped_at.is_none() {
                stopped_at = Some(Instant::now());
            }
            stop
        },
    );
    assert!(matches!(result, Ok(None)), "{result:?}");
    let took = stopped_at.unwrap().elapsed();
    assert!(took < Duration::from_secs(2), "stopping took {took:?}");
    // The stopped search's move was read and dropped: the next answer is the next
    // search's own.
    let best = e.search(&start, &[], Limit::Depth(3), 1, |_| {}).unwrap();
    assert!(start.is_legal(best), "{best}");
}

#[test]
fn an_engine_that_ignores_stop_is_killed_in_time() {
    let mut e = fake("hang", Duration::from_millis(500)).unwrap();
    let began = Instant::now();
    let err = e
        .search_until(&Position::new(), &[], Limit::Infinite, 1, |_| {}, || true)
        .unwrap_err();
    assert!(matches!(err, EngineError::Timeout(_)), "{err}");
    assert!(began.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_finished_position_is_not_searched() {
    let mut e = real();
    let mate: Position = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1".parse().unwrap();
    let err = e
        .search(&mate, &[mv("b0b8")], Limit::Depth(3), 1, |_| {})
        .unwrap_err();
    assert!(matches!(err, EngineError::NoMoves), "{err}");
}

/// The worker's reports until `done` says enough, or `within` has passed.
fn reports_until(
    worker: &Worker,
    within: Duration,
    mut done: impl FnMut(&Report) -> bool,
) -> Vec<Report> {
    let began = Instant::now();
    let mut all = Vec::new();
    while began.elapsed() < within {
        for r in worker.reports() {
            let stop = done(&r);
            all.push(r);
            if stop {
                return all;
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("nothing enough within {within:?}: {all:?}");
}

/// Clock ticks since boot now (`/proc/uptime`, in the hundredths `/proc/PID/stat` uses).
fn uptime_ticks() -> u64 {
    let up = std::fs::read_to_string("/proc/uptime").unwrap();
    let secs: f64 = up.split_whitespace().next().unwrap().parse().unwrap();
    (secs * 100.0) as u64
}

/// When process `pid` started, in clock ticks since boot (field 22 of its stat).
fn started_at(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let (_, rest) = stat.rsplit_once(") ").unwrap();
    rest.split(' ').nth(19).unwrap().parse().unwrap()
}

fn options() -> Options {
    Options {
        threads: 1,
        hash_mb: 16,
    }
}

fn job(moves: &[&str], limit: Limit, multipv: usize) -> Job {
    Job {
        start: Position::new(),
        moves: moves.iter().map(|m| mv(m)).collect(),
        limit,
        multipv,
    }
}

#[test]
fn the_worker_starts_the_engine_when_asked_and_a_newer_request_replaces_the_running_one() {
    let path = engine::find(None).expect("fairy-stockfish is installed");
    let woken = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = std::sync::Arc::clone(&woken);
    let worker = Worker::spawn(path, options(), Duration::from_secs(20), move || {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    });
    assert!(worker.reports().is_empty(), "no engine before it is needed");
    let asked_at = uptime_ticks();
    let analysis = worker.ask(job(&["h2e2"], Limit::Infinite, 3));
    let first = reports_until(
        &worker,
        Duration::from_secs(20),
        |r| matches!(r, Report::Line { line, .. } if line.depth >= 4),
    );
    let Report::Started { name, pid } = &first[0] else {
        panic!("{first:?}")
    };
    assert!(name.contains("Stockfish"), "{name}");
    // Not started before it was needed: its process began after the request.
    assert!(
        started_at(*pid) + 1 >= asked_at,
        "the engine's process is older than the request"
    );
    let multipvs: std::collections::BTreeSet<usize> = first
        .iter()
        .filter_map(|r| match r {
            Report::Line { job, line } if *job == analysis => Some(line.multipv),
            _ => None,
        })
        .collect();
    assert_eq!(multipvs, [1, 2, 3].into(), "three lines at each depth");

    // A move played: the analysis stops and the computer's move is searched.
    let play = worker.ask(job(&["h2e2", "h9g7"], Limit::Depth(4), 1));
    let second = reports_until(&worker, Duration::from_secs(20), |r| {
        matches!(r, Report::Best { .. })
    });
    let Some(&Report::Best {
        job: best_of,
        mv: best,
    }) = second.last()
    else {
        unreachable!()
    };
    assert_eq!(best_of, play, "the infinite search never gives a move");
    let pos = Position::new()
        .play(mv("h2e2"))
        .unwrap()
        .play(mv("h9g7"))
        .unwrap();
    assert!(pos.is_legal(best), "{best}");
    // Lines of the stopped search may still be on their way; none come after the
    // next search's.
    let last_analysis = second
        .iter()
        .rposition(|r| matches!(r, Report::Line { job, .. } if *job == analysis));
    let first_play = second
        .iter()
        .position(|r| matches!(r, Report::Line { job, .. } if *job == play));
    assert!(last_analysis < first_play, "{second:?}");

    // Stopped: the search ends without a move; the engine's answer to the stop is
    // said (Stopped), and nothing of the search comes after it.
    let idle = worker.ask(job(&[], Limit::Infinite, 1));
    reports_until(
        &worker,
        Duration::from_secs(20),
        |r| matches!(r, Report::Line { job, .. } if *job == idle),
    );
    worker.stop();
    let stopped = reports_until(
        &worker,
        Duration::from_secs(20),
        |r| matches!(r, Report::Stopped { job } if *job == idle),
    );
    assert!(
        !stopped
            .iter()
            .any(|r| matches!(r, Report::Best { job, .. } if *job == idle)),
        "a stopped search gives no move: {stopped:?}"
    );
    let marker = worker.ask(job(&["h2e2"], Limit::Depth(1), 1));
    let after = reports_until(
        &worker,
        Duration::from_secs(20),
        |r| matches!(r, Report::Best { job, .. } if *job == marker),
    );
    assert!(
        !after.iter().any(|r| match r {
            Report::Line { job, .. } | Report::Best { job, .. } | Report::Stopped { job } =>
                *job == idle,
            _ => false,
        }),
        "nothing of the stopped search after its stop was answered: {after:?}"
    );
    assert!(woken.load(std::sync::atomic::Ordering::SeqCst) > 3);
}

#[test]
fn a_worker_whose_engine_is_missing_or_crashes_says_so_once() {
    let missing = Worker::spawn(
        "/nonexistent/engine".into(),
        options(),
        Duration::from_secs(2),
        || {},
    );
    missing.ask(job(&[], Limit::Depth(3), 1));
    let said = reports_until(&missing, Duration::from_secs(5), |_| true);
    assert!(
        matches!(&said[0], Report::Failed(why) if why.contains("/nonexistent/engine")),
        "{said:?}"
    );

    // The worker starts a program by its path: a crashing "engine" of its own.
    let crash = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake-crash-engine.sh");
    let crashing = Worker::spawn(crash, options(), Duration::from_secs(2), || {});
    crashing.ask(job(&[], Limit::Depth(3), 1));
    let said = reports_until(&crashing, Duration::from_secs(5), |r| {
        matches!(r, Report::Failed(_))
    });
    assert!(
        matches!(said.last(), Some(Report::Failed(why)) if why.contains("quit")),
        "{said:?}"
    );
    crashing.ask(job(&[], Limit::Depth(3), 1));
    // An ended worker has no thread left to answer: nothing is the only sign of that,
    // so here a bounded wait is the only way.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        crashing.reports(),
        [],
        "an ended worker answers nothing more"
    );
}

#[test]
fn an_engine_counting_ranks_from_zero_is_read_as_such() {
    // As Pikafish writes its moves: h2e2, h9g7.
    let mut e = fake("zero", Duration::from_secs(5)).unwrap();
    assert_eq!(e.ranks(), Ranks::FromZero);
    let mut lines = Vec::new();
    let best = e
        .search(&Position::new(), &[], Limit::Depth(2), 1, |l| {
            lines.push(l.clone())
        })
        .unwrap();
    assert_eq!(best, mv("h2e2"));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].pv, [mv("h2e2"), mv("h9g7")]);
    assert_eq!(lines[0].score, Score::Centipawns(21));
}
