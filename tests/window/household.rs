//! A household at one table, in a real window: two players added in the new-game
//! dialog and seated, a horse given, their names on the game; the board turning to the
//! side to move after each move; a game resigned counted on the players' pages, and
//! Ctrl+Z of the resignation taking it back out; the computer at a level chosen in the
//! panel.

use super::harness::{self, Game, Seen};
use super::{AFTER_H2E2_H9G7, panel_place, sq};

/// 让单马: red without the horse of h0, red to move.
const HORSE: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w";

/// Opens the new-game dialog and adds Dad and Mei there, typed: each takes the first
/// side a guest has (Dad red, Mei black).
pub(super) fn seat_dad_and_mei(game: &Game) {
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    for (player, seats) in [
        ("Dad", r#"seats ["Dad", ""]"#),
        ("Mei", r#"seats ["Dad", "Mei"]"#),
    ] {
        game.click_at(panel_place(game, "player-name"));
        game.type_text(player);
        game.key("Return");
        game.until_logged(seats);
        game.until_logged(&format!("household: add {player}"));
    }
}

#[test]
fn household_two_players_a_horse_given_then_the_board_turns_after_each_move() {
    let name = "household";
    let mut game = Game::start(name);
    seat_dad_and_mei(&game);
    game.click_at(panel_place(&game, "handicap-horse"));
    game.until_logged("handicap Horse");
    game.click_at(panel_place(&game, "start-game"));
    game.until_position(HORSE);
    game.until_logged(r#"new game: [("Red", "Dad"), ("Black", "Mei")"#);
    game.until_seen(sq("h0"), Seen::Empty);
    game.until_seen(sq("b0"), Seen::Red);
    game.save_shot("household-horse");

    // The board turning is a setting: the next start reads it, the game autosaved.
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    let settings = harness::config_file(name, "settings.ron");
    let text = std::fs::read_to_string(&settings).unwrap();
    assert!(
        text.contains(r#"seats: ("Dad", "Mei")"#),
        "the pair kept: {text}"
    );
    std::fs::write(
        &settings,
        text.replace("turn_board: false", "turn_board: true"),
    )
    .unwrap();
    let mut game = Game::restart(name, &[]);
    game.until_position(HORSE);
    let mark = game.mark();
    game.play("b0c2");
    game.until_logged_since(mark, "board turns to seat 1");
    game.flipped = true;
    // Black at the bottom now: red's horse on c2 is drawn near the top.
    game.until_seen(sq("c2"), Seen::Red);
    game.until_seen(sq("b0"), Seen::Empty);
    game.save_shot("household-turned");
    let mark = game.mark();
    game.play("h9g7");
    game.until_logged_since(mark, "board turns to seat 0");
    game.flipped = false;
    game.until_seen(sq("g7"), Seen::Black);
    game.until_seen(sq("c2"), Seen::Red);
}

#[test]
fn household_a_game_resigned_counts_on_the_players_pages_and_undo_takes_it_back() {
    let game = Game::start("household-record");
    seat_dad_and_mei(&game);
    game.key("Return");
    game.until_logged(r#"new game: [("Red", "Dad"), ("Black", "Mei")"#);
    // The pointer leaves where the dialog was for a frame of its own: a press in the
    // frame the pointer jumps from a dialog is the dialog's (xdotool jumps; a hand
    // moving the mouse gives frames on the way).
    let (x, y, _) = game.point(sq("h2"));
    game.move_to((x, y));
    game.play("h2e2");
    game.play("h9g7");
    game.until_position(AFTER_H2E2_H9G7);
    // Red (Dad) to move resigns.
    game.click_at(panel_place(&game, "resign"));
    game.click_at(panel_place(&game, "confirm-resign"));
    game.until_logged("library: a game added");
    let mark = game.mark();
    game.key("ctrl+shift+p");
    game.until_logged_since(
        mark,
        r#"players page Dad: Xiangqi [0, 0, 1] [("Mei", [0, 0, 1])]"#,
    );
    game.until_logged(r#"players page Mei: Xiangqi [1, 0, 0] [("Dad", [1, 0, 0])]"#);
    game.until_logged("panel players-dialog at");
    // Dad takes the first colour: his page and his card show it.
    game.click_at(panel_place(&game, "colour-Dad-0"));
    game.until_logged(r##"household: Dad's colour "#2e86de""##);
    game.until_logged(", colour #2e86de");
    game.until_still();
    game.save_shot("household-players");
    game.key("Escape");
    game.until_logged("players closed");

    let mark = game.mark();
    game.key("ctrl+z");
    game.until_logged_since(mark, "the game played is taken back out");
    game.key("ctrl+shift+p");
    game.until_logged_since(mark, "players page Dad: no games");
    game.until_logged_since(mark, "players page Mei: no games");
}

/// The computer at a level chosen in the panel: level 3 answers the player's move (its
/// move drawn among the engine's lines, as the log says).
#[test]
fn level_three_chosen_in_the_panel_answers_the_players_move() {
    let mut game = Game::start("level");
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    let settings = harness::config_file("level", "settings.ron");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(&settings, "(computer: \"black\")\n").unwrap();
    let game = Game::restart("level", &[]);
    game.click_at(panel_place(&game, "computer-level"));
    game.click_at(panel_place(&game, "computer-level-3"));
    game.until_logged("computer level Some(3)");
    // The pointer leaves the panel for a frame of its own before the board's click.
    let (x, y, _) = game.point(sq("h2"));
    game.move_to((x, y));
    game.play("h2e2");
    game.until_logged("level 3 plays ");
    game.until("the computer's reply", || {
        let last = game.positions().pop()?;
        last.contains(" w ").then_some(())
    });
    game.until("the level kept in the settings file", || {
        let kept = std::fs::read_to_string(&settings).ok()?;
        kept.contains("level: 3").then_some(())
    });
}

/// The computer for black at level 3 chosen in the new-game dialog, in Chinese at
/// 800×600 and at scale 2: the game starts with it named so, and it answers.
#[test]
fn level_three_from_the_dialog_in_chinese_at_800x600() {
    level_three_from_the_dialog(&super::small_chinese("level-dialog-zh"));
}

/// See [`level_three_from_the_dialog_in_chinese_at_800x600`].
#[test]
fn level_three_from_the_dialog_at_scale_2() {
    level_three_from_the_dialog(&Game::start_scaled("level-dialog-2x", 2.0));
}

fn level_three_from_the_dialog(game: &Game) {
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    game.click_at(panel_place(game, "new-opponent-black"));
    game.until_logged("next opponent");
    game.click_at(panel_place(game, "new-level"));
    game.click_at(panel_place(game, "new-level-3"));
    game.until_logged(
        "next opponent NextOpponent { computer: Some(Some(Black)), level: Some(Some(3)) }",
    );
    game.click_at(panel_place(game, "start-game"));
    game.until_logged("Fairy-Stockfish level 3");
    let (x, y, _) = game.point(sq("h2"));
    game.move_to((x, y));
    game.play("h2e2");
    game.until_logged("level 3 plays ");
    game.until_still();
    game.save_shot("level-three-from-the-dialog");
}

/// Go's easiest level, chosen in the panel with GNU Go at white: the next 9×9 game
/// starts with six black stones given, so GNU Go (white) moves first, and it answers
/// the player's stone.
#[test]
fn level_one_at_go_gives_six_stones_and_gnu_go_answers() {
    level_one_at_go(&Game::start("level-go"));
}

/// See [`level_one_at_go_gives_six_stones_and_gnu_go_answers`]; in Chinese (at the
/// default size: at 800×600 the size buttons are below the panel's fold).
#[test]
fn level_one_at_go_in_chinese() {
    level_one_at_go(&Game::start_as("level-go-zh", "zh_CN.UTF-8", 1.0, &[]));
}

fn level_one_at_go(game: &Game) {
    game.click_at(panel_place(game, "table-go"));
    game.until_logged("table switches to Go");
    game.click_at(panel_place(game, "go-computer-white"));
    game.until_logged("go computer Some(White)");
    game.click_at(panel_place(game, "go-level"));
    game.click_at(panel_place(game, "go-level-1"));
    game.until_logged("go computer level Some(1)");
    let mark = game.mark();
    game.click_at(panel_place(game, "go-9"));
    // White to move at once: the handicap is on the board.
    game.until_logged_since(mark, "go computer plays ");
    let first = game
        .log()
        .lines()
        .rev()
        .find_map(|l| {
            l.split_once("go computer plays ")
                .map(|(_, p)| p.trim().to_owned())
        })
        .unwrap();
    let mine = ["E5", "E3", "E7"]
        .into_iter()
        .find(|p| *p != first)
        .unwrap();
    let (x, y) = super::go_point(game, mine, 9);
    game.move_to((x, y));
    let mark = game.mark();
    game.click_at((x, y));
    game.until_logged_since(mark, &format!("go plays {mine}"));
    game.until_logged_since(mark, "go computer plays ");
    game.until_still();
    game.save_shot("level-go-six-stones");
    // Seen, not only logged: a black stone on each of the six handicap points, and
    // none on a corner point nobody played.
    let shot = game.shot();
    let black = xiangqi::theme::go::BLACK;
    // GNU Go's fixed places for six stones on 9×9, named here, not asked of our code.
    for name in ["C3", "G7", "C7", "G3", "C5", "G5"] {
        let (x, y) = super::go_point(game, name, 9);
        let n = shot.count_near(x, y, 3.0, black);
        assert!(n > 10, "a black stone on {name}: {n} black pixels");
    }
    let stones = |name: &str| {
        let (x, y) = super::go_point(game, name, 9);
        shot.count_near(x, y, 3.0, black)
    };
    let log = game.log();
    let empty = ["B2", "H8", "B8", "H2"]
        .into_iter()
        .find(|p| !log.contains(&format!("plays {p}")))
        .unwrap();
    assert!(stones(empty) < 3, "{empty} is empty: {}", stones(empty));
}

/// A new game with red's help chosen in the new-game dialog (`warnings`, `tutor`; the
/// log's name `Warnings`, `Tutor`), black unhelped; back once the dialog is closed.
pub(super) fn help_for_red(game: &Game, help: &str, logged: &str) {
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    game.click_at(panel_place(game, "help-0"));
    game.click_at(panel_place(game, &format!("help-0-{help}")));
    game.until_logged(&format!("help [{logged}, None]"));
    game.click_at(panel_place(game, "start-game"));
    game.until_logged("new game dialog closed");
    game.until_still();
}

/// After 炮二平五 马2进3 (h2e2 b9c7).
const CANNON_AND_HORSE: &str = "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";

#[test]
fn tutor_warning_holds_a_cannon_given_away_for_the_helped_seat() {
    tutor_warning(&Game::start("tutor-warning"));
}

/// The same in Chinese in a window of 800×600 points.
#[test]
fn tutor_warning_in_chinese_at_800x600() {
    let game = super::small_chinese("tutor-warning-zh");
    tutor_warning(&game);
}

/// The same at scale factor 2.
#[test]
fn tutor_warning_at_scale_2() {
    tutor_warning(&Game::start_scaled("tutor-warning-2x", 2.0));
}

fn tutor_warning(game: &Game) {
    // The parent gives the child (red) warnings in the new-game dialog; black has none.
    help_for_red(game, "warnings", "Warnings");
    game.until_logged("new game:");
    game.play("h2e2");
    game.play("b9c7");
    game.until_position(CANNON_AND_HORSE);
    // 炮五进四 takes a soldier; the horse takes the cannon back: held, and asked.
    let mark = game.mark();
    game.play("e2e6");
    game.until_logged_since(
        mark,
        "tutor asks about e2e6: Are you sure? Your cannon on e6 can be taken for nothing.",
    );
    game.until_still();
    game.save_shot("tutor-warning-asked");
    game.until_position(CANNON_AND_HORSE);
    // Esc, as the button says: another move is chosen, and the game does not quit (it
    // did, and to a child the game simply vanished).
    game.key("Escape");
    game.until_logged_since(mark, "tutor: question dropped");
    absent_since(game, mark, "action Quit", "Esc on the question quit");
    game.until_position(CANNON_AND_HORSE);
    // Asked again; Choose another move: the question goes, the board is as it was.
    let mark = game.mark();
    game.play("e2e6");
    game.until_logged_since(mark, "tutor asks about e2e6");
    game.click_at(panel_place(game, "tutor-other"));
    game.until_logged_since(mark, "tutor: question dropped");
    // Asked again, then played anyway from the panel.
    let mark = game.mark();
    game.play("e2e6");
    game.until_logged_since(mark, "tutor asks about e2e6");
    game.click_at(panel_place(game, "tutor-play"));
    game.until_logged("tutor: e2e6 played anyway");
    game.until_seen(sq("e6"), Seen::Red);
    // Black, unhelped, is not asked: its horse takes the cannon.
    let mark = game.mark();
    game.play("c7e6");
    game.until_seen(sq("e6"), Seen::Black);
    assert!(
        !game.since(mark).contains("tutor asks"),
        "black was asked: {}",
        game.since(mark)
    );
}

#[test]
fn tutor_arrow_and_circle_drawn_with_the_right_button_are_kept() {
    let name = "tutor-marks";
    let mut game = Game::start(name);
    game.play("h2e2");
    game.play("b9c7");
    game.until_position(CANNON_AND_HORSE);
    // A parent shows the child the horse's answer: a green arrow, a red circle (Shift).
    let mark = game.mark();
    game.right_drag("c7", "e6", &[]);
    game.until_logged_since(mark, r#"marks now "[%cal Gc7e6]""#);
    let mark = game.mark();
    game.right_drag("e6", "e6", &["shift"]);
    game.until_logged_since(mark, r#"marks now "[%csl Re6] [%cal Gc7e6]""#);
    game.until_logged("marks drawn [%csl Re6] [%cal Gc7e6]");
    game.until_still();
    game.save_shot("tutor-marks");
    let shot = game.shot();
    // The arrow's green between c7 and e6, the circle's red ring around e6.
    let (x0, y0, cell) = game.point(sq("c7"));
    let (x1, y1, _) = game.point(sq("e6"));
    let green = xiangqi::theme::over(xiangqi::theme::brush::GREEN, xiangqi::theme::wood::BOARD);
    let on_shaft = shot.count_within((x0 + x1) / 2.0, (y0 + y1) / 2.0, cell * 0.2, green, 40);
    assert!(on_shaft > 10, "{on_shaft} green pixels on the arrow");
    // The ring is 0.40 to 0.49 of a cell from e6's centre: its red on three diagonals
    // (the fourth is where the arrow comes in), none at the centre.
    let red = xiangqi::theme::over(xiangqi::theme::brush::RED, xiangqi::theme::wood::BOARD);
    let d = cell * 0.445 * std::f32::consts::FRAC_1_SQRT_2;
    let on_ring: usize = [(d, d), (d, -d), (-d, d)]
        .iter()
        .map(|(dx, dy)| shot.count_within(x1 + dx, y1 + dy, cell * 0.03 + 1.0, red, 40))
        .sum();
    assert!(on_ring >= 6, "{on_ring} red pixels on the ring around e6");
    let inside = shot.count_within(x1, y1, cell * 0.2, red, 40);
    assert!(inside == 0, "{inside} red pixels inside the ring");
    // Kept with the game: closed and opened again, the marks are drawn again.
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    game = Game::restart(name, &[]);
    game.until_position(CANNON_AND_HORSE);
    game.until_logged("marks drawn [%csl Re6] [%cal Gc7e6]");
    // A plain click on an empty point takes them off.
    let mark = game.mark();
    game.click("e5", "1");
    game.until_logged_since(mark, "marks cleared");
}

#[test]
fn tutor_takes_back_a_cannon_given_away_and_the_move_instead_stands() {
    let game = Game::start("tutor-takeback");
    help_for_red(&game, "tutor", "Tutor");
    game.play("h2e2");
    game.play("b9c7");
    game.until_position(CANNON_AND_HORSE);
    // Played, looked at by Fairy-Stockfish, taken back with its reason and an arrow.
    let mark = game.mark();
    game.play("e2e6");
    game.until_logged_since(mark, "tutor looks at e2e6");
    game.until_logged_since(mark, "tutor takes back e2e6: Tutor: that move is a");
    game.until_position(CANNON_AND_HORSE);
    game.until_logged_since(mark, "marks drawn [%cal Y");
    game.until_still();
    game.save_shot("tutor-takeback");
    // The yellow arrow seen between its two points (the better move, from the log).
    let log = game.since(mark);
    let arrow = log
        .rsplit("marks drawn [%cal Y")
        .next()
        .and_then(|rest| rest.get(..4))
        .unwrap()
        .to_owned();
    let (x0, y0, cell) = game.point(sq(&arrow[..2]));
    let (x1, y1, _) = game.point(sq(&arrow[2..]));
    let yellow = xiangqi::theme::over(xiangqi::theme::brush::YELLOW, xiangqi::theme::wood::BOARD);
    let shot = game.shot();
    // Along the shaft, off the points (a piece under the arrow changes its shade):
    // the wood between them shows the arrow's yellow.
    let on_shaft: usize = [0.35, 0.5, 0.65]
        .iter()
        .map(|t| {
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            shot.count_within(x, y, cell * 0.1, yellow, 40)
        })
        .sum();
    assert!(
        on_shaft > 10,
        "{on_shaft} yellow pixels on the arrow {arrow}"
    );
    // Another move: it stands, and the one taken back stays in the record.
    let mark = game.mark();
    game.play("h0g2");
    game.until_logged_since(mark, "tutor: h0g2 played instead");
}

#[test]
fn tutor_mistake_puzzle_solved_with_the_mouse_and_kept_found() {
    let name = "tutor-practice";
    let mut game = Game::start(name);
    let queue = game.home().join(".local/share/xiangqi/mistakes.tsv");
    game.key("ctrl+w");
    assert_eq!(game.exit_code(), Some(0));
    drop(game);
    // A review left the guest one mistake: 炮五进四 where 马二进三 was the engine's move.
    std::fs::create_dir_all(queue.parent().unwrap()).unwrap();
    std::fs::write(
        &queue,
        format!("\txiangqi\t{CANNON_AND_HORSE} - - 2 2\te2e6\th0g2\t?\tDad – Mei\t0\t0\t0\n"),
    )
    .unwrap();
    game = Game::restart(name, &[]);
    game.until_still();
    let mark = game.mark();
    game.key("shift+F4");
    game.until_logged_since(mark, "practice \"\" at xiangqi");
    game.until_position(CANNON_AND_HORSE);
    game.until_still();
    game.save_shot("tutor-practice-asked");
    let mark = game.mark();
    game.play("h0g2");
    game.until_logged_since(mark, "practice found: Found:");
    game.until_still();
    game.save_shot("tutor-practice-found");
    // Kept: found once, not due again until tomorrow.
    game.until("the queue kept", || {
        let text = std::fs::read_to_string(&queue).ok()?;
        // Its box and its finds: 1 and 1.
        text.trim_end().ends_with("\t1\t1").then_some(())
    });
    let mark = game.mark();
    game.key("Escape");
    game.until_logged_since(mark, "practice: the game is back");
}

/// Ctrl+V in a name field pastes the name once and types nothing more, even as one
/// quick chord (Ctrl let go within the frame, as on a slow first start).
#[test]
fn household_ctrl_v_in_a_name_field_pastes_once_and_types_no_v() {
    let game = Game::start("household-paste");
    game.key("ctrl+shift+r");
    game.until_logged("new game dialog open");
    game.set_clipboard("妈妈");
    game.click_at(panel_place(&game, "player-name"));
    let mark = game.mark();
    game.key("ctrl+v");
    game.key("Return");
    game.until_logged_since(mark, "household: add 妈妈");
    absent_since(
        &game,
        mark,
        "household: add 妈妈v",
        "a v was typed after the paste",
    );
}

/// Fails with `why` when the log since `mark` says `text`.
fn absent_since(game: &Game, mark: harness::Mark, text: &str, why: &str) {
    let since = game.since(mark);
    assert!(!since.contains(text), "{why}: {since}");
}

/// A typo in a name mended on the players' pages: the old name stays one of theirs (the
/// library answers with the new page), and a player removed is asked about first.
#[test]
fn household_a_player_renamed_and_another_removed_on_their_pages() {
    let game = Game::start("household-rename");
    game.key("ctrl+shift+p");
    game.until_logged("players open");
    for name in ["Mie", "Dad"] {
        game.click_at(panel_place(&game, "player-name"));
        game.type_text(name);
        game.key("Return");
        game.until_logged(&format!("household: add {name}"));
    }
    game.until_logged("players page Mie: no games");
    game.click_at(panel_place(&game, "rename-Mie"));
    game.click_at(panel_place(&game, "rename-field-Mie"));
    // The field holds the name to mend: its three letters rubbed out, the new one typed.
    for _ in 0..3 {
        game.key("BackSpace");
    }
    game.type_text("美美");
    game.click_at(panel_place(&game, "rename-save-Mie"));
    game.until_logged("household: rename Mie to 美美");
    game.until_logged("players page 美美: no games");
    // Removing asks first; the answer forgets the player.
    game.click_at(panel_place(&game, "remove-Dad"));
    let mark = game.mark();
    game.click_at(panel_place(&game, "remove-yes-Dad"));
    game.until_logged_since(mark, "household: remove Dad");
    game.until_still();
    game.save_shot("household-renamed");
    let log = game.log();
    let last_pages = log.rsplit("players page 美美").next().unwrap_or_default();
    assert!(
        !last_pages.contains("players page Dad"),
        "Dad is still on the pages: {last_pages}"
    );
}
