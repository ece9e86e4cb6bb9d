//! The computer's levels at the table, headless: a player's games against a level move
//! them up its ladder (three wins in a row), which the household then says; a Go level
//! that gives stones starts the game with them, GNU Go at white under its level's name.
#![cfg(feature = "gui")]

use crate::common;

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{app, chord, play, reopened, until, with_library};
use xiangqi::app::actions::Action;
use xiangqi::app::go::{GoCommand, GoSetup, GoTable};
use xiangqi::app::household::{Household, HouseholdCommand};
use xiangqi::app::schedule::GameKind;
use xiangqi::app::shell::model::Settings;
use xiangqi::app::xiangqi::messages::EngineCommand;
use xiangqi::app::xiangqi::model::Model;
use xiangqi::rules::Color;

use KeyCode::{ControlLeft, Enter, KeyR};

/// Mei wins three games in a row against level 2, chosen as the computer's: the app
/// names Black by its level in the record, and the household, reading that name, puts
/// her at level 3, her run begun afresh.
#[test]
fn three_wins_in_a_row_against_a_level_move_a_player_up_its_ladder() {
    let mut app = with_library("levels-ladder");
    app.world_mut()
        .write_message(HouseholdCommand::Add("Mei".to_owned()));
    until(&mut app, "Mei", |app| {
        app.world().resource::<Household>().players.len() == 1
    });
    let ladder = |app: &App| app.world().resource::<Household>().ladder("Mei", "xiangqi");
    assert_eq!(ladder(&app), None, "no game against a level yet");
    app.world_mut().resource_mut::<Settings>().seats = ["Mei".to_owned(), String::new()];
    let computer = |app: &mut App, side: Option<Color>| {
        app.world_mut()
            .write_message(Action::own(EngineCommand::SetComputer(side)));
        app.world_mut()
            .write_message(Action::own(EngineCommand::SetLevel(Some(2))));
        app.update();
    };
    for (won, opening) in (1..=3u8).zip(["h2e2", "b2e2", "h0g2"]) {
        computer(&mut app, Some(Color::Black));
        chord(&mut app, &[ControlLeft, KeyR]);
        chord(&mut app, &[Enter]);
        assert_eq!(
            app.world().resource::<Model>().record().tag("Black"),
            Some("Fairy-Stockfish level 2"),
            "the app names the computer's seat by its level"
        );
        // The computer set aside once named, so that its move does not race Black's
        // resignation below.
        computer(&mut app, None);
        // Each game its own (the library keeps one copy of a game).
        play(&mut app, opening);
        // Black, to move, resigns: Mei wins.
        app.world_mut().write_message(Action::Resign);
        app.update();
        let what = format!(
            "win {won} counted: {:?}",
            app.world().resource::<Household>()
        );
        until(&mut app, &what, |app| {
            ladder(app).is_some_and(|l| l.wins == won % 3 && (won < 3 || l.level == 3))
        });
    }
    let l = ladder(&app).unwrap();
    assert_eq!((l.level, l.wins, l.losses), (3, 0, 0));
}

/// Go level 1 gives six stones: chosen with GNU Go playing, the next game starts with
/// six black stones, GNU Go at white to move, named by its level in the record.
#[test]
fn a_go_level_that_gives_stones_starts_the_game_with_them() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    app.world_mut()
        .write_message(Action::own(GoCommand::Computer(Some(
            xiangqi::go::Color::Black,
        ))));
    app.world_mut()
        .write_message(Action::own(GoCommand::Level(Some(1))));
    app.update();
    app.world_mut()
        .write_message(Action::own(GoCommand::New(GoSetup {
            computer: Some(xiangqi::go::Color::Black),
            level: Some(1),
            ..GoSetup::of(9, 0)
        })));
    app.update();
    let table = app.world().resource::<GoTable>();
    let start = table.game().start();
    assert_eq!(start.board().stones(xiangqi::go::Color::Black).len(), 6);
    assert_eq!(start.to_move(), xiangqi::go::Color::White);
    assert_eq!(table.setup.computer, Some(xiangqi::go::Color::White));
    assert_eq!(table.record().tag("PW"), Some("GNU Go level 1"));
    assert_eq!(table.game().rules().komi, 0.5);
    // Two players next (issue 91): the next game is even, with the rules' own komi.
    app.world_mut()
        .write_message(Action::own(GoCommand::Computer(None)));
    app.update();
    app.world_mut().write_message(Action::NewGame);
    app.update();
    let table = app.world().resource::<GoTable>();
    let start = table.game().start();
    assert!(start.board().stones(xiangqi::go::Color::Black).is_empty());
    assert_eq!(start.to_move(), xiangqi::go::Color::Black);
    assert_eq!(
        table.game().rules().komi,
        GoSetup::of(9, 0).rules().komi,
        "an even game's komi"
    );
}

/// The Go level chosen is kept in the settings file and is there when the game opens
/// again.
#[test]
fn the_go_level_is_kept_when_the_game_opens_again() {
    let mut app = with_library("levels-go-kept");
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    app.world_mut()
        .write_message(Action::own(GoCommand::Level(Some(4))));
    app.update();
    assert_eq!(app.world().resource::<GoTable>().setup.level, Some(4));
    let file = xiangqi::storage::Dirs::under(
        &std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("levels-go-kept"),
    )
    .settings();
    until(&mut app, "the settings file written", |_| {
        std::fs::read_to_string(&file).is_ok_and(|t| t.contains("go_level: 4"))
    });
    drop(app);
    let again = reopened("levels-go-kept");
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert_eq!(
        again.world().resource::<GoTable>().setup.level,
        Some(4),
        "{kept}"
    );
}

/// The program reads the settings file before the games are added (for the window's
/// size): each game still takes its own fields from it, Xiangqi's computer and Go's
/// level alike.
#[test]
fn each_games_fields_are_read_when_the_file_is_read_before_the_games_come() {
    use xiangqi::app::store::persist::DataDirs;
    use xiangqi::settings::XiangqiSettings;
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("levels-file-first");
    let _ = std::fs::remove_dir_all(&root);
    let dirs = xiangqi::storage::Dirs::under(&root);
    std::fs::create_dir_all(&dirs.config).unwrap();
    std::fs::write(
        dirs.settings(),
        "(computer: \"black\", strength: \"depth 3\", level: 0, go_level: 4)\n",
    )
    .unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<bevy::input::keyboard::KeyboardInput>()
        .add_message::<bevy::window::FileDragAndDrop>()
        .insert_resource(DataDirs(Some(dirs)))
        .add_plugins(xiangqi::app::files_plugin)
        .add_plugins(xiangqi::app::core_plugin);
    app.update();
    let xq = app.world().resource::<XiangqiSettings>();
    assert_eq!(xq.computer, Some(Color::Black));
    assert_eq!(xq.level, None);
    assert_eq!(app.world().resource::<GoTable>().setup.level, Some(4));
}
