//! The shell's own keys, whatever game is on the table: quit, the dialogs and their
//! Esc, zoom, theme, sound, help, the learning features' keys. Esc closes the innermost
//! thing open and quits only when nothing is.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use super::table::{KeyContext, KeyPress};
use crate::actions::Action;
use crate::learn::shell::{Asked, LearnCommand, Learning, TutorAnswer};

/// The shell's own keys: quit, the dialogs and their Esc, zoom, theme, sound, help.
pub(crate) fn shell_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    let overlay = at.overlay;
    Some(match (press.ctrl, press.key) {
        (true, KeyCode::KeyW) => Action::Quit,
        (true, KeyCode::Equal | KeyCode::NumpadAdd) => Action::Zoom(1),
        (true, KeyCode::Minus | KeyCode::NumpadSubtract) => Action::Zoom(-1),
        (true, KeyCode::Digit0 | KeyCode::Numpad0) => Action::Zoom(0),
        (true, KeyCode::Comma) => Action::ToggleSettings,
        (true, KeyCode::KeyP) if press.shift => Action::TogglePlayers,
        // Esc first closes the help's question (its "Choose another move"), then an
        // open dialog (a menu open is egui's to close: the table takes no key then).
        (_, KeyCode::Escape) if asked(at).is_some() => Action::own(TutorAnswer {
            slug: asked(at)?,
            play: false,
        }),
        (_, KeyCode::Escape) if at.listing => Action::ChooseGame(None),
        (_, KeyCode::Escape) if overlay.slots => Action::ToggleSlots,
        (_, KeyCode::Escape) if overlay.help => Action::ToggleHelp,
        (_, KeyCode::Escape) if overlay.info => Action::ToggleGameInfo,
        (_, KeyCode::Escape) if overlay.settings => Action::ToggleSettings,
        (_, KeyCode::Escape) if overlay.move_box => Action::TypeMove(false),
        (_, KeyCode::Escape) if overlay.new_game => Action::NewGameChoices(false),
        (_, KeyCode::Escape) if overlay.players => Action::TogglePlayers,
        (_, KeyCode::Escape) if overlay.learn => Action::Learn,
        (_, KeyCode::F4) if press.shift => {
            Action::own(crate::learn::practice::PracticeCommand::Start)
        }
        (_, KeyCode::F4) => Action::Learn,
        // Guessing a game's moves: Esc goes back to the game.
        (_, KeyCode::Escape) if guessing(at) => {
            Action::own(crate::learn::guess::GuessCommand::Leave)
        }
        // A mistake practised: Esc goes back to the game, N to the next once answered.
        (_, KeyCode::Escape) if practising(at) => {
            Action::own(crate::learn::practice::PracticeCommand::Leave)
        }
        (false, KeyCode::KeyN) if practised(at) => {
            Action::own(crate::learn::practice::PracticeCommand::Next)
        }
        // A lesson passed: N goes on to the next level.
        (false, KeyCode::KeyN) if lesson_passed(at) => {
            Action::own(crate::learn::shell::LearnCommand::Next)
        }
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

/// The slug of the game on the table.
fn on_table(at: &KeyContext) -> Option<&'static str> {
    let kind = at
        .world
        .get_resource::<State<crate::schedule::GameKind>>()?;
    let tables = at.world.get_resource::<crate::shell::tables::Tables>()?;
    Some(tables.slug(*kind.get()))
}

/// The drill open at the game on the table, if any.
fn drill<'w>(at: &KeyContext<'w>) -> Option<&'w crate::learn::practice::Drill> {
    let practice = at
        .world
        .get_resource::<crate::learn::practice::Practice>()?;
    practice.drill(on_table(at)?)
}

/// The moves of a game are being guessed at the game on the table.
fn guessing(at: &KeyContext) -> bool {
    let guesses = at.world.get_resource::<crate::learn::guess::Guesses>();
    on_table(at)
        .zip(guesses)
        .is_some_and(|(slug, g)| g.open.contains_key(slug))
}

/// A mistake is being practised at the game on the table.
fn practising(at: &KeyContext) -> bool {
    drill(at).is_some()
}

/// The mistake practised at the game on the table is answered.
fn practised(at: &KeyContext) -> bool {
    drill(at).is_some_and(|d| {
        matches!(
            d.state,
            crate::learn::practice::DrillState::Found(_)
                | crate::learn::practice::DrillState::Missed(_)
        )
    })
}

/// The lesson open at the game on the table, if any.
fn lesson<'w>(at: &KeyContext<'w>) -> Option<&'w crate::learn::shell::Lesson> {
    at.world.get_resource::<Learning>()?.lesson(on_table(at)?)
}

/// The lesson open at the game on the table is passed.
fn lesson_passed(at: &KeyContext) -> bool {
    lesson(at).is_some_and(|l| matches!(l.state, crate::learn::shell::LessonState::Passed(_)))
}

/// The slug of the game on the table, if the help asks a question there.
fn asked(at: &KeyContext) -> Option<&'static str> {
    let slug = on_table(at)?;
    at.world
        .get_resource::<Asked>()?
        .0
        .contains_key(slug)
        .then_some(slug)
}

/// Esc that neither the shell nor the game took: a lesson open is left (its result
/// with it); with nothing open the program quits (the games write their autosave as it
/// does); with anything else open (a text field, a menu, a dialog), nothing.
pub(crate) fn escape(at: &KeyContext) -> Option<Action> {
    if lesson(at).is_some() {
        return Some(Action::own(LearnCommand::Leave));
    }
    let overlay = at.overlay;
    let open = overlay.any_dialog()
        || overlay.menu
        || overlay.move_box
        || at.listing
        || at.typing
        || asked(at).is_some();
    (!open).then_some(Action::Quit)
}
