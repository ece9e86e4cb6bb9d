//! The Go session as the table uses it, without Bevy: moves, variations, undo and redo,
//! walking the line, the clock, the count and files.

use std::time::Duration;

use super::*;
use crate::go::sgf;

fn at(name: &str) -> Move {
    Move::Play(Point::from_gtp(name, 9).unwrap())
}

fn nine() -> Session {
    Session::new(GoSetup::of(9, 0))
}

fn played(s: &Session) -> Vec<String> {
    s.game().moves().iter().map(|m| m.gtp(9)).collect()
}

#[test]
fn a_variation_is_kept_a_comment_too_and_a_bare_move_taken_back_goes() {
    let mut t = nine();
    for m in ["E5", "C3", "G7"] {
        assert!(t.play(at(m)));
    }
    t.set_comment("the main line".into());
    t.back();
    t.back();
    // Another move where C3 was: a variation beside it.
    assert!(t.play(at("D3")));
    let (siblings, index) = t.variations();
    assert_eq!((siblings.len(), index), (2, 1));
    // Ctrl+Z: D3 was played here and holds nothing: it leaves the tree; Ctrl+Y plays it
    // again.
    t.undo();
    assert_eq!(t.record().nodes[t.node()].children.len(), 1);
    t.redo();
    assert_eq!(played(&t), ["E5", "D3"]);
    assert_eq!(t.variations().0.len(), 2);
    t.undo();
    // C3 played again walks into the main line: the rest is all there, the comment too.
    assert!(t.play(at("C3")));
    assert_eq!(t.variations().0.len(), 1);
    t.walk_to_end(true);
    assert_eq!(played(&t), ["E5", "C3", "G7"]);
    assert_eq!(t.comment(), "the main line");
    let written = sgf::write(&t.to_file());
    assert!(written.contains("C[the main line]"), "{written}");
    // A commented move is kept when taken back; → walks to it again.
    t.undo();
    assert_eq!(t.game().moves().len(), 2);
    t.forward();
    assert_eq!(t.comment(), "the main line");
}

#[test]
fn a_move_taken_back_is_not_written_and_is_forgotten_when_another_is_played() {
    let mut t = nine();
    assert!(t.play(at("E5")));
    assert!(t.play(at("C3")));
    t.undo();
    // The file has E5 only; Ctrl+Y still brings C3 back.
    let file = t.to_file();
    assert_eq!(file.main_line().len(), 2, "{}", sgf::write(&file));
    assert!(!t.at_end(), "C3 lies ahead");
    // Another move: C3 is gone for good, from the tree and from the arena.
    assert!(t.play(at("D4")));
    assert!(t.at_end());
    assert_eq!(t.record().nodes.len(), 3);
    t.redo();
    assert_eq!(played(&t), ["E5", "D4"]);
    let written = sgf::write(&t.to_file());
    assert!(written.contains(";B[ee];W[df]"), "{written}");
}

#[test]
fn moves_taken_back_one_by_one_leave_the_record_when_another_is_played() {
    let mut t = nine();
    for m in ["E5", "C3", "G7"] {
        assert!(t.play(at(m)));
    }
    // Two taken back; ← once more (a walk, the move kept); then another move there.
    t.undo();
    t.undo();
    t.back();
    assert!(t.play(at("D4")));
    // The root, E5 (walked back over, kept as a variation), D4: C3 and G7 are gone.
    assert_eq!(t.record().nodes.len(), 3);
    assert_eq!(t.variations().0.len(), 2);
    let written = sgf::write(&t.to_file());
    assert!(
        !written.contains("cg") && !written.contains("gc"),
        "{written}"
    );
    // Ctrl+Z twice, then Ctrl+Y twice: both come back in order.
    let mut u = nine();
    for m in ["E5", "C3"] {
        assert!(u.play(at(m)));
    }
    u.undo();
    u.undo();
    assert!(u.game().moves().is_empty());
    u.redo();
    u.redo();
    assert_eq!(played(&u), ["E5", "C3"]);
    assert_eq!(u.record().nodes.len(), 3);
}

#[test]
fn left_and_right_walk_the_line_and_keep_it_and_the_tree_has_no_second_copy() {
    let mut t = nine();
    for m in ["E5", "C3", "G7", "C7"] {
        assert!(t.play(at(m)));
    }
    let nodes = t.record().nodes.len();
    t.walk_to_end(false);
    assert!(t.game().moves().is_empty());
    assert_eq!(t.line(), &[t.record().root()]);
    // → comes back the same way, a node at a time, nothing grown.
    for n in 1..=4 {
        assert!(t.forward());
        assert_eq!(t.game().moves().len(), n);
    }
    assert!(!t.forward(), "the end of the line");
    assert_eq!(t.record().nodes.len(), nodes);
    // ← twice, a variation, then back to the first branch: → follows what is shown.
    t.back();
    t.back();
    assert!(t.play(at("D7")));
    let (siblings, _) = t.variations();
    t.switch_to(siblings[0]);
    assert_eq!(played(&t), ["E5", "C3", "G7"]);
    assert!(t.forward());
    assert_eq!(played(&t), ["E5", "C3", "G7", "C7"]);
    t.back();
    t.switch_to(siblings[1]);
    assert_eq!(played(&t), ["E5", "C3", "D7"]);
    assert_eq!(t.line_moves().len(), 3);
}

#[test]
fn the_clock_hands_over_gives_time_back_on_undo_and_a_flag_fall_ends_the_game() {
    let control: crate::rules::TimeControl = "1+0".parse().unwrap();
    let mut t = Session::new(GoSetup {
        time: Some(control.into()),
        ..GoSetup::of(9, 0)
    });
    let clock = |t: &Session| t.clock().expect("a timed game").clone();
    assert!(clock(&t).running().is_none(), "waits for the first move");
    assert!(t.play(at("E5")));
    assert_eq!(clock(&t).running(), Some(Color::White));
    assert!(!t.tick(Duration::from_secs(20)));
    assert!(t.play(at("C3")));
    assert!(!t.tick(Duration::from_secs(5)));
    assert_eq!(clock(&t).left(Color::White), Duration::from_secs(40));
    assert_eq!(clock(&t).left(Color::Black), Duration::from_secs(55));
    // Ctrl+Z goes back to the moment before C3: black's 5 seconds since come back; the
    // clock waits.
    t.undo();
    assert_eq!(clock(&t).left(Color::Black), Duration::from_secs(60));
    assert!(clock(&t).running().is_none());
    // Space runs it again where the game goes on; a flag falls: white loses on time.
    assert!(t.play(at("C3")));
    assert_eq!(t.clock_toggle(), Some(false));
    assert_eq!(t.clock_toggle(), Some(true));
    assert!(t.tick(Duration::from_secs(61)));
    assert_eq!(t.result(), Some("W+T"));
    assert!(!t.play(at("D4")), "no move after the flag");
    assert_eq!(t.said(), Some(&Said::Over("W+T".into())));
    // The time is in the file and comes back from it.
    let written = sgf::write(&t.to_file());
    let file = &sgf::read(&written).unwrap()[0];
    let again = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
    assert_eq!(again.setup.time, Some(control.into()));
    assert_eq!(
        again.clock().unwrap().left(Color::Black),
        clock(&t).left(Color::Black)
    );
}

/// Time odds at Go: black and white each on their own control, written into the file
/// (`TM` black's for other programs, `OT` each side's in words, `XC` both) and back.
#[test]
fn time_odds_give_black_and_white_their_own_clocks_and_the_file_keeps_both() {
    let odds: crate::rules::Controls = "1+0,0:30+0/10".parse().unwrap();
    let mut t = Session::new(GoSetup {
        time: Some(odds),
        ..GoSetup::of(9, 0)
    });
    let left = |t: &Session, c| t.clock().unwrap().left(c);
    assert_eq!(left(&t, Color::Black), Duration::from_secs(60));
    assert_eq!(left(&t, Color::White), Duration::from_secs(30));
    assert!(t.play(at("E5")));
    assert!(!t.tick(Duration::from_secs(35)), "white goes into its 读秒");
    assert!(t.clock().unwrap().in_byoyomi(Color::White));
    let file = t.to_file();
    assert_eq!(file.tag("TM"), Some("60"));
    assert_eq!(file.tag("XC"), Some("1+0,0:30+0/10"));
    let ot = file.tag("OT").unwrap_or_default();
    assert!(
        ot.contains("black") && ot.contains("white") && ot.contains("byo-yomi"),
        "{ot}"
    );
    let written = sgf::write(&file);
    let file = &sgf::read(&written).unwrap()[0];
    let again = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
    assert_eq!(again.setup.time, Some(odds));
    assert_eq!(again.clock().unwrap().controls(), odds);
    // The whole clock, 读秒 and the time spent on the move in progress with it.
    assert_eq!(
        again.clock().unwrap().reading(),
        t.clock().unwrap().reading()
    );
}

/// 读秒 with periods at Go: the periods used come back from the file (SGF's `OB`/`OW`,
/// periods left), with the time left to the millisecond; a plain side stays plain
/// (issue 91: "（读秒）×2 3.0" came back as a plain 2.4).
#[test]
fn byoyomi_periods_used_come_back_from_the_file() {
    let control: crate::rules::Controls = "0:02+0/5x3".parse().unwrap();
    let mut t = Session::new(GoSetup {
        time: Some(control),
        ..GoSetup::of(9, 0)
    });
    assert!(t.play(at("E5")));
    assert!(
        !t.tick(Duration::from_millis(9_250)),
        "white's base, a period and more"
    );
    assert!(t.play(at("E4")));
    assert!(!t.tick(Duration::from_millis(1_500)));
    let now = t.clock().unwrap().reading();
    assert_eq!((now.in_byoyomi, now.used), ([false, true], [0, 1]));
    let written = sgf::write(&t.to_file());
    assert!(
        written.contains("OW[2]"),
        "two of white's periods left: {written}"
    );
    assert!(!written.contains("OB["), "black is not in 读秒: {written}");
    let file = &sgf::read(&written).unwrap()[0];
    let again = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
    assert_eq!(again.clock().unwrap().reading(), now);
}

#[test]
fn two_passes_open_the_count_marks_undo_one_by_one_and_the_result_is_kept() {
    let mut t = nine();
    for m in ["E5", "E4", "pass"] {
        let mv = if m == "pass" { Move::Pass } else { at(m) };
        assert!(t.play(mv));
    }
    assert!(t.counting().is_none());
    assert_eq!(t.said(), Some(&Said::Passed(Color::Black)));
    assert!(t.play(Move::Pass));
    assert!(t.counting().is_some(), "two passes open the count");
    // A press marks a chain dead; Ctrl+Z and Ctrl+Y take the mark back and again.
    t.press(Point::from_gtp("E4", 9).unwrap());
    assert_eq!(t.counting().unwrap().dead.len(), 1);
    t.undo();
    assert!(t.counting().unwrap().dead.is_empty());
    t.redo();
    assert_eq!(t.counting().unwrap().steps(), 1);
    t.accept();
    assert_eq!(t.result(), Some("B+73.5"));
    // The file keeps the count; the game read from it has it.
    let written = sgf::write(&t.to_file());
    assert!(written.contains("RE[B+73.5]"), "{written}");
    let file = &sgf::read(&written).unwrap()[0];
    let again = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
    assert_eq!(again.result(), Some("B+73.5"));
    assert_eq!(again.counting().unwrap().dead.len(), 1);
    // Ctrl+Z takes back the acceptance, then the mark, then the passes.
    t.undo();
    assert_eq!(t.result(), None);
    t.undo();
    t.undo();
    assert!(t.counting().is_none());
    t.play_on();
}

#[test]
fn an_opened_game_is_taken_back_whole_and_a_resignation_too() {
    let mut t = nine();
    assert!(t.play(at("E5")));
    let mut opened = nine();
    for m in ["C3", "G7"] {
        assert!(opened.play(at(m)));
    }
    t.open(opened);
    assert_eq!(played(&t), ["C3", "G7"]);
    t.resign();
    assert_eq!(t.result(), Some("W+R"));
    t.undo();
    assert_eq!(t.result(), None);
    t.undo();
    assert_eq!(played(&t), ["E5"], "the game the opening replaced");
    t.restart(GoSetup::of(13, 0));
    assert_eq!(t.size(), 13);
    t.undo();
    assert_eq!((t.size(), played(&t).len()), (9, 1));
}

#[test]
fn a_file_read_and_written_again_keeps_its_tags_comments_and_variations() {
    let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[Black one]PW[White one]GN[A game]C[Root]\
                ;B[ee]C[First move](;W[cc]C[Main];B[gg])(;W[gc]C[Variation]))";
    let file = &sgf::read(text).unwrap()[0];
    let session = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
    let again = &sgf::read(&sgf::write(&session.to_file())).unwrap()[0];
    for tag in ["PB", "PW", "GN", "KM", "RU", "SZ"] {
        assert_eq!(again.tag(tag), file.tag(tag), "{tag}");
    }
    let comments = |f: &sgf::SgfGame| {
        f.nodes
            .iter()
            .map(|n| n.comment.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(comments(again), comments(file));
    assert_eq!(again.nodes.len(), file.nodes.len());
    let ee = again.main_line()[1];
    assert_eq!(again.node(ee).children.len(), 2, "the variation is kept");
    // Walked into the variation and written there, the file is still whole.
    let mut walked = session.clone();
    walked.walk_to_end(false);
    walked.forward();
    walked.forward();
    let (siblings, _) = walked.variations();
    walked.switch_to(siblings[1]);
    assert_eq!(walked.comment(), "Variation");
    let written = &sgf::read(&sgf::write(&walked.to_file())).unwrap()[0];
    assert_eq!(comments(written), comments(file));
}

#[test]
fn the_whole_line_is_listed_and_a_move_of_it_clicked_is_shown() {
    let mut t = nine();
    for m in ["E5", "C3", "G7", "C7"] {
        assert!(t.play(at(m)));
    }
    t.back();
    t.back();
    // The line ahead of the move shown is listed too, numbered from 1.
    let line = t.whole_line();
    let names: Vec<(usize, String)> = line.iter().map(|(_, n, _, m)| (*n, m.gtp(9))).collect();
    assert_eq!(
        names,
        [(1, "E5"), (2, "C3"), (3, "G7"), (4, "C7")].map(|(n, m)| (n, m.to_owned()))
    );
    // A click on the last: the board walks there, the line kept.
    assert!(t.go_to(line[3].0));
    assert_eq!(played(&t), ["E5", "C3", "G7", "C7"]);
    assert!(t.go_to(line[0].0));
    assert_eq!(played(&t), ["E5"]);
    assert_eq!(t.whole_line().len(), 4, "nothing forgotten by walking");
    // A node the tree does not hold is not walked to.
    assert!(!t.go_to(9999));
    assert_eq!(played(&t), ["E5"]);
    // A variation at the second move; from the line's end, a click on it turns the
    // line into the one through it, and back.
    assert!(t.go_to(line[3].0));
    t.back();
    t.back();
    t.back();
    assert!(t.play(at("D3")));
    let d3 = t.node();
    assert!(t.go_to(line[3].0), "back on the main line's last move");
    assert_eq!(played(&t), ["E5", "C3", "G7", "C7"]);
    assert_eq!(t.line_forks(), [(line[1].0, vec![d3])], "C3's brother D3");
    assert!(t.go_to(d3));
    assert_eq!(played(&t), ["E5", "D3"]);
    assert!(t.go_to(line[2].0));
    assert_eq!(played(&t), ["E5", "C3", "G7"]);
    assert_eq!(t.variations().0.len(), 1, "G7 has no brother");
}

/// A game against GNU Go comes back against it from its file (the autosave, a slot):
/// the side it plays is kept (`XG`); a game between two people stays one.
#[test]
fn the_side_gnugo_plays_comes_back_from_the_file() {
    for computer in [Some(Color::White), Some(Color::Black), None] {
        let mut t = Session::new(GoSetup {
            computer,
            ..GoSetup::of(9, 0)
        });
        assert!(t.play(at("E5")));
        let written = sgf::write(&t.to_file());
        let file = &sgf::read(&written).unwrap()[0];
        let again = Session::from_file(file.replay(&file.main_line()).unwrap(), file);
        assert_eq!(again.setup.computer, computer, "{written}");
    }
}
