//! The Go table without GNU Go (this test binary hides it: `GNUGO` names nothing): the
//! territory (A), a hint (H) and a review (R) each say GNU Go is missing, and the game
//! goes on. Headless, with keys given as the window gives them.
#![cfg(feature = "gui")]

mod common;

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{app, chord, drain};
use xiangqi::app::actions::Action;
use xiangqi::app::go::{GoCommand, GoSetup, GoTable};
use xiangqi::app::messages::Notice;
use xiangqi::app::schedule::GameKind;
use xiangqi::go::{Move, Point};

fn stone(app: &mut App, name: &str) {
    let p = Point::from_gtp(name, 9).unwrap();
    app.world_mut()
        .write_message(Action::own(GoCommand::Play(Move::Play(p))));
    app.update();
}

/// Frames until a notice saying `what` comes (GNU Go's questions run on threads).
fn said(app: &mut App, what: &str) -> String {
    for _ in 0..400 {
        app.update();
        if let Some(n) = drain::<Notice>(app)
            .into_iter()
            .find(|n| n.text.contains(what))
        {
            return n.text;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("no notice saying {what}");
}

#[test]
fn without_gnu_go_the_territory_a_hint_and_a_review_say_so_and_the_game_goes_on() {
    // SAFETY: set before any thread of this binary reads the environment (its one test).
    unsafe { std::env::set_var("GNUGO", "") };
    let mut app = app();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    app.world_mut()
        .write_message(Action::own(GoCommand::New(GoSetup::of(9, 0))));
    app.update();
    stone(&mut app, "E5");
    for key in [KeyCode::KeyA, KeyCode::KeyH, KeyCode::KeyR] {
        drain::<Notice>(&mut app);
        chord(&mut app, &[key]);
        let text = said(&mut app, "not installed");
        assert!(text.contains("GNU Go"), "{key:?}: {text}");
    }
    // The territory turned itself off rather than wait for nothing.
    assert!(
        !app.world()
            .resource::<xiangqi::app::go::gnugo::territory::Territory>()
            .shown
    );
    stone(&mut app, "D4");
    stone(&mut app, "C3");
    assert_eq!(app.world().resource::<GoTable>().game().moves().len(), 3);
}
