//! The game library at the Go table: its Go games found (their own window, L) and
//! opened here, and the games opened or finished here kept in it. The library's threads
//! are the shell's (`store/library.rs`); this takes what is the Go table's of their
//! answers.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoTable};
use crate::app::library;
use crate::app::library::{LibraryAnswer, LibraryLink};
use crate::app::messages::Notice;
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::games::go::Session;
use crate::games::go::kept::Keeping;
use crate::go::sgf::SgfGame;
use crate::i18n::LibText;
use crate::library::{Answer, Filter, Found, GO, Job};

/// What the player asks of the library at the Go table.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GoLibraryCommand {
    /// Show or hide the window.
    Toggle,
    /// Find Go games.
    Find(Box<Filter>),
    /// Open a game found (a copy).
    Open(i64),
}

/// What the library has said to the Go table.
#[derive(Resource, Default, Debug)]
pub struct LibraryView {
    /// The window is shown.
    pub open: bool,
    /// How many games the library holds (both games'), once open.
    pub size: Option<usize>,
    /// The filter asked and, once answered, the games found.
    pub found: Option<(Filter, Option<Vec<Found>>)>,
}

pub(crate) fn plugin(app: &mut App) {
    // A household player's page opens Go's games here.
    library::add_opener(app, <Go as TableGame>::SLUG, |orders, id| {
        _ = orders.write_message(GoLibraryCommand::Open(id))
    });
    app.add_message::<GoLibraryCommand>()
        .init_resource::<LibraryView>()
        .add_systems(
            Update,
            (commands, finished, listen)
                .chain()
                .in_set(<Go as TableGame>::step(Logic::Library)),
        );
}

fn commands(
    mut asked: MessageReader<GoLibraryCommand>,
    link: Res<LibraryLink>,
    mut view: ResMut<LibraryView>,
) {
    for command in asked.read() {
        info!("go library: {command:?}");
        match command.clone() {
            GoLibraryCommand::Toggle => view.open = !view.open,
            GoLibraryCommand::Find(filter) => {
                // Only Go games, whatever the window asked.
                let filter = Filter {
                    game: Some(GO.into()),
                    ..*filter
                };
                view.found = Some((filter.clone(), None));
                if let Some(w) = &link.0 {
                    w.ask(Job::Find(Box::new(filter)));
                }
            }
            GoLibraryCommand::Open(id) => {
                if let Some(w) = &link.0 {
                    w.ask(Job::Game(id, 0));
                }
            }
        }
    }
}

/// Keeps `file` in the library.
pub(crate) fn keep(link: &LibraryLink, file: SgfGame, source: &str) {
    if let Some(w) = &link.0 {
        w.ask(Job::Add(
            std::sync::Arc::new(Keeping(file)),
            source.to_owned(),
        ));
    }
}

/// A game that ended at the Go table is kept in the library; its end undone (the
/// resignation or the count taken back), it is taken back out.
fn finished(
    mut happened: MessageReader<GoHappened>,
    table: Res<GoTable>,
    link: Res<LibraryLink>,
    mut last: Local<Option<SgfGame>>,
) {
    for h in happened.read() {
        match h {
            GoHappened::Ended => {
                let file = table.to_file();
                keep(&link, file.clone(), "played");
                *last = Some(file);
            }
            GoHappened::Undone if table.result().is_none() && ended_here(&last, &table) => {
                if let (Some(file), Some(w)) = (last.take(), &link.0) {
                    info!("go library: the game played is taken back out");
                    w.ask(Job::Forget(std::sync::Arc::new(Keeping(file))));
                }
            }
            _ => {}
        }
    }
}

/// Whether the game on the table is the one kept as played, its end just undone (the
/// result taken back with every move there, or the last move), not a game begun since.
fn ended_here(last: &Option<SgfGame>, table: &GoTable) -> bool {
    let Some(file) = last else {
        return false;
    };
    let Ok(kept) = file.replay(&file.main_line()) else {
        return false;
    };
    let (kept, now) = (kept.moves(), table.game().moves());
    file.tag("PB") == table.record().tag("PB")
        && file.tag("PW") == table.record().tag("PW")
        && (now == kept || (now.len() + 1 == kept.len() && kept.starts_with(now)))
}

/// The library's answers that are the Go table's: the size, the games found, a game
/// fetched (opened in place of the table's game, undoably).
fn listen(
    mut answers: MessageReader<LibraryAnswer>,
    mut view: ResMut<LibraryView>,
    mut table: ResMut<GoTable>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for LibraryAnswer(answer) in answers.read() {
        match answer {
            Answer::Opened(sizes, _) | Answer::Imported(_, _, sizes) | Answer::Added(_, sizes) => {
                view.size = Some(sizes.of(GO));
            }
            Answer::Found(filter, found) if filter.game.as_deref() == Some(GO) => {
                info!("go library: {} go games found", found.len());
                if view.found.as_ref().is_some_and(|(f, _)| f == &**filter) {
                    view.found = Some(((**filter).clone(), Some(found.clone())));
                }
            }
            Answer::Game(id, _, Some(fetched)) => {
                // Another game's is its table's.
                let Some(file) = fetched.get::<SgfGame>() else {
                    continue;
                };
                open_fetched((*id, file), &mut table, &mut view, &settings, &mut notices);
            }
            _ => {}
        }
    }
    if view.found.as_ref().is_some_and(|(_, f)| f.is_none()) {
        redraw.write(RequestRedraw);
    }
}

/// A game fetched from the library, opened in place of the table's (undoably).
fn open_fetched(
    (id, file): (i64, &SgfGame),
    table: &mut GoTable,
    view: &mut LibraryView,
    settings: &Settings,
    notices: &mut MessageWriter<Notice>,
) {
    match file.replay(&file.main_line()) {
        Ok(game) => {
            let moves = game.moves().len();
            let tag = |name: &str| {
                file.tag(name)
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .unwrap_or("?")
                    .to_owned()
            };
            let title = format!("{} – {}", tag("PB"), tag("PW"));
            info!("go opened {moves} moves from the library (game {id})");
            table.open(Session::from_file(game, file));
            view.open = false;
            notices.write(Notice::info(
                LibText::OpenedGoFromLibrary.fill(settings.lang, &[&title, &moves]),
            ));
        }
        Err(e) => _ = notices.write(Notice::warn(e.to_string())),
    }
}
