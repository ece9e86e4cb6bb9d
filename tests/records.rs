//! Records and "paste anything": every format in, every format out, real-world files
//! (GBK, CRLF, comments, variations), errors that say where, and no panic on any input.

use proptest::prelude::*;
use xiangqi::rules::record::{Format, ImportErrorKind, MAX_INPUT_BYTES, read_any, read_any_bytes};
use xiangqi::rules::{Game, Notation, Position, legacy, pgn, ucci};

const GBK_PGN: &[u8] = include_bytes!("data/gbk-crlf.pgn");
const SAME_GAME_ICCS: &str = include_str!("data/same-game-iccs.txt");

fn iccs_game(moves: &str) -> Game {
    let mut game = Game::new();
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn gbk_pgn_with_comments_and_variations() {
    let bytes = std::hint::black_box(GBK_PGN);
    assert!(
        std::str::from_utf8(bytes).is_err(),
        "the fixture really is GBK"
    );
    let imported = read_any_bytes(GBK_PGN).unwrap();
    assert_eq!(imported.format, Format::Pgn(Notation::Chinese));
    let record = &imported.record;
    assert_eq!(record.tag("Event"), Some("测试赛"));
    assert_eq!(record.tag("Red"), Some("红方棋手"));
    assert_eq!(
        record.comments.get(&0).map(String::as_str),
        Some("中炮对屏风马")
    );
    assert_eq!(record.comments.get(&2).map(String::as_str), Some("屏风马"));
    assert_eq!(
        record.comments.get(&8).map(String::as_str),
        Some("两头蛇对进卒")
    );
    assert!(
        !record.comments.values().any(|c| c.contains("变着")),
        "variation skipped"
    );
    let expected = iccs_game(SAME_GAME_ICCS);
    assert_eq!(record.game.position(), expected.position());
    assert_eq!(
        record.game.moves().collect::<Vec<_>>(),
        expected.moves().collect::<Vec<_>>()
    );
}

#[test]
fn pgn_round_trips_in_every_notation() {
    let record = read_any_bytes(GBK_PGN).unwrap().record;
    for notation in Notation::ALL {
        let text = pgn::write(&record, notation);
        for tag in [
            "[Event \"测试赛\"]",
            "[Date \"2026.11.21\"]",
            "[Red \"红方棋手\"]",
            "[Result \"1-0\"]",
        ] {
            assert!(text.contains(tag), "{tag} in\n{text}");
        }
        assert!(text.contains(&format!("[Format \"{}\"]", notation.name())));
        let again = read_any(&text).unwrap();
        assert_eq!(again.format, Format::Pgn(notation));
        assert_eq!(again.record.game.position(), record.game.position());
        assert_eq!(again.record.comments, record.comments);
        assert_eq!(pgn::write(&again.record, notation), text);
    }
}

#[test]
fn seed_pgn_example() {
    // The seed library's to_pgn() output for the five-ply mate, as it prints it.
    let text = "[Game \"Chinese Chess\"]\n[Round: \"3\"]\n[PlyCount \"5\"]\n[Date \"2022-01-26\"]\n[Red \"\"]\n[Black \"\"]\n[Generator: \"Python-Chinese-Chess\"]\n[Result \"1-0\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n1.炮二进二 士4进5\n2.炮二平三 卒7进1\n3.炮三进五\n1-0 {红胜}\n";
    let imported = read_any(text).unwrap();
    assert_eq!(imported.format, Format::Pgn(Notation::Chinese));
    assert!(imported.record.game.position().is_checkmate());
    assert_eq!(imported.record.tag("Round"), Some("3"));
}

#[test]
fn every_format_is_recognised() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let after_two = iccs_game("h2e2 h9g7");
    let cases: Vec<(String, Format)> = vec![
        (start.into(), Format::Fen),
        (format!("  {start}\n"), Format::Fen),
        ("position startpos moves h2e2 h9g7".into(), Format::Ucci),
        (
            format!("position fen {start} moves h2e2 h9g7"),
            Format::Ucci,
        ),
        (format!("{start} moves h2e2 h9g7"), Format::Ucci),
        (legacy::write_board(&Position::new()), Format::Board),
        ("h2e2 h9g7".into(), Format::MoveList(Notation::Iccs)),
        ("1. H2-E2 H9-G7".into(), Format::MoveList(Notation::Iccs)),
        ("C2=5 H8+7".into(), Format::MoveList(Notation::Wxf)),
        ("1. c2.5 h8+7".into(), Format::MoveList(Notation::Wxf)),
        (
            "炮二平五 馬8进7".into(),
            Format::MoveList(Notation::Chinese),
        ),
        (
            "1.炮二平五　马８进７".into(),
            Format::MoveList(Notation::Chinese),
        ),
        // No Format tag: Chinese is assumed, but what the moves really are is reported.
        (
            "[Event \"x\"]\n1. h2e2 h9g7 *".into(),
            Format::Pgn(Notation::Iccs),
        ),
        (
            "[Event \"x\"]\n1. 炮二平五 馬8进7 *".into(),
            Format::Pgn(Notation::Chinese),
        ),
        (
            "[Format \"WXF\"]\n1. C2=5 H8+7".into(),
            Format::Pgn(Notation::Wxf),
        ),
    ];
    for (text, format) in cases {
        let imported = read_any(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(imported.format, format, "{text:?}");
        let game = &imported.record.game;
        if game.ply_count() == 2 {
            assert_eq!(game.position(), after_two.position(), "{text:?}");
        }
    }
    // The seed article's game (七星聚会, main line) comes in whole.
    let seed = "4rk3/3P5/4bP3/9/9/8P/9/1p2p2C1/3p1p3/4K1RR1 w moves h2f2 e2f2 f7f8 f9f8 g0g8 f8f9 h0h1 f1e1 h1e1 d1e1 e0e1 f2f1 e1e2 e9c9 d8c8 c9a9 g8g7 f9f8 g7g8 f8f9 g8g6 a9a2 g6f6 f9e9 f6f1 b2c2 f1d1 c2c1 d1d2 a2a4 d2d7 a4e4 e2d2 e4e0 d7d9 e9e8 d9h9 e0a0 d2e2 c1d1 h9d9 a0i0 d9f9 i0i2 f9f2 i2i4 f2f9 i4e4 e2d2 e4d4 d2e2 d4d3 f9h9 d3c3 h9d9 d1c1 d9h9 c1d1 h9d9 e8f8 d9d6 c3f3 e2d2 d1c1 d2e2 c1d1 e2d2 d1e1 d6e6 e1f1 e6h6 f3d3 d2e2 d3c3 e2d2 e7g5 c8d8 f8f7 h6g6 g5i7 g6g7 f7f8 g7i7 c3g3 i7i5";
    let imported = read_any(seed).unwrap();
    assert_eq!(imported.format, Format::Ucci);
    assert_eq!(imported.record.game.ply_count(), 85);
    assert_eq!(
        ucci::read(&ucci::write(&imported.record.game))
            .unwrap()
            .position(),
        imported.record.game.position()
    );
}

#[test]
fn errors_say_what_was_understood_and_where() {
    let err = read_any("hello world").unwrap_err();
    assert_eq!(err.format, None);
    assert!(matches!(err.kind, ImportErrorKind::Unrecognised(ref w) if w == "hello"));

    let err = read_any("1. 炮二平五 馬8进7\n2. 傌二进三 馬8进7").unwrap_err();
    assert_eq!(err.format, Some(Format::MoveList(Notation::Chinese)));
    assert_eq!(
        (err.line, err.ply, err.token.as_deref()),
        (Some(2), Some(4), Some("馬8进7"))
    );
    assert_eq!(
        err.to_string(),
        "this looks like a list of moves in Chinese notation, but at line 2, ply 4 (\"馬8进7\"): no legal move of black fits it"
    );

    let err =
        read_any("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w").unwrap_err();
    assert_eq!(err.format, Some(Format::Fen));
    assert!(err.to_string().contains("row 10"), "{err}");

    let err = read_any("position startpos moves h2e2 h2e2 h9g7").unwrap_err();
    assert_eq!((err.format, err.ply), (Some(Format::Ucci), Some(2)));

    assert_eq!(
        read_any("  \n\t ").unwrap_err().kind,
        ImportErrorKind::Empty
    );
    let huge = "h2e2 ".repeat(MAX_INPUT_BYTES / 5 + 1);
    assert!(matches!(
        read_any(&huge).unwrap_err().kind,
        ImportErrorKind::TooLarge { .. }
    ));
    assert_eq!(
        read_any_bytes(b"\x00\x01PK\x03\x04").unwrap_err().kind,
        ImportErrorKind::Binary
    );
}

fn valid_texts() -> impl Strategy<Value = String> {
    let record = read_any_bytes(GBK_PGN).unwrap().record;
    prop_oneof![
        Just(pgn::write(&record, Notation::Chinese)),
        Just(pgn::write(&record, Notation::Wxf)),
        Just(pgn::write(&record, Notation::Iccs)),
        Just(ucci::write(&record.game)),
        Just(legacy::write_board(record.game.position())),
        Just(record.game.position().to_fen()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(text in ".*") {
        let _ = read_any(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_any_bytes(&bytes);
    }

    #[test]
    fn damaged_records_never_panic(
        text in valid_texts(),
        cuts in prop::collection::vec((any::<u16>(), any::<char>(), any::<bool>()), 1..6),
    ) {
        let mut chars: Vec<char> = text.chars().collect();
        for (at, c, insert) in cuts {
            let i = at as usize % (chars.len() + 1);
            if insert || i == chars.len() {
                chars.insert(i, c);
            } else {
                chars[i] = c;
            }
        }
        let damaged: String = chars.into_iter().collect();
        if let Ok(imported) = read_any(&damaged) {
            // Whatever is accepted can be written and read back.
            let text = pgn::write(&imported.record, Notation::Chinese);
            let again = read_any(&text).unwrap();
            prop_assert_eq!(again.record.game.position(), imported.record.game.position());
        }
    }
}
