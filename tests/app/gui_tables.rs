//! One table, two games: a key reaches only the game on the table (and the table's own
//! keys, whatever game is on it), the menus and the router agree on what each game
//! answers, no engine works for the table that is not shown, and each table keeps its
//! own status line. Headless, with keys given as the window gives them.
#![cfg(feature = "gui")]

use crate::common;

use bevy::camera::visibility::RenderLayers;
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{app, app_with, chord, drain, fen, play};
use xiangqi::app::actions::{Action, PlayCommand, TableCommand};
use xiangqi::app::go::{GoCommand, GoSetup, GoTable};
use xiangqi::app::messages::SoundCue;
use xiangqi::app::schedule::GameKind;
use xiangqi::app::shell::assets::Sound;
use xiangqi::app::shell::input::BoardCamera;
use xiangqi::app::shell::model::{Overlay, Settings};
use xiangqi::app::shell::table::Tables;
use xiangqi::app::xiangqi::engine_link::EngineView;
use xiangqi::app::xiangqi::messages::{DrawCommand, EngineCommand, NewGameWith, ToggleEditor};
use xiangqi::app::xiangqi::model::Mode;
use xiangqi::app::xiangqi::model::Model;
use xiangqi::rules::Color;

fn switch(app: &mut App, to: GameKind) {
    app.world_mut().write_message(Action::SwitchGame(to));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<GameKind>>().get(), to);
}

fn go_clock_paused(app: &App) -> bool {
    let table = app.world().resource::<GoTable>();
    table.clock().expect("a timed Go game").is_paused()
}

fn xiangqi_clock(app: &App) -> (bool, std::time::Duration) {
    let model = app.world().resource::<Model>();
    let clock = model.clock().expect("a timed Xiangqi game");
    (clock.is_paused(), clock.left(Color::Black))
}

/// A Xiangqi game on a running clock, then the Go table: Xiangqi's keys (A, R, F, F2, F3,
/// `]`, ↑) do nothing to the Xiangqi table and ask its engine nothing; Space
/// stops and starts the Go clock only; back at Xiangqi, its game, its board's way up,
/// its mode and its clock are as they were left.
#[test]
fn keys_at_the_go_table_leave_the_xiangqi_table_alone() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::own(NewGameWith(Some("10+0".parse().unwrap()))));
    app.update();
    play(&mut app, "h2e2");
    let position = fen(&app);
    assert!(!xiangqi_clock(&app).0, "black's clock runs");

    switch(&mut app, GameKind("go"));
    let left = xiangqi_clock(&app);
    assert!(left.0, "the Xiangqi clock waits while Go is played");
    let mut timed = GoSetup::of(9, 0);
    timed.time = Some("5+0".parse().unwrap());
    app.world_mut()
        .write_message(Action::own(GoCommand::New(timed)));
    app.update();
    drain::<SoundCue>(&mut app);
    app.world_mut().write_message(Action::own(GoCommand::Pass));
    app.update();
    // Its sound goes through the shell's cue.
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Move)]);
    assert!(
        !go_clock_paused(&app),
        "the Go clock runs after the first move"
    );
    drain::<EngineCommand>(&mut app);
    drain::<TableCommand>(&mut app);

    for key in [
        KeyCode::KeyA,
        KeyCode::KeyR,
        KeyCode::KeyF,
        KeyCode::KeyP,
        KeyCode::F2,
        // (F3 is Go's own here: its problems, tested in gui_problems.)
        KeyCode::BracketRight,
        KeyCode::ArrowUp,
        KeyCode::KeyN,
    ] {
        chord(&mut app, &[key]);
        assert_eq!(
            *app.world().resource::<State<Mode>>().get(),
            Mode::Play,
            "{key:?} changed the mode"
        );
    }
    assert!(
        drain::<EngineCommand>(&mut app).is_empty(),
        "the engine was asked nothing"
    );
    let view = app.world().resource::<EngineView>();
    assert!(!view.analysing, "A did not start the Xiangqi analysis");
    assert_eq!(view.pid, None, "no engine was started");
    let settings = app.world().resource::<Settings>();
    assert!(!settings.flipped, "F did not flip the Xiangqi board");

    // H is a hint here too: GNU Go's.
    drain::<PlayCommand>(&mut app);
    chord(&mut app, &[KeyCode::KeyH]);
    assert_eq!(drain::<PlayCommand>(&mut app), [PlayCommand::Hint]);
    // Space is the Go clock's.
    chord(&mut app, &[KeyCode::Space]);
    assert!(go_clock_paused(&app), "Space stopped the Go clock");
    chord(&mut app, &[KeyCode::Space]);
    assert!(!go_clock_paused(&app), "Space started the Go clock again");
    // Ctrl+Z is the Go game's: the pass is taken back, the Xiangqi move stays.
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert!(app.world().resource::<GoTable>().game().moves().is_empty());

    switch(&mut app, GameKind("xiangqi"));
    assert_eq!(fen(&app), position, "the Xiangqi position is as left");
    let now = xiangqi_clock(&app);
    assert_eq!(now, left, "the Xiangqi clock is as left");
    assert!(!app.world().resource::<Settings>().flipped);
    assert!(!app.world().resource::<EngineView>().analysing);
    // And here its keys are its own again.
    chord(&mut app, &[KeyCode::KeyF]);
    assert!(
        app.world().resource::<Settings>().flipped,
        "F flips at Xiangqi"
    );
    chord(&mut app, &[KeyCode::Space]);
    assert!(!xiangqi_clock(&app).0, "Space restarts the Xiangqi clock");
}

/// What the router drops is what the menus leave out: each table answers its own
/// commands and the shell's, and none of the other game's own.
#[test]
fn each_table_answers_its_own_commands_and_the_shells() {
    let app = app();
    let tables = app.world().resource::<Tables>();
    assert_eq!(tables.kinds(), [GameKind("xiangqi"), GameKind("go")]);
    let shell = [
        Action::Quit,
        Action::ToggleHelp,
        Action::ToggleMute,
        Action::Zoom(1),
        Action::NextTheme,
        Action::ToggleSettings,
        Action::SwitchGame(GameKind("go")),
    ];
    let xiangqi_only = [
        Action::own(EngineCommand::ToggleAnalysis),
        Action::Flip,
        Action::own(ToggleEditor),
        Action::TogglePieces,
        Action::own(DrawCommand::Offer),
        Action::own(EngineCommand::SetComputer(Some(Color::Black))),
    ];
    let go_only = [Action::own(GoCommand::Pass)];
    let both = [
        Action::Undo,
        Action::Hint,
        Action::Resign,
        Action::Save,
        Action::CopyRecord,
        Action::TogglePause,
    ];
    for a in shell.iter().chain(&both) {
        assert!(tables.answers(GameKind("xiangqi"), a), "{a:?} at Xiangqi");
        assert!(tables.answers(GameKind("go"), a), "{a:?} at Go");
    }
    for a in &xiangqi_only {
        assert!(tables.answers(GameKind("xiangqi"), a), "{a:?} at Xiangqi");
        assert!(!tables.answers(GameKind("go"), a), "{a:?} at Go");
    }
    for a in &go_only {
        assert!(!tables.answers(GameKind("xiangqi"), a), "{a:?} at Xiangqi");
        assert!(tables.answers(GameKind("go"), a), "{a:?} at Go");
    }
}

/// A notice at one table is not the other's status line, and is there again when its
/// table comes back; a dialog of the table left closes.
#[test]
fn each_table_keeps_its_own_status_line() {
    use xiangqi::app::panel::status::StatusLines;
    let mut app = app();
    chord(&mut app, &[KeyCode::KeyM]);
    let said = |app: &App, kind| app.world().resource::<StatusLines>().of(kind).text.clone();
    let muted = said(&app, GameKind("xiangqi"));
    // A dialog of the table left closes with it (the other has no key for it).
    app.world_mut().write_message(Action::ToggleGameInfo);
    app.update();
    assert!(app.world().resource::<Overlay>().info);
    assert!(!muted.is_empty(), "M is said at the Xiangqi table");
    switch(&mut app, GameKind("go"));
    assert!(
        !app.world().resource::<Overlay>().info,
        "the game information closed"
    );
    assert_eq!(
        said(&app, GameKind("go")),
        "",
        "the Go table has said nothing yet"
    );
    chord(&mut app, &[KeyCode::KeyM]);
    assert!(!said(&app, GameKind("go")).is_empty());
    assert_eq!(said(&app, GameKind("xiangqi")), muted);
    switch(&mut app, GameKind("xiangqi"));
    assert_eq!(said(&app, GameKind("xiangqi")), muted);
}

/// Each game draws on its own render layer and the board camera sees only the game on
/// the table: the Xiangqi board, kept while Go is played, is never drawn under or over
/// the goban, and is seen again as left when 象棋 comes back.
#[test]
fn the_board_camera_sees_only_the_game_on_the_table() {
    let mut app = app_with(|app| {
        app.add_plugins(xiangqi::app::shell::stage::plugin);
    });
    app.update();
    let seen = |app: &mut App| {
        let mut cameras = app
            .world_mut()
            .query_filtered::<&RenderLayers, With<BoardCamera>>();
        cameras
            .single(app.world())
            .expect("one board camera")
            .clone()
    };
    let tables = app.world().resource::<Tables>().clone();
    // Xiangqi's board, pieces and marks are on the default layer.
    assert_eq!(seen(&mut app), RenderLayers::default());
    switch(&mut app, GameKind("go"));
    let at_go = seen(&mut app);
    assert_eq!(at_go, tables.layer(GameKind("go")));
    assert!(
        !at_go.intersects(&RenderLayers::default()),
        "the Xiangqi table unseen at Go"
    );
    switch(&mut app, GameKind("xiangqi"));
    assert_eq!(seen(&mut app), RenderLayers::default());
}

/// Xiangqi's sounds reach the shell as cues, as Go's do: a piece picked up, a move, a
/// capture, an illegal try, an undo; one cue a frame.
#[test]
fn xiangqi_says_its_sounds_as_the_shells_cues() {
    use common::headless::click;
    let mut app = app();
    drain::<SoundCue>(&mut app);
    click(&mut app, "h2");
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Select)]);
    click(&mut app, "e2");
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Move)]);
    play(&mut app, "h9g7");
    drain::<SoundCue>(&mut app);
    // The cannon takes the soldier over its own soldier.
    click(&mut app, "e2");
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Select)]);
    click(&mut app, "e6");
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Capture)]);
    app.world_mut().write_message(Action::Undo);
    app.update();
    assert_eq!(drain::<SoundCue>(&mut app), [SoundCue(Sound::Undo)]);
}
