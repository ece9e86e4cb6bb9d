//! The panel fits its words (issue 39): the worst content we know, in every language, at
//! the sizes players use and at scale 2, for both tables and a Go problem. The panel measures what it
//! drew against its place and says what reaches past it (`panel overflow: "…"`); the
//! screenshot's last columns must be the panel's plain background. A panel taller than
//! the window must show that it scrolls (issue 76): where it says its bar is, the bar
//! is seen.

use super::harness::{self, Game};
use xiangqi::theme::panel::FILL;

/// The Xiangqi game: names, event and teams of 30–40 characters, long comments in
/// Chinese and English, 76 plies.
const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/worst-panel.pgn");
/// The Go game: 300 moves, long names and event, long comments.
const GO_GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/worst-panel.sgf");

/// How many of the window's last columns must be the panel's background.
const EDGE: usize = 4;

/// Resizes to `w`×`h` points, waits for the layout, and checks the panel: nothing said
/// to overflow since `from` in the log, the last columns plain. Keeps a screenshot.
fn check(game: &Game, name: &str, (w, h): (u32, u32), from: usize) {
    let scale = game.scale;
    let (pw, ph) = ((w as f32 * scale) as u32, (h as f32 * scale) as u32);
    game.resize(pw, ph);
    // egui lays a resized window out a frame late (the engine's lines may still come).
    game.until_settled();
    let log = game.log();
    let over: Vec<&str> = log[from..]
        .lines()
        .filter(|l| l.contains("panel overflow"))
        .collect();
    assert!(
        over.is_empty(),
        "{name} at {w}x{h}: the panel overflows:\n{}",
        over.join("\n")
    );
    // The frame laid out at the new size is presented a moment after it ran: the
    // screen is read until its last columns are plain, or the deadline says they never
    // were.
    let edge = || {
        let shot = game.shot();
        let mut marked = 0;
        let mut first = None;
        for y in 0..ph as usize {
            for x in pw as usize - EDGE..pw as usize {
                if !harness::close(shot.at(x as f32, y as f32), FILL, 8) {
                    marked += 1;
                    first.get_or_insert((x, y));
                }
            }
        }
        (marked, first)
    };
    let (marked, first) = game.read_until(edge, |(marked, _)| *marked == 0);
    game.save_shot(&format!("{name}-{w}x{h}"));
    assert_eq!(
        marked, 0,
        "{name} at {w}x{h}: {marked} pixels drawn in the window's last {EDGE} columns \
         (the first at {first:?})"
    );
    scrolls_visibly(game, &format!("{name} at {w}x{h}"), pw as usize);
}

/// The panel says whether it scrolls; where it says it does, its bar is seen: the bar's
/// middle column is not the panel's background along (nearly) all of its height. A
/// panel cut at its bottom with nothing drawn there fails (egui's floating bars, hidden
/// until the pointer comes near: issue 76), and so does one that never says.
fn scrolls_visibly(game: &Game, name: &str, width: usize) {
    let log = game.log();
    let Some(said) = log.lines().rev().find_map(|l| {
        l.split_once("panel scrolls: bar ")
            .map(|(_, bar)| Some(bar.trim().to_owned()))
            .or_else(|| l.contains("panel ends inside").then_some(None))
    }) else {
        panic!("{name}: the panel never said whether it scrolls or ends inside the window")
    };
    let Some(said) = said else {
        return;
    };
    let corner = |s: &str| -> (usize, usize) {
        let (x, y) = s.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    let (a, b) = said.split_once(' ').unwrap();
    let ((x0, y0), (x1, y1)) = (corner(a), corner(b));
    // Inside the panel, left of its plain edge (a bar floated past it is not seen).
    assert!(
        x0 < x1 && x1 <= width - EDGE,
        "{name}: the panel scrolls, but its bar at x {x0}..{x1} is not inside it"
    );
    let x = (x0 + x1) / 2;
    let seen = |shot: &harness::Shot| {
        (y0..y1)
            .filter(|&y| !harness::close(shot.at(x as f32, y as f32), FILL, 8))
            .count()
    };
    let rows = y1 - y0;
    let drawn = game.read_until(|| seen(&game.shot()), |&n| n * 10 >= rows * 9);
    assert!(
        drawn * 10 >= rows * 9,
        "{name}: the panel scrolls, but its bar at x {x}, y {y0}..{y1} is not seen: \
         {drawn} of {rows} rows drawn"
    );
}

fn scenario(lang: &str, scale: f32, sizes: &[(u32, u32)]) {
    // `zh_CN`, `zh_TW`: the two Chinese apart.
    let short = &lang[..5];
    let name = format!("panel_fits-{short}-{scale}x");
    let game = Game::start_as(&name, lang, scale, &[GAME]);
    // A commented move, the analysis and the explorer on: the engine's lines and the
    // book's moves under the comment.
    game.until_logged("imported");
    game.key("Home");
    game.key("Right");
    game.key("a");
    game.until_logged("engine asked: Analyse");
    // And the opening explorer (the master book's moves, with their bars).
    game.key("o");
    game.until_logged("library: ToggleExplorer");
    let from = game.log().len();
    for &size in sizes {
        check(&game, &format!("{name}-xiangqi"), size, from);
    }
    // The Go game pasted: the table switches to it; a commented move shown.
    game.set_clipboard(&std::fs::read_to_string(GO_GAME).unwrap());
    game.key("ctrl+i");
    game.until_logged("go opened");
    game.key("Home");
    for _ in 0..4 {
        game.key("Right");
    }
    let from = game.log().len();
    for &size in sizes {
        check(&game, &format!("{name}-go"), size, from);
    }
    // A Go problem (F3) with its hint said: the problem's lines and buttons.
    let mark = game.mark();
    game.key("F3");
    game.until_logged_since(mark, "problem ");
    let mark = game.mark();
    game.key("h");
    game.until_logged_since(mark, "said ");
    let from = game.log().len();
    for &size in sizes {
        check(&game, &format!("{name}-go-problem"), size, from);
    }
}

const SIZES: [(u32, u32); 3] = [(800, 600), (1120, 800), (1920, 1080)];

/// Issue 76: in English at 1120×800 a downloaded game with comments, the analysis on:
/// its lines went past the panel's bottom with no scroll bar in sight.
#[test]
fn a_commented_game_with_analysis_shows_that_the_panel_scrolls() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fits-commented");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("名局.pgn");
    std::fs::write(&path, encoding_rs::GBK.encode(super::COMMENTED).0).unwrap();
    let game = Game::start_as(
        "panel_fits-commented",
        "en_US.UTF-8",
        1.0,
        &[path.to_str().unwrap()],
    );
    game.until_logged("notice Opened 名局.pgn");
    game.key("a");
    game.until_logged("engine asked: Analyse");
    let from = game.log().len();
    check(&game, "panel_fits-commented", (1120, 800), from);
}

#[test]
fn panel_fits_in_chinese() {
    scenario("zh_CN.UTF-8", 1.0, &SIZES);
}

#[test]
fn panel_fits_in_english() {
    scenario("en_US.UTF-8", 1.0, &SIZES);
}

#[test]
fn panel_fits_in_traditional_chinese() {
    scenario("zh_TW.UTF-8", 1.0, &SIZES);
}

#[test]
fn panel_fits_in_vietnamese() {
    scenario("vi_VN.UTF-8", 1.0, &SIZES);
}

#[test]
fn panel_fits_at_scale_two() {
    // 1920×1080 points at scale 2 is larger than the test's screen.
    scenario("zh_CN.UTF-8", 2.0, &SIZES[..2]);
    scenario("en_US.UTF-8", 2.0, &SIZES[..2]);
}

#[test]
fn panel_fits_at_scale_two_in_traditional_chinese_and_vietnamese() {
    scenario("zh_TW.UTF-8", 2.0, &SIZES[..1]);
    scenario("vi_VN.UTF-8", 2.0, &SIZES[..1]);
}
