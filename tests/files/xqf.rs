//! XQF: the real files of the cchess project read as that library reads them, our own
//! files in every format version read back and read by cchess the same way, and
//! damaged files give clear errors, never a panic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common;

use common::python::Oracle;
use common::{Rng, random_line, random_setup};
use xiangqi::rules::read::read_any_bytes;
use xiangqi::rules::record::{Format, GameRecord, ImportError, ImportErrorKind, Variation};
use xiangqi::rules::xqf::{self, XqfError};
use xiangqi::rules::{Game, Move, Position};

const REAL: [&str; 4] = [
    "030-黄松轩先胜冯敬如.XQF",
    "game_varations.xqf",
    "ucci_test1.xqf",
    "EmptyTest.xqf",
];

fn real_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/xqf")
        .join(name)
}

fn real(name: &str) -> Vec<u8> {
    std::fs::read(real_path(name)).unwrap()
}

fn iccs(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// cchess's reading of a file: its start (board and side) and every line.
fn cchess(oracle: &mut Oracle, path: &Path) -> (String, Vec<String>) {
    let answer = oracle.ask(&format!("read\t{}", path.display()));
    let mut fields = answer.split('\t');
    assert_eq!(
        fields.next(),
        Some("ok"),
        "cchess on {}: {answer}",
        path.display()
    );
    let fen = fields.next().unwrap().to_owned();
    let lines = fields
        .next()
        .unwrap_or("")
        .split('|')
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    (fen, lines)
}

/// Ours, in cchess's terms: board and side of the start, and the non-empty lines.
fn ours(record: &GameRecord) -> (String, Vec<String>) {
    let fen = record.game.start().to_fen();
    let short: Vec<&str> = fen.split(' ').take(2).collect();
    let lines = record
        .lines()
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| iccs(l))
        .collect();
    (short.join(" "), lines)
}

#[test]
fn real_files_give_the_start_and_main_line_cchess_gives() {
    // What the cchess library reads from them (tests/data/xqf/README.md).
    let cases = [
        (
            REAL[0],
            Position::new().to_fen(),
            37,
            "h2e2 b9c7 h0g2 h9i7 i0h0 i9h9",
            2,
        ),
        (
            REAL[1],
            Position::new().to_fen(),
            8,
            "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8",
            6,
        ),
        (
            REAL[2],
            "2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1".to_owned(),
            43,
            "e2e6 e8f7 d7e7 e9d9",
            1,
        ),
        (REAL[3], Position::new().to_fen(), 0, "", 1),
    ];
    for (name, fen, plies, begins, lines) in cases {
        let imported = read_any_bytes(&real(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(imported.format, Format::Xqf);
        let record = &imported.record;
        assert_eq!(record.game.start().to_fen(), fen, "{name}");
        assert_eq!(record.game.ply_count(), plies, "{name}");
        let moves: Vec<_> = record.game.moves().collect();
        assert!(iccs(&moves).starts_with(begins), "{name}: {}", iccs(&moves));
        assert_eq!(record.lines().len(), lines, "{name}");
    }
    let record = read_any_bytes(&real(REAL[0])).unwrap().record;
    assert_eq!(record.tag("Red"), Some("黄松轩"));
    assert_eq!(record.tag("Black"), Some("冯敬如"));
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Event"), Some("030-黄松轩先胜冯敬如"));
    assert_eq!(record.tag("Annotator"), Some("石镛、石炼"));
    assert!(record.comments[&0].starts_with("冯敬如，棋艺变化多端"));
    assert_eq!(
        record.comments[&20],
        "左车巡河，劣着。\n只求兑子，不计后果。\n应改走炮1进4，首先避免红方升车过河牵制，然后随机应变。",
        "line breaks are \\n"
    );
    let record = read_any_bytes(&real(REAL[1])).unwrap().record;
    assert_eq!(record.tag("Event"), Some("全国象棋锦标赛"));
    assert_eq!(record.tag("Title"), Some("中炮对屏风马"));
    assert_eq!(record.tag("Site"), Some("北京"));
}

#[test]
fn real_files_agree_with_cchess_line_by_line() {
    let mut oracle = Oracle::start("cchess_oracle.py");
    for name in REAL {
        let record = read_any_bytes(&real(name)).unwrap().record;
        let (fen, mut lines) = ours(&record);
        let (their_fen, mut theirs) = cchess(&mut oracle, &real_path(name));
        assert_eq!(fen, their_fen, "{name}");
        // cchess lists the lines in file order; ours go by where they branch.
        lines.sort();
        theirs.sort();
        assert_eq!(lines, theirs, "{name}");
    }
}

const COMMENTS: [&str; 5] = [
    "好棋！",
    "左车巡河，劣着。\n应改走炮1进4。",
    "A comment in English, with {braces} and \"quotes\".",
    "红方净多一炮",
    "变着：马八进七",
];

/// A random record: a start (standard or a random legal setup), a main line, some
/// variations (nested too), comments and header fields.
fn random_record(rng: &mut Rng) -> GameRecord {
    let start = if rng.below(3) == 0 {
        random_setup(rng)
    } else {
        Position::new()
    };
    let moves = random_line(&start, 1 + rng.below(60), rng);
    let mut game = Game::from_position(start.clone());
    for &m in &moves {
        game.play_on(m).unwrap();
    }
    let mut record = GameRecord::new(game);
    for (name, value) in [
        ("Event", "全国象棋个人赛"),
        ("Red", "红方"),
        ("Black", "黑方棋手"),
        ("Date", "2026.11.22"),
        ("Site", "北京"),
    ] {
        if rng.below(2) == 0 {
            record.set_tag(name, value);
        }
    }
    record.set_tag("Result", ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)]);
    for ply in 0..=moves.len() {
        if rng.below(6) == 0 {
            record
                .comments
                .insert(ply, COMMENTS[rng.below(COMMENTS.len())].to_owned());
        }
    }
    record.variations = random_variations(&start, &moves, rng, 0);
    record
}

fn random_variations(
    start: &Position,
    line: &[Move],
    rng: &mut Rng,
    depth: usize,
) -> Vec<Variation> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    for (ply, &m) in line.iter().enumerate() {
        if rng.below(8) == 0 {
            let alt: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&a| a != m)
                .collect();
            if !alt.is_empty() {
                let first = alt[rng.below(alt.len())];
                let after = pos.play(first).unwrap();
                let mut moves = vec![first];
                moves.extend(random_line(&after, rng.below(6), rng));
                let mut comments = BTreeMap::new();
                if rng.below(3) == 0 {
                    comments.insert(1, COMMENTS[rng.below(COMMENTS.len())].to_owned());
                }
                let variations = if depth < 2 {
                    random_variations(&pos, &moves, rng, depth + 1)
                } else {
                    Vec::new()
                };
                out.push(Variation {
                    ply,
                    moves,
                    comments,
                    variations,
                    ..Variation::default()
                });
            }
        }
        pos = pos.play(m).unwrap();
    }
    out
}

/// Sub-variations that branch at a variation's first move are alternatives to that
/// same move: a file stores them as siblings, so they read back one level up.
fn canonical(variations: &[Variation]) -> Vec<Variation> {
    let mut out = Vec::new();
    for v in variations {
        let mut v = v.clone();
        let (own, siblings): (Vec<_>, Vec<_>) = v.variations.drain(..).partition(|s| s.ply > 0);
        v.variations = canonical(&own);
        out.push(v);
        for mut s in canonical(&siblings) {
            s.ply = out.last().unwrap().ply;
            out.push(s);
        }
    }
    out.sort_by_key(|v| v.ply);
    out
}

#[test]
fn our_files_in_every_version_read_back_and_cchess_reads_them_alike() {
    let mut oracle = Oracle::start("cchess_oracle.py");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xqf-versions");
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x5851_4600_0012);
    let mut checked = 0;
    for i in 0..300 {
        let record = random_record(&mut rng);
        let version = [10, 11, 12, 16, 18][i % 5];
        let bytes = xqf::write_version(&record, version);
        assert_eq!(bytes[2], version);
        let back = xqf::read(&bytes).unwrap_or_else(|e| panic!("version {version}: {e}"));
        assert_eq!(back.game.start(), record.game.start());
        assert_eq!(
            back.game.moves().collect::<Vec<_>>(),
            record.game.moves().collect::<Vec<_>>()
        );
        assert_eq!(back.comments, record.comments, "version {version}");
        assert_eq!(canonical(&back.variations), canonical(&record.variations));
        for name in ["Event", "Red", "Black", "Date", "Site", "Result"] {
            assert_eq!(back.tag(name), record.tag(name), "{name}");
        }
        // The same bytes through cchess.
        let path = dir.join(format!("game{i}.xqf"));
        std::fs::write(&path, &bytes).unwrap();
        let (fen, mut lines) = cchess(&mut oracle, &path);
        let (our_fen, mut our_lines) = ours(&back);
        if back.game.ply_count() > 0 {
            assert_eq!(fen, our_fen, "game {i}");
        } else {
            // Without a move, cchess cannot tell whose turn it is (it says red); we
            // read the header's side to move.
            assert_eq!(fen.split(' ').next(), our_fen.split(' ').next(), "game {i}");
            assert_eq!(back.game.start().turn(), record.game.start().turn());
        }
        lines.sort();
        our_lines.sort();
        assert_eq!(lines, our_lines, "game {i}, version {version}");
        checked += 1;
    }
    assert_eq!(checked, 300);
}

fn kind(err: &ImportError) -> &XqfError {
    match &err.kind {
        ImportErrorKind::Xqf(e) => e,
        other => panic!("not an XQF error: {other:?}"),
    }
}

#[test]
fn damaged_files_say_what_is_wrong() {
    let good = real(REAL[0]);

    let err = read_any_bytes(&good[..700]).unwrap_err();
    assert_eq!(kind(&err), &XqfError::ShortHeader(700));
    assert!(err.to_string().contains("cut short"), "{err}");

    // Cut inside the moves: the ply where the file ends.
    let err = read_any_bytes(&good[..1100]).unwrap_err();
    assert_eq!(kind(&err), &XqfError::Truncated);
    assert!(err.ply.is_some(), "{err}");
    assert!(
        err.to_string()
            .starts_with("this looks like an XQF game, but at ply"),
        "{err}"
    );

    // A wrong key.
    let mut bad = good.clone();
    bad[13] ^= 0x5a;
    assert_eq!(kind(&read_any_bytes(&bad).unwrap_err()), &XqfError::BadKey);
    // A wrong key that still sums to zero scrambles the pieces.
    let mut bad = good.clone();
    bad[13] = bad[13].wrapping_add(7);
    bad[14] = bad[14].wrapping_sub(7);
    let err = read_any_bytes(&bad).unwrap_err();
    assert!(err.to_string().contains("a wrong key"), "{err}");

    let mut bad = good.clone();
    bad[2] = 19;
    assert_eq!(
        kind(&read_any_bytes(&bad).unwrap_err()),
        &XqfError::NewerVersion(19)
    );

    // A move from an empty point: the second move made to start on e5.
    let mut game = Game::new();
    game.play("h2e2".parse().unwrap()).unwrap();
    game.play("h9g7".parse().unwrap()).unwrap();
    let mut bytes = xqf::write_version(&GameRecord::new(game), 10);
    // Version 1.0: root record (4 + 4 bytes), then ply 1 at 1024 + 8; ply 2 at +16.
    bytes[1024 + 16] = 0x18 + 45; // e5 (file 4, rank 5): empty
    // The game opens up to it, as cchess opens it, and says what was dropped.
    let record = read_any_bytes(&bytes).unwrap().record;
    assert_eq!(record.game.ply_count(), 1);
    let [err] = &record.dropped[..] else {
        panic!("{:?}", record.dropped);
    };
    assert_eq!(err.ply, Some(2), "{err}");
    assert_eq!(
        err.to_string(),
        "this looks like an XQF game, but at ply 2 (\"e5g7\"): there is no piece on e5"
    );

    // No moves at all is a game, not an error.
    let record = read_any_bytes(&real("EmptyTest.xqf")).unwrap().record;
    assert_eq!(record.game.ply_count(), 0);
    // A header and nothing after it, too.
    let record = read_any_bytes(&good[..1024]).unwrap().record;
    assert_eq!(record.game.ply_count(), 0);
}

#[test]
fn no_bytes_make_the_reader_panic() {
    let mut rng = Rng(0xdead_beef);
    let files: Vec<Vec<u8>> = REAL.iter().map(|n| real(n)).collect();
    for _ in 0..20_000 {
        let mut bytes = files[rng.below(files.len())].clone();
        match rng.below(3) {
            0 => {
                let at = rng.below(bytes.len());
                bytes[at] = rng.next() as u8;
            }
            1 => bytes.truncate(rng.below(bytes.len() + 1)),
            _ => {
                for _ in 0..1 + rng.below(8) {
                    let at = 1024 + rng.below(bytes.len().saturating_sub(1024).max(1));
                    if at < bytes.len() {
                        bytes[at] = rng.next() as u8;
                    }
                }
            }
        }
        let _ = xqf::read(&bytes);
        let _ = read_any_bytes(&bytes);
    }
}

/// An opening collection as players keep them: one tree of hundreds of lines, with
/// comments. Written as XQF, cchess reads every line of it as we do, and it reads back
/// whole; written as PGN, too.
#[test]
fn a_tree_of_hundreds_of_lines_goes_through_xqf_and_pgn_and_cchess_reads_it_alike() {
    use xiangqi::rules::tree::GameTree;
    let mut oracle = Oracle::start("cchess_oracle.py");
    let mut rng = Rng(0x0349_0349);
    let mut tree = GameTree::new(Position::new());
    let mut nodes = vec![tree.root()];
    while tree.lines().len() < 349 {
        // A new branch somewhere in the first moves, as an opening book grows.
        let at = nodes[rng.below(nodes.len())];
        if tree.depth(at) > 16 {
            continue;
        }
        let pos = tree.position(at);
        let line = random_line(&pos, 2 + rng.below(10), &mut rng);
        let ids = tree.play_line(at, &line).unwrap();
        if let Some(&last) = ids.last()
            && rng.below(4) == 0
        {
            tree.node_mut(last).comment_after = COMMENTS[rng.below(COMMENTS.len())].to_owned();
        }
        nodes.extend(ids);
    }
    let mut record = tree.to_record();
    record.set_tag("Event", "中炮对屏风马");
    let lines = |r: &GameRecord| {
        let mut l: Vec<String> = r.lines().iter().map(|l| iccs(l)).collect();
        l.sort();
        l
    };
    let want = lines(&record);
    assert!(want.len() >= 349, "{} lines", want.len());

    let bytes = xqf::write(&record);
    let back = xqf::read(&bytes).unwrap();
    assert_eq!(lines(&back), want);
    assert_eq!(
        GameTree::from_record(&back).unwrap().lines().len(),
        want.len()
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xqf-book");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book.xqf");
    std::fs::write(&path, &bytes).unwrap();
    let (_, mut theirs) = cchess(&mut oracle, &path);
    theirs.sort();
    assert_eq!(theirs, want, "cchess reads the lines we wrote");

    let text = xiangqi::rules::pgn::write(&record, xiangqi::rules::Notation::Chinese);
    let back = xiangqi::rules::pgn::read(&text).unwrap().record;
    assert_eq!(lines(&back), want);
    assert_eq!(back.variations, record.variations);
}
