//! Mouse and keyboard become messages; nothing is decided here.
//!
//! What each key does is listed in one place, [`key_command`]. A file dropped on the
//! window becomes an [`Import`], like a paste.

use crate::app::schedule::{AppSet, Mode};
use bevy::ecs::message::Messages;
use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyCode, KeyboardInput};
use bevy::input::mouse::MouseButton;
use bevy::prelude::*;
use bevy::window::WindowEvent;

use crate::app::actions::Action;
use crate::app::xiangqi::model::{GameChoice, Overlay, PointerOverPanel, TypingInPanel};
use crate::app::xiangqi::review::ReviewCommand;
use crate::app::{BoardPointer, BoardPress, Import};

/// The camera that looks at the board, whichever game's (the game spawns it).
#[derive(Component)]
pub struct BoardCamera;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            // Headless (tests) there is no window and so no window events.
            pointer.run_if(resource_exists::<Messages<WindowEvent>>),
            keys.run_if(resource_exists::<Messages<KeyboardInput>>),
            dropped_files.run_if(resource_exists::<Messages<bevy::window::FileDragAndDrop>>),
        )
            .chain()
            .in_set(AppSet::Input),
    );
}

/// Where a cursor position falls in the board camera's world, if over its viewport.
fn world_at(cursor: Vec2, camera: &Camera, transform: &GlobalTransform) -> Option<Vec2> {
    if !camera.logical_viewport_rect()?.contains(cursor) {
        return None;
    }
    camera.viewport_to_world_2d(transform, cursor).ok()
}

/// Reads the window's events in the order they happened: on a slow frame a whole
/// press-drag-release can arrive at once, and only the order says where each happened.
/// Where on its board that is, is the game's to say (its points, its orientation).
fn pointer(
    mut events: MessageReader<WindowEvent>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<BoardCamera>>>,
    over_panel: Res<PointerOverPanel>,
    mut cursor: Local<Option<Vec2>>,
    mut board: MessageWriter<BoardPointer>,
    mut actions: MessageWriter<Action>,
) {
    let Some(camera) = camera else {
        events.clear();
        return;
    };
    let (camera, transform) = *camera;
    let ctrl = keys.is_some_and(|k| ctrl_held(&k));
    for event in events.read() {
        let button = match event {
            WindowEvent::CursorMoved(moved) => {
                *cursor = Some(moved.position);
                continue;
            }
            WindowEvent::CursorLeft(_) => {
                *cursor = None;
                continue;
            }
            WindowEvent::MouseButtonInput(button) => button,
            _ => continue,
        };
        let at = cursor.and_then(|c| world_at(c, camera, transform));
        debug!(
            "{:?} {:?} at {:?} -> {at:?}",
            button.button, button.state, *cursor
        );
        let mut on_board = |press: BoardPress| {
            board.write(BoardPointer { press, at });
        };
        match (button.button, button.state) {
            // Releases always count, so a drag that ends over the panel still ends.
            (MouseButton::Left, ButtonState::Released) => on_board(BoardPress::LeftUp),
            _ if over_panel.0 => {}
            (MouseButton::Left, ButtonState::Pressed) => on_board(BoardPress::LeftDown),
            (MouseButton::Right, ButtonState::Pressed) => {
                actions.write(Action::Cancel);
                on_board(BoardPress::RightDown);
            }
            (MouseButton::Middle, ButtonState::Pressed) if ctrl => {
                actions.write(Action::Quit);
            }
            _ => {}
        }
    }
}

/// Whether any of `modifiers` was down at some moment of this frame. A quick chord can
/// press and release the modifier within one frame (xdotool does, so can a fast hand).
/// For the mouse only: its events and the key messages come apart, so the order
/// between them is not known; keys follow the modifiers in order ([`Modifiers`]).
fn held(keys: &ButtonInput<KeyCode>, modifiers: [KeyCode; 2]) -> bool {
    keys.any_pressed(modifiers)
        || keys.any_just_pressed(modifiers)
        || keys.any_just_released(modifiers)
}

/// Ctrl, or ⌘ on macOS.
fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    held(keys, [KeyCode::ControlLeft, KeyCode::ControlRight])
        || held(keys, [KeyCode::SuperLeft, KeyCode::SuperRight])
}

/// Which modifiers are down, followed through the key messages in the order they came.
#[derive(Default, Clone, Copy)]
struct Modifiers {
    ctrl: [bool; 2],
    command: [bool; 2],
    shift: [bool; 2],
}

impl Modifiers {
    /// Notes `key` going down or up; whether it was a modifier.
    fn follow(&mut self, key: KeyCode, down: bool) -> bool {
        let slot = match key {
            KeyCode::ControlLeft => &mut self.ctrl[0],
            KeyCode::ControlRight => &mut self.ctrl[1],
            KeyCode::SuperLeft => &mut self.command[0],
            KeyCode::SuperRight => &mut self.command[1],
            KeyCode::ShiftLeft => &mut self.shift[0],
            KeyCode::ShiftRight => &mut self.shift[1],
            _ => return false,
        };
        *slot = down;
        true
    }

    /// Ctrl, or ⌘ on macOS.
    fn ctrl(self) -> bool {
        self.ctrl.contains(&true) || self.command.contains(&true)
    }

    fn shift(self) -> bool {
        self.shift.contains(&true)
    }
}

/// Keys that step through something go on while held (the system's key repeat), as
/// arrows do everywhere; the others act once a press.
fn repeats(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::ArrowLeft | KeyCode::ArrowRight | KeyCode::ArrowUp | KeyCode::ArrowDown
    )
}

/// What the game is doing that changes what a key means.
struct KeyContext<'a> {
    overlay: &'a Overlay,
    typing: bool,
    listing: bool,
    editing: bool,
}

/// Every keyboard shortcut. While a text field has the keyboard only Ctrl chords act;
/// while a file's game list is open, Esc closes it (its own keys are the dialog's).
fn key_command(key: KeyCode, held: Modifiers, at: &KeyContext) -> Option<Action> {
    let (ctrl, shift) = (held.ctrl(), held.shift());
    let KeyContext {
        overlay,
        typing,
        listing,
        editing,
    } = *at;
    if typing && !ctrl {
        return None;
    }
    Some(match (ctrl, shift, key) {
        (true, false, KeyCode::KeyZ) => Action::Undo,
        (true, true, KeyCode::KeyZ) | (true, _, KeyCode::KeyY) => Action::Redo,
        (true, _, KeyCode::KeyR) => Action::NewGame,
        (true, _, KeyCode::KeyW) => Action::Quit,
        (true, false, KeyCode::KeyS) => Action::Save,
        (true, false, KeyCode::KeyL) => Action::Load,
        (true, true, KeyCode::KeyS | KeyCode::KeyL) => Action::ToggleSlots,
        (true, false, KeyCode::KeyE) => Action::CopyFen,
        (true, true, KeyCode::KeyE) => Action::CopyGame,
        (true, true, KeyCode::KeyI) => Action::ToggleGameInfo,
        (true, false, KeyCode::KeyI) => Action::Paste,
        (true, _, KeyCode::KeyG) => Action::ExportGif,
        (true, _, KeyCode::Equal | KeyCode::NumpadAdd) => Action::Zoom(1),
        (true, _, KeyCode::Minus | KeyCode::NumpadSubtract) => Action::Zoom(-1),
        (true, _, KeyCode::Digit0 | KeyCode::Numpad0) => Action::Zoom(0),
        (true, _, KeyCode::Comma) => Action::ToggleSettings,
        // Esc first closes an open dialog.
        (_, _, KeyCode::Escape) if listing => Action::ChooseGame(None),
        (_, _, KeyCode::Escape) if overlay.slots => Action::ToggleSlots,
        (_, _, KeyCode::Escape) if overlay.help => Action::ToggleHelp,
        (_, _, KeyCode::Escape) if overlay.info => Action::ToggleGameInfo,
        (_, _, KeyCode::Escape) if overlay.settings => Action::ToggleSettings,
        (_, _, KeyCode::Escape) if editing => Action::ToggleEdit,
        (_, _, KeyCode::F2) => Action::ToggleEdit,
        (_, _, KeyCode::F3) => Action::Train(crate::app::xiangqi::train::TrainCommand::Open(None)),
        (false, _, KeyCode::KeyN) => Action::Train(crate::app::xiangqi::train::TrainCommand::Next),
        (_, _, KeyCode::Escape) => Action::Quit,
        (false, _, KeyCode::KeyF) => Action::Flip,
        (false, _, KeyCode::Space) => Action::TogglePause,
        (false, _, KeyCode::KeyM) => Action::ToggleMute,
        (false, _, KeyCode::KeyT) => Action::NextTheme,
        (false, _, KeyCode::KeyP) => Action::TogglePieces,
        (false, _, KeyCode::KeyA) => Action::ToggleAnalysis,
        (false, _, KeyCode::KeyH) => Action::Hint,
        (false, _, KeyCode::KeyR) => Action::Review(ReviewCommand::Toggle),
        (false, same_side, KeyCode::BracketRight) => {
            Action::Review(ReviewCommand::Next { same_side })
        }
        (false, same_side, KeyCode::BracketLeft) => {
            Action::Review(ReviewCommand::Previous { same_side })
        }
        (_, _, KeyCode::F1) => Action::ToggleHelp,
        (false, _, KeyCode::ArrowLeft) => Action::ReviewBack,
        (false, _, KeyCode::ArrowRight) => Action::ReviewForward,
        (false, _, KeyCode::Home) => Action::ReviewStart,
        (false, _, KeyCode::End) => Action::ReviewEnd,
        (false, _, KeyCode::ArrowUp) => Action::LineUp,
        (false, _, KeyCode::ArrowDown) => Action::LineDown,
        _ => return None,
    })
}

/// Each key press is a command, in the order pressed: on a slow frame two quick
/// presses of the same key (Ctrl+Z twice) arrive together, and a key state would
/// count them once. Modifiers are followed by their own messages (Bevy lets go of
/// every key held when the window loses the keyboard).
fn keys(
    mut presses: MessageReader<KeyboardInput>,
    mut held: Local<Modifiers>,
    overlay: Res<Overlay>,
    typing: Res<TypingInPanel>,
    choice: Res<GameChoice>,
    mode: Res<State<Mode>>,
    mut commands: MessageWriter<Action>,
) {
    let at = KeyContext {
        overlay: &overlay,
        typing: typing.0,
        listing: choice.0.is_some(),
        editing: *mode.get() == Mode::Edit,
    };
    let training = *mode.get() == Mode::Train;
    for press in presses.read() {
        let down = press.state == ButtonState::Pressed;
        if held.follow(press.key_code, down) || !down || (press.repeat && !repeats(press.key_code))
        {
            continue;
        }
        let Some(command) = key_command(press.key_code, *held, &at) else {
            continue;
        };
        let command = if training {
            in_training(command, press.key_code == KeyCode::Escape)
        } else {
            Some(command)
        };
        if let Some(command) = command {
            commands.write(command);
        }
    }
}

/// In training the keys keep their sense where it has one (Ctrl+Z takes a wrong move
/// back, H hints, Esc goes back to the game) and do nothing where it would change the
/// puzzle into another game (new game, paste, the editor, the engine).
fn in_training(command: Action, escape: bool) -> Option<Action> {
    use crate::app::xiangqi::train::TrainCommand;
    match command {
        Action::Undo => Some(Action::Train(TrainCommand::Retry)),
        Action::Hint => Some(Action::Train(TrainCommand::Hint)),
        Action::Quit if escape => Some(Action::Train(TrainCommand::Leave)),
        Action::Flip
        | Action::ToggleMute
        | Action::ToggleHelp
        | Action::Quit
        | Action::Zoom(_)
        | Action::NextTheme
        | Action::TogglePieces
        | Action::ToggleSettings
        | Action::Cancel
        | Action::Train(_) => Some(command),
        _ => None,
    }
}

/// A file dropped on the window is opened like a paste.
fn dropped_files(
    mut dropped: MessageReader<bevy::window::FileDragAndDrop>,
    mut import: MessageWriter<Import>,
) {
    for event in dropped.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = event {
            import.write(Import::File(path_buf.clone()));
        }
    }
}
