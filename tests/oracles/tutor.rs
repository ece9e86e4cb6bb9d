//! The table's warnings against outside truth, on seeded random games. Xiangqi: every
//! mate the warnings name is the mate Fairy-Stockfish sees, and a piece "taken for
//! nothing" is a loss its search confirms. Go: GNU Go's own tactical reading (`attack`,
//! `defend`) agrees that the group can be taken, or saved. And `xiangqi tutor` / `xiangqi
//! go tutor` print the same words, nothing for a move let pass.

use std::io::Write;
use std::process::{Command, Stdio};

use xiangqi::engine::gtp;
use xiangqi::games::go::tutor as go_tutor;
use xiangqi::games::xiangqi::tutor::{self as xq_tutor, Warning};
use xiangqi::go::{Color as GoColor, Game, Move as GoMove, Rules};
use xiangqi::i18n::Lang;
use xiangqi::rules::{Move, Notation, Position};

use super::uci::{Eval, Fsf};
use crate::common::{self, Rng};

fn cp(e: Eval) -> i32 {
    match e {
        Eval::Cp(c) => c,
        Eval::Mate(n) if n > 0 => 10_000,
        Eval::Mate(_) => -10_000,
    }
}

fn tutor_cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

#[derive(Default)]
struct Found {
    hangs: Vec<(Position, Move)>,
    mates: Vec<(Position, Move, Warning)>,
    missed: Vec<(Position, Move, Warning)>,
    quiet: Vec<(Position, Move)>,
}

fn xiangqi_warnings() -> Found {
    let mut rng = Rng(0x7070_0059);
    let mut found = Found::default();
    for _ in 0..24 {
        let line = common::random_line(&Position::new(), 90, &mut rng);
        let mut pos = Position::new();
        for &played in &line {
            for &m in &pos.legal_moves() {
                match xq_tutor::warn(&pos, m) {
                    Some(Warning::Hangs { .. }) if found.hangs.len() < 60 => {
                        found.hangs.push((pos.clone(), m));
                    }
                    Some(w @ (Warning::MateInOne { .. } | Warning::MateInTwo { .. }))
                        if found.mates.len() < 40 =>
                    {
                        found.mates.push((pos.clone(), m, w));
                    }
                    Some(w @ Warning::MissesMate { .. }) if found.missed.len() < 40 => {
                        found.missed.push((pos.clone(), m, w));
                    }
                    None if found.quiet.len() < 40 && rng.below(50) == 0 => {
                        found.quiet.push((pos.clone(), m));
                    }
                    _ => {}
                }
            }
            pos.play_unchecked(played);
        }
    }
    found
}

#[test]
fn xiangqi_warnings_are_what_fairy_stockfish_sees() {
    let found = xiangqi_warnings();
    let mut fsf = Fsf::start();
    // Every mate named is a mate the engine sees, as short.
    for (pos, m, w) in &found.mates {
        let fen = pos.to_fen();
        let theirs = fsf.score(&fen, &[*m], 5);
        let most = if matches!(w, Warning::MateInOne { .. }) {
            1
        } else {
            2
        };
        assert!(
            matches!(theirs, Eval::Mate(n) if (1..=most).contains(&n)),
            "{fen} {m}: {w:?}, engine {theirs:?}"
        );
    }
    for (pos, m, w) in &found.missed {
        let fen = pos.to_fen();
        assert_eq!(fsf.score(&fen, &[], 3), Eval::Mate(1), "{fen} {m}: {w:?}");
        // And the move played is not that mate: the other side still has its moves (a
        // mated side's search says "mate 0", or none at all).
        let after = fsf.score(&fen, &[*m], 3);
        assert_ne!(
            after,
            Eval::Mate(0),
            "{fen} {m} mates, yet the warning says it misses the mate: {w:?}"
        );
    }
    // A piece taken for nothing: the move costs what the engine's own search says, at
    // least a horse's worth against its best move.
    let mut confirmed = 0;
    for (pos, m) in &found.hangs {
        let fen = pos.to_fen();
        let best = cp(fsf.score(&fen, &[], 8));
        let after = -cp(fsf.score(&fen, &[*m], 8));
        if best - after >= 150 {
            confirmed += 1;
        } else {
            eprintln!("not confirmed: {fen} {m}: best {best}, after the move {after}");
        }
    }
    println!(
        "warnings on 24 random games: {} pieces taken for nothing ({confirmed} confirmed by Fairy-Stockfish), {} mates walked into, {} mates missed",
        found.hangs.len(),
        found.mates.len(),
        found.missed.len()
    );
    assert!(found.hangs.len() >= 30 && !found.mates.is_empty() && !found.missed.is_empty());
    assert!(
        confirmed * 10 >= found.hangs.len() * 9,
        "{confirmed} of {}",
        found.hangs.len()
    );
    // The command line says the same, and nothing for a move let pass.
    let picks = found
        .hangs
        .iter()
        .take(4)
        .map(|(p, m)| (p, m))
        .chain(found.mates.iter().take(4).map(|(p, m, _)| (p, m)))
        .chain(found.missed.iter().take(4).map(|(p, m, _)| (p, m)));
    for (pos, m) in picks {
        let fen = pos.to_fen();
        let w = xq_tutor::warn(pos, *m).unwrap();
        let words = xq_tutor::words(pos, *m, &w, Notation::Wxf);
        assert_eq!(
            tutor_cli(&["tutor", &fen, &m.to_string()]),
            words.get(Lang::En)
        );
        assert_eq!(
            tutor_cli(&["tutor", "--zh", &fen, &m.to_string()]),
            words.get(Lang::Zh)
        );
        // 繁體中文 and Tiếng Việt by --lang, the Vietnamese moves in Vietnamese notation.
        assert_eq!(
            tutor_cli(&["tutor", "--lang", "zh-Hant", &fen, &m.to_string()]),
            words.get(Lang::Hant)
        );
        assert_eq!(
            tutor_cli(&["tutor", "--lang", "vi", &fen, &m.to_string()]),
            xq_tutor::words(pos, *m, &w, Notation::Vietnamese).get(Lang::Vi)
        );
    }
    for (pos, m) in found.quiet.iter().take(10) {
        assert_eq!(tutor_cli(&["tutor", &pos.to_fen(), &m.to_string()]), "");
    }
}

/// GNU Go told the moves of `game`, then asked `ask`; its answer without "= ".
fn gnugo(game: &Game, then: Option<GoMove>, ask: &str) -> String {
    let size = game.start().board().size();
    let mut script = format!("boardsize {size}\nclear_board\n");
    let mut color = GoColor::Black;
    for mv in game.moves().iter().copied().chain(then) {
        let c = if color == GoColor::Black { "B" } else { "W" };
        script.push_str(&format!("play {c} {}\n", mv.gtp(size)));
        color = !color;
    }
    script.push_str(&format!("{ask}\nquit\n"));
    let out = Command::new(gtp::find_gnugo().expect("GNU Go is installed"))
        .args(["--mode", "gtp", "--chinese-rules"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    assert!(
        answers.iter().all(|a| a.starts_with('=')),
        "GNU Go refused something: {text}"
    );
    answers
        .iter()
        .rev()
        .nth(1)
        .unwrap()
        .trim_start_matches('=')
        .trim()
        .to_owned()
}

/// GNU Go's `attack`/`defend` succeeds (a code other than 0).
fn succeeds(answer: &str) -> bool {
    !answer.starts_with('0')
}

#[test]
fn go_warnings_are_what_gnu_go_reads() {
    let rules = Rules::CHINESE;
    let mut rng = Rng(0x9090_0059);
    let (mut atari, mut left, mut missed) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..12 {
        let mut game = Game::new(9, rules).unwrap();
        for _ in 0..90 {
            let pos = *game.position();
            let legal: Vec<GoMove> = pos
                .board()
                .empty_points()
                .map(GoMove::Play)
                .filter(|&m| pos.play(m, &rules).is_ok())
                .collect();
            if legal.is_empty() {
                break;
            }
            for &m in &legal {
                match go_tutor::warn(&pos, m, &rules) {
                    Some(w @ go_tutor::Warning::SelfAtari { .. }) if atari.len() < 12 => {
                        atari.push((game.clone(), m, w));
                    }
                    Some(w @ go_tutor::Warning::LeftInAtari { .. }) if left.len() < 12 => {
                        left.push((game.clone(), m, w));
                    }
                    Some(w @ go_tutor::Warning::MissesCapture { .. }) if missed.len() < 12 => {
                        missed.push((game.clone(), m, w));
                    }
                    _ => {}
                }
            }
            game.play(rng.pick(&legal)).unwrap();
        }
    }
    let size = 9;
    for (game, m, w) in &atari {
        let go_tutor::Warning::SelfAtari { .. } = w else {
            unreachable!()
        };
        let at = m.gtp(size);
        assert!(
            succeeds(&gnugo(game, Some(*m), &format!("attack {at}"))),
            "{w:?}"
        );
    }
    let mut agreed = 0;
    for (game, m, w) in &left {
        let go_tutor::Warning::LeftInAtari { at, .. } = w else {
            unreachable!()
        };
        let at = at.gtp(size);
        assert!(
            succeeds(&gnugo(game, Some(*m), &format!("attack {at}"))),
            "{w:?}"
        );
        if succeeds(&gnugo(game, None, &format!("defend {at}"))) {
            agreed += 1;
        }
    }
    for (game, _, w) in &missed {
        let go_tutor::Warning::MissesCapture { at, .. } = w else {
            unreachable!()
        };
        let at = at.gtp(size);
        assert!(
            succeeds(&gnugo(game, None, &format!("attack {at}"))),
            "{w:?}"
        );
    }
    println!(
        "warnings on 12 random 9×9 games: {} groups put in atari, {} left in atari ({agreed} savable by GNU Go's reading too), {} captures missed",
        atari.len(),
        left.len(),
        missed.len()
    );
    assert!(atari.len() >= 6 && left.len() >= 6 && missed.len() >= 6);
    assert!(agreed * 10 >= left.len() * 8, "{agreed} of {}", left.len());
    // The command line, from an SGF of the game, says the same.
    let (game, m, w) = &atari[0];
    let sgf = xiangqi::go::sgf::write(&xiangqi::go::sgf::SgfGame::from_game(game));
    let file = std::env::temp_dir().join(format!("tutor-{}.sgf", std::process::id()));
    std::fs::write(&file, sgf).unwrap();
    let said = tutor_cli(&["go", "tutor", file.to_str().unwrap(), &m.gtp(size)]);
    std::fs::remove_file(&file).ok();
    assert_eq!(said, go_tutor::words(w, size).get(Lang::En));
}

/// A node's marks as the sgfmill oracle writes them: `CR D4`, `LB G7 A`, `AR C3-G7`,
/// sorted, joined by ';'.
fn marks_line(markup: &xiangqi::go::markup::Markup, size: u8) -> String {
    let mut all = Vec::new();
    for &(p, s) in &markup.shapes {
        all.push(format!("{} {}", s.property(), p.gtp(size)));
    }
    for (p, t) in &markup.labels {
        all.push(format!("LB {} {t}", p.gtp(size)));
    }
    for (name, pairs) in [("AR", &markup.arrows), ("LN", &markup.lines)] {
        for (a, b) in pairs {
            all.push(format!("{name} {}-{}", a.gtp(size), b.gtp(size)));
        }
    }
    all.sort();
    all.join(";")
}

#[test]
fn go_marks_drawn_into_a_real_game_are_read_by_sgfmill_and_back_by_us() {
    use xiangqi::go::markup::{Markup, Shape};
    use xiangqi::go::{Point, sgf};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-9x9.sgf");
    let mut record = sgf::read(&sgf::decode(&std::fs::read(&path).unwrap())).unwrap()[0].clone();
    let size = record.size;
    let line = record.main_line();
    let mut rng = Rng(0x5afe_0059);
    let point = |rng: &mut Rng| Point::new(rng.below(9) as u8, rng.below(9) as u8);
    for &n in &line {
        let mut m = Markup::default();
        for _ in 0..rng.below(4) {
            let p = point(&mut rng);
            let shape = Shape::ALL[rng.below(4)];
            if !m.shapes.iter().any(|(q, _)| *q == p) {
                m.toggle_shape(p, shape);
            }
        }
        if rng.below(3) == 0 {
            m.labels
                .push((point(&mut rng), ["A", "1", "甲"][rng.below(3)].to_owned()));
        }
        for _ in 0..rng.below(2) {
            m.toggle_arrow(point(&mut rng), point(&mut rng));
        }
        if rng.below(4) == 0 {
            let (a, b) = (point(&mut rng), point(&mut rng));
            if a != b {
                m.lines.push((a, b));
            }
        }
        m.write_into(&mut record.nodes[n]);
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tutor-marks");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("marked.sgf");
    let text = sgf::write(&record);
    std::fs::write(&file, &text).unwrap();
    let mut oracle = common::python::Oracle::start("sgfmill_oracle.py");
    let answer = oracle.ask(&format!("marks\t{}", file.display()));
    let f: Vec<&str> = answer.split('\t').collect();
    assert_eq!(f[0], "ok", "{answer}");
    let theirs: Vec<&str> = f[1].split(',').collect();
    let back = sgf::read(&text).unwrap();
    assert_eq!(theirs.len(), line.len());
    let mut marked = 0;
    for (i, &n) in line.iter().enumerate() {
        let ours = Markup::of(&record.nodes[n], size);
        marked += usize::from(!ours.is_empty());
        assert_eq!(theirs[i], marks_line(&ours, size), "node {i}");
        assert_eq!(
            Markup::of(back[0].node(n), size),
            ours,
            "node {i} read back"
        );
    }
    assert!(
        marked * 2 > line.len(),
        "{marked} of {} nodes marked",
        line.len()
    );
}

/// The expected score (0–100) of a side whose score is `e` (the tests' own formula).
fn expected(e: Eval) -> f64 {
    common::fsf::expected(match e {
        Eval::Cp(cp) => cp,
        Eval::Mate(n) if n > 0 => 2000,
        Eval::Mate(_) => -2000,
    })
}

/// A move that drops a fifth of the game's expected score is a mistake a tutor takes
/// back (the test's threshold, written here).
const TAKE_BACK: f64 = 20.0;

/// The tutor's verdict on each move of a game — its own search of the two positions,
/// as the window makes it — against raw Fairy-Stockfish asked at the same depth for
/// the two scores, judged by the test's own expected score and threshold: the same
/// moves are taken back.
#[test]
fn the_tutors_takebacks_are_what_the_raw_engine_calls_mistakes() {
    use xiangqi::app::xiangqi::learn::coach::DEPTH;
    use xiangqi::engine::Limit;
    use xiangqi::games::xiangqi::review::{self, Plan};
    let path = xiangqi::engine::find(None).expect("Fairy-Stockfish is installed");
    let mut rng = Rng(0x7070_7059);
    let start = Position::new();
    let moves = common::random_line(&start, 40, &mut rng);
    let mut plan = Plan::new(&path, Limit::Depth(DEPTH));
    plan.processes = 1;
    let mut fsf = Fsf::start();
    let (mut agreed, mut taken) = (0, 0);
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let two = review::collect(&review::start(&plan, &pos, &[m])).unwrap();
        let judged = review::judge(&[two[0].eval, two[1].eval], pos.turn())[0];
        let tutor = xq_tutor::takes_back(&judged);
        let fen = pos.to_fen();
        let before = expected(fsf.score(&fen, &[], DEPTH));
        // After the move the other side is to move: its score, turned round.
        let after = 100.0 - expected(fsf.score(&fen, &[m], DEPTH));
        let raw = before - after >= TAKE_BACK;
        taken += usize::from(tutor.is_some());
        if tutor.is_some() == raw {
            agreed += 1;
        } else {
            eprintln!(
                "move {i} {m}: tutor {tutor:?} ({:.1}), raw engine {:.1}",
                judged.drop,
                before - after
            );
        }
        pos = pos.play(m).unwrap();
    }
    println!(
        "tutor against raw Fairy-Stockfish on a random game of {} plies at depth {DEPTH}: {agreed} verdicts the same, {taken} moves taken back",
        moves.len()
    );
    assert!(taken >= 5, "a random game has mistakes: {taken}");
    assert!(
        agreed * 10 >= moves.len() * 9,
        "{agreed} of {}",
        moves.len()
    );
}

/// The mistakes a review of a real game and of a seeded random game queues: each
/// position's better move is, by the raw engine asked afresh, within the review's margin
/// of the engine's own best there: the positions after the two, searched alike, differ
/// by less than a mistake's worth of expected score (the move queued is no mistake).
#[test]
fn the_mistakes_queued_from_reviewed_games_have_better_moves_the_raw_engine_agrees_with() {
    use xiangqi::engine::Limit;
    use xiangqi::games::xiangqi::review::{self, Plan};
    let path = xiangqi::engine::find(None).expect("Fairy-Stockfish is installed");
    let real = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-76.pgn"),
    )
    .unwrap();
    let record = xiangqi::rules::read::read_games_bytes(&real)
        .unwrap()
        .remove(0)
        .unwrap()
        .record;
    let mut rng = Rng(0x3a57_0059);
    let random = common::random_line(&Position::new(), 40, &mut rng);
    let games = [
        (
            record.game.start().clone(),
            record.game.moves().collect::<Vec<Move>>(),
        ),
        (Position::new(), random),
    ];
    let mut plan = Plan::new(&path, Limit::Depth(9));
    plan.processes = 1;
    let mut fsf = Fsf::start();
    let mut checked = 0;
    for (start, moves) in &games {
        let found = review::collect(&review::start(&plan, start, moves)).unwrap();
        let evals: Vec<_> = found.iter().map(|s| s.eval).collect();
        let judged = review::judge(&evals, start.turn());
        let best: Vec<Option<Move>> = found.iter().map(|s| s.line.first().copied()).collect();
        for side in [xiangqi::rules::Color::Red, xiangqi::rules::Color::Black] {
            for (fen, m) in xq_tutor::mistakes(start, moves, &best, &judged, side, "game") {
                let better: Move = m.best.parse().unwrap();
                let pos = Position::from_fen(&fen).unwrap();
                assert!(pos.is_legal(better), "{fen} {better}");
                // The raw engine's own move and the queued one, each position after
                // them searched alike.
                let raw = fsf.best(&fen, 9);
                let own = fsf.score(&fen, &[raw], 9);
                let after = fsf.score(&fen, &[better], 9);
                // Both positions have the other side to move: their scores turned round.
                let drop = (100.0 - expected(own)) - (100.0 - expected(after));
                assert!(
                    drop < TAKE_BACK,
                    "{fen}: the queued {better} loses {drop:.1} points by the raw engine ({own:?} then {after:?})"
                );
                checked += 1;
            }
        }
    }
    println!(
        "mistakes queued from a real and a random game: {checked}, each better move within the margin by the raw engine"
    );
    assert!(checked >= 3, "{checked}");
}
