//! Headless tests of the game's systems: MinimalPlugins, the core plugin (model, input,
//! logic), and input injected as messages and key states, as a player would give it.
#![cfg(feature = "gui")]

use crate::common;
use xiangqi::app::xiangqi::messages::{
    EditCommand, GameEnded, MovePlayed, MoveRejected, NewGameWith, PointerPressed, PointerReleased,
    PointerRightPressed, Refusal, Selected,
};

use bevy::app::AppExit;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{app, chord, click, drag, drain, fen, key_message, play, plies, sq};
use xiangqi::app::actions::Action;
use xiangqi::app::messages::Notice;
use xiangqi::app::shell::model::{Overlay, Settings};
use xiangqi::app::xiangqi::model::Mode;
use xiangqi::app::xiangqi::model::{Model, Selection};
use xiangqi::rules::{Game, IllegalMove, Position};

#[test]
fn select_then_click_a_destination() {
    let mut app = app();
    click(&mut app, "h2");
    assert_eq!(drain::<Selected>(&mut app), [Selected(sq("h2"))]);
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.square, Some(sq("h2")));
    assert_eq!(
        selection.moves.len(),
        Position::new().legal_moves_from(sq("h2")).len()
    );
    click(&mut app, "e2");
    let played = drain::<MovePlayed>(&mut app);
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].mv.to_string(), "h2e2");
    assert_eq!(plies(&app), 1);
    assert_eq!(app.world().resource::<Selection>().square, None);
}

#[test]
fn switching_and_cancelling_the_selection() {
    let mut app = app();
    click(&mut app, "h2");
    click(&mut app, "b2");
    assert_eq!(app.world().resource::<Selection>().square, Some(sq("b2")));
    app.world_mut().write_message(Action::Cancel);
    app.update();
    assert_eq!(app.world().resource::<Selection>().square, None);
    assert_eq!(plies(&app), 0);
}

#[test]
fn only_the_side_to_move_can_be_selected() {
    let mut app = app();
    click(&mut app, "h7");
    assert_eq!(app.world().resource::<Selection>().square, None);
    let rejected = drain::<MoveRejected>(&mut app);
    assert_eq!(rejected[0].reason, Refusal::NotYourTurn);
}

#[test]
fn an_illegal_destination_is_refused_with_its_reason() {
    let mut app = app();
    click(&mut app, "e0");
    click(&mut app, "e2");
    let rejected = drain::<MoveRejected>(&mut app);
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].from, sq("e0"));
    assert!(matches!(
        rejected[0].reason,
        Refusal::Illegal(IllegalMove::CannotMoveThere { .. })
    ));
    assert_eq!(plies(&app), 0);
    assert_eq!(
        app.world().resource::<Selection>().square,
        None,
        "the click cancels"
    );

    // A pinned screen: moving it would let the generals face each other.
    let pos: Position = "4k4/9/9/9/4N4/9/9/9/9/4K4 w".parse().unwrap();
    app.world_mut()
        .resource_mut::<Model>()
        .replace(Game::from_position(pos));
    click(&mut app, "e5");
    click(&mut app, "c6");
    let rejected = drain::<MoveRejected>(&mut app);
    assert_eq!(
        rejected[0].reason,
        Refusal::Illegal(IllegalMove::GeneralsFace)
    );
}

#[test]
fn drag_and_drop_moves() {
    let mut app = app();
    drag(&mut app, "h2", "e2");
    assert_eq!(plies(&app), 1);
    // Dropping back on its own point keeps the piece selected instead.
    drag(&mut app, "h9", "h9");
    assert_eq!(app.world().resource::<Selection>().square, Some(sq("h9")));
    click(&mut app, "g7");
    assert_eq!(plies(&app), 2);
}

#[test]
fn undo_redo_and_new_game_by_keys() {
    let mut app = app();
    play(&mut app, "h2e2 h9g7 h0g2");
    let after_three = fen(&app);
    for _ in 0..3 {
        chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    }
    assert_eq!(fen(&app), Position::new().to_fen());
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    chord(
        &mut app,
        &[KeyCode::ControlRight, KeyCode::ShiftLeft, KeyCode::KeyZ],
    );
    assert_eq!(plies(&app), 2);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(fen(&app), after_three);
    // ⌘ works like Ctrl.
    chord(&mut app, &[KeyCode::SuperLeft, KeyCode::KeyR]);
    assert_eq!(plies(&app), 0);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(fen(&app), after_three, "Ctrl+Z takes back the new game");
}

#[test]
fn a_chord_released_within_one_frame_still_counts() {
    let mut app = app();
    play(&mut app, "h2e2");
    // Ctrl goes down and up before the frame runs; only Z is still down.
    keys(
        &mut app,
        &[
            (KeyCode::ControlLeft, true),
            (KeyCode::KeyZ, true),
            (KeyCode::ControlLeft, false),
        ],
    );
    assert_eq!(plies(&app), 0);
}

/// Keys as they came in one slow frame: each (key, down).
fn keys(app: &mut App, presses: &[(KeyCode, bool)]) {
    for &(key, down) in presses {
        app.world_mut().write_message(key_message(key, down));
    }
    app.update();
}

#[test]
fn two_quick_presses_in_one_slow_frame_are_two_commands_in_their_order() {
    let mut app = app();
    play(&mut app, "h2e2 h9g7 b2c2");
    let ctrl_z = [
        (KeyCode::ControlLeft, true),
        (KeyCode::KeyZ, true),
        (KeyCode::KeyZ, false),
        (KeyCode::ControlLeft, false),
    ];
    // Ctrl+Z twice before the frame runs: two plies taken back, not one.
    keys(&mut app, &[ctrl_z, ctrl_z].concat());
    assert_eq!(plies(&app), 1);
    // Ctrl+Y, then Z alone: the redo only (Z without Ctrl does nothing).
    keys(
        &mut app,
        &[
            (KeyCode::ControlLeft, true),
            (KeyCode::KeyY, true),
            (KeyCode::KeyY, false),
            (KeyCode::ControlLeft, false),
            (KeyCode::KeyZ, true),
            (KeyCode::KeyZ, false),
        ],
    );
    assert_eq!(plies(&app), 2);
}

/// `key` held down for a frame, then `repeats` times repeated by the system in one
/// frame, then let go.
fn hold(app: &mut App, key: KeyCode, repeats: usize) {
    keys(app, &[(key, true)]);
    for _ in 0..repeats {
        let mut message = key_message(key, true);
        message.repeat = true;
        app.world_mut().write_message(message);
    }
    app.update();
    keys(app, &[(key, false)]);
}

#[test]
fn a_held_arrow_steps_on_with_the_key_repeat_and_a_held_flip_does_not() {
    let mut app = app();
    play(&mut app, "h2e2 h9g7 b2c2");
    hold(&mut app, KeyCode::ArrowLeft, 2);
    assert_eq!(
        fen(&app),
        Position::new().to_fen(),
        "three steps back: the start is shown"
    );
    assert_eq!(plies(&app), 3, "the game is kept");
    let before = app.world().resource::<Settings>().flipped;
    hold(&mut app, KeyCode::KeyF, 3);
    assert_ne!(
        app.world().resource::<Settings>().flipped,
        before,
        "one flip"
    );
}

#[test]
fn the_game_ends_and_the_board_refuses_until_undo() {
    let mut app = app();
    play(&mut app, "h2h4 d9e8 h4g4 g6g5 g4g9");
    let ended = drain::<GameEnded>(&mut app);
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].0.to_string(), "red-wins checkmate");
    click(&mut app, "a9");
    assert_eq!(
        drain::<MoveRejected>(&mut app).last().map(|r| r.reason),
        Some(Refusal::GameOver)
    );
    assert_eq!(app.world().resource::<Selection>().square, None);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(app.world().resource::<Model>().outcome(), None);
    play(&mut app, "a3a4");
    assert_eq!(plies(&app), 5);
}

#[test]
fn reviewing_shows_earlier_positions_and_a_move_there_begins_a_variation() {
    let mut app = app();
    play(&mut app, "h2e2 h9g7 h0g2");
    chord(&mut app, &[KeyCode::ArrowLeft]);
    assert!(app.world().resource::<Model>().is_reviewing());
    app.world_mut().write_message(Action::ReviewAt(2));
    app.update();
    assert_eq!(app.world().resource::<Model>().shown_ply(), 2);
    chord(&mut app, &[KeyCode::End]);
    assert!(!app.world().resource::<Model>().is_reviewing());
    assert_eq!(plies(&app), 3);
    chord(&mut app, &[KeyCode::Home]);
    assert_eq!(fen(&app), Position::new().to_fen());
    play(&mut app, "b0c2");
    assert!(drain::<MoveRejected>(&mut app).is_empty());
    let model = app.world().resource::<Model>();
    assert!(!model.is_reviewing(), "the variation's end is shown");
    assert_eq!(plies(&app), 1);
    assert_eq!(model.tree().lines().len(), 2, "the game is still there");
    assert_eq!(model.tree().main_line().len(), 3);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(plies(&app), 3, "undo takes the variation back");
    assert_eq!(app.world().resource::<Model>().tree().lines().len(), 1);
    chord(&mut app, &[KeyCode::End]);
    play(&mut app, "b9c7");
    assert_eq!(plies(&app), 4);
}

#[test]
fn escape_closes_help_first_then_quits() {
    let mut app = app();
    app.world_mut().resource_mut::<Overlay>().help = true;
    chord(&mut app, &[KeyCode::Escape]);
    assert!(drain::<Action>(&mut app).contains(&Action::ToggleHelp));
    assert!(drain::<AppExit>(&mut app).is_empty());
    app.world_mut().resource_mut::<Overlay>().help = false;
    // At once, the second Esc of a double press: nothing (issue 91).
    chord(&mut app, &[KeyCode::Escape]);
    assert!(drain::<AppExit>(&mut app).is_empty());
    // A moment later, with nothing open: quit.
    common::headless::a_moment_later(&mut app);
    chord(&mut app, &[KeyCode::Escape]);
    assert_eq!(drain::<AppExit>(&mut app), [AppExit::Success]);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyW]);
    assert_eq!(drain::<AppExit>(&mut app), [AppExit::Success]);
}

/// M, F and F1 change state in the logic, before anything that shows it runs: the
/// status line is told the state the key left (before, the sound was switched by the
/// audio and the line worded by the panel, in one set with no order between them, so
/// the line could say the opposite of what happened).
#[test]
fn m_f_and_f1_change_state_in_the_logic_and_say_what_it_now_is() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
    let sound = |app: &App| app.world().resource::<Settings>().sound;
    assert!(sound(&app));
    drain::<Notice>(&mut app);
    chord(&mut app, &[KeyCode::KeyM]);
    assert!(!sound(&app), "M mutes without any window or audio plugin");
    let told: Vec<String> = drain::<Notice>(&mut app)
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert_eq!(told, ["Sound off"]);
    chord(&mut app, &[KeyCode::KeyM]);
    assert!(sound(&app));
    let told: Vec<String> = drain::<Notice>(&mut app)
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert_eq!(told, ["Sound on"]);

    chord(&mut app, &[KeyCode::KeyF]);
    assert!(app.world().resource::<Settings>().flipped);
    chord(&mut app, &[KeyCode::F1]);
    assert!(app.world().resource::<Overlay>().help);
    chord(&mut app, &[KeyCode::Escape]);
    assert!(
        !app.world().resource::<Overlay>().help,
        "Esc closes the help"
    );
}

fn editor(app: &App) -> Option<String> {
    let editing = app
        .world()
        .resource::<xiangqi::app::xiangqi::edit::Editing>();
    editing.0.as_ref().map(|s| s.editor.fen())
}

/// The mode once a frame has passed: a mode asked for is taken up by Bevy's state
/// transition at the start of the next frame.
fn mode(app: &mut App) -> Mode {
    app.update();
    *app.world().resource::<State<Mode>>().get()
}

fn edit(app: &mut App, command: EditCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn warnings(app: &mut App) -> Vec<String> {
    drain::<Notice>(app)
        .into_iter()
        .filter(|n| n.warning)
        .map(|n| n.text)
        .collect()
}

/// The board editor, every action: F2 in, the tray's piece placed by clicks and by a
/// drag, pieces moved, taken off by a drag off the board and by a right click, refusals
/// with their reasons, the side to move, a FEN, empty and start, Play from here
/// (undoable), and Esc leaving without changes.
#[test]
fn the_editor_builds_checks_and_plays_a_position() {
    use xiangqi::rules::{Color, Piece, Role};
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
    play(&mut app, "h2e2");
    let before = fen(&app);
    chord(&mut app, &[KeyCode::F2]);
    assert_eq!(mode(&mut app), Mode::Edit);
    // It starts from the position on the board, as a new game's first move.
    let placement = before.split_whitespace().next().unwrap();
    assert_eq!(editor(&app).unwrap(), format!("{placement} b - - 0 1"));
    // Clicks on the board no longer move pieces in the game.
    play(&mut app, "h9g7");
    assert_eq!(plies(&app), 1);

    edit(&mut app, EditCommand::Empty);
    assert_eq!(editor(&app).unwrap(), "9/9/9/9/9/9/9/9/9/9 w - - 0 1");
    let red_general = Piece::new(Color::Red, Role::General);
    edit(&mut app, EditCommand::Pick(Some(red_general)));
    click(&mut app, "e0");
    // A second click elsewhere in the palace moves it: a side has one general.
    click(&mut app, "d0");
    edit(&mut app, EditCommand::Pick(None));
    // A drag from the tray: the piece goes where the button is let go.
    edit(
        &mut app,
        EditCommand::DragFromTray(Piece::new(Color::Black, Role::General)),
    );
    app.world_mut()
        .write_message(PointerReleased(Some(sq("e9"))));
    app.update();
    edit(
        &mut app,
        EditCommand::DragFromTray(Piece::new(Color::Red, Role::Chariot)),
    );
    app.world_mut()
        .write_message(PointerReleased(Some(sq("a1"))));
    app.update();
    assert_eq!(editor(&app).unwrap(), "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    // Dragged on the board, a piece moves; off the board it is taken off.
    drag(&mut app, "a1", "a8");
    edit(
        &mut app,
        EditCommand::Pick(Some(Piece::new(Color::Red, Role::Cannon))),
    );
    click(&mut app, "b5");
    edit(&mut app, EditCommand::Pick(None));
    app.world_mut()
        .write_message(PointerPressed(Some(sq("b5"))));
    app.update();
    app.world_mut().write_message(PointerReleased(None));
    app.update();
    assert_eq!(editor(&app).unwrap(), "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    // A right click takes a piece off.
    edit(
        &mut app,
        EditCommand::Pick(Some(Piece::new(Color::Red, Role::Horse))),
    );
    click(&mut app, "c3");
    edit(&mut app, EditCommand::Pick(None));
    app.world_mut()
        .write_message(PointerRightPressed(Some(sq("c3"))));
    app.update();
    assert_eq!(editor(&app).unwrap(), "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");

    // Refused at the drop, with the reason; the board stays as it was.
    warnings(&mut app);
    edit(
        &mut app,
        EditCommand::Pick(Some(Piece::new(Color::Red, Role::Elephant))),
    );
    click(&mut app, "e5");
    assert_eq!(warnings(&mut app), ["A red elephant can never stand on e5"]);
    edit(
        &mut app,
        EditCommand::Pick(Some(Piece::new(Color::Red, Role::Chariot))),
    );
    click(&mut app, "b7");
    click(&mut app, "c7");
    assert_eq!(warnings(&mut app), ["Red already has 2 chariots"]);
    edit(&mut app, EditCommand::Pick(None));
    drag(&mut app, "d0", "d5");
    assert_eq!(warnings(&mut app), ["A red general can never stand on d5"]);
    assert_eq!(
        editor(&app).unwrap(),
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1"
    );

    // Not playable yet: the reason, and the editor stays open.
    edit(&mut app, EditCommand::Turn(Color::Black));
    drag(&mut app, "d0", "e0");
    edit(&mut app, EditCommand::Play);
    assert_eq!(
        warnings(&mut app),
        ["The generals face each other on an open file"]
    );
    assert_eq!(mode(&mut app), Mode::Edit);
    drag(&mut app, "e0", "d0");
    edit(&mut app, EditCommand::Turn(Color::Red));
    // A FEN that does not read changes nothing; one that does replaces the board.
    edit(&mut app, EditCommand::Fen("nonsense".into()));
    assert!(warnings(&mut app)[0].starts_with("That FEN does not read"));
    assert_eq!(
        editor(&app).unwrap(),
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1"
    );
    edit(&mut app, EditCommand::Start);
    assert_eq!(editor(&app).unwrap(), Position::new().to_fen());
    edit(
        &mut app,
        EditCommand::Fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w".into()),
    );

    // Play from here: a new game from the position, undoable like a paste.
    edit(&mut app, EditCommand::Play);
    assert_eq!(mode(&mut app), Mode::Play);
    assert_eq!(fen(&app), "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    play(&mut app, "b7b9");
    assert_eq!(
        drain::<GameEnded>(&mut app)
            .iter()
            .map(|e| e.0.to_string())
            .collect::<Vec<_>>(),
        ["red-wins checkmate"]
    );
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(fen(&app), before, "back to the game before");

    // Esc leaves without changing anything.
    chord(&mut app, &[KeyCode::F2]);
    edit(&mut app, EditCommand::Empty);
    chord(&mut app, &[KeyCode::Escape]);
    assert_eq!(mode(&mut app), Mode::Play);
    assert!(editor(&app).is_none());
    assert_eq!(fen(&app), before);
    assert!(
        !drain::<AppExit>(&mut app).iter().any(|_| true),
        "Esc left the editor, not the game"
    );
}

/// The table switches to Go: clicks on the goban play, a ko point is refused with its
/// reason, a pass and Ctrl+Z work, and back at the Xiangqi table its game is as it was.
#[test]
fn go_at_the_table_plays_refuses_a_ko_point_undoes_and_switches_back() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoHappened, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::go::{Color, Point};
    let mut app = app();
    app.world_mut()
        .write_message(Action::own(NewGameWith(Some("5+0".parse().unwrap()))));
    app.update();
    play(&mut app, "h2e2");
    let running = |app: &App| {
        let clock = app.world().resource::<Model>().clock().unwrap();
        !clock.is_paused()
    };
    assert!(running(&app));
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind("go")
    );
    assert!(!running(&app), "the Xiangqi clock stops while Go is played");
    app.world_mut()
        .write_message(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    app.update();
    let click = |app: &mut App, name: &str| {
        let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
        app.world_mut().write_message(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(at),
        });
        app.update();
    };
    for name in ["B3", "C3", "A2", "D2", "B1", "C1"] {
        click(&mut app, name);
    }
    app.world_mut().write_message(Action::own(GoCommand::Pass));
    app.update();
    click(&mut app, "B2");
    click(&mut app, "C2");
    let table = app.world().resource::<GoTable>();
    assert_eq!(table.game().position().captures(Color::Black), 1);
    // The capture is told (its sound plays).
    let told: Vec<GoHappened> = app
        .world_mut()
        .resource_mut::<bevy::ecs::message::Messages<GoHappened>>()
        .drain()
        .collect();
    assert_eq!(told.last(), Some(&GoHappened::Played { captured: true }));
    assert_eq!(
        told.iter()
            .filter(|t| **t == GoHappened::Played { captured: true })
            .count(),
        1,
        "{told:?}"
    );
    click(&mut app, "B2");
    let table = app.world().resource::<GoTable>();
    assert!(
        matches!(
            table.said(),
            Some(xiangqi::app::go::table::Said::Refused(
                xiangqi::go::IllegalMove::Ko { .. }
            ))
        ),
        "{:?}",
        table.said()
    );
    // Known before the click too: the ko point is crossed, with its reason.
    let forbidden = &app
        .world()
        .resource::<xiangqi::app::go::view::Forbidden>()
        .0;
    let said: Vec<String> = forbidden.iter().map(|(_, why)| why.to_string()).collect();
    assert_eq!(
        said,
        [
            "B2 is a ko just taken: play a threat elsewhere first",
            "A1 would leave its own chain without a liberty (suicide)"
        ]
    );
    assert_eq!(table.game().moves().len(), 9, "the ko point refused");
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(app.world().resource::<GoTable>().game().moves().len(), 8);
    // Back to Xiangqi: its game untouched by all of it, even by a Ctrl+Z meant for Go
    // in the very frame the table switches (its command is not left for the Xiangqi
    // table's systems, idle until then, to find).
    app.world_mut().write_message(Action::Undo);
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("xiangqi")));
    app.update();
    app.update();
    assert_eq!(plies(&app), 1);
}

/// Spoken moves (issue 42): with the setting on, each move goes to the speech program
/// in words, in the window's language; off, nothing is said. The program here writes
/// what it was handed to a file.
#[test]
fn each_move_is_handed_to_the_speech_program_in_words_when_asked() {
    use xiangqi::app::shell::access::{LastSpoken, Voice};
    use xiangqi::speech::Speaker;
    let dir = std::env::temp_dir().join(format!("xiangqi-speech-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.txt");
    let program = dir.join("espeak-ng");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '{}'\n",
            heard.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut app = app();
    app.world_mut()
        .insert_resource(Voice(Some(Speaker::EspeakNg(program.clone()))));
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
    // Off (the default): said in the tree, not aloud.
    play(&mut app, "h2e2");
    assert_eq!(
        app.world().resource::<LastSpoken>().text,
        "Red cannon 2 to 5"
    );
    app.world_mut().resource_mut::<Settings>().speak = true;
    play(&mut app, "h9g7");
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::Zh;
    play(&mut app, "h0g2");
    let start = std::time::Instant::now();
    let text = loop {
        let text = std::fs::read_to_string(&heard).unwrap_or_default();
        if text.lines().count() >= 2 || start.elapsed().as_secs() > 10 {
            break text;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "-v en -- Black horse 8 forward 7",
            "-v cmn-latn-pinyin -- 红方 马二进三"
        ],
        "what the program was handed"
    );
}

/// espeak-ng on the PATH (else the test says it is missing).
fn espeak_ng() -> Option<std::path::PathBuf> {
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join("espeak-ng"))
        .find(|p| p.is_file());
    if found.is_none() {
        common::missing("espeak-ng");
    }
    found
}

/// Where espeak-ng is installed, the words become sound: a WAV of some length in every
/// language, for a move and for the clock's calls.
#[test]
fn espeak_ng_says_a_move_into_a_wav() {
    let Some(program) = espeak_ng() else {
        return;
    };
    let speaker = xiangqi::speech::Speaker::EspeakNg(program);
    use xiangqi::clock::Call;
    use xiangqi::i18n::{Lang, clock_call};
    // A move, and 读秒's calls (issue 73).
    for (text, lang) in [
        ("Red cannon 2 to 5".to_owned(), Lang::En),
        ("红方 炮二平五".to_owned(), Lang::Zh),
        (clock_call(Call::Byoyomi(1), Lang::Zh), Lang::Zh),
        (
            clock_call(Call::PeriodUsed { used: 1, left: 2 }, Lang::Zh),
            Lang::Zh,
        ),
        (clock_call(Call::Seconds(10), Lang::Zh), Lang::Zh),
        (clock_call(Call::Seconds(7), Lang::En), Lang::En),
        // 繁體中文 and Tiếng Việt (issue 75): their voices.
        ("紅方 炮二平五".to_owned(), Lang::Hant),
        ("Đỏ Pháo 2 bình 5, chiếu tướng".to_owned(), Lang::Vi),
        (
            clock_call(Call::PeriodUsed { used: 1, left: 2 }, Lang::Vi),
            Lang::Vi,
        ),
    ] {
        let text = text.as_str();
        let wav = std::env::temp_dir().join(format!("xiangqi-say-{}.wav", std::process::id()));
        let status = speaker.command(text, lang, Some(&wav)).status().unwrap();
        let len = std::fs::metadata(&wav).map(|m| m.len()).unwrap_or(0);
        let _ = std::fs::remove_file(&wav);
        assert!(status.success(), "espeak-ng said {text}: {status}");
        // A WAV header is 44 bytes: a second of speech is tens of kilobytes.
        println!("{text}: {len} bytes of WAV");
        assert!(len > 10_000, "{text}: only {len} bytes");
    }
}

/// The voice reads each language as its players say it, by espeak-ng's own phonemes
/// (`-x`, the reading it would speak): nothing in Chinese or Vietnamese switches to
/// English (espeak marks a switch "(en)": the plain `cmn` voice read 红 as "hong two");
/// each Chinese move read exactly as its pinyin by the books (车 jū, 将 jiàng, 相 xiàng,
/// 卒 zú, 将军 jiāngjūn), 繁體 too; Vietnamese numbers and words in the Vietnamese voice.
#[test]
fn the_voice_reads_each_language_as_its_players_say_it() {
    use xiangqi::clock::Call;
    use xiangqi::i18n::{Lang, clock_call, spoken::xiangqi_move};
    use xiangqi::rules::{Color, Notation, Piece, Role};
    use xiangqi::speech::Speaker;
    let Some(program) = espeak_ng() else {
        return;
    };
    let speaker = Speaker::EspeakNg(program);
    // The phonemes of what the game's command for `lang` would say.
    let phonemes = |text: &str, lang: Lang| {
        let said = speaker.command(text, lang, None);
        let out = std::process::Command::new(said.get_program())
            .args(["-x", "-q"])
            .args(said.get_args())
            .output()
            .unwrap();
        assert!(out.status.success(), "espeak-ng -x {text}");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let chariot = Piece::new(Color::Red, Role::Chariot);
    for (color, shown, taken, check, lang, pinyin) in [
        (
            Color::Red,
            "车一平二",
            None,
            false,
            Lang::Zh,
            "hong2 fang1 ju1 yi1 ping2 er4",
        ),
        (
            Color::Black,
            "将5平4",
            Some(chariot),
            true,
            Lang::Zh,
            "hei1 fang1 jiang4 wu3 ping2 si4, chi1 hong2 ju1, jiang1 jun1",
        ),
        (
            Color::Red,
            "相三进五",
            None,
            false,
            Lang::Zh,
            "hong2 fang1 xiang4 san1 jin4 wu3",
        ),
        (
            Color::Black,
            "卒7进1",
            None,
            false,
            Lang::Zh,
            "hei1 fang1 zu2 qi1 jin4 yi1",
        ),
        (
            Color::Red,
            "炮二平五",
            None,
            false,
            Lang::Zh,
            "hong2 fang1 pao4 er4 ping2 wu3",
        ),
        (
            Color::Red,
            "俥一平二",
            None,
            false,
            Lang::Hant,
            "hong2 fang1 ju1 yi1 ping2 er4",
        ),
        (
            Color::Red,
            "傌八進七",
            None,
            false,
            Lang::Hant,
            "hong2 fang1 ma3 ba1 jin4 qi1",
        ),
        (
            Color::Black,
            "將5平4",
            None,
            true,
            Lang::Hant,
            "hei1 fang1 jiang4 wu3 ping2 si4, jiang1 jun1",
        ),
    ] {
        let (text, voice) = xiangqi_move(color, Notation::Chinese, shown, "", taken, check, lang);
        let read = phonemes(voice.as_deref().unwrap_or(&text), lang);
        let want = phonemes(pinyin, lang);
        println!("{text}: {read}");
        assert_eq!(read, want, "{text} is read as {pinyin}");
    }
    // The clock's calls in Chinese, and Vietnamese: no word read in English.
    for (text, lang) in [
        (clock_call(Call::Byoyomi(1), Lang::Zh), Lang::Zh),
        (
            clock_call(Call::PeriodUsed { used: 1, left: 2 }, Lang::Zh),
            Lang::Zh,
        ),
        (clock_call(Call::Seconds(10), Lang::Hant), Lang::Hant),
        (
            clock_call(Call::PeriodUsed { used: 1, left: 2 }, Lang::Vi),
            Lang::Vi,
        ),
        ("Đỏ Pháo 2 bình 5, chiếu tướng".to_owned(), Lang::Vi),
    ] {
        let read = phonemes(&text, lang);
        println!("{text}: {read}");
        assert!(
            !read.contains("(en)"),
            "{text}: read partly in English: {read}"
        );
        assert_ne!(
            read,
            phonemes(&text, Lang::En),
            "{text}: the English reading"
        );
    }
    // Vietnamese: its words as the Vietnamese voice reads them alone, 2 and 5 as hai, năm.
    let move_vi = phonemes("Đỏ Pháo 2 bình 5, chiếu tướng", Lang::Vi);
    for word in ["Pháo", "bình", "chiếu", "tướng"] {
        let alone = phonemes(word, Lang::Vi);
        let alone = alone.trim_end_matches("_|").trim_start_matches('_');
        assert!(move_vi.contains(alone), "{word} ({alone}) in {move_vi}");
    }
    assert!(
        move_vi.contains("h'a:") && move_vi.contains("n'a7m"),
        "{move_vi}"
    );
}
