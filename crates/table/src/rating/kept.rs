//! A game as the program's library keeps it, whatever the game: the rows players'
//! pages, ratings and ladders are counted from. Each game says what a finished or
//! imported game of it is as one row (its players, the computer's level at each side,
//! its result, its record as text, the positions of its main line) and how that row
//! counts ([`LibraryFormat`]). The library stores rows and asks the format; it never
//! asks which game a row is.
//!
//! ```
//! use table::rating::kept::{Keep, Kept};
//! #[derive(Debug)]
//! struct Marks(String);
//! impl Keep for Marks {
//!     fn kind(&self) -> &'static str { "noughts" }
//!     fn key(&self) -> String { self.0.clone() }
//!     fn kept(&self) -> Result<Kept, String> {
//!         Ok(Kept { first: "Mei".into(), levels: [None, Some(2)], record: self.0.clone(), ..Kept::default() })
//!     }
//! }
//! let game = Marks("X5 O1 X9".into());
//! assert_eq!(game.kept().unwrap().levels, [None, Some(2)]);
//! ```

use std::any::Any;
use std::sync::Arc;

/// One game as the library keeps it. Empty texts are unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// The first player's name (Xiangqi: red; Go: black).
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The computer's level at each side (`None`: a person, or the computer at no level).
    pub levels: [Option<u8>; 2],
    /// The event, or the game's name.
    pub event: String,
    /// The date as the record writes it (`2024-05-01`, `2024`).
    pub date: String,
    /// The result as the record writes it (`1-0`, `B+R`; `*`: none).
    pub result: String,
    /// The opening's code, if the game names or classifies one.
    pub opening: String,
    /// Moves of its main line.
    pub plies: usize,
    /// The record as text, as the game reads it back ([`LibraryFormat::read`]).
    pub record: String,
    /// Every comment of the game, one a line (found by the search).
    pub comments: String,
    /// The board's size, for a game played on boards of more than one.
    pub size: Option<u8>,
    /// Each position of its main line, from the start: a hash that finds the same
    /// position in other games, and the move played from it (`None` after the last).
    /// Empty: its positions are not searched.
    pub positions: Vec<(u64, Option<String>)>,
}

/// A game the library can keep: the table hands it over, the library stores its row.
pub trait Keep: Send + Sync + std::fmt::Debug {
    /// The name of its game in files and in the library (its table's slug).
    fn kind(&self) -> &'static str;
    /// What tells it from every other game of its kind (the same key: the same game,
    /// kept once). Cheap beside [`kept`](Self::kept): an import asks it first.
    fn key(&self) -> String;
    /// Its row.
    ///
    /// # Errors
    /// Why it cannot be kept (its moves break its rules), in words.
    fn kept(&self) -> Result<Kept, String>;
    /// Whether this game goes on from the game of `earlier` (a key of its kind): the
    /// same start and players, its moves and more. A game saved again in a slot replaces
    /// its earlier copies saved so (issue 91: one unfinished game kept three times).
    fn continues(&self, earlier: &str) -> bool {
        let _ = earlier;
        false
    }
}

/// What the library asks of a game's rows to count them and open them again.
#[derive(Debug)]
pub struct LibraryFormat {
    /// The name of its game ([`Keep::kind`]).
    pub kind: &'static str,
    /// How many levels the computer has at it (the rungs of a player's ladder).
    pub levels: usize,
    /// The first player's points in a finished game by its result (`1-0`, `B+R`…), or
    /// `None` when it did not finish or says nothing.
    pub first_points: fn(&str) -> Option<f64>,
    /// Whether the game of this key was played at even terms (a handicap game counts
    /// in the record, not in the rating).
    pub even: fn(&str) -> bool,
    /// A record read back, as its table opens it (`None`: it no longer reads).
    pub read: fn(&str) -> Option<Fetched>,
}

/// A game read back from the library, of its game's own type: the table of that game
/// takes it, the others leave it.
#[derive(Clone)]
pub struct Fetched(pub Arc<dyn Any + Send + Sync>);

impl Fetched {
    /// Wraps a game of any type.
    #[must_use]
    pub fn new<T: Any + Send + Sync>(game: T) -> Fetched {
        Fetched(Arc::new(game))
    }

    /// The game, if it is a `T`.
    #[must_use]
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Debug for Fetched {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fetched(..)")
    }
}

/// How a game names its computer in records: `Fairy-Stockfish level 3`, the program's
/// name and the level (what the cards show and other programs read as a name). Games
/// kept before the level had a column of its own are read back by it.
///
/// ```
/// use table::rating::kept::Computer;
/// const GNU_GO: Computer = Computer("GNU Go");
/// assert_eq!(GNU_GO.named(3), "GNU Go level 3");
/// assert_eq!(GNU_GO.level_of(" GNU Go level 3 "), Some(3));
/// assert_eq!(GNU_GO.level_of("Fairy-Stockfish level 3"), None);
/// assert_eq!(GNU_GO.level_of("GNU Go level 0"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer(pub &'static str);

impl Computer {
    /// Its name at `level`.
    #[must_use]
    pub fn named(self, level: u8) -> String {
        format!("{} level {level}", self.0)
    }

    /// The level in a name [`named`](Self::named) made, if it is one.
    #[must_use]
    pub fn level_of(self, name: &str) -> Option<u8> {
        let n = name.trim().strip_prefix(self.0)?.strip_prefix(" level ")?;
        n.parse().ok().filter(|&n| n > 0)
    }
}
