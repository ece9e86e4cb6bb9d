//! A parent and a child's first hour (issue 68), in a real window, in Chinese at
//! 800×600: the map marks the level to play and asks before it clears the stars, a level
//! passed puts a large Next level first, Esc leaves the lesson and quits nothing, and
//! the new-game dialog keeps its rows where they were and the game as it was while an
//! opponent is chosen.

use super::panel_place;

#[test]
fn family_map_next_level_esc_and_the_new_game_dialog_in_chinese_at_800x600() {
    let game = super::small_chinese("family-zh");
    game.key("F4");
    game.until_logged("learn open");
    // The first level is the one to play; "start again" stands after the levels.
    let first = panel_place(&game, "lesson-chariot-1");
    assert_eq!(panel_place(&game, "lesson-next-to-play"), first);
    let reset = panel_place(&game, "lessons-reset");
    assert!(
        reset.1 > first.1,
        "start again is below the levels: {reset:?} {first:?}"
    );
    // Pressed, it asks first; nothing is cleared until the answer.
    game.click_at(reset);
    panel_place(&game, "lessons-reset-yes");
    assert!(
        !game.log().contains("started again for"),
        "cleared without asking"
    );
    game.until_still();
    game.save_shot("family-map-asks-zh-800x600");
    game.key("Escape");
    game.until_logged("learn closed");

    // A level passed: Next level is the large first button, above Retry.
    game.key("F4");
    game.until_logged("learn open");
    game.click_at(panel_place(&game, "lesson-chariot-1"));
    game.until_logged("lesson chariot-1 open");
    // The pointer leaves where the map was for a frame of its own: a press in the frame
    // it jumps from a closed dialog is the dialog's.
    let (x, y, _) = game.point(super::sq("a0"));
    game.move_to((x, y));
    game.play("a0a5");
    game.until_logged("lesson chariot-1 passed with 3 stars");
    let next = panel_place(&game, "lesson-next");
    let retry = panel_place(&game, "lesson-retry");
    assert!(
        next.1 < retry.1,
        "Next level first: {next:?} over {retry:?}"
    );
    game.until_still();
    game.save_shot("family-level-passed-zh-800x600");
    // Esc leaves the lesson and its result; the game is there again and still runs.
    let mark = game.mark();
    game.key("Escape");
    game.until_logged_since(mark, "lesson left");
    game.until_position(super::START);
    assert!(
        !game.since(mark).contains("action Quit"),
        "Esc in a lesson quit: {}",
        game.since(mark)
    );

    // The new-game dialog: the computer chosen for black waits for Start, and the
    // rows do not move under the mouse when the level list comes.
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    let seat = panel_place(&game, "seat-0");
    let start = game.mark();
    game.click_at(panel_place(&game, "new-opponent-black"));
    game.until_logged_since(start, "next opponent");
    panel_place(&game, "new-level");
    assert_eq!(panel_place(&game, "seat-0"), seat, "the seats' row moved");
    assert!(
        !game.since(start).contains("computer level")
            && !game.since(start).contains("Engine(SetComputer"),
        "the game in progress changed: {}",
        game.since(start)
    );
    game.until_still();
    game.save_shot("family-new-game-zh-800x600");
    // Start: the computer plays black at level 1, named so in the record.
    game.click_at(panel_place(&game, "start-game"));
    game.until_logged_since(start, "Fairy-Stockfish level 1");
}
