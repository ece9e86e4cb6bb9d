//! Mouse and keyboard become messages; nothing is decided here.
//!
//! What each key means is the shell's and the game on the table's to say
//! ([`Tables::key`](crate::shell::table::Tables::key)). A file dropped on the
//! window becomes an [`Import`], like a paste.

use crate::schedule::{AppSet, GameKind};
use bevy::ecs::message::Messages;
use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyCode, KeyboardInput};
use bevy::input::mouse::MouseButton;
use bevy::prelude::*;
use bevy::window::WindowEvent;

use bevy::app::AppExit;

use crate::actions::{
    Action, ChooseGame, ClipboardCommand, PictureCommand, PlayCommand, Review, SaveCommand,
    SwitchGame, TableCommand, ViewCommand,
};
use crate::messages::BoardPointer;
use crate::messages::BoardPress;
use crate::messages::Import;
use crate::shell::model::{BoardFocus, Overlay, PointerOverPanel, TypingInPanel};
use crate::shell::table::{KeyContext, KeyPress, Tables};

/// The camera that looks at the board, whichever game's (the game spawns it).
#[derive(Component)]
pub struct BoardCamera;

/// Where the pointer is on the window (logical pixels): the mouse's cursor, or the
/// finger on a touch screen, which moves no cursor. A piece dragged follows it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PointerAt(pub Option<Vec2>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PointerAt>()
        .add_systems(
            Update,
            (
                // Headless (tests) there is no window and so no window events.
                pointer.run_if(resource_exists::<Messages<WindowEvent>>),
                keys.run_if(resource_exists::<Messages<KeyboardInput>>),
                dropped_files.run_if(resource_exists::<Messages<bevy::window::FileDragAndDrop>>),
            )
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(Update, route.in_set(AppSet::Route));
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
    (over_panel, time): (Res<PointerOverPanel>, Res<Time<Real>>),
    (mut cursor, mut touches): (ResMut<PointerAt>, Local<crate::together::touch::Touches>),
    mut board: MessageWriter<BoardPointer>,
    mut actions: MessageWriter<Action>,
) {
    let Some(camera) = camera else {
        events.clear();
        return;
    };
    let (camera, transform) = *camera;
    let ctrl = keys.as_ref().is_some_and(|k| ctrl_held(k));
    let brush = keys.as_ref().map_or(crate::messages::Brush::Plain, |k| {
        crate::messages::Brush::of(
            ctrl || held(k, [KeyCode::ShiftLeft, KeyCode::ShiftRight]),
            held(k, [KeyCode::AltLeft, KeyCode::AltRight]),
        )
    });
    for event in events.read() {
        let button = match event {
            WindowEvent::CursorMoved(moved) => {
                cursor.0 = Some(moved.position);
                continue;
            }
            WindowEvent::CursorLeft(_) => {
                cursor.0 = None;
                continue;
            }
            WindowEvent::MouseButtonInput(button) => button,
            // A finger is the left button (a long press the right): `together/touch.rs`.
            WindowEvent::TouchInput(touch) => {
                cursor.0 = Some(touch.position);
                let presses = touches.feed(touch.phase, touch.id, touch.position, time.elapsed());
                for (press, at) in presses {
                    let at = world_at(at, camera, transform);
                    debug!("touch {press:?} at {at:?}");
                    match press {
                        BoardPress::LeftUp | BoardPress::RightUp(_) => {}
                        _ if over_panel.0 => continue,
                        BoardPress::RightDown => _ = actions.write(Action::Cancel),
                        BoardPress::LeftDown => {}
                    }
                    board.write(BoardPointer { press, at });
                }
                continue;
            }
            _ => continue,
        };
        let at = cursor.0.and_then(|c| world_at(c, camera, transform));
        debug!(
            "{:?} {:?} at {:?} -> {at:?}",
            button.button, button.state, cursor.0
        );
        let mut on_board = |press: BoardPress| {
            board.write(BoardPointer { press, at });
        };
        match (button.button, button.state) {
            // Releases always count, so a drag that ends over the panel still ends.
            (MouseButton::Left, ButtonState::Released) => on_board(BoardPress::LeftUp),
            (MouseButton::Right, ButtonState::Released) => on_board(BoardPress::RightUp(brush)),
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

/// Which modifiers are down, followed through the key messages in the order they came
/// (the text fields' copy and paste follow Ctrl with it too).
#[derive(Default, Clone, Copy)]
pub struct Modifiers {
    ctrl: [bool; 2],
    command: [bool; 2],
    shift: [bool; 2],
}

impl Modifiers {
    /// Notes `key` going down or up; whether it was a modifier.
    pub fn follow(&mut self, key: KeyCode, down: bool) -> bool {
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
    pub fn ctrl(self) -> bool {
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

/// Each key press is a command, in the order pressed: on a slow frame two quick
/// presses of the same key (Ctrl+Z twice) arrive together, and a key state would
/// count them once. Modifiers are followed by their own messages (Bevy lets go of
/// every key held when the window loses the keyboard). What a key means is the
/// shell's and the game on the table's to say ([`Tables::key`]); a game reads its own
/// state (its modes) from the world it is shown.
fn keys(
    world: &World,
    mut presses: MessageReader<KeyboardInput>,
    (mut held, mut open_at): (Local<Modifiers>, Local<Option<std::time::Duration>>),
    mut commands: Commands,
) {
    let overlay = world.resource::<Overlay>();
    let mut at = KeyContext {
        overlay,
        typing: world.resource::<TypingInPanel>().0,
        listing: overlay.list,
        world,
        board_focus: world.resource::<BoardFocus>().0,
        just_closed: false,
    };
    // When something was last seen open: at the start of the frame whose Esc closes it.
    let now = world
        .get_resource::<Time<Real>>()
        .map_or(std::time::Duration::ZERO, Time::elapsed);
    if super::keys::anything_open(&at) {
        *open_at = Some(now);
    }
    at.just_closed = open_at.is_some_and(|t| now.saturating_sub(t) < super::keys::ESC_GRACE);
    let table = *world.resource::<State<GameKind>>().get();
    let tables = world.resource::<Tables>();
    for press in presses.read() {
        let down = press.state == ButtonState::Pressed;
        if held.follow(press.key_code, down) || !down || (press.repeat && !repeats(press.key_code))
        {
            continue;
        }
        let press = KeyPress {
            key: press.key_code,
            ctrl: held.ctrl(),
            shift: held.shift(),
        };
        if let Some(command) = tables.key(table, press, &at) {
            commands.write_message(command);
        }
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

/// The messages each owner reads.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Owners<'w, 's> {
    view: MessageWriter<'w, ViewCommand>,
    play: MessageWriter<'w, PlayCommand>,
    table: MessageWriter<'w, TableCommand>,
    saves: MessageWriter<'w, SaveCommand>,
    clipboard: MessageWriter<'w, ClipboardCommand>,
    pictures: MessageWriter<'w, PictureCommand>,
    choose: MessageWriter<'w, ChooseGame>,
    switch: MessageWriter<'w, SwitchGame>,
    exit: MessageWriter<'w, AppExit>,
    replay: MessageWriter<'w, crate::actions::ReplayCommand>,
    pressed: MessageWriter<'w, crate::messages::BoardClockPressed>,
    own: Commands<'w, 's>,
}

/// Hands each action to its owner, if the game on the table answers it: the others are
/// dropped, so that a key meant for one game never reaches the other one's hidden
/// table. Every action is logged (`action Undo`, `action Hint not at this table`): a
/// record of the session, read by the real-window tests.
pub fn route(
    mut actions: MessageReader<Action>,
    table: Res<State<GameKind>>,
    tables: Res<Tables>,
    household: Res<crate::store::household::Household>,
    mut to: Owners,
) {
    for action in actions.read() {
        let said: &dyn std::fmt::Debug = match action {
            Action::Own(own) => own,
            other => other,
        };
        if !tables.answers(*table.get(), action) {
            info!("action {said:?} not at this table");
            continue;
        }
        info!("action {said:?}");
        match action.clone() {
            Action::Flip => _ = to.view.write(ViewCommand::Flip),
            Action::ToggleMute => _ = to.view.write(ViewCommand::ToggleMute),
            Action::ToggleHelp => _ = to.view.write(ViewCommand::ToggleHelp),
            Action::TypeMove(open) => _ = to.view.write(ViewCommand::MoveBox(open)),
            Action::Quit => _ = to.exit.write(AppExit::Success),
            Action::Cancel => _ = to.play.write(PlayCommand::Cancel),
            Action::Undo => _ = to.play.write(PlayCommand::Undo),
            Action::Redo => _ = to.play.write(PlayCommand::Redo),
            // With players to choose from, a new game asks who plays which side.
            Action::NewGame if !household.players.is_empty() => {
                _ = to.view.write(ViewCommand::NewGameDialog(true));
            }
            Action::NewGame => _ = to.play.write(PlayCommand::NewGame),
            Action::NewGameChoices(open) => _ = to.view.write(ViewCommand::NewGameDialog(open)),
            Action::StartGame => {
                to.view.write(ViewCommand::NewGameDialog(false));
                to.play.write(PlayCommand::NewGame);
            }
            Action::TogglePlayers => _ = to.view.write(ViewCommand::TogglePlayers),
            Action::Learn => _ = to.view.write(ViewCommand::ToggleLearn),
            Action::ReviewBack => _ = to.play.write(PlayCommand::Review(Review::Back)),
            Action::ReviewForward => _ = to.play.write(PlayCommand::Review(Review::Forward)),
            Action::ReviewStart => _ = to.play.write(PlayCommand::Review(Review::Start)),
            Action::ReviewEnd => _ = to.play.write(PlayCommand::Review(Review::End)),
            Action::ReviewAt(ply) => _ = to.play.write(PlayCommand::Review(Review::At(ply))),
            Action::LineUp => {
                _ = to
                    .play
                    .write(PlayCommand::Review(Review::Line { down: false }))
            }
            Action::LineDown => {
                _ = to
                    .play
                    .write(PlayCommand::Review(Review::Line { down: true }))
            }
            Action::ToggleGameInfo => _ = to.view.write(ViewCommand::ToggleGameInfo),
            Action::TogglePause => _ = to.table.write(TableCommand::TogglePause),
            Action::Replay => _ = to.replay.write(crate::actions::ReplayCommand::Toggle),
            Action::ReplayPause => _ = to.replay.write(crate::actions::ReplayCommand::Pause),
            Action::BoardClock(open) => _ = to.view.write(ViewCommand::BoardClock(open)),
            Action::BoardClockPress => _ = to.pressed.write(crate::messages::BoardClockPressed),
            Action::Resign => _ = to.table.write(TableCommand::Resign),
            Action::Hint => _ = to.play.write(PlayCommand::Hint),
            Action::Save => _ = to.saves.write(SaveCommand::Save),
            Action::Load => _ = to.saves.write(SaveCommand::Load),
            Action::ToggleSlots => _ = to.saves.write(SaveCommand::ToggleSlots),
            Action::ExportRecord => _ = to.saves.write(SaveCommand::ExportRecord),
            Action::CopyPosition => _ = to.clipboard.write(ClipboardCommand::CopyPosition),
            Action::CopyRecord => _ = to.clipboard.write(ClipboardCommand::CopyRecord),
            Action::Paste => _ = to.clipboard.write(ClipboardCommand::Paste),
            Action::ExportPng => _ = to.pictures.write(PictureCommand::Png),
            Action::ExportGif => _ = to.pictures.write(PictureCommand::Gif),
            Action::ChooseGame(i) => _ = to.choose.write(ChooseGame(i)),
            Action::SwitchGame(kind) => _ = to.switch.write(SwitchGame(kind)),
            Action::Own(own) => own.write_to(&mut to.own),
            Action::Zoom(steps) => _ = to.view.write(ViewCommand::Zoom(steps)),
            Action::NextTheme => _ = to.view.write(ViewCommand::NextTheme),
            Action::ToggleSettings => _ = to.view.write(ViewCommand::ToggleSettings),
            Action::TogglePieces => _ = to.view.write(ViewCommand::TogglePieces),
            Action::Language(lang) => _ = to.view.write(ViewCommand::Language(lang)),
        }
    }
}
