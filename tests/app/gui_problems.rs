//! Go problems at the table, headless: F3 puts the game aside and sets the first
//! unsolved problem up; a wrong try from the tree is refuted on the board and queued to
//! come back; Ctrl+Z starts again, H marks a right point, the right line is answered
//! move by move until solved, with its stars kept; a stone the tree lacks is read by
//! GNU Go; the answer is shown move by move; Esc brings the game back as it was.
#![cfg(feature = "gui")]

use crate::common;

use bevy::prelude::*;
use common::headless::{app, until};
use table::i18n::Lang;
use table::learn::mistakes::today;
use table::learn::problems::{ProblemCommand, ProblemState, Problems, Sitting};
use table::learn::shell::Learning;
use xiangqi::app::GameKind;
use xiangqi::app::actions::Action;
use xiangqi::app::go::{GoCommand, GoTable};
use xiangqi::app::shell::model::Settings;
use xiangqi::games::go::problems::{Problem, collection};
use xiangqi::go::{Move, Point};

fn sitting(app: &App) -> Sitting {
    app.world()
        .resource::<Problems>()
        .at("go")
        .cloned()
        .expect("a problem is open")
}

fn send(app: &mut App, command: ProblemCommand) {
    app.world_mut().write_message(Action::own(command));
    app.update();
    app.update();
}

fn stone(app: &mut App, mv: Move) {
    app.world_mut()
        .write_message(Action::own(GoCommand::Play(mv)));
    app.update();
    app.update();
}

fn moves(app: &App) -> Vec<Move> {
    app.world().resource::<GoTable>().game().moves().to_vec()
}

/// A point far from the problem's corner, empty.
fn far(problem: &Problem) -> Move {
    let s = problem.size() - 1;
    let target = problem.target.unwrap();
    [(3, 3), (s - 3, 3), (3, s - 3), (s - 3, s - 3)]
        .map(|(x, y)| Point::new(x, y))
        .into_iter()
        .max_by_key(|p| p.x.abs_diff(target.x) + p.y.abs_diff(target.y))
        .map(Move::Play)
        .unwrap()
}

#[test]
fn a_go_problem_refuted_then_solved_with_the_defence_answering() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().lang = xiangqi::i18n::Lang::En;
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    stone(&mut app, Move::Play(Point::new(3, 3)));
    let game = moves(&app);
    send(&mut app, ProblemCommand::Start);
    let problem = &collection()[0];
    let s = sitting(&app);
    assert_eq!(
        (s.id.as_str(), s.state),
        (problem.id.as_str(), ProblemState::Going)
    );
    assert_eq!(
        s.title.get(Lang::En),
        problem.goal.english(problem.to_play())
    );
    // What to do is said to a screen reader.
    let spoken = app.world().resource::<table::shell::access::LastSpoken>();
    assert_eq!(spoken.text, s.title.get(Lang::En));
    assert!(moves(&app).is_empty(), "the problem alone");
    assert_eq!(
        app.world().resource::<GoTable>().game().position(),
        &problem.start
    );

    // A wrong try of the tree: its refutation answers, and it is queued.
    let wrong = problem
        .first
        .iter()
        .map(|&i| &problem.steps[i])
        .find(|s| !s.right)
        .unwrap();
    stone(&mut app, wrong.mv);
    let s = sitting(&app);
    assert_eq!(s.state, ProblemState::Failed);
    let refutation = problem.steps[wrong.next[0]].mv;
    assert_eq!(moves(&app), vec![wrong.mv, refutation]);
    assert!(
        s.said
            .unwrap()
            .get(Lang::En)
            .starts_with("Not this: White answers at")
    );
    let due = app
        .world()
        .resource::<Learning>()
        .mistakes
        .due(&s.player, "go-problems", today())
        .len();
    assert_eq!(due, 1, "missed: due again");
    // The board takes no stone now.
    stone(&mut app, far(problem));
    assert_eq!(moves(&app).len(), 2);

    // Again, with a hint, then the answer's line, each reply played by the defence.
    send(&mut app, ProblemCommand::Retry);
    assert!(moves(&app).is_empty());
    send(&mut app, ProblemCommand::Hint);
    assert!(
        sitting(&app)
            .said
            .unwrap()
            .get(Lang::En)
            .starts_with("Hint: ")
    );
    let line = problem.main_line();
    for (i, &mv) in line.iter().enumerate().step_by(2) {
        stone(&mut app, mv);
        assert_eq!(moves(&app), line[..line.len().min(i + 2)], "{}", problem.id);
    }
    let s = sitting(&app);
    assert_eq!(
        s.state,
        ProblemState::Solved(1),
        "a wrong try and a hint: one star"
    );
    assert_eq!(s.solved.0, 1);
    let learning = app.world().resource::<Learning>();
    assert_eq!(
        learning
            .progress
            .stars(&s.player, "go-problems", &problem.id),
        1
    );

    // N: the next problem (the one missed is not set up again at once).
    send(&mut app, ProblemCommand::Next);
    let next = &collection()[1];
    assert_eq!(sitting(&app).id, next.id);

    // The answer, move by move.
    send(&mut app, ProblemCommand::Show);
    send(&mut app, ProblemCommand::Show);
    assert_eq!(sitting(&app).state, ProblemState::Shown);
    assert_eq!(moves(&app), next.main_line()[..2]);

    // Esc: the game back as it was.
    send(&mut app, ProblemCommand::Leave);
    assert!(app.world().resource::<Problems>().at("go").is_none());
    assert_eq!(moves(&app), game);
}

#[test]
fn a_stone_the_tree_lacks_is_read_by_gnu_go_and_refuted() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    send(&mut app, ProblemCommand::Start);
    let problem = &collection()[0];
    let mv = far(problem);
    stone(&mut app, mv);
    assert_eq!(sitting(&app).state, ProblemState::Judging);
    until(&mut app, "GNU Go's reading", |app| {
        sitting(app).state != ProblemState::Judging
    });
    assert_eq!(sitting(&app).state, ProblemState::Failed);
    let played = moves(&app);
    assert_eq!((played.len(), played[0]), (2, mv), "refuted: {played:?}");
    assert!(
        sitting(&app)
            .said
            .unwrap()
            .get(Lang::Zh)
            .starts_with("不对：")
    );
}

#[test]
fn a_file_of_problems_opens_as_problems_and_a_game_file_as_a_game() {
    use xiangqi::app::go::learn::problems::GoShelf;
    use xiangqi::app::messages::Import;
    let dir = std::env::temp_dir().join(format!("xiangqi-problems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // As players have them: two problems, the right line marked by a comment.
    let problems = dir.join("corner.sgf");
    std::fs::write(
        &problems,
        "(;GM[1]SZ[9]AB[ba][bb][cb][db]AW[ac][bc][cc][dc][ec][eb][ea]C[Black to live]\
         (;B[da]C[RIGHT])(;B[aa];W[da]))\
         (;GM[1]SZ[9]AB[ba][bb][cb][db]AW[ac][bc][cc][dc][ec][eb][ea]C[White to kill]PL[W]\
         (;W[da]C[Correct])(;W[aa];B[da]))",
    )
    .unwrap();
    let game = dir.join("game.sgf");
    std::fs::write(&game, "(;GM[1]SZ[9];B[ee];W[cc];B[gg])").unwrap();
    // The table with its files, its data in the folder of the test.
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<bevy::input::keyboard::KeyboardInput>()
        .add_message::<bevy::window::FileDragAndDrop>()
        .add_plugins(xiangqi::app::core_plugin)
        .insert_resource(xiangqi::app::store::persist::DataDirs(Some(
            xiangqi::storage::Dirs::under(&dir.join("home")),
        )))
        .add_plugins(xiangqi::app::files_plugin);
    app.update();
    app.world_mut()
        .write_message(Action::SwitchGame(GameKind("go")));
    app.update();
    app.world_mut().write_message(Import::File(problems));
    app.update();
    app.update();
    app.update();
    assert_eq!(sitting(&app).id, "corner 1");
    assert_eq!(sitting(&app).title.get(Lang::En), "Black to live");
    assert_eq!(
        sitting(&app).solved.1,
        2,
        "the file's problems on the shelf"
    );
    stone(&mut app, Move::Play(Point::new(3, 0)));
    assert_eq!(sitting(&app).state, ProblemState::Solved(3));
    send(&mut app, ProblemCommand::Next);
    assert_eq!(sitting(&app).id, "corner 2");
    assert_eq!(sitting(&app).title.get(Lang::En), "White to kill");
    send(&mut app, ProblemCommand::Leave);
    assert!(app.world().resource::<GoShelf>().0.is_none());
    send(&mut app, ProblemCommand::Start);
    assert_eq!(
        sitting(&app).id,
        collection()[0].id,
        "the table's own again"
    );
    send(&mut app, ProblemCommand::Leave);
    // A game is a game.
    app.world_mut().write_message(Import::File(game));
    app.update();
    app.update();
    assert!(app.world().resource::<Problems>().at("go").is_none());
    assert_eq!(moves(&app).len(), 3);
    let _ = std::fs::remove_dir_all(dir);
}
