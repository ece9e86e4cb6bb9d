//! Where a puzzle comes from, read off its source text, so that a window in another
//! language can say it in its own words: the books' names are Chinese already, the
//! other sources are written in English by the programs that made them.

use super::{FROM_YOUR_GAME, Puzzle};

/// A puzzle's source, taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin<'a> {
    /// A book and its number (`适情雅趣 第12局`): said as written.
    Book(&'a str),
    /// Made by `make-puzzles` from random endgames: the solver's pieces and the
    /// defender's, as FEN letters (`RP`, `ka`).
    Generated {
        /// The attacker's pieces, upper case.
        attacker: &'a str,
        /// The defender's, lower case, its general first.
        defender: &'a str,
    },
    /// From a game the player played: its day (or [`UNKNOWN_DAY`](super::UNKNOWN_DAY)) and move number.
    Yours {
        /// The day, `2026-11-20`.
        day: &'a str,
        /// The move, from 1.
        move_no: &'a str,
    },
    /// From a game of somebody's, named by its file: `ucci_test1.xqf (cchess test data)`.
    Game {
        /// The game.
        game: &'a str,
        /// The move, from 1.
        move_no: &'a str,
    },
}

/// The group a source belongs to, as the list's filter shows it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Shelf {
    /// A book, by its name.
    Book(String),
    /// Generated endgames.
    Generated,
    /// The player's games.
    Yours,
    /// Other played games.
    Games,
}

impl<'a> Origin<'a> {
    /// `source` taken apart; an unknown form is a book.
    ///
    /// ```
    /// use xiangqi::games::xiangqi::puzzles::{Origin, Shelf};
    ///
    /// let generated = Origin::of("generated RP vs ka");
    /// assert_eq!(generated, Origin::Generated { attacker: "RP", defender: "ka" });
    /// assert_eq!(generated.shelf(), Shelf::Generated);
    /// ```
    #[must_use]
    pub fn of(source: &'a str) -> Origin<'a> {
        if let Some(rest) = source.strip_prefix(FROM_YOUR_GAME)
            && let Some((day, move_no)) = rest.rsplit_once(", move ")
        {
            return Origin::Yours { day, move_no };
        }
        if let Some(rest) = source.strip_prefix("game ")
            && let Some((game, move_no)) = rest.rsplit_once(", move ")
        {
            return Origin::Game { game, move_no };
        }
        if let Some(rest) = source.strip_prefix("generated ")
            && let Some((attacker, defender)) = rest.split_once(" vs ")
        {
            return Origin::Generated { attacker, defender };
        }
        Origin::Book(source)
    }

    /// The group it is listed under: a book by its name without the number.
    #[must_use]
    pub fn shelf(self) -> Shelf {
        match self {
            Origin::Book(s) => {
                Shelf::Book(s.split_once(' ').map_or(s, |(book, _)| book).to_owned())
            }
            Origin::Generated { .. } => Shelf::Generated,
            Origin::Yours { .. } => Shelf::Yours,
            Origin::Game { .. } => Shelf::Games,
        }
    }
}

impl Puzzle {
    /// Where it comes from, taken apart ([`Origin::of`] its source).
    #[must_use]
    pub fn origin(&self) -> Origin<'_> {
        Origin::of(&self.source)
    }

    /// The group it is listed under ([`Origin::shelf`]).
    #[must_use]
    pub fn shelf(&self) -> Shelf {
        self.origin().shelf()
    }
}

/// Pieces as FEN letters (`RRP`, `kaabb`) in Chinese, as endgames are named: a piece
/// twice or thrice counted (双车, 三兵), full advisors and elephants together (士象全),
/// the defender's general left out unless it stands alone (单将).
///
/// ```
/// use xiangqi::games::xiangqi::puzzles::material_zh;
///
/// assert_eq!(material_zh("RP"), "车兵");
/// assert_eq!(material_zh("PPP"), "三兵");
/// assert_eq!(material_zh("kaabbc"), "炮士象全");
/// assert_eq!(material_zh("k"), "单将");
/// ```
#[must_use]
pub fn material_zh(letters: &str) -> String {
    let count = |c: char| letters.chars().filter(|&x| x == c).count();
    let full_guard = count('a') == 2 && count('b') == 2;
    let mut out = String::new();
    let mut guards = String::new();
    for (letter, name) in [
        ('R', "车"),
        ('H', "马"),
        ('C', "炮"),
        ('P', "兵"),
        ('A', "仕"),
        ('B', "相"),
        ('r', "车"),
        ('h', "马"),
        ('c', "炮"),
        ('p', "卒"),
        ('a', "士"),
        ('b', "象"),
    ] {
        let n = count(letter);
        let text = match n {
            0 => continue,
            1 => name.to_owned(),
            2 => format!("双{name}"),
            3 => format!("三{name}"),
            4 => format!("四{name}"),
            _ => format!("五{name}"),
        };
        if matches!(letter, 'a' | 'b') {
            if !full_guard {
                guards.push_str(&text);
            }
        } else {
            out.push_str(&text);
        }
    }
    out.push_str(&guards);
    if full_guard {
        out.push_str("士象全");
    }
    if out.is_empty() && letters.contains('k') {
        out.push_str("单将");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xiangqi::puzzles::collection;

    #[test]
    fn every_source_is_taken_apart() {
        assert_eq!(
            Origin::of("from your game of 2026-11-20, move 31"),
            Origin::Yours {
                day: "2026-11-20",
                move_no: "31"
            }
        );
        assert_eq!(
            Origin::of("game ucci_test1.xqf (cchess test data), move 18"),
            Origin::Game {
                game: "ucci_test1.xqf (cchess test data)",
                move_no: "18"
            }
        );
        assert_eq!(
            Origin::of("generated RHP vs kaabbr"),
            Origin::Generated {
                attacker: "RHP",
                defender: "kaabbr"
            }
        );
        let book = Origin::of("适情雅趣 第12局");
        assert_eq!(book, Origin::Book("适情雅趣 第12局"));
        assert_eq!(book.shelf(), Shelf::Book("适情雅趣".into()));
        // A form not known is said as written.
        assert_eq!(
            Origin::of("from your game of"),
            Origin::Book("from your game of")
        );
    }

    #[test]
    fn the_collection_has_each_kind_and_no_unknown_english_source() {
        let mut shelves = Vec::new();
        for p in collection() {
            let shelf = p.shelf();
            if let Shelf::Book(name) = &shelf {
                assert!(!name.is_ascii(), "{} reads as a book: {}", p.id, p.source);
            }
            if !shelves.contains(&shelf) {
                shelves.push(shelf);
            }
        }
        assert!(shelves.contains(&Shelf::Generated));
        assert!(shelves.contains(&Shelf::Games));
    }

    #[test]
    fn material_reads_as_endgames_are_named() {
        assert_eq!(material_zh("RR"), "双车");
        assert_eq!(material_zh("kaab"), "双士象");
        assert_eq!(material_zh("kaabbrh"), "车马士象全");
        assert_eq!(material_zh("HCP"), "马炮兵");
        assert_eq!(material_zh("kab"), "士象");
    }
}
