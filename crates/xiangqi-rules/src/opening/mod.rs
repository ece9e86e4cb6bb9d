//! Opening names: the ECCO code (中国象棋开局编号, A00–E99) of a game's first moves,
//! with its Chinese name and its family's English name.
//!
//! The classification is a decision tree over the moves each side made in its first
//! ten moves (which move at which turn, which moves within its first *n*), held to the
//! families the first two moves lead to, learned from the codes master game records
//! carry (see [`Tree::learn`]); the names are the classification's own. Any start of a game is named: before a code is settled, the
//! most general code its continuations share (`B00 中炮局` after 炮二平五).
//!
//! ```
//! use xiangqi_rules::Move;
//! use xiangqi_rules::opening::{classify, Ecco};
//!
//! let line: Vec<Move> = ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()).collect();
//! let opening = classify(&line).unwrap();
//! assert_eq!(opening.ecco, "B05".parse::<Ecco>().unwrap());
//! assert_eq!(opening.ecco.name(), "中炮对进左马");
//! assert_eq!(opening.ecco.family_english(), "Central Cannon vs uncommon defences");
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::record::GameRecord;
use crate::{Move, Position};

mod learn;
mod tree;

pub use learn::{Example, label_prefixes};
pub use tree::{ParseTreeError, Test, Tree};

/// How many plies the classification looks at: ECCO is settled within the first ten
/// moves of each side.
pub const HORIZON: usize = 20;

/// An ECCO code, `A00` to `E99`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ecco(u16);

impl Ecco {
    /// The code of letter `letter` (`b'A'`–`b'E'`) and number `number` (0–99).
    #[must_use]
    pub const fn new(letter: u8, number: u8) -> Option<Ecco> {
        if letter >= b'A' && letter <= b'E' && number < 100 {
            Some(Ecco((letter - b'A') as u16 * 100 + number as u16))
        } else {
            None
        }
    }

    /// `b'A'` … `b'E'`.
    #[must_use]
    pub const fn letter(self) -> u8 {
        b'A' + (self.0 / 100) as u8
    }

    /// 0 … 99.
    #[must_use]
    pub const fn number(self) -> u8 {
        (self.0 % 100) as u8
    }

    /// The family's first code (`C70` for `C72`): the family's general case.
    #[must_use]
    pub const fn family_code(self) -> Ecco {
        Ecco(self.0 - self.0 % 10)
    }

    /// The Chinese name: the code's own where the classification gives one we hold,
    /// else its family's (`C3 中炮过河车互进七兵对屏风马` for a code within it).
    #[must_use]
    pub fn name(self) -> &'static str {
        names()
            .codes
            .iter()
            .find(|(c, ..)| *c == self)
            .map_or_else(|| self.family_name(), |(_, n, _)| n)
    }

    /// The name in Traditional characters, as Taiwan and Hong Kong print it
    /// (`中炮對屏風馬`): the code's own or its family's, as [`Ecco::name`].
    #[must_use]
    pub fn name_hant(self) -> &'static str {
        names()
            .codes
            .iter()
            .find(|(c, ..)| *c == self)
            .map_or_else(|| self.family().map_or("", |f| f.3), |(_, _, n)| n)
    }

    /// Whether [`Ecco::name`] is the code's own name (not its family's).
    #[must_use]
    pub fn has_own_name(self) -> bool {
        names().codes.iter().any(|(c, ..)| *c == self)
    }

    /// The family's Chinese name (`五七炮对屏风马（二）` for `C72`).
    #[must_use]
    pub fn family_name(self) -> &'static str {
        self.family().map_or("", |f| f.1)
    }

    /// The family's English name (`Five-Seven Cannons vs Screen Horses (II)` for `C72`).
    #[must_use]
    pub fn family_english(self) -> &'static str {
        self.family().map_or("", |f| f.2)
    }

    /// The family's Vietnamese name, as Vietnamese players read the Chinese one in
    /// Hán-Việt (`Ngũ thất pháo đối Bình phong mã (2)` for `C72`).
    #[must_use]
    pub fn family_vietnamese(self) -> &'static str {
        self.family().map_or("", |f| f.4)
    }

    fn family(self) -> Option<&'static Family> {
        names().families.iter().find(|f| f.0 == self.0 / 10)
    }
}

impl fmt::Display for Ecco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.letter() as char, self.number())
    }
}

impl fmt::Debug for Ecco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not an ECCO code such as `C72`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an ECCO code (a letter A–E and two digits, such as C72)")]
pub struct ParseEccoError(pub String);

impl FromStr for Ecco {
    type Err = ParseEccoError;

    fn from_str(s: &str) -> Result<Ecco, ParseEccoError> {
        let b = s.trim().as_bytes();
        let bad = || ParseEccoError(s.to_owned());
        if b.len() != 3 || !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
            return Err(bad());
        }
        Ecco::new(
            b[0].to_ascii_uppercase(),
            (b[1] - b'0') * 10 + (b[2] - b'0'),
        )
        .ok_or_else(bad)
    }
}

/// A line's opening.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its code.
    pub ecco: Ecco,
    /// The ply from which the code no longer changed (1 = after the first move): where
    /// the opening was decided.
    pub decided: usize,
}

/// The opening of `moves` played from the start position, by the tree compiled in
/// ([`Tree::masters`]); `None` for no moves.
#[must_use]
pub fn classify(moves: &[Move]) -> Option<Opening> {
    if let Some(ecco) = moves.first().and_then(|&m| first_move_code(m)) {
        return Some(Opening { ecco, decided: 1 });
    }
    Tree::masters().opening(moves)
}

/// ECCO's A00–A08, which red's first move alone settles (the published tables: 上仕局
/// 仕四进五, 边马局 马二进一, 边炮局 炮二平一, 巡河炮局 炮二进二, 过河炮局 炮二进四,
/// 兵底炮局 炮二平三, 金钩炮局 炮二平七, 边兵局 兵一进一, each on either wing; any other
/// first move outside the families is A00 非常见开局, such as 俥九进一). `None` for the
/// first moves of the families (飞相, 起马, 仕角炮, 过宫炮, 中炮, 仙人指路), which
/// the tree learned from the masters' games names. The masters play these rare moves
/// too seldom for the tree to have learned them (it called 1. 俥九进一 兵底炮局).
fn first_move_code(m: Move) -> Option<Ecco> {
    let code = match m.to_string().as_str() {
        "c0e2" | "g0e2" | "b0c2" | "h0g2" | "b2d2" | "h2f2" | "b2f2" | "h2d2" | "b2e2" | "h2e2"
        | "c3c4" | "g3g4" => return None,
        "d0e1" | "f0e1" => 1,
        "b0a2" | "h0i2" => 2,
        "b2a2" | "h2i2" => 3,
        "b2b4" | "h2h4" => 4,
        "b2b6" | "h2h6" => 5,
        "b2c2" | "h2g2" => 6,
        "b2g2" | "h2c2" => 7,
        "a3a4" | "i3i4" => 8,
        _ => 0,
    };
    Ecco::new(b'A', code)
}

/// The opening of `record`'s main line, written into its `ECCO` and `Opening` tags
/// (the code, the Chinese name) where it has none, or always with `overwrite`. A game
/// from another start than the usual one has no opening: nothing is written.
pub fn tag(record: &mut GameRecord, overwrite: bool) -> Option<Opening> {
    if *record.game.start() != Position::new() {
        return None;
    }
    let moves: Vec<Move> = record.game.moves().collect();
    let opening = classify(&moves)?;
    for (name, value) in [
        ("ECCO", opening.ecco.to_string()),
        ("Opening", opening.ecco.name().to_owned()),
    ] {
        if overwrite || record.tag(name).is_none_or(|v| v.trim().is_empty()) {
            record.set_tag(name, &value);
        }
    }
    Some(opening)
}

/// A family (the code over ten) and its 简体, English, 繁體 and Vietnamese names.
type Family = (u16, &'static str, &'static str, &'static str, &'static str);

struct Names {
    /// A code, its 简体 and 繁體 names.
    codes: Vec<(Ecco, &'static str, &'static str)>,
    /// A family (the code over ten), its 简体, English, 繁體 and Vietnamese names.
    families: Vec<Family>,
}

fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| {
        let lines = |text: &'static str| {
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| l.split('\t').collect::<Vec<_>>())
        };
        let codes = lines(include_str!("names.txt"))
            .filter_map(|f| Some((f.first()?.parse().ok()?, *f.get(1)?, *f.get(2)?)))
            .collect();
        let families = lines(include_str!("families.txt"))
            .filter_map(|f| {
                let code: Ecco = format!("{}0", f.first()?).parse().ok()?;
                Some((code.0 / 10, *f.get(1)?, *f.get(2)?, *f.get(3)?, *f.get(4)?))
            })
            .collect();
        Names { codes, families }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<Move> {
        s.split_whitespace().map(|m| m.parse().unwrap()).collect()
    }

    #[test]
    fn every_family_is_named_in_every_language_and_every_listed_code_parses() {
        assert_eq!(names().families.len(), 34);
        assert!(names().codes.len() > 140);
        for l in b'A'..=b'E' {
            for n in 0..100 {
                let e = Ecco::new(l, n).unwrap();
                assert_eq!(e.to_string().parse::<Ecco>().unwrap(), e);
                if e.family().is_some() {
                    assert!(
                        !e.name().is_empty()
                            && !e.family_english().is_empty()
                            && !e.name_hant().is_empty()
                            && !e.family_vietnamese().is_empty(),
                        "{e}"
                    );
                }
            }
        }
        let c72: Ecco = "c72".parse().unwrap();
        assert_eq!(c72.to_string(), "C72");
        assert_eq!(
            c72.family_vietnamese(),
            "Ngũ thất pháo đối Bình phong mã (2)"
        );
        assert!("F00".parse::<Ecco>().is_err() && "C7".parse::<Ecco>().is_err());
    }

    #[test]
    fn the_first_moves_are_named_as_the_classification_names_them() {
        let name = |s: &str| classify(&line(s)).map(|o| o.ecco.to_string());
        assert_eq!(name(""), None);
        assert_eq!(name("h2e2").as_deref(), Some("B00"));
        assert_eq!(name("h2e2 h9g7").as_deref(), Some("B05"));
        assert_eq!(name("g3g4").as_deref(), Some("E00"));
        assert_eq!(name("c3c4").as_deref(), Some("E00"), "mirrored");
        assert_eq!(name("g0e2").as_deref(), Some("A10"));
        assert_eq!(name("h2e2 b7e7").as_deref(), Some("D50"));
        // 中炮对屏风马 once both horses are out.
        assert_eq!(
            name("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7").as_deref(),
            Some("C00")
        );
    }

    #[test]
    fn the_rare_first_moves_have_the_published_tables_codes() {
        let name = |s: &str| classify(&line(s)).map(|o| (o.ecco.to_string(), o.ecco.name()));
        for (moves, code, named) in [
            ("a0a1", "A00", "非常见开局"),
            ("a0a1 h9g7 a1d1", "A00", "非常见开局"),
            ("e3e4", "A00", "非常见开局"),
            ("f0e1", "A01", "上仕局"),
            ("h0i2", "A02", "边马局"),
            ("b2a2", "A03", "边炮局"),
            ("h2h4", "A04", "巡河炮局"),
            ("b2b6", "A05", "过河炮局"),
            ("h2g2", "A06", "兵底炮局"),
            ("b2c2 h9g7", "A06", "兵底炮局"),
            ("h2c2", "A07", "金钩炮局"),
            ("a3a4", "A08", "边兵局"),
        ] {
            assert_eq!(name(moves), Some((code.to_owned(), named)), "{moves}");
        }
    }

    #[test]
    fn a_classic_line_is_decided_where_its_moves_make_it() {
        // 五七炮互进三兵对屏风马边卒右马外盘河 红左横车对黑飞右象 (C77): the moves of
        // the classification's own line.
        let moves = line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 g3g4 c6c5 b0a2 a6a5 b2c2 c7b5 a0a1 c9e7");
        let o = classify(&moves).unwrap();
        assert_eq!(o.ecco.to_string(), "C77", "{}", o.ecco.name());
        assert!(o.decided <= moves.len());
        assert_eq!(classify(&moves[..o.decided]).unwrap().ecco, o.ecco);
    }
}
