//! Opening what the player pastes, drops or loads: a game in place of the current one
//! (undoable), a list when a file holds several, or a line saying why nothing changed.
//! A paste or a file larger than [`READ_INLINE_BYTES`] is read on a thread of its own,
//! so that a megabyte (up to about 80 ms of reading: `cargo bench --bench worst_inputs`)
//! never holds up a frame; reads are applied in the order they were asked for.

use crate::app::store::jobs::{Next, Say, Stream, Wake};
use crate::i18n::{self, Lang, T, Word};
use std::collections::VecDeque;

use crate::app::actions::ChooseGame;
use crate::app::schedule::{GameKind, Logic};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::messages::{BoardChanged, Import, Notice};
use crate::app::shell::model::{Overlay, Settings};
use crate::app::shell::table::{TableGame, Tables};
use crate::app::xiangqi::files::choice::{GameChoice, GameList, ListedGame};
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::library::{KeepGame, OpenGame};
use crate::app::xiangqi::model::{Model, Selection};
use crate::app::xiangqi::play::clear;
use crate::collection::Games;
use crate::rules::read;
use crate::rules::record::{GameRecord, ImportError, Imported};

pub(crate) fn plugin(app: &mut App) {
    // Registered by the window plugin; headless apps have none.
    app.add_message::<RequestRedraw>();
    app.init_resource::<Reads>()
        .init_resource::<GameChoice>()
        .add_systems(
            Update,
            (import, choose, say_listing).chain().in_set(
                <Xiangqi as crate::app::shell::table::TableGame>::step(Logic::Import),
            ),
        );
}

/// The table's keys follow the list: Esc closes it, and it is a dialog open.
fn say_listing(choice: Res<GameChoice>, mut overlay: ResMut<Overlay>) {
    let open = choice.0.is_some();
    if overlay.list != open {
        overlay.list = open;
    }
}

/// Inputs up to this size are read at once, within the frame (the slowest reader takes
/// about 1 ms for this much); larger ones on a thread.
pub const READ_INLINE_BYTES: u64 = 16 * 1024;

/// Reads running on their threads, oldest first.
#[derive(Resource, Default)]
struct Reads(VecDeque<Running>);

/// A read on its thread: what it sends, and whether a list was opened from it.
struct Running {
    /// Dropped (the list closed or picked from), the read is told to stop.
    feed: Stream<Feed>,
    listing: bool,
}

impl Reads {
    /// Whether a read is still running (tests wait for it).
    fn busy(&self) -> bool {
        !self.0.is_empty()
    }
}

/// Whether a read is still running on its thread.
#[must_use]
pub fn reading(world: &World) -> bool {
    world.get_resource::<Reads>().is_some_and(Reads::busy)
}

fn is_large(import: &Import) -> bool {
    match import {
        Import::Pasted(text) => text.len() as u64 > READ_INLINE_BYTES,
        Import::File(path) => std::fs::metadata(path).is_ok_and(|m| m.len() > READ_INLINE_BYTES),
        Import::Slot { .. } => false,
    }
}

/// What an [`Import`] brings.
enum Reading {
    /// A game, and the line saying what it was.
    Game(Box<GameRecord>, String),
    /// A file of several games: the player picks one.
    Choose(GameList),
    /// Nothing: the line saying why.
    Failed(String),
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

fn read(import: &Import, lang: Lang) -> Reading {
    let what = |i: &Imported| i18n::imported(i.format, i.record.game.ply_count(), lang);
    match import {
        Import::Slot { slot, record } => match record.downcast_ref::<GameRecord>() {
            Some(record) => Reading::Game(
                Box::new(record.clone()),
                Word::LoadedFrom.fill(lang, &[slot]),
            ),
            None => Reading::Failed(Word::SlotFailed.fill(lang, &[slot, &"?"])),
        },
        Import::Pasted(text) => match read::read_any(text) {
            Ok(i) => {
                let said = T::Pasted.fill(lang, &[&what(&i)]);
                Reading::Game(Box::new(i.record), said)
            }
            Err(e) => Reading::Failed(T::PasteFailed.fill(lang, &[&e])),
        },
        Import::File(path) => {
            let name = file_name(path);
            let mut games = match Games::open(path) {
                Ok(games) => games,
                Err(e) => return Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e])),
            };
            let mut list = GameList::new(name.clone(), path.clone());
            let mut first = None;
            for entry in games.by_ref() {
                match first.take() {
                    None if list.games.is_empty() => first = Some(entry),
                    held => {
                        list.games.extend(held.map(ListedGame::new));
                        list.games.push(ListedGame::new(entry));
                    }
                }
            }
            if let Some(e) = games.take_error() {
                return Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e]));
            }
            list.complete = true;
            match first {
                Some(entry) if games.alone() => opened(&name, entry.game, lang),
                Some(entry) => {
                    list.games.push(ListedGame::new(entry));
                    Reading::Choose(list)
                }
                None => Reading::Choose(list),
            }
        }
    }
}

/// A file's one game, opened or refused.
fn opened(name: &str, game: Result<Imported, ImportError>, lang: Lang) -> Reading {
    match game {
        Ok(i) => {
            let what = i18n::imported(i.format, i.record.game.ply_count(), lang);
            let said = T::Opened.fill(lang, &[&name, &what]);
            Reading::Game(Box::new(i.record), said)
        }
        Err(e) => Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e])),
    }
}

/// What a read on its own thread sends, in this order: a game or a failure (`Done`);
/// or a list, its further rows, and its end (a big collection's list shows at once).
enum Feed {
    Done(Reading),
    List(GameList),
    Rows(Vec<ListedGame>),
    End(Option<String>),
}

/// Rows sent together.
const ROWS: usize = 256;

/// What a frame takes from the reads at most: a list of many thousand games grows over
/// frames, never holding one up.
const FEEDS_A_FRAME: usize = 16;

/// Reads `import` on this thread, feeding what it finds: a file of more than one game
/// as rows while it is read.
fn feed_read(import: &Import, lang: Lang, tx: &Say<Feed>) {
    let Import::File(path) = import else {
        tx.say(Feed::Done(read(import, lang)));
        return;
    };
    let name = file_name(path);
    let mut games = match Games::open(path) {
        Ok(games) => games,
        Err(e) => {
            tx.say(Feed::Done(Reading::Failed(
                T::OpenFailed.fill(lang, &[&name, &e]),
            )));
            return;
        }
    };
    let first = games.next();
    let second = games.next();
    let (first, second) = match (first, second) {
        (Some(first), Some(second)) => (first, second),
        (first, _) => {
            let reading = match (games.take_error(), first) {
                (Some(e), _) => Reading::Failed(T::OpenFailed.fill(lang, &[&name, &e])),
                (None, Some(entry)) if games.alone() => opened(&name, entry.game, lang),
                (None, entry) => {
                    let mut list = GameList::new(name, path.clone());
                    list.games.extend(entry.map(ListedGame::new));
                    list.complete = true;
                    Reading::Choose(list)
                }
            };
            tx.say(Feed::Done(reading));
            return;
        }
    };
    let mut list = GameList::new(name.clone(), path.clone());
    list.games = vec![ListedGame::new(first), ListedGame::new(second)];
    if !tx.say(Feed::List(list)) {
        return;
    }
    let mut rows = Vec::with_capacity(ROWS);
    for entry in games.by_ref() {
        rows.push(ListedGame::new(entry));
        // The list was closed: the receiver is gone, and so is the read.
        if rows.len() == ROWS && !tx.say(Feed::Rows(std::mem::take(&mut rows))) {
            return;
        }
    }
    if !rows.is_empty() && !tx.say(Feed::Rows(rows)) {
        return;
    }
    let failed = games
        .take_error()
        .map(|e| T::OpenFailed.fill(lang, &[&name, &e]));
    tx.say(Feed::End(failed));
}

/// What opening a game touches: the game, the selection, the list of a file's games,
/// and what the player is told.
#[derive(bevy::ecs::system::SystemParam)]
struct Opener<'w> {
    model: ResMut<'w, Model>,
    selection: ResMut<'w, Selection>,
    choice: ResMut<'w, GameChoice>,
    settings: Res<'w, Settings>,
    notices: MessageWriter<'w, Notice>,
    changed: MessageWriter<'w, BoardChanged>,
    kept: MessageWriter<'w, KeepGame>,
}

impl Opener<'_> {
    fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// Puts `record` in place of the game (undoable) and says `said`.
    fn open(&mut self, record: GameRecord, said: String) {
        info!("imported {} plies", record.game.ply_count());
        for e in &record.dropped {
            warn!("dropped from the file: {e}");
        }
        // What the file held that could not be played is said with the rest.
        let notice = match record.dropped.first() {
            Some(e) => Notice::warn(format!("{said}. {}: {e}", T::Dropped.get(self.lang()))),
            None => Notice::info(said),
        };
        // A record with a time control brings its clocks, stopped.
        self.model.replace_record(record);
        clear(&mut self.selection);
        self.changed.write(BoardChanged);
        self.notices.write(notice);
    }

    fn apply(&mut self, reading: Reading) {
        match reading {
            Reading::Game(game, said) => {
                // What is opened is kept in the library (once).
                self.kept.write(KeepGame(game.clone(), said.clone()));
                self.open(*game, said);
            }
            Reading::Choose(list) => {
                info!("game list: {} games in {}", list.games.len(), list.file);
                let said = T::GamesInFile.fill(self.lang(), &[&list.file, &list.games.len()]);
                self.notices.write(Notice::info(said));
                self.choice.0 = Some(list);
            }
            Reading::Failed(said) => {
                info!("refused import: {said}");
                self.notices.write(Notice::warn(said));
            }
        }
    }
}

/// Opens a pasted, dropped or loaded game in place of the current one (undoable). A
/// failure leaves the game exactly as it was and says why. A file of several games
/// opens the list instead.
#[allow(clippy::too_many_arguments)]
fn import(
    mut imports: MessageReader<Import>,
    mut from_library: MessageReader<OpenGame>,
    mut reads: ResMut<Reads>,
    mut opener: Opener,
    mut redraw: MessageWriter<RequestRedraw>,
    kind: Res<State<GameKind>>,
    tables: Res<Tables>,
) {
    let lang = opener.lang();
    for OpenGame { record, ply, said } in from_library.read() {
        // A copy: playing on changes nothing in the library.
        opener.open((**record).clone(), said.clone());
        opener.model.review(*ply);
    }
    for request in imports.read() {
        // What another game claims surer is its (Go's SGF: app/go/files.rs).
        if tables.reader(request, *kind.get()) != Xiangqi::KIND {
            continue;
        }
        // Behind a running read, even a small one waits its turn.
        if reads.busy() || is_large(request) {
            let (request, what) = (request.clone(), describe(request, lang));
            info!("reading {what} on its own thread");
            opener
                .notices
                .write(Notice::info(T::Reading.fill(lang, &[&what])));
            // A few batches of rows ahead of the frames, no more.
            let feed = Stream::start(Wake::window(), Some(8), move |tx| {
                feed_read(&request, lang, &tx);
            });
            reads.0.push_back(Running {
                feed,
                listing: false,
            });
        } else {
            opener.apply(read(request, lang));
        }
    }
    take_feeds(&mut reads, &mut opener);
    if reads.busy() {
        // An idle window gets no frames: keep them coming until the read is in.
        redraw.write(RequestRedraw);
    }
}

/// Takes what the reads sent, oldest read first: a read is done when it says so.
fn take_feeds(reads: &mut Reads, opener: &mut Opener) {
    let lang = opener.lang();
    // A frame takes a few batches of rows; the next frame the next ones.
    let mut budget = FEEDS_A_FRAME;
    while let Some(front) = reads.0.front_mut() {
        if budget == 0 {
            break;
        }
        budget -= 1;
        match front.feed.take() {
            Next::Came(Feed::Done(reading)) => {
                reads.0.pop_front();
                opener.apply(reading);
            }
            Next::Came(Feed::List(list)) => {
                front.listing = true;
                info!("game list: reading {}", list.file);
                let said = T::Reading.fill(lang, &[&list.file]);
                opener.notices.write(Notice::info(said));
                opener.choice.0 = Some(list);
            }
            Next::Came(Feed::Rows(rows)) => match opener.choice.0.as_mut() {
                Some(list) => list.games.extend(rows),
                // Closed or picked from: the rest is not read.
                None => {
                    reads.0.pop_front();
                }
            },
            Next::Came(Feed::End(failed)) => {
                reads.0.pop_front();
                if let Some(list) = opener.choice.0.as_mut() {
                    list.complete = true;
                    info!("game list: {} games in {}", list.games.len(), list.file);
                    let said = T::GamesInFile.fill(lang, &[&list.file, &list.games.len()]);
                    opener.notices.write(Notice::info(said));
                }
                if let Some(said) = failed {
                    opener.notices.write(Notice::warn(said));
                }
            }
            Next::Waiting => break,
            // A reader that panics is a bug, but the game goes on untouched.
            Next::Ended => {
                let listing = front.listing;
                reads.0.pop_front();
                if !listing {
                    opener.apply(Reading::Failed(T::ReadCrashed.get(lang).to_owned()));
                }
            }
        }
    }
}

/// What is being read, for the status line.
fn describe(import: &Import, lang: Lang) -> String {
    match import {
        Import::File(path) => file_name(path),
        Import::Pasted(_) => T::TheClipboard.get(lang).to_owned(),
        Import::Slot { slot, .. } => slot.to_string(),
    }
}

/// Opens the game picked from a file's list (undoable like any import).
fn choose(mut chosen: MessageReader<ChooseGame>, mut opener: Opener) {
    let lang = opener.lang();
    for &ChooseGame(index) in chosen.read() {
        let Some(list) = opener.choice.0.take() else {
            continue;
        };
        let Some(i) = index else {
            info!("game list closed");
            continue;
        };
        match list.games.get(i) {
            Some(ListedGame {
                game: Ok(place),
                red,
                black,
                ..
            }) => {
                // The list keeps where the game is: it is read again, alone.
                let read = std::fs::File::open(&list.path)
                    .and_then(|file| Games::reopen(file, *place))
                    .map_err(|e| e.to_string())
                    .and_then(|game| game.map_err(|e| e.to_string()));
                let game = match read {
                    Ok(imported) => imported.record,
                    Err(e) => {
                        warn!("game list: game {} of {}: {e}", i + 1, list.file);
                        let said = T::OpenFailed.fill(lang, &[&list.file, &e]);
                        opener.notices.write(Notice::warn(said));
                        opener.choice.0 = Some(list);
                        continue;
                    }
                };
                let name = |n: &str| {
                    if n.is_empty() {
                        "?".to_owned()
                    } else {
                        n.to_owned()
                    }
                };
                let players = format!("{} – {}", name(red), name(black));
                info!("game list: picked game {} of {}", i + 1, list.file);
                let said = T::OpenedGame.fill(lang, &[&list.file, &(i + 1), &players]);
                opener.open(game, said);
            }
            // Unreadable or out of range: the list stays open (nothing else to do).
            _ => opener.choice.0 = Some(list),
        }
    }
}
