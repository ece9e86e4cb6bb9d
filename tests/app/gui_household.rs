//! A household at one table, headless: with players remembered, a new game asks who
//! plays which side and with what handicap, and their names go into the record; the
//! board turns to the side to move; a game finished between two players counts on
//! their pages, and Ctrl+Z of its end takes it back out of them.
#![cfg(feature = "gui")]

use crate::common;

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::{app, chord, fen, play, plies, until, with_library};
use xiangqi::app::actions::Action;
use xiangqi::app::go::GoTable;
use xiangqi::app::household::{Household, HouseholdCommand, Profile};
use xiangqi::app::schedule::GameKind;
use xiangqi::app::shell::model::{Overlay, Settings};
use xiangqi::app::xiangqi::model::{Model, NextHandicap};
use xiangqi::games::xiangqi::handicap::Handicap;
use xiangqi::rules::Notation;

use KeyCode::{ControlLeft, Enter, Escape, KeyR, KeyZ};

/// The household remembers these players (as the library would say them), of ids 1, 2…
pub(crate) fn with_players(app: &mut App, names: &[&str]) {
    let players = names
        .iter()
        .zip(1..)
        .map(|(n, id)| Profile {
            id,
            name: (*n).to_owned(),
            look: None,
            colour: None,
            games: Vec::new(),
        })
        .collect();
    app.world_mut().insert_resource(Household { players });
}

fn seat(app: &mut App, seats: [&str; 2]) {
    app.world_mut().resource_mut::<Settings>().seats = seats.map(str::to_owned);
}

fn tag(app: &App, name: &str) -> Option<String> {
    let record = app.world().resource::<Model>().record();
    record.tag(name).map(str::to_owned)
}

/// With players, Ctrl+R opens the dialog and leaves the game as it is; Enter starts the
/// game the dialog shows: the players at their sides (the record's Red and Black, the
/// day), a horse given (the position XQWizard starts 让单马 from, the handicap named in
/// the record), and Ctrl+Z brings the game before back.
#[test]
fn a_new_game_asks_who_plays_which_side_and_keeps_their_names_and_handicap() {
    let mut app = app();
    play(&mut app, "h2e2");
    with_players(&mut app, &["爸爸", "Mei"]);
    chord(&mut app, &[ControlLeft, KeyR]);
    assert!(
        app.world().resource::<Overlay>().new_game,
        "the dialog asks"
    );
    assert_eq!(
        plies(&app),
        1,
        "nothing starts before the players are chosen"
    );

    // What the dialog's choices leave: the seats and the handicap.
    seat(&mut app, ["爸爸", "Mei"]);
    app.world_mut().resource_mut::<NextHandicap>().0 = Handicap::Horse;
    chord(&mut app, &[Enter]);
    assert!(
        !app.world().resource::<Overlay>().new_game,
        "Start closes it"
    );
    assert_eq!(fen(&app), Handicap::Horse.position().to_fen());
    assert_eq!(tag(&app, "Red").as_deref(), Some("爸爸"));
    assert_eq!(tag(&app, "Black").as_deref(), Some("Mei"));
    assert_eq!(tag(&app, "Event").as_deref(), Some("让单马"));
    assert!(
        tag(&app, "Date").is_some_and(|d| d.len() == 10),
        "the day it was played"
    );
    let pgn = xiangqi::rules::pgn::write(&app.world().resource::<Model>().record(), Notation::Iccs);
    assert!(
        pgn.contains("[Red \"爸爸\"]") && pgn.contains("[Black \"Mei\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains(&Handicap::Horse.position().to_fen()),
        "its start: {pgn}"
    );
    // Red, a horse short, moves first.
    play(&mut app, "b0c2");
    assert_eq!(plies(&app), 1);

    chord(&mut app, &[ControlLeft, KeyZ]);
    chord(&mut app, &[ControlLeft, KeyZ]);
    assert_eq!(tag(&app, "Red"), None, "the game before comes back");
    assert_eq!(plies(&app), 1);
}

/// Esc closes the dialog and changes nothing; with no players, Ctrl+R starts a new game
/// at once, as it always did, and a guest's side has no name.
#[test]
fn esc_leaves_the_game_and_without_players_a_new_game_starts_at_once() {
    let mut app = app();
    play(&mut app, "h2e2");
    with_players(&mut app, &["Dad"]);
    chord(&mut app, &[ControlLeft, KeyR]);
    assert!(app.world().resource::<Overlay>().new_game);
    chord(&mut app, &[Escape]);
    assert!(
        !app.world().resource::<Overlay>().new_game,
        "Esc closes the dialog"
    );
    assert_eq!(plies(&app), 1, "and starts nothing");

    with_players(&mut app, &[]);
    seat(&mut app, ["", ""]);
    chord(&mut app, &[ControlLeft, KeyR]);
    assert!(!app.world().resource::<Overlay>().new_game);
    assert_eq!(plies(&app), 0, "a new game at once");
    assert_eq!(tag(&app, "Red"), None, "guests are not named");
}

/// At the Go table the seats are black and white: the record's PB and PW.
#[test]
fn a_go_game_between_players_names_black_and_white() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    with_players(&mut app, &["Dad", "美美"]);
    seat(&mut app, ["美美", "Dad"]);
    chord(&mut app, &[ControlLeft, KeyR]);
    assert!(app.world().resource::<Overlay>().new_game);
    chord(&mut app, &[Enter]);
    let table = app.world().resource::<GoTable>();
    assert_eq!(table.record().tag("PB"), Some("美美"));
    assert_eq!(table.record().tag("PW"), Some("Dad"));
    let sides = app
        .world()
        .resource::<xiangqi::app::shell::table::Tables>()
        .sides(GameKind("go"), xiangqi::i18n::Lang::Zh);
    assert_eq!(sides, ["黑方", "白方"]);
}

/// With the board turning, it is turned to the side to move after each move, and left
/// as it is when the setting is off.
#[test]
fn the_board_turns_to_the_side_to_move_after_each_move() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().turn_board = true;
    let flipped = |app: &App| app.world().resource::<Settings>().flipped;
    app.update();
    assert!(!flipped(&app), "red to move: red at the bottom");
    play(&mut app, "h2e2");
    app.update();
    assert!(flipped(&app), "black to move: black at the bottom");
    play(&mut app, "h9g7");
    app.update();
    assert!(!flipped(&app));
    chord(&mut app, &[ControlLeft, KeyZ]);
    app.update();
    assert!(flipped(&app), "a move taken back turns it back");

    app.world_mut().resource_mut::<Settings>().turn_board = false;
    play(&mut app, "h9g7");
    app.update();
    assert!(flipped(&app), "off: it stays");
}

fn score(app: &App, name: &str) -> Option<[u32; 3]> {
    let household = app.world().resource::<Household>();
    let player = household.players.iter().find(|p| p.name == name)?;
    Some(player.games.first().map_or([0, 0, 0], |g| g.score))
}

/// Two players added from the table, a game between them resigned: the loser's and the
/// winner's pages count it, head to head and rated; Ctrl+Z of the resignation takes it
/// back out of both.
#[test]
fn a_finished_game_counts_on_the_players_pages_and_undo_takes_it_back() {
    let mut app = with_library("household-finished");
    for name in ["Dad", "Mei"] {
        app.world_mut()
            .write_message(HouseholdCommand::Add(name.to_owned()));
    }
    until(&mut app, "the two players", |app| {
        app.world().resource::<Household>().players.len() == 2
    });
    seat(&mut app, ["Mei", "Dad"]);
    chord(&mut app, &[ControlLeft, KeyR]);
    chord(&mut app, &[Enter]);
    assert_eq!(tag(&app, "Red").as_deref(), Some("Mei"));
    play(&mut app, "h2e2 h9g7");
    // Red to move resigns: Dad (black) wins.
    app.world_mut().write_message(Action::Resign);
    app.update();
    until(&mut app, "the game counted", |app| {
        score(app, "Dad") == Some([1, 0, 0]) && score(app, "Mei") == Some([0, 0, 1])
    });
    {
        let household = app.world().resource::<Household>();
        let dad = household.players.iter().find(|p| p.name == "Dad").unwrap();
        let game = &dad.games[0];
        assert_eq!(game.opponents, [("Mei".to_owned(), [1, 0, 0])]);
        let (rating, _) = game.rating.expect("rated");
        assert!(rating > 1500.0, "a win raises the rating: {rating}");
        assert_eq!(game.last.len(), 1);
    }

    chord(&mut app, &[ControlLeft, KeyZ]);
    assert!(
        app.world().resource::<Model>().outcome().is_none(),
        "the game goes on"
    );
    until(&mut app, "the game taken back out", |app| {
        score(app, "Dad") == Some([0, 0, 0]) && score(app, "Mei") == Some([0, 0, 0])
    });
}

/// "This is me": the table takes the player's look (language, board, pieces, sound);
/// a change of it while they are "me" is asked to be kept as theirs; choosing them
/// again lets go, and the look stays as it is.
#[test]
fn the_table_wears_the_look_of_the_player_who_is_me() {
    use xiangqi::app::household::PlayerLook;
    use xiangqi::i18n::Lang;
    use xiangqi::theme::{PieceStyle, Theme};
    let mut app = app();
    let mei = PlayerLook {
        lang: Lang::En,
        theme: Theme::Dark,
        pieces: PieceStyle::International,
        sound: false,
    };
    let players = vec![Profile {
        id: 7,
        name: "Mei".to_owned(),
        look: Some(mei),
        colour: None,
        games: Vec::new(),
    }];
    app.world_mut().insert_resource(Household { players });
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.lang = Lang::Zh;
        settings.theme = Theme::Wood;
    }
    app.world_mut()
        .write_message(HouseholdCommand::Me("Mei".to_owned()));
    app.update();
    app.update();
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.me, "Mei");
    assert_eq!(PlayerLook::of(&settings), mei, "the table wears Mei's look");
    common::headless::drain::<HouseholdCommand>(&mut app);

    app.world_mut().resource_mut::<Settings>().theme = Theme::Paper;
    app.update();
    let asked = common::headless::drain::<HouseholdCommand>(&mut app);
    let kept = PlayerLook {
        theme: Theme::Paper,
        ..mei
    };
    assert!(
        asked.contains(&HouseholdCommand::SetLook(7, kept)),
        "the change kept as Mei's: {asked:?}"
    );

    app.world_mut()
        .write_message(HouseholdCommand::Me("Mei".to_owned()));
    app.update();
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.me, "", "chosen again: nobody");
    assert_eq!(settings.theme, Theme::Paper, "the look stays");
}

/// A game counted stays counted when a move of the next game is taken back; a game of
/// a player's page opens at the table.
#[test]
fn an_undo_in_the_next_game_leaves_the_last_one_counted_and_a_page_opens_a_game() {
    let mut app = with_library("household-next-game");
    for name in ["Dad", "Mei"] {
        app.world_mut()
            .write_message(HouseholdCommand::Add(name.to_owned()));
    }
    until(&mut app, "the two players", |app| {
        app.world().resource::<Household>().players.len() == 2
    });
    seat(&mut app, ["Dad", "Mei"]);
    chord(&mut app, &[ControlLeft, KeyR]);
    chord(&mut app, &[Enter]);
    play(&mut app, "h2e2 h9g7");
    app.world_mut().write_message(Action::Resign);
    app.update();
    until(&mut app, "the game counted", |app| {
        score(app, "Dad") == Some([0, 0, 1])
    });

    // The next game, a move and its undo.
    chord(&mut app, &[ControlLeft, KeyR]);
    chord(&mut app, &[Enter]);
    assert_eq!(plies(&app), 0);
    play(&mut app, "b2e2");
    chord(&mut app, &[ControlLeft, KeyZ]);
    assert_eq!(plies(&app), 0);
    // Whatever the library was asked is done, and the players said again.
    let link = app.world().resource::<xiangqi::app::library::LibraryLink>();
    link.0.as_ref().unwrap().ask(xiangqi::library::Job::Players);
    let start = std::time::Instant::now();
    while app
        .world()
        .resource::<xiangqi::app::library::LibraryLink>()
        .0
        .as_ref()
        .unwrap()
        .busy()
    {
        assert!(start.elapsed().as_secs() < 20);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    app.update();
    app.update();
    assert_eq!(score(&app, "Dad"), Some([0, 0, 1]), "still counted");

    // Dad's page: the game opens.
    let id = {
        let household = app.world().resource::<Household>();
        let dad = household.players.iter().find(|p| p.name == "Dad").unwrap();
        dad.games[0].last[0].1
    };
    app.world_mut().write_message(HouseholdCommand::Open(id));
    until(&mut app, "the game opened", |app| plies(app) == 2);
    assert_eq!(tag(&app, "Red").as_deref(), Some("Dad"));
}
