//! Export PNG (the position on the board) and Export GIF (Ctrl+G, the whole game) into
//! the pictures folder. Drawing a long game takes a moment, so it happens on its own
//! thread; the window stays live and says when the file is there.

use std::path::PathBuf;

use crate::actions::PictureCommand;
use crate::schedule::Logic;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use bevy::ecs::system::SystemState;

use crate::i18n::Word;
use crate::messages::Notice;
use crate::settings::Settings;
use crate::shell::table::PictureLook;
use crate::shell::table::{Picture, Tables};
use crate::storage::{Stamp, atomic_write, unused_path};
use crate::store::jobs::{Job, Taken, Wake};
use crate::store::persist::DataDirs;

/// GIF width: small enough to post.
const GIF_SIZE: u32 = 450;
/// PNG width.
const PNG_SIZE: u32 = 720;

/// The export being drawn, if any (the shell's [`Job`]): the file written, or why not.
#[derive(Resource, Default)]
pub struct Exporting(Job<Result<PathBuf, String>>);

impl Exporting {
    /// Whether an export is still being drawn.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.0.busy()
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Registered by the window plugin; a headless app has no window to wake.
    app.add_message::<RequestRedraw>()
        .init_resource::<Exporting>()
        .add_systems(Update, (start, finish).chain().in_set(Logic::Export));
}

/// Starts drawing the picture the game on the table makes, on a thread. Exclusive: the
/// game reads its own state out of the world.
fn start(
    world: &mut World,
    params: &mut SystemState<(MessageReader<PictureCommand>, Res<Settings>, Res<DataDirs>)>,
) {
    let (asked, settings, dirs) = {
        let Ok((mut asked, settings, dirs)) = params.get_mut(world) else {
            return;
        };
        let asked: Vec<PictureCommand> = asked.read().copied().collect();
        (asked, settings.clone(), dirs.0.clone())
    };
    let lang = settings.lang;
    for action in asked {
        let gif = match action {
            PictureCommand::Png => false,
            PictureCommand::Gif => true,
        };
        if world.resource::<Exporting>().busy() {
            world.write_message(Notice::warn(Word::ExportBusy.get(lang)));
            continue;
        }
        let Some(dirs) = &dirs else {
            world.write_message(Notice::warn(Word::NoStorage.get(lang)));
            continue;
        };
        let opts = PictureLook {
            size: if gif { GIF_SIZE } else { PNG_SIZE },
            flipped: settings.flipped,
            coordinates: settings.coordinates,
            theme: settings.theme,
            pieces: settings.pieces,
        };
        let Some(Picture { stem, draw }) = Tables::picture(world, gif, &opts) else {
            continue;
        };
        let stamp = Stamp::now();
        let ext = if gif { "gif" } else { "png" };
        let path = unused_path(&dirs.pictures, &format!("{stem}-{}", stamp.file), ext);
        let wake = Wake::in_world(world);
        world
            .resource_mut::<Exporting>()
            .0
            .start((0, wake), move |_| {
                let bytes = draw();
                atomic_write(&path, &bytes)
                    .map(|()| path)
                    .map_err(|e| e.to_string())
            });
        info!("export {ext} started");
        world.write_message(Notice::info(
            Word::Exporting.fill(lang, &[&ext.to_uppercase()]),
        ));
    }
}

fn finish(
    mut exporting: ResMut<Exporting>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let result = match exporting.0.take() {
        Taken::Waiting => {
            if exporting.busy() {
                // Headless there is no window to wake: frames keep coming on their own,
                // and in a window the job wakes it; asking one more does no harm.
                redraw.write(RequestRedraw);
            }
            return;
        }
        Taken::Came(_, result) => result,
        Taken::Lost => Err("the export stopped".into()),
    };
    let lang = settings.lang;
    match result {
        Ok(path) => {
            info!("exported {}", path.display());
            notices.write(Notice::info(
                Word::PictureExported.fill(lang, &[&path.display()]),
            ));
        }
        Err(e) => {
            warn!("export: {e}");
            notices.write(Notice::warn(Word::PictureFailed.fill(lang, &[&e])));
        }
    }
}
