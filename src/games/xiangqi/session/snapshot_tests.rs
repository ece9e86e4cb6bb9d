//! The autosave's text form: round trips, old versions, damaged texts.
use super::*;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Everything undo and redo can reach, as FENs in order.
fn reachable(mut s: Session) -> Vec<String> {
    while s.undo().is_some() {}
    let mut seen = vec![s.game().position().to_fen()];
    while s.redo().is_some() {
        seen.push(s.game().position().to_fen());
    }
    seen
}

#[test]
fn round_trip_keeps_undo_and_redo() {
    let mut s = Session::new();
    for m in ["h2e2", "h9g7", "h0g2"] {
        s.play(mv(m)).unwrap();
    }
    s.new_game();
    s.play(mv("b2e2")).unwrap();
    s.undo();
    s.undo();
    s.undo();
    let text = s.to_snapshot();
    let back = Session::from_snapshot(&text).unwrap();
    assert_eq!(back.to_snapshot(), text);
    assert_eq!(back.game().ply_count(), 2);
    assert_eq!(reachable(back), reachable(s));
}

#[test]
fn damaged_snapshots_are_errors() {
    let good = {
        let mut s = Session::new();
        s.play(mv("h2e2")).unwrap();
        s.to_snapshot()
    };
    let err = |text: &str| Session::from_snapshot(text).unwrap_err();
    assert_eq!(err(""), SnapshotError::Header);
    assert_eq!(
        err("xiangqi-session 1\n"),
        SnapshotError::Line {
            line: 2,
            reason: "no game".into()
        }
    );
    let bad_move = good.replace("undo move h2e2", "undo move h2e3");
    assert_eq!(err(&bad_move), SnapshotError::Inconsistent);
    let truncated = &good[..good.len() / 2];
    assert!(Session::from_snapshot(truncated).is_err());
    let illegal = good.replace(";1;h2e2", ";1;a0a5");
    let err = Session::from_snapshot(&illegal).unwrap_err().to_string();
    assert!(err.starts_with("line 2: move 1 (a0a5) is illegal"), "{err}");
    let ply = good.replace(";1;h2e2", ";5;h2e2");
    assert!(Session::from_snapshot(&ply).is_err());
}

#[test]
fn a_snapshot_ends_with_its_end_line_and_old_ones_need_none() {
    let mut s = Session::new();
    s.play(mv("h2e2")).unwrap();
    let text = s.to_snapshot();
    assert!(text.ends_with("\nundo move h2e2 0\nend\n"), "{text}");
    let cut = text.strip_suffix("end\n").unwrap();
    assert_eq!(
        Session::from_snapshot(cut).unwrap_err(),
        SnapshotError::CutOff
    );
    // Autosaves from before the tree: version 1 (no end line) and 2.
    let version_2 = format!(
        "xiangqi-session 2\ngame {};1;h2e2\nundo move h2e2\nend\n",
        Position::new().to_fen()
    );
    let old = version_2
        .strip_suffix("end\n")
        .unwrap()
        .replace("session 2", "session 1");
    for old in [version_2.as_str(), &old] {
        let mut back = Session::from_snapshot(old).unwrap();
        assert_eq!(back.game().ply_count(), 1);
        assert_eq!(back.undo(), Some(super::super::Change::Move(mv("h2e2"))));
        assert_eq!(back.game().ply_count(), 0);
    }
    let after = format!("{text}undo move h2e2\n");
    assert!(Session::from_snapshot(&after).is_err());
}

#[test]
fn snapshots_of_random_sessions_round_trip() {
    // A deterministic walk over play, undo, redo and new game.
    let mut s = Session::new();
    let mut seed = 7u64;
    for _ in 0..400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = (seed >> 33) as usize;
        match r % 10 {
            0..=5 => {
                let moves = s.game().position().legal_moves();
                if !moves.is_empty() && s.outcome().is_none() {
                    s.play(moves[r % moves.len()]).unwrap();
                }
            }
            6 | 7 => {
                s.undo();
            }
            8 => {
                s.redo();
            }
            _ => s.new_game(),
        }
        let back = Session::from_snapshot(&s.to_snapshot()).unwrap();
        assert_eq!(back.to_snapshot(), s.to_snapshot());
        // The lines kept from earlier snapshots are the ones made afresh.
        let mut fresh = s.clone();
        fresh.undo.forget_from(0);
        fresh.redo.forget_from(0);
        assert_eq!(fresh.to_snapshot(), s.to_snapshot());
    }
    assert_eq!(
        reachable(Session::from_snapshot(&s.to_snapshot()).unwrap()),
        reachable(s)
    );
}

#[test]
fn the_time_used_on_the_move_in_progress_is_kept() {
    use std::time::Duration;
    let mut s = Session::new();
    s.new_game_with(Some("10+0".parse().unwrap()));
    s.resume();
    s.play(mv("h2e2")).unwrap();
    s.tick(Duration::from_millis(2500));
    let black = |s: &Session| s.clock().unwrap().left(crate::rules::Color::Black);
    assert_eq!(black(&s), Duration::from_millis(597_500));
    let text = s.to_snapshot();
    assert!(text.contains(";now="), "{text}");
    let back = Session::from_snapshot(&text).unwrap();
    assert_eq!(black(&back), Duration::from_millis(597_500));
    assert!(back.clock().unwrap().is_paused(), "it waits for Space");
    // Undone and redone, the move's own reading comes back, as always.
    assert_eq!(back.to_snapshot(), text);
    // No time used: nothing more is written.
    let mut fresh = Session::new();
    fresh.new_game_with(Some("10+0".parse().unwrap()));
    assert!(!fresh.to_snapshot().contains(";now="));
}

/// Any reachable session through the autosave: moves, variations (undo, then another
/// move), undo and redo, comments and glyphs, a clock run in every phase (base, 读秒,
/// periods used, paused), results by resignation and agreement, new games timed or not,
/// a look back along the line. What comes back is the whole session, compared by all it
/// holds (its `Debug`), not by the parts a test thought of; only what is of the moment
/// is left out: the comment being typed (ended first), whether a clock runs (every timed
/// game comes back paused, the one on the table and those undo reaches) and a draw offer still open (it lapses when the table
/// is left, as over a real board; this test found it was not kept, and so says it).
mod whole_state {
    use super::*;
    use crate::rules::tree::Nag;
    use proptest::prelude::*;
    use std::time::Duration;

    #[derive(Debug, Clone)]
    enum Op {
        Play(usize),
        Undo,
        Redo,
        Comment(String),
        Nag(u8),
        Tick(u64),
        Pause,
        Resume,
        Resign,
        OfferDraw,
        AcceptDraw,
        NewGame(bool),
        Back,
        End,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => any::<usize>().prop_map(Op::Play),
            2 => Just(Op::Undo),
            1 => Just(Op::Redo),
            1 => "[a-z中 %;=,\n]{0,8}".prop_map(Op::Comment),
            1 => (1u8..7).prop_map(Op::Nag),
            3 => (0u64..40_000).prop_map(Op::Tick),
            1 => Just(Op::Pause),
            1 => Just(Op::Resume),
            1 => Just(Op::Resign),
            1 => Just(Op::OfferDraw),
            1 => Just(Op::AcceptDraw),
            1 => any::<bool>().prop_map(Op::NewGame),
            1 => Just(Op::Back),
            1 => Just(Op::End),
        ]
    }

    fn apply(s: &mut Session, op: &Op) {
        match op {
            Op::Play(k) => {
                let moves = s.game().position().legal_moves();
                if !moves.is_empty() {
                    let _ = s.play(moves[k % moves.len()]);
                }
            }
            Op::Undo => _ = s.undo(),
            Op::Redo => _ = s.redo(),
            Op::Comment(text) => {
                let at = s.cursor();
                s.set_comment(at, text);
                s.end_typing();
            }
            Op::Nag(n) => {
                let at = s.cursor();
                s.toggle_nag(at, Nag(*n));
            }
            Op::Tick(ms) => _ = s.tick(Duration::from_millis(*ms)),
            Op::Pause => s.pause(),
            Op::Resume => s.resume(),
            Op::Resign => _ = s.resign(),
            Op::OfferDraw => _ = s.offer_draw(),
            Op::AcceptDraw => _ = s.accept_draw(),
            Op::NewGame(timed) => {
                s.new_game_with(timed.then(|| "0:20+1/10x3".parse().unwrap()));
            }
            Op::Back => s.review_back(),
            Op::End => s.review_end(),
        }
    }

    /// All the session holds, as its `Debug` says it, less two caches (the tree's edit
    /// stamp, which tells a view it changed, and the game's result worked out once) and
    /// whether each clock runs.
    fn state(s: &Session) -> String {
        let mut text = format!("{s:#?}")
            .replace("paused: false,", "")
            .replace("paused: true,", "");
        for cache in ["stamp: Stamp(", "outcome: OnceLock("] {
            while let Some(at) = text.find(cache) {
                let mut depth = 0;
                let end = text[at..]
                    .char_indices()
                    .find_map(|(i, c)| {
                        match c {
                            '(' => depth += 1,
                            ')' => {
                                depth -= 1;
                                if depth == 0 {
                                    return Some(at + i + 1);
                                }
                            }
                            _ => {}
                        }
                        None
                    })
                    .unwrap_or(text.len());
                text.replace_range(at..end, "");
            }
        }
        text
    }

    /// Found by the property below: a timed game, a variation played while looking
    /// back, undone and redone: the redone moves had no clock readings, and the
    /// autosave was refused on reading ("1 clock readings for 1 moves").
    #[test]
    fn a_timed_games_moves_redone_after_a_variation_come_back() {
        let ops = [
            Op::NewGame(true),
            Op::Play(70621058488823021),
            Op::Play(234125884795847648),
            Op::Back,
            Op::Redo,
            Op::Back,
            Op::Play(1371515924082276306),
            Op::Undo,
            Op::Redo,
            Op::Redo,
        ];
        let mut s = Session::new();
        for op in &ops {
            apply(&mut s, op);
        }
        let back = Session::from_snapshot(&s.to_snapshot()).unwrap();
        assert_eq!(state(&back), state(&s));
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 300,
            // A unit test: no regressions folder at the crate's top; the same cases
            // every run (a fixed seed), so that a run fails or passes for its code.
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x5e55_1091),
            ..ProptestConfig::default()
        })]
        #[test]
        fn the_autosave_gives_back_the_whole_session(ops in prop::collection::vec(op(), 0..60)) {
            let mut s = Session::new();
            for op in &ops {
                apply(&mut s, op);
            }
            s.end_typing();
            s.offer = None;
            let back = Session::from_snapshot(&s.to_snapshot()).unwrap();
            prop_assert_eq!(state(&back), state(&s));
        }
    }
}
