//! Go as a game of the table: its keys, the actions it answers, and its plugins.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use super::GoCommand;
use crate::app::actions::Action;
use crate::app::schedule::GameKind;
use crate::app::shell::table::{KeyContext, KeyPress, TableGame, usual_key};

/// Go (围棋) at the table.
pub struct Go;

impl TableGame for Go {
    const KIND: GameKind = GameKind::Go;

    fn key(press: KeyPress, _: &KeyContext) -> Option<Action> {
        usual_key(press).or_else(|| {
            // H: a hint, as at the Xiangqi table, from Go's own engine.
            (!press.ctrl && press.key == KeyCode::KeyH).then_some(Action::Go(GoCommand::Hint))
        })
    }

    fn answers(action: &Action) -> bool {
        matches!(
            action,
            Action::Undo
                | Action::Redo
                | Action::NewGame
                | Action::NewGameWith(_)
                | Action::ReviewBack
                | Action::ReviewForward
                | Action::ReviewStart
                | Action::ReviewEnd
                | Action::Save
                | Action::Load
                | Action::ExportPgn
                | Action::CopyFen
                | Action::CopyGame
                | Action::Paste
                | Action::ExportPng
                | Action::ExportGif
                | Action::TogglePause
                | Action::Go(_)
        )
    }

    fn core(app: &mut App) {
        app.add_plugins(super::plugin);
    }

    fn files(app: &mut App) {
        app.add_plugins((crate::app::store::go_save::plugin, super::slots::plugin));
    }

    fn window(app: &mut App) {
        app.add_plugins(super::view::plugin);
    }
}
