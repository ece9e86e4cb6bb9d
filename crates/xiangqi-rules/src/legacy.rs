//! The 90-character board string of the C++ game this project replaces: ten rows of
//! nine, top row first (black's back rank), letters R H B A G C P (upper case red,
//! lower case black), a space for an empty point. Imported positions are red to move,
//! as they were there.

use super::{Board, Color, Piece, Position, PositionError, Role, Setup, Square};

fn letter(role: Role) -> char {
    match role {
        Role::General => 'G',
        Role::Advisor => 'A',
        Role::Elephant => 'B',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

fn piece(c: char) -> Option<Piece> {
    let role = match c.to_ascii_uppercase() {
        'G' => Role::General,
        'A' => Role::Advisor,
        'B' => Role::Elephant,
        'H' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Soldier,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::Red
    } else {
        Color::Black
    };
    Some(Piece::new(color, role))
}

/// Writes the position's board as 90 characters, no line breaks.
///
/// ```
/// use xiangqi_rules::{Position, legacy};
///
/// let text = legacy::write_board(&Position::new());
/// assert_eq!(text.len(), 90);
/// assert!(text.starts_with("rhbagabhr"));
/// assert!(text.ends_with("RHBAGABHR"));
/// ```
#[must_use]
pub fn write_board(pos: &Position) -> String {
    (0..Square::RANKS)
        .rev()
        .flat_map(|rank| (0..Square::FILES).map(move |file| (file, rank)))
        .map(|(file, rank)| {
            let sq = Square::new(file, rank).expect("on the board");
            pos.piece_at(sq).map_or(' ', |p| {
                let c = letter(p.role);
                if p.color == Color::Red {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
        })
        .collect()
}

/// The ten rows of a board string: 90 characters in one line, or ten lines of up to
/// nine (editors drop trailing spaces, so short lines are padded).
fn rows(text: &str) -> Result<Vec<Vec<char>>, LegacyBoardError> {
    let text = text.trim_end_matches(['\r', '\n']);
    if text.contains('\n') {
        let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
        if lines.len() != 10 {
            return Err(LegacyBoardError::Shape(format!(
                "{} lines instead of 10",
                lines.len()
            )));
        }
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mut row: Vec<char> = line.chars().collect();
                if row.len() > 9 {
                    return Err(LegacyBoardError::Shape(format!(
                        "line {} has {} characters; at most 9",
                        i + 1,
                        row.len()
                    )));
                }
                row.resize(9, ' ');
                Ok(row)
            })
            .collect()
    } else {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 90 {
            return Err(LegacyBoardError::Shape(format!(
                "{} characters instead of 90",
                chars.len()
            )));
        }
        Ok(chars.chunks(9).map(<[char]>::to_vec).collect())
    }
}

/// Reads a board string; the side to move is red.
///
/// ```
/// use xiangqi_rules::{Position, legacy};
///
/// let start = Position::new();
/// assert_eq!(legacy::read_board(&legacy::write_board(&start)), Ok(start));
/// ```
pub fn read_board(text: &str) -> Result<Position, LegacyBoardError> {
    let mut board = Board::empty();
    for (i, row) in rows(text)?.iter().enumerate() {
        let rank = 9 - i as u8;
        for (file, &c) in (0u8..).zip(row) {
            if c == ' ' {
                continue;
            }
            let p = piece(c).ok_or(LegacyBoardError::Char {
                row: i + 1,
                column: file as usize + 1,
                ch: c,
            })?;
            board.set(Square::new(file, rank).expect("on the board"), Some(p));
        }
    }
    let setup = Setup {
        board,
        turn: Color::Red,
        halfmoves: 0,
        fullmoves: 1,
    };
    Ok(Position::from_setup(setup)?)
}

/// Whether `text` has the shape of a board string (it may still be an illegal position).
#[must_use]
pub fn looks_like_board(text: &str) -> bool {
    let alphabet = |c: char| " \r\nRHBAGCPrhbagcp".contains(c);
    text.chars().all(alphabet) && text.contains(['G', 'g']) && rows(text).is_ok()
}

/// Why a text is not a legal board string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LegacyBoardError {
    /// Not 90 characters, or not 10 lines of at most 9.
    #[error("a board string is 90 characters (10 rows of 9); this one has {0}")]
    Shape(String),
    /// A character that is not a piece letter or a space.
    #[error(
        "'{ch}' in row {row}, column {column} is not a piece letter (R H B A G C P) or a space"
    )]
    Char {
        /// 1 for the top row.
        row: usize,
        /// 1 for the left column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The board is readable but not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rhbagabhr          c     c p p p p p                  P P P P P C     C          RHBAGABHR";

    #[test]
    fn start_position() {
        assert_eq!(START.len(), 90);
        assert_eq!(read_board(START), Ok(Position::new()));
        assert_eq!(write_board(&Position::new()), START);
    }

    #[test]
    fn with_line_breaks_and_trimmed_lines() {
        let lines: Vec<String> = START
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).trim_end().to_owned())
            .collect();
        assert_eq!(read_board(&lines.join("\r\n")), Ok(Position::new()));
        assert_eq!(read_board(&(lines.join("\n") + "\n")), Ok(Position::new()));
        assert!(looks_like_board(&lines.join("\n")));
    }

    #[test]
    fn errors() {
        assert!(matches!(read_board("rhb"), Err(LegacyBoardError::Shape(_))));
        let bad = START.replacen('c', "x", 1);
        assert_eq!(
            read_board(&bad),
            Err(LegacyBoardError::Char {
                row: 3,
                column: 2,
                ch: 'x'
            })
        );
        let facing = format!("    g    {}    G    ", " ".repeat(72));
        assert_eq!(
            read_board(&facing),
            Err(LegacyBoardError::Position(PositionError::GeneralsFacing))
        );
        assert!(!looks_like_board("hello"));
    }
}
