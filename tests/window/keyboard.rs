//! Play without the mouse (issue 42): the move box (`/` or Enter) takes moves typed in
//! any notation, lists what a beginning fits, says why a move is refused, and plays a
//! game to mate — with keys alone, no mouse event at all.

use super::harness::Game;

#[test]
fn keyboard_alone_plays_a_game_to_mate_with_typed_moves() {
    let game = Game::start("keyboard");
    // Two chariots against a lone general: mate in two (the position pasted, Ctrl+I).
    game.set_clipboard("4k4/9/RR7/9/9/9/p8/9/9/3K5 w - - 0 1");
    game.key("ctrl+i");
    game.until_position("4k4/9/RR7/9/9/9/p8/9/9/3K5 w");
    game.key("slash");
    game.until_logged("move box open");
    // "R" fits every chariot move: Enter says so, and plays nothing.
    game.type_text("R");
    game.until_logged("move box: \"R\" fits 22");
    game.key("Return");
    game.until_logged("typed move refused: \"R\" could be");
    game.until_still();
    game.save_shot("keyboard-box");
    // Esc closes the box. F6 gives the board the keyboard: the cursor starts on the
    // mover's general (d0), the arrows take it to the chariot on b7 (up seven, left
    // two), Enter picks it up, up once more, Enter puts it down: 车八进一.
    game.key("Escape");
    game.until_logged("move box closed");
    game.key("F6");
    game.until_logged("cursor at d0");
    for key in ["Up", "Up", "Up", "Up", "Up", "Up", "Up", "Left", "Left"] {
        game.key(key);
    }
    game.until_logged("cursor at b7");
    game.save_shot("keyboard-cursor");
    game.key("Return");
    game.until_logged("cursor picks b7");
    game.key("Up");
    game.until_logged("cursor at b8");
    game.key("space");
    game.until_position("4k4/1R7/R8/9/9/9/p8/9/9/3K5 b");
    // F6 gives the keyboard back; `/` the box again.
    game.key("F6");
    game.until_logged("cursor off");
    game.key("slash");
    game.until("the box open again", || {
        (game.log().matches("move box open").count() >= 2).then_some(())
    });
    // Black in ICCS; a soldier stepping back is refused as a click would be.
    game.type_text("a3a4");
    game.key("Return");
    game.until_logged("refused a3a4");
    for _ in 0..4 {
        game.key("BackSpace");
    }
    game.type_text("a3a2");
    game.key("Return");
    game.until_position("4k4/1R7/R8/9/9/9/9/p8/9/3K5 w");
    // Red in Chinese, pasted as a player pastes it (see `type_text`): 车九进二, mate.
    game.type_text("车9进2");
    game.key("Return");
    game.until_logged("outcome red-wins checkmate");
    game.until_still();
    game.save_shot("keyboard-mate");
    game.key("Escape");
    game.until_logged("move box closed");
}

#[test]
fn keyboard_cursor_walks_the_board_as_the_side_to_move_sees_it() {
    let game = Game::start("keyboard-cursor");
    game.until_logged("panel ");
    game.key("F6");
    game.until_logged("cursor at e0");
    // Red: up two, right three: the cannon on h2; picked, left three, put down: 炮二平五.
    for key in ["Up", "Up", "Right", "Right", "Right"] {
        game.key(key);
    }
    game.until_logged("cursor at h2");
    game.key("Return");
    game.until_logged("cursor picks h2");
    for key in ["Left", "Left", "Left"] {
        game.key(key);
    }
    game.key("Return");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    // Black's seat: "down" goes towards black, "left" is red's right. From e2, five
    // down and three left is the cannon on h7; three right, e7: 炮８平５.
    for key in [
        "Down", "Down", "Down", "Down", "Down", "Left", "Left", "Left",
    ] {
        game.key(key);
    }
    game.until_logged("cursor at h7");
    game.key("space");
    game.until_logged("cursor picks h7");
    // Esc lets go of the piece (the board keeps the keyboard); picked again, played.
    game.key("Escape");
    game.until_logged("cursor lets go");
    game.key("space");
    game.until("h7 picked again", || {
        (game.log().matches("cursor picks h7").count() >= 2).then_some(())
    });
    for key in ["Right", "Right", "Right"] {
        game.key(key);
    }
    game.key("space");
    game.until_position("rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w");
    // Esc with nothing picked gives the keyboard back: ← walks through the game again.
    game.key("Escape");
    game.until_logged("cursor off");
    game.key("Left");
    game.until_position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
}

/// The board editor without the mouse: the cursor over the board, the tray's pieces by
/// their letters, Enter puts one down, Delete takes one off, Ctrl+Enter plays from there.
#[test]
fn keyboard_sets_up_a_position_from_the_tray_and_plays_it() {
    let game = Game::start("keyboard-edit");
    game.set_clipboard("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");
    game.key("ctrl+i");
    game.until_position("4k4/9/9/9/9/9/4P4/9/9/3K5 w");
    game.key("F2");
    game.until_logged("edit empty at");
    game.key("F6");
    game.until_logged("cursor at d0");
    for _ in 0..8 {
        game.key("Up");
    }
    game.until_logged("cursor at d8");
    // A red chariot from the tray, put on d8.
    game.key("shift+r");
    game.key("Return");
    game.until_logged("cursor picks d8");
    // A black soldier across the river on d4, then taken off again.
    game.key("0");
    for _ in 0..4 {
        game.key("Down");
    }
    game.until_logged("cursor at d4");
    game.key("p");
    game.key("space");
    game.until_logged("edit board 4k4/3R5/9/9/9/3p5/4P4/9/9/3K5");
    game.until_still();
    game.save_shot("keyboard-edit");
    game.key("Delete");
    game.until_logged("edit board 4k4/3R5/9/9/9/9/4P4/9/9/3K5");
    game.key("ctrl+Return");
    game.until_logged("position set up: 4k4/3R5/9/9/9/9/4P4/9/9/3K5 w");
}

/// A double Esc (a child's) closes the help and does not quit: Esc quits only when
/// nothing was open a moment before (issue 91). A second later Esc quits as ever.
#[test]
fn a_double_escape_closes_the_help_and_does_not_quit() {
    let mut game = Game::start("double-escape");
    game.key("F1");
    game.until_logged("action ToggleHelp");
    game.until_still();
    let mark = game.mark();
    // Two presses a moment apart, each taken by its own frame.
    game.key("Escape");
    game.key("Escape");
    game.until_logged_since(mark, "action ToggleHelp");
    // Time for the second Esc's frame to have quit, had it.
    std::thread::sleep(std::time::Duration::from_millis(600));
    assert!(
        !game.since(mark).contains("action Quit"),
        "the second Esc of a double press quits nothing: {}",
        game.since(mark)
    );
    game.until_still();
    game.save_shot("double-escape");
    std::thread::sleep(std::time::Duration::from_millis(1000));
    game.key("Escape");
    assert_eq!(game.exit_code(), Some(0), "a lone Esc later quits");
}
