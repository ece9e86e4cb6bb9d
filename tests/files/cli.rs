//! The `xiangqi` command as a user runs it: output format, outcomes, and exit code 2
//! with a readable message for every kind of bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = xiangqi(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs a command that must fail with exit code 2 and returns its stderr.
fn failure(args: &[&str]) -> String {
    let out = xiangqi(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should exit with 2");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed to stdout on failure"
    );
    let err = String::from_utf8(out.stderr).expect("UTF-8 stderr");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}

#[test]
fn perft_prints_nodes_time_and_nps() {
    let out = stdout(&["perft", "3"]);
    let last = out.lines().last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words[..2], ["nodes", "79666"]);
    assert_eq!(words[2], "time");
    assert!(words[3].parse::<f64>().is_ok(), "{last}");
    assert_eq!(words[4], "nps");
    assert!(words[5].parse::<u64>().is_ok(), "{last}");
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn perft_divide_lists_root_moves() {
    let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w";
    let out = stdout(&["perft", "2", "--divide", "--fen", fen]);
    let lines: Vec<&str> = out.lines().collect();
    let (last, split) = lines.split_last().unwrap();
    let moves = stdout(&["moves", "--fen", fen]);
    assert_eq!(split.len(), moves.lines().count());
    let sum: u64 = split
        .iter()
        .zip(moves.lines())
        .map(|(l, m)| {
            let (mv, n) = l.split_once(' ').unwrap();
            assert_eq!(mv, m, "same moves, same order");
            n.parse::<u64>().unwrap()
        })
        .sum();
    let total = stdout(&["perft", "2", "--fen", fen]);
    assert!(total.starts_with(&format!("nodes {sum} time ")), "{total}");
    assert!(last.starts_with(&format!("nodes {sum} time ")), "{last}");
}

#[test]
fn moves_are_sorted_iccs() {
    let out = stdout(&["moves"]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort_by_key(|m| m.parse::<xiangqi::rules::Move>().unwrap());
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h2e2"));
    let out = stdout(&["moves", "--fen", "3k5/R8/9/9/9/9/9/9/9/4K4 b"]);
    assert_eq!(out, "", "stalemated: no moves");
}

#[test]
fn status_reports_every_ending() {
    let cases: [(&str, &str, &str); 9] = [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h2e2 h9g7",
            "ongoing",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h2h4 d9e8 h4g4 g6g5 g4g9",
            "red-wins checkmate",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "i3i4 b7b5 f0e1 b5c5 c3c4 c5c0",
            "black-wins checkmate",
        ),
        ("4k4/9/9/9/9/9/9/9/r8/5K3 w", "", "black-wins stalemate"),
        (
            "9/5k3/9/5C3/9/5n3/9/5K3/9/5C3 b",
            "f4d3 f2e2 d3f4 e2f2 f4d3 f2e2 d3f4 e2f2",
            "red-wins perpetual-check",
        ),
        (
            // Red's chariot keeps after the lone black cannon.
            "3k5/9/9/9/9/4c4/9/9/9/1R2K4 w",
            "b0b4 e4e5 b4b5 e5e4 b5b4 e4e5 b4b5 e5e4 b5b4",
            "black-wins perpetual-chase",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
            "draw repetition",
        ),
        (
            "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80",
            "a0a1",
            "draw sixty-moves",
        ),
        (
            "2b1k4/9/4b4/9/9/9/9/9/4A4/4KA3 w",
            "",
            "draw insufficient-material",
        ),
    ];
    for (fen, moves, expected) in cases {
        let out = stdout(&["status", "--fen", fen, "--moves", moves]);
        assert_eq!(out, format!("{expected}\n"), "{fen} {moves}");
    }
    assert_eq!(stdout(&["status"]), "ongoing\n");
}

#[test]
fn bad_input_exits_with_2_and_says_why() {
    let err = failure(&["moves", "--fen", "rnbakabnr/9/1c5c1 w"]);
    assert!(err.contains("10 rows"), "{err}");
    let err = failure(&["status", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"]);
    assert!(err.contains("generals face each other"), "{err}");
    let err = failure(&["status", "--moves", "h2e2 e0e2"]);
    assert!(err.contains("ply 2") && err.contains("e0e2"), "{err}");
    let err = failure(&["status", "--moves", "h2e2 e9e7"]);
    assert!(
        err.contains("ply 2") && err.contains("cannot move"),
        "{err}"
    );
    let err = failure(&["status", "--moves", "h2e2 xyz"]);
    assert!(err.contains("ply 2") && err.contains("xyz"), "{err}");
    let err = failure(&["status", "--moves", "h2h4 d9e8 h4g4 g6g5 g4g9 a9a8"]);
    assert!(err.contains("ply 6") && err.contains("over"), "{err}");
    let err = failure(&["perft", "two"]);
    assert!(err.contains("DEPTH"), "{err}");
    failure(&["perft", "3", "--fen", "4k4/9/9/9/9/9/9/9/9/3K5 w 1.5"]);
    failure(&["perft"]);
    let err = failure(&["frobnicate"]);
    assert!(err.contains("frobnicate"), "{err}");
    failure(&["moves", "--fen", "\u{7}\u{ffff}/\u{1F600}"]);
}

#[test]
fn help_lists_the_tools() {
    let out = stdout(&["--help"]);
    for word in ["perft", "moves", "status", "convert", "games", "FILE"] {
        assert!(out.contains(word), "{out}");
    }
}

/// Runs bare `xiangqi` with DISPLAY set to `display` (or unset): with the game built in,
/// it must say there is no display, not panic; without it, it prints help.
fn without_a_usable_display(display: Option<&str>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
    command.env_remove("WAYLAND_DISPLAY");
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    let out = command.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if cfg!(feature = "gui") {
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("no display"), "{err}");
    } else {
        assert!(out.status.success(), "{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn no_display_is_a_message_not_a_panic() {
    without_a_usable_display(None);
}

#[test]
fn an_x_display_that_does_not_answer_is_a_message_not_a_panic() {
    without_a_usable_display(Some(":987"));
}

/// Runs `xiangqi convert - ARGS` with `input` on standard input.
fn convert_stdin(input: &str, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "-"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn convert_writes_every_target() {
    let input = "1. 炮二平五 馬8进7 2. 傌二进三";
    let run = |to: &str| {
        let out = convert_stdin(input, &["--to", to]);
        assert!(
            out.status.success(),
            "{to}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        run("fen"),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2\n"
    );
    assert_eq!(
        run("ucci"),
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7 h0g2\n"
    );
    assert!(run("pgn").contains("1. 炮二平五 马８进７\n2. 马二进三\n*\n"));
    assert!(run("pgn-wxf").contains("1. C2=5 H8+7\n2. H2+3\n"));
    assert!(run("pgn-iccs").contains("[Format \"ICCS\"]"));
    // As Taiwan's and Vietnam's books print the moves; each reads back to the same game.
    let hant = run("pgn-zh-hant");
    assert!(
        hant.contains("1. 炮二平五 馬８進７\n2. 傌二進三\n*\n"),
        "{hant}"
    );
    // Its opening named in Traditional characters too (issue 91), the 简体 file's in 简体.
    let opening = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("[Opening \"")?.strip_suffix("\"]"))
            .map(str::to_owned)
    };
    let (simplified, traditional) = (opening(&run("pgn")).unwrap(), opening(&hant).unwrap());
    assert_ne!(simplified, traditional, "{hant}");
    let ecco: xiangqi::rules::opening::Ecco = hant
        .lines()
        .find_map(|l| l.strip_prefix("[ECCO \"")?.strip_suffix("\"]"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        (&*simplified, &*traditional),
        (ecco.name(), ecco.name_hant())
    );
    let vi = run("pgn-vi");
    assert!(
        vi.contains("[Format \"Vietnamese\"]") && vi.contains("1. P2-5 M8.7\n2. M2.3\n"),
        "{vi}"
    );
    for written in [hant, vi] {
        let back = convert_stdin(&written, &["--to", "ucci"]);
        assert!(
            String::from_utf8_lossy(&back.stdout).ends_with("moves h2e2 h9g7 h0g2\n"),
            "{written}"
        );
    }
    // A list of moves in Vietnamese, a retreat among them, opens as one.
    let list = convert_stdin("1. P2-5 M8.7 2. P5/1", &["--to", "ucci"]);
    assert!(
        String::from_utf8_lossy(&list.stdout).ends_with("moves h2e2 h9g7 e2e1\n"),
        "{}",
        String::from_utf8_lossy(&list.stderr)
    );
    let board = run("board");
    assert_eq!(board.trim_end_matches('\n').chars().count(), 90);
    // The board string reads back to the same placement (red to move, as the old game did).
    let out = convert_stdin(board.trim_end_matches('\n'), &["--to", "fen"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("rnbakab1r/9/1c4nc1/"));
}

#[test]
fn convert_reads_gbk_files() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gbk-crlf.pgn");
    let out = stdout(&["convert", file, "--to", "pgn"]);
    assert!(out.contains("[Event \"测试赛\"]"), "{out}");
    assert!(out.contains("{屏风马}"), "{out}");
}

#[test]
fn convert_errors_exit_with_2() {
    let out = convert_stdin("1. 炮二平五 馬8进7 2. 炮二平五", &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ply 3") && err.contains("standard input"),
        "{err}"
    );
    let out = convert_stdin("", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to read"));
    let err = failure(&["convert", "/no/such/file.pgn"]);
    assert!(err.contains("/no/such/file.pgn"), "{err}");
    failure(&["convert", "-", "--to", "jpeg"]);
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_lists_each_game_of_a_file() {
    let out = stdout(&["games", &data("three-games.pgn")]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "1\t黄松轩\t冯敬如\t1-0\t37\t030-黄松轩先胜冯敬如",
            "2\t红方棋手\t黑方棋手\t*\t8\t全国象棋锦标赛",
            "3\t\t\t1-0\t43\t第006局 蝇垂骥尾",
        ]
    );
    // One game: one line; XQF too.
    let out = stdout(&["games", &data("download-gbk-footer.pgn")]);
    assert_eq!(
        out,
        "1\t黄松轩\t冯敬如\t1-0\t37\t1930年代广东象棋名手对局\n"
    );
    let out = stdout(&["games", &data("xqf/ucci_test1.xqf")]);
    assert_eq!(out, "1\t\t\t1-0\t43\t第006局 蝇垂骥尾\n");
}

#[test]
fn games_names_the_games_that_do_not_read() {
    let input = "[Red \"a\"]\n1. h2e2 *\n\n[Red \"b\"]\n1. h2e2 h2e2 *\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["games", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1\ta\t\t*\t1\t\n2\t\t\t\t\t\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 2: this looks like a PGN game"), "{err}");
    assert!(err.contains("1 of the 2 games"), "{err}");
}

#[test]
fn convert_picks_a_game_and_writes_xqf() {
    let file = data("three-games.pgn");
    let out = stdout(&["convert", &file, "--game", "3", "--to", "ucci"]);
    assert!(
        out.starts_with(
            "position fen 2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1 moves e2e6 e8f7"
        ),
        "{out}"
    );
    let err = failure(&["convert", &file, "--game", "4"]);
    assert!(
        err.contains("holds 3 games; --game 4 is not one of them"),
        "{err}"
    );
    let err = failure(&["convert", &file, "--to", "xqf"]);
    assert!(err.contains("add -o FILE"), "{err}");

    // XQF in, XQF out, and back: the same game, variations included.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-xqf");
    std::fs::create_dir_all(&dir).unwrap();
    let written = dir.join("copy.xqf");
    let source = data("xqf/game_varations.xqf");
    let out = xiangqi(&[
        "convert",
        &source,
        "--to",
        "xqf",
        "-o",
        written.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a = stdout(&["convert", &source, "--to", "pgn-iccs"]);
    let b = stdout(&["convert", written.to_str().unwrap(), "--to", "pgn-iccs"]);
    assert_eq!(a, b);
    let original = xiangqi::rules::xqf::read(&std::fs::read(&source).unwrap()).unwrap();
    let copy = xiangqi::rules::xqf::read(&std::fs::read(&written).unwrap()).unwrap();
    assert_eq!(copy.lines(), original.lines());
}

#[test]
fn a_bad_clock_is_a_message_and_exit_2() {
    let out = xiangqi(&["--clock", "ten minutes"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a time control"), "{err}");
    assert!(err.contains("10+5"), "{err}");
}

/// Variations, comments, glyphs and every tag go through `convert` in each direction.
#[test]
fn convert_keeps_variations_comments_glyphs_and_tags() {
    let text = "[Event \"全国赛\"]\n[Red \"胡荣华\"]\n[Result \"1-0\"]\n[Opening \"中炮\"]\n\n{开局} 1. 炮二平五! {中炮} (1. 炮八平五 (1. 兵七进一 $14)) 马８进７ 2. 马二进三 1-0\n";
    let out = convert_stdin(text, &["--to", "pgn-iccs"]);
    assert!(out.status.success());
    let iccs = String::from_utf8(out.stdout).unwrap();
    for kept in [
        "[Event \"全国赛\"]",
        "[Red \"胡荣华\"]",
        "[Result \"1-0\"]",
        "[Opening \"中炮\"]",
        "{开局}",
        "1. h2e2! {中炮} (1. b2e2 (1. c3c4 $14))",
    ] {
        assert!(iccs.contains(kept), "{kept} lost:\n{iccs}");
    }
    // And back to Chinese from ICCS: the same text as straight from the source.
    let chinese = String::from_utf8(convert_stdin(&iccs, &["--to", "pgn"]).stdout).unwrap();
    let direct = String::from_utf8(convert_stdin(text, &["--to", "pgn"]).stdout).unwrap();
    assert_eq!(chinese, direct);
}

/// An XQF whose main line holds a move that cannot be played converts up to it, warns
/// on standard error and exits 0.
#[test]
fn convert_opens_a_file_up_to_a_move_that_does_not_play_and_warns() {
    let mut game = xiangqi::rules::Game::new();
    game.play("h2e2".parse().unwrap()).unwrap();
    game.play("h9g7".parse().unwrap()).unwrap();
    let mut bytes =
        xiangqi::rules::xqf::write_version(&xiangqi::rules::record::GameRecord::new(game), 10);
    // Version 1.0: ply 2's record at 1024 + 16; its from-point made an empty e5.
    bytes[1024 + 16] = 0x18 + 45;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-dropped");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.xqf");
    std::fs::write(&path, &bytes).unwrap();
    let out = xiangqi(&["convert", path.to_str().unwrap(), "--to", "ucci"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.trim_end().ends_with("moves h2e2"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("warning") && stderr.contains("ply 2") && stderr.contains("no piece on e5"),
        "{stderr}"
    );
}

/// `xiangqi go`: the legal points, the board with its ko and prisoners, the count, and
/// an illegal move named with its ply and its rule.
#[test]
fn go_moves_status_and_score_as_gtp_names_them() {
    let moves = stdout(&["go", "moves", "--size", "3", "--moves", "B2"]);
    assert_eq!(moves.split_whitespace().count(), 8);
    assert!(!moves.contains("B2"));
    let ko = "B3 C3 A2 D2 B1 C1 pass B2 C2";
    let status = stdout(&["go", "status", "--size", "4", "--moves", ko]);
    assert_eq!(
        status,
        "....\n.XO.\nX.XO\n.XO.\nto-move white\ncaptures black 1 white 0\nko B2\n"
    );
    let err = failure(&["go", "moves", "--size", "4", "--moves", &format!("{ko} B2")]);
    assert!(
        err.contains("move 10 (white B2) is illegal: B2 is a ko just taken"),
        "{err}"
    );
    // The same ko retaken after two passes: simple ko allows it, superko does not.
    let later = format!("{ko} pass pass B2");
    stdout(&["go", "status", "--size", "4", "--moves", &later]);
    let err = failure(&[
        "go",
        "status",
        "--size",
        "4",
        "--rules",
        "tromp-taylor",
        "--moves",
        &later,
    ]);
    assert!(err.contains("superko"), "{err}");
    let score = stdout(&[
        "go", "score", "--size", "5", "--komi", "0.5", "--moves", "C3 pass",
    ]);
    assert!(score.trim_end().ends_with(" B+24.5"), "{score}");
    let score = stdout(&[
        "go", "score", "--size", "5", "--rules", "japanese", "--moves", "C3 C4", "--dead", "C4",
    ]);
    // 24 points of territory and a prisoner against komi 6.5.
    assert!(score.trim_end().ends_with(" B+18.5"), "{score}");
    let err = failure(&["go", "status", "--size", "25"]);
    assert!(err.contains("2×2 to 19×19"), "{err}");
    let err = failure(&["go", "moves", "--size", "9", "--moves", "Z9"]);
    assert!(err.contains("move 1"), "{err}");
}

/// `xiangqi go` on a file: its main line replayed, moves played on from it, and
/// `go convert` writing FF[4] SGF with the whole file kept; a broken file is exit 2.
#[test]
fn go_reads_sgf_files_and_converts_them() {
    let file = data("sgf/FH_vs_AG_G1.sgf");
    let status = stdout(&["go", "status", &file]);
    assert!(status.contains("to-move "), "{status}");
    assert_eq!(
        status
            .lines()
            .take_while(|l| !l.starts_with("to-move"))
            .count(),
        19
    );
    let fox = data("sgf/2017.09.22_CGI_vs_Lucifer__62495113_.SGF");
    let sgf = stdout(&["go", "convert", &fox]);
    assert!(sgf.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[19]"), "{sgf}");
    assert!(
        sgf.contains("PW[天地皆醉]") && sgf.contains("KM[750]"),
        "{sgf}"
    );
    // Converted once more: the same text.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-go");
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("copy.sgf");
    let out = xiangqi(&["go", "convert", &fox, "-o", copy.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(stdout(&["go", "convert", copy.to_str().unwrap()]), sgf);
    // Pictures: the end of the main line, and its moves as a GIF.
    for (to, magic) in [("png", &b"\x89PNG"[..]), ("gif", &b"GIF89a"[..])] {
        let picture = dir.join(format!("game.{to}"));
        let out = xiangqi(&[
            "go",
            "convert",
            &fox,
            "--to",
            to,
            "--size",
            "300",
            "-o",
            picture.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(std::fs::read(&picture).unwrap().starts_with(magic), "{to}");
    }
    let err = failure(&["go", "convert", &fox, "--to", "png"]);
    assert!(err.contains("add -o FILE"), "{err}");
    let err = failure(&["go", "convert", &fox, "--game", "2"]);
    assert!(err.contains("--game 2"), "{err}");
    let err = failure(&["go", "status", "/no/such.sgf"]);
    assert!(err.contains("cannot read"), "{err}");
}

/// `--pieces` and `--theme` change the picture; a bare file name is written in the
/// current folder (it once failed: its parent, "", could not be flushed).
#[test]
fn convert_draws_pictures_in_each_style_and_theme_to_a_bare_file_name() {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-themes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut seen = std::collections::HashSet::new();
    for pieces in ["traditional", "international"] {
        for theme in ["wood", "paper", "dark"] {
            let name = format!("{pieces}-{theme}.png");
            let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
                .args(["convert", "-", "--to", "png", "-o", &name, "--size", "200"])
                .args(["--pieces", pieces, "--theme", theme])
                .current_dir(&dir)
                .stdin(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the binary runs");
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"1. h2e2 h9g7")
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let bytes = std::fs::read(dir.join(&name)).expect("the picture is written");
            assert!(bytes.starts_with(b"\x89PNG"), "{name}");
            assert!(seen.insert(bytes), "{name} looks like another one");
        }
    }
    let err = failure(&["convert", "-", "--to", "png", "--theme", "slate"]);
    assert!(err.contains("wood, paper, dark"), "{err}");
    let err = failure(&["convert", "-", "--to", "png", "--pieces", "western"]);
    assert!(err.contains("traditional, international"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The library from the command line: a folder imported (Big5 and GBK files, a file of
/// three games, an XQF tree; a file with an impossible FEN named with its reason), the
/// same folder again adds nothing, games found by player and by a position (mirrored
/// too), the explorer's moves from the start.
#[test]
fn library_imports_a_folder_finds_games_and_explores_a_position() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-library");
    let _ = std::fs::remove_dir_all(&dir);
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let db = dir.join("library.sqlite");
    let db = db.to_str().unwrap();
    let big5 = data.join("big5");
    let three = data.join("three-games.pgn");
    let gbk = data.join("gbk-crlf.pgn");
    let paths = [
        big5.to_str().unwrap(),
        three.to_str().unwrap(),
        gbk.to_str().unwrap(),
    ];
    let mut args = vec!["library", "import", "--db", db];
    args.extend(paths);
    // The files imported are only read: their bytes and times are as they were.
    let stamp = |p: &std::path::Path| {
        let meta = std::fs::metadata(p).unwrap();
        (
            std::fs::read(p).unwrap(),
            meta.modified().unwrap(),
            meta.len(),
        )
    };
    let before: Vec<_> = [big5.join("master.pgn"), three.clone(), gbk.clone()]
        .iter()
        .map(|p| stamp(p))
        .collect();
    let out = xiangqi(&args);
    let after: Vec<_> = [big5.join("master.pgn"), three.clone(), gbk.clone()]
        .iter()
        .map(|p| stamp(p))
        .collect();
    assert!(before == after, "an imported file was changed");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8(out.stdout).unwrap();
    assert!(
        summary.starts_with("files 7\tread 8\tadded 8\tduplicates 0\tunreadable 1\t"),
        "{summary}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("broken-fen.pgn") && err.contains("red has no general"),
        "{err}"
    );
    // Asked again, the files read before are skipped; a copy elsewhere is read, and
    // its games are found to be there already.
    let again = stdout(&args);
    assert!(
        again.starts_with("files 0\tread 0\tadded 0\tduplicates 0\tunreadable 0\tskipped 7\t"),
        "{again}"
    );
    let copy = dir.join("copy.pgn");
    std::fs::copy(&three, &copy).unwrap();
    let copied = stdout(&["library", "import", "--db", db, copy.to_str().unwrap()]);
    assert!(
        copied.starts_with("files 1\tread 3\tadded 0\tduplicates 3\t"),
        "{copied}"
    );
    // By player (traditional characters, Big5 in the file).
    let found = stdout(&["library", "find", "--player", "楊官璘", "--db", db]);
    assert_eq!(found.lines().count(), 2, "{found}");
    assert!(found.lines().all(|l| l.split('\t').count() == 8), "{found}");
    // As a side, by years, result and length.
    let side = |s: &str| {
        stdout(&[
            "library",
            "find",
            "--player",
            "楊官璘",
            "--side",
            s,
            "--db",
            db,
        ])
    };
    assert_eq!(side("red").lines().count(), 2);
    assert_eq!(side("black").lines().count(), 0);
    let recent = stdout(&[
        "library", "find", "--from", "2000", "--result", "0-1", "--db", db,
    ]);
    assert!(!recent.is_empty());
    for line in recent.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f[3], "0-1", "{line}");
        assert!(
            f[4].get(..4)
                .and_then(|y| y.parse::<i32>().ok())
                .is_some_and(|y| y >= 2000),
            "{line}"
        );
    }
    let short = stdout(&["library", "find", "--max-plies", "50", "--db", db]);
    assert!(!short.is_empty());
    assert!(
        short
            .lines()
            .all(|l| l.split('\t').nth(6).unwrap().parse::<usize>().unwrap() <= 50),
        "{short}"
    );
    // Go games go in too, and are told apart: the 9×9 one, black's wins.
    let sgf = data.join("sgf");
    let go = stdout(&["library", "import", "--db", db, sgf.to_str().unwrap()]);
    assert!(go.starts_with("files 4\tread 4\tadded 4\t"), "{go}");
    let nine = stdout(&["library", "find", "--game", "go", "--size", "9", "--db", db]);
    assert_eq!(nine.lines().count(), 1, "{nine}");
    let black = stdout(&[
        "library", "find", "--game", "go", "--result", "B", "--db", db,
    ]);
    assert!(
        black.lines().count() == 1 && black.contains("B+R"),
        "{black}"
    );
    let xiangqi = stdout(&["library", "find", "--game", "xiangqi", "--db", db]);
    assert!(!xiangqi.contains("AlphaGo"), "{xiangqi}");
    let err = failure(&[
        "library", "find", "--player", "x", "--side", "blue", "--db", db,
    ]);
    assert!(err.contains("red or black"), "{err}");
    // By position: after 炮二平五 马８进７, reached at ply 2.
    let found = stdout(&["library", "find", "--moves", "h2e2 h9g7", "--db", db]);
    assert!(!found.is_empty());
    assert!(found.lines().all(|l| l.ends_with("\t2")), "{found}");
    let plain = found.lines().count();
    // 炮八平五 马２进３ is its mirror.
    let mirror = ["library", "find", "--moves", "b2e2 b9c7", "--db", db];
    let alone = stdout(&mirror).lines().count();
    let mut both = mirror.to_vec();
    both.push("--mirror");
    assert_eq!(stdout(&both).lines().count(), plain + alone);
    // The explorer: 炮二平五 first from the start, in both notations.
    let book = stdout(&["book", "--db", db]);
    let first: Vec<&str> = book.lines().next().unwrap().split('\t').collect();
    assert_eq!(&first[..2], ["h2e2", "炮二平五"], "{book}");
    let games: usize = book
        .lines()
        .map(|l| l.split('\t').nth(2).unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(games, 6, "the games from the start position: {book}");
}

/// An import killed halfway (SIGKILL: no chance to tidy up) loses nothing and adds
/// nothing twice: the library opens, what was committed is there, and the same import
/// asked again skips the files read and adds the rest.
#[test]
fn library_import_killed_halfway_goes_on_when_asked_again() {
    use std::io::{BufRead, BufReader};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-library-kill");
    let _ = std::fs::remove_dir_all(&dir);
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let n = 6000;
    for i in 0..n {
        let pgn = format!(
            "[Red \"紅{i}\"]\n[Black \"黑\"]\n[Result \"1-0\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n"
        );
        std::fs::write(games.join(format!("{i:05}.pgn")), pgn).unwrap();
    }
    let db = dir.join("library.sqlite");
    let (db, games) = (db.to_str().unwrap(), games.to_str().unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["library", "import", "--db", db, games])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Killed once it says a thousand files are read (two batches committed).
    let err = BufReader::new(child.stderr.take().unwrap());
    for line in err.lines() {
        if line.unwrap().starts_with("1000/") {
            break;
        }
    }
    child.kill().unwrap();
    let _ = child.wait();
    let kept = stdout(&["library", "find", "--db", db]).lines().count();
    assert!((500..n).contains(&kept), "{kept} games kept");
    let summary = stdout(&["library", "import", "--db", db, games]);
    let field = |name: &str| -> usize {
        let at = summary.split('\t').find(|f| f.starts_with(name)).unwrap();
        at[name.len() + 1..].parse().unwrap()
    };
    assert_eq!(field("skipped") + field("files"), n, "{summary}");
    assert_eq!(kept + field("added"), n, "{summary}");
    assert_eq!(field("unreadable"), 0, "{summary}");
    let all = stdout(&["library", "find", "--db", db]);
    assert_eq!(all.lines().count(), n);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A household's games survive a kill in the middle of the write (SIGKILL while the
/// library takes in a thousand of Dad's games): the library opens, Dad's page counts
/// exactly the games committed, and the import asked again brings the rest.
#[test]
fn a_players_games_survive_a_kill_during_the_write() {
    use std::io::{BufRead, BufReader};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-players-kill");
    let _ = std::fs::remove_dir_all(&dir);
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let n = 3000;
    for i in 0..n {
        let pgn = format!(
            "[Event \"家庭赛 {i}\"]\n[Red \"Dad\"]\n[Black \"Mei\"]\n[Result \"0-1\"]\n\n1. 炮二平五 馬８進７ 0-1\n"
        );
        std::fs::write(games.join(format!("{i:05}.pgn")), pgn).unwrap();
    }
    let db = dir.join("library.sqlite");
    let (db, games) = (db.to_str().unwrap(), games.to_str().unwrap());
    assert_eq!(
        stdout(&["players", "add", "Dad", "--db", db]).trim(),
        "added Dad"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["library", "import", "--db", db, games])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let err = BufReader::new(child.stderr.take().unwrap());
    for line in err.lines() {
        if line.unwrap().starts_with("1000/") {
            break;
        }
    }
    child.kill().unwrap();
    let _ = child.wait();
    let kept = stdout(&["library", "find", "--db", db]).lines().count();
    assert!((500..n).contains(&kept), "{kept} games kept");
    let page = stdout(&["players", "show", "Dad", "--db", db]);
    let first = page.lines().nth(1).unwrap_or_default();
    assert!(
        first.starts_with(&format!("xiangqi 0 W 0 D {kept} L")),
        "Dad's page counts the {kept} games committed: {page}"
    );
    stdout(&["library", "import", "--db", db, games]);
    let page = stdout(&["players", "show", "Dad", "--db", db]);
    assert!(
        page.contains(&format!("xiangqi 0 W 0 D {n} L")),
        "every game once: {page}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file with a game for each case `xiangqi opening` meets: a master game with its own
/// code, one without, one from a set-up position, one with no moves.
fn openings_file(name: &str) -> std::path::PathBuf {
    let text = "[ECCO \"C77\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ \
                4. 兵三进一 卒３进１ 5. 马八进九 卒１进１ 6. 炮八平七 马３进２ 7. 车九进一 象３进５ *\n\n\
                [Event \"no code\"]\n\n1. 兵七进一 卒７进１ *\n\n\
                [FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n1. 帅五平四 *\n\n\
                [Event \"empty\"]\n\n*\n";
    let path = std::env::temp_dir().join(format!("xiangqi-{name}-{}.pgn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn opening_names_each_game_with_its_code_name_and_the_ply_it_was_decided() {
    let path = openings_file("openings");
    let out = stdout(&["opening", path.to_str().unwrap()]);
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0][..3],
        [
            "1",
            "C77",
            "五七炮互进三兵对屏风马边卒右马外盘河 红左横车对黑飞右象"
        ]
    );
    let decided: usize = lines[0][3].parse().unwrap();
    assert!((13..=14).contains(&decided), "{out}");
    // 兵七进一 卒７进１: 对兵局, read the same as 兵三进一 卒３进１.
    assert_eq!(lines[1][..4], ["2", "E40", "对兵局", "2"]);
    assert_eq!(lines[2][..2], ["3", "-"]);
    assert_eq!(lines[3][..2], ["4", "-"]);
    // Standard input, and a move list in any notation.
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["opening", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"h2e2 h9g7").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1\tB05\t中炮对进左马\t2\n"
    );
    assert!(failure(&["opening", "/no/such/file.pgn"]).contains("cannot read"));
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_pgn_written_gets_the_opening_tags_the_file_lacks_and_keeps_its_own() {
    let path = openings_file("tagged");
    let p = path.to_str().unwrap();
    let first = stdout(&["convert", p]);
    assert!(first.contains("[ECCO \"C77\"]"), "{first}");
    assert!(
        first.contains("[Opening \"五七炮互进三兵对屏风马边卒右马外盘河 红左横车对黑飞右象\"]")
    );
    let second = stdout(&["convert", p, "--game", "2"]);
    assert!(
        second.contains("[ECCO \"E40\"]") && second.contains("[Opening \"对兵局\"]"),
        "{second}"
    );
    // A file's own code stays unless asked.
    let own = std::env::temp_dir().join(format!("xiangqi-own-{}.pgn", std::process::id()));
    std::fs::write(&own, "[ECCO \"A00\"]\n\n1. 炮二平五 *\n").unwrap();
    let o = own.to_str().unwrap();
    let kept = stdout(&["convert", o]);
    assert!(
        kept.contains("[ECCO \"A00\"]") && kept.contains("[Opening \"中炮局\"]"),
        "{kept}"
    );
    let asked = stdout(&["convert", o, "--retag-opening"]);
    assert!(
        asked.contains("[ECCO \"B00\"]") && !asked.contains("A00"),
        "{asked}"
    );
    // A set-up position has no opening: no tag.
    let setup = stdout(&["convert", p, "--game", "3"]);
    assert!(
        !setup.contains("[ECCO") && !setup.contains("[Opening"),
        "{setup}"
    );
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(own);
}

/// An empty library has nothing to answer from: the master book answers, and the
/// player is told so (it used to print nothing and exit 0).
#[test]
fn book_on_an_empty_library_says_so_and_answers_from_the_master_book() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-book-empty");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("library.sqlite");
    let out = xiangqi(&["book", "--db", db.to_str().unwrap()]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("holds no games yet") && err.contains("master book"),
        "{err}"
    );
    let rows = String::from_utf8(out.stdout).unwrap();
    assert_eq!(rows, stdout(&["book", "--masters"]));
    let first: Vec<&str> = rows.lines().next().unwrap().split('\t').collect();
    assert_eq!(&first[..2], ["h2e2", "炮二平五"], "{rows}");
}

/// `xiangqi players`: a household's players added (one with another name of its), the
/// library's games counted for them as they are recorded (head to head, per game, a
/// rating), and a player removed with its games kept.
#[test]
fn players_are_added_counted_from_the_librarys_games_and_removed() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-players");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("library.sqlite");
    let db = db.to_str().unwrap();
    // Five games: Dad (also 爸爸) wins two against 美美 and loses one, draws one with 奶奶;
    // one game is unfinished and counts for nobody.
    let games = [
        ("爸爸", "美美", "1-0", "1. 炮二平五 马8进7"),
        ("美美", "Dad", "0-1", "1. 炮二平五 炮8平5"),
        ("Dad", "美美", "0-1", "1. 马二进三 马8进7"),
        ("奶奶", "爸爸", "1/2-1/2", "1. 相三进五 炮8平5"),
        ("美美", "爸爸", "*", "1. 兵七进一 卒7进1"),
    ];
    let text: String = games
        .iter()
        .enumerate()
        .map(|(i, (red, black, result, moves))| {
            format!(
                "[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Date \"2026.11.{:02}\"]\n\n{moves} {result}\n\n",
                i + 1
            )
        })
        .collect();
    std::fs::write(dir.join("family.pgn"), text).unwrap();
    stdout(&[
        "library",
        "import",
        "--db",
        db,
        dir.join("family.pgn").to_str().unwrap(),
    ]);
    assert_eq!(
        stdout(&["players", "add", "爸爸", "--alias", "Dad", "--db", db]),
        "added 爸爸\n"
    );
    stdout(&["players", "add", "美美", "--db", db]);
    assert!(failure(&["players", "add", "美美", "--db", db]).contains("already a player"));
    let shown = stdout(&["players", "show", "Dad", "--db", db]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[0], "爸爸");
    assert_eq!(lines[1], "also Dad");
    assert!(lines[2].starts_with("xiangqi 2 W 1 D 1 L "), "{shown}");
    assert!(
        shown.contains("xiangqi\tagainst 美美\t2 W 0 D 1 L"),
        "{shown}"
    );
    assert!(
        shown.contains("xiangqi\tagainst 奶奶\t0 W 1 D 0 L"),
        "{shown}"
    );
    assert!(
        shown.contains("2026.11.01\txiangqi\twon against 美美"),
        "{shown}"
    );
    let listed = stdout(&["players", "--db", db]);
    assert!(listed.contains("美美\txiangqi 1 W 0 D 2 L "), "{listed}");
    assert_eq!(
        stdout(&["players", "remove", "爸爸", "--db", db]),
        "removed 爸爸 (the games stay)\n"
    );
    assert!(failure(&["players", "show", "爸爸", "--db", db]).contains("no player named"));
    let found = stdout(&["library", "find", "--db", db]);
    assert_eq!(found.lines().count(), 5, "{found}");
}
