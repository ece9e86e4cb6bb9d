//! A file of several games, listed for the player to pick one: what the game list
//! dialog shows and the reader fills.

use bevy::prelude::*;

/// A file's games, listed for the player to pick one (a PGN collection). Set and
/// cleared by the logic; the game list dialog shows it.
#[derive(Resource, Default)]
pub struct GameChoice(pub Option<GameList>);

/// The games of one file.
pub struct GameList {
    /// The file's name, for the title.
    pub file: String,
    /// Its games, in file order.
    pub games: Vec<ListedGame>,
}

/// One game of a list: what the list shows, and the game or why it does not read.
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
    /// The game, or the reader's reason.
    pub game: Result<crate::rules::record::GameRecord, String>,
}

impl ListedGame {
    /// The list's entry for a game as read from a file.
    #[must_use]
    pub fn new(game: Result<crate::rules::record::Imported, String>) -> ListedGame {
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
        ListedGame {
            red: tag("Red"),
            black: tag("Black"),
            event,
            date: tag("Date"),
            result: if tags.is_some() && tag("Result").is_empty() {
                "*".to_owned()
            } else {
                tag("Result")
            },
            plies,
            opening: tags.map_or_else(String::new, opening),
            game: game.map(|i| i.record),
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
