//! The schedule has a defined order: every pair of systems that touch the same data
//! runs in an order the code states, so which notice the status line shows, or whether
//! the clock runs a frame after the editor opened, is never a matter of luck.
#![cfg(feature = "gui")]

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use xiangqi::app::xiangqi::messages::NewGameWith;
use xiangqi::app::xiangqi::model::XiangqiSettingsEdited;
use xiangqi::settings::XiangqiSettings;

/// Every schedule of the whole game (core, files and the window's plugins, all but the
/// window itself) built with Bevy's ambiguity detection: each schedule's name and
/// number of systems, and Bevy's report of the pairs of systems with a conflicting
/// access and no order between them (Bevy's own `StateTransition`, which the game adds
/// nothing to, left out).
fn ambiguities() -> (Vec<(String, usize)>, Vec<String>) {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(xiangqi::app::store::persist::DataDirs(None))
        .add_plugins((
            xiangqi::app::files_plugin,
            xiangqi::app::core_plugin,
            xiangqi::app::window_plugins,
        ));
    let world = app.world_mut();
    world.resource_scope(|world, mut schedules: Mut<Schedules>| {
        // What the app allows to be touched in any order (assets added side by side) is
        // read from the Schedules resource, out of the world for the scope: a stand-in
        // carries it.
        let mut allowed = Schedules::new();
        allowed.ignored_scheduling_ambiguities = schedules.ignored_scheduling_ambiguities.clone();
        world.insert_resource(allowed);
        let mut seen = Vec::new();
        let mut ours = Vec::new();
        for (label, schedule) in schedules.iter_mut() {
            // Bevy's own state machinery, to which the game adds nothing.
            if format!("{label:?}") == "StateTransition" {
                continue;
            }
            schedule.set_build_settings(ScheduleBuildSettings {
                ambiguity_detection: LogLevel::Error,
                ..default()
            });
            let systems = schedule.graph().systems.len();
            seen.push((format!("{label:?}"), systems));
            let Err(e) = schedule.initialize(world) else {
                continue;
            };
            let report = e.to_string(schedule.graph(), world);
            // Each pair is a line ` -- a and b` with what they conflict on below it.
            for pair in report.split("\n -- ").skip(1) {
                ours.push(format!("{label:?}: {pair}"));
            }
        }
        world.remove_resource::<Schedules>();
        (seen, ours)
    })
}

#[test]
fn no_two_systems_touch_the_same_data_in_an_undefined_order() {
    let (schedules, ours) = ambiguities();
    let count = |name: &str| {
        schedules
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, systems)| *systems)
    };
    // The game's systems are all there (not a vacuous pass), in every schedule it adds
    // systems to.
    assert!(
        count("Update") > 40,
        "only {} systems in Update: {schedules:?}",
        count("Update")
    );
    for name in [
        "PreUpdate",
        "Last",
        "EguiPrimaryContextPass",
        "Startup",
        "OnEnter(GameKind(\"go\"))",
        "OnExit(GameKind(\"go\"))",
        "OnExit(Edit)",
        "PreStartup",
    ] {
        assert!(count(name) > 0, "no systems in {name}: {schedules:?}");
    }
    assert!(ours.is_empty(), "{}", ours.join("\n"));
}

/// The game's logic and its board view without a window: the view's pictures and fonts
/// as assets, no renderer. Each frame lasts a tenth of a second.
fn app_with_view() -> App {
    use bevy::time::TimeUpdateStrategy;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_asset::<Font>()
        .init_asset::<AudioSource>()
        .add_message::<KeyboardInput>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(100),
        ))
        .add_plugins((
            xiangqi::app::core_plugin,
            xiangqi::app::shell::assets::plugin,
            xiangqi::app::xiangqi::view::plugin,
        ));
    app.update();
    app
}

/// What the view shows as entities: the pieces and the marks.
fn view_entities(app: &mut App) -> (Vec<Entity>, Vec<Entity>) {
    use xiangqi::app::xiangqi::view::marks::Mark;
    let world = app.world_mut();
    let mut pieces: Vec<Entity> = world
        .query_filtered::<Entity, With<xiangqi::app::xiangqi::view::pieces::PieceView>>()
        .iter(world)
        .collect();
    let mut marks: Vec<Entity> = world
        .query_filtered::<Entity, With<Mark>>()
        .iter(world)
        .collect();
    pieces.sort();
    marks.sort();
    (pieces, marks)
}

fn rebuilds(app: &App) -> u64 {
    app.world()
        .resource::<xiangqi::app::xiangqi::engine_link::WantRebuilds>()
        .0
}

fn red_left(app: &App) -> std::time::Duration {
    let model = app
        .world()
        .resource::<xiangqi::app::xiangqi::model::Model>();
    model
        .clock()
        .expect("a timed game")
        .left(xiangqi::rules::Color::Red)
}

#[test]
fn a_running_clock_respawns_no_piece_or_mark_and_asks_the_engine_nothing_new() {
    use xiangqi::app::actions::Action;
    use xiangqi::app::xiangqi::messages::{PointerPressed, PointerReleased};
    let mut app = app_with_view();
    app.world_mut()
        .write_message(Action::own(NewGameWith(Some("10+0".parse().unwrap()))));
    app.update();
    app.update();
    let (pieces, marks) = view_entities(&mut app);
    assert_eq!(pieces.len(), 32, "the start position is drawn");
    let asked = rebuilds(&app);
    let before = red_left(&app);
    for _ in 0..30 {
        app.update();
    }
    assert!(
        red_left(&app) + std::time::Duration::from_secs(2) < before,
        "red's clock ran: {:?} then {:?}",
        before,
        red_left(&app)
    );
    assert_eq!(
        view_entities(&mut app),
        (pieces.clone(), marks.clone()),
        "nothing respawned"
    );
    assert_eq!(
        rebuilds(&app),
        asked,
        "the engine's search was not worked out again"
    );

    // Settings the board does not show (the volume, the engine's hash) rebuild nothing
    // of it, and ask the engine nothing new while it has nothing to do.
    let mut edited = app
        .world()
        .resource::<xiangqi::app::shell::model::Settings>()
        .clone();
    edited.volume = 0.3;
    let mut engine = app.world().resource::<XiangqiSettings>().clone();
    engine.hash_mb = 128;
    app.world_mut()
        .write_message(xiangqi::app::messages::SettingsEdited(Box::new(edited)));
    app.world_mut()
        .write_message(XiangqiSettingsEdited(Box::new(engine)));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<XiangqiSettings>().hash_mb, 128);
    assert_eq!(
        view_entities(&mut app),
        (pieces.clone(), marks.clone()),
        "nothing respawned"
    );
    assert_eq!(
        rebuilds(&app),
        asked + 1,
        "new engine options are worked out once"
    );
    let asked = rebuilds(&app);

    // A move is a change: the same counts then move, so they can see one.
    let at = |s: &str| Some(s.parse().unwrap());
    for (from, to) in [("h2", "e2")] {
        for square in [from, to] {
            app.world_mut().write_message(PointerPressed(at(square)));
            app.world_mut().write_message(PointerReleased(at(square)));
            app.update();
        }
    }
    app.update();
    assert_ne!(
        view_entities(&mut app).0,
        pieces,
        "the move respawned the pieces"
    );
    assert!(
        rebuilds(&app) > asked,
        "the move was a new position for the engine"
    );
}

/// Face to face, the characters of the side at the top of the board are turned for the
/// player sitting there: black's as the board stands, red's once the board is turned (F,
/// a puzzle for black, the turning board), and none when not face to face. Read from the
/// pieces' entities: a character child rotated by half a turn.
#[test]
fn face_to_face_turns_the_top_sides_characters_however_the_board_is_turned() {
    use xiangqi::app::shell::model::Settings;
    use xiangqi::app::xiangqi::view::pieces::PieceView;
    use xiangqi::rules::Color;
    let mut app = app_with_view();
    // Which sides' characters are drawn turned (each piece's children: its disc and
    // character; a turned one is rotated by π).
    let turned_sides = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query::<(&PieceView, &Children)>();
        let pieces: Vec<(Color, Vec<Entity>)> = q
            .iter(world)
            .map(|(p, c)| (p.piece.color, c.iter().collect()))
            .collect();
        let mut sides = std::collections::BTreeSet::new();
        for (color, children) in pieces {
            let turned = children.iter().any(|&c| {
                world
                    .get::<Transform>(c)
                    .is_some_and(|t| t.rotation.angle_between(Quat::IDENTITY) > 3.0)
            });
            if turned {
                sides.insert(format!("{color:?}"));
            }
        }
        sides.into_iter().collect::<Vec<_>>()
    };
    let set = |app: &mut App, face: bool, flipped: bool| {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.face_to_face = face;
        s.flipped = flipped;
        app.update();
        app.update();
    };
    set(&mut app, false, false);
    assert!(turned_sides(&mut app).is_empty(), "not face to face");
    set(&mut app, true, false);
    assert_eq!(turned_sides(&mut app), ["Black"], "black at the top");
    set(&mut app, true, true);
    assert_eq!(
        turned_sides(&mut app),
        ["Red"],
        "the board turned: red at the top"
    );
    set(&mut app, false, true);
    assert!(
        turned_sides(&mut app).is_empty(),
        "turned, not face to face"
    );
}
