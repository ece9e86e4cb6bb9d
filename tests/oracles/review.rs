//! The review against the real Fairy-Stockfish (CI installs it) on a real game at a
//! short depth: every position evaluated, every best move legal where it stands, the
//! rows of `xiangqi review` and its PGN read back with the same evaluations and marks;
//! and against a fake engine that crashes or hangs (a message, never a hang), with a
//! review cancelled mid-way.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use xiangqi::engine::{self, Limit};
use xiangqi::games::xiangqi::review::{self, Plan};
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
    let _alone = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
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
    let _alone = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    let plan = Plan::new(&fairy(), Limit::Depth(40));
    let running = review::start(&plan, &start, &moves);
    // Cancelled while the engines search: they have started and used CPU.
    let began = Instant::now();
    let searching = loop {
        let busy: Vec<u32> = engine_children()
            .into_iter()
            .filter(|&pid| cpu_ticks(pid) > 0)
            .collect();
        if !busy.is_empty() {
            break busy;
        }
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "no engine searched"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
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
    // And the engines that searched are gone.
    while searching.iter().any(|pid| engine_children().contains(pid)) {
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "engines still running: {searching:?}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The tests that start Fairy-Stockfish in this process take turns, so that one can
/// tell its own engines by their parent.
static ENGINES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This process's Fairy-Stockfish children that have not ended (a zombie has).
fn engine_children() -> Vec<u32> {
    let me = std::process::id().to_string();
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some((head, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split(' ').collect();
        if head.ends_with("(fairy-stockfish") && fields[1] == me && fields[0] != "Z" {
            out.push(pid);
        }
    }
    out
}

/// The CPU ticks process `pid` has used (0 once it is gone).
fn cpu_ticks(pid: u32) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    let Some((_, rest)) = stat.rsplit_once(") ") else {
        return 0;
    };
    let fields: Vec<&str> = rest.split(' ').collect();
    fields[11].parse::<u64>().unwrap_or(0) + fields[12].parse::<u64>().unwrap_or(0)
}

/// Fairy-Stockfish asked directly, as a program on a pipe (nothing of `src/engine.rs` or
/// `src/games/xiangqi/review.rs`): its score for `fen` at `depth`, as it says it, from the side to move.
fn raw_score(fen: &str, depth: u32) -> Eval {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(fairy())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    writeln!(
        input,
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nposition fen {fen}\ngo depth {depth}"
    )
    .unwrap();
    input.flush().unwrap();
    let mut score = None;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(at) = words.iter().position(|w| *w == "score") {
            let n: i32 = words[at + 2].parse().unwrap();
            score = Some(match words[at + 1] {
                "mate" => Eval::Mate(n),
                _ => Eval::Centipawns(n),
            });
        }
        if line.starts_with("bestmove") {
            break;
        }
    }
    let _ = writeln!(input, "quit");
    let _ = child.wait();
    score.unwrap_or_else(|| panic!("no score for {fen}"))
}

/// Red's expected score, computed here from an evaluation from red's side: the logistic
/// curve with the review's slope, mates as certain.
fn red_percent(e: Eval) -> f64 {
    match e {
        Eval::Mate(n) => {
            if n > 0 {
                100.0
            } else {
                0.0
            }
        }
        Eval::Centipawns(cp) => {
            let cp = f64::from(cp.clamp(-2000, 2000));
            100.0 / (1.0 + (-review::WIN_K * cp).exp())
        }
    }
}

fn as_cp(e: Eval) -> i32 {
    match e {
        Eval::Centipawns(cp) => cp,
        Eval::Mate(n) if n > 0 => 10_000,
        Eval::Mate(_) => -10_000,
    }
}

/// The review's evaluations against the engine's own scores of the same positions,
/// turned to red's side here: with red and with black to move they agree in sign
/// wherever the engine sees a clear edge; the last evaluation of a game
/// red won is red's; and the marks are those the drops of expected score computed here,
/// from the engine's raw scores, call for.
#[test]
fn evaluations_agree_with_the_engines_own_scores_for_either_side_to_move() {
    let _alone = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    let bytes = std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/download-gbk-footer.pgn"),
    )
    .unwrap();
    let record = read_games_bytes(&bytes).unwrap().remove(0).unwrap().record;
    assert_eq!(record.tag("Result"), Some("1-0"));
    let start = record.game.start().clone();
    let moves: Vec<Move> = record.game.moves().collect();
    // One process takes the positions in order: the same figures every run (two share
    // the positions as they come, and their hash tables differ run to run).
    let mut plan = Plan::new(&fairy(), Limit::Depth(8));
    plan.processes = 1;
    let searched = review::collect(&review::start(&plan, &start, &moves)).unwrap();
    assert_eq!(searched.len(), moves.len() + 1);

    let mut pos = start.clone();
    let mut raw = Vec::new();
    let mut compared = [0, 0];
    for (i, s) in searched.iter().enumerate() {
        if pos.legal_moves().is_empty() {
            // Mate: no search, the review says who won (checked below).
            raw.push(s.eval);
            continue;
        }
        let said = raw_score(&pos.to_fen(), 8);
        // From the side to move to red's, here.
        let red = if pos.turn() == xiangqi::rules::Color::Red {
            said
        } else {
            match said {
                Eval::Centipawns(cp) => Eval::Centipawns(-cp),
                Eval::Mate(n) => Eval::Mate(-n),
            }
        };
        raw.push(red);
        let (ours, theirs) = (as_cp(s.eval), as_cp(red));
        // Two searches of one position by two processes differ (hash, history), by
        // up to a few hundred centipawns here; a clear edge keeps its sign.
        if theirs.abs() >= 250 {
            assert_eq!(
                ours.signum(),
                theirs.signum(),
                "position {i} ({:?} to move): review {:?}, engine {said:?} (red {red:?})",
                pos.turn(),
                s.eval
            );
            compared[usize::from(pos.turn() == xiangqi::rules::Color::Black)] += 1;
        }
        if let Some(&m) = moves.get(i) {
            pos = pos.play(m).unwrap();
        }
    }
    assert!(
        compared[0] >= 3 && compared[1] >= 3,
        "clear edges compared with red and with black to move: {compared:?}"
    );
    // Red won: the last position is red's, to the engine and to the review.
    let last = as_cp(searched.last().unwrap().eval);
    let raw_last = as_cp(*raw.last().unwrap());
    assert!(
        raw_last >= 150,
        "the engine sees red ahead at the end: {raw_last}"
    );
    assert!(last > 0, "red won, the review ends at {last}");

    // The marks for the engine's raw scores, as the drops computed here call for.
    let judged = review::judge(&raw, start.turn());
    let mut marked = 0;
    for (i, j) in judged.iter().enumerate() {
        let red_moved = (i % 2 == 0) == (start.turn() == xiangqi::rules::Color::Red);
        let (before, after) = (red_percent(raw[i]), red_percent(raw[i + 1]));
        let drop = if red_moved {
            before - after
        } else {
            after - before
        }
        .max(0.0);
        let want = if drop >= 30.0 {
            Some(review::Mark::Blunder)
        } else if drop >= 20.0 {
            Some(review::Mark::Mistake)
        } else if drop >= 10.0 {
            Some(review::Mark::Inaccuracy)
        } else {
            None
        };
        assert_eq!(j.mark, want, "move {}: a drop of {drop:.1}", i + 1);
        let loss = if red_moved {
            as_cp(raw[i]).clamp(-2000, 2000) - as_cp(raw[i + 1]).clamp(-2000, 2000)
        } else {
            as_cp(raw[i + 1]).clamp(-2000, 2000) - as_cp(raw[i]).clamp(-2000, 2000)
        };
        assert_eq!(j.loss, loss.max(0) as u32, "move {}", i + 1);
        marked += usize::from(want.is_some());
    }
    assert!(marked >= 1, "some move is marked");
    eprintln!("{compared:?} clear edges compared, {marked} moves marked");
}
