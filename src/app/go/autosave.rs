//! The Go game is kept as the Xiangqi one is: written as SGF after every change (on the
//! background writer, atomically) and taken up again at the next start. A file that does
//! not read is kept aside with the reason (the table's rule for damaged files), never
//! written over by the new game.

use bevy::prelude::*;

use crate::app::Notice;
use crate::app::go::GoTable;
use crate::app::schedule::Present;
use crate::app::store::persist::DataDirs;
use crate::games::go::Session;
use crate::go::sgf;
use crate::storage::{BackgroundWriter, Dirs, read_or_keep_aside};

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
    if let Some(dirs) = dirs {
        match read_or_keep_aside(&path(&dirs), resumed) {
            Ok(Some(session)) => {
                info!("go game resumed: {} moves", session.game().moves().len());
                // The level the settings file gave stays: a file does not hold it.
                let level = app
                    .world()
                    .get_resource::<GoTable>()
                    .and_then(|t| t.setup.level);
                let mut table = GoTable::from(session);
                table.setup.level = level;
                app.insert_resource(table);
            }
            Ok(None) => {}
            // Not read: kept aside with the reason, and a new game is played.
            Err(d) => {
                warn!(
                    "the Go autosave does not read ({}): a new Go game",
                    d.reason
                );
                // Said in the first frame, in the language the settings file gave.
                let lang = app
                    .world()
                    .get_resource::<crate::app::shell::model::Settings>()
                    .map(|s| s.lang)
                    .unwrap_or_default();
                let text = crate::i18n::T::ResumeFailed.fill(lang, &[&d.reason, &d.kept_text()]);
                app.add_message::<Notice>()
                    .world_mut()
                    .write_message(Notice::warn(text));
            }
        }
    }
    app.add_systems(Update, save.in_set(Present::Persist));
}

/// The game an autosave file holds: its first game, played out along its main line.
fn resumed(bytes: &[u8]) -> Result<Session, String> {
    let games = sgf::read(&sgf::decode(bytes)).map_err(|e| e.to_string())?;
    let file = games.first().ok_or("no game in the file")?;
    let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
    Ok(Session::from_file(game, file))
}

fn save(
    table: Res<GoTable>,
    dirs: Res<DataDirs>,
    mut saved: ResMut<GoSaved>,
    lesson: Option<Res<crate::app::go::learn::lessons::GoLesson>>,
    practice: Option<Res<crate::app::go::learn::practice::GoPractice>>,
    guess: Option<Res<crate::app::go::learn::guess::GoGuess>>,
) {
    // A lesson on the board: the game put aside was written before it came.
    if !table.is_changed()
        || lesson.is_some_and(|l| l.on())
        || practice.is_some_and(|p| p.on())
        || guess.is_some_and(|g| g.on())
    {
        return;
    }
    let Some(dirs) = &dirs.0 else { return };
    let text = sgf::write(&table.to_file());
    if text != saved.text {
        saved.writer.write(path(dirs), text.clone().into_bytes());
        saved.text = text;
    }
}
