//! Headless tests of the clock, resignation and draws, 读秒 said aloud and a replay at a
//! pace in the game: the core plugin on
//! MinimalPlugins with a time that only moves when the test says so, keys and clicks
//! injected as a player gives them.
#![cfg(feature = "gui")]

use crate::common;
use xiangqi::app::xiangqi::messages::{ClockLow, DrawCommand, GameEnded, NewGameWith};

use std::time::Duration;

use bevy::ecs::message::Messages;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::headless::{self, act, chord, play};
use xiangqi::app::actions::Action;
use xiangqi::app::shell::model::Overlay;
use xiangqi::app::xiangqi::model::Mode;
use xiangqi::app::xiangqi::model::Model;
use xiangqi::rules::Color;

fn app() -> App {
    headless::app_with(|app| {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO));
    })
}

/// Runs one frame that lasts `ms` milliseconds.
fn frame(app: &mut App, ms: u64) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        ms,
    )));
    app.update();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO));
}

/// `secs` of frames of a tenth of a second.
fn wait(app: &mut App, secs: u64) {
    for _ in 0..secs * 10 {
        frame(app, 100);
    }
}

/// Both clocks in whole seconds, red's first.
fn left(app: &App) -> [u64; 2] {
    let model = app.world().resource::<Model>();
    let clock = model.clock().expect("a timed game");
    [
        clock.left(Color::Red).as_secs(),
        clock.left(Color::Black).as_secs(),
    ]
}

fn running(app: &App) -> Option<Color> {
    app.world().resource::<Model>().clock()?.running()
}

fn ended(app: &mut App) -> Vec<String> {
    app.world_mut()
        .resource_mut::<Messages<GameEnded>>()
        .drain()
        .map(|e| e.0.to_string())
        .collect()
}

fn outcome(app: &App) -> Option<String> {
    app.world()
        .resource::<Model>()
        .outcome()
        .map(|o| o.to_string())
}

fn timed(control: &str) -> App {
    let mut app = app();
    act(
        &mut app,
        Action::own(NewGameWith(Some(control.parse().unwrap()))),
    );
    app
}

#[test]
fn a_timed_game_is_played_paused_and_undone() {
    let mut app = timed("1+5");
    assert_eq!(
        running(&app),
        Some(Color::Red),
        "red's time runs from the start"
    );
    wait(&mut app, 12);
    assert_eq!(left(&app), [48, 60]);
    play(&mut app, "h2e2");
    assert_eq!(left(&app), [53, 60], "the increment");
    assert_eq!(running(&app), Some(Color::Black));
    wait(&mut app, 20);
    play(&mut app, "h9g7");
    assert_eq!(left(&app), [53, 45]);

    // Space pauses: time goes by, the clocks stand.
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), None);
    wait(&mut app, 30);
    assert_eq!(left(&app), [53, 45]);
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), Some(Color::Red));
    wait(&mut app, 3);
    assert_eq!(left(&app), [50, 45]);

    // Ctrl+Z: both clocks as they were when h2e2 had been played, stopped.
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(left(&app), [53, 60]);
    assert_eq!(running(&app), None);
    // Looking back stops it too; a move starts the other side's time.
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), Some(Color::Black));
    act(&mut app, Action::ReviewBack);
    assert_eq!(running(&app), None);
    act(&mut app, Action::ReviewEnd);
    play(&mut app, "b9c7");
    assert_eq!(running(&app), Some(Color::Red));

    // A dialog stops the clock, and so does the board editor.
    app.world_mut().resource_mut::<Overlay>().slots = true;
    app.update();
    assert_eq!(running(&app), None);
    app.world_mut().resource_mut::<Overlay>().slots = false;
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), Some(Color::Red));
    chord(&mut app, &[KeyCode::F2]);
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Edit);
    assert_eq!(running(&app), None, "the editor stops the clock");
}

/// Time odds (让时): the parent on 3+2, the child on 10+5, as typed in the clock's
/// field (`3+2,10+5`: red's, then black's); each side gains its own increment and
/// Ctrl+Z gives each its own time back.
#[test]
fn time_odds_give_each_side_its_own_clock_and_undo_keeps_them_apart() {
    let mut app = timed("3+2,10+5");
    assert_eq!(left(&app), [180, 600]);
    wait(&mut app, 10);
    play(&mut app, "h2e2");
    assert_eq!(left(&app), [172, 600], "red's increment, 2 s");
    wait(&mut app, 20);
    play(&mut app, "h9g7");
    assert_eq!(left(&app), [172, 585], "black's increment, 5 s");
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(left(&app), [172, 600]);
}

#[test]
fn a_flag_fall_loses_and_ctrl_z_takes_it_back() {
    let mut app = timed("0:12+0");
    ended(&mut app);
    let mut low = Vec::new();
    for _ in 0..110 {
        frame(&mut app, 100);
        low.extend(app.world_mut().resource_mut::<Messages<ClockLow>>().drain());
    }
    assert_eq!(low, [ClockLow(Color::Red)], "ten seconds left: one tick");
    assert!(ended(&mut app).is_empty());
    let mut said = Vec::new();
    for _ in 0..20 {
        frame(&mut app, 100);
        said.extend(ended(&mut app));
    }
    assert_eq!(said, ["black-wins timeout"], "once");
    assert_eq!(outcome(&app).as_deref(), Some("black-wins timeout"));
    assert_eq!(left(&app), [0, 12]);
    // The game is over: a move is refused.
    play(&mut app, "h2e2");
    assert_eq!(app.world().resource::<Model>().game().ply_count(), 0);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(outcome(&app), None);
    assert_eq!(left(&app), [12, 12]);
}

#[test]
fn resignation_and_agreed_draws_end_the_game_undoably() {
    let mut app = timed("5+3");
    play(&mut app, "h2e2");
    act(&mut app, Action::Resign);
    assert_eq!(ended(&mut app), ["red-wins resignation"]);
    assert_eq!(running(&app), None);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(outcome(&app), None);

    act(&mut app, Action::own(DrawCommand::Offer));
    assert_eq!(
        app.world().resource::<Model>().draw_offer(),
        Some(Color::Black)
    );
    act(&mut app, Action::own(DrawCommand::Accept));
    assert_eq!(ended(&mut app), ["draw agreement"]);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(outcome(&app), None);
    // An offer lapses on the next move; accepting then does nothing.
    act(&mut app, Action::own(DrawCommand::Offer));
    play(&mut app, "h9g7");
    act(&mut app, Action::own(DrawCommand::Accept));
    assert_eq!(outcome(&app), None);
    // Untimed games too.
    act(&mut app, Action::own(NewGameWith(None)));
    assert!(app.world().resource::<Model>().clock().is_none());
    act(&mut app, Action::Resign);
    assert_eq!(ended(&mut app), ["black-wins resignation"]);
}

#[test]
fn ctrl_r_starts_the_next_game_with_the_chosen_clock() {
    let mut app = app();
    assert!(app.world().resource::<Model>().clock().is_none());
    app.world_mut()
        .resource_mut::<xiangqi::settings::XiangqiSettings>()
        .clock = Some("10+5".parse().unwrap());
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyR]);
    assert_eq!(left(&app), [600, 600]);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert!(app.world().resource::<Model>().clock().is_none(), "undone");
}

/// 读秒 said aloud (issue 73): when red's base is spent the voice says so, then counts the
/// period's last ten seconds, each as it begins, in the window's language, handed to the
/// speech program; with the sound muted (M) nothing is handed to it; a game without 读秒
/// is never counted.
#[test]
fn byoyomi_is_counted_aloud_at_the_right_moments_and_m_mutes_it() {
    use xiangqi::app::shell::access::{Called, Voice};
    use xiangqi::app::shell::model::Settings;
    use xiangqi::speech::Speaker;
    let dir = std::env::temp_dir().join(format!("xiangqi-byoyomi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.txt");
    let program = dir.join("espeak-ng");
    let script = format!(
        "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '{}'\n",
        heard.display()
    );
    std::fs::write(&program, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    // What the clock called, frame by frame, with red's time left then (ms).
    let run = |app: &mut App, secs: u64| {
        let mut called = Vec::new();
        for _ in 0..secs * 10 {
            frame(app, 100);
            let left = app
                .world()
                .resource::<Model>()
                .clock()
                .unwrap()
                .left(Color::Red);
            let mut messages = app.world_mut().resource_mut::<Messages<Called>>();
            called.extend(
                messages
                    .drain()
                    .map(|Called(text)| (text, left.as_millis())),
            );
        }
        called
    };
    let mut app = timed("0:03+0/12");
    app.world_mut()
        .insert_resource(Voice(Some(Speaker::EspeakNg(program.clone()))));
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::Zh;
    let called = run(&mut app, 16);
    let mut want = vec![("开始读秒".to_owned(), 12_000)];
    let numbers = ["十", "九", "八", "七", "六", "五", "四", "三", "二", "一"];
    want.extend((0..10).map(|i| (numbers[i].to_owned(), (10 - i as u128) * 1000)));
    assert_eq!(called, want, "each call as its second begins");
    let outcome = app
        .world()
        .resource::<Model>()
        .outcome()
        .map(|o| o.to_string());
    assert_eq!(
        outcome.as_deref(),
        Some("black-wins timeout"),
        "the period ran out"
    );
    // The program runs apart from the game: its lines come as it ends.
    let start = std::time::Instant::now();
    let lines = loop {
        let text = std::fs::read_to_string(&heard).unwrap_or_default();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        if lines.len() >= 11 || start.elapsed().as_secs() > 10 {
            lines.sort();
            break lines;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut handed: Vec<String> = want
        .iter()
        .map(|(t, _)| format!("-v cmn-latn-pinyin -- {t}"))
        .collect();
    handed.sort();
    assert_eq!(lines, handed, "what the speech program was handed");

    // Muted, in English: the calls are made (the log says them), nothing is said aloud.
    std::fs::remove_file(&heard).unwrap();
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
    act(
        &mut app,
        Action::own(NewGameWith(Some("0:01+0/3".parse().unwrap()))),
    );
    chord(&mut app, &[KeyCode::KeyM]);
    assert!(!app.world().resource::<Settings>().sound, "M mutes");
    let called: Vec<String> = run(&mut app, 5).into_iter().map(|(t, _)| t).collect();
    // A period of three seconds: its first is the one 读秒 is called in.
    assert_eq!(called, ["Byo-yomi", "two", "one"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!heard.exists(), "nothing handed to the voice while muted");

    // No 读秒: the last seconds of a Fischer clock are not counted.
    act(
        &mut app,
        Action::own(NewGameWith(Some("0:05+1".parse().unwrap()))),
    );
    assert_eq!(run(&mut app, 7), []);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Go table's 读秒 is called too, in the window's language.
#[test]
fn go_byoyomi_is_counted_aloud() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup};
    use xiangqi::app::shell::access::Called;
    let mut app = app();
    act(&mut app, Action::SwitchGame(GameKind("go")));
    app.update();
    let setup = GoSetup {
        time: Some("0:01+0/4".parse().unwrap()),
        ..GoSetup::of(9, 0)
    };
    act(&mut app, Action::own(GoCommand::New(setup)));
    // The Go clock waits for the first move: black passes, white's time runs.
    act(&mut app, Action::own(GoCommand::Pass));
    let mut called = Vec::new();
    for _ in 0..60 {
        frame(&mut app, 100);
        let mut messages = app.world_mut().resource_mut::<Messages<Called>>();
        called.extend(messages.drain().map(|Called(text)| text));
    }
    assert_eq!(called, ["Byo-yomi", "three", "two", "one"]);
}

/// Replay at a pace (演播, issue 73): Ctrl+P at the end of a game starts it from the
/// beginning; a move each second (the pace set), a comment pauses it, Space goes on,
/// and it ends with the last move, the game back at its current position.
#[test]
fn replay_plays_the_game_at_its_pace_pauses_at_a_comment_and_ends() {
    use xiangqi::app::shell::model::Replaying;
    use xiangqi::app::shell::model::Settings;
    let mut app = app();
    play(&mut app, "h2e2");
    play(&mut app, "h9g7");
    play(&mut app, "h0g2");
    play(&mut app, "i9h9");
    {
        let mut model = app.world_mut().resource_mut::<Model>();
        let second = model.line()[1];
        model.set_comment(second, "马二进三，正着");
    }
    app.world_mut().resource_mut::<Settings>().replay_ms = 1000;
    let shown = |app: &App| app.world().resource::<Model>().shown_ply();
    let running = |app: &App| app.world().resource::<Replaying>().0;
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyP]);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 0, "from the beginning");
    assert!(running(&app).is_some());
    for _ in 0..9 {
        frame(&mut app, 100);
    }
    assert_eq!(shown(&app), 0, "not before the pace");
    frame(&mut app, 100);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 1, "the first move after a second");
    wait(&mut app, 1);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 2);
    assert!(running(&app).unwrap().paused, "the comment pauses it");
    wait(&mut app, 3);
    assert_eq!(shown(&app), 2, "paused");
    chord(&mut app, &[KeyCode::Space]);
    assert!(!running(&app).unwrap().paused, "Space goes on");
    assert!(
        app.world().resource::<Model>().clock().is_none(),
        "an untimed game: Space was the replay's"
    );
    wait(&mut app, 1);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 3);
    wait(&mut app, 1);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 4);
    assert_eq!(running(&app), None, "the last move ends it");
    assert!(
        !app.world().resource::<Model>().is_reviewing(),
        "back at the game"
    );
    // Started mid-game it goes on from there; Esc stops it.
    act(&mut app, Action::ReviewStart);
    act(&mut app, Action::ReviewForward);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyP]);
    wait(&mut app, 1);
    frame(&mut app, 0);
    assert_eq!(shown(&app), 2);
    chord(&mut app, &[KeyCode::Escape]);
    assert_eq!(running(&app), None, "Esc stops it");
    wait(&mut app, 2);
    assert_eq!(shown(&app), 2, "where it stopped");
}

/// Go's record is replayed the same way.
#[test]
fn go_replay_plays_the_game_forward() {
    use xiangqi::app::GameKind;
    use xiangqi::app::go::{GoCommand, GoSetup, GoTable, view::world_at};
    use xiangqi::app::messages::{BoardPointer, BoardPress};
    use xiangqi::app::shell::model::Replaying;
    use xiangqi::go::Point;
    let mut app = app();
    act(&mut app, Action::SwitchGame(GameKind("go")));
    app.update();
    act(&mut app, Action::own(GoCommand::New(GoSetup::of(9, 0))));
    for name in ["E5", "C3", "G7"] {
        let at = world_at(Point::from_gtp(name, 9).unwrap(), 9);
        app.world_mut().write_message(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(at),
        });
        app.update();
    }
    let moves = |app: &App| app.world().resource::<GoTable>().node();
    assert_eq!(moves(&app), 3, "three stones played");
    act(&mut app, Action::Replay);
    frame(&mut app, 0);
    assert_eq!(moves(&app), 0, "from the empty board");
    for want in 1..=3 {
        wait(&mut app, 2);
        frame(&mut app, 0);
        assert_eq!(moves(&app), want);
    }
    assert_eq!(app.world().resource::<Replaying>().0, None, "it ends");
}

/// The clock for a real board (issue 73): Ctrl+K makes the window a two-sided clock set
/// to the next game's control (time odds too); Space starts the first side's time, and
/// each later Space ends the running side's move; the game's own keys do not reach the
/// game under it; Esc closes it and does not quit.
#[test]
fn the_clock_for_a_real_board_switches_on_space_and_keeps_the_odds() {
    use xiangqi::app::board_clock::BoardClock;
    use xiangqi::clock::Seat;
    let mut app = app();
    app.world_mut()
        .resource_mut::<xiangqi::settings::XiangqiSettings>()
        .clock = Some("1+0,0:30+0".parse().unwrap());
    play(&mut app, "h2e2");
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyK]);
    frame(&mut app, 0);
    assert!(app.world().resource::<Overlay>().board_clock);
    let left = |app: &App| {
        let board = app.world().resource::<BoardClock>();
        let clock = board.clock.as_ref().expect("the clock is open");
        [
            clock.left(Seat::First).as_secs(),
            clock.left(Seat::Second).as_secs(),
        ]
    };
    let running = |app: &App| {
        app.world()
            .resource::<BoardClock>()
            .clock
            .as_ref()?
            .running()
    };
    assert_eq!(left(&app), [60, 30], "red's minute, black's half minute");
    wait(&mut app, 2);
    assert_eq!(running(&app), None, "it waits for the first press");
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), Some(Seat::First));
    wait(&mut app, 2);
    chord(&mut app, &[KeyCode::Space]);
    assert_eq!(running(&app), Some(Seat::Second));
    wait(&mut app, 1);
    assert_eq!(left(&app), [58, 29]);
    // Ctrl+Z is the game's: it does not reach the game under the clock.
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(app.world().resource::<Model>().game().ply_count(), 1);
    chord(&mut app, &[KeyCode::Escape]);
    frame(&mut app, 0);
    assert!(
        !app.world().resource::<Overlay>().board_clock,
        "Esc closes it"
    );
    assert!(app.world().resource::<BoardClock>().clock.is_none());
    let quit = app
        .world_mut()
        .resource_mut::<Messages<AppExit>>()
        .drain()
        .count();
    assert_eq!(quit, 0, "Esc did not quit");
}
