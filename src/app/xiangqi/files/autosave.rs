//! Nothing of a Xiangqi game is lost: the session (with its whole undo history) is
//! written after every change and resumed at the next start, also after a crash or a
//! kill (the table's autosave service, `table::store::autosave`, does the writing).
//! Puzzles and lessons (`Mode::Train`, `Mode::Lesson`) put the game aside untouched, as
//! last written: the autosave rests until the game is back.

use std::any::Any;

use bevy::prelude::*;

use crate::app::messages::BoardChanged;
use crate::app::shell::table::AutosaveFormat;
use crate::app::xiangqi::model::{Mode, Model};
use crate::games::xiangqi::session::Session;

/// The Xiangqi table's autosave: `autosave.txt`, the session's snapshot.
pub(crate) const FORMAT: AutosaveFormat = AutosaveFormat {
    file: "autosave.txt",
    changed: |world| {
        world
            .get_resource_ref::<Model>()
            .is_some_and(|m| m.is_changed())
    },
    write: |world| {
        let aside = world
            .get_resource::<State<Mode>>()
            .is_some_and(|m| m.get().aside());
        (!aside).then(|| world.get_resource::<Model>().map(|m| m.to_snapshot()))?
    },
    read: |bytes| {
        let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
        let session = Session::from_snapshot(text).map_err(|e| e.to_string())?;
        Ok(Box::new(session) as Box<dyn Any + Send>)
    },
    resume: |world, read| {
        let Ok(session) = read.downcast::<Session>() else {
            return false;
        };
        info!("resumed {} plies", session.game().ply_count());
        let something = session.game().ply_count() > 0 || session.can_undo();
        **world.resource_mut::<Model>() = *session;
        world.write_message(BoardChanged);
        something
    },
};
