//! Turns the player's actions into calls on the session and says what came of them.
//! The rules themselves are asked, never re-implemented: legality comes from
//! `Position`, undo and review from `Session`.

use crate::app::schedule::{AppSet, Logic, Present};
use crate::app::xiangqi::messages::{
    EngineCommand, GoToMove, MoveAsked, NewGameWith, PointerRightReleased,
};
use crate::app::xiangqi::model::{
    ComputerWaits, Mode, Model, NextHandicap, NextOpponent, Selection,
};
use crate::settings::XiangqiSettings;
use bevy::prelude::*;

use crate::app::actions::{PlayCommand, Review};
use crate::app::messages::{BoardChanged, BoardPointer, BoardPress, NewGameStarted, NothingToDo};
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::learn::tutor::{Held, Helper};
use crate::app::xiangqi::learn::{lessons, marks};
use crate::app::xiangqi::messages::{
    EngineMove, GameEnded, MovePlayed, MoveRejected, PointerPressed, PointerReleased,
    PointerRightPressed, Redone, Refusal, Selected, SteppedForward, Undone,
};
use crate::app::xiangqi::view::board::CELL;
use crate::app::xiangqi::{cursor, model};
use crate::games::xiangqi::session::SessionError;
use crate::i18n::{self, Lang};
use crate::rules::{Move, PlayError, Square};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Held>()
        .add_systems(
            Update,
            points
                .in_set(AppSet::Route)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            (
                table::learn::ask::answer::<Xiangqi>,
                pointer
                    .run_if(
                        in_state(Mode::Play)
                            .or_else(in_state(Mode::Train))
                            .or_else(in_state(Mode::Lesson)),
                    )
                    .run_if(lessons::takes_moves),
                // Typed moves and the explorer's, in puzzles and lessons too (judged like a
                // click's).
                asked
                    .run_if(
                        in_state(Mode::Play)
                            .or_else(in_state(Mode::Train))
                            .or_else(in_state(Mode::Lesson)),
                    )
                    .run_if(lessons::takes_moves),
                engine_move,
                commands,
                drawn.run_if(in_state(Mode::Play)),
            )
                .chain()
                .in_set(Logic::Play)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            cursor::steer
                .in_set(Logic::Cursor)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(OnExit(<Xiangqi as TableGame>::KIND), cursor::leave_board)
        .add_systems(
            Update,
            (
                log_warning,
                cursor::announce.in_set(<Xiangqi as TableGame>::SYSTEMS),
            )
                .in_set(Present::Status),
        );
}

/// The board's points under the shell's presses: the points the play and the editor
/// read.
fn points(
    mut board: MessageReader<BoardPointer>,
    settings: Res<Settings>,
    mut pressed: MessageWriter<PointerPressed>,
    mut released: MessageWriter<PointerReleased>,
    mut right: MessageWriter<PointerRightPressed>,
    mut right_up: MessageWriter<PointerRightReleased>,
) {
    for &BoardPointer { press, at } in board.read() {
        let square =
            at.and_then(|w| crate::theme::square_at(w.x / CELL, w.y / CELL, settings.flipped));
        match press {
            BoardPress::LeftDown => _ = pressed.write(PointerPressed(square)),
            BoardPress::LeftUp => _ = released.write(PointerReleased(square)),
            BoardPress::RightDown => _ = right.write(PointerRightPressed(square)),
            BoardPress::RightUp(brush) => {
                right_up.write(PointerRightReleased(square, brush));
            }
        }
    }
}

/// The messages a move attempt can produce.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Outcomes<'w> {
    selected: MessageWriter<'w, Selected>,
    played: MessageWriter<'w, MovePlayed>,
    rejected: MessageWriter<'w, MoveRejected>,
    ended: MessageWriter<'w, GameEnded>,
    changed: MessageWriter<'w, BoardChanged>,
}

pub(crate) fn clear(selection: &mut Selection) {
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
            let check = model.shown_position().is_check();
            out.played.write(MovePlayed {
                mv,
                piece,
                captured: before.capture(mv),
                check,
            });
            out.changed.write(BoardChanged);
            // Walking along a line to an ending already there is no new ending.
            if let Some(outcome) = model.outcome().filter(|_| !model.is_reviewing()) {
                out.ended.write(GameEnded(outcome));
            }
        }
        Err(e) => {
            info!("refused {mv}: {e}");
            let reason = match e {
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

/// A person's move: looked at first by the help of its side, which may hold it back
/// and ask (the piece goes back to its point).
fn attempt_by_hand(
    model: &mut Model,
    selection: &mut Selection,
    mv: Move,
    out: &mut Outcomes,
    helper: &mut Helper,
) {
    if helper.holds(model, mv) {
        clear(selection);
        out.changed.write(BoardChanged);
        return;
    }
    attempt(model, selection, mv, out);
}

/// A move named (typed, the explorer's, the help's "play it anyway") is played as a
/// click would play it.
fn asked(
    mut asked: MessageReader<MoveAsked>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut out: Outcomes,
    mut helper: Helper,
) {
    for &MoveAsked(mv) in asked.read() {
        info!("move asked: {mv}");
        attempt_by_hand(&mut model, &mut selection, mv, &mut out, &mut helper);
    }
}

pub(crate) fn pointer(
    mut pressed: MessageReader<PointerPressed>,
    mut released: MessageReader<PointerReleased>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    xq: Res<XiangqiSettings>,
    mut out: Outcomes,
    mut helper: Helper,
) {
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
            Some(from) => attempt_by_hand(
                &mut model,
                &mut selection,
                Move::new(from, square),
                &mut out,
                &mut helper,
            ),
            None if own => {
                // Looking back, a move begins a variation: the end is no bar.
                let refusal = if model.outcome().is_some() && !model.is_reviewing() {
                    Some(Refusal::GameOver)
                } else if xq.computer == Some(mover) {
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
            // A plain click on an empty point takes the drawn marks off.
            None => {
                if helper.in_play() && marks::clear(&mut model) {
                    out.changed.write(BoardChanged);
                }
            }
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
                let mv = Move::new(from, to);
                attempt_by_hand(&mut model, &mut selection, mv, &mut out, &mut helper);
            }
            _ => {
                // The dragged piece goes back to its point.
                out.changed.write(BoardChanged);
            }
        }
    }
}

/// Marks drawn with the right button: a click marks a point, a drag draws an arrow.
fn drawn(
    mut pressed: MessageReader<PointerRightPressed>,
    mut released: MessageReader<PointerRightReleased>,
    mut from: Local<Option<Square>>,
    mut model: ResMut<Model>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if let Some(&PointerRightPressed(at)) = pressed.read().last() {
        *from = at;
    }
    for &PointerRightReleased(to, brush) in released.read() {
        if let (Some(a), Some(b)) = (from.take(), to) {
            marks::draw(&mut model, a, b, brush);
            changed.write(BoardChanged);
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

pub(crate) fn commands(
    mut commands: MessageReader<PlayCommand>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut undone: MessageWriter<Undone>,
    mut redone: MessageWriter<Redone>,
    mut nothing: MessageWriter<NothingToDo>,
    mut started: MessageWriter<NewGameStarted>,
    (mut changed, mut stepped): (MessageWriter<BoardChanged>, MessageWriter<SteppedForward>),
    xq: Res<XiangqiSettings>,
    mut waits: ResMut<ComputerWaits>,
    (mut timed, mut went): (MessageReader<NewGameWith>, MessageReader<GoToMove>),
    (seats, handicap, mut opponent, mut engine): (
        Res<Settings>,
        Res<NextHandicap>,
        ResMut<NextOpponent>,
        MessageWriter<EngineCommand>,
    ),
) {
    // The opponent chosen in the new-game dialog comes with the new game (its
    // messages reach the engine's link this frame too).
    let mut next = |engine: &mut MessageWriter<EngineCommand>| {
        let chosen = std::mem::take(&mut *opponent);
        if let Some(computer) = chosen.computer {
            engine.write(EngineCommand::SetComputer(computer));
        }
        if let Some(level) = chosen.level {
            engine.write(EngineCommand::SetLevel(level));
        }
        (
            chosen.computer.unwrap_or(xq.computer),
            chosen.level.unwrap_or(xq.level),
        )
    };
    let new_game = |model: &mut Model, control, (computer, level): (Option<_>, Option<u8>)| {
        // The computer's name is its level, else its search.
        let computer = computer.map(|side| {
            let name = match level {
                Some(n) => crate::games::xiangqi::kept::COMPUTER.named(n),
                None => format!("Fairy-Stockfish ({})", xq.strength),
            };
            (side, name)
        });
        let tags = model::seated_tags(&seats.seats, handicap.0, computer);
        info!("new game: {tags:?}, handicap {:?}", handicap.0);
        model.new_game_from(handicap.0.position(), control, tags);
    };
    for &NewGameWith(control) in timed.read() {
        waits.0 = None;
        let who = next(&mut engine);
        new_game(&mut model, control, who);
        started.write(NewGameStarted);
        clear(&mut selection);
        changed.write(BoardChanged);
    }
    for &GoToMove(node) in went.read() {
        let reviewed = model.cursor();
        model.goto(node);
        // Looking where one already is changes nothing.
        if model.cursor() != reviewed {
            clear(&mut selection);
            changed.write(BoardChanged);
        }
    }
    for &command in commands.read() {
        let reviewed = model.cursor();
        match command {
            PlayCommand::Cancel => {
                if selection.square.is_some() {
                    clear(&mut selection);
                    changed.write(BoardChanged);
                }
                continue;
            }
            PlayCommand::Undo => match model.undo_against(xq.computer) {
                Some(change) => {
                    // Still its move (its first move of a game, or a game opened on
                    // its move): it waits, or it would play the move taken back again.
                    let pos = model.game().position();
                    if xq.computer == Some(pos.turn()) {
                        waits.0 = Some(pos.clone());
                    }
                    undone.write(Undone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: false });
                }
            },
            PlayCommand::Redo => match model.redo_against(xq.computer) {
                Some(change) => {
                    redone.write(Redone(change));
                }
                None => {
                    nothing.write(NothingToDo { redo: true });
                }
            },
            PlayCommand::NewGame => {
                waits.0 = None;
                let who = next(&mut engine);
                new_game(&mut model, xq.clock, who);
                started.write(NewGameStarted);
            }
            // engine_link.rs points at it.
            PlayCommand::Hint => continue,
            PlayCommand::Review(to) => {
                let before = matches!(to, Review::Forward).then(|| model.shown_position().clone());
                match to {
                    Review::Back => model.review_back(),
                    Review::Forward => model.review_forward(),
                    Review::Start => model.review_start(),
                    Review::End => model.review_end(),
                    Review::At(ply) => model.review(ply),
                    Review::Line { down } => {
                        // The board stays; the moves ahead change (the list shows them).
                        if model.switch_line(down) {
                            info!("line switched");
                        }
                        continue;
                    }
                }
                // Looking where one already is changes nothing.
                if model.cursor() == reviewed {
                    continue;
                }
                // One step forward is the move made again, for the eye and the ear.
                if let (Some(before), Some(mv)) = (before, model.shown_last_move())
                    && let Some(piece) = before.piece_at(mv.from)
                {
                    stepped.write(SteppedForward(MovePlayed {
                        mv,
                        piece,
                        captured: before.capture(mv),
                        check: model.shown_position().is_check(),
                    }));
                }
            }
        }
        clear(&mut selection);
        changed.write(BoardChanged);
    }
}

/// The referee's warning while the game's position stands for the second time and one
/// side alone has been checking or chasing the same piece (none while reviewing).
pub(crate) fn warning_text(model: &Model, lang: Lang) -> Option<String> {
    if model.is_reviewing() {
        return None;
    }
    let (side, offence) = model.game().repetition_warning()?;
    Some(i18n::repetition_warning(side, offence, lang))
}

/// Writes the referee's warning to the log when it appears, for whoever reads the log
/// (the real-window tests do).
fn log_warning(model: Res<Model>, settings: Res<Settings>, mut last: Local<Option<String>>) {
    if !model.is_changed() && !settings.is_changed() {
        return;
    }
    let text = warning_text(&model, settings.lang);
    if text != *last {
        if let Some(text) = &text {
            info!("warning {text}");
        }
        *last = text;
    }
}
