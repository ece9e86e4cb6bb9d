//! The help at the table, headless, in both games: with warnings at one seat, a move
//! that gives a piece or a group away is held back and asked about; "Choose another
//! move" drops it, "Play it anyway" or the same move again plays it. The other seat is
//! never asked, and the help is kept in the settings file.
#![cfg(feature = "gui")]

use crate::common;

use bevy::prelude::*;
use common::headless::{app, drag, play, plies};
use table::learn::Help;
use table::learn::shell::{Asked, TutorAnswer};
use xiangqi::app::go::{GoCommand, GoTable};
use xiangqi::app::shell::model::Settings;
use xiangqi::app::{Action, GameKind};
use xiangqi::games::go::GoSetup;
use xiangqi::go::{Move, Point};

fn asked(app: &App, slug: &str) -> Option<String> {
    let asked = app.world().resource::<Asked>();
    asked.0.get(slug).map(|t| t.1.clone())
}

fn answer(app: &mut App, slug: &'static str, play: bool) {
    app.world_mut().write_message(TutorAnswer { slug, play });
    app.update();
    app.update();
}

#[test]
fn xiangqi_warnings_hold_a_move_for_the_helped_side_only() {
    let mut app = app();
    play(&mut app, "h2e2 b9c7");
    app.world_mut().resource_mut::<Settings>().help = [Help::Warnings, Help::None];
    // 炮五进四 takes a soldier and the horse takes the cannon back.
    drag(&mut app, "e2", "e6");
    assert_eq!(plies(&app), 2, "held back");
    assert_eq!(
        asked(&app, "xiangqi").as_deref(),
        Some("Are you sure? Your cannon on e6 can be taken for nothing.")
    );
    answer(&mut app, "xiangqi", false);
    assert_eq!(asked(&app, "xiangqi"), None);
    assert_eq!(plies(&app), 2);
    // Asked again; the same move a second time plays it.
    drag(&mut app, "e2", "e6");
    assert!(asked(&app, "xiangqi").is_some());
    drag(&mut app, "e2", "e6");
    assert_eq!(plies(&app), 3);
    assert_eq!(asked(&app, "xiangqi"), None);
    // Black has no help: its horse takes, and a blunder of its own is not asked about.
    drag(&mut app, "c7", "e6");
    assert_eq!(plies(&app), 4);
    // A quiet move of Red's is not asked about.
    let before = plies(&app);
    drag(&mut app, "g3", "g4");
    assert_eq!(plies(&app), before + 1, "{:?}", asked(&app, "xiangqi"));
}

#[test]
fn xiangqi_play_it_anyway_plays_the_move_held() {
    let mut app = app();
    play(&mut app, "h2e2 b9c7");
    app.world_mut().resource_mut::<Settings>().help = [Help::Warnings, Help::None];
    drag(&mut app, "e2", "e6");
    assert_eq!(plies(&app), 2);
    // Esc drops the question; the move asked again is played from the panel.
    app.world_mut().write_message(Action::Cancel);
    app.update();
    app.update();
    assert_eq!(asked(&app, "xiangqi"), None);
    drag(&mut app, "e2", "e6");
    assert!(asked(&app, "xiangqi").is_some());
    answer(&mut app, "xiangqi", true);
    assert_eq!(plies(&app), 3);
    assert_eq!(asked(&app, "xiangqi"), None);
}

#[test]
fn go_warnings_hold_a_stone_that_puts_its_group_in_atari() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.world_mut()
        .write_message(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    app.update();
    app.update();
    let stone = |app: &mut App, name: &str| {
        let p = Point::from_gtp(name, 9).unwrap();
        app.world_mut()
            .write_message(Action::own(GoCommand::Play(Move::Play(p))));
        app.update();
        app.update();
    };
    let moves = |app: &App| app.world().resource::<GoTable>().game().moves().len();
    for s in ["A9", "B8", "B9", "C8", "J1", "D9"] {
        stone(&mut app, s);
    }
    assert_eq!(moves(&app), 6);
    app.world_mut().resource_mut::<Settings>().help = [Help::Warnings, Help::None];
    stone(&mut app, "C9");
    assert_eq!(moves(&app), 6, "held back");
    assert_eq!(
        asked(&app, "go").as_deref(),
        Some(
            "Are you sure? This leaves your 3 stones one liberty: the other side takes them at A8."
        )
    );
    // The Xiangqi table has no question of its own.
    assert_eq!(asked(&app, "xiangqi"), None);
    answer(&mut app, "go", true);
    assert_eq!(moves(&app), 7);
    // White, unhelped, takes them.
    stone(&mut app, "A8");
    assert_eq!(moves(&app), 8);
    assert_eq!(asked(&app, "go"), None);
}

#[test]
fn the_help_is_kept_in_the_settings_file() {
    let prefs =
        xiangqi::settings::Preferences::from_text("(help: (\"warnings\", \"nonsense\"))").unwrap();
    assert_eq!(prefs.settings.help, [Help::Warnings, Help::None]);
    let again = xiangqi::settings::Preferences::from_text(&prefs.to_text()).unwrap();
    assert_eq!(again.settings.help, [Help::Warnings, Help::None]);
}
