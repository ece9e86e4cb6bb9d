//! The Go game is kept as the Xiangqi one is, by the table's autosave service
//! (`table::store::autosave`): written as SGF after every change and at exit, taken up
//! again at the next start. While a lesson, practice or guessing has the board, the game
//! put aside rests as last written. A file that does not read is kept aside with the
//! reason (the table's rule for damaged files), never written over by the new game.

use std::any::Any;

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::shell::table::AutosaveFormat;
use crate::games::go::Session;
use crate::go::sgf;

/// The Go table's autosave: `go-autosave.sgf`, beside Xiangqi's.
pub(crate) const FORMAT: AutosaveFormat = AutosaveFormat {
    file: "go-autosave.sgf",
    changed: |world| {
        world
            .get_resource_ref::<GoTable>()
            .is_some_and(|t| t.is_changed())
    },
    write: |world| {
        world
            .get_resource::<GoTable>()
            .map(|t| sgf::write(&t.to_file()))
    },
    read: |bytes| Ok(Box::new(resumed(bytes)?) as Box<dyn Any + Send>),
    resume: |world, read| {
        let Ok(session) = read.downcast::<Session>() else {
            return false;
        };
        info!("go game resumed: {} moves", session.game().moves().len());
        let something = !session.game().moves().is_empty();
        let mut table = world.resource_mut::<GoTable>();
        // The level the settings file gave stays: a file does not hold it.
        let level = table.setup.level;
        *table = GoTable::from(*session);
        table.setup.level = level;
        something
    },
};

/// The game an autosave file holds: its first game, played out along its main line.
fn resumed(bytes: &[u8]) -> Result<Session, String> {
    let games = sgf::read(&sgf::decode(bytes)).map_err(|e| e.to_string())?;
    let file = games.first().ok_or("no game in the file")?;
    let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
    Ok(Session::from_file(game, file))
}
