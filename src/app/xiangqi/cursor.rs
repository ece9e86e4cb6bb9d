//! The board cursor: F6 gives the board the keyboard (Tab would move egui's focus
//! through the panel), the arrows move a ring over the
//! points (as the side to move sees the board), Enter or Space picks a piece up and
//! puts it down — a click there, refused or played the same way —, Esc lets go of the
//! piece, then of the board. A game can be played with keys alone.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::app::actions::Action;
use crate::app::shell::model::BoardFocus;
use crate::app::shell::table::{KeyContext, KeyPress};
use crate::app::xiangqi::model::{Model, Selection};
use crate::app::{PointerPressed, PointerReleased};
use crate::rules::{Color, Square};

/// What a key asks of the cursor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorCommand {
    /// F6: the board takes the keyboard, or gives it back.
    Toggle,
    /// An arrow: files right (+) or left, ranks forward (+) or back, as the side to
    /// move sees the board.
    Step(i8, i8),
    /// Enter, Space: a click on the point.
    Pick,
    /// Esc: let go of the piece, or of the board.
    Leave,
}

/// The point the cursor is on, while the board has the keyboard.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor(pub Option<Square>);

/// The cursor's keys: F6 always; the arrows, Enter, Space and Esc while the board has
/// the keyboard (they mean other things otherwise).
pub(crate) fn cursor_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    if press.ctrl {
        return None;
    }
    let command = match press.key {
        KeyCode::F6 => CursorCommand::Toggle,
        _ if !at.board_focus => return None,
        KeyCode::ArrowUp => CursorCommand::Step(0, 1),
        KeyCode::ArrowDown => CursorCommand::Step(0, -1),
        KeyCode::ArrowLeft => CursorCommand::Step(-1, 0),
        KeyCode::ArrowRight => CursorCommand::Step(1, 0),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => CursorCommand::Pick,
        KeyCode::Escape => CursorCommand::Leave,
        _ => return None,
    };
    Some(Action::own(command))
}

/// Where the cursor starts: the piece picked up, else the mover's general.
fn start(model: &Model, selection: &Selection) -> Square {
    let pos = model.shown_position();
    selection.square.unwrap_or_else(|| pos.general(pos.turn()))
}

/// Moves the cursor and clicks where it is (before the pointer's system reads the
/// clicks, in the same step).
pub(crate) fn steer(
    mut commands: MessageReader<CursorCommand>,
    model: Res<Model>,
    mut selection: ResMut<Selection>,
    mut cursor: ResMut<BoardCursor>,
    mut focus: ResMut<BoardFocus>,
    mut pressed: MessageWriter<PointerPressed>,
    mut released: MessageWriter<PointerReleased>,
) {
    for &command in commands.read() {
        match (command, cursor.0) {
            (CursorCommand::Toggle, None) => cursor.0 = Some(start(&model, &selection)),
            (CursorCommand::Toggle, Some(_)) => cursor.0 = None,
            (CursorCommand::Step(df, dr), Some(at)) => {
                // From the side to move's seat: black's right is red's left.
                let sign = if model.shown_position().turn() == Color::Red {
                    1
                } else {
                    -1
                };
                let file = i16::from(at.file()) + i16::from(df * sign);
                let rank = i16::from(at.rank()) + i16::from(dr * sign);
                if let (Ok(f), Ok(r)) = (u8::try_from(file), u8::try_from(rank))
                    && let Some(to) = Square::new(f, r)
                {
                    cursor.0 = Some(to);
                }
            }
            (CursorCommand::Pick, Some(at)) => {
                info!("cursor picks {at}");
                pressed.write(PointerPressed(Some(at)));
                released.write(PointerReleased(Some(at)));
            }
            (CursorCommand::Leave, Some(_)) if selection.square.is_some() => {
                *selection = Selection::default();
                info!("cursor lets go");
            }
            (CursorCommand::Leave, Some(_)) => cursor.0 = None,
            (_, None) => {}
        }
        match cursor.0 {
            Some(at) => {
                let pos = model.shown_position();
                let piece = pos
                    .piece_at(at)
                    .map_or_else(|| "empty".to_owned(), |p| format!("{p:?}"));
                info!("cursor at {at}: {piece}");
            }
            None => info!("cursor off"),
        }
        focus.0 = cursor.0.is_some();
    }
}
