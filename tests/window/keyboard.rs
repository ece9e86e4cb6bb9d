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
    std::thread::sleep(std::time::Duration::from_millis(600));
    game.save_shot("keyboard-box");
    // WXF, finished: 车八进一.
    game.type_text("8+1");
    game.key("Return");
    game.until_position("4k4/1R7/R8/9/9/9/p8/9/9/3K5 b");
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
    // Red in Chinese (one hanzi a call: see `type_text`): 车九进二, mate.
    game.type_text("车9");
    game.type_text("进2");
    game.key("Return");
    game.until_logged("outcome red-wins checkmate");
    std::thread::sleep(std::time::Duration::from_millis(800));
    game.save_shot("keyboard-mate");
    game.key("Escape");
    game.until_logged("move box closed");
}
