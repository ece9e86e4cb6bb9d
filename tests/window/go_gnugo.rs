//! GNU Go's opinion at the Go table, in a real window: a 9×9 game pasted and reviewed
//! (R), the first marked move visited (`]`) with GNU Go's preferred point ringed on the
//! board, a click on the graph, the review saved with the game; the territory (A)
//! shading the board.

use super::harness::Game;
use super::{go_point, panel_place};

#[test]
fn go_a_game_reviewed_by_gnu_go_a_marked_move_visited_and_the_territory_shaded() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-9x9.sgf");
    let game = Game::start("go-review");
    // Pasted: the table turns to Go.
    game.set_clipboard(&std::fs::read_to_string(file).unwrap());
    game.key("ctrl+i");
    game.until_logged("go opened 60 moves");
    panel_place(&game, "go-review");
    game.key("r");
    game.until_logged("go review started: 61 positions");
    game.until_logged("go review done: 61 positions");
    let graph = panel_place(&game, "go-review-graph");
    game.save_shot("go-review-done");

    // The first marked move, GNU Go's choice in its place ringed in green.
    game.key("Home");
    game.key("bracketright");
    game.until_logged("go review goes to move ");
    let log = game.log();
    let best = log
        .lines()
        .rev()
        .find_map(|l| {
            l.split_once("GNU Go preferred ")
                .map(|(_, p)| p.trim().to_owned())
        })
        .unwrap();
    let at = go_point(&game, &best, 9);
    let spacing = go_point(&game, "B1", 9).0 - go_point(&game, "A1", 9).0;
    game.until("GNU Go's choice ringed", || {
        let shot = game.shot();
        (shot.count_near(at.0, at.1, 0.4 * spacing, xiangqi::theme::go::BEST) > 30).then_some(())
    });
    game.save_shot("go-review-marked-move");

    // A click on the graph's middle shows the middle of the game.
    game.click_at(graph);
    game.until_logged("go goes to node");

    // The review is saved with the game: scores, marks and GNU Go's words.
    let saved = game.home().join(".local/share/xiangqi/go-autosave.sgf");
    game.until("the review saved", || {
        std::fs::read_to_string(&saved)
            .ok()
            .filter(|t| t.contains("GNU Go review (level 5)") && t.contains("V["))
    });

    // The territory: A shades the points GNU Go gives either side.
    game.until_still();
    let before = game.shot();
    game.key("a");
    game.until_logged("go territory on");
    game.until_logged("go territory estimated");
    game.until_logged("go territory shaded");
    let names: Vec<String> = "ABCDEFGHJ"
        .chars()
        .flat_map(|c| (1..=9).map(move |r| format!("{c}{r}")))
        .collect();
    let changed = game.until("the board shaded", || {
        let shot = game.shot();
        let n = names
            .iter()
            .filter(|name| {
                let (x, y) = go_point(&game, name, 9);
                let (x, y) = (x + 0.3 * spacing, y + 0.3 * spacing);
                let (a, b) = (before.at(x, y), shot.at(x, y));
                (0..3).any(|i| a[i].abs_diff(b[i]) > 30)
            })
            .count();
        (n >= 10).then_some(n)
    });
    game.save_shot("go-territory");
    game.key("a");
    game.until_logged("go territory off");
    assert!(changed >= 10);
}

/// Quit at the Go table against GNU Go and start again: the window opens at Go, GNU Go
/// still plays white and answers the next stone (issue 91: it reopened at Xiangqi, the
/// opponent two players, GNU Go silent).
#[test]
fn the_go_table_against_gnu_go_comes_back_as_it_was_left() {
    let name = "go-reopened";
    let mut game = Game::start(name);
    game.click_at(panel_place(&game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(&game, "go-9"));
    game.click_at(panel_place(&game, "go-computer-white"));
    game.until_logged("go computer Some(White)");
    game.click_at(go_point(&game, "E5", 9));
    game.until_logged("go computer plays ");
    // Where GNU Go answered: black's next stone goes elsewhere.
    let answered = game
        .log()
        .lines()
        .filter_map(|l| l.split("go computer plays ").nth(1))
        .next_back()
        .map(|p| p.trim().to_owned())
        .unwrap_or_default();
    let next = ["C3", "G7", "C7", "G3"]
        .into_iter()
        .find(|p| *p != answered)
        .unwrap();
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    let game = Game::restart_covered(name, &[]);
    game.until_logged("table opens at go");
    // The Go panel is up (its resign button placed) and the window has settled.
    panel_place(&game, "go-resign");
    game.until_still();
    let mark = game.mark();
    game.click_at(go_point(&game, next, 9));
    game.until_logged_since(mark, &format!("go plays {next}"));
    game.until_logged_since(mark, "go computer plays ");
}
