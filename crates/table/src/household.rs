//! The household at the table: the players the program remembers (it keeps them in its
//! library and fills [`Household`]), who sits at each side of a new game (the settings'
//! `seats`, the last pair the next game's default), and each player's page as plain
//! lines to show. The table knows no game: a page's lines are the program's, made from
//! its library for every game it holds.

use bevy::prelude::*;

/// The players the program remembers, in the order to list them.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Household {
    /// Each player's page.
    pub players: Vec<Profile>,
}

impl Household {
    /// The players' names.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.players.iter().map(|p| p.name.as_str())
    }
}

/// A player and what the library's games say of them, per game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// The name on the cards and in the records.
    pub name: String,
    /// Per game the player has finished games of.
    pub games: Vec<ProfileGame>,
}

/// A player's record in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProfileGame {
    /// The game's title, in the language the page was made in.
    pub title: String,
    /// Wins, draws, losses.
    pub score: [u32; 3],
    /// Glicko-2 rating and deviation, once a game is rated.
    pub rating: Option<(f64, f64)>,
    /// Head to head: each opponent's name and the score against them.
    pub opponents: Vec<(String, [u32; 3])>,
    /// The last games, newest first: what the row says, and the game's id in the library
    /// (a click opens it).
    pub last: Vec<(String, i64)>,
}

/// Asked from the table's dialogs, answered by the program's library.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum HouseholdCommand {
    /// Remember a player by this name.
    Add(String),
    /// Open a game of a player's page (its library id).
    Open(i64),
}

/// How the seat of `name` is said: the name, or "guest" (客人) for an empty one.
#[must_use]
pub fn seat_name(name: &str, lang: crate::i18n::Lang) -> &str {
    if name.trim().is_empty() {
        crate::i18n::Word::Guest.get(lang)
    } else {
        name
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Household>()
        .add_message::<HouseholdCommand>();
}
