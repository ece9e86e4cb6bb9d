//! The board cursor: F6 gives the board the keyboard (Tab would move egui's focus
//! through the panel), the arrows move a ring over the
//! points (as the side to move sees the board), Enter or Space picks a piece up and
//! puts it down — a click there, refused or played the same way —, Esc lets go of the
//! piece, then of the board. A game can be played with keys alone.

use crate::settings::XiangqiSettings;
use bevy::prelude::*;

use crate::app::actions::Action;
use crate::app::shell::access::{Spoken, SpokenBoard, SpokenPoint};
use crate::app::shell::model::{BoardFocus, Settings};
use crate::app::shell::table;
use crate::app::shell::table::{CursorKey, KeyContext, KeyPress};
use crate::app::xiangqi::learn::marks;
use crate::app::xiangqi::messages::{
    EditCommand, GameEnded, MovePlayed, PointerPressed, PointerReleased, PointerRightPressed,
};
use crate::app::xiangqi::model;
use crate::app::xiangqi::model::{Mode, Model, Selection};
use crate::app::xiangqi::view::board;
use crate::i18n::{self, Lang, T, spoken};
use crate::rules::{Color, Notation, Square};

/// A cursor key at the Xiangqi table.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CursorCommand(pub CursorKey);

/// The point the cursor is on, while the board has the keyboard.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor(pub Option<Square>);

/// The cursor's keys (the shell's map), as Xiangqi's command.
pub(crate) fn cursor_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    table::cursor_key(press, at).map(|key| Action::own(CursorCommand(key)))
}

/// In the board editor, while the board has the keyboard: a piece's FEN letter takes it
/// from the tray (`R` a red chariot, `r` a black one; `H`/`N` horse, `E`/`B` elephant),
/// `0` puts the tray's piece back. Enter or Space then puts the piece taken on the
/// point, as a click does; Delete takes a piece off (the cursor's right click).
pub(crate) fn tray_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    use bevy::input::keyboard::KeyCode;
    if model::mode_at(at) != Mode::Edit || !at.board_focus || press.ctrl {
        return None;
    }
    let letter = match press.key {
        KeyCode::KeyK => 'k',
        KeyCode::KeyA => 'a',
        KeyCode::KeyE => 'e',
        KeyCode::KeyB => 'b',
        KeyCode::KeyH => 'h',
        KeyCode::KeyN => 'n',
        KeyCode::KeyR => 'r',
        KeyCode::KeyC => 'c',
        KeyCode::KeyP => 'p',
        KeyCode::Digit0 | KeyCode::Numpad0 => {
            return Some(Action::own(EditCommand::Pick(None)));
        }
        _ => return None,
    };
    let letter = if press.shift {
        letter.to_ascii_uppercase()
    } else {
        letter
    };
    crate::rules::Piece::from_char(letter).map(|piece| Action::own(EditCommand::Pick(Some(piece))))
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
    mut right: MessageWriter<PointerRightPressed>,
) {
    for &CursorCommand(key) in commands.read() {
        match (key, cursor.0) {
            (CursorKey::Toggle, None) => cursor.0 = Some(start(&model, &selection)),
            (CursorKey::Toggle, Some(_)) => cursor.0 = None,
            (CursorKey::Step(df, dr), Some(at)) => {
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
            (CursorKey::Pick, Some(at)) => {
                info!("cursor picks {at}");
                pressed.write(PointerPressed(Some(at)));
                released.write(PointerReleased(Some(at)));
            }
            (CursorKey::Leave, Some(_)) if selection.square.is_some() => {
                *selection = Selection::default();
                info!("cursor lets go");
            }
            (CursorKey::Leave, Some(_)) => cursor.0 = None,
            (CursorKey::Clear, Some(at)) => {
                info!("cursor clears {at}");
                right.write(PointerRightPressed(Some(at)));
            }
            (CursorKey::PickAt(file, rank), _) => {
                if let Some(at) = Square::new(file, rank) {
                    cursor.0 = Some(at);
                    info!("cursor picks {at}");
                    pressed.write(PointerPressed(Some(at)));
                    released.write(PointerReleased(Some(at)));
                }
            }
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

/// Leaving the table, its board gives the keyboard back.
pub(crate) fn leave_board(mut cursor: ResMut<BoardCursor>, mut focus: ResMut<BoardFocus>) {
    cursor.0 = None;
    focus.0 = false;
}

/// The board as a screen reader reads it: the shown position's points, row by row from
/// the top as drawn, each with what stands there.
pub(crate) fn spoken_board(world: &World, lang: Lang) -> Option<SpokenBoard> {
    let model = world.get_resource::<Model>()?;
    let flipped = world.get_resource::<Settings>()?.flipped;
    let cursor = world.get_resource::<BoardCursor>().and_then(|c| c.0);
    let pos = model.shown_position();
    let mut points = Vec::with_capacity(90);
    for row in 0..10u8 {
        for column in 0..9u8 {
            let (file, rank) = if flipped {
                (8 - column, row)
            } else {
                (column, 9 - row)
            };
            let sq = Square::new(file, rank)?;
            let on = pos.piece_at(sq).map(|p| spoken::piece(p, lang));
            points.push(SpokenPoint {
                name: spoken::point(&sq.to_string(), on),
                at: board::world(sq, flipped),
                point: (file, rank),
                cursor: cursor == Some(sq),
            });
        }
    }
    let turn = match pos.turn() {
        Color::Red => T::RedToMove,
        Color::Black => T::BlackToMove,
    };
    let mut label = format!("{}, {}", T::SpokenBoard.get(lang), turn.get(lang));
    // The marks drawn on the position, read after the side to move.
    if let Some(words) = marks::words(&model.marks(), lang) {
        label = format!("{label}; {words}");
    }
    Some(SpokenBoard {
        label,
        columns: 9,
        rows: 10,
        points,
    })
}

/// Says each move (in the notation the settings choose) and the result; refusals, undo
/// and the other lines of the status are said with it (`panel/status.rs`).
pub(crate) fn announce(
    model: Res<Model>,
    settings: Res<Settings>,
    xq: Res<XiangqiSettings>,
    mut played: MessageReader<MovePlayed>,
    mut ended: MessageReader<GameEnded>,
    mut said: MessageWriter<Spoken>,
) {
    let lang = settings.lang;
    for m in played.read() {
        // The move is the last of the line shown: the position before it names it.
        let Some(ply) = model.shown_ply().checked_sub(1) else {
            continue;
        };
        let before = model.game().position_at(ply);
        let shown = xq.notation.display(before, m.mv);
        let wxf = Notation::Wxf.display(before, m.mv);
        let (text, voice) = spoken::xiangqi_move(
            m.piece.color,
            xq.notation,
            &shown,
            &wxf,
            m.captured,
            m.check,
            lang,
        );
        said.write(Spoken { text, voice });
    }
    for e in ended.read() {
        said.write(Spoken::from(i18n::outcome(e.0, lang)));
    }
}
