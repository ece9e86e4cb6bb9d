//! WXF notation: `C2=5`, `H8+7`, `R9-1`; files 1–9 from the mover's right, `+` forward,
//! `-` back, `=` sideways (`.` is read as `=`), then ranks moved or the target file.
//!
//! Tandem pieces follow Fairy-Stockfish, so both programs write the same text: two like
//! pieces on a file are named `+` (front) or `-` (rear) in place of the file when the
//! other one could make the same step; three or more (or two files of two) are numbered
//! from the front in place of the letter (`25+1`, file kept). Reading also accepts the
//! older `+R=5` order and a plain file where it is unambiguous.

use super::{
    MoveFacts, Notation, NotationError, NotationErrorKind, ends_with, relative_rank, unique_match,
};
use crate::{Color, Move, Position, Role, Square};

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        'K' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Soldier,
        _ => return None,
    })
}

/// Where Fairy-Stockfish lets a piece of `role` stand (its "mobility region").
fn in_region(color: Color, role: Role, sq: Square) -> bool {
    match role {
        Role::General | Role::Advisor => sq.is_in_palace_of(color),
        Role::Elephant => sq.is_on_side_of(color),
        _ => true,
    }
}

struct Parts {
    letter: char,
    /// The letter's replacement for 3+ stacked pieces: 1 = front.
    number: Option<u8>,
    file: u8,
    /// `+`/`-` for a pair on the file, when it replaces the file.
    tandem: Option<char>,
    op: char,
    target: u8,
}

fn parts(pos: &Position, m: Move) -> Option<Parts> {
    let facts = MoveFacts::new(pos, m)?;
    let us = facts.piece.color;
    let stacked = facts.file_mates().len();
    let multi = facts.tandem_files >= 2;
    let index = facts.index_on_file(m.from);
    let number = (stacked >= if multi { 2 } else { 3 }).then(|| index as u8 + 1);
    let tandem = (stacked == 2 && !multi)
        .then(|| {
            let other = facts.file_mates()[1 - index];
            let dr = m.to.rank() as i8 - m.from.rank() as i8;
            let other_to = other.offset(m.to.file() as i8 - other.file() as i8, dr);
            other_to.filter(|&t| in_region(us, facts.piece.role, t))
        })
        .flatten()
        .map(|_| if index == 0 { '+' } else { '-' });
    let op = if m.from.rank() == m.to.rank() {
        '='
    } else if relative_rank(us, m.to) > relative_rank(us, m.from) {
        '+'
    } else {
        '-'
    };
    let target = if m.from.file() == m.to.file() {
        m.from.rank().abs_diff(m.to.rank())
    } else {
        facts.to_file
    };
    Some(Parts {
        letter: letter(facts.piece.role),
        number,
        file: facts.from_file,
        tandem,
        op,
        target,
    })
}

fn digit(n: u8) -> char {
    char::from(b'0' + n)
}

/// Writes a legal move: `C2=5`.
pub(super) fn write(pos: &Position, m: Move) -> String {
    let Some(p) = parts(pos, m) else {
        return m.to_string();
    };
    let head = p.number.map_or(p.letter, digit);
    let place = p.tandem.unwrap_or(digit(p.file));
    [head, place, p.op, digit(p.target)].iter().collect()
}

fn renderings(pos: &Position, m: Move, key: &str, out: &mut Vec<String>) {
    let Some(p) = parts(pos, m) else {
        return;
    };
    let (op, target) = (p.op, digit(p.target));
    // Every form ends with the move's operator and target: most candidates stop here.
    if !ends_with(key, &[op, target]) {
        return;
    }
    out.push(write(pos, m));
    out.push([p.letter, digit(p.file), op, target].iter().collect());
    if let Some(t) = p.tandem {
        out.push([t, p.letter, op, target].iter().collect());
    }
}

/// Upper case, `.` as `=`, the letters B and N as E and H, no white space.
pub(super) fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_uppercase() {
            '.' => '=',
            'B' => 'E',
            'N' => 'H',
            c => c,
        })
        .collect()
}

pub(super) fn looks_like(text: &str) -> bool {
    let f: Vec<char> = fold(text).chars().collect();
    let head = |c: char| role_of(c).is_some() || ('1'..='5').contains(&c) || c == '+' || c == '-';
    let place = |c: char| c.is_ascii_digit() || c == '+' || c == '-' || role_of(c).is_some();
    f.len() == 4
        && head(f[0])
        && place(f[1])
        && matches!(f[2], '+' | '-' | '=')
        && ('1'..='9').contains(&f[3])
}

pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    if !looks_like(text) {
        return Err(NotationError::new(
            text,
            NotationErrorKind::NotThisNotation(Notation::Wxf),
        ));
    }
    let key = fold(text);
    let role = key.chars().take(2).find_map(role_of);
    unique_match(pos, text, &key, renderings, role)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(fen: &str, m: &str) -> String {
        let pos: Position = fen.parse().unwrap();
        write(&pos, m.parse().unwrap())
    }

    #[test]
    fn opening_moves() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        assert_eq!(w(start, "h2e2"), "C2=5");
        assert_eq!(w(start, "h0g2"), "H2+3");
        assert_eq!(w(start, "g0e2"), "E3+5");
        assert_eq!(w(start, "f0e1"), "A4+5");
        assert_eq!(w(start, "i0i2"), "R1+2");
        assert_eq!(w(start, "e0e1"), "K5+1");
        let black = start.replace(" w", " b");
        assert_eq!(w(&black, "h7e7"), "C8=5");
        assert_eq!(w(&black, "b9c7"), "H2+3");
        assert_eq!(w(&black, "c6c5"), "P3+1");
    }

    #[test]
    fn tandem_pieces() {
        let two = "4k4/9/9/9/C8/9/C8/9/9/3K5 w";
        assert_eq!(w(two, "a5e5"), "C+=5");
        assert_eq!(w(two, "a3a4"), "C-+1");
        assert_eq!(w(two, "a3a1"), "C--2");
        // The rear cannon could not step 4 back along with the front one: file form.
        assert_eq!(w("4k4/9/9/9/C8/9/9/9/9/C2K5 w", "a5a1"), "C9-4");
        let pos: Position = two.parse().unwrap();
        for text in ["C+=5", "+C=5", "c+.5"] {
            let m = parse(&pos, text);
            assert_eq!(m.map(|m| m.to_string()), Ok("a5e5".into()), "{text}");
        }
        let err = parse(&pos, "C9=5").unwrap_err();
        assert!(matches!(err.kind, NotationErrorKind::Ambiguous(ref ms) if ms.len() == 2));
        assert_eq!(err.to_string(), "\"C9=5\": it could mean a3e3 or a5e5");
    }
}
