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
    material(letters, crate::i18n::Lang::Zh)
}

/// Pieces as FEN letters in `lang`, as its books name endgames: `material_zh` in
/// Simplified or Traditional characters (車馬, 雙車, 士象全, 單將), in Vietnamese the
/// pieces by name with their count (2 Xe, Sĩ Tượng toàn, Tướng đơn), in English by
/// FEN letter as the sources write them.
///
/// ```
/// use xiangqi::games::xiangqi::puzzles::material;
/// use xiangqi::i18n::Lang;
///
/// assert_eq!(material("RRH", Lang::Hant), "雙車馬");
/// assert_eq!(material("kaabbc", Lang::Vi), "Pháo Sĩ Tượng toàn");
/// assert_eq!(material("RPP", Lang::Vi), "Xe 2 Tốt");
/// assert_eq!(material("k", Lang::Vi), "Tướng đơn");
/// ```
#[must_use]
pub fn material(letters: &str, lang: crate::i18n::Lang) -> String {
    use crate::i18n::Lang;
    let count = |c: char| letters.chars().filter(|&x| x == c).count();
    let full_guard = count('a') == 2 && count('b') == 2;
    // 简体, 繁體, Tiếng Việt.
    let names: [(char, [&str; 3]); 12] = [
        ('R', ["车", "車", "Xe"]),
        ('H', ["马", "馬", "Mã"]),
        ('C', ["炮", "炮", "Pháo"]),
        ('P', ["兵", "兵", "Tốt"]),
        ('A', ["仕", "仕", "Sĩ"]),
        ('B', ["相", "相", "Tượng"]),
        ('r', ["车", "車", "Xe"]),
        ('h', ["马", "馬", "Mã"]),
        ('c', ["炮", "炮", "Pháo"]),
        ('p', ["卒", "卒", "Tốt"]),
        ('a', ["士", "士", "Sĩ"]),
        ('b', ["象", "象", "Tượng"]),
    ];
    let at = match lang {
        Lang::Zh => 0,
        Lang::Hant => 1,
        Lang::Vi => 2,
        Lang::En => return letters.to_owned(),
    };
    let mut parts: Vec<String> = Vec::new();
    let mut guards: Vec<String> = Vec::new();
    for (letter, name) in names {
        let name = name[at];
        let n = count(letter);
        let text = match (n, lang) {
            (0, _) => continue,
            (1, _) => name.to_owned(),
            (n, Lang::Vi) => format!("{n} {name}"),
            (2, Lang::Hant) => format!("雙{name}"),
            (2, _) => format!("双{name}"),
            (3, _) => format!("三{name}"),
            (4, _) => format!("四{name}"),
            _ => format!("五{name}"),
        };
        if matches!(letter, 'a' | 'b') {
            if !full_guard {
                guards.push(text);
            }
        } else {
            parts.push(text);
        }
    }
    parts.extend(guards);
    if full_guard {
        parts.push(["士象全", "士象全", "Sĩ Tượng toàn"][at].to_owned());
    }
    if parts.is_empty() && letters.contains('k') {
        parts.push(["单将", "單將", "Tướng đơn"][at].to_owned());
    }
    parts.join(if lang == Lang::Vi { " " } else { "" })
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
