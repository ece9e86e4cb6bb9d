//! Turns the player's actions into calls on the session and says what came of them.
//! The rules themselves are asked, never re-implemented: legality comes from
//! `Position`, undo and review from `Session`.

use bevy::app::AppExit;
use bevy::prelude::*;

use super::messages::{
    Action, AppSet, BoardChanged, EngineMove, GameEnded, MovePlayed, MoveRejected, NewGameStarted,
    NothingToDo, PointerPressed, PointerReleased, Redone, Refusal, Selected, Undone,
};
use super::model::{Model, Selection, Settings};
use crate::rules::{Move, PlayError, Square};
use crate::session::SessionError;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, engine_move, commands)
            .chain()
            .in_set(AppSet::Logic)
            .after(super::clock::tick),
    );
}

/// The messages a move attempt can produce.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Outcomes<'w> {
    selected: MessageWriter<'w, Selected>,
    played: MessageWriter<'w, MovePlayed>,
    rejected: MessageWriter<'w, MoveRejected>,
    ended: MessageWriter<'w, GameEnded>,
    changed: MessageWriter<'w, BoardChanged>,
}

pub(super) fn clear(selection: &mut Selection) {
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

pub(super) fn pointer(
    mut pressed: MessageReader<PointerPressed>,
    mut released: MessageReader<PointerReleased>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    overlay: Res<super::model::Overlay>,
    settings: Res<Settings>,
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
                } else if settings.computer == Some(mover) {
                    Some(Refusal::ComputersTurn)
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

/// The computer's move, played as a player's would be if the game is still where the
/// engine was asked about it (an undo or a new game may have come in between).
fn engine_move(
    mut moves: MessageReader<EngineMove>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut out: Outcomes,
) {
    for m in moves.read() {
        if model.is_reviewing() || *model.game().position() != m.position {
            info!("engine move {} dropped: the game has moved on", m.mv);
            continue;
        }
        info!("engine plays {}", m.mv);
        attempt(&mut model, &mut selection, m.mv, &mut out);
    }
}

pub(super) fn commands(
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
    mut waits: ResMut<super::model::ComputerWaits>,
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
            Action::Undo => match model.undo_against(settings.computer) {
                Some(change) => {
                    // Still its move (its first move of a game, or a game opened on
                    // its move): it waits, or it would play the move taken back again.
                    let pos = model.game().position();
                    if settings.computer == Some(pos.turn()) {
                        waits.0 = Some(pos.clone());
                    }
                    undone.write(Undone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: false });
                }
            },
            Action::Redo => match model.redo_against(settings.computer) {
                Some(change) => {
                    redone.write(Redone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: true });
                }
            },
            Action::NewGame => {
                waits.0 = None;
                model.new_game_with(settings.clock);
                started.write(NewGameStarted);
            }
            Action::NewGameWith(control) => {
                waits.0 = None;
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
            | Action::ToggleEdit
            | Action::ToggleAnalysis
            | Action::Hint
            | Action::SetComputer(_)
            | Action::ComputerMove => continue,
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
