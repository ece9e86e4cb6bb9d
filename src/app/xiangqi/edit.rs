//! The board editor in the window (摆棋, F2): the player's clicks, drags and the panel's
//! buttons go to an [`Editor`], and "Play from here" starts a game from its position,
//! undoable like a paste. Which piece may stand where, and why a board cannot be played
//! yet, is the editor's and the rules' to say; this only routes.

use crate::app::schedule::Logic;
use crate::app::xiangqi::messages::ToggleEditor;
use crate::app::xiangqi::model::{Mode, Model, Selection};
use bevy::prelude::*;

use crate::app::messages::{BoardChanged, NewGameStarted, Notice};
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::{
    EditCommand, PointerPressed, PointerReleased, PointerRightPressed,
};
use crate::games::xiangqi::editor::{Editor, Refused};
use crate::i18n::{self, T};
use crate::rules::{Game, Piece, Square};

/// The editor while edit mode is on.
#[derive(Resource, Default)]
pub struct Editing(pub Option<EditState>);

/// The board being set up and what the pointer holds.
#[derive(Debug, Clone)]
pub struct EditState {
    /// The board.
    pub editor: Editor,
    /// The tray piece taken up: a click on a point puts one there.
    pub brush: Option<Piece>,
    /// The board point whose piece is being dragged.
    held: Option<Square>,
    /// A piece being dragged from the tray.
    from_tray: Option<Piece>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Editing>()
        .add_systems(
            Update,
            toggle
                .in_set(Logic::Modes)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            (commands, pointer)
                .chain()
                .in_set(Logic::Edit)
                .run_if(in_state(Mode::Edit)),
        );
}

fn toggle(
    mut toggles: MessageReader<ToggleEditor>,
    mut editing: ResMut<Editing>,
    mut mode: ResMut<NextState<Mode>>,
    model: Res<Model>,
    mut selection: ResMut<Selection>,
    mut changed: MessageWriter<BoardChanged>,
) {
    // The clock stops as for any dialog (clock.rs).
    for ToggleEditor in toggles.read() {
        editing.0 = match editing.0.take() {
            Some(_) => None,
            None => {
                *selection = Selection::default();
                Some(EditState {
                    editor: Editor::from_position(model.shown_position()),
                    brush: None,
                    held: None,
                    from_tray: None,
                })
            }
        };
        mode.set(if editing.0.is_some() {
            Mode::Edit
        } else {
            Mode::Play
        });
        changed.write(BoardChanged);
    }
}

fn commands(
    mut commands: MessageReader<EditCommand>,
    mut editing: ResMut<Editing>,
    mut mode: ResMut<NextState<Mode>>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
    mut started: MessageWriter<NewGameStarted>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    for command in commands.read() {
        let Some(state) = &mut editing.0 else {
            continue;
        };
        match command {
            EditCommand::Pick(piece) => {
                // A click on the tray, not a drag from it.
                state.brush = *piece;
                state.from_tray = None;
                continue;
            }
            EditCommand::DragFromTray(piece) => {
                state.from_tray = Some(*piece);
                continue;
            }
            EditCommand::Empty => state.editor = Editor::empty(),
            EditCommand::Start => state.editor = Editor::start(),
            EditCommand::Turn(side) => state.editor.set_turn(*side),
            EditCommand::Fen(text) => {
                if let Err(e) = state.editor.set_fen(text) {
                    notices.write(Notice::warn(T::EditFenRefused.fill(lang, &[&e])));
                    continue;
                }
            }
            EditCommand::Play => match state.editor.position() {
                Ok(position) => {
                    info!("position set up: {}", position.to_fen());
                    model.replace(Game::from_position(position));
                    editing.0 = None;
                    mode.set(Mode::Play);
                    started.write(NewGameStarted);
                }
                Err(e) => {
                    notices.write(Notice::warn(i18n::position_error(&e, lang)));
                    continue;
                }
            },
        }
        changed.write(BoardChanged);
    }
}

/// A click on a point puts the tray's piece there; a drag moves a piece (off the board,
/// it is taken off); a right click takes a piece off; a drag from the tray ends with
/// the piece on the point where it is let go.
fn pointer(
    mut pressed: MessageReader<PointerPressed>,
    mut released: MessageReader<PointerReleased>,
    mut right: MessageReader<PointerRightPressed>,
    mut editing: ResMut<Editing>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
) {
    if editing.0.is_none() {
        return;
    }
    // Only a click marks the editor changed (the view rebuilds on a change).
    if pressed.is_empty() && released.is_empty() && right.is_empty() {
        return;
    }
    let Some(state) = editing.0.as_mut() else {
        return;
    };
    let lang = settings.lang;
    let mut edited = false;
    // An edit redraws the board; a refusal says why.
    let mut done = |result: Result<(), Refused>| match result {
        Ok(()) => {
            edited = true;
            changed.write(BoardChanged);
        }
        Err(r) => {
            notices.write(Notice::warn(i18n::edit_refused(r, lang)));
        }
    };
    for &PointerPressed(square) in pressed.read() {
        let Some(square) = square else { continue };
        match (state.brush, state.editor.piece_at(square)) {
            (Some(piece), _) => {
                done(state.editor.place(square, piece));
                // The press placed it: the release must not move it again.
                state.held = None;
            }
            (None, Some(_)) => state.held = Some(square),
            (None, None) => state.held = None,
        }
    }
    for &PointerReleased(square) in released.read() {
        if let Some(piece) = state.from_tray.take() {
            // Let go off the board, the piece goes back to the tray.
            if let Some(to) = square {
                done(state.editor.place(to, piece));
            }
            continue;
        }
        let Some(from) = state.held.take() else {
            continue;
        };
        done(match square {
            Some(to) => state.editor.move_piece(from, to).map(|_| ()),
            None => {
                state.editor.remove(from);
                Ok(())
            }
        });
    }
    for &PointerRightPressed(square) in right.read() {
        if let Some(square) = square
            && state.editor.remove(square).is_some()
        {
            done(Ok(()));
        }
    }
    if edited {
        info!("edit board {}", state.editor.fen());
    }
}
