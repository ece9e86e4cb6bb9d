//! The game as a person uses it: a real window under Xvfb, real mouse and keys, and
//! what the screen and the log show. Needs Xvfb, Mesa's Vulkan (lavapipe), xdotool and
//! xwd (`.ci/run` installs them).
#![cfg(feature = "gui")]

mod harness;

use harness::{Game, Seen, blend};
use xiangqi::rules::Square;
use xiangqi::theme::wood;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn start_shows_the_board() {
    let game = Game::start("start");
    let shot = game.shot();
    assert_eq!(game.seen(&shot, sq("a0")), Seen::Red);
    assert_eq!(game.seen(&shot, sq("e9")), Seen::Black);
    assert_eq!(game.seen(&shot, sq("e4")), Seen::Empty);
    assert_eq!(game.seen(&shot, sq("h7")), Seen::Black);
    assert_eq!(game.seen(&shot, sq("c3")), Seen::Red);
}

#[test]
fn moves_by_clicks_show_on_the_board_and_in_the_log() {
    let game = Game::start("clicks");
    game.play("h2e2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    game.until_seen(sq("h2"), Seen::Empty);
    game.until_seen(sq("e2"), Seen::Red);
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.until_seen(sq("g7"), Seen::Black);
    // The last move's corners mark h9 and g7, not h2.
    let (x, y, cell) = game.point(sq("h9"));
    let corner = |shot: &harness::Shot, x: f32, y: f32| {
        let mark = blend(wood::LAST_MOVE, wood::BOARD);
        shot.count_near(x - 0.45 * cell, y - 0.45 * cell, cell * 0.08, mark)
    };
    game.until("last-move marks", || {
        (corner(&game.shot(), x, y) > 0).then_some(())
    });
    let (x2, y2, _) = game.point(sq("h2"));
    assert_eq!(corner(&game.shot(), x2, y2), 0, "h2 is no longer marked");
}

#[test]
fn drag_and_drop_and_right_click_cancel() {
    let game = Game::start("drag");
    game.drag("b0", "c2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR b");
    game.until_seen(sq("c2"), Seen::Red);
    // Select a black piece: its halo appears; a right click takes it away.
    game.click("h7", "1");
    let (x, y, cell) = game.point(sq("h7"));
    let green = blend(wood::SELECTED, wood::BOARD);
    let halo = |g: &Game| g.shot().count_near(x + 0.49 * cell, y, cell * 0.05, green);
    game.until("the selection halo", || (halo(&game) > 0).then_some(()));
    game.click("e4", "3");
    game.until("the halo to go", || (halo(&game) == 0).then_some(()));
    // Nothing was played by the cancelled selection.
    let positions = game.logged("position");
    game.click("e4", "1");
    game.click("h0", "1");
    game.until_logged("refused h0");
    assert_eq!(game.logged("position"), positions);
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let game = Game::start("illegal");
    let positions = game.logged("position");
    game.play("e0e2");
    game.until_logged("refused e0e2: a general cannot move from e0 to e2");
    assert_eq!(game.logged("position"), positions, "no position change");
    game.until_seen(sq("e0"), Seen::Red);
    game.until_seen(sq("e2"), Seen::Empty);
}

#[test]
fn checkmate_stops_the_game_until_undo() {
    let game = Game::start("mate");
    for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
        game.play(m);
    }
    game.until_logged("outcome red-wins checkmate");
    // The banner: a dark panel across the middle of the board.
    let (x, y, cell) = game.point(sq("e4"));
    let banner = blend(xiangqi::theme::Rgba(40, 25, 15, 225), wood::BOARD);
    game.until("the banner", || {
        (game.shot().count_near(x, y - 0.5 * cell, 20.0, banner) > 300).then_some(())
    });
    let positions = game.logged("position");
    game.play("a9a8");
    game.until_logged("refused a9");
    assert_eq!(
        game.logged("position"),
        positions,
        "the board refuses moves"
    );
    game.key("ctrl+z");
    game.until_position("rnb1kabnr/4a4/1c5c1/p1p1p3p/6p2/6C2/P1P1P1P1P/1C7/9/RNBAKABNR w");
    game.play("a3a4");
    game.until_seen(sq("a4"), Seen::Red);
}

#[test]
fn undo_redo_and_new_game_by_keys() {
    let game = Game::start("keys");
    for m in ["h2e2", "h9g7", "h0g2"] {
        game.play(m);
    }
    let third = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b";
    game.until_position(third);
    for _ in 0..3 {
        game.key("ctrl+z");
    }
    game.until_position(START);
    game.until_seen(sq("h2"), Seen::Red);
    game.key("ctrl+y");
    game.key("ctrl+y");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.key("ctrl+y");
    game.until_position(third);
    game.key("ctrl+r");
    game.until_position(START);
    game.key("ctrl+z");
    game.until_position(third);
    game.until_seen(sq("g2"), Seen::Red);
}

#[test]
fn clicks_land_after_resizing_and_flipping() {
    let mut game = Game::start("resize");
    game.resize(760, 540);
    game.until_seen(sq("a0"), Seen::Red);
    game.play("h2e2");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    game.resize(1300, 880);
    game.until_seen(sq("e2"), Seen::Red);
    game.key("f");
    game.flipped = true;
    game.until_seen(sq("e2"), Seen::Red);
    game.play("h9g7");
    game.until_position("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    game.until_seen(sq("g7"), Seen::Black);
}

#[test]
fn escape_and_ctrl_w_quit_cleanly() {
    let mut game = Game::start("escape");
    game.key("Escape");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    let mut game = Game::start("ctrl-w");
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
}
