//! The Go review against GNU Go itself: the scores and candidates it shows are the
//! ones a fresh GNU Go gives for the same position; the SGF it writes is read by
//! sgfmill with its comments, values and marks, and by us back to the same review; a
//! review cancelled stops; GNU Go missing is said, not a crash.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use common::python::Oracle;
use xiangqi::engine::gtp::{self, SEED};
use xiangqi::games::go::review::{self, Options, Seen, mover};
use xiangqi::go::{Color, Game, sgf};

fn nine() -> (sgf::SgfGame, Vec<usize>, Game) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-9x9.sgf");
    let record = sgf::read(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .remove(0);
    let line = record.main_line();
    let game = record.replay(&line).unwrap();
    (record, line, game)
}

fn options(level: u8, workers: usize) -> Options {
    Options {
        // Not skipped when missing: .ci/run installs it.
        gnugo: gtp::find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)"),
        level,
        workers,
    }
}

fn run(game: &Game, options: &Options) -> Vec<Option<Seen>> {
    let found = Mutex::new(vec![None; game.moves().len() + 1]);
    review::review(game, options, &AtomicBool::new(false), &|k, seen| {
        found.lock().unwrap()[k] = Some(seen);
    })
    .unwrap();
    found.into_inner().unwrap()
}

/// The answers of a fresh GNU Go (seeded, at `level`) told the first `k` moves of
/// `game`, then `then`, by GTP text, to `asks` (the commands after the moves), the
/// empty answers left out.
fn gnugo_answers(
    game: &Game,
    k: usize,
    then: Option<xiangqi::go::Move>,
    level: u8,
    asks: &str,
) -> Vec<String> {
    let size = game.start().board().size();
    let mut script = format!(
        "boardsize {size}\nclear_board\nkomi {}\n",
        game.rules().komi
    );
    let moves = game.moves()[..k].iter().copied().chain(then);
    for (i, mv) in moves.enumerate() {
        let c = if mover(game, i) == Color::Black {
            "B"
        } else {
            "W"
        };
        script.push_str(&format!("play {c} {}\n", mv.gtp(size)));
    }
    script.push_str(asks);
    script.push_str("quit\n");
    let out = Command::new(gtp::find_gnugo().unwrap())
        .args([
            "--mode",
            "gtp",
            "--chinese-rules",
            "--seed",
            &SEED.to_string(),
        ])
        .args(["--level", &level.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .split("\n\n")
        .map(str::trim)
        .filter(|a| *a != "=" && !a.is_empty())
        .map(|a| a.trim_start_matches("= ").to_owned())
        .collect()
}

/// What a GNU Go of our own, told the moves up to `k` by GTP text, answers to
/// `estimate_score` and `top_moves_…`.
fn ask_gnugo(game: &Game, k: usize, level: u8) -> (String, String) {
    let side = if mover(game, k) == Color::Black {
        "black"
    } else {
        "white"
    };
    let asks = format!("estimate_score\ntop_moves_{side}\n");
    let mut answers = gnugo_answers(game, k, None, level, &asks);
    let top = answers.pop().unwrap();
    (answers.pop().unwrap(), top)
}

#[test]
fn the_review_shows_the_scores_and_candidates_gnu_go_gives_for_the_same_positions() {
    let (_, _, game) = nine();
    assert_eq!(game.moves().len(), 60);
    let found = run(&game, &options(5, 2));
    assert!(found.iter().all(Option::is_some), "every position seen");
    let size = 9;
    for k in [0, 1, 17, 30, 45, 59] {
        let seen = found[k].as_ref().unwrap();
        let (score, top) = ask_gnugo(&game, k, 5);
        let word = score.split_whitespace().next().unwrap();
        assert_eq!(
            review::score_text(seen.score),
            if word == "0" {
                "0".to_owned()
            } else {
                word.to_owned()
            },
            "position {k}: GNU Go says {score}"
        );
        let best = seen.best.unwrap();
        let mut words = top.split_whitespace();
        let (point, value) = (words.next().unwrap_or("PASS"), words.next().unwrap_or("0"));
        assert_eq!(
            best.mv.gtp(size).to_uppercase(),
            point.to_uppercase(),
            "position {k}: {top}"
        );
        assert!(
            (best.value - value.parse::<f32>().unwrap()).abs() < 1e-3,
            "position {k}: {top}"
        );
    }
    // The last position has its score and no candidate.
    assert!(found[60].as_ref().unwrap().best.is_none());
    let steps = review::judge(&game, &found);
    assert!(steps.iter().all(Option::is_some));
    // A move GNU Go would have played costs nothing.
    for (i, step) in steps.iter().enumerate() {
        let step = step.as_ref().unwrap();
        if step.best.mv == step.played {
            assert_eq!(step.loss, 0.0, "move {}", i + 1);
            assert_eq!(step.mark, None);
        }
    }
}

/// GNU Go's own estimate, in points for black (`B+3.5` is 3.5, `W+2.0` is −2), of
/// the position after the first `k` moves and then `then`, asked of a fresh GNU Go.
fn estimate_after(game: &Game, k: usize, then: Option<xiangqi::go::Move>, level: u8) -> f32 {
    let answer = gnugo_answers(game, k, then, level, "estimate_score\n")
        .pop()
        .unwrap();
    let word = answer.split_whitespace().next().unwrap();
    if let Some(b) = word.strip_prefix("B+") {
        b.parse().unwrap()
    } else if let Some(w) = word.strip_prefix("W+") {
        -w.parse::<f32>().unwrap()
    } else {
        assert_eq!(word, "0", "{answer}");
        0.0
    }
}

/// What a move cost its player, from GNU Go's own estimates for both colours: the
/// position after the move GNU Go would have played against the one after the move
/// played, each asked of a fresh GNU Go, from the mover's side (a loss for white is
/// black's estimate going up). The review's losses are these, for black and white.
#[test]
fn the_reviews_losses_are_gnu_gos_estimates_from_the_movers_side() {
    // GNU Go's own game, cut after 14 moves, then three first-line moves for each side:
    // moves GNU Go would not play, which cost their player something.
    let (_, _, mut game) = nine();
    while game.moves().len() > 14 {
        game.undo();
    }
    for _ in 0..6 {
        let edge = *game
            .legal_points()
            .iter()
            .find(|p| p.x == 0 || p.y == 0 || p.x == 8 || p.y == 8)
            .expect("an empty point on the edge");
        game.play(xiangqi::go::Move::Play(edge)).unwrap();
    }
    let level = 3;
    let found = run(&game, &options(level, 2));
    let steps = review::judge(&game, &found);
    let mut checked = [0, 0];
    let mut costly = [0, 0];
    for (i, step) in steps.iter().enumerate() {
        let step = step.as_ref().unwrap();
        let side = usize::from(step.mover == Color::White);
        if step.best.mv == step.played || checked[side] == 3 {
            continue;
        }
        let played = estimate_after(&game, i + 1, None, level);
        let best = estimate_after(&game, i, Some(step.best.mv), level);
        let sign = if step.mover == Color::Black {
            1.0
        } else {
            -1.0
        };
        let loss = (sign * (best - played) * 10.0).round() / 10.0;
        assert!(
            (step.loss - loss).abs() < 0.051,
            "move {} by {:?}: the review says it lost {}, GNU Go's estimates {best} (its \
             move) and {played} (the move played) say {loss}",
            i + 1,
            step.mover,
            step.loss
        );
        checked[side] += 1;
        costly[side] += usize::from(loss > 0.0);
    }
    assert_eq!(
        checked,
        [3, 3],
        "three moves of each side GNU Go would not have played"
    );
    assert!(
        costly.iter().all(|&n| n > 0),
        "a move of each side that cost something: {costly:?}"
    );
}

#[test]
fn the_review_written_to_sgf_is_read_by_sgfmill_and_back_by_us() {
    let (mut record, line, game) = nine();
    // A player's comment on move 3 stays before the review's words.
    let third = line[3];
    record.nodes[third].comment = "好棋 — a player's note".to_owned();
    let found = run(&game, &options(3, 2));
    let steps = review::judge(&game, &found);
    review::annotate(&mut record, &line, &game, &found, &steps, 3);
    // Reviewed twice: the words are replaced, not doubled.
    review::annotate(&mut record, &line, &game, &found, &steps, 3);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("go-review");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("reviewed.sgf");
    std::fs::write(&path, sgf::write(&record)).unwrap();

    let mut oracle = Oracle::start("sgfmill_oracle.py");
    let answer = oracle.ask(&format!("values\t{}", path.display()));
    let f: Vec<&str> = answer.split('\t').collect();
    assert_eq!(f[0], "ok", "{answer}");
    let values: Vec<&str> = f[1].split(',').collect();
    let marks: Vec<&str> = f[2].split(',').collect();
    assert_eq!(values.len(), 61);
    for (k, v) in values.iter().enumerate() {
        let ours = found[k].as_ref().unwrap().score;
        let theirs: f32 = v.parse().unwrap_or_else(|_| panic!("node {k}: V {v:?}"));
        assert!(
            (ours - theirs).abs() < 0.051,
            "node {k}: {ours} vs {theirs}"
        );
    }
    for (i, step) in steps.iter().enumerate() {
        let want = match step.as_ref().unwrap().mark {
            Some(review::Mark::Mistake) => "1",
            Some(review::Mark::Blunder) => "2",
            None => "",
        };
        assert_eq!(marks[i + 1], want, "move {}", i + 1);
    }
    let answer = oracle.ask(&format!("read\t{}", path.display()));
    let comments: Vec<String> = answer
        .split('\t')
        .nth(6)
        .unwrap()
        .split(',')
        .map(|h| {
            let bytes: Vec<u8> = (0..h.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
                .collect();
            String::from_utf8(bytes).unwrap()
        })
        .collect();
    assert!(
        comments[3].starts_with("好棋 — a player's note\n\nGNU Go review (level 3): "),
        "{}",
        comments[3]
    );
    assert_eq!(comments[3].matches("GNU Go review").count(), 1);
    for (i, step) in steps.iter().enumerate() {
        let step = step.as_ref().unwrap();
        let c = &comments[i + 1];
        assert!(
            c.contains(&format!("GNU Go would play {}", step.best.mv.gtp(9))),
            "move {}: {c}",
            i + 1
        );
        for reason in &step.reasons {
            assert!(
                c.contains(reason.as_str()),
                "move {}: {reason} in {c}",
                i + 1
            );
        }
    }

    // Read back: the same scores, moves judged alike (losses to a tenth).
    let back = sgf::read(&std::fs::read_to_string(&path).unwrap())
        .unwrap()
        .remove(0);
    let (scores, judged) = review::read_back(&back, &back.main_line(), &game);
    for (k, s) in scores.iter().enumerate() {
        assert!((s.unwrap() - found[k].as_ref().unwrap().score).abs() < 0.051);
    }
    for (i, (a, b)) in judged.iter().zip(&steps).enumerate() {
        let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
        assert_eq!(
            (a.best.mv, a.mark, &a.reasons),
            (b.best.mv, b.mark, &b.reasons),
            "move {}",
            i + 1
        );
        assert!((a.loss - b.loss.max(0.0)).abs() < 0.051, "move {}", i + 1);
    }
}

#[test]
fn a_review_cancelled_stops_between_positions() {
    let (_, _, game) = nine();
    let cancel = AtomicBool::new(false);
    let found = Mutex::new(0usize);
    review::review(&game, &options(5, 2), &cancel, &|_, _| {
        *found.lock().unwrap() += 1;
        cancel.store(true, Ordering::Relaxed);
    })
    .unwrap();
    let found = found.into_inner().unwrap();
    // Each process finishes the position it holds, and takes no other.
    assert!(
        (1..=2).contains(&found),
        "{found} positions after the cancel"
    );
}

#[test]
fn gnu_go_missing_is_said_by_the_cli_and_the_review() {
    let (_, _, game) = nine();
    let gone = Options {
        gnugo: PathBuf::from("/nonexistent/gnugo"),
        level: 5,
        workers: 2,
    };
    let err = review::review(&game, &gone, &AtomicBool::new(false), &|_, _| {}).unwrap_err();
    assert!(err.to_string().contains("/nonexistent/gnugo"), "{err}");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-9x9.sgf");
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["go", "review"])
        .arg(&file)
        .env("GNUGO", "")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("GNU Go is not installed"), "{said}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_cli_prints_a_row_a_move_and_writes_the_reviewed_sgf() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-9x9.sgf");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("go-review-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let written = dir.join("out.sgf");
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["go", "review", "--level", "3", "-o"])
        .arg(&written)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 60, "{text}");
    let (_, _, game) = nine();
    for (i, row) in rows.iter().enumerate() {
        assert!((5..=6).contains(&row.len()), "{row:?}");
        assert_eq!(row[0], (i + 1).to_string());
        assert_eq!(row[1], game.moves()[i].gtp(9));
        assert!(
            row[2] == "0" || row[2].starts_with("B+") || row[2].starts_with("W+"),
            "{row:?}"
        );
        let loss: f32 = row[4].parse().unwrap();
        let mark = row.get(5).copied();
        assert_eq!(
            mark,
            review::Mark::of(loss).map(review::Mark::glyph),
            "{row:?}"
        );
    }
    let back = sgf::read(&std::fs::read_to_string(&written).unwrap())
        .unwrap()
        .remove(0);
    let (scores, steps) = review::read_back(&back, &back.main_line(), &game);
    assert!(scores.iter().all(Option::is_some));
    assert!(steps.iter().all(Option::is_some));
}

/// 13×13 and 19×19: GNU Go's territory has a value a point, its estimate is the one a
/// fresh GNU Go gives, and a short review judges every move.
#[test]
fn the_territory_and_the_review_work_on_13_and_19() {
    use xiangqi::go::{Move, Rules};
    let path = gtp::find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)");
    for (size, moves) in [
        (13u8, "D4 K10 K4 D10 G7 C7 L7 G11 pass G3"),
        (19, "Q16 D4 Q3 D16 R5 F17 C14 O17 pass R14"),
    ] {
        let mut game = Game::new(size, Rules::CHINESE).unwrap();
        for m in moves.split_whitespace() {
            game.play(Move::from_gtp(m, size).unwrap()).unwrap();
        }
        let mut gnugo = gtp::gnugo_seeded(&path, &game, 5).unwrap();
        gnugo.set_game(&game).unwrap();
        let owners = gnugo.territory(game.position().to_move(), size).unwrap();
        assert_eq!(owners.len(), usize::from(size) * usize::from(size));
        assert!(owners.iter().any(|&v| v > 0.5) && owners.iter().any(|&v| v < -0.5));
        let score = gnugo.estimate().unwrap();
        let (theirs, _) = ask_gnugo(&game, game.moves().len(), 5);
        assert_eq!(
            review::score_text(score),
            theirs.split_whitespace().next().unwrap(),
            "{size}×{size}"
        );
        let found = run(&game, &options(1, 2));
        let steps = review::judge(&game, &found);
        assert_eq!(steps.len(), 10);
        assert!(steps.iter().all(Option::is_some), "{size}×{size}");
    }
}
