//! The shell's own keys, whatever game is on the table: quit, the dialogs and their
//! Esc, zoom, theme, sound, help; Esc and N for a board lent (to a lesson, practice…). Esc closes the innermost
//! thing open and quits only when nothing is.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use super::table::{CursorKey, KeyContext, KeyPress, Lending, Lent};
use super::tables::Tables;
use crate::actions::Action;

/// The shell's own keys: quit, the dialogs and their Esc, zoom, theme, sound, help; the
/// services' keys (practice's Shift+F4), and Esc and N for a board lent.
pub(crate) fn shell_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    let overlay = at.overlay;
    let lent = lendings(at);
    let asking = lent.iter().find(|l| l.lent == Lent::Asking);
    // Practice, guessing and problems give the board back on the first Esc a dialog leaves.
    let leaving = lent
        .iter()
        .find(|l| matches!(l.lent, Lent::Practice | Lent::Guessing | Lent::Problem));
    let onward = lent.iter().find_map(|l| l.onward.clone());
    let served = at
        .world
        .get_resource::<Tables>()
        .and_then(|t| t.service_key(press, at));
    let replaying = at
        .world
        .get_resource::<super::model::Replaying>()
        .is_some_and(|r| r.0.is_some());
    let board_clock = overlay.board_clock;
    Some(match (press.ctrl, press.key) {
        (true, KeyCode::KeyW) => Action::Quit,
        // The clock for a real board takes the window's keys but quitting: Space
        // presses it, Esc and Ctrl+K close it.
        (false, KeyCode::Space) if board_clock => Action::BoardClockPress,
        (_, KeyCode::Escape) if board_clock => Action::BoardClock(false),
        (true, KeyCode::KeyK) => Action::BoardClock(!board_clock),
        (true, KeyCode::KeyP) if !press.shift => Action::Replay,
        // A replay running takes Space (pause, go on) and Esc (stop) before the clock
        // and the dialogs: it is what moves.
        (false, KeyCode::Space) if replaying => Action::ReplayPause,
        (_, KeyCode::Escape) if replaying => Action::Replay,
        (true, KeyCode::Equal | KeyCode::NumpadAdd) => Action::Zoom(1),
        (true, KeyCode::Minus | KeyCode::NumpadSubtract) => Action::Zoom(-1),
        (true, KeyCode::Digit0 | KeyCode::Numpad0) => Action::Zoom(0),
        (true, KeyCode::Comma) => Action::ToggleSettings,
        (true, KeyCode::KeyP) if press.shift => Action::TogglePlayers,
        // Esc first closes the help's question (its "Choose another move"), then an
        // open dialog (a menu open is egui's to close: the table takes no key then).
        (_, KeyCode::Escape) if asking.is_some() => asking?.give_back.clone(),
        (_, KeyCode::Escape) if at.listing => Action::ChooseGame(None),
        (_, KeyCode::Escape) if overlay.slots => Action::ToggleSlots,
        (_, KeyCode::Escape) if overlay.help => Action::ToggleHelp,
        (_, KeyCode::Escape) if overlay.info => Action::ToggleGameInfo,
        (_, KeyCode::Escape) if overlay.settings => Action::ToggleSettings,
        (_, KeyCode::Escape) if overlay.move_box => Action::TypeMove(false),
        (_, KeyCode::Escape) if overlay.new_game => Action::NewGameChoices(false),
        (_, KeyCode::Escape) if overlay.players => Action::TogglePlayers,
        (_, KeyCode::Escape) if overlay.learn => Action::Learn,
        _ if served.is_some() => return served,
        (_, KeyCode::F4) => Action::Learn,
        // Practising or guessing: Esc goes back to the game.
        (_, KeyCode::Escape) if leaving.is_some() => leaving?.give_back.clone(),
        // A position practised answered, a lesson passed: N goes on to the next.
        (false, KeyCode::KeyN) if onward.is_some() => return onward,
        (false, KeyCode::Enter | KeyCode::NumpadEnter) if overlay.new_game => Action::StartGame,
        // The move box, where no dialog is open.
        // (Enter on the board with its cursor picks a piece instead.)
        (false, KeyCode::Slash | KeyCode::Enter | KeyCode::NumpadEnter)
            if !(overlay.any_dialog()
                || at.listing
                || (at.board_focus && press.key != KeyCode::Slash)) =>
        {
            Action::TypeMove(true)
        }
        (_, KeyCode::F1) => Action::ToggleHelp,
        (false, KeyCode::KeyM) => Action::ToggleMute,
        (false, KeyCode::KeyT) => Action::NextTheme,
        _ => return None,
    })
}

/// What has the board of the game on the table, besides the game.
fn lendings(at: &KeyContext) -> Vec<Lending> {
    Tables::lent_on_table(at.world)
}

/// Esc that neither the shell nor the game took: a lesson open is left (its result
/// with it); with nothing open the program quits (the games write their autosave as it
/// does); with anything else open (a text field, a menu, a dialog, a question), nothing.
pub(crate) fn escape(at: &KeyContext) -> Option<Action> {
    let lent = lendings(at);
    if let Some(lesson) = lent.iter().find(|l| l.lent == Lent::Lesson) {
        return Some(lesson.give_back.clone());
    }
    // Esc quits only when nothing was open a moment before either (issue 91: a child's
    // double press closed a question and quit the program).
    (!anything_open(at) && !at.just_closed).then_some(Action::Quit)
}

/// Whether something that Esc closes is open: a dialog, a menu, the move box, a file's
/// list, a text field, the help's question.
pub(crate) fn anything_open(at: &KeyContext) -> bool {
    let overlay = at.overlay;
    overlay.any_dialog()
        || overlay.menu
        || overlay.move_box
        || at.listing
        || at.typing
        || lendings(at).iter().any(|l| l.lent == Lent::Asking)
}

/// How long after something was open an Esc does not quit: longer than a double press.
pub(crate) const ESC_GRACE: std::time::Duration = std::time::Duration::from_millis(800);

/// The actions of the table itself, whatever game is on it.
#[must_use]
pub fn shell_answers(action: &Action) -> bool {
    matches!(
        action,
        Action::Quit
            | Action::ToggleHelp
            | Action::TypeMove(_)
            | Action::ToggleMute
            | Action::ToggleSettings
            | Action::Zoom(_)
            | Action::NextTheme
            | Action::SwitchGame(_)
            | Action::ChooseGame(_)
            | Action::TogglePlayers
            | Action::Learn
            | Action::Language(_)
            | Action::Replay
            | Action::ReplayPause
            | Action::BoardClock(_)
            | Action::BoardClockPress
    )
}

/// The keys every game gives the same sense: undo and redo, a new game, the slots, the
/// clipboard, pictures, the clock's pause, walking through the moves. A game takes
/// those it has (its [`TableGame::answers`] drops the rest).
#[must_use]
pub fn usual_key(press: KeyPress) -> Option<Action> {
    Some(match (press.ctrl, press.shift, press.key) {
        (true, false, KeyCode::KeyZ) => Action::Undo,
        (true, true, KeyCode::KeyZ) | (true, _, KeyCode::KeyY) => Action::Redo,
        (true, false, KeyCode::KeyR) => Action::NewGame,
        (true, true, KeyCode::KeyR) => Action::NewGameChoices(true),
        (true, false, KeyCode::KeyS) => Action::Save,
        (true, false, KeyCode::KeyL) => Action::Load,
        (true, true, KeyCode::KeyS | KeyCode::KeyL) => Action::ToggleSlots,
        (true, false, KeyCode::KeyE) => Action::CopyPosition,
        (true, true, KeyCode::KeyE) => Action::CopyRecord,
        (true, false, KeyCode::KeyI) => Action::Paste,
        (true, _, KeyCode::KeyG) => Action::ExportGif,
        (false, _, KeyCode::Space) => Action::TogglePause,
        (false, _, KeyCode::ArrowLeft) => Action::ReviewBack,
        (false, _, KeyCode::ArrowRight) => Action::ReviewForward,
        (false, _, KeyCode::Home) => Action::ReviewStart,
        (false, _, KeyCode::End) => Action::ReviewEnd,
        _ => return None,
    })
}

/// The board cursor's keys: F6 always; the arrows, Enter, Space and Esc while the board
/// has the keyboard (they mean other things otherwise). A game wraps the answer in its
/// own command.
#[must_use]
pub fn cursor_key(press: KeyPress, at: &KeyContext) -> Option<CursorKey> {
    if press.ctrl {
        return None;
    }
    Some(match press.key {
        KeyCode::F6 => CursorKey::Toggle,
        _ if !at.board_focus => return None,
        KeyCode::ArrowUp => CursorKey::Step(0, 1),
        KeyCode::ArrowDown => CursorKey::Step(0, -1),
        KeyCode::ArrowLeft => CursorKey::Step(-1, 0),
        KeyCode::ArrowRight => CursorKey::Step(1, 0),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => CursorKey::Pick,
        KeyCode::Escape => CursorKey::Leave,
        KeyCode::Delete | KeyCode::Backspace => CursorKey::Clear,
        _ => return None,
    })
}
