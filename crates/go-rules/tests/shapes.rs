//! Known shapes: ko, snapback, 打二还一 (capture two, recapture one), suicide by rule
//! set, superko, seki in the count, handicap points.

use go_rules::{Board, Color, Game, IllegalMove, Move, Point, Position, Rules, handicap, score};

/// A position from rows of `X`, `O` and `.`, top row first.
fn position(rows: &[&str], to_move: Color) -> Position {
    let mut board = Board::new(rows.len() as u8).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let stone = match c {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            board.set(Point::new(x as u8, y as u8), stone);
        }
    }
    Position::from_board(board, to_move)
}

fn at(game: &Game, name: &str) -> Move {
    Move::from_gtp(name, game.position().board().size()).unwrap()
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = at(game, m);
        game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn a_ko_may_not_be_retaken_at_once_but_after_a_threat_it_may() {
    // Black takes the white stone on B2 by playing C2: a ko.
    let start = position(&["....", ".XO.", "XO.O", ".XO."], Color::Black);
    for rules in Rules::PRESETS {
        let mut game = Game::from_position(start, rules, 0);
        play(&mut game, "C2");
        assert_eq!(game.position().captures(Color::Black), 1, "{rules}");
        assert_eq!(
            game.position().ko(),
            Some(Point::from_gtp("B2", 4).unwrap())
        );
        let retake = at(&game, "B2");
        let err = game.play(retake).unwrap_err();
        assert!(matches!(err, IllegalMove::Ko { .. }), "{rules}: {err}");
        assert_eq!(
            err.to_string(),
            "B2 is a ko just taken: play a threat elsewhere first"
        );
        // A threat and its answer elsewhere: the ko may be retaken.
        play(&mut game, "A4 D4 B2");
        assert_eq!(game.position().captures(Color::White), 1, "{rules}");
    }
}

#[test]
fn suicide_of_a_chain_follows_the_rules_and_a_single_stone_never() {
    // Black's two stones on A2, B2 have one liberty, C2, which white surrounds: black
    // playing C2 takes its own three stones off, where the rules allow it.
    let pos = position(&["....", "OOO.", "XX.O", "OOO."], Color::Black);
    let mv = Move::from_gtp("C2", 4).unwrap();
    let chinese = Game::from_position(pos, Rules::CHINESE, 0);
    assert!(matches!(
        chinese.check(mv),
        Err(IllegalMove::Suicide { .. })
    ));
    let mut nz = Game::from_position(pos, Rules::NEW_ZEALAND, 0);
    nz.play(mv).unwrap();
    assert_eq!(
        nz.position().captures(Color::White),
        3,
        "the three black stones are white's"
    );
    assert_eq!(
        nz.position().board().get(Point::from_gtp("A2", 4).unwrap()),
        None
    );
    // One stone alone: never, whatever the rules.
    let single = position(&[".O..", "O...", "....", "...."], Color::Black);
    for rules in Rules::PRESETS {
        let game = Game::from_position(single, rules, 0);
        let err = game.check(Move::from_gtp("A4", 4).unwrap()).unwrap_err();
        assert!(matches!(err, IllegalMove::Suicide { .. }), "{rules}: {err}");
    }
}

#[test]
fn superko_names_the_position_a_move_would_bring_back() {
    // A ko fought with passes in between: simple ko allows the retake after two passes,
    // positional superko does not (the board would repeat).
    let start = position(&["....", ".XO.", "XO.O", ".XO."], Color::Black);
    let mut simple = Game::from_position(start, Rules::JAPANESE, 0);
    play(&mut simple, "C2 pass pass B2");
    let mut positional = Game::from_position(start, Rules::TROMP_TAYLOR, 0);
    play(&mut positional, "C2 pass pass");
    let err = positional.play(at(&positional, "B2")).unwrap_err();
    assert!(
        matches!(err, IllegalMove::Superko { repeats: 0, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "B2 would bring back the position of the start (superko)"
    );
}

#[test]
fn eyes_in_seki_count_under_area_rules_and_not_under_territory_rules() {
    // Black's chain in the corner (its eye A5) and white's (its eye E5) share C5 and C4:
    // whoever fills one is taken, a seki. Below, white's wall owns four points and
    // black's two.
    let pos = position(&[".X.O.", "XX.OO", "OOOXX", "..OX.", "..OX."], Color::Black);
    let area = score(&pos, &[], &Rules::CHINESE.with_komi(0.0), 0);
    assert_eq!(area.stones, [7, 8]);
    assert_eq!(area.territory, [3, 5]);
    assert_eq!(area.seki_eyes, [0, 0]);
    let territory = score(&pos, &[], &Rules::JAPANESE.with_komi(0.0), 0);
    assert_eq!(territory.territory, [2, 4]);
    assert_eq!(territory.seki_eyes, [1, 1]);
    assert_eq!(territory.result(), "W+2");
}

#[test]
fn neutral_points_between_two_walls_are_no_seki() {
    // Black's wall on C, white's on E: D is no one's, and each side's points count under
    // territory rules as under area rules.
    let pos = position(
        &[
            "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..",
        ],
        Color::Black,
    );
    let territory = score(&pos, &[], &Rules::JAPANESE.with_komi(0.0), 0);
    assert_eq!(territory.territory, [14, 14]);
    assert_eq!(territory.seki_eyes, [0, 0]);
    let area = score(&pos, &[], &Rules::CHINESE.with_komi(0.0), 0);
    assert_eq!(area.total, [21.0, 21.0]);
}

#[test]
fn counting_takes_the_dead_off_and_gives_komi_and_the_handicap_bonus() {
    let pos = position(&["..X.O", "..X.O", "XXX.O", "...OO", "...O."], Color::Black);
    let rules = Rules::CHINESE.with_komi(0.5);
    let s = score(&pos, &[], &rules, 0);
    // Black: 5 stones and 4 points; white 6 stones and 1 point; the middle is neutral.
    assert_eq!(s.stones, [5, 6]);
    assert_eq!(s.result(), "B+1.5", "{s:?}");
    // White's chain on the right declared dead: black's prisoners, its points black's.
    let s = score(
        &pos,
        &[Point::from_gtp("E5", 5).unwrap()],
        &Rules::JAPANESE.with_komi(0.0),
        0,
    );
    assert_eq!(s.prisoners, [6, 0]);
    assert_eq!(s.territory, [20, 0]);
    assert_eq!(s.result(), "B+26");
    // A point with no stone declares nothing.
    let s = score(
        &pos,
        &[Point::from_gtp("E1", 5).unwrap()],
        &Rules::JAPANESE,
        0,
    );
    assert_eq!(s.prisoners, [0, 0]);
    assert_eq!(Rules::CHINESE.handicap_points(4), 4.0);
    assert_eq!(Rules::AGA.handicap_points(4), 3.0);
    assert_eq!(Rules::JAPANESE.handicap_points(4), 0.0);
}

#[test]
fn handicap_stones_stand_where_gtp_puts_them() {
    let names = |size: u8, n: u8| -> Vec<String> {
        handicap::points(size, n)
            .unwrap()
            .iter()
            .map(|p| p.gtp(size))
            .collect()
    };
    assert_eq!(
        names(19, 9),
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
    );
    assert_eq!(names(9, 2), ["C3", "G7"]);
    assert_eq!(names(13, 5), ["D4", "K10", "D10", "K4", "G7"]);
    assert!(handicap::points(8, 5).is_err());
    assert!(handicap::points(5, 2).is_err());
    let start = handicap::start(Board::new(19).unwrap(), 4).unwrap();
    assert_eq!(start.to_move(), Color::White);
    assert_eq!(start.board().stones(Color::Black).len(), 4);
}

#[test]
fn playouts_find_a_stone_alone_in_the_other_sides_area_dead_and_living_groups_alive() {
    // Black owns the left, white the right; a white stone sits deep in black's area,
    // a black one in white's.
    let pos = position(
        &[
            "....XO...",
            "....XO...",
            ".O..XO...",
            "....XO...",
            "....XO.X.",
            "....XO...",
            "....XO...",
            "....XO...",
            "....XO...",
        ],
        Color::Black,
    );
    let dead = go_rules::suggest_dead(&pos, 64, 7);
    let names: Vec<String> = dead.iter().map(|p| p.gtp(9)).collect();
    assert_eq!(names, ["B7", "H5"]);
    let s = score(&pos, &dead, &Rules::CHINESE.with_komi(0.0), 0);
    // Five columns against four, the dead off: black by nine.
    assert_eq!(s.result(), "B+9", "{s:?}");
}

#[test]
fn a_snapback_takes_the_chain_that_took_the_throw_in() {
    // Black throws in on B5: white's chain is in atari and takes the stone on A5, and is
    // in atari again on B5 itself: black takes all five back at once. No ko: five stones.
    let start = position(&["..OX.", "OOOX.", "XXXX.", ".....", "....."], Color::Black);
    for rules in Rules::PRESETS {
        let mut game = Game::from_position(start, rules, 0);
        play(&mut game, "B5 A5 B5");
        let pos = game.position();
        assert_eq!(pos.captures(Color::White), 1, "{rules}");
        assert_eq!(pos.captures(Color::Black), 5, "{rules}");
        assert_eq!(pos.board().stones(Color::White), [], "{rules}");
        assert_eq!(pos.ko(), None);
    }
}

#[test]
fn two_taken_and_one_taken_back_at_once_is_no_ko() {
    // 打二还一: black takes B5 and C5 on A5; white takes A5 back at once on B5, which is
    // no ko (two stones were taken); white's stone then has two liberties, so A5 is no
    // ko point either: black playing there would only be suicide.
    let start = position(&[".OOX.", "OXX..", "O....", ".....", "....."], Color::Black);
    for rules in Rules::PRESETS {
        let mut game = Game::from_position(start, rules, 0);
        play(&mut game, "A5");
        assert_eq!(game.position().captures(Color::Black), 2, "{rules}");
        assert_eq!(game.position().ko(), None, "{rules}: two stones taken");
        play(&mut game, "B5");
        assert_eq!(game.position().captures(Color::White), 1, "{rules}");
        assert_eq!(
            game.position().ko(),
            None,
            "{rules}: the stone has two liberties"
        );
        let again = game.check(at(&game, "A5")).unwrap_err();
        assert!(
            matches!(again, IllegalMove::Suicide { .. }),
            "{rules}: {again}"
        );
    }
}

#[test]
fn a_triple_ko_cycles_forever_under_simple_ko_and_is_stopped_by_superko() {
    // Three kos: black may take on C8 and H8, white on C4. Six takes, each in turn, bring
    // the board and the side to move back to the start.
    let start = position(
        &[
            ".XO...XO.",
            "XO.O.XO.O",
            ".XO...XO.",
            ".........",
            ".OX......",
            "OX.X.....",
            ".OX......",
            ".........",
            ".........",
        ],
        Color::Black,
    );
    for rules in Rules::PRESETS {
        let mut game = Game::from_position(start, rules, 0);
        play(&mut game, "C8 C4 H8 B8 B4");
        let last = at(&game, "G8");
        match rules.ko {
            go_rules::KoRule::Simple => {
                game.play(last).unwrap_or_else(|e| panic!("{rules}: {e}"));
                let again = game.position();
                assert_eq!(again.board(), start.board(), "{rules}: the start again");
                assert_eq!(again.to_move(), Color::Black);
                assert_eq!(again.captures(Color::Black), 3, "{rules}");
                // And round again: nothing ends it but the players.
                play(&mut game, "C8 C4 H8 B8 B4 G8");
                assert_eq!(game.position().board(), start.board(), "{rules}");
            }
            _ => {
                let err = game.play(last).unwrap_err();
                assert_eq!(
                    err,
                    IllegalMove::Superko {
                        point: Point::from_gtp("G8", 9).unwrap(),
                        size: 9,
                        repeats: 0
                    },
                    "{rules}"
                );
            }
        }
    }
}

#[test]
fn the_quick_legality_test_agrees_with_playing_the_move_on_random_small_boards() {
    // Small boards fill up: captures, kos, suicides and repeated boards come often.
    let mut state = 12_345u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut compared = 0;
    for rules in Rules::PRESETS {
        for size in [3u8, 4, 5, 7] {
            let mut game = Game::new(size, rules).unwrap();
            for _ in 0..400 {
                let board = *game.position().board();
                let mut legal = Vec::new();
                for p in board.points() {
                    let quick = game.is_legal(Move::Play(p));
                    assert_eq!(
                        quick,
                        game.check(Move::Play(p)).is_ok(),
                        "{rules} {size}×{size} {}:\n{}",
                        p.gtp(size),
                        board.diagram()
                    );
                    compared += 1;
                    if quick {
                        legal.push(p);
                    }
                }
                assert_eq!(game.legal_points(), legal);
                let mv = match legal.len() {
                    0 => Move::Pass,
                    n if next(12) == 0 => [Move::Pass, Move::Play(legal[next(n)])][next(2)],
                    n => Move::Play(legal[next(n)]),
                };
                game.play(mv).unwrap();
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}
