//! Move notation: Chinese (`炮二平五`, in Traditional script `傌八進七`), WXF (`C2=5`),
//! ICCS (`h2e2`) and Vietnamese (`P2-5`), both ways.
//!
//! Writing follows one canonical form per notation. Reading renders every legal move
//! and matches the input against those renderings after folding the common variants
//! together (traditional and simplified characters, full-width digits, `.` for `=`…),
//! so whatever is written reads back as the same move, and a move that does not exist
//! is never "found".

mod chinese;
mod iccs;
mod typed;
mod vietnamese;
mod wxf;

pub use typed::{completions, typed_move};

use std::fmt;
use std::str::FromStr;

use super::{Color, Move, Piece, Position, Role, Square};

/// A move notation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// Chinese four-character notation: `炮二平五`, `馬8进7`, `前車平2`.
    Chinese,
    /// WXF (World Xiangqi Federation): `C2=5`, `H8+7`, `R+=5`.
    Wxf,
    /// ICCS coordinates: `h2e2`.
    Iccs,
    /// Chinese notation in Traditional script, as Taiwan and Hong Kong print it:
    /// `傌八進七`, `炮二平五`, `馬８進７`. It reads as [`Notation::Chinese`] does (either
    /// script reads in both).
    ChineseTraditional,
    /// Vietnamese notation (ký hiệu): `P2-5`, `M8.7`, `X1/1`, `Pt-5`.
    Vietnamese,
}

impl Notation {
    /// The notations moves are read in, in the order "paste anything" tries them.
    /// (Chinese in Traditional script reads as [`Notation::Chinese`].)
    pub const ALL: [Notation; 4] = [
        Notation::Chinese,
        Notation::Wxf,
        Notation::Iccs,
        Notation::Vietnamese,
    ];

    /// Every notation a move is written in: [`Notation::ALL`] and Chinese in
    /// Traditional script.
    pub const WRITTEN: [Notation; 5] = [
        Notation::Chinese,
        Notation::ChineseTraditional,
        Notation::Wxf,
        Notation::Iccs,
        Notation::Vietnamese,
    ];

    /// Writes the legal move `m` in this notation, as files exchanged between programs
    /// spell it: Chinese uses 车马炮 for both sides and full-width digits for black
    /// (`马８进７`). (A move from an empty point, which no position allows, is written in
    /// ICCS coordinates.)
    ///
    /// ```
    /// use xiangqi_rules::{Notation, Position};
    ///
    /// let pos = Position::new();
    /// let m = "h2e2".parse().unwrap();
    /// assert_eq!(Notation::Chinese.write(&pos, m), "炮二平五");
    /// assert_eq!(Notation::Wxf.write(&pos, m), "C2=5");
    /// assert_eq!(Notation::Iccs.write(&pos, m), "h2e2");
    /// assert_eq!(Notation::Vietnamese.write(&pos, m), "P2-5");
    /// let horse = "h0g2".parse().unwrap();
    /// assert_eq!(Notation::ChineseTraditional.write(&pos, horse), "傌二進三");
    /// let black = pos.play(m).unwrap();
    /// assert_eq!(Notation::Chinese.write(&black, "h9g7".parse().unwrap()), "马８进７");
    /// assert_eq!(Notation::ChineseTraditional.write(&black, "h9g7".parse().unwrap()), "馬８進７");
    /// ```
    #[must_use]
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Chinese => chinese::write(pos, m, chinese::Style::Common),
            Notation::ChineseTraditional => chinese::write(pos, m, chinese::Style::Traditional),
            Notation::Wxf => wxf::write(pos, m),
            Notation::Iccs => m.to_string(),
            Notation::Vietnamese => vietnamese::write(pos, m),
        }
    }

    /// Writes `m` as the panel shows it: Chinese in one script as Chinese books print
    /// moves (车马炮相仕帅兵 / 车马炮象士将卒), whatever the pieces' own faces (俥傌; a player
    /// read `傌八进七` beside `馬8进7` as two scripts mixed), with ASCII digits for black
    /// (`马8进7`, as compact as before); the other notations as [`Notation::write`].
    /// Both spellings read back the same move.
    ///
    /// ```
    /// use xiangqi_rules::{Notation, Position};
    ///
    /// let pos = Position::new().play("h2e2".parse().unwrap()).unwrap();
    /// assert_eq!(Notation::Chinese.display(&pos, "h9g7".parse().unwrap()), "马8进7");
    /// let start = Position::new();
    /// assert_eq!(Notation::Chinese.display(&start, "b0c2".parse().unwrap()), "马八进七");
    /// ```
    #[must_use]
    pub fn display(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Chinese => chinese::write(pos, m, chinese::Style::Panel),
            _ => self.write(pos, m),
        }
    }

    /// Reads a move in this notation and checks that it is legal.
    ///
    /// ```
    /// use xiangqi_rules::{Notation, Position};
    ///
    /// let pos = Position::new();
    /// let m = Notation::Chinese.parse(&pos, "炮2平5").unwrap();
    /// assert_eq!(m.to_string(), "h2e2");
    /// assert_eq!(Notation::Wxf.parse(&pos, "c2.5").unwrap(), m);
    /// assert!(Notation::Chinese.parse(&pos, "炮二平九").is_err());
    /// ```
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Chinese | Notation::ChineseTraditional => chinese::parse(pos, text),
            Notation::Wxf => wxf::parse(pos, text),
            Notation::Iccs => iccs::parse(pos, text),
            Notation::Vietnamese => vietnamese::parse(pos, text),
        }
    }

    /// Reads a move in whichever notation it is written in. A text two notations read
    /// as different moves (`P4.3`: the Vietnamese cannon forward 3, or the WXF soldier
    /// across to file 3, which reads `.` as `=`) is ambiguous, with both moves.
    pub fn parse_any(pos: &Position, text: &str) -> Result<(Move, Notation), NotationError> {
        let mut first_error = None;
        let mut read: Option<(Move, Notation)> = None;
        for notation in Notation::ALL {
            if !notation.looks_like(text) {
                continue;
            }
            match (notation.parse(pos, text), read) {
                (Ok(m), None) => read = Some((m, notation)),
                (Ok(m), Some((other, _))) if m != other => {
                    return Err(NotationError::new(
                        text,
                        NotationErrorKind::Ambiguous(vec![other, m]),
                    ));
                }
                (Ok(_), Some(_)) => {}
                (Err(e), _) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        read.ok_or_else(|| {
            first_error.unwrap_or_else(|| NotationError::new(text, NotationErrorKind::Unreadable))
        })
    }

    /// Whether `text` has the shape of a move in this notation (legal or not).
    #[must_use]
    pub fn looks_like(self, text: &str) -> bool {
        match self {
            Notation::Chinese | Notation::ChineseTraditional => chinese::looks_like(text),
            Notation::Wxf => wxf::looks_like(text),
            Notation::Iccs => iccs::looks_like(text),
            Notation::Vietnamese => vietnamese::looks_like(text),
        }
    }

    /// Its name, as settings keep it: `Chinese`, `WXF`, `ICCS`, `ChineseTraditional`,
    /// `Vietnamese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Chinese => "Chinese",
            Notation::Wxf => "WXF",
            Notation::Iccs => "ICCS",
            Notation::ChineseTraditional => "ChineseTraditional",
            Notation::Vietnamese => "Vietnamese",
        }
    }

    /// The name PGN's `[Format]` tag gives it: Chinese in either script is `Chinese`,
    /// since it reads the same.
    #[must_use]
    pub const fn format_tag(self) -> &'static str {
        match self {
            Notation::ChineseTraditional => "Chinese",
            other => other.name(),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;

    fn from_str(s: &str) -> Result<Notation, String> {
        Notation::WRITTEN
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "\"{s}\" is not a notation (Chinese, ChineseTraditional, WXF, ICCS or \
                     Vietnamese)"
                )
            })
    }
}

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\": {kind}")]
pub struct NotationError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: NotationErrorKind,
}

impl NotationError {
    pub(crate) fn new(text: &str, kind: NotationErrorKind) -> NotationError {
        NotationError {
            text: text.to_owned(),
            kind,
        }
    }
}

/// What is wrong with a move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationErrorKind {
    /// Not a move in any notation.
    #[error("not a move in Chinese, WXF, ICCS or Vietnamese notation")]
    Unreadable,
    /// Not shaped like a move in the expected notation.
    #[error("not a move in {0} notation")]
    NotThisNotation(Notation),
    /// Well formed, but no legal move of the side to move fits it.
    #[error("no legal move of {0} fits it")]
    NoSuchMove(Color),
    /// Fits several legal moves.
    #[error("it could mean {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join(" or "))]
    Ambiguous(Vec<Move>),
}

/// Whether `text` ends with the characters `tail`.
pub(crate) fn ends_with(text: &str, tail: &[char]) -> bool {
    text.chars()
        .rev()
        .take(tail.len())
        .eq(tail.iter().rev().copied())
}

/// Picks the one legal move whose renderings include `key`.
pub(crate) fn unique_match(
    pos: &Position,
    text: &str,
    key: &str,
    renderings: impl Fn(&Position, Move, &str, &mut Vec<String>),
    role_hint: Option<Role>,
) -> Result<Move, NotationError> {
    let mut found: Vec<Move> = Vec::new();
    let mut forms = Vec::new();
    // Every move the pieces make, legal or not: a move's spelling does not depend on
    // its legality, so only the ones spelled like `key` are tested for it (the test
    // is most of a move's cost, and a record reads thousands).
    let mut candidates = crate::MoveList::new();
    let board = pos.board();
    match role_hint {
        Some(role) => {
            let piece = Piece::new(pos.turn(), role);
            for from in board.find(piece).iter() {
                crate::movegen::piece_moves(board, from, piece, &mut candidates);
            }
        }
        None => crate::movegen::pseudo_legal(board, pos.turn(), &mut candidates),
    }
    for &m in candidates.iter() {
        forms.clear();
        renderings(pos, m, key, &mut forms);
        if forms.iter().any(|f| f == key) && pos.is_legal(m) {
            found.push(m);
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(NotationError::new(
            text,
            NotationErrorKind::NoSuchMove(pos.turn()),
        )),
        _ => Err(NotationError::new(
            text,
            NotationErrorKind::Ambiguous(found),
        )),
    }
}

/// What the two notations that count files need to know about the moving piece.
pub(crate) struct MoveFacts {
    pub(crate) piece: Piece,
    /// Files counted from the mover's right, 1–9.
    pub(crate) from_file: u8,
    pub(crate) to_file: u8,
    /// Same pieces on the mover's file, most advanced first (at most five soldiers
    /// share a file): see [`file_mates`](Self::file_mates). No allocation: a record
    /// reads this for every candidate of every move.
    mates: [Square; 5],
    stacked: usize,
    /// How many files hold two or more of this piece.
    pub(crate) tandem_files: usize,
}

impl MoveFacts {
    /// `None` when no piece stands on `m.from` (the move cannot be legal).
    pub(crate) fn new(pos: &Position, m: Move) -> Option<MoveFacts> {
        let piece = pos.piece_at(m.from)?;
        let us = piece.color;
        let same = pos.board().find(piece);
        let mut mates = [m.from; 5];
        let mut stacked = 0;
        for s in same.iter().filter(|s| s.file() == m.from.file()) {
            // More than five like pieces on a file cannot happen in a legal position.
            if stacked < mates.len() {
                mates[stacked] = s;
                stacked += 1;
            }
        }
        mates[..stacked].sort_by_key(|s| std::cmp::Reverse(relative_rank(us, *s)));
        let mut per_file = [0u8; 9];
        for s in same.iter() {
            per_file[s.file() as usize] += 1;
        }
        Some(MoveFacts {
            piece,
            from_file: file_number(us, m.from),
            to_file: file_number(us, m.to),
            mates,
            stacked,
            tandem_files: per_file.iter().filter(|&&n| n >= 2).count(),
        })
    }

    /// The same pieces on the mover's file, most advanced first.
    pub(crate) fn file_mates(&self) -> &[Square] {
        &self.mates[..self.stacked]
    }

    /// 0 for the most advanced of the pieces on the file.
    pub(crate) fn index_on_file(&self, sq: Square) -> usize {
        self.file_mates().iter().position(|&s| s == sq).unwrap_or(0)
    }
}

/// Files counted from `color`'s right: red's 1 is file i, black's 1 is file a.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// Ranks counted from `color`'s back rank.
pub(crate) fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_names() {
        assert_eq!("wxf".parse::<Notation>(), Ok(Notation::Wxf));
        assert_eq!("Chinese".parse::<Notation>(), Ok(Notation::Chinese));
        assert!("SAN".parse::<Notation>().is_err());
    }

    #[test]
    fn a_move_from_an_empty_point_is_written_as_coordinates() {
        let pos = Position::new();
        for notation in Notation::ALL {
            assert_eq!(notation.write(&pos, "e4e5".parse().unwrap()), "e4e5");
        }
    }

    #[test]
    fn parse_any_tries_each_notation() {
        let pos = Position::new();
        let h2e2: Move = "h2e2".parse().unwrap();
        assert_eq!(
            Notation::parse_any(&pos, "炮二平五"),
            Ok((h2e2, Notation::Chinese))
        );
        assert_eq!(Notation::parse_any(&pos, "C2=5"), Ok((h2e2, Notation::Wxf)));
        assert_eq!(
            Notation::parse_any(&pos, "h2e2"),
            Ok((h2e2, Notation::Iccs))
        );
        assert_eq!(
            Notation::parse_any(&pos, "H2-E2"),
            Ok((h2e2, Notation::Iccs))
        );
        let err = Notation::parse_any(&pos, "hello").unwrap_err();
        assert_eq!(err.kind, NotationErrorKind::Unreadable);
        let err = Notation::parse_any(&pos, "h2h8").unwrap_err();
        assert_eq!(err.to_string(), "\"h2h8\": no legal move of red fits it");
    }
}
