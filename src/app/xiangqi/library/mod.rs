//! The game library at the Xiangqi table: its window (find, import) and the opening
//! explorer in the panel. The library itself ([`crate::library`]) runs on its own
//! threads: what the player asks goes to it as a job, its answers come back here and
//! into [`LibraryView`], which the panel only reads. A game found opens as a copy (the
//! library is not changed by playing on); every game opened, pasted, saved or finished
//! goes into the library (once).

pub mod explorer;
pub mod window;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::actions::SaveCommand;
use crate::app::library;
use crate::app::library::{LibraryAnswer, LibraryLink};
use crate::app::messages::{Notice, SlotCommand, SlotOp};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::store::persist::DataDirs;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::{GameEnded, Undone};
use crate::app::xiangqi::model::{Mode, Model};
use crate::games::xiangqi::kept::Keeping;
use crate::i18n::LibText;
use crate::library::{Answer, Explored, Filter, Found, Job, Summary};
use crate::rules::Position;
use crate::rules::record::GameRecord;

/// What the player asks of the library.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LibraryCommand {
    /// Show or hide its window.
    Toggle,
    /// Import the files under a folder.
    Import(PathBuf),
    /// Stop the import running.
    Cancel,
    /// Find games.
    Find(Box<Filter>),
    /// Open a game found, as a copy, at a ply.
    Open {
        /// Its id.
        id: i64,
        /// Where.
        ply: usize,
    },
    /// Show or hide the opening explorer.
    ToggleExplorer,
    /// Show or hide the opening explorer; which book it reads.
    Explorer {
        /// Shown.
        open: bool,
        /// The master book (else the player's library).
        masters: bool,
    },
}

/// A game the library gave, to open in place of the game (undoable), at `ply`.
#[derive(Message, Clone, Debug)]
pub struct OpenGame {
    /// The game.
    pub record: Box<GameRecord>,
    /// The ply to show.
    pub ply: usize,
    /// What the player is told.
    pub said: String,
}

/// A game to keep in the library: opened, pasted, saved or finished.
#[derive(Message, Clone, Debug)]
pub struct KeepGame(pub Box<GameRecord>, pub String);

/// What the library has said, for the window and the explorer to show.
#[derive(Resource, Debug)]
pub struct LibraryView {
    /// Its window is shown.
    pub open: bool,
    /// How many games it holds, once open.
    pub size: Option<usize>,
    /// Why it cannot be used.
    pub failed: Option<String>,
    /// An import running: files done, of all.
    pub progress: Option<crate::library::Progress>,
    /// The last import's summary, and whether it was cancelled.
    pub imported: Option<(Summary, bool)>,
    /// The filter asked and, once answered, the games found.
    pub found: Option<(Filter, Option<Vec<Found>>)>,
    /// The explorer's moves from the position asked about, once answered.
    pub explored: Option<(Position, Option<Vec<Explored>>)>,
    /// The explorer is shown.
    pub explorer: bool,
    /// It reads the master book (else the library).
    pub masters: bool,
}

impl Default for LibraryView {
    fn default() -> LibraryView {
        LibraryView {
            open: false,
            size: None,
            failed: None,
            progress: None,
            imported: None,
            found: None,
            explored: None,
            explorer: false,
            masters: true,
        }
    }
}

impl LibraryView {
    /// The library's moves from `pos`, if answered.
    #[must_use]
    pub fn explored_at(&self, pos: &Position) -> Option<&[Explored]> {
        match &self.explored {
            Some((p, Some(moves))) if p == pos => Some(moves),
            _ => None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    // A household player's page opens Xiangqi's games here.
    library::add_opener(app, <Xiangqi as TableGame>::SLUG, |orders, id| {
        _ = orders.write_message(LibraryCommand::Open { id, ply: 0 })
    });
    app.add_message::<LibraryCommand>()
        .add_message::<OpenGame>()
        .add_message::<KeepGame>()
        .init_resource::<LibraryView>()
        .init_resource::<LastPlayed>()
        .add_systems(Startup, start)
        .add_systems(
            Update,
            (
                commands,
                finished_or_saved,
                keep,
                taken_back,
                listen,
                ask_explorer,
            )
                .chain()
                .in_set(<Xiangqi as TableGame>::step(Logic::Library)),
        );
}

/// Starts the library's threads on the data folder's library (none without the files'
/// plugin: the headless tests of the rules at the table).
fn start(dirs: Option<Res<DataDirs>>, mut view: ResMut<LibraryView>) {
    if dirs.as_ref().and_then(|d| d.0.as_ref()).is_none() {
        view.failed = Some(String::new());
    }
}

fn commands(
    mut asked: MessageReader<LibraryCommand>,
    link: Res<LibraryLink>,
    mut view: ResMut<LibraryView>,
) {
    for command in asked.read() {
        info!("library: {command:?}");
        let worker = link.0.as_ref();
        match command.clone() {
            LibraryCommand::Toggle => view.open = !view.open,
            LibraryCommand::Import(folder) => {
                if let Some(w) = worker {
                    view.progress = Some(crate::library::Progress::default());
                    view.imported = None;
                    w.ask(Job::Import(vec![folder]));
                }
            }
            LibraryCommand::Cancel => {
                if let Some(w) = worker {
                    w.cancel();
                }
            }
            LibraryCommand::Find(filter) => {
                if let Some(w) = worker {
                    view.found = Some(((*filter).clone(), None));
                    w.ask(Job::Find(filter));
                }
            }
            LibraryCommand::Open { id, ply } => {
                if let Some(w) = worker {
                    w.ask(Job::Game(id, ply));
                }
            }
            LibraryCommand::ToggleExplorer => view.explorer = !view.explorer,
            LibraryCommand::Explorer { open, masters } => {
                view.explorer = open;
                view.masters = masters;
            }
        }
    }
}

/// The kind of the games this window lists and counts.
const XIANGQI: &str = crate::games::xiangqi::kept::XIANGQI;

/// A game that ended at the table, or was saved to a slot, is kept in the library.
fn finished_or_saved(
    mut ended: MessageReader<GameEnded>,
    mut slots: MessageReader<SlotCommand>,
    mut keys: MessageReader<SaveCommand>,
    model: Res<Model>,
    mode: Res<State<Mode>>,
    mut kept: MessageWriter<KeepGame>,
) {
    // A puzzle solved is no game of the player's.
    if mode.get().aside() {
        ended.clear();
        slots.clear();
        keys.clear();
        return;
    }
    // Saved from the slots' dialog, or with Ctrl+S (which does not go through it).
    let saved = slots.read().any(|c| matches!(c.op, SlotOp::Save))
        | keys.read().any(|k| matches!(k, SaveCommand::Save));
    let over = ended.read().count() > 0;
    if saved || over {
        let source = if over { "played" } else { "saved" };
        kept.write(KeepGame(Box::new(model.record()), source.to_owned()));
    }
}

/// The last game kept as played here: Ctrl+Z of its end takes it back out.
#[derive(Resource, Default)]
struct LastPlayed(Option<Box<crate::rules::record::GameRecord>>);

/// Games opened, pasted, saved or finished go into the library.
fn keep(mut kept: MessageReader<KeepGame>, link: Res<LibraryLink>, mut last: ResMut<LastPlayed>) {
    for KeepGame(record, source) in kept.read() {
        // An empty board is no game worth keeping.
        if record.game.ply_count() == 0 {
            continue;
        }
        if source == "played" {
            last.0 = Some(record.clone());
        }
        if let Some(w) = &link.0 {
            w.ask(Job::Add(
                std::sync::Arc::new(Keeping((**record).clone())),
                source.clone(),
            ));
        }
    }
}

/// A finished game's end undone (the mate or the resignation taken back): the game is
/// not finished, and its players' records no longer count it.
fn taken_back(
    mut undone: MessageReader<Undone>,
    model: Res<Model>,
    link: Res<LibraryLink>,
    mut last: ResMut<LastPlayed>,
) {
    if undone.read().count() == 0 || model.outcome().is_some() {
        return;
    }
    // Only that game's end: the result taken back (its moves all there) or the last
    // move (a mate); not an undo in a game begun since.
    let ended_here = last.0.as_ref().is_some_and(|record| {
        let kept: Vec<_> = record.game.moves().collect();
        let now: Vec<_> = model.game().moves().collect();
        model.game().start() == record.game.start()
            && ["Red", "Black"].iter().all(|side| {
                let now = model
                    .tags()
                    .iter()
                    .find(|(k, _)| k == side)
                    .map(|(_, v)| v.as_str());
                now == record.tag(side)
            })
            && (now == kept || (now.len() + 1 == kept.len() && kept.starts_with(&now)))
    });
    if !ended_here {
        return;
    }
    if let (Some(record), Some(w)) = (last.0.take(), &link.0) {
        info!("library: the game played is taken back out");
        w.ask(Job::Forget(std::sync::Arc::new(Keeping(*record))));
    }
}

/// The library's answers into the view; a game fetched is opened.
fn listen(
    mut answers: MessageReader<LibraryAnswer>,
    link: Res<LibraryLink>,
    mut view: ResMut<LibraryView>,
    settings: Res<Settings>,
    mut open: MessageWriter<OpenGame>,
    mut notices: MessageWriter<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(worker) = &link.0 else {
        return;
    };
    let lang = settings.lang;
    for LibraryAnswer(answer) in answers.read() {
        match answer.clone() {
            Answer::Opened(sizes, aside) => {
                let n = sizes.of(XIANGQI);
                info!("library: {n} games");
                view.size = Some(n);
                if let Some(aside) = aside {
                    notices.write(Notice::warn(
                        LibText::NoLibrary
                            .fill(lang, &[&format!("kept aside as {}", aside.display())]),
                    ));
                }
            }
            Answer::Progress(progress) => view.progress = Some(progress),
            Answer::Imported(summary, cancelled, sizes) => {
                let n = sizes.of(XIANGQI);
                info!(
                    "library import: read {}, added {}, duplicates {}, skipped {}, unreadable {}, cancelled {cancelled}",
                    summary.read,
                    summary.added,
                    summary.duplicates,
                    summary.skipped,
                    summary.unreadable.len()
                );
                let said = if cancelled {
                    LibText::ImportCancelled.get(lang).to_owned()
                } else {
                    LibText::Imported.fill(
                        lang,
                        &[
                            &summary.read,
                            &summary.added,
                            &summary.duplicates,
                            &summary.skipped,
                            &summary.unreadable.len(),
                        ],
                    )
                };
                // Said by the table that asked for it.
                if view.progress.is_some() {
                    notices.write(Notice::info(said));
                }
                view.progress = None;
                view.size = Some(n);
                view.imported = Some((summary, cancelled));
                // What was found or explored before may have grown.
                view.explored = None;
                if let Some((filter, _)) = view.found.clone() {
                    view.found = Some((filter.clone(), None));
                    worker.ask(Job::Find(Box::new(filter)));
                }
            }
            Answer::Added(new, sizes) => {
                let n = sizes.of(XIANGQI);
                if new {
                    info!("library: a game added ({n})");
                    view.explored = None;
                }
                view.size = Some(n);
            }
            Answer::Found(filter, found) => {
                info!("library: {} games found", found.len());
                if view.found.as_ref().is_some_and(|(f, _)| *f == *filter) {
                    view.found = Some((*filter, Some(found)));
                }
            }
            Answer::Explored(pos, moves) => {
                info!("library: {} moves from {}", moves.len(), pos.to_fen());
                if view.explored.as_ref().is_some_and(|(p, _)| *p == *pos) {
                    view.explored = Some((*pos, Some(moves)));
                }
            }
            Answer::Game(id, ply, Some(fetched)) => {
                // Another game's is its table's.
                let Some(record) = fetched.get::<crate::rules::record::GameRecord>() else {
                    continue;
                };
                let record = Box::new(record.clone());
                let tag = |name: &str| {
                    record
                        .tag(name)
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .map(str::to_owned)
                };
                // The players, else the event (an opening line names neither).
                let title = match (tag("Red"), tag("Black")) {
                    (None, None) => tag("Event").unwrap_or_else(|| "?".into()),
                    (red, black) => format!(
                        "{} – {}",
                        red.unwrap_or_else(|| "?".into()),
                        black.unwrap_or_else(|| "?".into())
                    ),
                };
                let said = LibText::OpenedFromLibrary.fill(lang, &[&title, &ply]);
                info!("library: game {id} opened at ply {ply}");
                // The board it opens on is under the window.
                view.open = false;
                open.write(OpenGame { record, ply, said });
            }
            Answer::Game(id, ..) => warn!("library: no game {id}"),
            // The players are the household's (app/players.rs).
            Answer::Players(_) => {}
            Answer::Forgotten(sizes) => view.size = Some(sizes.of(XIANGQI)),
            Answer::Failed(why) => {
                warn!("library: {why}");
                view.progress = None;
                view.failed = Some(why.clone());
                notices.write(Notice::warn(LibText::NoLibrary.fill(lang, &[&why])));
            }
        }
    }
    // An idle window gets no frames: keep them coming while the library works.
    let waiting = view.progress.is_some()
        || view.found.as_ref().is_some_and(|(_, f)| f.is_none())
        || view.explored.as_ref().is_some_and(|(_, e)| e.is_none());
    if waiting {
        redraw.write(RequestRedraw);
    }
}

/// The explorer, reading the library, asks about the position shown when it changes.
fn ask_explorer(
    link: Res<LibraryLink>,
    mut view: ResMut<LibraryView>,
    model: Res<Model>,
    mode: Res<State<Mode>>,
) {
    let Some(worker) = &link.0 else {
        return;
    };
    if !view.explorer || view.masters || *mode.get() != Mode::Play {
        return;
    }
    let pos = model.shown_position();
    if view.explored.as_ref().is_some_and(|(p, _)| p == pos) {
        return;
    }
    view.explored = Some((pos.clone(), None));
    worker.ask(Job::Explore(Box::new(pos.clone())));
}
