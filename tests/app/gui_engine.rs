//! The engine at the table, headless: the real Fairy-Stockfish (CI installs it) plays
//! the computer's side, gives hints and analyses, driven by the same messages a
//! player's keys and clicks give. The game is never blocked while it thinks, and is
//! changed only by the computer's own moves.
#![cfg(feature = "gui")]

use crate::common;
use xiangqi::app::xiangqi::messages::{
    DrawCommand, EngineCommand, EngineMove, MovePlayed, MoveRejected, Refusal,
};
use xiangqi::settings::XiangqiSettings;

use std::time::{Duration, Instant};

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{self, act, chord, click, drain, play, plies};
use xiangqi::app::actions::Action;
use xiangqi::app::messages::Notice;
use xiangqi::app::shell::model::Settings;
use xiangqi::app::xiangqi::engine_link::{EngineStatus, EngineView};
use xiangqi::app::xiangqi::model::Model;
use xiangqi::engine::Limit;
use xiangqi::i18n::Lang;
use xiangqi::rules::{Color, Position};

fn app() -> App {
    let mut app = headless::app();
    app.world_mut().resource_mut::<Settings>().lang = Lang::En;
    // Quick moves: these tests are about the plumbing, not the play.
    app.world_mut().resource_mut::<XiangqiSettings>().strength = Limit::Depth(4);
    // The strength, not a level (a new table's computer starts at level 1).
    app.world_mut().resource_mut::<XiangqiSettings>().level = None;
    app
}

/// Runs frames until `done`, as the window would while the engine thinks.
fn until(app: &mut App, within: Duration, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let began = Instant::now();
    while began.elapsed() < within {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what}: not within {within:?}");
}

fn notices(app: &mut App) -> Vec<String> {
    drain::<Notice>(app).into_iter().map(|n| n.text).collect()
}

fn view(app: &App) -> &EngineView {
    app.world().resource::<EngineView>()
}

#[test]
fn the_computer_answers_the_players_move_and_undo_takes_back_both() {
    let mut app = app();
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Black))),
    );
    assert_eq!(
        notices(&mut app),
        ["The computer plays Black, you play Red"]
    );
    assert!(
        !app.world().resource::<Settings>().flipped,
        "red at the bottom"
    );
    // Nothing to do while it is the player's move: no engine yet.
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(view(&app).status, EngineStatus::Idle);

    app.world_mut().resource_mut::<XiangqiSettings>().strength =
        Limit::MoveTime(Duration::from_millis(1500));
    play(&mut app, "h2e2");
    assert_eq!(plies(&app), 1);
    drain::<MovePlayed>(&mut app);
    // While it thinks, its pieces are not the player's to move, and frames go on.
    click(&mut app, "h9");
    let refused = drain::<MoveRejected>(&mut app);
    assert_eq!(refused[0].reason, Refusal::ComputersTurn);
    until(
        &mut app,
        Duration::from_secs(20),
        "the computer's move",
        |a| plies(a) == 2,
    );
    let played = drain::<MovePlayed>(&mut app);
    assert_eq!(played.len(), 1, "its move is played like the player's");
    let after_red = Position::new().play("h2e2".parse().unwrap()).unwrap();
    assert!(after_red.is_legal(played[0].mv));
    assert!(matches!(&view(&app).status, EngineStatus::Running(n) if n.contains("Stockfish")));

    // Ctrl+Z takes back the computer's reply and the player's move.
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(plies(&app), 0, "both moves taken back");
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(plies(&app), 0, "the computer waits for the player");
    act(&mut app, Action::Redo);
    assert_eq!(plies(&app), 2, "and both come back");
}

#[test]
fn the_computer_with_red_moves_first_and_two_players_stops_it() {
    let mut app = app();
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Red))),
    );
    assert!(
        app.world().resource::<Settings>().flipped,
        "black at the bottom"
    );
    until(&mut app, Duration::from_secs(20), "red's first move", |a| {
        plies(a) == 1
    });
    assert_eq!(
        app.world().resource::<Model>().game().position().turn(),
        Color::Black
    );
    act(&mut app, Action::own(EngineCommand::SetComputer(None)));
    play(&mut app, "h9g7");
    for _ in 0..100 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(plies(&app), 2, "two players again: nobody moves for red");
}

#[test]
fn a_stale_engine_move_is_not_played() {
    let mut app = app();
    play(&mut app, "h2e2");
    // A move legal on the board now, but the answer for the start position: the game
    // has moved on since the engine was asked.
    app.world_mut().write_message(EngineMove {
        mv: "h9g7".parse().unwrap(),
        position: Position::new(),
    });
    app.update();
    assert_eq!(plies(&app), 1, "the game has moved on since it was asked");
    // The same move for the position on the board is played.
    let now = app.world().resource::<Model>().game().position().clone();
    app.world_mut().write_message(EngineMove {
        mv: "h9g7".parse().unwrap(),
        position: now,
    });
    app.update();
    assert_eq!(plies(&app), 2);
}

/// The CPU time process `pid` has used, in clock ticks (Linux: /proc).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // pid (comm) state ppid … utime stime: fields 14 and 15, 12 and 13 after the name.
    let (_, rest) = stat.rsplit_once(") ").unwrap();
    let fields: Vec<&str> = rest.split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn the_analysis_follows_the_position_shown_and_stops_when_hidden() {
    let mut app = app();
    play(&mut app, "h2e2");
    play(&mut app, "h9g7");
    drain::<Notice>(&mut app);
    act(&mut app, Action::own(EngineCommand::ToggleAnalysis));
    assert_eq!(notices(&mut app), ["Analysis on"]);
    let live = app.world().resource::<Model>().shown_position().clone();
    until(
        &mut app,
        Duration::from_secs(20),
        "three lines at depth 6",
        |a| {
            let lines = view(a).lines_about(&live);
            lines.len() == 3 && lines[0].depth >= 6
        },
    );
    for line in view(&app).lines_about(&live) {
        assert!(!line.pv.is_empty() && live.is_legal(line.pv[0]));
    }

    // ← shows the position after the first move: the analysis is of that one.
    act(&mut app, Action::ReviewBack);
    let earlier = app.world().resource::<Model>().shown_position().clone();
    assert_ne!(earlier, live);
    until(
        &mut app,
        Duration::from_secs(20),
        "lines for the earlier position",
        |a| !view(a).lines_about(&earlier).is_empty(),
    );
    assert!(view(&app).lines_about(&live).is_empty());

    // Hidden: the engine stops, and uses no more CPU. The sign that it has stopped is
    // its own answer to the stop (its move, made in haste, is not played or shown);
    // then its CPU time must stand still.
    assert!(view(&app).searching, "the analysis searches");
    act(&mut app, Action::own(EngineCommand::ToggleAnalysis));
    let pid = view(&app).pid.expect("the engine runs");
    until(
        &mut app,
        Duration::from_secs(20),
        "the engine's answer to the stop",
        |a| !view(a).searching,
    );
    let depth = view(&app).lines_about(&earlier)[0].depth;
    let cpu = cpu_ticks(pid);
    std::thread::sleep(Duration::from_millis(1500));
    app.update();
    assert_eq!(
        view(&app).lines_about(&earlier)[0].depth,
        depth,
        "no new lines"
    );
    let used = cpu_ticks(pid) - cpu;
    // Ticks are hundredths of a second: an idle engine uses none (a busy one 150).
    assert!(used <= 5, "the stopped engine used {used} ticks in 1.5 s");
}

#[test]
fn h_points_at_a_move_in_the_position_shown() {
    let mut app = app();
    play(&mut app, "h2e2");
    drain::<Notice>(&mut app);
    chord(&mut app, &[KeyCode::KeyH]);
    let pos = app.world().resource::<Model>().shown_position().clone();
    until(&mut app, Duration::from_secs(20), "a hint", |a| {
        view(a).hint_about(&pos).is_some()
    });
    let hint = view(&app).hint_about(&pos).unwrap();
    assert!(pos.is_legal(hint));
    let told = notices(&mut app);
    assert!(told.iter().any(|t| t.starts_with("Hint: ")), "{told:?}");
    assert_eq!(plies(&app), 1, "a hint plays nothing");
    // Asked again: said again at once, nothing searched.
    act(&mut app, Action::Hint);
    assert!(notices(&mut app).iter().any(|t| t.starts_with("Hint: ")));
}

#[test]
fn an_engine_that_will_not_start_is_said_and_the_game_goes_on_for_two() {
    let mut app = app();
    app.world_mut().resource_mut::<XiangqiSettings>().engine = Some("/nonexistent/engine".into());
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Red))),
    );
    until(&mut app, Duration::from_secs(10), "the failure", |a| {
        matches!(view(a).status, EngineStatus::Failed(_))
    });
    let told = notices(&mut app);
    assert!(
        told.iter()
            .any(|t| t.contains("The engine failed") && t.contains("/nonexistent/engine")),
        "{told:?}"
    );
    assert_eq!(app.world().resource::<XiangqiSettings>().computer, None);
    play(&mut app, "h2e2");
    assert_eq!(plies(&app), 1, "red is the player's again");
}

#[test]
fn the_computer_declines_a_draw_at_once() {
    let mut app = app();
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Black))),
    );
    drain::<Notice>(&mut app);
    act(&mut app, Action::own(DrawCommand::Offer));
    assert_eq!(
        notices(&mut app),
        ["Red offers a draw", "Black declines the draw"]
    );
    assert_eq!(app.world().resource::<Model>().draw_offer(), None);
    act(&mut app, Action::own(DrawCommand::Accept));
    assert_eq!(app.world().resource::<Model>().outcome(), None);
}

#[test]
fn a_hint_on_the_computers_move_is_refused_with_the_reason() {
    let mut app = app();
    app.world_mut().resource_mut::<XiangqiSettings>().strength =
        Limit::MoveTime(Duration::from_millis(1500));
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Red))),
    );
    drain::<Notice>(&mut app);
    act(&mut app, Action::Hint);
    let told = drain::<Notice>(&mut app);
    assert_eq!(told.len(), 1);
    assert!(told[0].warning);
    assert_eq!(told[0].text, "It is the computer's move");
}

#[test]
fn new_engine_options_restart_it_and_the_analysis_goes_on() {
    let mut app = app();
    act(&mut app, Action::own(EngineCommand::ToggleAnalysis));
    let start = Position::new();
    until(&mut app, Duration::from_secs(20), "lines", |a| {
        !view(a).lines_about(&start).is_empty()
    });
    let first = view(&app).pid.unwrap();
    app.world_mut().resource_mut::<XiangqiSettings>().hash_mb = 32;
    until(&mut app, Duration::from_secs(20), "another engine", |a| {
        view(a).pid.is_some_and(|p| p != first)
    });
    until(&mut app, Duration::from_secs(5), "the old one gone", |_| {
        // Gone, or a zombie until the worker's thread has waited for it.
        std::fs::read_to_string(format!("/proc/{first}/stat")).map_or(true, |s| {
            s.rsplit_once(") ").is_some_and(|(_, r)| r.starts_with('Z'))
        })
    });
    let depth = view(&app).lines_about(&start)[0].depth;
    until(&mut app, Duration::from_secs(20), "deeper lines", |a| {
        view(a).lines_about(&start)[0].depth > depth
    });
}

#[test]
fn a_hint_asked_for_one_position_is_never_shown_for_another() {
    let mut app = app();
    play(&mut app, "h2e2");
    let asked = app.world().resource::<Model>().shown_position().clone();
    // The hint is asked, the engine starts for it and searches; then the player looks
    // back before it answers.
    app.world_mut().write_message(Action::Hint);
    until(&mut app, Duration::from_secs(20), "the engine asked", |a| {
        view(a).pid.is_some()
    });
    app.world_mut().write_message(Action::ReviewBack);
    app.update();
    let shown = app.world().resource::<Model>().shown_position().clone();
    assert_ne!(shown, asked);
    // Once the engine's search has ended (its own answer: its move, or its answer to
    // the stop), no hint stands for the position shown.
    until(&mut app, Duration::from_secs(20), "the search's end", |a| {
        !view(a).searching
    });
    for _ in 0..10 {
        app.update();
        assert_eq!(view(&app).hint_about(&shown), None);
    }
    // Not because no hint ever comes: asked here, it comes, for this position.
    app.world_mut().write_message(Action::Hint);
    until(
        &mut app,
        Duration::from_secs(20),
        "the hint for the position shown",
        |a| view(a).hint_about(&shown).is_some(),
    );
    let hinted = view(&app).hint_about(&shown).unwrap();
    assert!(
        shown.legal_moves().contains(&hinted),
        "{hinted} is a move here"
    );
    assert_eq!(view(&app).hint_about(&asked), None);
}

#[test]
fn taken_back_on_its_own_move_the_computer_waits_until_asked() {
    let mut app = app();
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Red))),
    );
    until(&mut app, Duration::from_secs(20), "red's first move", |a| {
        plies(a) == 1
    });
    // Its first move: nothing of the player's to take back with it. Still red's (its)
    // move, and it does not play it again.
    act(&mut app, Action::Undo);
    assert_eq!(plies(&app), 0);
    for _ in 0..100 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(plies(&app), 0, "it waits");
    // Meanwhile its side can be analysed.
    act(&mut app, Action::own(EngineCommand::ToggleAnalysis));
    until(&mut app, Duration::from_secs(20), "lines", |a| {
        !view(a).lines_about(&Position::new()).is_empty()
    });
    act(&mut app, Action::own(EngineCommand::ComputerMove));
    until(
        &mut app,
        Duration::from_secs(20),
        "its move when asked",
        |a| plies(a) == 1,
    );
}

#[test]
fn the_computer_takes_a_draw_only_when_it_stands_clearly_worse() {
    let mut app = app();
    // Black has a lone general against a chariot: lost.
    let lost: Position = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1".parse().unwrap();
    app.world_mut()
        .resource_mut::<Model>()
        .replace(xiangqi::rules::Game::from_position(lost));
    act(
        &mut app,
        Action::own(EngineCommand::SetComputer(Some(Color::Black))),
    );
    play(&mut app, "e1e2");
    until(&mut app, Duration::from_secs(20), "black's reply", |a| {
        plies(a) == 2
    });
    assert_eq!(app.world().resource::<Model>().outcome(), None);
    act(&mut app, Action::own(DrawCommand::Offer));
    let outcome = app.world().resource::<Model>().outcome();
    assert_eq!(
        outcome.map(|o| o.to_string()),
        Some("draw agreement".to_owned()),
        "{:?}",
        view(&app).computer_score
    );
}
