//! What a parent and a child met in their first hour at the table (issue 68), headless:
//! Esc closes the innermost thing open and never quits while anything is.
#![cfg(feature = "gui")]

use crate::common;

use bevy::app::AppExit;
use bevy::prelude::*;
use common::headless::{app, chord, drag, drain, play, plies};
use table::learn::Help;
use table::learn::shell::{Asked, LearnCommand, Learning};
use xiangqi::app::GameKind;
use xiangqi::app::actions::Action;
use xiangqi::app::shell::model::{Overlay, Settings};

fn asked(app: &App, slug: &str) -> bool {
    app.world().resource::<Asked>().0.contains_key(slug)
}

fn quit(app: &mut App) -> bool {
    !drain::<AppExit>(app).is_empty()
}

/// The Go table, lesson `(stage, level)` open on it.
fn go_lesson(app: &mut App, (stage, level): (usize, usize)) {
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.update();
    app.world_mut()
        .write_message(LearnCommand::Open("go", stage, level));
    app.update();
    app.update();
}

#[test]
fn esc_on_the_warnings_question_chooses_another_move_and_does_not_quit() {
    let mut app = app();
    play(&mut app, "h2e2 b9c7");
    app.world_mut().resource_mut::<Settings>().help = [Help::Warnings, Help::None];
    drain::<AppExit>(&mut app);
    // 炮五进四 is held and asked about; nothing is selected any more.
    drag(&mut app, "e2", "e6");
    assert!(asked(&app, "xiangqi"));
    chord(&mut app, &[KeyCode::Escape]);
    app.update();
    assert!(!quit(&mut app), "Esc on the question must not quit");
    assert!(!asked(&app, "xiangqi"), "Esc chose another move");
    assert_eq!(plies(&app), 2, "the move held back was not played");
    // With nothing open a moment later, Esc quits (the autosave is written as it does).
    common::headless::a_moment_later(&mut app);
    chord(&mut app, &[KeyCode::Escape]);
    assert!(quit(&mut app));
}

#[test]
fn esc_in_a_go_lesson_leaves_the_lesson_and_does_not_quit() {
    let mut app = app();
    let at = xiangqi::games::go::lessons::cards()
        .levels()
        .find(|(_, _, c)| c.id == "liberties-2")
        .map(|(s, l, _)| (s, l))
        .unwrap();
    go_lesson(&mut app, at);
    let open = |app: &App| app.world().resource::<Learning>().lesson("go").is_some();
    assert!(open(&app));
    drain::<AppExit>(&mut app);
    chord(&mut app, &[KeyCode::Escape]);
    app.update();
    assert!(!quit(&mut app), "Esc in a lesson must not quit");
    assert!(!open(&app), "Esc left the lesson");
}

#[test]
fn esc_with_a_menu_open_quits_nothing() {
    let mut app = app();
    drain::<AppExit>(&mut app);
    app.world_mut().resource_mut::<Overlay>().menu = true;
    chord(&mut app, &[KeyCode::Escape]);
    assert!(!quit(&mut app), "Esc closes the menu, not the program");
    assert!(
        drain::<Action>(&mut app).is_empty(),
        "and does nothing else"
    );
    app.world_mut().resource_mut::<Overlay>().menu = false;
    common::headless::a_moment_later(&mut app);
    chord(&mut app, &[KeyCode::Escape]);
    assert!(quit(&mut app));
}

/// Go's first lesson: the white stone to capture stays a white stone under its mark
/// (it was hidden under a solid green disc).
#[test]
fn a_go_lessons_stone_to_capture_stays_visible_under_its_triangle() {
    use xiangqi::app::go::GoTable;
    use xiangqi::app::go::view::lesson_marks;
    use xiangqi::picture::goban::{GobanPainter, Marks};
    let mut app = app();
    go_lesson(&mut app, (0, 0));
    let targets = xiangqi::app::go::learn::lessons::targets(
        app.world()
            .resource::<table::learn::lessons::Lessoning<xiangqi::app::go::game::Go>>(),
    );
    assert_eq!(targets.len(), 1, "one stone to capture");
    let table = app.world().resource::<GoTable>();
    let pos = *table.game().position();
    let target = targets[0];
    assert_eq!(
        pos.board().get(target),
        Some(xiangqi::go::Color::White),
        "the mark is on the white stone"
    );
    let size = pos.board().size();
    let mut painter = GobanPainter::new(size, 600, true, Default::default());
    let marks = Marks {
        markup: lesson_marks(table.markup(), &targets),
        ..Marks::default()
    };
    let pixmap = painter.draw_marked(&pos, None, &marks);
    let geometry = painter.geometry();
    let (x, y) = geometry.pixel(target);
    let cell = geometry.pixel(xiangqi::go::Point::new(1, 0)).0
        - geometry.pixel(xiangqi::go::Point::new(0, 0)).0;
    let at = |dx: f32, dy: f32| {
        let c = pixmap
            .pixel((x + dx * cell) as u32, (y + dy * cell) as u32)
            .unwrap()
            .demultiply();
        (c.red(), c.green(), c.blue())
    };
    // Beside the triangle and in its middle: the stone's own white.
    for (dx, dy) in [(0.36, 0.0), (-0.36, 0.0), (0.0, 0.05)] {
        let (r, g, b) = at(dx, dy);
        assert!(
            r > 190 && g > 190 && b > 190 && r.abs_diff(g) < 30,
            "the stone shows white at ({dx}, {dy}): {:?}",
            (r, g, b)
        );
    }
    // The triangle itself is drawn in dark ink: its left foot.
    let dark = (0..12).any(|i| {
        let (r, g, b) = at(-0.24 + i as f32 * 0.02, 0.168);
        r < 90 && g < 90 && b < 90
    });
    assert!(dark, "the triangle shows on the stone");
}

/// The opponent chosen in the new-game dialog waits for Start: the game in progress
/// goes on between two people until then.
#[test]
fn the_opponent_chosen_in_the_dialog_waits_for_start() {
    use xiangqi::app::xiangqi::model::NextOpponent;
    use xiangqi::rules::Color;
    use xiangqi::settings::XiangqiSettings;
    let mut app = app();
    play(&mut app, "h2e2 h9g7");
    // What clicking "the computer plays black" and level 2 in the dialog leaves.
    *app.world_mut().resource_mut::<NextOpponent>() = NextOpponent {
        computer: Some(Some(Color::Black)),
        level: Some(Some(2)),
    };
    app.update();
    app.update();
    let xq = app.world().resource::<XiangqiSettings>();
    assert_eq!(xq.computer, None, "the game in progress is not changed");
    assert_eq!(plies(&app), 2);
    app.world_mut().write_message(Action::StartGame);
    for _ in 0..4 {
        app.update();
    }
    let xq = app.world().resource::<XiangqiSettings>();
    assert_eq!((xq.computer, xq.level), (Some(Color::Black), Some(2)));
    assert_eq!(plies(&app), 0, "a new game");
    assert_eq!(
        *app.world().resource::<NextOpponent>(),
        NextOpponent::default()
    );
}

/// The computer comes to a new table at level 1, and to a player of the household at
/// their ladder's level, even after depth or time was chosen.
#[test]
fn the_computer_starts_at_a_level() {
    use xiangqi::app::xiangqi::messages::EngineCommand;
    use xiangqi::rules::Color;
    use xiangqi::settings::XiangqiSettings;
    assert_eq!(XiangqiSettings::default().level, Some(1));
    let mut app = app();
    crate::gui_household::with_players(&mut app, &["Mei"]);
    app.world_mut().resource_mut::<Settings>().seats = ["Mei".to_owned(), String::new()];
    app.world_mut().resource_mut::<XiangqiSettings>().level = None;
    app.world_mut()
        .write_message(Action::own(EngineCommand::SetComputer(Some(Color::Black))));
    app.update();
    app.update();
    let xq = app.world().resource::<XiangqiSettings>();
    assert_eq!((xq.computer, xq.level), (Some(Color::Black), Some(1)));
}

/// After leaving a lesson its line is gone from the status line; Ctrl+Shift+R inside a
/// lesson leaves it and opens the new-game dialog; the first level of the chariot names
/// it as the board draws it.
#[test]
fn a_lesson_left_takes_its_line_and_a_new_game_asked_leaves_it() {
    use table::panel::status::StatusLines;
    use xiangqi::i18n::Lang;
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().lang = Lang::Zh;
    let open = |app: &mut App| {
        app.world_mut()
            .write_message(LearnCommand::Open("xiangqi", 0, 0));
        app.update();
        app.update();
    };
    open(&mut app);
    let line = |app: &App| {
        app.world()
            .resource::<StatusLines>()
            .of(GameKind("xiangqi"))
            .text
            .clone()
    };
    assert!(line(&app).starts_with("第 1 关"), "{}", line(&app));
    let lesson = app
        .world()
        .resource::<Learning>()
        .lesson("xiangqi")
        .cloned();
    let intro = lesson.expect("open").intro.get(Lang::Zh).to_owned();
    assert!(intro.contains("红方的车写作「俥」"), "{intro}");
    app.world_mut().write_message(LearnCommand::Leave);
    app.update();
    app.update();
    assert_eq!(line(&app), "已离开学棋，回到对局");

    open(&mut app);
    chord(
        &mut app,
        &[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyR],
    );
    for _ in 0..3 {
        app.update();
    }
    assert!(
        app.world()
            .resource::<Learning>()
            .lesson("xiangqi")
            .is_none(),
        "the lesson is left"
    );
    assert!(
        app.world().resource::<Overlay>().new_game,
        "the dialog opens"
    );
}

/// View → 中文 / English changes the window's language; a player renamed keeps their
/// seat, help and "me"; a player removed leaves a guest's seat.
#[test]
fn the_language_from_the_view_menu_and_a_player_renamed_or_removed() {
    use table::household::HouseholdCommand;
    use xiangqi::i18n::Lang;
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().lang = Lang::En;
    app.world_mut().write_message(Action::Language(Lang::Zh));
    app.update();
    assert_eq!(app.world().resource::<Settings>().lang, Lang::Zh);

    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.seat(0, "Mie");
        settings.set_help(0, Help::Tutor);
        settings.seat(1, "爸爸");
        settings.me = "Mie".to_owned();
    }
    // The household's pages name players by id: Mie is 1, 爸爸 2.
    crate::gui_household::with_players(&mut app, &["Mie", "爸爸"]);
    app.world_mut()
        .write_message(HouseholdCommand::Rename(1, "美美".to_owned()));
    app.update();
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.seats, ["美美".to_owned(), "爸爸".to_owned()]);
    assert_eq!(settings.help, [Help::Tutor, Help::None]);
    assert_eq!(settings.me, "美美");
    app.world_mut().write_message(HouseholdCommand::Remove(2));
    app.update();
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.seats, ["美美".to_owned(), String::new()]);
}

/// Esc with a piece picked up puts it back; only the next Esc quits.
#[test]
fn esc_puts_a_piece_picked_up_back_before_it_quits() {
    use xiangqi::app::xiangqi::model::Selection;
    let mut app = app();
    drain::<AppExit>(&mut app);
    common::headless::click(&mut app, "h2");
    assert!(app.world().resource::<Selection>().square.is_some());
    chord(&mut app, &[KeyCode::Escape]);
    app.update();
    assert!(!quit(&mut app), "Esc with a piece in hand must not quit");
    assert!(app.world().resource::<Selection>().square.is_none());
    chord(&mut app, &[KeyCode::Escape]);
    assert!(quit(&mut app));
}

/// Face to face on a touch screen (issue 73): a finger's touches, as Bevy gives them,
/// become the board's presses — a tap on the cannon and a tap on e2 play 炮二平五, a
/// finger dragging the horse plays it, a long press on a point draws a circle there,
/// and a second finger laid down meanwhile is no press.
#[test]
fn a_finger_taps_drags_and_long_presses_on_the_board() {
    use bevy::input::touch::TouchPhase;
    use std::time::Duration;
    use table::together::touch::Touches;
    use xiangqi::app::messages::BoardPointer;
    use xiangqi::app::xiangqi::model::Model;
    use xiangqi::app::xiangqi::view::board::world;
    let mut app = app();
    let mut touches = Touches::default();
    let mut clock = Duration::ZERO;
    let at = |name: &str| world(common::headless::sq(name), false);
    // The touch screen's positions are the board's own here (no camera headless).
    let mut touch = |app: &mut App, phase, id, pos: Vec2, after_ms: u64| {
        clock += Duration::from_millis(after_ms);
        for (press, at) in touches.feed(phase, id, pos, clock) {
            app.world_mut().write_message(BoardPointer {
                press,
                at: Some(at),
            });
        }
        app.update();
    };
    for square in ["h2", "e2"] {
        touch(&mut app, TouchPhase::Started, 1, at(square), 0);
        touch(&mut app, TouchPhase::Ended, 1, at(square), 90);
    }
    assert_eq!(plies(&app), 1, "two taps played a move");
    // A drag, with another finger put down and lifted meanwhile.
    touch(&mut app, TouchPhase::Started, 2, at("h9"), 400);
    touch(
        &mut app,
        TouchPhase::Moved,
        2,
        at("h9") + Vec2::new(20.0, -20.0),
        30,
    );
    touch(&mut app, TouchPhase::Started, 3, at("a0"), 30);
    touch(&mut app, TouchPhase::Ended, 3, at("a0"), 30);
    touch(&mut app, TouchPhase::Moved, 2, at("g7"), 30);
    touch(&mut app, TouchPhase::Ended, 2, at("g7"), 30);
    assert_eq!(
        plies(&app),
        2,
        "the drag played 马8进7, the second finger nothing"
    );
    // A long press: a circle on e6.
    touch(&mut app, TouchPhase::Started, 4, at("e6"), 400);
    touch(&mut app, TouchPhase::Ended, 4, at("e6"), 700);
    let marks = app.world().resource::<Model>().marks();
    assert_eq!(marks.circles.len(), 1, "a long press marked the point");
    assert_eq!(plies(&app), 2);
}

/// The notation follows the language (简体 → 繁體 Chinese → the Vietnamese letters → back)
/// while it is the language's own; one chosen apart (WXF) stays.
#[test]
fn the_notation_follows_the_language_it_belongs_to() {
    use xiangqi::i18n::Lang;
    use xiangqi::rules::Notation;
    use xiangqi::settings::XiangqiSettings;
    let mut app = app();
    let to = |app: &mut App, lang: Lang| {
        app.world_mut().write_message(Action::Language(lang));
        app.update();
        app.update();
        assert_eq!(app.world().resource::<Settings>().lang, lang);
        app.world().resource::<XiangqiSettings>().notation
    };
    to(&mut app, Lang::Zh);
    app.world_mut().resource_mut::<XiangqiSettings>().notation = Notation::Chinese;
    app.update();
    assert_eq!(to(&mut app, Lang::Hant), Notation::ChineseTraditional);
    assert_eq!(to(&mut app, Lang::Vi), Notation::Vietnamese);
    assert_eq!(to(&mut app, Lang::En), Notation::Chinese);
    // The move list writes the first move as the language's players read it.
    let pos = xiangqi::rules::Position::new();
    let m = "h2e2".parse().unwrap();
    assert_eq!(to(&mut app, Lang::Vi).display(&pos, m), "P2-5");
    let horse = "h0g2".parse().unwrap();
    assert_eq!(to(&mut app, Lang::Hant).display(&pos, horse), "傌二進三");
    app.world_mut().resource_mut::<XiangqiSettings>().notation = Notation::Wxf;
    app.update();
    assert_eq!(
        to(&mut app, Lang::Vi),
        Notation::Wxf,
        "chosen apart: it stays"
    );
}
