//! The opening's name at the table (issue 41), as a player sees it: it follows the
//! moves played (炮二平五 马８进７ 马二进三 车９平８, then 中炮对屏风马 once both
//! horses are out) and the moves walked back to, and the PGN copied carries it.

use super::harness::Game;

#[test]
fn opening_name_follows_the_moves_played_and_walked_back_to() {
    let game = Game::start("opening");
    let seen = |text: &str, times: usize| {
        game.until(&format!("\"{text}\" logged {times} times"), || {
            (game.log().matches(text).count() >= times).then_some(())
        });
    };
    game.play("h2e2");
    seen("opening B00 中炮局", 1);
    game.play("h9g7");
    seen("opening B05 中炮对进左马", 1);
    game.save_shot("opening-b05");
    game.play("h0g2");
    game.play("i9h9");
    game.until_position("rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w");
    game.play("i0h0");
    game.play("b9c7");
    seen("opening C00 中炮对屏风马", 1);
    game.save_shot("opening-c00");
    // Walking back to the first move names its opening again; forward, the deepest.
    for _ in 0..5 {
        game.key("Left");
    }
    seen("opening B00 中炮局", 2);
    game.key("End");
    seen("opening C00 中炮对屏风马", 2);
    // The PGN copied names it.
    game.key("ctrl+shift+e");
    let pgn = game.until("the PGN on the clipboard", || {
        game.clipboard().filter(|c| c.contains("[ECCO "))
    });
    assert!(
        pgn.contains("[ECCO \"C00\"]") && pgn.contains("[Opening \"中炮对屏风马\"]"),
        "{pgn}"
    );
}
