//! The Go problems checked whole: by GNU Go's own reading (every right move of every
//! line achieves the goal, every wrong try fails), by sgfmill (every problem's file reads
//! to the same board after its main line), and through the CLI that lists them and
//! draws a worksheet.

use std::collections::BTreeMap;

use xiangqi::engine::gtp;
use xiangqi::games::go::problems::{Goal, LEVELS, Problem, check, collection, read, write};
use xiangqi::go::{Game, Rules, sgf};

use crate::puzzles::xiangqi;

fn gnugo() -> gtp::Gtp {
    let path = gtp::find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)");
    gtp::gnugo_seeded(&path, &Game::new(19, Rules::CHINESE).unwrap(), 10).unwrap()
}

#[test]
fn every_problem_stands_by_gnu_gos_reading() {
    let all = collection();
    assert!(all.len() >= 300, "{} problems", all.len());
    let mut by_level: BTreeMap<u8, usize> = BTreeMap::new();
    let mut by_goal: BTreeMap<&str, usize> = BTreeMap::new();
    for p in all {
        *by_level.entry(p.level).or_default() += 1;
        *by_goal.entry(p.goal.name()).or_default() += 1;
    }
    eprintln!("by level {by_level:?}, by goal {by_goal:?}");
    assert_eq!(by_level.len(), usize::from(LEVELS), "{by_level:?}");
    assert!(by_level.values().all(|&n| n >= 30), "{by_level:?}");
    for goal in [Goal::Kill, Goal::Live, Goal::Ko, Goal::Capture] {
        assert!(
            by_goal.get(goal.name()).is_some_and(|&n| n >= 10),
            "{by_goal:?}"
        );
    }
    let chunks: Vec<&[Problem]> = all.chunks(all.len().div_ceil(2)).collect();
    let (failures, totals): (Vec<String>, Vec<(usize, usize, usize)>) =
        std::thread::scope(|scope| {
            let handles: Vec<_> = chunks
                .iter()
                .map(|chunk| {
                    scope.spawn(move || {
                        let mut gtp = gnugo();
                        let (mut out, mut right, mut wrong, mut deep) = (Vec::new(), 0, 0, 0);
                        for p in *chunk {
                            match check::verify(p, &mut gtp) {
                                Ok(c) => {
                                    right += c.right;
                                    wrong += c.wrong;
                                    deep += usize::from(p.main_line().len() > 1);
                                    if c.right == 0 || c.wrong == 0 {
                                        out.push(format!(
                                            "{}: {c:?}: a right move and a wrong try each",
                                            p.id
                                        ));
                                    }
                                }
                                Err(e) => out.push(format!("{}: {e}", p.id)),
                            }
                        }
                        (out, (right, wrong, deep))
                    })
                })
                .collect();
            let mut failures = Vec::new();
            let mut totals = Vec::new();
            for h in handles {
                let (f, t) = h.join().unwrap();
                failures.extend(f);
                totals.push(t);
            }
            (failures, totals)
        });
    let (right, wrong, deep) = totals
        .iter()
        .fold((0, 0, 0), |a, t| (a.0 + t.0, a.1 + t.1, a.2 + t.2));
    println!(
        "GNU Go read {right} right moves as right and {wrong} wrong tries as wrong; {deep} problems answer back"
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(deep >= 50, "{deep} problems with a reply in their answer");
}

/// A problem whose marks are turned round (the right moves called wrong, the wrong
/// tries right): the check says which line, and why.
#[test]
fn a_wrong_answer_marked_right_is_caught() {
    let p = collection()
        .iter()
        .find(|p| p.goal == Goal::Kill && p.first.len() >= 2)
        .expect("a kill problem with a wrong try");
    let mut broken = p.clone();
    for s in &mut broken.steps {
        s.right = !s.right;
    }
    let mut gtp = gnugo();
    let err = check::verify(&broken, &mut gtp).unwrap_err();
    assert!(
        matches!(
            err,
            check::Unverified::RightFails { .. } | check::Unverified::WrongWorks { .. }
        ),
        "{err}"
    );
}

#[test]
fn sgfmill_reads_every_problem_to_the_same_board_after_its_main_line() {
    let dir = std::env::temp_dir().join(format!("xiangqi-go-problems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut oracle = crate::common::python::Oracle::start("sgfmill_oracle.py");
    for p in collection() {
        let text = write(std::slice::from_ref(p));
        let path = dir.join(format!("{}.sgf", p.id));
        std::fs::write(&path, &text).unwrap();
        let ours = sgf::read(&text).unwrap().remove(0);
        let game = ours.replay(&ours.main_line()).unwrap();
        let answer = oracle.ask(&format!("read\t{}", path.display()));
        let f: Vec<&str> = answer.split('\t').collect();
        assert_eq!(f[0], "ok", "{answer}");
        let board = game
            .position()
            .board()
            .diagram()
            .trim_end()
            .replace('\n', "/");
        assert_eq!(f[4], board, "{}", p.id);
        // And our reader gives the same problem back.
        let again = read(&text, "x").unwrap().remove(0);
        assert_eq!(
            (again.start, &again.steps, again.goal, again.target),
            (p.start, &p.steps, p.goal, p.target)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_cli_lists_the_problems_and_draws_a_worksheet() {
    let out = xiangqi(&["go", "problems", "--json", "--level", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let level_one = collection().iter().filter(|p| p.level == 1).count();
    assert_eq!(rows.len(), level_one);
    let first = &rows[0];
    assert_eq!(first["to_play"], "black");
    assert!(
        first["start"]
            .as_str()
            .unwrap()
            .starts_with("(;GM[1]FF[4]SZ[19]PL[B]AB[")
    );
    assert!(!first["right"].as_array().unwrap().is_empty());
    // One a line, the same problems.
    let out = xiangqi(&["go", "problems"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), collection().len());
    let cols: Vec<&str> = text.lines().next().unwrap().split('\t').collect();
    assert_eq!(cols.len(), 7, "{cols:?}");
    assert_eq!(cols[0], collection()[0].id);
    // A worksheet of six, and one of the Xiangqi puzzles.
    let dir = std::env::temp_dir().join(format!("xiangqi-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (args, name) in [
        (
            vec!["go", "problems", "--count", "6", "--first", "7"],
            "go.png",
        ),
        (vec!["puzzles", "--count", "4", "--zh"], "xq.png"),
        (
            vec!["go", "problems", "--count", "2", "--lang", "vi"],
            "go-vi.png",
        ),
        (
            vec!["puzzles", "--count", "2", "--lang", "zh-Hant"],
            "xq-hant.png",
        ),
    ] {
        let path = dir.join(name);
        let mut all = args.clone();
        all.extend(["--sheet", path.to_str().unwrap()]);
        let out = xiangqi(&all);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let png = std::fs::read(&path).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let info = decoder.read_info().unwrap();
        assert_eq!((info.info().width, info.info().height), (1240, 1754));
    }
    // A problem file of one's own.
    let file = dir.join("mine.sgf");
    std::fs::write(
        &file,
        "(;GM[1]SZ[9]AB[ba][bb][cb][db]AW[ac][bc][cc][dc][ec][eb][ea]C[White to kill]\
         (;W[ca];B[da])(;W[ab];B[ca];W[da]C[RIGHT]))",
    )
    .unwrap();
    let out = xiangqi(&["go", "problems", "--json", "--file", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0]["goal"].as_str(), rows[0]["to_play"].as_str()),
        (Some("kill"), Some("white"))
    );
    assert_eq!(rows[0]["right"], serde_json::json!(["A8"]));
    // A file that is no problem: a message, no panic.
    std::fs::write(&file, "(;GM[1]SZ[9])").unwrap();
    let out = xiangqi(&["go", "problems", "--file", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no problem in this file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `p` with its right first moves' lines taken out of its tree: GNU Go reads them.
fn without_its_right_line(p: &Problem) -> Problem {
    let mut bare = p.clone();
    bare.first.retain(|&i| !bare.steps[i].right);
    bare
}

/// A move the tree does not have is read by GNU Go: a stone far from the problem
/// fails and is refuted; a right first move taken out of the tree still works, and where
/// the problem goes on after it, GNU Go's answer is played and the solving goes on.
#[test]
fn gnu_go_judges_a_move_off_the_tree() {
    use xiangqi::games::go::problems::attempt::{Attempt, Said};
    use xiangqi::go::{Move, Point};
    let mut gtp = gnugo();
    let p = collection()
        .iter()
        .find(|p| p.goal == Goal::Kill && p.right_first_moves().len() == 1)
        .expect("a kill with one right move");
    // Far away: the opposite corner.
    let far = Move::Play(Point::new(18, 18));
    let mut attempt = Attempt::new(p);
    assert_eq!(attempt.play(far), Said::Ask);
    let read = check::off_tree(&mut gtp, p, attempt.line()).unwrap();
    assert!(!read.achieves, "{}: {read:?}", p.id);
    let refutation = read.answer.expect("GNU Go's refutation");
    assert!(matches!(
        attempt.judged(read.achieves, read.answer, read.settled),
        Said::Wrong { refutation: Some(r) } if r == refutation
    ));
    // The right move, its tree taken away: GNU Go reads it right.
    let bare = without_its_right_line(p);
    let right = p.right_first_moves()[0];
    let mut attempt = Attempt::new(&bare);
    assert_eq!(attempt.play(right), Said::Ask);
    let read = check::off_tree(&mut gtp, &bare, attempt.line()).unwrap();
    assert!(read.achieves, "{}: {read:?}", p.id);
    // Settled exactly when the tree ends at the right move.
    let ends = p.after(&[right]).is_some_and(<[usize]>::is_empty);
    assert_eq!(read.settled, ends, "{}: {read:?}", p.id);
    // A right move off the tree that is not yet settled: GNU Go answers it, the answer is
    // played, and the solver goes on (a problem whose tree goes on after its one right
    // first move, that tree taken away).
    let p = collection()
        .iter()
        .find(|p| {
            p.right_first_moves().len() == 1
                && p.after(&[p.right_first_moves()[0]])
                    .is_some_and(|next| !next.is_empty())
        })
        .expect("a problem whose line goes on after its right first move");
    let bare = without_its_right_line(p);
    let right = p.right_first_moves()[0];
    let mut attempt = Attempt::new(&bare);
    assert_eq!(attempt.play(right), Said::Ask);
    let read = check::off_tree(&mut gtp, &bare, attempt.line()).unwrap();
    assert!(read.achieves && !read.settled, "{}: {read:?}", p.id);
    let reply = read
        .answer
        .expect("GNU Go's answer to a move not yet settled");
    assert_eq!(
        attempt.judged(read.achieves, read.answer, read.settled),
        Said::Right { reply },
        "{}",
        p.id
    );
    assert_eq!(
        attempt.line(),
        [right, reply],
        "{}: the answer played",
        p.id
    );
}
