//! A Go game as the library keeps it: its SGF as written (the same tree, comments and
//! game information are one game), its players (black first), the board's size and
//! GNU Go's level at a side it played. Its moves are replayed by the Go rules on the
//! way in: a game that breaks them is not kept, with the reason. Go positions are not
//! searched (yet).

use table::rating::kept::{Computer, Fetched, Keep, Kept, LibraryFormat};

use crate::go::sgf::{self, SgfGame};

/// The library's name for Go games.
pub const GO: &str = "go";

/// How the library counts and opens Go games.
pub const FORMAT: LibraryFormat = LibraryFormat {
    kind: GO,
    levels: crate::matches::go_levels::GO_LEVELS.len(),
    first_points: |result| match result.trim().to_ascii_uppercase().as_str() {
        r if r.starts_with("B+") => Some(1.0),
        r if r.starts_with("W+") => Some(0.0),
        "0" | "DRAW" | "JIGO" => Some(0.5),
        _ => None,
    },
    // Played without handicap stones.
    even: |key| !key.contains("HA[") && !key.contains("AB["),
    read: |text| Some(Fetched::new(sgf::read(text).ok()?.into_iter().next()?)),
};

/// GNU Go as a new game names it at a level (`GNU Go level 3`).
pub const COMPUTER: Computer = Computer("GNU Go");

/// A Go game of a file to keep: the library's [`Keep`] for it (the type is the rules crate's,
/// the trait the table's).
#[derive(Clone, Debug)]
pub struct Keeping(pub SgfGame);

impl Keep for Keeping {
    fn kind(&self) -> &'static str {
        GO
    }

    /// Its file as written.
    fn key(&self) -> String {
        format!("{GO}\n{}", sgf::write(&self.0))
    }

    fn kept(&self) -> Result<Kept, String> {
        let game = self
            .0
            .replay(&self.0.main_line())
            .map_err(|e| e.to_string())?;
        let tag = |name: &str| self.0.tag(name).unwrap_or("").trim().to_owned();
        let event = match tag("EV") {
            e if e.is_empty() => tag("GN"),
            e => e,
        };
        let result = match tag("RE") {
            r if r.is_empty() => "*".to_owned(),
            r => r,
        };
        let comments: Vec<&str> = self
            .0
            .nodes
            .iter()
            .map(|n| n.comment.as_str())
            .filter(|c| !c.is_empty())
            .collect();
        let (first, second) = (tag("PB"), tag("PW"));
        Ok(Kept {
            levels: [COMPUTER.level_of(&first), COMPUTER.level_of(&second)],
            first,
            second,
            event,
            date: tag("DT"),
            result,
            opening: String::new(),
            plies: game.moves().len(),
            record: sgf::write(&self.0),
            comments: comments.join("\n"),
            size: Some(self.0.size),
            positions: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_terms_count_as_go_counts_them_and_the_level_is_read_from_its_own_name() {
        assert_eq!((FORMAT.first_points)("W+3.5"), Some(0.0));
        assert_eq!((FORMAT.first_points)("1-0"), None);
        assert!((FORMAT.even)("go\n(;SZ[9];B[ee])"));
        assert!(!(FORMAT.even)("go\n(;SZ[9]HA[2]AB[cc][gg])"));
        assert_eq!(FORMAT.levels, crate::matches::go_levels::GO_LEVELS.len());
        assert_eq!(COMPUTER.level_of(&COMPUTER.named(3)), Some(3));
        assert_eq!(
            COMPUTER.level_of("Fairy-Stockfish level 3"),
            None,
            "another game's"
        );
    }
}
