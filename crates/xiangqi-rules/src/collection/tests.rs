use super::*;

/// Every part of `bytes` pushed in pieces of `size`.
fn parts_in_pieces(bytes: &[u8], size: usize) -> Vec<Part> {
    let mut splitter = Splitter::new();
    let mut parts = Vec::new();
    for piece in bytes.chunks(size.max(1)) {
        splitter.push(piece);
        parts.extend(splitter.by_ref());
    }
    splitter.finish();
    parts.extend(splitter.by_ref());
    parts
}

const THREE: &str = "网站标题\n\n[Event \"一\"]\n[Red \"甲\"]\n1. 炮二平五 马８进７ {[%clk 0:10:00]\n[不是标签]} 1-0\n=====\n[东萍象棋网]\n\n\
[Event \"二\"]\n1. h2e2 ; 1-0 only a comment\n[Not a tag]\nh9g7 *\n[Event \"三\"]\n1. b2e2\n";

#[test]
fn parts_are_the_games_pgn_split_finds_however_the_bytes_come() {
    let games = pgn::split(THREE);
    assert_eq!(games.len(), 3, "{games:#?}");
    for size in [1, 2, 3, 5, 64, 4096] {
        let parts = parts_in_pieces(THREE.as_bytes(), size);
        let cut: Vec<(usize, &str)> = parts
            .iter()
            .map(|p| {
                let text = std::str::from_utf8(p.bytes.as_ref().unwrap()).unwrap();
                (p.line, text)
            })
            .collect();
        let want: Vec<(usize, &str)> = games.iter().map(|g| (g.line, g.text)).collect();
        assert_eq!(cut, want, "pieces of {size}");
        for (p, g) in parts.iter().zip(&games) {
            let at = usize::try_from(p.offset).unwrap();
            assert_eq!(&THREE[at..at + usize::try_from(p.len).unwrap()], g.text);
            assert!(p.tagged);
        }
        assert_eq!(
            parts.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 2, 3]
        );
    }
}

#[test]
fn a_game_over_the_bound_is_named_and_the_next_is_read() {
    let big = format!(
        "[Event \"a\"]\n1. h2e2 *\n[Event \"big\"]\n{{{}}}\n1. h2e2 *\n[Event \"c\"]\n1. h2e2 *\n",
        "注".repeat(MAX_GAME_BYTES / 3 + 10)
    );
    // And one whose single line never ends.
    let endless = format!(
        "[Event \"a\"]\n1. h2e2 *\n[Event \"endless\"]\n{}",
        "h2e2 ".repeat(MAX_GAME_BYTES / 4)
    );
    for (file, games) in [(&big, 3), (&endless, 2)] {
        for size in [1000, 1 << 16] {
            let parts = parts_in_pieces(file.as_bytes(), size);
            assert_eq!(parts.len(), games);
            assert_eq!(parts[1].bytes, Err(Refused::TooLarge));
            assert!(parts[1].len > MAX_GAME_BYTES as u64);
            let e = Decoder::default().read(&parts[1]).unwrap_err();
            assert!(matches!(e.kind, ImportErrorKind::TooLarge { .. }), "{e}");
            assert_eq!(e.line, Some(3));
            for part in [&parts[0], &parts[games - 1]].into_iter().take(games - 1) {
                assert!(Decoder::default().read(part).is_ok());
            }
        }
    }
}

#[test]
fn gbk_and_big5_games_in_one_file_each_read_in_their_own() {
    let game = |red: &str| {
        format!(
            "[Red \"{red}\"]\n[Event \"全国象棋个人赛\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n"
        )
    };
    let gbk = encoding_rs::GB18030.encode(&game("胡荣华")).0.into_owned();
    // Traditional script, as Taiwan's files write it.
    let big5 = encoding_rs::BIG5
        .encode("[Red \"許銀川\"]\n[Event \"全國象棋個人賽\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n")
        .0
        .into_owned();
    let file = [big5.clone(), gbk.clone(), big5, gbk].concat();
    let parts = parts_in_pieces(&file, 100);
    assert_eq!(parts.len(), 4);
    let mut decoder = Decoder::default();
    let reds: Vec<String> = parts
        .iter()
        .map(|p| {
            decoder
                .read(p)
                .unwrap()
                .record
                .tag("Red")
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(reds, ["許銀川", "胡荣华", "許銀川", "胡荣华"]);
}

#[test]
fn a_big5_trail_byte_that_is_a_brace_neither_opens_nor_closes_a_comment() {
    // 開 is B6 7D in Big5: its second byte is '}'. Read byte by byte, it would close
    // the comment and the tag line inside it would start a game.
    let text = "[Red \"甲\"]\n1. 炮二平五 {開局\n[Note \"見下\"]\n變化} 馬８進７ 1-0\n[Red \"乙\"]\n1. h2e2 *\n";
    let bytes = encoding_rs::BIG5.encode(text).0.into_owned();
    assert!(bytes.windows(2).any(|w| w == [0xB6, 0x7D]));
    let parts = parts_in_pieces(&bytes, 7);
    assert_eq!(parts.len(), 2);
    let first = Decoder::default().read(&parts[0]).unwrap().record;
    assert_eq!(first.game.ply_count(), 2);
    assert!(first.comments[&1].contains("[Note \"見下\"]"));
}

#[test]
fn utf16_and_byte_order_marks_are_read_through() {
    let text = "[Red \"甲\"]\n1. h2e2 *\n[Red \"乙\"]\n1. b2e2 *\n";
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in text.encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    let with_bom = [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat();
    for file in [utf16, with_bom] {
        let mut splitter = Splitter::new();
        for piece in file.chunks(5) {
            splitter.push(piece);
        }
        splitter.finish();
        let parts: Vec<Part> = splitter.by_ref().collect();
        assert_eq!(parts.len(), 2);
        let mut decoder = Decoder::default();
        assert_eq!(
            decoder.read(&parts[1]).unwrap().record.tag("Red"),
            Some("乙")
        );
    }
}

#[test]
fn a_nul_ends_the_text_and_is_said() {
    let file = b"[Red \"a\"]\n1. h2e2 *\n[Red \"b\"]\n1. b2e2 \x00\x01\x02 *\n[Red \"c\"]\n";
    let parts = parts_in_pieces(file, 8);
    assert_eq!(parts.len(), 2);
    assert!(parts[0].bytes.is_ok());
    assert_eq!(parts[1].bytes, Err(Refused::Binary));
    assert_eq!(parts[1].line, 4);
}

#[test]
fn text_without_tags_is_one_untagged_part_and_an_empty_file_one_empty_part() {
    for (file, preamble) in [("1. h2e2 h9g7\n", true), ("", false), ("\n \n", false)] {
        let (parts, splitter) = split_bytes(file.as_bytes());
        assert_eq!(parts.len(), 1);
        assert!(!parts[0].tagged);
        assert_eq!(parts[0].bytes.as_deref().unwrap(), file.as_bytes());
        assert_eq!(splitter.had_preamble(), preamble);
    }
}

#[test]
fn a_million_empty_games_and_a_million_tags_stay_bounded() {
    let empties = "[E \"\"]\n*\n".repeat(1_000_000);
    let mut splitter = Splitter::new();
    let mut count = 0;
    for piece in empties.as_bytes().chunks(1 << 16) {
        splitter.push(piece);
        // Never more than a piece's worth of games waits.
        let waiting = splitter.by_ref().count();
        assert!(waiting <= (1 << 16) / 8 + 1);
        count += waiting;
    }
    splitter.finish();
    count += splitter.by_ref().count();
    assert_eq!(count, 1_000_000);

    let many: String = (0..1_000_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    let tags = format!("[Event \"x\"]\n{many}1. h2e2 *\n");
    let parts = parts_in_pieces(tags.as_bytes(), 1 << 16);
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].bytes, Err(Refused::TooLarge));
}

#[test]
fn a_game_of_tags_alone_ends_where_its_tags_begin_again() {
    let file = "[Game \"Chinese Chess\"]\n[Event \"a\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n\n\
                [Game \"Chinese Chess\"]\n[Event \"b\"]\n1. h2e2 *\n";
    let parts = parts_in_pieces(file.as_bytes(), 10);
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1].line, 5);
    assert_eq!(pgn::split(file).len(), 2);
}
