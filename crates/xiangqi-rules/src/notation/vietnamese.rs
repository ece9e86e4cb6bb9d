//! Vietnamese notation (ký hiệu cờ tướng): `P2-5`, `M8.7`, `X1/1`, `Pt-5`.
//!
//! The Chinese four characters in the letters Vietnamese books and sites use: the piece
//! by its name's initial (Tg Tướng, S Sĩ, T Tượng, M Mã, X Xe, P Pháo, B Binh/Tốt), the
//! file 1–9 from the mover's right, then `.` forward (tấn), `/` back (thoái) or `-`
//! sideways (bình), then ranks moved or the file reached, as in Chinese. Like pieces on
//! one file are told apart after the letter: `t` front (trước), `s` rear (sau), `g`
//! middle (giữa) of three (`Pt-5`, `Bg.1`). Reading also takes any case and spacing,
//! and the plain file form where it is unambiguous. (Some write `C`, Chốt, for the
//! soldier; it is not read, since WXF's `C` is the cannon and `C1-2` would be either.)

use super::{Notation, NotationError, NotationErrorKind, chinese, unique_match};
use crate::{Move, Position, Role};

/// The piece letters, indexed by role: general, advisor, elephant, horse, chariot,
/// cannon, soldier.
const LETTERS: [&str; 7] = ["Tg", "S", "T", "M", "X", "P", "B"];

fn role_of_glyph(c: char) -> Option<Role> {
    Some(match c {
        '帥' | '將' | '帅' | '将' => Role::General,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '傌' | '馬' | '马' => Role::Horse,
        '俥' | '車' | '车' => Role::Chariot,
        '炮' | '砲' => Role::Cannon,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

/// A numeral of the Chinese spelling (一–九 or 1–9) as its digit.
fn digit(c: char) -> Option<char> {
    const RED: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    match c {
        '1'..='9' => Some(c),
        _ => RED
            .iter()
            .position(|&n| n == c)
            .map(|i| char::from(b'1' + i as u8)),
    }
}

fn op(c: char) -> Option<char> {
    Some(match c {
        '进' | '進' => '.',
        '退' => '/',
        '平' => '-',
        _ => return None,
    })
}

/// The Chinese prefix of like pieces on a file: `t`, `g`, `s`, or a number for four or
/// five soldiers (`2`).
fn which(c: char) -> Option<char> {
    match c {
        '前' => Some('t'),
        '中' => Some('g'),
        '后' | '後' => Some('s'),
        _ => digit(c),
    }
}

/// The move's spellings: the canonical one, and when a prefix names the piece, the
/// plain letter-and-file form too.
fn spellings(pos: &Position, m: Move) -> Option<(String, Option<String>)> {
    let chinese: Vec<char> = chinese::write(pos, m, chinese::Style::Board)
        .chars()
        .collect();
    let [a, b, action, target] = chinese[..] else {
        return None;
    };
    let tail = format!("{}{}", op(action)?, digit(target)?);
    let piece = pos.piece_at(m.from)?;
    let letter = LETTERS[piece.role.index()];
    let file = super::file_number(piece.color, m.from);
    let plain = format!("{letter}{file}{tail}");
    if role_of_glyph(a).is_some() {
        return Some((plain, None));
    }
    let pre = which(a)?;
    let head = match (role_of_glyph(b), pre) {
        // `Pt-5`, `Bg.1`.
        (Some(_), 't' | 'g' | 's') => format!("{letter}{pre}"),
        // Four or five soldiers: counted from the front before the letter (`2B.1`).
        (Some(_), n) => format!("{n}{letter}"),
        // Two files of stacked soldiers: the file stays (`Bt7.1`).
        (None, _) => format!("{letter}{pre}{}", digit(b)?),
    };
    Some((format!("{head}{tail}"), Some(plain)))
}

/// Writes a legal move: `P2-5`.
pub(super) fn write(pos: &Position, m: Move) -> String {
    spellings(pos, m).map_or_else(|| m.to_string(), |(canonical, _)| canonical)
}

/// Lower case, every dash as `-`, no white space.
pub(super) fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_lowercase() {
            '–' | '—' | '−' => '-',
            c => c,
        })
        .collect()
}

fn renderings(pos: &Position, m: Move, _key: &str, out: &mut Vec<String>) {
    if let Some((canonical, plain)) = spellings(pos, m) {
        out.push(fold(&canonical));
        out.extend(plain.map(|p| fold(&p)));
    }
}

/// The folded text's piece, when it starts with one: `tg` before `t`.
fn role_in(folded: &str) -> Option<Role> {
    let rest = folded.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.starts_with("tg") {
        return Some(Role::General);
    }
    Some(match rest.chars().next()? {
        's' => Role::Advisor,
        't' => Role::Elephant,
        'm' => Role::Horse,
        'x' => Role::Chariot,
        'p' => Role::Cannon,
        'b' => Role::Soldier,
        _ => return None,
    })
}

fn folded_looks_like(f: &str) -> bool {
    let chars: Vec<char> = f.chars().collect();
    let n = chars.len();
    (4..=6).contains(&n)
        && f.is_ascii()
        && role_in(f).is_some()
        && matches!(chars[n - 2], '.' | '/' | '-')
        && ('1'..='9').contains(&chars[n - 1])
        && chars[..n - 2]
            .iter()
            .all(|c| c.is_ascii_digit() || matches!(c, 't' | 'g' | 's' | 'm' | 'x' | 'p' | 'b'))
}

pub(super) fn looks_like(text: &str) -> bool {
    folded_looks_like(&fold(text))
}

pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let key = fold(text);
    if !folded_looks_like(&key) {
        return Err(NotationError::new(
            text,
            NotationErrorKind::NotThisNotation(Notation::Vietnamese),
        ));
    }
    unique_match(pos, text, &key, renderings, role_in(&key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(fen: &str, m: &str) -> String {
        let pos: Position = fen.parse().unwrap();
        write(&pos, m.parse().unwrap())
    }

    #[test]
    fn the_opening_as_vietnamese_books_write_it() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        // Pháo 2 bình 5, Mã 2 tấn 3, Tượng 3 tấn 5, Sĩ 4 tấn 5, Xe 1 tấn 2, Tướng 5 tấn 1.
        assert_eq!(w(start, "h2e2"), "P2-5");
        assert_eq!(w(start, "h0g2"), "M2.3");
        assert_eq!(w(start, "g0e2"), "T3.5");
        assert_eq!(w(start, "f0e1"), "S4.5");
        assert_eq!(w(start, "i0i2"), "X1.2");
        assert_eq!(w(start, "e0e1"), "Tg5.1");
        assert_eq!(w(start, "g3g4"), "B3.1");
        let black = start.replace(" w", " b");
        // Black counts from its own right: Mã 8 tấn 7, Pháo 8 bình 5.
        assert_eq!(w(&black, "h9g7"), "M8.7");
        assert_eq!(w(&black, "h7e7"), "P8-5");
        // Back: Pháo 8 thoái 1.
        assert_eq!(w(start, "b2b1"), "P8/1");
    }

    #[test]
    fn like_pieces_on_a_file_are_front_and_rear() {
        let two = "4k4/9/9/9/C8/9/C8/9/9/3K5 w";
        assert_eq!(w(two, "a5e5"), "Pt-5");
        assert_eq!(w(two, "a3a4"), "Ps.1");
        let three = "3k5/9/9/P8/P8/P8/9/9/9/4K4 w";
        assert_eq!(w(three, "a6a7"), "Bt.1");
        assert_eq!(w(three, "a5b5"), "Bg-8");
        assert_eq!(w(three, "a4a5").chars().next(), Some('B'));
    }

    #[test]
    fn what_is_written_reads_back_in_any_case_and_spacing() {
        let pos = Position::new();
        for text in ["P2-5", "p2-5", "P 2 - 5", "P2–5"] {
            assert_eq!(parse(&pos, text).map(|m| m.to_string()), Ok("h2e2".into()));
        }
        assert_eq!(
            parse(&pos, "B3.1").map(|m| m.to_string()),
            Ok("g3g4".into())
        );
        assert_eq!(
            parse(&pos, "Tg5.1").map(|m| m.to_string()),
            Ok("e0e1".into())
        );
        assert!(matches!(
            parse(&pos, "P2-9").unwrap_err().kind,
            NotationErrorKind::NoSuchMove(_)
        ));
        assert!(matches!(
            parse(&pos, "炮二平五").unwrap_err().kind,
            NotationErrorKind::NotThisNotation(_)
        ));
        // WXF reads `.` as `=`: where a cannon can go forward 3 and a soldier across
        // from the same file, `P4.3` is either, and reading any notation says so.
        let both: Position = "7P1/3ka3n/4Pa3/9/2r2P3/1C6P/4P1r2/p3K3c/4AC3/6B1n w"
            .parse()
            .unwrap();
        assert_eq!(
            parse(&both, "P4.3").map(|m| m.to_string()),
            Ok("f1f4".into())
        );
        assert!(matches!(
            Notation::parse_any(&both, "P4.3").unwrap_err().kind,
            NotationErrorKind::Ambiguous(ref ms) if ms.len() == 2
        ));
        let two: Position = "4k4/9/9/9/C8/9/C8/9/9/3K5 w".parse().unwrap();
        assert_eq!(
            parse(&two, "Pt-5").map(|m| m.to_string()),
            Ok("a5e5".into())
        );
        assert!(matches!(
            parse(&two, "P9-5").unwrap_err().kind,
            NotationErrorKind::Ambiguous(_)
        ));
    }
}
