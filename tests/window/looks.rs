//! The table's looks in a real window: the three board themes and both piece styles,
//! switched by key and menu and kept; at scale factor 1 and 2, in a large and a small
//! window. Each scenario keeps screenshots for a reviewer and checks them: the board in
//! the theme's colours, the pieces as the pictures draw them, every coordinate visible
//! and clear of the pieces, the panel in its colours and nothing in it cut off.

use super::harness::{Game, Seen, Shot, close};
use super::{menu_place, sq};
use xiangqi::picture::{Options, png};
use xiangqi::rules::{Position, Square};
use xiangqi::theme::{self, PieceStyle, Shape, Theme, geometry as g};

/// How far the side-coloured pixels around `at` on the screen agree with the picture
/// painter's drawing of the start position in `theme` and `pieces` at the same size:
/// 1.0 is the same drawing.
fn agreement(game: &Game, shot: &Shot, at: Square, theme: Theme, pieces: PieceStyle) -> f32 {
    let (x, y, cell) = game.point(at);
    let opts = Options {
        size: (cell * g::WIDTH).round() as u32,
        theme,
        pieces,
        ..Options::default()
    };
    let bytes = png(&Position::new(), None, &opts);
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgb).unwrap();
    let width = info.width as usize;
    let picture_cell = info.width as f32 / g::WIDTH;
    let (px, py) = {
        let (bx, by) = theme::point(at, false);
        (
            (bx + g::WIDTH / 2.0) * picture_cell,
            (g::HEIGHT / 2.0 - by) * picture_cell,
        )
    };
    let ink = xiangqi::theme::side(theme.palette(), Position::new().piece_at(at).unwrap().color);
    let (mut same, mut all) = (0, 0);
    for i in -16..=16 {
        for j in -16..=16 {
            let (u, v) = (i as f32 * 0.02, j as f32 * 0.02);
            let screen = shot.at(x + u * cell, y - v * cell);
            let (qx, qy) = (
                (px + u * picture_cell).round() as usize,
                (py - v * picture_cell).round() as usize,
            );
            let k = (qy * width + qx) * 3;
            let picture = [rgb[k], rgb[k + 1], rgb[k + 2]];
            same += usize::from(close(screen, ink, 60) == close(picture, ink, 60));
            all += 1;
        }
    }
    same as f32 / all as f32
}

/// Every coordinate around the board is drawn in the theme's ink, with no piece over
/// it (the start position fills both back ranks).
fn coordinates_clear(game: &Game, shot: &Shot, theme: Theme) {
    let p = theme.palette();
    let (cx, cy, cell) = {
        let (x, y, cell) = game.point(sq("e4"));
        let (bx, by) = theme::point(sq("e4"), game.flipped);
        (x - bx * cell, y + by * cell, cell)
    };
    for shape in theme::board(game.flipped, theme::Coordinates::Iccs, p) {
        let Shape::Label { text, at, .. } = shape else {
            continue;
        };
        if text.contains(' ') {
            continue;
        }
        let (x, y) = (cx + at.0 * cell, cy - at.1 * cell);
        // Ink, or nearer the ink than the board: a thin stroke's anti-aliased pixels
        // (black ink on grey has few pure black ones).
        let inked = {
            let d = |a: [u8; 3], b: xiangqi::theme::Rgba| {
                (i32::from(a[0]) - i32::from(b.0)).abs()
                    + (i32::from(a[1]) - i32::from(b.1)).abs()
                    + (i32::from(a[2]) - i32::from(b.2)).abs()
            };
            let r = (0.2 * cell) as i32;
            let mut n = 0;
            for dy in -r..=r {
                for dx in -r..=r {
                    let c = shot.at(x + dx as f32, y + dy as f32);
                    n += usize::from(d(c, p.ink) < d(c, p.board));
                }
            }
            n
        };
        assert!(
            shot.count_near(x, y, 0.2 * cell, p.ink) >= 3 || inked >= 3,
            "{theme}: the coordinate {text} is not drawn at {x:.0},{y:.0}"
        );
        assert_eq!(
            shot.count_within(x, y, 0.15 * cell, p.piece_face, 6),
            0,
            "{theme}: a piece covers the coordinate {text}"
        );
    }
}

/// Waits until the window shows the start position in `theme` with `pieces`, checks it
/// as a person would look at it, and keeps the screenshot as `name`.
fn looks(game: &Game, theme: Theme, pieces: PieceStyle, name: &str) {
    let p = theme.palette();
    let other = match pieces {
        PieceStyle::Traditional => PieceStyle::International,
        PieceStyle::International => PieceStyle::Traditional,
    };
    let shot = game.until(
        &format!("the board in {theme} with {pieces} pieces"),
        || {
            let shot = game.shot();
            // Bare board in the river, beside the e-file.
            let (x, y, cell) = game.point(sq("e4"));
            if !close(shot.at(x + 0.5 * cell, y - 0.5 * cell), p.board, 6) {
                return None;
            }
            let mine = agreement(game, &shot, sq("e0"), theme, pieces);
            let theirs = agreement(game, &shot, sq("e0"), theme, other);
            (mine > 0.8 && mine > theirs + 0.08).then_some(shot)
        },
    );
    for (at, want) in [
        ("e0", Seen::Red),
        ("h2", Seen::Red),
        ("b9", Seen::Black),
        ("e4", Seen::Empty),
    ] {
        assert_eq!(
            game.seen_as(&shot, sq(at), theme),
            want,
            "{theme} {pieces}: {at}"
        );
    }
    coordinates_clear(game, &shot, theme);
    assert!(
        !game.log().contains("panel content overflows"),
        "{theme} {pieces}: something is wider than the panel"
    );
    game.save_shot(name);
}

/// T goes through wood, paper, dark and high contrast, P switches characters and symbols; each change
/// redraws the board, the pieces and the panel at once, also in an 800×600 window, is
/// kept over a restart, and the View menu does the same as the key.
#[test]
fn board_themes_and_piece_styles_switch_with_t_and_p_and_are_kept() {
    let game = Game::start("theme");
    looks(
        &game,
        Theme::Wood,
        PieceStyle::Traditional,
        "theme-wood-traditional",
    );
    game.key("t");
    game.until_logged("theme paper");
    looks(
        &game,
        Theme::Paper,
        PieceStyle::Traditional,
        "theme-paper-traditional",
    );
    game.key("p");
    game.until_logged("pieces international");
    looks(
        &game,
        Theme::Paper,
        PieceStyle::International,
        "theme-paper-international",
    );
    game.key("t");
    game.until_logged("theme dark");
    looks(
        &game,
        Theme::Dark,
        PieceStyle::International,
        "theme-dark-international",
    );
    game.resize(800, 600);
    looks(
        &game,
        Theme::Dark,
        PieceStyle::International,
        "theme-dark-international-800x600",
    );
    let settings = game.home().join(".config/xiangqi/settings.ron");
    game.until("the look saved", || {
        std::fs::read_to_string(&settings)
            .ok()
            .filter(|t| t.contains("theme: \"dark\"") && t.contains("pieces: \"international\""))
    });
    drop(game);
    let game = Game::restart("theme", &[]);
    looks(
        &game,
        Theme::Dark,
        PieceStyle::International,
        "theme-dark-restarted",
    );
    // The menu names the theme shown and goes on to the next: high contrast (the sides
    // told apart by their pieces' fill), then wood again.
    game.click_at(menu_place(&game, "MenuView"));
    game.click_at(menu_place(&game, "NextTheme"));
    game.until_logged("theme contrast");
    looks(
        &game,
        Theme::Contrast,
        PieceStyle::International,
        "theme-contrast-international",
    );
    game.key("t");
    game.until_logged("theme wood");
    game.key("p");
    game.until_logged("pieces traditional");
    looks(
        &game,
        Theme::Wood,
        PieceStyle::Traditional,
        "theme-wood-again",
    );
}

/// At scale 2 on a screen of 2000×1400 pixels, smaller than the default window there
/// (2240×1600), the first window fits the screen it opens on: the panel and the bottom
/// row are not cut off.
#[test]
fn the_first_window_fits_a_small_screen_at_scale_2() {
    let game = Game::start_scaled_on("scale2-small-screen", 2.0, "2000x1400");
    game.until_logged("window fitted to the screen");
    let (w, h) = game.until("the window within the screen", || {
        let (w, h) = game.size();
        (w <= 2000.0 && h <= 1400.0).then_some((w, h))
    });
    assert!(
        w >= 1200.0 && h >= 900.0,
        "a window of its shape, as large as fits: {w}×{h}"
    );
    game.until_still();
    game.save_shot("scale2-small-screen");
}

/// At scale factor 2 (a HiDPI screen) the whole table is twice as large in pixels: the
/// panel twice as wide, its text as sharp, the board filling the rest; in the default
/// window and in one of 800×600 points, light and dark, both piece styles.
#[test]
fn the_table_at_scale_2_in_a_large_and_a_small_window() {
    let game = Game::start_scaled("scale2", 2.0);
    let (w, h) = game.size();
    assert_eq!(
        (w, h),
        (2240.0, 1600.0),
        "the window is 1120×800 points at 2×"
    );
    looks(
        &game,
        Theme::Wood,
        PieceStyle::Traditional,
        "scale2-wood-traditional",
    );
    // The panel's first menu lies a panel's width (600 px) from the right edge.
    let (x, _) = menu_place(&game, "MenuGame");
    assert!(
        (w - 600.0..w - 500.0).contains(&x),
        "the Game menu at x = {x} in a {w} px window"
    );
    // Two presses quicker than a frame: both count (the second once went unseen).
    game.keys_at_once(&["t", "t"]);
    game.until_logged("theme dark");
    game.key("p");
    game.until_logged("pieces international");
    looks(
        &game,
        Theme::Dark,
        PieceStyle::International,
        "scale2-dark-international",
    );
    game.resize(1600, 1200);
    looks(
        &game,
        Theme::Dark,
        PieceStyle::International,
        "scale2-dark-international-800x600",
    );
}

/// In a tall window the panel goes below the board (which then takes the window's
/// whole width) and the board is played there with the mouse; made wide again, the
/// panel is back beside the board.
#[test]
fn the_panel_goes_below_the_board_in_a_tall_window_and_back_beside_it() {
    let game = Game::start("tall");
    game.resize(700, 1100);
    let below = game.until("the panel below the board", || {
        let log = game.log();
        let line = log
            .lines()
            .rfind(|l| l.contains("panel below the board ("))?
            .to_owned();
        let size = line.split('(').nth(1)?.split(" px").next()?.to_owned();
        size.split_once('x')?.1.trim().parse::<f32>().ok()
    });
    assert!(
        (300.0..500.0).contains(&below),
        "the panel is {below} px high"
    );
    game.below.set(below);
    game.until_seen(sq("e0"), Seen::Red);
    game.until_seen(sq("e9"), Seen::Black);
    game.save_shot("tall-700x1100");
    game.play("h2e2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    assert!(!game.log().contains("panel content overflows"));
    let beside = || game.log().matches("panel beside the board").count();
    let before = beside();
    let mark = game.mark();
    game.resize(1120, 800);
    game.until("the panel beside the board again", || {
        (beside() > before).then_some(())
    });
    // The pictures are painted once for the new size, when it has held (the frames
    // between, the panel still below, paint nothing): at 1120×800 beside the panel the
    // board's 10.9 units high take 800 px.
    game.until_still();
    let since = game.since(mark);
    let painted: Vec<&str> = since
        .lines()
        .filter_map(|l| l.split("pictures painted at ").nth(1))
        .collect();
    assert_eq!(painted, ["73.4 px a unit"], "painted after the resize");
    game.below.set(0.0);
    game.until_seen(sq("e2"), Seen::Red);
    game.until_seen(sq("h9"), Seen::Black);
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
}

/// A running clock redraws the panel, not the board: once the window has settled, the
/// clock's frames (a second apart, its digits changing) draw no board, whose picture is
/// kept and shown; a move draws it again, the cannon seen where it went.
#[test]
fn a_running_clock_redraws_the_panel_and_keeps_the_board() {
    let game = Game::start_with("clock-board", &["--clock", "10+0"]);
    game.until_still();
    game.until_logged("board picture kept");
    let mark = game.mark();
    game.until("three of the clock's frames", || {
        (game.since(mark).matches("presented frame").count() >= 3).then_some(())
    });
    let since = game.since(mark);
    assert!(
        !since.contains("board picture drawn"),
        "the clock's frames drew the board:\n{since}"
    );
    let shot = game.shot();
    assert_eq!(
        game.seen(&shot, sq("h2")),
        Seen::Red,
        "the kept picture is shown"
    );
    let mark = game.mark();
    game.play("h2e2");
    game.until_seen(sq("e2"), Seen::Red);
    assert!(game.since(mark).contains("board picture drawn"));
}

/// With one sample a pixel (issue 77) the board's slanted and round edges are still
/// smooth: across the palace's diagonal and across a piece's rim, a row of pixels passes
/// through shades between the line's ink and the wood, as a drawing's anti-aliasing
/// makes them; a jagged line would go from one to the other at once.
#[test]
fn slanted_lines_and_round_pieces_are_smooth_at_one_sample_a_pixel() {
    let game = Game::start("smooth");
    game.until_still();
    game.until_logged("board picture kept");
    let shot = game.shot();
    let palette = Theme::Wood.palette();
    let (wood, line, rim) = (palette.board, palette.line, palette.piece_rim);
    // Between two colours, far from both.
    let between = |p: [u8; 3], a: theme::Rgba, b: theme::Rgba| !close(p, a, 24) && !close(p, b, 24);
    // Rows across the diagonal from e1 to f2 (both empty at the start), away from its ends.
    let (x1, y1, cell) = game.point(sq("e1"));
    let (x2, y2, _) = game.point(sq("f2"));
    let mut rows = 0;
    let mut smooth = 0;
    for k in 3..=7 {
        let t = k as f32 / 10.0;
        let (cx, cy) = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
        let shades = (-6..=6)
            .map(|dx| shot.at(cx + dx as f32, cy.round()))
            .filter(|&p| between(p, wood, line))
            .count();
        rows += 1;
        smooth += usize::from(shades >= 1);
    }
    game.save_shot("smooth");
    assert_eq!(
        smooth, rows,
        "the palace's diagonal has shades in {smooth} of {rows} rows"
    );
    // Rows across the left rim of the cannon on b2, above its centre.
    let (x, y, _) = game.point(sq("b2"));
    let r = g::PIECE_RADIUS * cell;
    let mut shaded = 0;
    for f in [0.7f32, 0.5, 0.3] {
        let row = (y - f * r).round();
        let rim_x = x - r * (1.0 - f * f).sqrt();
        shaded += usize::from(
            (-3..=3)
                .map(|dx| shot.at(rim_x + dx as f32, row))
                .any(|p| between(p, wood, rim)),
        );
    }
    assert!(
        shaded >= 2,
        "the piece's rim has shades in {shaded} of 3 rows"
    );
}
