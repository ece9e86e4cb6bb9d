//! The Go game is kept as the Xiangqi one is: written as SGF after every change (on the
//! background writer, atomically) and taken up again at the next start.

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::schedule::Present;
use crate::app::store::persist::DataDirs;
use crate::go::sgf;
use crate::storage::{BackgroundWriter, Dirs};

/// The file: beside the autosave.
fn path(dirs: &Dirs) -> std::path::PathBuf {
    dirs.data.join("go-autosave.sgf")
}

/// The last text handed to the writer, and the writer.
#[derive(Resource, Default)]
struct GoSaved {
    text: String,
    writer: BackgroundWriter,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GoSaved>();
    let dirs = app
        .world()
        .get_resource::<DataDirs>()
        .and_then(|d| d.0.clone());
    if let Some(dirs) = dirs
        && let Ok(bytes) = std::fs::read(path(&dirs))
    {
        let games = sgf::read(&sgf::decode(&bytes));
        match games
            .as_ref()
            .map(|g| (&g[0], g[0].replay(&g[0].main_line())))
        {
            Ok((file, Ok(game))) => {
                info!("go game resumed: {} moves", game.moves().len());
                app.insert_resource(GoTable::from(crate::games::go::Session::from_file(
                    game, file,
                )));
            }
            // Not read: a new game is played, and the file stays until the next write.
            _ => warn!("the Go autosave does not read: a new Go game"),
        }
    }
    app.add_systems(Update, save.in_set(Present::Persist));
}

fn save(table: Res<GoTable>, dirs: Res<DataDirs>, mut saved: ResMut<GoSaved>) {
    if !table.is_changed() {
        return;
    }
    let Some(dirs) = &dirs.0 else { return };
    let text = sgf::write(&table.to_file());
    if text != saved.text {
        saved.writer.write(path(dirs), text.clone().into_bytes());
        saved.text = text;
    }
}
