//! Turns the player's actions into calls on the session and says what came of them.
//! The rules themselves are asked, never re-implemented: legality comes from
//! `Position`, undo and review from `Session`.

use bevy::app::AppExit;
use bevy::prelude::*;

use super::messages::{
    Action, AppSet, BoardChanged, GameEnded, Import, MovePlayed, MoveRejected, NewGameStarted,
    NothingToDo, Notice, PointerPressed, PointerReleased, Redone, Refusal, Selected, Undone,
};
use super::model::{GameChoice, GameList, ListedGame, Model, Selection, Settings};
use crate::i18n::{self, Lang, T};
use crate::rules::read;
use crate::rules::record::{GameRecord, Imported};
use crate::rules::{Move, PlayError, Square};
use crate::session::SessionError;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, commands, import)
            .chain()
            .in_set(AppSet::Logic)
            .after(super::clock::tick),
    );
}

/// The messages a move attempt can produce.
#[derive(bevy::ecs::system::SystemParam)]
struct Outcomes<'w> {
    selected: MessageWriter<'w, Selected>,
    played: MessageWriter<'w, MovePlayed>,
    rejected: MessageWriter<'w, MoveRejected>,
    ended: MessageWriter<'w, GameEnded>,
    changed: MessageWriter<'w, BoardChanged>,
}

fn clear(selection: &mut Selection) {
    *selection = Selection::default();
}

fn select(model: &Model, selection: &mut Selection, square: Square, out: &mut Outcomes) {
    let moves = model.shown_position().legal_moves_from(square).to_vec();
    *selection = Selection {
        square: Some(square),
        dragging: true,
        moves,
    };
    out.selected.write(Selected(square));
}

fn attempt(model: &mut Model, selection: &mut Selection, mv: Move, out: &mut Outcomes) {
    clear(selection);
    let before = model.shown_position().clone();
    let Some(piece) = before.piece_at(mv.from) else {
        return;
    };
    match model.play(mv) {
        Ok(()) => {
            let check = model.game().position().is_check();
            out.played.write(MovePlayed {
                mv,
                piece,
                captured: before.capture(mv),
                check,
            });
            out.changed.write(BoardChanged);
            if let Some(outcome) = model.outcome() {
                out.ended.write(GameEnded(outcome));
            }
        }
        Err(e) => {
            info!("refused {mv}: {e}");
            let reason = match e {
                SessionError::Reviewing => Refusal::Reviewing,
                // A move never asks about draw offers.
                SessionError::Play(PlayError::GameOver(_)) | SessionError::NoOffer => {
                    Refusal::GameOver
                }
                SessionError::Play(PlayError::Illegal(r)) => Refusal::Illegal(r),
            };
            out.rejected.write(MoveRejected {
                from: mv.from,
                reason,
            });
        }
    }
}

fn pointer(
    mut pressed: MessageReader<PointerPressed>,
    mut released: MessageReader<PointerReleased>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    overlay: Res<super::model::Overlay>,
    mut out: Outcomes,
) {
    // In the editor the board is the editor's (edit.rs).
    if overlay.editing {
        pressed.clear();
        released.clear();
        return;
    }
    for &PointerPressed(square) in pressed.read() {
        let Some(square) = square else {
            continue;
        };
        let pos = model.shown_position();
        let mover = pos.turn();
        let piece = pos.piece_at(square);
        let own = piece.is_some_and(|p| p.color == mover);
        match selection.square {
            Some(from) if from == square => selection.dragging = true,
            Some(_) if own => select(&model, &mut selection, square, &mut out),
            Some(from) => attempt(
                &mut model,
                &mut selection,
                Move::new(from, square),
                &mut out,
            ),
            None if own => {
                let refusal = if model.is_reviewing() {
                    Some(Refusal::Reviewing)
                } else if model.outcome().is_some() {
                    Some(Refusal::GameOver)
                } else {
                    None
                };
                match refusal {
                    Some(reason) => {
                        info!("refused {square}: {reason:?}");
                        out.rejected.write(MoveRejected {
                            from: square,
                            reason,
                        });
                    }
                    None => select(&model, &mut selection, square, &mut out),
                }
            }
            None if piece.is_some() => {
                info!("refused {square}: not the side to move");
                out.rejected.write(MoveRejected {
                    from: square,
                    reason: Refusal::NotYourTurn,
                });
            }
            None => {}
        }
    }
    for &PointerReleased(square) in released.read() {
        if !selection.dragging {
            continue;
        }
        selection.dragging = false;
        match (selection.square, square) {
            // Released where it was picked up, or off the board: it stays selected.
            (Some(from), Some(to)) if from != to => {
                attempt(&mut model, &mut selection, Move::new(from, to), &mut out);
            }
            _ => {
                // The dragged piece goes back to its point.
                out.changed.write(BoardChanged);
            }
        }
    }
}

fn commands(
    mut commands: MessageReader<Action>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut undone: MessageWriter<Undone>,
    mut redone: MessageWriter<Redone>,
    mut nothing: MessageWriter<NothingToDo>,
    mut started: MessageWriter<NewGameStarted>,
    mut changed: MessageWriter<BoardChanged>,
    mut exit: MessageWriter<AppExit>,
    settings: Res<Settings>,
) {
    for &command in commands.read() {
        info!("action {command:?}");
        let reviewed = model.shown_ply();
        match command {
            Action::Cancel => {
                if selection.square.is_some() {
                    clear(&mut selection);
                    changed.write(BoardChanged);
                }
                continue;
            }
            Action::Undo => match model.undo() {
                Some(change) => {
                    undone.write(Undone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: false });
                }
            },
            Action::Redo => match model.redo() {
                Some(change) => {
                    redone.write(Redone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: true });
                }
            },
            Action::NewGame => {
                model.new_game_with(settings.clock);
                started.write(NewGameStarted);
            }
            Action::NewGameWith(control) => {
                model.new_game_with(control);
                started.write(NewGameStarted);
            }
            Action::ReviewBack => model.review_back(),
            Action::ReviewForward => model.review_forward(),
            Action::ReviewStart => model.review_start(),
            Action::ReviewEnd => model.review_end(),
            Action::ReviewAt(ply) => model.review(ply),
            Action::Quit => {
                exit.write(AppExit::Success);
                continue;
            }
            // The view's business, or the saves' and the clipboard's.
            Action::Flip
            | Action::ToggleMute
            | Action::ToggleHelp
            | Action::Save
            | Action::Load
            | Action::ToggleSlots
            | Action::CopyFen
            | Action::CopyGame
            | Action::Paste
            | Action::ExportPgn
            | Action::ExportPng
            | Action::ExportGif
            | Action::ChooseGame(_)
            | Action::TogglePause
            | Action::Resign
            | Action::OfferDraw
            | Action::AcceptDraw
            | Action::DeclineDraw
            | Action::ToggleEdit => continue,
        }
        let review_only = matches!(
            command,
            Action::ReviewBack
                | Action::ReviewForward
                | Action::ReviewStart
                | Action::ReviewEnd
                | Action::ReviewAt(_)
        );
        if !review_only || model.shown_ply() != reviewed {
            clear(&mut selection);
            changed.write(BoardChanged);
        }
    }
}

/// What an [`Import`] brings.
enum Reading {
    /// A game, and the line saying what it was.
    Game(Box<GameRecord>, String),
    /// A file of several games: the player picks one.
    Choose(GameList),
    /// Nothing: the line saying why.
    Failed(String),
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

fn read(import: &Import, lang: Lang) -> Reading {
    let what = |i: &Imported| i18n::imported(i.format, i.record.game.ply_count(), lang);
    match import {
        Import::Slot { slot, record } => {
            Reading::Game(record.clone(), T::LoadedFrom.fill(lang, &[slot]))
        }
        Import::Pasted(text) => match read::read_any(text) {
            Ok(i) => {
                let said = T::Pasted.fill(lang, &[&what(&i)]);
                Reading::Game(Box::new(i.record), said)
            }
            Err(e) => Reading::Failed(T::PasteFailed.fill(lang, &[&e])),
        },
        Import::File(path) => {
            let name = file_name(path);
            let read = std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| read::read_games_bytes(&bytes).map_err(|e| e.to_string()));
            match read {
                Ok(mut games) if games.len() == 1 => match games.swap_remove(0) {
                    Ok(i) => {
                        let said = T::Opened.fill(lang, &[&name, &what(&i)]);
                        Reading::Game(Box::new(i.record), said)
                    }
                    Err(e) => Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e])),
                },
                Ok(games) => Reading::Choose(GameList {
                    file: name,
                    games: games
                        .into_iter()
                        .map(|g| ListedGame::new(g.map_err(|e| e.to_string())))
                        .collect(),
                }),
                Err(e) => Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e])),
            }
        }
    }
}

/// Opens a pasted, dropped or loaded game in place of the current one (undoable). A
/// failure leaves the game exactly as it was and says why. A file of several games
/// opens the list instead; the game picked from it is opened the same way.
#[allow(clippy::too_many_arguments)]
fn import(
    mut imports: MessageReader<Import>,
    mut actions: MessageReader<Action>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut choice: ResMut<GameChoice>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let lang = settings.lang;
    let mut open = |record: GameRecord, said: String, notices: &mut MessageWriter<Notice>| {
        info!("imported {} plies", record.game.ply_count());
        // A record with a time control brings its clocks, stopped.
        model.replace_record(record);
        clear(&mut selection);
        changed.write(BoardChanged);
        notices.write(Notice::info(said));
    };
    for request in imports.read() {
        match read(request, lang) {
            Reading::Game(game, said) => open(*game, said, &mut notices),
            Reading::Choose(list) => {
                info!("game list: {} games in {}", list.games.len(), list.file);
                notices.write(Notice::info(
                    T::GamesInFile.fill(lang, &[&list.file, &list.games.len()]),
                ));
                choice.0 = Some(list);
            }
            Reading::Failed(said) => {
                info!("refused import: {said}");
                notices.write(Notice::warn(said));
            }
        }
    }
    for &action in actions.read() {
        let Action::ChooseGame(index) = action else {
            continue;
        };
        let Some(list) = choice.0.take() else {
            continue;
        };
        let Some(i) = index else {
            info!("game list closed");
            continue;
        };
        match list.games.get(i) {
            Some(ListedGame {
                game: Ok(game),
                red,
                black,
                ..
            }) => {
                let name = |n: &str| {
                    if n.is_empty() {
                        "?".to_owned()
                    } else {
                        n.to_owned()
                    }
                };
                let players = format!("{} – {}", name(red), name(black));
                info!("game list: picked game {} of {}", i + 1, list.file);
                let said = T::OpenedGame.fill(lang, &[&list.file, &(i + 1), &players]);
                open(game.clone(), said, &mut notices);
            }
            // Unreadable or out of range: the list stays open (nothing else to do).
            _ => choice.0 = Some(list),
        }
    }
}
