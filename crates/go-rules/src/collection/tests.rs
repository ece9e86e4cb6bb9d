use super::*;

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

const FILE: &str = "A collection (made by hand)\n(;GM[1]FF[4]SZ[9]PB[甲]C[a ) in a comment \\] and (;]\n;B[ee]\n(;W[dd])(;W[gg]))\n\
junk between ( games\n( ;GM[1]SZ[9]PB[乙];B[cc])(;GM[1]SZ[9]PB[丙];B[dd])";

#[test]
fn parts_are_the_games_the_whole_reader_finds_however_the_bytes_come() {
    let whole = sgf::read(FILE).unwrap();
    assert_eq!(whole.len(), 3);
    for size in [1, 2, 3, 7, 4096] {
        let parts = parts_in_pieces(FILE.as_bytes(), size);
        assert_eq!(parts.len(), 3, "pieces of {size}");
        let games: Vec<SgfGame> = parts.iter().map(|p| read(p).unwrap()).collect();
        assert_eq!(games, whole);
        assert_eq!(parts.iter().map(|p| p.line).collect::<Vec<_>>(), [2, 6, 6]);
        for p in &parts {
            let at = usize::try_from(p.offset).unwrap();
            let len = usize::try_from(p.len).unwrap();
            assert_eq!(&FILE.as_bytes()[at..at + len], p.bytes.as_deref().unwrap());
        }
    }
}

#[test]
fn a_legacy_trail_byte_that_is_a_bracket_or_a_backslash_ends_no_value() {
    // 許 is B3 5C in Big5 (a backslash), 開 B6 7D; ] is 5D, as in 財 (B0 5D).
    let text = "(;GM[1]SZ[9]CA[Big5]PB[許開財]C[因也];B[ee])(;GM[1]SZ[9]CA[Big5]PB[乙])";
    let bytes = encoding_rs::BIG5.encode(text).0.into_owned();
    assert!(bytes.windows(2).any(|w| w == [0xB0, 0x5D]));
    let parts = parts_in_pieces(&bytes, 3);
    assert_eq!(parts.len(), 2);
    assert_eq!(read(&parts[0]).unwrap().tag("PB"), Some("許開財"));
    let gbk = encoding_rs::GB18030
        .encode("(;GM[1]SZ[9]PB[胡荣华]C[中国围棋];B[ee])(;GM[1]SZ[9]PB[乙])")
        .0
        .into_owned();
    let parts = parts_in_pieces(&gbk, 4);
    assert_eq!(parts.len(), 2);
    assert_eq!(read(&parts[0]).unwrap().tag("PB"), Some("胡荣华"));
}

#[test]
fn a_game_too_large_or_never_closed_is_named_and_the_others_read() {
    let big = format!(
        "(;GM[1]SZ[9];B[aa])\n(;GM[1]SZ[9]C[{}])\n(;GM[1]SZ[9];B[bb])\n(;GM[1]SZ[9];B[cc]",
        "x".repeat(MAX_GAME_BYTES)
    );
    let parts = parts_in_pieces(big.as_bytes(), 1 << 16);
    assert_eq!(parts.len(), 4);
    assert!(read(&parts[0]).is_ok() && read(&parts[2]).is_ok());
    let e = read(&parts[1]).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.what.contains("at most 4 MB"), "{e}");
    let e = read(&parts[3]).unwrap_err();
    assert_eq!(e.line, 4);
    assert!(e.what.contains("never closed"), "{e}");
}

#[test]
fn a_million_empty_games_stream_through() {
    let file = "(;)".repeat(1_000_000);
    let mut splitter = Splitter::new();
    let mut count = 0;
    for piece in file.as_bytes().chunks(1 << 16) {
        splitter.push(piece);
        count += splitter.by_ref().count();
    }
    splitter.finish();
    count += splitter.by_ref().count();
    assert_eq!(count, 1_000_000);
}
