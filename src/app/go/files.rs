//! Go's files at the table: an SGF file dropped or opened, an SGF text, a board drawn in
//! text or a list of moves pasted (Ctrl+I) open as the Go game (the table switches to
//! Go; Ctrl+Z takes the opening back); Ctrl+E copies the game as SGF and Ctrl+Shift+E
//! the board as text.

use bevy::prelude::*;

use crate::app::go::game::Go;
use crate::app::go::{GoSetup, GoTable, library};
use crate::app::library::LibraryLink;
use crate::app::messages::{Import, Notice};
use crate::app::schedule::GameKind;
use crate::app::shell::model::Settings;
use crate::app::shell::table::{Claim, FileSection, TableGame, Tables};
use crate::games::go::Session;
use crate::go::{Game, sgf, text};
use crate::i18n::{GoText as G, Lang};

/// Whether `text` is an SGF game (of Go: `GM[1]`, or no game named).
fn is_sgf(text: &str) -> bool {
    let t = text.trim_start();
    let head: String = t.chars().take(4096).collect();
    head.contains("(;")
        && (head.contains("GM[1]")
            || (!head.contains("GM[")
                && (head.contains("SZ[") || head.contains(";B[") || head.contains(";W["))))
}

/// How surely an import is Go's: an `.sgf` file or an SGF text anywhere; a board drawn
/// in text or a list of moves may be (read at the Go table).
#[must_use]
pub fn claims(import: &Import) -> Claim {
    match import {
        Import::File(path)
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf")) =>
        {
            Claim::Sure
        }
        Import::Pasted(t) if is_sgf(t) => Claim::Sure,
        Import::Slot { record, .. } if record.is::<Session>() => Claim::Sure,
        Import::Pasted(t) if text::looks_like_moves(t) || text::read_diagram(t).is_ok() => {
            Claim::Maybe
        }
        _ => Claim::No,
    }
}

/// The game `text` holds, read as the table at `now` would play it (its rules; its
/// board size for a list of moves that fits).
fn read(text_in: &str, now: &Session) -> Result<Session, String> {
    if is_sgf(text_in) {
        let games = sgf::read(text_in).map_err(|e| e.to_string())?;
        let file = &games[0];
        let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
        return Ok(Session::from_file(game, file));
    }
    if text::looks_like_moves(text_in) {
        let rules = now.game().rules();
        let size = match text::size_for_moves(text_in) {
            s if s <= now.size() => now.size(),
            s => s,
        };
        let game = text::read_moves(text_in, size, *rules).map_err(|e| e.to_string())?;
        return Ok(Session::from_game(game, GoSetup { size, ..now.setup }));
    }
    let pos = text::read_diagram(text_in).map_err(|e| e.to_string())?;
    let game = Game::from_position(pos, *now.game().rules(), 0);
    let size = pos.board().size();
    Ok(Session::from_game(game, GoSetup { size, ..now.setup }))
}

/// The first game of an SGF file of any size, read without the rest of it; `None` when
/// the file holds no game tree.
fn first_game(path: &std::path::Path) -> std::io::Result<Option<Result<Session, String>>> {
    let mut games = crate::collection::SgfGames::open(path)?;
    let first = games.next();
    if let Some(e) = games.take_error() {
        return Err(e);
    }
    Ok(first.map(|(_, file)| {
        let file = file.map_err(|e| e.to_string())?;
        let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
        Ok(Session::from_file(game, &file))
    }))
}

/// Opens the Go imports: the game in place of the table's (undoable), or a line saying
/// why nothing changed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn import(
    mut imports: MessageReader<Import>,
    kind: Res<State<GameKind>>,
    mut next: ResMut<NextState<GameKind>>,
    mut table: ResMut<GoTable>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
    tables: Res<Tables>,
    link: Res<LibraryLink>,
    (mut shelf, mut problems): (
        ResMut<super::learn::problems::GoShelf>,
        MessageWriter<::table::learn::problems::ProblemCommand>,
    ),
) {
    let lang = settings.lang;
    let at_go = *kind.get() == Go::KIND;
    for request in imports.read() {
        if tables.reader(request, *kind.get()) != Go::KIND {
            continue;
        }
        let (what, read) = match request {
            Import::File(path) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                // A file of problems opens as problems (F3's, from the file).
                if let Some(found) = super::learn::problems::from_file(path) {
                    let went = shelve(
                        found,
                        &name,
                        (&mut shelf, &mut problems),
                        &mut notices,
                        lang,
                    );
                    if went && !at_go {
                        next.set(Go::KIND);
                    }
                    continue;
                }
                match first_game(path) {
                    Ok(Some(read)) => (name, read),
                    // Not SGF: a board or moves in text, read whole (within its bound).
                    Ok(None) => match std::fs::read(path) {
                        Ok(bytes) => (name, read(&sgf::decode(&bytes), &table)),
                        Err(e) => (name, Err(e.to_string())),
                    },
                    Err(e) => {
                        notices.write(Notice::warn(G::OpenFailed.fill(lang, &[&name, &e])));
                        continue;
                    }
                }
            }
            Import::Pasted(t) if crate::games::go::problems::is_problem_file(t) => {
                let name = G::TheClipboard.get(lang);
                let found =
                    crate::games::go::problems::read(t, "pasted").map_err(|e| e.to_string());
                let went = shelve(found, name, (&mut shelf, &mut problems), &mut notices, lang);
                if went && !at_go {
                    next.set(Go::KIND);
                }
                continue;
            }
            Import::Pasted(t) => (G::TheClipboard.get(lang).to_owned(), read(t, &table)),
            Import::Slot { slot, record } => {
                // A slot of the table's slots service: said as the slots say it.
                if let Some(opened) = record.downcast_ref::<Session>() {
                    info!("go loaded slot {slot}");
                    table.open(opened.clone());
                    let said = crate::i18n::Word::LoadedFrom.fill(lang, &[slot]);
                    notices.write(Notice::info(said));
                    if !at_go {
                        next.set(Go::KIND);
                    }
                }
                continue;
            }
        };
        match read {
            Ok(opened) => {
                info!(
                    "go opened {} moves from {what}",
                    opened.game().moves().len()
                );
                notices.write(Notice::info(
                    G::Opened.fill(lang, &[&what, &opened.game().moves().len()]),
                ));
                table.open(opened);
                // What is opened is kept in the library (once); a bare board is no game.
                if !table.game().moves().is_empty() {
                    library::keep(&link, table.to_file(), &what);
                }
                if !at_go {
                    next.set(Go::KIND);
                }
            }
            Err(e) => {
                info!("refused go import: {e}");
                notices.write(Notice::warn(G::OpenFailed.fill(lang, &[&what, &e])));
            }
        }
    }
}

/// Problems read from a file or the clipboard put on the shelf and the first set up;
/// whether they were (else why not is said).
fn shelve(
    found: Result<Vec<crate::games::go::problems::Problem>, String>,
    name: &str,
    (shelf, problems): (
        &mut super::learn::problems::GoShelf,
        &mut MessageWriter<::table::learn::problems::ProblemCommand>,
    ),
    notices: &mut MessageWriter<Notice>,
    lang: Lang,
) -> bool {
    match found {
        Ok(found) => {
            info!("go problems opened: {} from {name}", found.len());
            notices.write(Notice::info(
                G::ProblemsOpened.fill(lang, &[&name, &found.len()]),
            ));
            shelf.0 = Some(found);
            problems.write(::table::learn::problems::ProblemCommand::Start);
            true
        }
        Err(e) => {
            notices.write(Notice::warn(G::OpenFailed.fill(lang, &[&name, &e])));
            false
        }
    }
}

/// The game as SGF, for Ctrl+E.
#[must_use]
pub fn game_text(table: &GoTable) -> String {
    sgf::write(&table.to_file())
}

/// The board as text, for Ctrl+Shift+E: what `go status` prints and a paste reads.
#[must_use]
pub fn board_text(table: &GoTable) -> String {
    let pos = table.game().position();
    format!("{}to-move {}\n", pos.board().diagram(), pos.to_move())
}

/// What a copy says.
#[must_use]
pub fn copied(lang: Lang, game: bool) -> String {
    if game { G::CopiedSgf } else { G::CopiedBoard }
        .get(lang)
        .to_owned()
}

/// Go's fields in the settings file: GNU Go's level at the table.
#[derive(serde::Serialize, serde::Deserialize, Default)]
#[serde(default)]
struct GoFields {
    /// GNU Go's level (`matches::go_levels`); 0: none chosen, its level 5 as before
    /// levels.
    go_level: u8,
}

/// Go's part of the settings file: GNU Go's level, into the Go table the core has
/// made.
pub(crate) const SECTION: FileSection = FileSection {
    load: |text, world| {
        let level = ron::from_str::<GoFields>(text)
            .ok()
            .and_then(|f| crate::matches::go_levels::GoLevel::get(f.go_level))
            .map(|l| l.number);
        if let Some(mut go) = world.get_resource_mut::<GoTable>() {
            go.setup.level = level;
        }
    },
    write: |world| {
        let go_level = world
            .get_resource::<GoTable>()
            .and_then(|t| t.setup.level)
            .unwrap_or(0);
        // A plain number: serialising it cannot fail.
        ron::ser::to_string_pretty(&GoFields { go_level }, ron::ser::PrettyConfig::default())
            .expect("settings serialise")
    },
};
