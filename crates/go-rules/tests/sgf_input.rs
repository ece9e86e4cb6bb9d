//! SGF as files come: passes written `tt` and `[]`, escapes and soft line breaks, FF[3]
//! long names, text around games, several games; bad input a message with its line,
//! never a panic.

use go_rules::sgf::{self, SgfError};
use go_rules::{Color, Move, Point};

#[test]
fn passes_escapes_long_names_and_text_around_games() {
    let text = "Saved by a site\n(;FF[3]GM[1]SZ[9]AddBlack[cc][gg]PL[W]C[a \\] bracket, a \\\\ backslash,\\\n one line]\n;W[tt];B[];W[ee])\nbetween\n(;GM[1]SZ[13];B[aa])";
    let games = sgf::read(text).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.node(0).comment, "a ] bracket, a \\ backslash, one line");
    let start = g.start().unwrap();
    assert_eq!(start.to_move(), Color::White);
    assert_eq!(
        start.board().stones(Color::Black),
        [Point::new(2, 2), Point::new(6, 6)]
    );
    let line = g.main_line();
    assert_eq!(g.node(line[1]).mv, Some((Color::White, Move::Pass)));
    assert_eq!(g.node(line[2]).mv, Some((Color::Black, Move::Pass)));
    let game = g.replay(&line).unwrap();
    assert_eq!(game.moves().len(), 3);
    assert_eq!(games[1].size, 13);
    // Written back: FF[4], UTF-8, the escapes again, the setup kept.
    let written = sgf::write(g);
    assert!(
        written.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[cc][gg]PL[W]C[a \\] bracket"),
        "{written}"
    );
    assert!(written.contains(";W[];B[];W[ee])"), "{written}");
}

#[test]
fn a_recorded_ko_retake_replays_and_a_taken_point_is_refused() {
    // Black takes the ko on C2 (4×4) and white retakes it at once: the file says so.
    let ko = "(;GM[1]SZ[4]AB[bb][ac][bd]AW[cb][dc][cd][bc];B[cc];W[bc])";
    let g = &sgf::read(ko).unwrap()[0];
    let game = g.replay(&g.main_line()).unwrap();
    assert_eq!(game.position().captures(Color::White), 1);
    let taken = "(;GM[1]SZ[9];B[ee];W[ee])";
    let g = &sgf::read(taken).unwrap()[0];
    let err = g.replay(&g.main_line()).unwrap_err();
    assert!(
        err.to_string().contains("move 2 (E5): E5 is taken"),
        "{err}"
    );
}

#[test]
fn bad_files_say_what_is_wrong() {
    let err = |t: &str| -> SgfError { sgf::read(t).unwrap_err() };
    assert!(err("no game here").what.contains("no game"));
    assert!(err("(;GM[1]SZ[9];B[ee]").what.contains("never closed"));
    assert!(err("(;GM[1]SZ[9]C[open").what.contains("never closed"));
    assert!(err("(;GM[1]SZ[25])").what.contains("25×25"));
    assert!(err("(;GM[2]SZ[8])").what.contains("not Go"));
    assert!(
        err("(;GM[1]SZ[9];B[zz])")
            .what
            .contains("off the 9×9 board")
    );
    assert!(err("(;GM[1]SZ[9]\n\n;B)").line >= 3);
    let deep = format!("(;GM[1]{}", "(;B[aa]".repeat(1000));
    assert!(err(&deep).what.contains("nested deeper"));
}

#[test]
fn no_bytes_make_the_reader_panic() {
    let seed = "(;FF[4]GM[1]SZ[9]KM[6.5]AB[cc:dd]C[x];B[ee]C[y](;W[cc])(;W[gg];B[tt]))";
    let mut state = 7u64;
    for _ in 0..20_000 {
        let mut bytes = seed.as_bytes().to_vec();
        for _ in 0..3 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let at = (state >> 33) as usize % bytes.len();
            bytes[at] = b"()[];\\:aBWtC9x"[(state >> 20) as usize % 14];
        }
        let text = sgf::decode(&bytes);
        if let Ok(games) = sgf::read(&text) {
            for g in &games {
                let _ = g.start();
                let _ = g.replay(&g.main_line());
                let written = sgf::write(g);
                let back = sgf::read(&written).expect("what we write reads");
                assert_eq!(sgf::write(&back[0]), written);
            }
        }
    }
}

#[test]
fn a_game_written_as_sgf_replays_to_the_same_position() {
    use go_rules::{Board, Game, Rules, handicap};
    let start = handicap::start(Board::new(9).unwrap(), 2).unwrap();
    let mut game = Game::from_position(start, Rules::JAPANESE.with_komi(0.5), 2);
    for m in ["E5", "E4", "pass", "D4"] {
        game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
    }
    let text = sgf::write(&sgf::SgfGame::from_game(&game));
    assert!(
        text.contains("RU[japanese]KM[0.5]HA[2]AB[gc][cg]PL[W];W[ee]"),
        "{text}"
    );
    let back = &sgf::read(&text).unwrap()[0];
    let again = back.replay(&back.main_line()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.rules().komi, 0.5);
}

#[test]
fn a_count_is_written_as_the_result_and_each_sides_points() {
    // Black walls off the left of a 5×5 board, white the right; a white stone inside
    // black's side is dead.
    let mut game = go_rules::Game::new(5, go_rules::Rules::CHINESE).unwrap();
    for m in "B5 D5 B4 D4 B3 D3 B2 D2 B1 D1 pass A3 pass pass".split_whitespace() {
        game.play(Move::from_gtp(m, 5).unwrap()).unwrap();
    }
    let a3 = Point::from_gtp("A3", 5).unwrap();
    let owners = go_rules::owners(game.position(), &[a3]);
    let score = go_rules::score(game.position(), &[a3], game.rules(), 0);
    // 10 each (five stones, five points); komi decides; column C is no one's.
    assert_eq!(score.result(), "W+7.5", "{score:?}");
    let mut file = sgf::SgfGame::from_game(&game);
    file.set_count(&score.result(), &owners);
    let text = sgf::write(&file);
    let back = &sgf::read(&text).unwrap()[0];
    assert_eq!(back.tag("RE"), Some("W+7.5"));
    let last = *back.main_line().last().unwrap();
    let props = &back.node(last).props;
    let tb = props.iter().find(|(n, _)| n == "TB").unwrap();
    // A1…A5 (A3 the dead stone's point) for black; E1…E5 for white.
    assert_eq!(tb.1.len(), 5, "{text}");
    assert!(tb.1.contains(&"ac".to_owned()), "{text}");
    let tw = props.iter().find(|(n, _)| n == "TW").unwrap();
    assert_eq!(tw.1.len(), 5, "{text}");
    // Read back: the stone on black's points is the dead one.
    assert_eq!(back.counted_dead(game.position()), [a3]);
}

#[test]
fn boards_and_move_lists_pasted_as_text() {
    use go_rules::text::{TextError, looks_like_moves, read_diagram, read_moves, size_for_moves};
    use go_rules::{Game, Rules};
    // What `go status` prints reads back; coordinates and spaces around a diagram too.
    let mut game = Game::new(9, Rules::CHINESE).unwrap();
    for m in ["C3", "D4", "E5"] {
        game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
    }
    let status = format!("{}to-move white\n", game.position().board().diagram());
    let back = read_diagram(&status).unwrap();
    assert_eq!(back.board(), game.position().board());
    assert_eq!(back.to_move(), Color::White);
    let framed = "   A B C D\n 4 . . . .\n 3 . X O .\n 2 . . X .\n 1 . . . .\n   A B C D\n";
    let pos = read_diagram(framed).unwrap();
    assert_eq!(pos.board().size(), 4);
    assert_eq!(pos.board().stones(Color::Black).len(), 2);
    assert_eq!(pos.to_move(), Color::Black);
    let black = read_diagram("...\n.X.\n...\nto-move black").unwrap();
    assert_eq!(black.to_move(), Color::Black);
    assert!(matches!(
        read_diagram("XO.\nX.\n...").unwrap_err(),
        TextError::NotABoard(_)
    ));
    assert!(read_diagram("hello world").is_err());
    // Move lists: numbers and colours passed over, the size the points need.
    assert!(looks_like_moves("1. D4 Q16 2. pass, C3"));
    assert!(!looks_like_moves("h2e2 h9g7"));
    assert!(!looks_like_moves("1. C2.5 h8+7"), "Xiangqi's WXF is not Go");
    assert_eq!(size_for_moves("D4 Q16"), 19);
    assert_eq!(size_for_moves("D4 C3"), 9);
    assert_eq!(size_for_moves("D4 L11"), 13);
    let game = read_moves("B D4 W Q16 B pass", 19, Rules::CHINESE).unwrap();
    assert_eq!(game.moves().len(), 3);
    let err = read_moves("D4 D4", 19, Rules::CHINESE).unwrap_err();
    assert_eq!(err.to_string(), "move 2: D4 is taken");
    let err = read_moves("D4 Z9", 19, Rules::CHINESE).unwrap_err();
    assert!(
        err.to_string().starts_with("\"Z9\" (move 2) is not a move"),
        "{err}"
    );
}

/// A file without `CA` from Taiwan or Hong Kong is Big5, one from the mainland GB18030:
/// each is read in its own, told apart by what it reads as.
#[test]
fn big5_and_gb18030_files_without_ca_read_as_written() {
    let traditional = "(;GM[1]SZ[19]PB[林海峰]PW[趙治勳]EV[第一屆應氏杯世界職業圍棋錦標賽]RE[白中盤勝]C[黑先，白棋以中盤勝出];B[pd];W[dp])";
    let simplified = "(;GM[1]SZ[19]PB[聂卫平]PW[马晓春]EV[第一届全国围棋个人赛]RE[黑中盘胜]C[黑先，黑棋中盘胜出];B[pd];W[dp])";
    let (big5, _, _) = encoding_rs::BIG5.encode(traditional);
    assert_eq!(sgf::decode(&big5), traditional);
    for text in [simplified, traditional] {
        let (gb, _, _) = encoding_rs::GB18030.encode(text);
        assert_eq!(sgf::decode(&gb), text);
    }
    let game = &sgf::read(&sgf::decode(&big5)).unwrap()[0];
    assert_eq!(game.tag("PB"), Some("林海峰"));
}
