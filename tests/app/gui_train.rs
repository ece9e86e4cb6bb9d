//! Training on puzzles, headless: the game is put aside and the puzzle becomes the
//! table's game; moves made by clicks are judged (a wrong one waits for Retry, a right
//! one is answered), hints come in two steps, the solution can be shown, progress is
//! written to the data folder, and leaving brings the game back as it was.
#![cfg(feature = "gui")]

use crate::common;
use xiangqi::app::xiangqi::messages::ToggleEditor;

use bevy::prelude::*;
use common::headless::{app_with, fen, play};
use xiangqi::app::actions::Action;
use xiangqi::app::shell::model::{OwnWayUp, Settings};
use xiangqi::app::store::persist::DataDirs;
use xiangqi::app::xiangqi::model::Mode;
use xiangqi::app::xiangqi::model::{Model, Selection};
use xiangqi::app::xiangqi::train::{Said, TrainCommand, Training};
use xiangqi::games::xiangqi::puzzles::training::Progress;
use xiangqi::games::xiangqi::puzzles::{Goal, Puzzle, Shelf, collection, mine_id};
use xiangqi::rules::Color;
use xiangqi::storage::Dirs;

fn send(app: &mut App, command: TrainCommand) {
    app.world_mut().write_message(Action::own(command));
    app.update();
    // The mode asked for takes effect in the same frame; a second settles the view.
    app.update();
}

fn said(app: &App) -> Said {
    app.world().resource::<Training>().said()
}

/// Game → Find puzzles in my games, waited for (the engine searches on a thread).
fn find_in_games(app: &mut App) -> Vec<Puzzle> {
    send(app, TrainCommand::FindInGames);
    let start = std::time::Instant::now();
    while app.world().resource::<Training>().finding() {
        assert!(start.elapsed().as_secs() < 120, "the search goes on");
        std::thread::sleep(std::time::Duration::from_millis(50));
        app.update();
    }
    app.world().resource::<Training>().found.clone()
}

/// A move of the puzzle's start that is not its solution's first and does not end the
/// game (a mate by another way would not be wrong).
fn a_wrong_move(puzzle: &Puzzle) -> xiangqi::rules::Move {
    puzzle
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
        .expect("a wrong move")
}

/// The last move of the table's game, as the board marks it.
fn last_move(app: &App) -> Option<String> {
    let model = app.world().resource::<Model>();
    model.game().moves().last().map(|m| m.to_string())
}

#[test]
fn a_puzzle_is_judged_hinted_retried_solved_shown_kept_and_left() {
    let home = std::env::temp_dir().join(format!("xiangqi-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dirs = Dirs::under(&home);
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
        .find(|(_, p)| p.mate_in() == Some(2) && p.solver() == Color::Red)
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
    let wrong = a_wrong_move(puzzle);
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

/// Game → Find puzzles in my games: the saved games and the one on the table are
/// searched with the engine on a thread; a mate the player walked past (in a slot) and a
/// piece the other side left hanging (on the table) become puzzles, listed after the
/// collection, kept in the data folder, opened and solved like any other.
#[test]
fn a_mate_in_a_slot_and_a_decisive_win_on_the_table_are_found_and_trained_on() {
    let home = std::env::temp_dir().join(format!("xiangqi-train-find-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dirs = Dirs::under(&home);
    // Red could mate at once (b6b9) and played on.
    let pgn = "[Event \"club\"]\n[Date \"2026.11.20\"]\n[FEN \"4k4/R8/9/1R7/9/9/9/9/9/3K5 w - - 0 1\"]\n\n1. b6b7 e9f9 2. b7b8 f9e9 *\n";
    let record = xiangqi::rules::read::read_games_bytes(pgn.as_bytes()).unwrap()[0]
        .clone()
        .unwrap()
        .record;
    xiangqi::slots::SlotStore::new(dirs.slots())
        .save(1, &record)
        .unwrap();
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    // On the table, a game where black left a chariot hanging (tests/data/hanging-chariot.pgn):
    // the cannon takes it, the only move that wins.
    play(
        &mut app,
        "c0e2 c9e7 g3g4 a6a5 h0g2 b9c7 c3c4 h7h5 b0c2 a9b9",
    );
    let table = fen(&app);
    let found = find_in_games(&mut app);
    assert_eq!(found.len(), 2, "{found:?}");
    let mate_id = mine_id(&found[0].start, &found[0].solution);
    assert_eq!(found[0].id, mate_id);
    assert_eq!(found[0].source, "from your game of 2026-11-20, move 1");
    assert_eq!(found[0].shelf(), Shelf::Yours);
    let kept = std::fs::read_to_string(dirs.data.join("found-puzzles.tsv")).unwrap();
    assert!(kept.starts_with(&format!("{mate_id}\t")), "{kept}");
    // Searching did not touch the game on the table.
    assert_eq!(fen(&app), table);
    send(&mut app, TrainCommand::Open(Some(collection().len())));
    assert_eq!(fen(&app), found[0].start.to_fen());
    assert_eq!(
        app.world()
            .resource::<Training>()
            .puzzle()
            .map(|p| p.id.clone()),
        Some(mate_id)
    );

    // The decisive win: one move, the capture; played, it is solved and kept.
    let win = &found[1];
    let today = jiff::Zoned::now().date().to_string();
    assert_eq!(win.source, format!("from your game of {today}, move 6"));
    assert_eq!(win.goal, Goal::Win);
    assert_eq!(win.solution[0].to_string(), "b2b9");
    send(&mut app, TrainCommand::Open(Some(collection().len() + 1)));
    assert_eq!(fen(&app), win.start.to_fen());
    assert_eq!(
        last_move(&app),
        Some("a9b9".into()),
        "black's mistake shown"
    );
    for (i, m) in win.solution.iter().enumerate().step_by(2) {
        play(&mut app, &m.to_string());
        app.update();
        let done = i + 1 == win.solution.len();
        assert_eq!(said(&app), if done { Said::Solved } else { Said::Right });
    }
    let written = std::fs::read_to_string(dirs.data.join("puzzles.tsv")).unwrap();
    assert!(
        Progress::from_text(&written).get(&win.id).solved,
        "{written}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// A win for black found in the game on the table (red left a chariot where black's
/// cannon takes it): opened, black is at the bottom; the capture solves it; leaving
/// turns the board back with the game.
#[test]
fn a_decisive_win_for_black_is_set_up_black_at_the_bottom_and_solved() {
    let home = std::env::temp_dir().join(format!("xiangqi-train-black-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dirs = Dirs::under(&home);
    let mut app = app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
    });
    play(
        &mut app,
        "i3i4 c9e7 c0e2 g6g5 a3a4 h9g7 b0c2 c6c5 h2h4 b9c7 a0b0",
    );
    let table = fen(&app);
    let flipped = |app: &App| app.world().resource::<Settings>().flipped;
    assert!(!flipped(&app));
    let found = find_in_games(&mut app);
    assert_eq!(found.len(), 1, "{found:?}");
    let win = &found[0];
    assert_eq!(win.solver(), Color::Black);
    assert_eq!(win.goal, Goal::Win);
    assert_eq!(
        win.solution[0].to_string(),
        "b7b0",
        "the cannon takes the chariot"
    );
    assert!(win.source.ends_with("move 6"), "{}", win.source);

    send(&mut app, TrainCommand::Open(Some(collection().len())));
    assert_eq!(fen(&app), win.start.to_fen());
    assert!(flipped(&app), "black at the bottom");
    // The settings file keeps the player's own way up meanwhile.
    assert_eq!(app.world().resource::<OwnWayUp>().0, Some(false));
    // Red's mistake is on the board, played before black's turn.
    assert_eq!(last_move(&app), Some("a0b0".into()));
    // A wrong move, taken back: the mistake stays, the puzzle starts again.
    play(&mut app, "a6a5");
    assert_eq!(said(&app), Said::Wrong);
    send(&mut app, TrainCommand::Retry);
    assert_eq!(fen(&app), win.start.to_fen());
    assert_eq!(last_move(&app), Some("a0b0".into()));
    for (i, m) in win.solution.iter().enumerate().step_by(2) {
        play(&mut app, &m.to_string());
        app.update();
        let done = i + 1 == win.solution.len();
        assert_eq!(said(&app), if done { Said::Solved } else { Said::Right });
    }
    send(&mut app, TrainCommand::Leave);
    assert_eq!(fen(&app), table);
    assert!(
        !flipped(&app),
        "red at the bottom again, as the game had it"
    );
    assert_eq!(app.world().resource::<OwnWayUp>().0, None);
    let _ = std::fs::remove_dir_all(&home);
}

/// F3 over the board editor does nothing (the editor has its own board): the mode stays.
#[test]
fn puzzles_do_not_open_over_the_editor() {
    let mut app = app_with(|_| {});
    app.world_mut().write_message(Action::own(ToggleEditor));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Edit);
    send(&mut app, TrainCommand::Open(None));
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Edit);
    assert!(app.world().resource::<Training>().attempt.is_none());
}

/// A puzzle duel (解题赛) between the two seated players: Game → Puzzle duel opens its
/// dialog; Start sets the same two puzzles for both, the board covered until the first
/// player begins; a puzzle solved and a wrong move are marked and the next is set up by
/// itself; the second player's clock waits through the first's round; no hint is given
/// in a duel; the more solved wins, and the duel is on both players' pages.
#[test]
fn a_puzzle_duel_gives_both_players_the_same_puzzles_on_their_own_clocks() {
    use xiangqi::app::household::{Household, HouseholdCommand};
    use xiangqi::app::together::duel::{Mark, Turn};
    use xiangqi::app::xiangqi::duel::{DuelCommand, PuzzleDuel};
    let mut app = common::headless::with_library("duel-headless");
    for name in ["Mei", "Dad"] {
        app.world_mut()
            .write_message(HouseholdCommand::Add(name.to_owned()));
    }
    common::headless::until(&mut app, "the two players", |app| {
        app.world().resource::<Household>().players.len() == 2
    });
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.seats = ["Mei".into(), "Dad".into()];
        settings.lang = xiangqi::i18n::Lang::En;
    }
    let turn = |app: &App| -> (Option<(usize, usize)>, bool) {
        let duel = app.world().resource::<PuzzleDuel>();
        let d = duel.duel.as_ref().expect("a duel on");
        match d.turn() {
            Turn::Solving { player, index, .. } => (Some((player, index)), false),
            Turn::Handover { .. } => (None, false),
            Turn::Over => (None, true),
        }
    };
    let duel = |app: &App| app.world().resource::<PuzzleDuel>().duel.clone().unwrap();
    let on_board = |app: &App| {
        let training = app.world().resource::<Training>();
        training.puzzle().map(|p| p.id.clone())
    };
    let solve = |app: &mut App, id: &str| {
        let p = collection().iter().find(|p| p.id == id).unwrap().clone();
        for m in p.solution.iter().step_by(2) {
            play(app, &m.to_string());
            app.update();
        }
        assert_eq!(said(app), Said::Solved, "{id}");
    };

    send(&mut app, TrainCommand::Leave);
    app.world_mut()
        .write_message(Action::own(DuelCommand::Open));
    app.update();
    assert!(app.world().resource::<PuzzleDuel>().dialog);
    app.world_mut()
        .write_message(Action::own(DuelCommand::Start {
            count: 2,
            minutes: 1,
        }));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Train);
    let ids = duel(&app).puzzles().to_vec();
    assert_eq!(ids.len(), 2);
    assert_eq!(duel(&app).players(), &["Mei".to_owned(), "Dad".to_owned()]);
    assert_eq!(turn(&app), (None, false), "handed over: Mei has not begun");

    app.world_mut()
        .write_message(Action::own(DuelCommand::Begin));
    app.update();
    app.update();
    assert_eq!(turn(&app), (Some((0, 0)), false));
    assert_eq!(on_board(&app).as_deref(), Some(ids[0].as_str()));
    // No hint in a duel.
    send(&mut app, TrainCommand::Hint);
    assert_eq!(app.world().resource::<Selection>().square, None);
    solve(&mut app, &ids[0]);
    common::headless::until(&mut app, "the second puzzle", |app| {
        turn(app) == (Some((0, 1)), false) && on_board(app).as_deref() == Some(ids[1].as_str())
    });
    // A wrong move misses it: no retry.
    let second = collection()
        .iter()
        .find(|p| p.id == ids[1])
        .unwrap()
        .clone();
    let wrong = a_wrong_move(&second);
    play(&mut app, &wrong.to_string());
    app.update();
    assert_eq!(duel(&app).marks(0)[1], Mark::Missed);
    common::headless::until(&mut app, "Dad's turn", |app| turn(app) == (None, false));
    let mei_left = duel(&app).left(0);
    assert!(mei_left < std::time::Duration::from_secs(60));
    std::thread::sleep(std::time::Duration::from_millis(300));
    app.update();
    assert_eq!(
        duel(&app).left(1),
        std::time::Duration::from_secs(60),
        "Dad's clock waits through Mei's round and the handover"
    );

    app.world_mut()
        .write_message(Action::own(DuelCommand::Begin));
    app.update();
    app.update();
    assert_eq!(turn(&app), (Some((1, 0)), false));
    assert_eq!(
        on_board(&app).as_deref(),
        Some(ids[0].as_str()),
        "the same first puzzle"
    );
    solve(&mut app, &ids[0]);
    common::headless::until(&mut app, "Dad's second puzzle", |app| {
        turn(app) == (Some((1, 1)), false) && on_board(app).as_deref() == Some(ids[1].as_str())
    });
    solve(&mut app, &ids[1]);
    app.update();
    assert_eq!(turn(&app), (None, true), "both rounds done");
    assert_eq!(duel(&app).winner(), Some(1), "Dad solved two, Mei one");

    common::headless::until(&mut app, "the duel on both pages", |app| {
        let household = app.world().resource::<Household>();
        household.players.len() == 2
            && household
                .players
                .iter()
                .all(|p| p.games.iter().any(|g| !g.duels.is_empty()))
    });
    let household = app.world().resource::<Household>();
    let row = |name: &str| {
        let p = household.players.iter().find(|p| p.name == name).unwrap();
        p.games.iter().find(|g| g.slug == "xiangqi").unwrap().duels[0].clone()
    };
    let (mei, dad) = (row("Mei"), row("Dad"));
    assert!(mei.ends_with("against Dad: 1 to 2 of 2, lost"), "{mei}");
    assert!(dad.ends_with("against Mei: 2 to 1 of 2, won"), "{dad}");

    // Close: back to the game, the duel gone.
    app.world_mut()
        .write_message(Action::own(DuelCommand::Close));
    // The duel asks the training to leave; the mode changes the frame after.
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Play);
    assert!(!app.world().resource::<PuzzleDuel>().on());
}
