//! The pictures are decoded and looked at: the GIF has one frame per ply plus the start,
//! each square's centre shows the piece the game had there on that frame, the last
//! move is marked, and the PNG shows the final position. Also through the CLI.

use crate::common;

use std::process::Command;

use common::Rng;
use xiangqi::picture::{Options, Painter, gif, png};
use xiangqi::rules::{Color, Game, Position, Square};
use xiangqi::theme::{Palette, PieceStyle, Rgba, Theme, WOOD};

/// A game of `plies` random moves that does not end early.
fn random_game(plies: usize, seed: u64) -> Game {
    let mut rng = Rng(seed);
    'again: loop {
        let mut game = Game::new();
        while game.ply_count() < plies {
            let moves = game.position().legal_moves();
            let m = rng.pick(&moves);
            if game.play(m).is_err() || game.outcome().is_some() {
                continue 'again;
            }
        }
        return game;
    }
}

/// A picture as RGB rows.
struct Image {
    width: usize,
    rgb: Vec<u8>,
}

impl Image {
    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let i = (y.round() as usize * self.width + x.round() as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    fn count_near(&self, (x, y): (f32, f32), r: f32, want: Rgba) -> usize {
        let mut n = 0;
        for dy in -(r as i32)..=r as i32 {
            for dx in -(r as i32)..=r as i32 {
                if close(self.at(x + dx as f32, y + dy as f32), want, 40) {
                    n += 1;
                }
            }
        }
        n
    }
}

fn close(c: [u8; 3], want: Rgba, tolerance: u8) -> bool {
    c.iter()
        .zip([want.0, want.1, want.2])
        .all(|(&a, b)| a.abs_diff(b) <= tolerance)
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Seen {
    Empty,
    Red,
    Black,
}

fn seen(image: &Image, painter: &Painter, sq: Square) -> Seen {
    seen_in(image, painter, sq, &WOOD)
}

/// What stands on `sq`: a piece's face fills the middle of its point (told apart from
/// the board closely: paper's board is nearly white), and its side is the colour of
/// its mark there.
fn seen_in(image: &Image, painter: &Painter, sq: Square, palette: &Palette) -> Seen {
    let cell = painter.dimensions().0 as f32 / xiangqi::theme::geometry::WIDTH;
    let at = painter.pixel(sq);
    let r = cell * 0.3;
    let count = |want: Rgba, tolerance: u8| {
        let mut n = 0;
        for dy in -(r as i32)..=r as i32 {
            for dx in -(r as i32)..=r as i32 {
                n += usize::from(close(
                    image.at(at.0 + dx as f32, at.1 + dy as f32),
                    want,
                    tolerance,
                ));
            }
        }
        n
    };
    if palette.piece_face != palette.black_face {
        // High contrast: a black face under the character (never on a red piece, and
        // more than the lines of an empty point), or a white one.
        let area = std::f32::consts::PI * r * r;
        return if count(palette.black_face, 5) as f32 > 0.2 * area {
            Seen::Black
        } else if count(palette.piece_face, 5) as f32 > 0.35 * area {
            Seen::Red
        } else {
            Seen::Empty
        };
    }
    if count(palette.piece_face, 5) < 20 {
        return Seen::Empty;
    }
    if count(palette.red, 40) > count(palette.black, 40) {
        Seen::Red
    } else {
        Seen::Black
    }
}

fn expected(pos: &Position, sq: Square) -> Seen {
    match pos.piece_at(sq).map(|p| p.color) {
        None => Seen::Empty,
        Some(Color::Red) => Seen::Red,
        Some(Color::Black) => Seen::Black,
    }
}

/// Every frame of a GIF, composed as a viewer shows it.
fn frames(bytes: &[u8]) -> (Vec<Image>, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).unwrap();
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let mut canvas = vec![0u8; w * h * 3];
    let mut out = Vec::new();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let src = &frame.buffer[(y * frame.width as usize + x) * 4..][..4];
                if src[3] == 0 {
                    continue;
                }
                let at = ((y + frame.top as usize) * w + x + frame.left as usize) * 3;
                canvas[at..at + 3].copy_from_slice(&src[..3]);
            }
        }
        delays.push(frame.delay);
        out.push(Image {
            width: w,
            rgb: canvas.clone(),
        });
    }
    (out, delays)
}

fn last_move_marked(image: &Image, painter: &Painter, sq: Square) -> bool {
    last_move_marked_in(image, painter, sq, &WOOD)
}

fn last_move_marked_in(image: &Image, painter: &Painter, sq: Square, palette: &Palette) -> bool {
    let cell = painter.dimensions().0 as f32 / xiangqi::theme::geometry::WIDTH;
    let (x, y) = painter.pixel(sq);
    let mark = xiangqi::theme::over(palette.last_move, palette.board);
    let corner = (x - 0.46 * cell, y - 0.46 * cell);
    image.count_near(corner, cell * 0.04, mark) > 0
}

#[test]
fn every_frame_shows_the_game_and_its_last_move() {
    let game = random_game(24, 11);
    let opts = Options::default();
    let bytes = gif(&game, &opts, 0.5);
    let (frames, delays) = frames(&bytes);
    assert_eq!(frames.len(), game.ply_count() + 1);
    assert_eq!(delays[0], 50);
    assert!(
        delays[game.ply_count()] >= 150,
        "the last frame stays longer"
    );
    let painter = Painter::new(&opts);
    let moves: Vec<_> = game.moves().collect();
    for (i, image) in frames.iter().enumerate() {
        let pos = game.position_at(i);
        for sq in Square::all() {
            assert_eq!(
                seen(image, &painter, sq),
                expected(pos, sq),
                "frame {i}, {sq}"
            );
        }
        if i > 0 {
            let m = moves[i - 1];
            assert!(
                last_move_marked(image, &painter, m.from),
                "frame {i} marks {}",
                m.from
            );
            assert!(
                last_move_marked(image, &painter, m.to),
                "frame {i} marks {}",
                m.to
            );
        }
    }
    // The first frame has no marks.
    let first = &frames[0];
    assert!(!Square::all().any(|sq| last_move_marked(first, &painter, sq)));
}

#[test]
fn flipped_pictures_put_black_at_the_bottom() {
    let game = Game::new();
    let opts = Options {
        flipped: true,
        size: 300,
        ..Options::default()
    };
    let (frames, _) = frames(&gif(&game, &opts, 1.0));
    let painter = Painter::new(&opts);
    assert!(painter.pixel(Square::A0).1 < painter.pixel(Square::A9).1);
    assert_eq!(seen(&frames[0], &painter, Square::A0), Seen::Red);
    assert_eq!(seen(&frames[0], &painter, Square::E9), Seen::Black);
}

#[test]
fn the_png_shows_the_final_position() {
    let game = random_game(9, 5);
    let opts = Options::default();
    let bytes = png(game.position(), game.moves().last(), &opts);
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let painter = Painter::new(&opts);
    assert_eq!((info.width, info.height), painter.dimensions());
    let image = Image {
        width: info.width as usize,
        rgb: buf,
    };
    for sq in Square::all() {
        assert_eq!(
            seen(&image, &painter, sq),
            expected(game.position(), sq),
            "{sq}"
        );
    }
    let m = game.moves().last().unwrap();
    assert!(last_move_marked(&image, &painter, m.to));
}

#[test]
fn a_hundred_ply_gif_is_small() {
    let game = random_game(100, 3);
    let bytes = gif(&game, &Options::default(), 1.0);
    // Shared palette and changed rectangles only: a few hundred KB, not megabytes.
    assert!(bytes.len() < 600_000, "{} bytes", bytes.len());
}

fn xiangqi(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_cli_writes_pictures_of_anything_paste_accepts() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pictures-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // As in the seed article: a FEN followed by moves.
    let input = dir.join("game.txt");
    std::fs::write(
        &input,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7 h0g2",
    )
    .unwrap();
    let out = dir.join("game.gif");
    let run = xiangqi(&[
        "convert",
        input.to_str().unwrap(),
        "--to",
        "gif",
        "-o",
        out.to_str().unwrap(),
        "--size",
        "300",
        "--delay",
        "0.5",
        "--flip",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (frames, delays) = frames(&std::fs::read(&out).unwrap());
    assert_eq!(frames.len(), 4);
    assert_eq!(delays[1], 50);
    assert_eq!(frames[0].width, 300);
    let png_out = dir.join("pos.png");
    let run = xiangqi(&[
        "convert",
        input.to_str().unwrap(),
        "--to",
        "png",
        "-o",
        png_out.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    assert!(std::fs::read(&png_out).unwrap().starts_with(b"\x89PNG"));
    // Mistakes are messages, not pictures on the terminal.
    for (args, says) in [
        (vec!["--to", "png"], "add -o FILE"),
        (
            vec!["--to", "gif", "-o", "x.gif", "--size", "5"],
            "--size 5 is out of range",
        ),
        (
            vec!["--to", "gif", "-o", "x.gif", "--delay", "0"],
            "--delay 0 is out of range",
        ),
    ] {
        let mut all = vec!["convert", input.to_str().unwrap()];
        all.extend(args);
        let run = xiangqi(&all);
        assert_eq!(run.status.code(), Some(2));
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(says), "{err}");
    }
}

/// A goban as a PNG: the picture's size, a black stone dark and a white one light at
/// their points, the last move's mark red, a star point's ink on the empty wood; a GIF of
/// a game has a frame a move.
#[test]
fn a_go_position_is_drawn_with_its_stones_star_points_and_last_move() {
    use xiangqi::go::{Game, Move, Point, Rules};
    let mut game = Game::new(9, Rules::CHINESE).unwrap();
    for m in ["C3", "G7", "D4"] {
        game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
    }
    let at = |name: &str| Point::from_gtp(name, 9).unwrap();
    let bytes =
        xiangqi::picture::goban::png(game.position(), Some(at("D4")), 450, true, Theme::Wood);
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (450, 450));
    let painter = xiangqi::picture::goban::Geometry::new(9, 450);
    let pixel = |p: Point, dx: f32| {
        let (x, y) = painter.pixel(p);
        let i = ((y.round() as usize) * 450 + (x + dx).round() as usize) * 3;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    let dark = |c: [u8; 3]| c.iter().all(|&v| v < 90);
    let light = |c: [u8; 3]| c.iter().all(|&v| v > 200);
    // Off the centre (the shine is there, and the mark on the last move).
    let cell = 450.0 / 10.6;
    assert!(
        dark(pixel(at("C3"), cell * 0.3)),
        "{:?}",
        pixel(at("C3"), cell * 0.3)
    );
    assert!(
        light(pixel(at("G7"), cell * 0.3)),
        "{:?}",
        pixel(at("G7"), cell * 0.3)
    );
    let mark = pixel(at("D4"), 0.0);
    assert!(
        mark[0] > 150 && mark[1] < 90,
        "the last move's mark: {mark:?}"
    );
    // The centre star point (E5) is ink on the wood.
    assert!(
        pixel(at("E5"), 0.0).iter().all(|&v| v < 140),
        "{:?}",
        pixel(at("E5"), 0.0)
    );
    let gif = xiangqi::picture::goban::gif(&game, 300, false, Theme::Wood, 0.5);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif)).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 4, "the start and a frame a move");
}

/// The goban's marks: a dead stone veiled (no longer dark), each side's points a small
/// square of its colour, a forbidden point crossed in red, a chain in atari ringed, and
/// liberties written on the stones.
#[test]
fn a_counted_goban_shows_dead_stones_points_forbidden_points_atari_and_liberties() {
    use xiangqi::go::{Color, Game, Move, Point, Rules};
    use xiangqi::picture::goban::{Geometry, GobanPainter, Marks};
    let mut game = Game::new(9, Rules::CHINESE).unwrap();
    // White's C4 between black's C3, D4 and B4: one liberty left (C5).
    for m in ["C3", "G7", "D4", "C4", "B4"] {
        game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
    }
    let at = |name: &str| Point::from_gtp(name, 9).unwrap();
    let geometry = Geometry::new(9, 450);
    let cell = 450.0 / 10.6;
    let mut painter = GobanPainter::new(9, 450, false, Theme::Wood);
    let plain = painter.draw(game.position(), None);
    let marks = Marks {
        dead: vec![at("G7")],
        owners: vec![(at("A1"), Color::Black), (at("J9"), Color::White)],
        forbidden: vec![at("E5")],
        atari: true,
        liberties: true,
        insight: Default::default(),
        // A record's marks: a square on H2, an arrow along the top edge.
        markup: xiangqi::go::markup::Markup {
            shapes: vec![(at("H2"), xiangqi::go::markup::Shape::Square)],
            arrows: vec![(at("A9"), at("E9"))],
            ..Default::default()
        },
    };
    let marked = painter.draw_marked(game.position(), None, &marks);
    let pixel = |image: &tiny_skia::Pixmap, p: Point, dx: f32, dy: f32| {
        let (x, y) = geometry.pixel(p);
        let c = image
            .pixel((x + dx).round() as u32, (y + dy).round() as u32)
            .unwrap()
            .demultiply();
        [c.red(), c.green(), c.blue()]
    };
    // G7's white stone veiled: darker than a white stone, lighter than none.
    let g7 = pixel(&marked, at("G7"), cell * 0.3, cell * 0.2);
    assert!(pixel(&plain, at("G7"), cell * 0.3, cell * 0.2)[0] > 200);
    assert!(g7[0] < 235 && g7[2] < 200, "veiled: {g7:?}");
    // A1 black's point: a dark square; J9 white's: a light one.
    assert!(pixel(&marked, at("A1"), 0.0, 0.0).iter().all(|&v| v < 60));
    assert!(pixel(&marked, at("J9"), 0.0, 0.0).iter().all(|&v| v > 200));
    // E5 crossed in red (off the star point's centre, along the cross).
    let cross = pixel(&marked, at("E5"), cell * 0.09, cell * 0.09);
    assert!(cross[0] > 120 && cross[1] < 90, "the cross: {cross:?}");
    // The square's edge in black ink on the empty H2; the arrow's red over C9.
    let edge = pixel(&marked, at("H2"), cell * 0.204, 0.0);
    assert!(edge.iter().all(|&v| v < 90), "the square: {edge:?}");
    let shaft = pixel(&marked, at("C9"), 0.0, 0.0);
    assert!(shaft[0] > 150 && shaft[1] < 90, "the arrow: {shaft:?}");
    // C4 in atari: ringed in red.
    let ring = pixel(&marked, at("C4"), cell * 0.44, 0.0);
    assert!(ring[0] > 150 && ring[1] < 100, "the ring: {ring:?}");
    // Each stone's liberties written on it: its middle is not as it was.
    for p in ["C3", "D4", "B4", "C4"] {
        let mut changed = 0;
        for dx in -6..=6 {
            for dy in -8..=8 {
                let (dx, dy) = (dx as f32, dy as f32);
                changed +=
                    usize::from(pixel(&marked, at(p), dx, dy) != pixel(&plain, at(p), dx, dy));
            }
        }
        assert!(
            changed > 20,
            "{p}: its liberties written ({changed} pixels)"
        );
    }
    // GNU Go's opinion: H1 sure black's (darker than the wood), J1 sure white's
    // (lighter), A9 too unsure to shade; E6 its best candidate, ringed in green.
    let insight = Marks {
        insight: xiangqi::picture::goban::Insight {
            owners: vec![(at("H1"), 1.0), (at("J1"), -1.0), (at("A9"), 0.1)],
            candidates: vec![(at("E6"), "35".to_owned()), (at("F7"), "25".to_owned())],
        },
        ..Marks::default()
    };
    let seen = painter.draw_marked(game.position(), None, &insight);
    let off = cell * 0.3;
    let luma = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
    let wood = luma(pixel(&plain, at("H1"), off, off));
    assert!(
        luma(pixel(&seen, at("H1"), off, off)) + 150 < wood,
        "black's point shaded"
    );
    assert!(
        luma(pixel(&seen, at("J1"), off, off)) > wood + 60,
        "white's point shaded"
    );
    assert_eq!(
        pixel(&seen, at("A9"), off, off),
        pixel(&plain, at("A9"), off, off)
    );
    let best = pixel(&seen, at("E6"), cell * 0.35, 0.0);
    assert!(
        best[1] > best[0] + 40 && best[1] > best[2] + 40,
        "green: {best:?}"
    );
    let other = pixel(&seen, at("F7"), cell * 0.35, 0.0);
    assert!(other[2] > other[0] + 60, "blue: {other:?}");
}

fn decode_png(bytes: Vec<u8>) -> Image {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    Image {
        width: info.width as usize,
        rgb: buf,
    }
}

/// Each of the three themes and both piece styles: every point shows what the game has
/// there in the theme's own colours, the last move is marked, the board between the
/// points is the theme's; in the international style the seven roles are seven
/// different symbols and a role's symbol has the same shape for both sides.
#[test]
fn every_theme_and_piece_style_shows_the_position_and_tells_the_roles_apart() {
    let game = random_game(9, 5);
    let last = game.moves().last();
    for theme in Theme::ALL {
        for pieces in PieceStyle::ALL {
            let opts = Options {
                theme,
                pieces,
                size: 900,
                ..Options::default()
            };
            let palette = theme.palette();
            let image = decode_png(png(game.position(), last, &opts));
            let painter = Painter::new(&opts);
            for sq in Square::all() {
                assert_eq!(
                    seen_in(&image, &painter, sq, palette),
                    expected(game.position(), sq),
                    "{theme} {pieces} {sq}"
                );
            }
            assert!(last_move_marked_in(
                &image,
                &painter,
                last.unwrap().to,
                palette
            ));
            // Half-way between e4 and e5 lies the river: bare board.
            let (x, y) = painter.pixel(Square::new(4, 4).unwrap());
            let cell = painter.dimensions().0 as f32 / xiangqi::theme::geometry::WIDTH;
            assert!(
                close(image.at(x + 0.5 * cell, y - 0.5 * cell), palette.board, 8),
                "{theme}"
            );
        }
    }
    // Which pixels of a piece carry its side's colour.
    let mask = |image: &Image, painter: &Painter, sq: Square, ink: Rgba, shift: (f32, f32)| {
        let cell = painter.dimensions().0 as f32 / xiangqi::theme::geometry::WIDTH;
        let (x, y) = painter.pixel(sq);
        let (x, y) = (x + shift.0, y + shift.1);
        let r = (cell * 0.33) as i32;
        let mut out = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                out.push(close(image.at(x + dx as f32, y + dy as f32), ink, 60));
            }
        }
        out
    };
    let differ = |a: &[bool], b: &[bool]| a.iter().zip(b).filter(|(x, y)| x != y).count();
    let opts = Options {
        pieces: PieceStyle::International,
        size: 900,
        ..Options::default()
    };
    let image = decode_png(png(&Position::new(), None, &opts));
    let painter = Painter::new(&opts);
    let sq = |s: &str| s.parse::<Square>().unwrap();
    // General, advisor, elephant, horse, chariot, cannon, soldier: red's, then black's.
    let red = ["e0", "d0", "c0", "b0", "a0", "b2", "a3"];
    let black = ["e9", "d9", "c9", "b9", "a9", "b7", "a6"];
    let masks: Vec<Vec<bool>> = red
        .iter()
        .map(|s| mask(&image, &painter, sq(s), WOOD.red, (0.0, 0.0)))
        .collect();
    for i in 0..masks.len() {
        for j in 0..i {
            let d = differ(&masks[i], &masks[j]);
            assert!(
                d > masks[i].len() / 20,
                "{} and {} look alike ({d} pixels differ)",
                red[i],
                red[j]
            );
        }
        // The same shape, up to a pixel's rounding of where each piece is put.
        let best = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx as f32, dy as f32)))
            .map(|shift| {
                differ(
                    &masks[i],
                    &mask(&image, &painter, sq(black[i]), WOOD.black, shift),
                )
            })
            .min()
            .unwrap();
        assert!(
            best < masks[i].len() / 50,
            "{} and {}: {best}",
            red[i],
            black[i]
        );
    }
}
