//! Export PNG (the position on the board) and Export GIF (Ctrl+G, the whole game) into
//! the pictures folder. Drawing a long game takes a moment, so it happens on its own
//! thread; the window stays live and says when the file is there.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::app::actions::PictureCommand;
use crate::app::schedule::Logic;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::Notice;
use crate::app::shell::model::Settings;
use crate::app::store::persist::DataDirs;
use crate::app::xiangqi::model::Model;
use crate::i18n::T;
use crate::picture::{self, Options};
use crate::storage::{Stamp, atomic_write, unused_path};

/// GIF width: small enough to post.
const GIF_SIZE: u32 = 450;
/// PNG width.
const PNG_SIZE: u32 = 720;
/// Seconds per GIF frame.
const GIF_DELAY: f32 = 1.0;

/// The export being drawn, if any: where its result will come from.
#[derive(Resource, Default)]
pub struct Exporting(Option<Mutex<Receiver<Result<PathBuf, String>>>>);

impl Exporting {
    /// Whether an export is still being drawn.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.0.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Registered by the window plugin; a headless app has no window to wake.
    app.add_message::<RequestRedraw>()
        .init_resource::<Exporting>()
        .add_systems(Update, (start, finish).chain().in_set(Logic::Export));
}

fn start(
    mut actions: MessageReader<PictureCommand>,
    model: Res<Model>,
    settings: Res<Settings>,
    dirs: Res<DataDirs>,
    mut exporting: ResMut<Exporting>,
    mut notices: MessageWriter<Notice>,
    kind: Res<State<crate::app::schedule::GameKind>>,
    go: Res<crate::app::go::GoTable>,
) {
    let lang = settings.lang;
    let at_go = *kind.get() == crate::app::schedule::GameKind::Go;
    for action in actions.read() {
        let gif = match action {
            PictureCommand::Png => false,
            PictureCommand::Gif => true,
        };
        if exporting.busy() {
            notices.write(Notice::warn(T::ExportBusy.get(lang)));
            continue;
        }
        let Some(dirs) = &dirs.0 else {
            notices.write(Notice::warn(T::NoStorage.get(lang)));
            continue;
        };
        let opts = Options {
            size: if gif { GIF_SIZE } else { PNG_SIZE },
            flipped: settings.flipped,
            coordinates: settings.coordinates,
            theme: settings.theme,
            pieces: settings.pieces,
            ..Options::default()
        };
        let stamp = Stamp::now();
        let ext = if gif { "gif" } else { "png" };
        let name = if at_go { "go" } else { "xiangqi" };
        let path = unused_path(&dirs.pictures, &format!("{name}-{}", stamp.file), ext);
        // The game for the GIF, the position on the board (maybe reviewed) for the PNG.
        let game = model.game().clone();
        let shown = model.shown_position().clone();
        let last = model.shown_last_move();
        // At the Go table, its game: the last stone marked.
        let go_game = at_go.then(|| go.game.clone());
        let coordinates = opts.coordinates != crate::theme::Coordinates::None;
        let (send, receive) = channel();
        std::thread::spawn(move || {
            let bytes = match (go_game, gif) {
                (Some(g), true) => {
                    picture::goban::gif(&g, opts.size, coordinates, opts.theme, GIF_DELAY)
                }
                (Some(g), false) => {
                    let last = g.moves().last().and_then(|m| match m {
                        crate::go::Move::Play(p) => Some(*p),
                        crate::go::Move::Pass => None,
                    });
                    picture::goban::png(g.position(), last, opts.size, coordinates, opts.theme)
                }
                (None, true) => picture::gif(&game, &opts, GIF_DELAY),
                (None, false) => picture::png(&shown, last, &opts),
            };
            let done = atomic_write(&path, &bytes)
                .map(|()| path)
                .map_err(|e| e.to_string());
            // The app may have quit meanwhile; then nobody is waiting.
            let _ = send.send(done);
        });
        info!("export {ext} started");
        exporting.0 = Some(Mutex::new(receive));
        notices.write(Notice::info(
            T::Exporting.fill(lang, &[&ext.to_uppercase()]),
        ));
    }
}

fn finish(
    mut exporting: ResMut<Exporting>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(receiver) = &exporting.0 else {
        return;
    };
    let result = match receiver.lock().map(|r| r.try_recv()) {
        Ok(Err(TryRecvError::Empty)) => {
            // Frames must keep coming to see the answer.
            redraw.write(RequestRedraw);
            return;
        }
        Ok(Ok(result)) => result,
        Ok(Err(TryRecvError::Disconnected)) | Err(_) => Err("the export stopped".into()),
    };
    exporting.0 = None;
    let lang = settings.lang;
    match result {
        Ok(path) => {
            info!("exported {}", path.display());
            notices.write(Notice::info(
                T::PictureExported.fill(lang, &[&path.display()]),
            ));
        }
        Err(e) => {
            warn!("export: {e}");
            notices.write(Notice::warn(T::PictureFailed.fill(lang, &[&e])));
        }
    }
}
