//! Lessons, headless, in both games: the map's level opens on the table's board with the
//! game put aside; the learner's clicks are judged (a check refused where the other side
//! does not move, a wrong move fails a mate, the defence answers), the stars are kept in
//! the data folder for the learner, and leaving brings the game back as it was.
#![cfg(feature = "gui")]

use crate::common;

use bevy::prelude::*;
use common::headless::{app_with, fen, play};
use table::learn::progress::Progress;
use table::learn::shell::{LearnCommand, Learning, LessonState};
use xiangqi::app::GameKind;
use xiangqi::app::actions::Action;
use xiangqi::app::store::persist::DataDirs;
use xiangqi::app::xiangqi::model::Mode;
use xiangqi::storage::Dirs;

fn learn(app: &mut App, command: LearnCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

/// How the lesson open at the table stands (the game on the table's).
fn state(app: &App) -> Option<LessonState> {
    let learning = app.world().resource::<Learning>();
    let slug = app.world().resource::<State<GameKind>>().get().0;
    learning.lesson(slug).map(|l| l.state.clone())
}

/// The slug of the game on the table.
fn slug_on(app: &App) -> &'static str {
    app.world().resource::<State<GameKind>>().get().0
}

fn level_of(game: &'static str, id: &str) -> (&'static str, usize, usize) {
    let course = match game {
        "go" => xiangqi::games::go::lessons::cards(),
        _ => xiangqi::games::xiangqi::lessons::cards(),
    };
    course
        .levels()
        .find(|(_, _, c)| c.id == id)
        .map(|(s, l, _)| (game, s, l))
        .unwrap()
}

fn home(name: &str) -> Dirs {
    let home = std::env::temp_dir().join(format!("xiangqi-lessons-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    Dirs::under(&home)
}

#[test]
fn a_xiangqi_lesson_is_played_starred_kept_and_left() {
    let dirs = home("xq");
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    play(&mut app, "h2e2 h9g7");
    let game = fen(&app);

    // The chariot's first level: one move to the star.
    let (g, s, l) = level_of("xiangqi", "chariot-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Lesson);
    let level = &xiangqi::games::xiangqi::lessons::course()[s].levels[l];
    assert_eq!(fen(&app), level.start.to_fen());
    // A wasted move first: the other side does not move, the turn comes back.
    play(&mut app, "a0a1");
    assert_eq!(state(&app), Some(LessonState::Going));
    play(&mut app, "a1a5");
    assert_eq!(
        state(&app),
        Some(LessonState::Passed(2)),
        "one move over par: two stars"
    );
    // Again, at par: three stars, the best kept.
    learn(&mut app, LearnCommand::Retry);
    assert_eq!(fen(&app), level.start.to_fen());
    play(&mut app, "a0a5");
    assert_eq!(state(&app), Some(LessonState::Passed(3)));
    // Passed, the board takes no more moves until Retry, Next or Leave.
    let passed = fen(&app);
    play(&mut app, "a5a6");
    assert_eq!(fen(&app), passed);
    app.update();
    let kept = std::fs::read_to_string(dirs.lessons()).unwrap();
    assert_eq!(
        Progress::from_text(&kept).stars("", "xiangqi", "chariot-1"),
        3,
        "{kept}"
    );
    // N, once passed, goes on to the next level.
    common::headless::chord(&mut app, &[bevy::input::keyboard::KeyCode::KeyN]);
    app.update();
    assert_eq!(
        app.world()
            .resource::<Learning>()
            .lesson("xiangqi")
            .unwrap()
            .id,
        "chariot-2"
    );

    // A check where the other side does not move is refused, the board as it was.
    let (g, s, l) = level_of("xiangqi", "cannon-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    let before = fen(&app);
    play(&mut app, "b2b4");
    play(&mut app, "b4e4");
    let lesson = app
        .world()
        .resource::<Learning>()
        .lesson("xiangqi")
        .cloned()
        .unwrap();
    assert!(lesson.note.is_some(), "the check is refused with a reason");
    assert_ne!(fen(&app), before, "the first move stood");
    assert_eq!(
        app.world()
            .resource::<xiangqi::app::xiangqi::model::Model>()
            .game()
            .position()
            .piece_at(common::headless::sq("b4"))
            .map(|p| p.role),
        Some(xiangqi::rules::Role::Cannon),
        "the checking move was taken back"
    );

    // A mate in two: a wrong first move fails; the right ones are answered and mate.
    let (g, s, l) = level_of("xiangqi", "two-chariots-2");
    learn(&mut app, LearnCommand::Open(g, s, l));
    play(&mut app, "f0f1");
    assert!(
        matches!(state(&app), Some(LessonState::Failed(_))),
        "{:?}",
        state(&app)
    );
    learn(&mut app, LearnCommand::Retry);
    play(&mut app, "b6b8");
    assert_eq!(state(&app), Some(LessonState::Going));
    assert_eq!(
        xiangqi::rules::Position::from_fen(&fen(&app))
            .unwrap()
            .turn(),
        xiangqi::rules::Color::Red,
        "the defence answered"
    );
    play(&mut app, "a7a9");
    assert_eq!(state(&app), Some(LessonState::Passed(3)));

    // Next opens the level after it; leaving brings the game back.
    learn(&mut app, LearnCommand::Next);
    assert_eq!(
        app.world()
            .resource::<Learning>()
            .lesson(slug_on(&app))
            .unwrap()
            .id,
        "two-chariots-3"
    );
    learn(&mut app, LearnCommand::Leave);
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Play);
    assert_eq!(fen(&app), game);
    assert!(
        app.world()
            .resource::<Learning>()
            .lesson("xiangqi")
            .is_none()
    );
}

#[test]
fn a_go_lesson_is_played_and_left_and_capture_go_is_answered() {
    use xiangqi::app::go::{GoCommand, GoTable};
    use xiangqi::go::{Move, Point};
    let dirs = home("go");
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    let before = app
        .world()
        .resource::<GoTable>()
        .game()
        .position()
        .board()
        .diagram();
    let stone = |app: &mut App, name: &str| {
        let size = app.world().resource::<GoTable>().size();
        let p = Point::from_gtp(name, size).unwrap();
        app.world_mut()
            .write_message(Action::own(GoCommand::Play(Move::Play(p))));
        app.update();
        app.update();
    };

    // Two liberties on the edge, white passing: two stones take it.
    let (g, s, l) = level_of("go", "liberties-2");
    learn(&mut app, LearnCommand::Open(g, s, l));
    let level = &xiangqi::games::go::lessons::course()[s].levels[l];
    assert_eq!(
        app.world()
            .resource::<GoTable>()
            .game()
            .position()
            .board()
            .diagram(),
        level.start.board().diagram()
    );
    stone(&mut app, "C2");
    assert_eq!(state(&app), Some(LessonState::Going));
    stone(&mut app, "D1");
    assert_eq!(state(&app), Some(LessonState::Passed(3)));

    // The edge against defence: the reader answers each stone.
    let (g, s, l) = level_of("go", "capture-2");
    learn(&mut app, LearnCommand::Open(g, s, l));
    stone(&mut app, "A1");
    assert!(
        matches!(state(&app), Some(LessonState::Failed(_))),
        "a wrong stone lets it run: {:?}",
        state(&app)
    );
    learn(&mut app, LearnCommand::Retry);
    stone(&mut app, "D3");
    assert_eq!(state(&app), Some(LessonState::Passed(3)));

    // Capture Go against the capture player: every stone gets an answer.
    let (g, s, l) = level_of("go", "capture-go-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    stone(&mut app, "C3");
    let table = app.world().resource::<GoTable>();
    assert_eq!(table.game().moves().len(), 2, "the capture player answered");

    // Leaving brings the Go game back.
    learn(&mut app, LearnCommand::Leave);
    assert_eq!(
        app.world()
            .resource::<GoTable>()
            .game()
            .position()
            .board()
            .diagram(),
        before
    );
}

#[test]
fn the_last_xiangqi_level_is_a_game_against_level_one_and_go_counts_and_passes() {
    use xiangqi::app::xiangqi::messages::GameEnded;
    use xiangqi::rules::{Color, Outcome, Termination};
    let dirs = home("game");
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    let (g, s, l) = level_of("xiangqi", "first-game-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    // A real game: the table plays, the computer is black at level 1.
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Play);
    let xq = app.world().resource::<xiangqi::settings::XiangqiSettings>();
    assert_eq!((xq.computer, xq.level), (Some(Color::Black), Some(1)));
    assert_eq!(state(&app), Some(LessonState::Going));
    app.world_mut()
        .write_message(GameEnded(Outcome::win(Color::Red, Termination::Checkmate)));
    app.update();
    assert_eq!(state(&app), Some(LessonState::Passed(3)));

    // Go: a count is answered in the lesson's lines; a seki is passed.
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    let (g, s, l) = level_of("go", "counting-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    assert!(
        app.world()
            .resource::<Learning>()
            .lesson(slug_on(&app))
            .unwrap()
            .asks_number
    );
    learn(&mut app, LearnCommand::Answer(-4));
    assert!(matches!(state(&app), Some(LessonState::Failed(_))));
    learn(&mut app, LearnCommand::Retry);
    learn(&mut app, LearnCommand::Answer(-5));
    assert_eq!(state(&app), Some(LessonState::Passed(3)));
    let (g, s, l) = level_of("go", "seki-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    learn(&mut app, LearnCommand::Pass);
    assert_eq!(state(&app), Some(LessonState::Passed(3)));
}

#[test]
fn a_lesson_at_each_table_stays_its_own() {
    let dirs = home("both");
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    let game = fen(&app);
    let (g, s, l) = level_of("xiangqi", "horse-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    let (g, s, l) = level_of("go", "atari-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("xiangqi")));
    app.update();
    app.update();
    // Back at Xiangqi, its own lesson is still open, its lines shown, and leaving it
    // leaves Go's alone.
    let learning = app.world().resource::<Learning>();
    assert_eq!(learning.lesson("xiangqi").unwrap().id, "horse-1");
    learn(&mut app, LearnCommand::Leave);
    assert_eq!(fen(&app), game);
    let learning = app.world().resource::<Learning>();
    assert!(learning.lesson("xiangqi").is_none());
    assert_eq!(learning.lesson("go").unwrap().id, "atari-1");
}

#[test]
fn a_lesson_opened_over_a_puzzle_waits_for_the_game_to_come_back() {
    use xiangqi::app::xiangqi::train::TrainCommand;
    let dirs = home("over-puzzle");
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    play(&mut app, "h2e2 h9g7");
    let game = fen(&app);
    app.world_mut()
        .write_message(Action::own(TrainCommand::Open(Some(0))));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Train);
    let (g, s, l) = level_of("xiangqi", "chariot-1");
    learn(&mut app, LearnCommand::Open(g, s, l));
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Lesson);
    let level = &xiangqi::games::xiangqi::lessons::course()[s].levels[l];
    assert_eq!(fen(&app), level.start.to_fen());
    learn(&mut app, LearnCommand::Leave);
    assert_eq!(fen(&app), game, "the game, not the puzzle, comes back");
}
