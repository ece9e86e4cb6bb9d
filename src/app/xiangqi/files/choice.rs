//! A file of several games, listed for the player to pick one: what the game list
//! dialog shows and the reader fills.

use bevy::prelude::*;

/// A file's games, listed for the player to pick one (a PGN collection). Set and
/// cleared by the logic; the game list dialog shows it.
#[derive(Resource, Default)]
pub struct GameChoice(pub Option<GameList>);

/// The games of one file, listed as they are read: a big collection's first rows show
/// before the file is read through. The list keeps where each game is, not the game:
/// the one picked is read again.
pub struct GameList {
    /// The file's name, for the title.
    pub file: String,
    /// The file, to read the picked game from.
    pub path: std::path::PathBuf,
    /// Its games so far, in file order.
    pub games: Vec<ListedGame>,
    /// Whether the file is read through (rows are still coming otherwise).
    pub complete: bool,
    /// Tells one list from the next (the dialog starts a new one at its top).
    pub serial: u64,
}

impl GameList {
    /// An empty list of the file at `path`, named `file`.
    #[must_use]
    pub fn new(file: String, path: std::path::PathBuf) -> GameList {
        static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        GameList {
            file,
            path,
            games: Vec::new(),
            complete: false,
            serial: SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }
}

/// One game of a list: what the list shows, and where the game is or why it does not
/// read.
pub struct ListedGame {
    /// The red player (empty when the file does not say).
    pub red: String,
    /// The black player.
    pub black: String,
    /// The event (or the title).
    pub event: String,
    /// The date as the file writes it.
    pub date: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Its moves.
    pub plies: usize,
    /// Its opening: the ECCO code and name (the record's own code, else its moves'),
    /// empty for a game from a set-up position.
    pub opening: String,
    /// Where the game is in the file, or the reader's reason it does not read.
    pub game: Result<crate::collection::Place, String>,
    /// What the search box looks in: the players, event and date, in lower case and
    /// simplified script (made once, as the row is read).
    haystack: String,
}

/// Text as the search compares it: lower case, traditional characters as simplified
/// (a list of Big5 games is searched with a simplified keyboard).
fn folded(text: &str) -> String {
    fast2s::convert(&text.to_lowercase())
}

impl ListedGame {
    /// The list's entry for a game as read from a file.
    #[must_use]
    pub fn new(entry: crate::collection::Entry) -> ListedGame {
        let place = entry.place;
        let game = entry.game.map_err(|e| e.to_string());
        let (tags, plies) = match &game {
            Ok(i) => (Some(&i.record), i.record.game.ply_count()),
            Err(_) => (None, 0),
        };
        let tag = |name: &str| {
            tags.and_then(|r| r.tag(name))
                .filter(|v| *v != "?" && !v.starts_with("????"))
                .unwrap_or("")
                .to_owned()
        };
        let event = if tag("Event").is_empty() {
            tag("Title")
        } else {
            tag("Event")
        };
        let (red, black, date) = (tag("Red"), tag("Black"), tag("Date"));
        let haystack = folded(&[red.as_str(), &black, &event, &date].join("\n"));
        ListedGame {
            red,
            black,
            event,
            date,
            haystack,
            result: if tags.is_some() && tag("Result").is_empty() {
                "*".to_owned()
            } else {
                tag("Result")
            },
            plies,
            opening: tags.map_or_else(String::new, opening),
            game: game.map(|_| place),
        }
    }
}

/// `C00 中炮对屏风马`: the record's own code (named), else the code its moves are named.
fn opening(record: &crate::rules::record::GameRecord) -> String {
    use crate::rules::opening::{Ecco, classify};
    let own = record.tag("ECCO").and_then(|t| t.parse::<Ecco>().ok());
    let named = own.or_else(|| {
        if *record.game.start() != crate::rules::Position::new() {
            return None;
        }
        let moves: Vec<_> = record.game.moves().collect();
        classify(&moves).map(|o| o.ecco)
    });
    named.map_or_else(String::new, |e| format!("{e} {}", e.name()))
}

impl ListedGame {
    /// Whether the game's players, event or date hold `words` (each of them, in any
    /// case, in either script: 许银川 finds 許銀川): the list's search box.
    #[must_use]
    pub fn matches(&self, words: &str) -> bool {
        folded(words)
            .split_whitespace()
            .all(|word| self.haystack.contains(word))
    }
}
