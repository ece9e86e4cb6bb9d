//! Training on the puzzle collection (`Mode::Train`, F3 or Game → Puzzles). The game
//! being played is put aside and the puzzle becomes the table's game, so the board, the
//! clicks, the slides and the sounds are the game's own; the solver's side is at the
//! bottom. Each move the player makes is judged against the puzzle's line: the right
//! one is answered with the book's defence, a wrong one is told at once and answered
//! with the engine's refutation (if there is an engine), then taken back by Retry or
//! Ctrl+Z. H hints the piece, then the move; the solution can be shown; solved puzzles,
//! attempts and times are kept in the data folder (`puzzles.tsv`); N goes to the next
//! unsolved one; Esc goes back to the game, as it was.

use crate::settings::XiangqiSettings;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::messages::{BoardChanged, Notice};
use crate::app::schedule::Logic;
use crate::app::shell::model::{OwnWayUp, Settings};
use crate::app::shell::table::TableGame;
use crate::app::store::jobs::{Job, Taken, Wake};
use crate::app::store::persist::DataDirs;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{Mode, Model, Selection};
use crate::games::xiangqi::puzzles::training::{Attempt, Hint, Progress, Tried};
use crate::games::xiangqi::puzzles::{Puzzle, collection};
use crate::games::xiangqi::session::Session;
use crate::i18n::{Lang, T};
use crate::rules::{Color, Game, Move};

/// What the player asks of the training.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainCommand {
    /// Start training (or go to) this puzzle, or the next unsolved one.
    Open(Option<usize>),
    /// Back to the game.
    Leave,
    /// The piece, then the move.
    Hint,
    /// Take back the wrong move.
    Retry,
    /// Play the solution out.
    Solution,
    /// The next unsolved puzzle.
    Next,
    /// Show or hide the list.
    ToggleList,
    /// Look for puzzles in the games of the save slots (on a thread, with the engine).
    FindInGames,
}

/// What the panel says of the attempt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Said {
    /// Find the mate.
    #[default]
    Start,
    /// The right move.
    Right,
    /// Not the solution.
    Wrong,
    /// Solved.
    Solved,
    /// The solution was shown.
    Shown,
}

/// The training: the puzzle, the attempt, the progress, and the game put aside.
#[derive(Resource, Default)]
pub struct Training {
    /// The puzzle's index in the collection.
    pub index: Option<usize>,
    /// The attempt at it.
    pub attempt: Option<Attempt>,
    /// Solved puzzles, attempts, times.
    pub progress: Progress,
    /// The list is open.
    pub list: bool,
    /// The hinted move, for the arrow.
    pub pointed: Option<Move>,
    /// The game put aside (its way up is the shell's `OwnWayUp`): on entering the mode,
    /// so that outside it the table's model is always the game.
    stash: Option<Model>,
    /// The puzzle to set up on entering the mode.
    opening: Option<usize>,
    /// When the attempt began (seconds of the app's clock).
    started: f64,
    /// The engine's refutation of a wrong move, on its way.
    refuting: Job<Option<Move>>,
    /// Progress was read from disk.
    read: bool,
    /// The defender's answer to play next.
    reply: Option<Move>,
    /// Puzzles found in the player's games (after the collection in the list).
    pub found: Vec<Puzzle>,
    /// The search of the games, on its way.
    finding: Job<Result<Vec<Puzzle>, String>>,
}

impl Training {
    /// The puzzle trained on.
    #[must_use]
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.index.and_then(|i| self.get(i))
    }

    /// Puzzle `i` of the list: the collection's, then those found in the games.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&Puzzle> {
        let all = collection();
        all.get(i).or_else(|| self.found.get(i - all.len()))
    }

    /// Every puzzle of the list.
    #[must_use]
    pub fn puzzles(&self) -> Vec<&Puzzle> {
        collection().iter().chain(&self.found).collect()
    }

    /// What came of the last move, read off the attempt.
    #[must_use]
    pub fn said(&self) -> Said {
        match &self.attempt {
            Some(a) if a.waiting() => Said::Wrong,
            Some(a) if a.solved() => Said::Solved,
            Some(a) if a.finished() => Said::Shown,
            Some(a) if a.along() > 0 => Said::Right,
            _ => Said::Start,
        }
    }

    /// The games are being searched.
    #[must_use]
    pub fn finding(&self) -> bool {
        self.finding.busy()
    }
}

/// The puzzle to open at start (`xiangqi --puzzle ID`).
#[derive(Resource, Default)]
pub struct PuzzleAtStart(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Training>()
        .init_resource::<PuzzleAtStart>()
        .add_message::<TrainCommand>()
        .add_systems(
            Update,
            (open_at_start, commands, take_found)
                .chain()
                .in_set(Logic::Puzzles)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            (judge, answer)
                .chain()
                .in_set(Logic::Train)
                .run_if(in_state(Mode::Train)),
        )
        .add_systems(OnEnter(Mode::Train), enter)
        .add_systems(OnExit(Mode::Train), leave);
}

/// Entering the mode puts the game aside and sets the puzzle asked for up.
#[allow(clippy::too_many_arguments)]
fn enter(
    mut training: ResMut<Training>,
    mut model: ResMut<Model>,
    mut settings: ResMut<Settings>,
    mut own: ResMut<OwnWayUp>,
    mut selection: ResMut<Selection>,
    dirs: Option<Res<DataDirs>>,
    time: Res<Time<Real>>,
    (mut changed, mut notices, mut played): (
        MessageWriter<BoardChanged>,
        MessageWriter<Notice>,
        MessageWriter<MovePlayed>,
    ),
) {
    let training = &mut *training;
    training.stash = Some(std::mem::take(&mut *model));
    // The player's own way up is what the settings file keeps.
    own.0 = Some(settings.flipped);
    if let Some(index) = training.opening.take() {
        let now = time.elapsed_secs_f64();
        played.write_batch(load(training, &mut model, &mut settings, index, now));
        write_progress(training, dirs.as_deref(), settings.lang, &mut notices);
    }
    *selection = Selection::default();
    changed.write(BoardChanged);
}

/// Leaving the mode brings the game put aside back, the way up the player had.
fn leave(
    mut training: ResMut<Training>,
    mut model: ResMut<Model>,
    mut settings: ResMut<Settings>,
    mut own: ResMut<OwnWayUp>,
    mut selection: ResMut<Selection>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if let Some(game) = training.stash.take() {
        *model = game;
    }
    if let Some(flipped) = own.0.take() {
        settings.flipped = flipped;
    }
    training.attempt = None;
    training.pointed = None;
    training.list = false;
    *selection = Selection::default();
    changed.write(BoardChanged);
    info!("training left");
}

fn progress_path(dirs: Option<&DataDirs>) -> Option<std::path::PathBuf> {
    dirs?.0.as_ref().map(|d| d.data.join("puzzles.tsv"))
}

/// The puzzles found in the player's games, as the collection's file is written.
fn found_path(dirs: Option<&DataDirs>) -> Option<std::path::PathBuf> {
    dirs?.0.as_ref().map(|d| d.data.join("found-puzzles.tsv"))
}

fn read_progress(training: &mut Training, dirs: Option<&DataDirs>) {
    if training.read {
        return;
    }
    training.read = true;
    if let Some(text) = progress_path(dirs).and_then(|p| std::fs::read_to_string(p).ok()) {
        training.progress = Progress::from_text(&text);
    }
    // A damaged file of found puzzles is found again, not a reason to stop.
    if let Some(text) = found_path(dirs).and_then(|p| std::fs::read_to_string(p).ok()) {
        training.found = crate::games::xiangqi::puzzles::parse(&text).unwrap_or_default();
    }
}

fn write_progress(
    training: &Training,
    dirs: Option<&DataDirs>,
    lang: Lang,
    notices: &mut MessageWriter<Notice>,
) {
    if let Some(path) = progress_path(dirs)
        && let Err(e) = crate::storage::atomic_write(&path, training.progress.to_text().as_bytes())
    {
        notices.write(Notice::warn(T::AutosaveFailed.fill(lang, &[&e])));
    }
}

fn open_at_start(mut wanted: ResMut<PuzzleAtStart>, mut out: MessageWriter<TrainCommand>) {
    if let Some(id) = wanted.0.take() {
        let index = collection().iter().position(|p| p.id == id);
        if index.is_none() {
            warn!("no puzzle {id}");
        }
        out.write(TrainCommand::Open(index));
    }
}

/// Sets the table up for puzzle `index`. A puzzle found in a game begins with the other
/// side's move that gave the chance, played on the board (marked as the last move, its
/// slide and sound): what that move was is part of the puzzle.
fn load(
    training: &mut Training,
    model: &mut Model,
    settings: &mut Settings,
    index: usize,
    now: f64,
) -> Option<MovePlayed> {
    let puzzle = training.get(index).cloned()?;
    training.index = Some(index);
    training.attempt = Some(Attempt::new(&puzzle));
    training.pointed = None;
    training.refuting.stop();
    training.started = now;
    training.progress.started(&puzzle.id);
    model.0 = Session::new();
    let mut lead_in = None;
    match &puzzle.lead_in {
        Some(lead) => {
            model.0.replace(Game::from_position(lead.before.clone()));
            let piece = lead.before.piece_at(lead.mv.from);
            if let (Some(piece), Ok(_)) = (piece, model.play(lead.mv)) {
                lead_in = Some(MovePlayed {
                    mv: lead.mv,
                    piece,
                    captured: lead.before.piece_at(lead.mv.to),
                    check: model.game().position().is_check(),
                });
            }
        }
        None => {
            model.0.replace(Game::from_position(puzzle.start.clone()));
        }
    }
    // The solver's side at the bottom.
    let flipped = puzzle.solver() == Color::Black;
    if settings.flipped != flipped {
        settings.flipped = flipped;
    }
    let solved = training.progress.get(&puzzle.id).solved;
    info!(
        "training puzzle {} ({}, {} in {}){}",
        puzzle.id,
        puzzle.source,
        if puzzle.goal == crate::games::xiangqi::puzzles::Goal::Mate {
            "mate"
        } else {
            "win"
        },
        puzzle.solver_moves(),
        if solved { " solved before" } else { "" }
    );
    lead_in
}

/// Takes in the puzzles found in the games when the search is done: kept in the data
/// folder and listed after the collection.
fn take_found(
    mut training: ResMut<Training>,
    dirs: Option<Res<DataDirs>>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    let result = match training.finding.take() {
        Taken::Waiting => return,
        Taken::Came(_, result) => result,
        Taken::Lost => Err("the search stopped".to_owned()),
    };
    let lang = settings.lang;
    match result {
        Ok(found) => {
            info!("puzzles found in the saved games: {}", found.len());
            notices.write(Notice::info(T::PuzzlesFound.fill(lang, &[&found.len()])));
            let text: String = found.iter().map(|p| p.to_line() + "\n").collect();
            if let Some(path) = found_path(dirs.as_deref())
                && let Err(e) = crate::storage::atomic_write(&path, text.as_bytes())
            {
                notices.write(Notice::warn(T::AutosaveFailed.fill(lang, &[&e])));
            }
            training.found = found;
        }
        Err(e) => _ = notices.write(Notice::warn(T::EngineFailed.fill(lang, &[&e]))),
    }
}

/// The games "Find puzzles in my games" searches, each with the day it was played: the
/// save slots' (their date, else the day saved) and the one on the table, opened from a
/// file or being played (its date, else today).
fn games_to_search(store: &crate::slots::SlotStore, table: &Model) -> Vec<(Game, String)> {
    use crate::games::xiangqi::puzzles::solve::day_played;
    let mut out: Vec<(Game, String)> = (1..=crate::slots::SLOTS)
        .filter_map(|slot| store.load(slot).ok())
        .map(|record| {
            let day = day_played(&record)
                .unwrap_or_else(|| crate::games::xiangqi::puzzles::UNKNOWN_DAY.to_owned());
            (record.game, day)
        })
        .collect();
    if table.game().moves().count() > 0 {
        let day =
            day_played(&table.record()).unwrap_or_else(|| jiff::Zoned::now().date().to_string());
        out.push((table.game().clone(), day));
    }
    out
}

/// Takes moves back until the table's game has the move before the puzzle (if it has
/// one) and `plies` moves of the line.
fn back_to(model: &mut Model, training: &Training, plies: usize) {
    let lead = training
        .puzzle()
        .map_or(0, |p| usize::from(p.lead_in.is_some()));
    while model.game().moves().count() > lead + plies && model.undo().is_some() {}
}

/// What the puzzles' commands read of the table and write to it.
#[derive(SystemParam)]
struct Board<'w> {
    model: ResMut<'w, Model>,
    settings: ResMut<'w, Settings>,
    selection: ResMut<'w, Selection>,
    mode: Res<'w, State<Mode>>,
    next: ResMut<'w, NextState<Mode>>,
}

fn commands(
    mut commands: MessageReader<TrainCommand>,
    mut training: ResMut<Training>,
    mut board: Board,
    duel: Res<crate::app::xiangqi::duel::PuzzleDuel>,
    xq: Res<XiangqiSettings>,
    dirs: Option<Res<DataDirs>>,
    time: Res<Time<Real>>,
    (mut changed, mut notices, mut played): (
        MessageWriter<BoardChanged>,
        MessageWriter<Notice>,
        MessageWriter<MovePlayed>,
    ),
) {
    let lang = board.settings.lang;
    let now = time.elapsed_secs_f64();
    for &command in commands.read() {
        let training = &mut *training;
        let in_training = *board.mode.get() == Mode::Train;
        let board = &mut board;
        // A duel has no second tries, hints or other puzzles than its own; the answer
        // to a puzzle missed (marked already) is shown.
        let answer = command == TrainCommand::Solution && training.said() == Said::Wrong;
        let helps = !matches!(command, TrainCommand::Open(_) | TrainCommand::Leave) && !answer;
        if duel.on() && helps {
            continue;
        }
        match command {
            // Not over the board editor: it has its own board.
            TrainCommand::Open(_) if *board.mode.get() == Mode::Edit => continue,
            TrainCommand::Open(index) => {
                read_progress(training, dirs.as_deref());
                let all = training.puzzles();
                let Some(index) =
                    index.or_else(|| training.progress.next_unsolved(&all, training.index))
                else {
                    notices.write(Notice::info(T::PuzzlesAllSolved.get(lang)));
                    continue;
                };
                training.list = false;
                if !in_training {
                    // Set up on entering the mode (`enter`).
                    training.opening = Some(index);
                    board.next.set(Mode::Train);
                    continue;
                }
                played.write_batch(load(
                    training,
                    &mut board.model,
                    &mut board.settings,
                    index,
                    now,
                ));
                *board.selection = Selection::default();
                write_progress(training, dirs.as_deref(), lang, &mut notices);
            }
            TrainCommand::Leave => {
                if in_training {
                    board.next.set(Mode::Play);
                }
                continue;
            }
            TrainCommand::ToggleList => {
                read_progress(training, dirs.as_deref());
                training.list = !training.list;
                continue;
            }
            TrainCommand::FindInGames => {
                read_progress(training, dirs.as_deref());
                find_in_games(
                    training,
                    (dirs.as_deref(), &xq, lang),
                    &board.model,
                    &mut notices,
                );
                continue;
            }
            _ if !in_training => continue,
            TrainCommand::Next => {
                let all = training.puzzles();
                match training.progress.next_unsolved(&all, training.index) {
                    Some(index) => {
                        played.write_batch(load(
                            training,
                            &mut board.model,
                            &mut board.settings,
                            index,
                            now,
                        ));
                    }
                    None => {
                        notices.write(Notice::info(T::PuzzlesAllSolved.get(lang)));
                        continue;
                    }
                }
                *board.selection = Selection::default();
                write_progress(training, dirs.as_deref(), lang, &mut notices);
            }
            TrainCommand::Hint => {
                hint(training, &board.model, &mut board.selection);
                continue;
            }
            TrainCommand::Retry => {
                if !retry(training, &mut board.model) {
                    continue;
                }
                *board.selection = Selection::default();
            }
            TrainCommand::Solution => {
                if !solution(training, &mut board.model) {
                    continue;
                }
                *board.selection = Selection::default();
            }
        }
        changed.write(BoardChanged);
    }
}

/// Looks for puzzles in the games saved in the slots, on a thread, with the engine.
fn find_in_games(
    training: &mut Training,
    (dirs, xq, lang): (Option<&DataDirs>, &XiangqiSettings, Lang),
    model: &Model,
    notices: &mut MessageWriter<Notice>,
) {
    let store = dirs
        .and_then(|d| d.0.as_ref())
        .map(|d| crate::slots::SlotStore::new(d.slots()));
    let path = crate::engine::find(xq.engine.as_deref());
    let (Some(store), Some(path)) = (store, path) else {
        notices.write(Notice::warn(crate::i18n::no_engine(lang)));
        return;
    };
    if training.finding.busy() {
        return;
    }
    notices.write(Notice::info(T::PuzzlesFinding.get(lang)));
    info!("puzzles: looking in the saved games");
    let games = games_to_search(&store, training.stash.as_ref().unwrap_or(model));
    training.finding.start((0, Wake::window()), move |_| {
        let games = games.iter().map(|(g, day)| (g, day.as_str()));
        crate::engine::Engine::start(&path, Duration::from_secs(10))
            .map_err(|e| e.to_string())
            .and_then(|mut engine| {
                crate::games::xiangqi::puzzles::solve::in_games(&mut engine, games, 12, 7)
                    .map_err(|e| e.to_string())
            })
    });
}

/// A hint: the piece to move picked up, or else the move drawn.
fn hint(training: &mut Training, model: &Model, selection: &mut Selection) {
    let Some(attempt) = training.attempt.as_mut() else {
        return;
    };
    match attempt.hint() {
        Hint::Piece(square) => {
            let moves = model.shown_position().legal_moves_from(square).to_vec();
            *selection = Selection {
                square: Some(square),
                dragging: false,
                moves,
            };
            info!("puzzle hint piece {square}");
        }
        Hint::Move(m) => {
            training.pointed = Some(m);
            info!("puzzle hint move {m}");
        }
        Hint::None => {}
    }
}

/// Back to the line after a wrong move: the wrong move, the refutation, anything after
/// taken back. Whether there was one.
fn retry(training: &mut Training, model: &mut Model) -> bool {
    let waiting = training.attempt.as_ref().filter(|a| a.waiting());
    let Some(along) = waiting.map(Attempt::along) else {
        return false;
    };
    back_to(model, training, along);
    if let Some(attempt) = training.attempt.as_mut() {
        attempt.retry();
    }
    training.refuting.stop();
    training.pointed = None;
    info!("puzzle retry");
    true
}

/// The solution played from where the line was left. Whether there was a puzzle.
fn solution(training: &mut Training, model: &mut Model) -> bool {
    let Some(along) = training.attempt.as_ref().map(Attempt::along) else {
        return false;
    };
    back_to(model, training, along);
    let line = training
        .attempt
        .as_mut()
        .map(Attempt::show_solution)
        .unwrap_or_default();
    for m in line {
        let _ = model.play(m);
    }
    training.refuting.stop();
    training.pointed = None;
    true
}

/// The player's moves judged against the line.
fn judge(
    mut played: MessageReader<MovePlayed>,
    mut training: ResMut<Training>,
    model: Res<Model>,
    settings: Res<Settings>,
    xq: Res<XiangqiSettings>,
    dirs: Option<Res<DataDirs>>,
    time: Res<Time<Real>>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    let moves: Vec<(Move, Color)> = played.read().map(|p| (p.mv, p.piece.color)).collect();
    for (m, mover) in moves {
        let training = &mut *training;
        let Some(puzzle) = training.puzzle().cloned() else {
            continue;
        };
        let Some(attempt) = training.attempt.as_mut() else {
            continue;
        };
        // Only the solver's moves are judged (the answers are played here).
        if mover != puzzle.solver() || attempt.finished() {
            continue;
        }
        training.pointed = None;
        match attempt.play(m) {
            Tried::Right { reply, solved } => {
                training.reply = reply;
                if solved {
                    let secs = (time.elapsed_secs_f64() - training.started) as f32;
                    training.progress.solved(&puzzle.id, secs);
                    write_progress(training, dirs.as_deref(), lang, &mut notices);
                    info!("puzzle {} solved", puzzle.id);
                }
            }
            Tried::Wrong => {
                // The panel says so (its line for the attempt, not the status line).
                info!("puzzle wrong move {m}");
                // The engine's answer, on a thread of its own: the window never waits.
                let pos = model.game().position().clone();
                let path = crate::engine::find(xq.engine.as_deref());
                training.refuting.start((0, Wake::window()), move |_| {
                    path.and_then(|p| {
                        let mut engine =
                            crate::engine::Engine::start(&p, Duration::from_secs(10)).ok()?;
                        crate::games::xiangqi::puzzles::solve::look(&mut engine, &pos, 10)
                            .ok()
                            .map(|s| s.best)
                    })
                });
            }
            Tried::Illegal | Tried::Over => {}
        }
    }
}

/// Plays the defender's answer: the line's after a right move, the engine's refutation
/// after a wrong one (when it comes).
fn answer(
    mut training: ResMut<Training>,
    mut model: ResMut<Model>,
    mut answers: MessageWriter<MovePlayed>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let mut reply = training.reply.take();
    if reply.is_none()
        && let Taken::Came(_, answer) = training.refuting.take()
    {
        let waiting = training.attempt.as_ref().is_some_and(Attempt::waiting);
        reply = answer.filter(|_| waiting);
        if let Some(r) = reply {
            info!("puzzle refutation {r}");
        }
    }
    let Some(r) = reply else {
        return;
    };
    let pos = model.game().position().clone();
    let Some(piece) = pos.piece_at(r.from) else {
        return;
    };
    if model.play(r).is_ok() {
        answers.write(MovePlayed {
            mv: r,
            piece,
            captured: pos.piece_at(r.to),
            check: model.game().position().is_check(),
        });
        changed.write(BoardChanged);
    }
}
