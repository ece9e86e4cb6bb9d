//! The game library's threads, shared by every table: started on the data folder's
//! library, their answers handed on as messages for each table to take what is its own
//! (the library itself, pure of Bevy, is `src/library/`).

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::schedule::AppSet;
use crate::app::store::persist::DataDirs;
use crate::library::{Answer, Worker};

/// The library's threads; `None` without a data folder (nothing is kept).
#[derive(Resource, Default)]
pub struct LibraryLink(pub Option<Worker>);

/// How each game opens a game of the library, by its slug (each game's library part
/// says it): a household player's page opens their games through it, naming no game.
#[derive(Resource, Default)]
pub struct Openers(pub std::collections::BTreeMap<&'static str, fn(&mut Commands, i64)>);

/// Says how the game of `slug` opens library game `id`.
pub fn add_opener(app: &mut App, slug: &'static str, open: fn(&mut Commands, i64)) {
    app.world_mut()
        .get_resource_or_init::<Openers>()
        .0
        .insert(slug, open);
}

/// Something the library answered.
#[derive(Message, Clone, Debug)]
pub struct LibraryAnswer(pub Answer);

pub(crate) fn plugin(app: &mut App) {
    // Registered by the window plugin; headless apps have none.
    app.add_message::<RequestRedraw>();
    app.init_resource::<LibraryLink>()
        .init_resource::<Openers>()
        .add_message::<LibraryAnswer>()
        .add_systems(Startup, start)
        .add_systems(Update, hand_on.in_set(AppSet::Route));
}

/// Starts the threads on the data folder's library (none without the files' plugin:
/// the headless tests of the rules at the table).
fn start(dirs: Option<Res<DataDirs>>, mut link: ResMut<LibraryLink>) {
    if let Some(dirs) = dirs.as_ref().and_then(|d| d.0.as_ref()) {
        link.0 = Some(Worker::start(dirs.library()));
    }
}

/// The answers ready, as messages; while the library works, the next frame asked for
/// (an idle window gets none, and the answer would wait for the mouse).
fn hand_on(
    link: Res<LibraryLink>,
    mut answers: MessageWriter<LibraryAnswer>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if let Some(worker) = &link.0 {
        answers.write_batch(worker.answers().into_iter().map(LibraryAnswer));
        if worker.busy() {
            redraw.write(RequestRedraw);
        }
    }
}
