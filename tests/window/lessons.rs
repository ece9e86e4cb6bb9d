//! Lessons as a person meets them (issue 58): the first-run hint opens the map, a
//! Xiangqi stage is played through with the mouse to its stars (kept in the data
//! folder, shown on the map), and a Go level is played with the keyboard alone.

use super::harness::Game;
use super::panel_place;

/// The stars kept for the guest at `game`'s level `id`, read from the data folder.
fn kept(game: &Game, slug: &str, id: &str) -> u8 {
    let file = game.home().join(".local/share/xiangqi/lessons.tsv");
    let text = std::fs::read_to_string(file).unwrap_or_default();
    table::learn::progress::Progress::from_text(&text).stars("", slug, id)
}

#[test]
fn lesson_xiangqi_stage_played_with_the_mouse_to_its_stars() {
    xiangqi_stage(&Game::start("lesson-xiangqi"));
}

/// The same in Chinese in a window of 800×600 points.
#[test]
fn lesson_xiangqi_stage_in_chinese_at_800x600() {
    let game = super::small_chinese("lesson-xiangqi-zh");
    xiangqi_stage(&game);
}

/// The same at scale factor 2.
#[test]
fn lesson_xiangqi_stage_at_scale_2() {
    xiangqi_stage(&Game::start_scaled("lesson-xiangqi-2x", 2.0));
}

fn xiangqi_stage(game: &Game) {
    // "New to Xiangqi? Learn in 10 minutes": the hint opens the map.
    game.click_at(panel_place(game, "learn-hint"));
    game.until_logged("learn open");
    game.until_still();
    game.save_shot("lesson-map-new");
    game.click_at(panel_place(game, "lesson-chariot-1"));
    game.until_logged("lesson chariot-1 open");
    game.until_still();
    game.save_shot("lesson-chariot-1");
    // The pointer leaves where the map was for a frame of its own (a press in the frame
    // it jumps from a closed dialog is the dialog's).
    let (x, y, _) = game.point(super::sq("a0"));
    game.move_to((x, y));
    // The chariot's four levels, each at par.
    let stage: [(&str, &[&str]); 4] = [
        ("chariot-1", &["a0a5"]),
        ("chariot-2", &["b2b6", "b6h6"]),
        ("chariot-3", &["a0a8", "a8i8", "i8i3"]),
        ("chariot-4", &["c4e2", "c3c7"]),
    ];
    for (i, (id, moves)) in stage.iter().enumerate() {
        if i > 0 {
            game.click_at(panel_place(game, "lesson-next"));
            game.until_logged(&format!("lesson {id} open"));
        }
        for m in *moves {
            let mark = game.mark();
            game.play(m);
            game.until_logged_since(mark, &format!("lesson move {m}"));
        }
        game.until_logged(&format!("lesson {id} passed with 3 stars"));
        game.until(&format!("{id} kept"), || {
            (kept(game, "xiangqi", id) == 3).then_some(())
        });
    }
    game.until_still();
    game.save_shot("lesson-chariot-passed");
    // The map shows the stage's stars; leaving brings the game back.
    game.key("F4");
    game.until_logged("learn open");
    game.until_still();
    game.save_shot("lesson-map-stars");
    game.key("Escape");
    game.until_logged("learn closed");
    game.click_at(panel_place(game, "lesson-leave"));
    game.until_logged("lesson left");
    game.until_position(super::START);
}

#[test]
fn lesson_go_level_played_with_the_keyboard() {
    let game = Game::start("lesson-go");
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.key("F4");
    game.until_logged("learn open");
    game.click_at(panel_place(&game, "lesson-liberties-1"));
    game.until_logged("lesson liberties-1 open");
    // The stone to capture (C3 of the 5×5 board) is seen as a white stone with its △
    // on it: it was hidden under a solid green disc.
    game.until_still();
    let shot = game.shot();
    let (x, y) = super::go_point(&game, "C3", 5);
    let spacing = super::go_point(&game, "D3", 5).0 - x;
    for (dx, dy) in [(0.36, 0.0), (-0.36, 0.0), (0.0, 0.05)] {
        let [r, g, b] = shot.at(x + dx * spacing, y + dy * spacing);
        assert!(
            r > 180 && g > 180 && b > 180 && r.abs_diff(g) < 40,
            "the white stone at C3 shows its own colour at ({dx}, {dy}): {:?}",
            [r, g, b]
        );
    }
    game.save_shot("lesson-go-liberties-1-marked");
    // The cursor starts at the middle (the white stone); one step down, then Enter.
    game.key("F6");
    game.key("Down");
    let mark = game.mark();
    game.key("Return");
    game.until_logged_since(mark, "go plays C2");
    game.until_logged("lesson liberties-1 passed with 3 stars");
    game.until("liberties-1 kept", || {
        (kept(&game, "go", "liberties-1") == 3).then_some(())
    });
    game.until_still();
    game.save_shot("lesson-go-liberties-1");
}
