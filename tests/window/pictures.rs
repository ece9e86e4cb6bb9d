//! The README's two pictures, made from the real window as a player sees it: the Xiangqi
//! table in a game with the engine's arrow, and the Go table in a game. Every run makes
//! them (and so checks they can still be made); `docs/pictures/make.sh` keeps them in the
//! repository (`XIANGQI_PICTURES_TO`).

use std::path::PathBuf;

use super::harness::Game;
use super::{arrow_pixels, go_point, panel_place};

/// Where the pictures go: the folder named by `XIANGQI_PICTURES_TO`, else the test's own.
fn keep(game: &Game, name: &str) -> PathBuf {
    let shot = game.shot();
    let (w, h) = game.size();
    let (w, h) = (w as usize, h as usize);
    // The window alone, not the rest of the virtual screen.
    let mut rgb = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            rgb.extend_from_slice(&shot.at(x as f32, y as f32));
        }
    }
    let dir = std::env::var_os("XIANGQI_PICTURES_TO")
        .map_or_else(|| game.home().join("pictures"), PathBuf::from);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.png"));
    super::harness::write_png(&path, w, h, &rgb);
    eprintln!("picture: {}", path.display());
    path
}

#[test]
fn readme_pictures_of_a_xiangqi_game_with_the_engine_and_a_go_game() {
    let game = Game::start("pictures");
    // A central-cannon opening, then the engine's analysis: its line and arrow.
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] {
        game.play(m);
    }
    game.until_position("r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w");
    game.key("a");
    game.until_logged("engine started: Fairy-Stockfish");
    game.until("the analysis arrow", || {
        (arrow_pixels(&game) > 150).then_some(())
    });
    // The engine keeps searching (the window never sleeps): the panel laid out is enough.
    game.until_settled();
    keep(&game, "xiangqi-table");
    game.key("a");
    game.until_logged("notice Analysis off");

    // The Go table, a 9×9 game of a few stones.
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    game.until_logged("go new game");
    for point in ["E5", "C4", "G4", "D6", "F3", "E3", "C6", "G6", "D3", "D4"] {
        game.click_at(go_point(&game, point, 9));
        game.until_logged(&format!("go plays {point}"));
    }
    game.until_idle();
    keep(&game, "go-table");
}
