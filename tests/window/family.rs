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

/// A puzzle duel (解题赛) between two at one window: Game → Puzzle duel, three puzzles
/// and a minute each; the board stays covered until the first player presses Begin; two
/// solved and one missed by a wrong move, each marked and the next set up by itself; the
/// board covered again for the second player, whose clock has not run; three solved; the
/// scoreboard names the winner. The moves are clicked on the board as a player would
/// (turned for a puzzle black solves).
#[test]
fn a_puzzle_duel_is_played_in_turn_and_scored() {
    use xiangqi::games::xiangqi::puzzles::collection;
    let mut game = super::harness::Game::start("duel");
    game.click_at(super::menu_place(&game, "MenuGame"));
    game.click_at(super::stable_place(&game, "menu Own(Duel(Open))"));
    game.click_at(panel_place(&game, "duel-count-0"));
    game.click_at(panel_place(&game, "duel-minutes-0"));
    game.click_at(panel_place(&game, "duel-start"));
    game.until_logged("duel starts: ");
    let log = game.log();
    let line = log
        .lines()
        .find_map(|l| l.split("duel starts: ").nth(1))
        .unwrap()
        .to_owned();
    let (names, ids) = line.split_once(" min each: ").unwrap();
    let ids: Vec<String> = ids.split_whitespace().map(str::to_owned).collect();
    let (first, rest) = names.split_once(" and ").unwrap();
    let second = rest.split(',').next().unwrap().to_owned();
    let first = first.to_owned();
    assert_eq!(ids.len(), 3, "{line}");
    // The cover: the board's points all one colour (no piece, no line shows).
    game.until_still();
    let shot = game.shot();
    let colours: std::collections::BTreeSet<[u8; 3]> = ["a0", "e0", "i9", "e4", "c7", "g2"]
        .iter()
        .map(|s| {
            let (x, y, _) = game.point(super::sq(s));
            shot.at(x, y)
        })
        .collect();
    assert_eq!(
        colours.len(),
        1,
        "the board is covered before Begin: {colours:?}"
    );
    game.save_shot("duel-handover");

    let puzzle = |id: &str| collection().iter().find(|p| p.id == id).unwrap().clone();
    // Solves puzzle `id` by clicks, each answer waited for.
    let solve = |game: &mut super::harness::Game, id: &str| {
        let p = puzzle(id);
        game.flipped = p.solver() == xiangqi::rules::Color::Black;
        game.until_position(&p.start.to_fen());
        let mut pos = p.start.clone();
        for pair in p.solution.chunks(2) {
            game.play(&pair[0].to_string());
            for &m in pair {
                pos = pos.play(m).unwrap();
            }
            game.until_position(&pos.to_fen());
        }
    };
    // Begin sets the first puzzle up afresh: its clicks wait for that.
    let mark = game.mark();
    game.click_at(panel_place(&game, "duel-begin"));
    game.until_logged_since(mark, &format!("training puzzle {} ", ids[0]));
    solve(&mut game, &ids[0]);
    game.until_logged(&format!("duel: {first} solved 1"));
    // A wrong move misses the second: no retry in a duel.
    let p = puzzle(&ids[1]);
    game.flipped = p.solver() == xiangqi::rules::Color::Black;
    game.until_position(&p.start.to_fen());
    let wrong = p
        .start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != p.solution[0] && p.start.play(m).is_ok_and(|q| !q.legal_moves().is_empty()))
        .unwrap();
    game.play(&wrong.to_string());
    game.until_logged(&format!("duel: {first} missed 2"));
    // The answer is played out on the board before the next puzzle (issue 91).
    let answer = p
        .solution
        .iter()
        .try_fold(p.start.clone(), |pos, &m| pos.play(m).ok())
        .unwrap();
    game.until_position(&answer.to_fen());
    solve(&mut game, &ids[2]);
    game.until_logged(&format!("duel: {first} solved 3"));
    // Handed over: covered again until the second player begins.
    let mark = game.mark();
    game.click_at(panel_place(&game, "duel-begin"));
    game.until_logged_since(mark, &format!("training puzzle {} ", ids[0]));
    for (i, id) in ids.iter().enumerate() {
        solve(&mut game, id);
        game.until_logged(&format!("duel: {second} solved {}", i + 1));
    }
    game.until_logged("duel over: ");
    let log = game.log();
    let over = log
        .lines()
        .find_map(|l| l.split("duel over: ").nth(1))
        .unwrap()
        .to_owned();
    assert!(over.starts_with(&format!("{first} 2 (")), "{over}");
    assert!(
        over.ends_with(&format!(": {second}")),
        "three solved win: {over}"
    );
    game.until_still();
    game.save_shot("duel-scoreboard");
    game.click_at(panel_place(&game, "duel-close-board"));
    game.until_logged("duel closed");
}
