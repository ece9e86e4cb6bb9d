//! Records and "paste anything": every format in, every format out, real-world files
//! (GBK, CRLF, comments, variations), errors that say where, and no panic on any input.

use proptest::prelude::*;
use xiangqi::rules::read::{read_any, read_any_bytes, read_games_bytes};
use xiangqi::rules::record::{Format, GameRecord, ImportErrorKind, MAX_INPUT_BYTES};
use xiangqi::rules::{Game, Move, Notation, Position, Role, legacy, pgn, ucci, xqf};

use crate::common;

use common::python::Oracle;
use common::{Rng, random_line, random_setup};

const GBK_PGN: &[u8] = include_bytes!("../data/gbk-crlf.pgn");
const SAME_GAME_ICCS: &str = include_str!("../data/same-game-iccs.txt");
const DOWNLOAD: &[u8] = include_bytes!("../data/download-gbk-footer.pgn");
const THREE_GAMES: &[u8] = include_bytes!("../data/three-games.pgn");
const XQF_030: &[u8] = include_bytes!("../data/xqf/030-黄松轩先胜冯敬如.XQF");
const XQF_VARIATIONS: &[u8] = include_bytes!("../data/xqf/game_varations.xqf");
const XQF_ENDGAME: &[u8] = include_bytes!("../data/xqf/ucci_test1.xqf");

fn main_line(record: &GameRecord) -> Vec<Move> {
    record.game.moves().collect()
}

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
fn a_site_download_opens_and_its_signature_is_no_error() {
    assert!(
        std::str::from_utf8(std::hint::black_box(DOWNLOAD)).is_err(),
        "the fixture is GBK"
    );
    let imported = read_any_bytes(DOWNLOAD).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imported.format, Format::Pgn(Notation::Chinese));
    let record = &imported.record;
    assert_eq!(record.tag("Red"), Some("黄松轩"));
    assert_eq!(record.tag("ECCO"), Some("C06"));
    assert_eq!(record.tag("Result"), Some("1-0"));
    // The same main line as the XQF of the game, read by cchess (tests/xqf.rs).
    let xqf = xqf::read(XQF_030).unwrap();
    assert_eq!(main_line(record), main_line(&xqf));
    assert_eq!(
        record.comments,
        Default::default(),
        "the signature is not a comment"
    );
    assert_eq!(read_games_bytes(DOWNLOAD).unwrap().len(), 1);
}

#[test]
fn a_game_longer_than_any_real_one_is_refused_where_it_passes_the_limit() {
    use xiangqi::rules::record::{ImportErrorKind, MAX_PLIES};
    let shuffle = "h0g2 h9g7 g2h0 g7h9 ";
    let longest = shuffle.repeat(MAX_PLIES / 4);
    assert_eq!(
        read_any(&longest).unwrap().record.game.ply_count(),
        MAX_PLIES
    );
    let ucci = format!("position startpos moves {longest}");
    assert_eq!(read_any(&ucci).unwrap().record.game.ply_count(), MAX_PLIES);
    for text in [format!("{longest}h0g2"), format!("{ucci}h0g2")] {
        let err = read_any(&text).unwrap_err();
        assert_eq!(err.kind, ImportErrorKind::TooLong);
        assert_eq!(err.ply, Some(MAX_PLIES + 1));
        assert!(err.to_string().contains("past 10000 plies"), "{err}");
    }
}

#[test]
fn a_file_of_several_games_gives_each() {
    let games = read_games_bytes(THREE_GAMES).unwrap();
    assert_eq!(games.len(), 3);
    let games: Vec<GameRecord> = games.into_iter().map(|g| g.unwrap().record).collect();
    for (record, xqf_bytes) in games.iter().zip([XQF_030, XQF_VARIATIONS, XQF_ENDGAME]) {
        let xqf = xqf::read(xqf_bytes).unwrap();
        assert_eq!(record.game.start(), xqf.game.start());
        assert_eq!(main_line(record), main_line(&xqf));
        assert_eq!(record.comments, xqf.comments);
        let named = |r: &GameRecord| r.tag("Red").filter(|v| *v != "?").map(String::from);
        assert_eq!(named(record), named(&xqf));
    }
    // "Paste anything" and single-game readers take the first.
    let first = read_any_bytes(THREE_GAMES).unwrap().record;
    assert_eq!(main_line(&first), main_line(&games[0]));
}

#[test]
fn one_bad_game_does_not_hide_the_others_and_says_its_line() {
    let text = "[Event \"1\"]\n1. h2e2 h9g7 *\n\n[Event \"2\"]\n\n1. h2e2 h9g7\n2. h2e2 *\n\nsome text\n[Event \"3\"]\n1. b2e2 *\n";
    let games = read_games_bytes(text.as_bytes()).unwrap();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let err = games[1].as_ref().unwrap_err();
    assert_eq!((err.line, err.ply), (Some(7), Some(3)), "{err}");
    // A single game that fails is the file's error.
    let err = read_games_bytes(b"[Event \"x\"]\n1. h2e2 h2e2 *\n").unwrap_err();
    assert_eq!(err.ply, Some(2));
}

#[test]
fn text_after_the_result_is_not_read() {
    let cases = [
        "1. 炮二平五 马８进７ 1-0\n=====\n欢迎访问 {东萍 (象棋) 网\n",
        "[Event \"x\"]\r\n1. 炮二平五 马８进７\r\n*\r\nDownloaded from somewhere.\r\nh2h9 garbage\r\n",
        "[Event \"x\"]\n1. 炮二平五 马８进７\n==================\nno result, but a rule\n",
    ];
    for text in cases {
        let imported = read_any(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(imported.record.game.ply_count(), 2, "{text:?}");
    }
}

/// Where cchess 1.25 cannot follow standard notation: two advisors or elephants on one
/// file (the rules write no 前/后 for them, as 进/退 tell them apart; cchess tries the
/// first and gives up), and soldiers told apart by 前/中/后 (its reader leaves that
/// case as a TODO). Those moves are checked against Fairy-Stockfish's WXF instead
/// (`tests/pyffish.rs`, `chinese_text_of_stacked_pieces_matches_fairy_stockfishs_wxf`).
fn cchess_cannot_read(pos: &Position, m: Move) -> bool {
    let Some(piece) = pos.piece_at(m.from) else {
        return true;
    };
    let on_file = pos
        .board()
        .find(piece)
        .iter()
        .filter(|s| s.file() == m.from.file())
        .count();
    on_file > 1 && matches!(piece.role, Role::Advisor | Role::Elephant | Role::Soldier)
}

/// Files we write open in another program: the cchess library reads our Chinese PGN
/// (the common convention, 车马炮 and full-width digits for black) move for move,
/// from the start and from set-up positions with stacked pieces, up to the first
/// move of a kind it cannot read (see `cchess_cannot_read`).
#[test]
fn cchess_reads_our_pgn_move_for_move() {
    let mut oracle = Oracle::start("cchess_oracle.py");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pgn-for-cchess");
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x0063_6368_6573_7321);
    let (mut whole, mut plies) = (0, 0);
    for i in 0..300 {
        let start = if i % 2 == 0 {
            random_setup(&mut rng)
        } else {
            Position::new()
        };
        let mut game = Game::from_position(start.clone());
        for m in random_line(&start, 1 + rng.below(80), &mut rng) {
            game.play_on(m).unwrap();
        }
        let text = pgn::write(&GameRecord::new(game.clone()), Notation::Chinese);
        let path = dir.join(format!("game{i}.pgn"));
        std::fs::write(&path, &text).unwrap();
        let answer = oracle.ask(&format!("read\t{}", path.display()));
        let fields: Vec<&str> = answer.split('\t').collect();
        assert_eq!(fields[0], "ok", "{answer}");
        let readable = game
            .moves()
            .enumerate()
            .take_while(|&(ply, m)| !cchess_cannot_read(game.position_at(ply), m))
            .count();
        let ours: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        let theirs: Vec<&str> = fields.get(2).map_or(Vec::new(), |l| l.split(' ').collect());
        // It reads our moves, at least up to the first it is known not to follow (past
        // that it may stop or misread).
        assert!(
            theirs.len() >= readable && theirs[..readable] == ours[..readable],
            "cchess reads game {i} otherwise: {theirs:?}\n{text}"
        );
        whole += usize::from(theirs == ours);
        plies += readable;
    }
    eprintln!("cchess read {whole} of 300 games whole, {plies} plies in all");
    assert!(
        whole > 200 && plies > 5000,
        "{whole} games whole, {plies} plies"
    );
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
            .record
            .game
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

/// Files of the Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0; see
/// `tests/data/big5/README.md`): Big5, traditional characters, as players in Taiwan and
/// Hong Kong keep them. Each opens with every move and its names; a file whose own FEN
/// is impossible is refused with the reason.
#[test]
fn big5_files_open_with_every_move_and_name() {
    let files: [(&[u8], &str, &str, usize); 4] = [
        (
            include_bytes!("../data/big5/master.pgn"),
            "Red",
            "江蘇隊 程鳴",
            104,
        ),
        (
            include_bytes!("../data/big5/endgame.pgn"),
            "Black",
            "上海 徐天利",
            43,
        ),
        (
            include_bytes!("../data/big5/opening.pgn"),
            "Event",
            "01 紅七路馬盤河黑上左象",
            48,
        ),
        (
            include_bytes!("../data/big5/exercise.pgn"),
            "Red",
            "廣州楊官璘",
            138,
        ),
    ];
    for (bytes, tag, value, plies) in files {
        assert!(std::str::from_utf8(bytes).is_err(), "{value}: not UTF-8");
        let imported = read_any_bytes(bytes).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert_eq!(imported.format, Format::Pgn(Notation::Chinese));
        assert_eq!(imported.record.tag(tag), Some(value));
        assert_eq!(imported.record.game.moves().count(), plies, "{value}");
    }
    let broken = read_any_bytes(include_bytes!("../data/big5/broken-fen.pgn")).unwrap_err();
    assert!(
        broken.to_string().contains("red has no general"),
        "{broken}"
    );
}
