//! Training on puzzles, headless: the game is put aside and the puzzle becomes the
//! table's game; moves made by clicks are judged (a wrong one waits for Retry, a right
//! one is answered), hints come in two steps, the solution can be shown, progress is
//! written to the data folder, and leaving brings the game back as it was.
#![cfg(feature = "gui")]

mod common;

use bevy::prelude::*;
use common::headless::{app_with, fen, play};
use xiangqi::app::schedule::Mode;
use xiangqi::app::store::persist::DataDirs;
use xiangqi::app::xiangqi::train::{Said, TrainCommand, Training};
use xiangqi::app::{Action, Selection};
use xiangqi::puzzles::collection;
use xiangqi::puzzles::training::Progress;
use xiangqi::rules::Color;
use xiangqi::storage::Dirs;

fn send(app: &mut App, command: TrainCommand) {
    app.world_mut().write_message(Action::Train(command));
    app.update();
    // The mode asked for takes effect in the same frame; a second settles the view.
    app.update();
}

fn said(app: &App) -> Said {
    app.world().resource::<Training>().said
}

#[test]
fn a_puzzle_is_judged_hinted_retried_solved_shown_kept_and_left() {
    let home = std::env::temp_dir().join(format!("xiangqi-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dirs = Dirs {
        data: home.join("data"),
        config: home.join("config"),
        documents: home.join("documents"),
        pictures: home.join("pictures"),
    };
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    // A game in progress, to come back to.
    play(&mut app, "h2e2 h9g7");
    let game = fen(&app);

    let all = collection();
    let (index, puzzle) = all
        .iter()
        .enumerate()
        .find(|(_, p)| p.mate_in() == 2 && p.solver() == Color::Red)
        .expect("a mate in two");
    send(&mut app, TrainCommand::Open(Some(index)));
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Train);
    assert_eq!(fen(&app), puzzle.start.to_fen());

    // Hints: the piece (selected, its moves shown), then the move (for the arrow).
    send(&mut app, TrainCommand::Hint);
    assert_eq!(
        app.world().resource::<Selection>().square,
        Some(puzzle.solution[0].from)
    );
    send(&mut app, TrainCommand::Hint);
    assert_eq!(
        app.world().resource::<Training>().pointed,
        Some(puzzle.solution[0])
    );

    // A wrong move by the mouse: said at once; Retry takes it back.
    let wrong = puzzle
        .start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            m != puzzle.solution[0]
                && puzzle
                    .start
                    .play(m)
                    .is_ok_and(|p| !p.legal_moves().is_empty())
        })
        .unwrap();
    play(&mut app, &wrong.to_string());
    assert_eq!(said(&app), Said::Wrong);
    send(&mut app, TrainCommand::Retry);
    assert_eq!(fen(&app), puzzle.start.to_fen());
    assert_eq!(said(&app), Said::Start);

    // The solution: answered by the line's defence, then mate.
    play(&mut app, &puzzle.solution[0].to_string());
    app.update();
    let answered = puzzle
        .start
        .play(puzzle.solution[0])
        .and_then(|p| p.play(puzzle.solution[1]))
        .unwrap();
    assert_eq!(fen(&app), answered.to_fen());
    assert_eq!(said(&app), Said::Right);
    play(&mut app, &puzzle.solution[2].to_string());
    assert_eq!(said(&app), Said::Solved);
    let written = std::fs::read_to_string(dirs.data.join("puzzles.tsv")).expect("progress kept");
    let progress = Progress::from_text(&written);
    assert!(progress.get(&puzzle.id).solved, "{written}");
    assert_eq!(progress.get(&puzzle.id).attempts, 1);

    // The next unsolved: its solution shown, not counted as solved.
    send(&mut app, TrainCommand::Next);
    let training = app.world().resource::<Training>();
    let next = training.puzzle().expect("a next puzzle");
    assert_ne!(next.id, puzzle.id);
    let next_id = next.id.clone();
    send(&mut app, TrainCommand::Solution);
    assert_eq!(said(&app), Said::Shown);
    assert!(
        !app.world()
            .resource::<Training>()
            .progress
            .get(&next_id)
            .solved
    );

    // Back to the game, as it was.
    send(&mut app, TrainCommand::Leave);
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Play);
    assert_eq!(fen(&app), game);
    let _ = std::fs::remove_dir_all(&home);
}
