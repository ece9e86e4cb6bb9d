//! A Xiangqi game as the library keeps it: its PGN (Chinese notation), its tags, its
//! ECCO code (its own, else its moves' from the usual start), each position of its
//! main line for the position search, and the computer's level at a side it played.

use table::rating::kept::{Computer, Fetched, Keep, Kept, LibraryFormat};

use crate::rules::record::GameRecord;
use crate::rules::{Color, Notation, Position};

/// The library's name for Xiangqi games.
pub const XIANGQI: &str = "xiangqi";

/// How the library counts and opens Xiangqi games.
pub const FORMAT: LibraryFormat = LibraryFormat {
    kind: XIANGQI,
    levels: crate::engine::levels::LEVELS.len(),
    first_points: |result| match result.trim() {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    },
    // From the usual start: a 让子 game starts without the pieces given.
    even: |key| key.lines().next() == Some(Position::new().to_fen().as_str()),
    read: |text| {
        crate::rules::pgn::read(text)
            .ok()
            .map(|i| Fetched::new(i.record))
    },
};

/// The computer as a new game names it at a level (`Fairy-Stockfish level 3`).
pub const COMPUTER: Computer = Computer("Fairy-Stockfish");

/// A Xiangqi record to keep: the library's [`Keep`] for it (the type is the rules crate's,
/// the trait the table's).
#[derive(Clone, Debug)]
pub struct Keeping(pub GameRecord);

impl Keep for Keeping {
    fn kind(&self) -> &'static str {
        XIANGQI
    }

    /// Its start, its moves and its tags.
    fn key(&self) -> String {
        let moves: Vec<String> = self.0.game.moves().map(|m| m.to_string()).collect();
        let mut tags: Vec<String> = self
            .0
            .tags
            .iter()
            // The clocks' readings change as time runs: the same game is one game.
            .filter(|(k, _)| !k.eq_ignore_ascii_case("ClockReadings"))
            .map(|(k, v)| format!("{}={}", k.to_ascii_lowercase(), v.trim()))
            .collect();
        tags.sort();
        format!(
            "{}\n{}\n{}",
            self.0.game.start().to_fen(),
            moves.join(" "),
            tags.join("\n")
        )
    }

    fn continues(&self, earlier: &str) -> bool {
        let key = self.key();
        let (mut now, mut then) = (key.lines(), earlier.lines());
        // The same start; the earlier moves, each in its place, and more after them.
        if now.next() != then.next() {
            return false;
        }
        let (now, then) = (now.next().unwrap_or(""), then.next().unwrap_or(""));
        let (now, then): (Vec<&str>, Vec<&str>) = (
            now.split_whitespace().collect(),
            then.split_whitespace().collect(),
        );
        now.len() > then.len() && now.starts_with(&then)
    }

    fn kept(&self) -> Result<Kept, String> {
        let tag = |name: &str| self.0.tag(name).unwrap_or("").trim().to_owned();
        let (first, second) = (tag("Red"), tag("Black"));
        let moves: Vec<_> = self.0.game.moves().collect();
        let plies = self.0.game.ply_count();
        Ok(Kept {
            levels: [COMPUTER.level_of(&first), COMPUTER.level_of(&second)],
            first,
            second,
            event: tag("Event"),
            date: tag("Date"),
            result: result(&self.0),
            opening: ecco(&self.0),
            plies,
            record: crate::rules::pgn::write(&self.0, Notation::Chinese),
            comments: comments(&self.0),
            size: None,
            positions: (0..=plies)
                .map(|ply| {
                    let at = self.0.game.position_at(ply).hash();
                    (at, moves.get(ply).map(ToString::to_string))
                })
                .collect(),
        })
    }
}

/// The game's ECCO code: its record's own, else the one its moves are classified as
/// (from the usual start).
fn ecco(record: &GameRecord) -> String {
    match record.tag("ECCO").map(str::trim) {
        Some(own) if !own.is_empty() => own.to_owned(),
        _ if *record.game.start() == Position::new() => {
            let moves: Vec<_> = record.game.moves().collect();
            crate::rules::opening::classify(&moves).map_or_else(String::new, |o| o.ecco.to_string())
        }
        _ => String::new(),
    }
}

/// Every comment of the game, its lines' too, one a line.
fn comments(record: &GameRecord) -> String {
    fn of(v: &crate::rules::record::Variation, out: &mut Vec<String>) {
        out.extend(v.comments.values().cloned());
        for w in &v.variations {
            of(w, out);
        }
    }
    let mut out: Vec<String> = record.comments.values().cloned().collect();
    for v in &record.variations {
        of(v, &mut out);
    }
    out.join("\n")
}

/// The game's result: its `Result` tag, else how the moves end.
fn result(record: &GameRecord) -> String {
    match record.tag("Result").map(str::trim) {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r.to_owned(),
        _ => match record.game.outcome().map(|o| o.winner) {
            Some(Some(Color::Red)) => "1-0",
            Some(Some(Color::Black)) => "0-1",
            Some(None) => "1/2-1/2",
            None => "*",
        }
        .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_terms_count_as_xiangqi_counts_them_and_the_level_is_read_from_its_own_name() {
        assert_eq!((FORMAT.first_points)("1-0"), Some(1.0));
        assert_eq!((FORMAT.first_points)("B+R"), None);
        let start = Position::new().to_fen();
        assert!((FORMAT.even)(&format!("{start}\nh2e2")));
        assert!(!(FORMAT.even)("4k4/9/9/9/9/9/9/9/9/4K4 w\n"));
        assert_eq!(FORMAT.levels, crate::engine::levels::LEVELS.len());
        assert_eq!(COMPUTER.level_of(&COMPUTER.named(12)), Some(12));
        assert_eq!(
            COMPUTER.level_of("Mei level 3"),
            None,
            "only the name the game gives"
        );
        assert_eq!(COMPUTER.level_of("Fairy-Stockfish (depth 8)"), None);
    }
}
