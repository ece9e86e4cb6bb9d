//! UCCI position commands: `position fen FEN [moves …]`, `position startpos [moves …]`,
//! and the bare `FEN moves …` that game sites and articles use.

use super::record::{Format, GameRecord, ImportError, ImportErrorKind, Imported, play_text};
use super::{Game, Move, Notation, Position};

/// Whether `text` is a UCCI command or a FEN followed by `moves`.
pub(crate) fn looks_like(text: &str) -> bool {
    let mut words = text.split_whitespace();
    match words.next() {
        Some(w) if w.eq_ignore_ascii_case("position") => true,
        Some(w) if w.matches('/').count() == 9 => words.any(|w| w.eq_ignore_ascii_case("moves")),
        _ => false,
    }
}

/// Reads a UCCI position command into a record of its game (no tags: UCCI has none).
///
/// ```
/// use xiangqi_rules::{record::Format, ucci};
///
/// let read = ucci::read("position startpos moves h2e2 h9g7").unwrap();
/// assert_eq!(read.format, Format::Ucci);
/// let game = read.record.game;
/// assert_eq!(game.ply_count(), 2);
/// let same = ucci::read(&ucci::write(&game)).unwrap().record.game;
/// assert_eq!(same.position(), game.position());
/// ```
pub fn read(text: &str) -> Result<Imported, ImportError> {
    let err = |kind| ImportError::new(Format::Ucci, kind);
    let words: Vec<&str> = text.split_whitespace().collect();
    let moves_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("moves"))
        .unwrap_or(words.len());
    let (head, moves) = words.split_at(moves_at);
    let fen_words = match head {
        [p, s] if p.eq_ignore_ascii_case("position") && s.eq_ignore_ascii_case("startpos") => {
            &[][..]
        }
        [p, f, rest @ ..]
            if p.eq_ignore_ascii_case("position") && f.eq_ignore_ascii_case("fen") =>
        {
            rest
        }
        [p, ..] if p.eq_ignore_ascii_case("position") => {
            return Err(err(ImportErrorKind::Syntax(
                "after \"position\" comes \"startpos\" or \"fen\" and a FEN".into(),
            )));
        }
        rest => rest,
    };
    let start = if fen_words.is_empty() {
        Position::new()
    } else {
        Position::from_fen(&fen_words.join(" ")).map_err(|e| err(ImportErrorKind::Fen(e)))?
    };
    let mut game = Game::from_position(start);
    game.reserve(moves.len().saturating_sub(1).min(super::record::MAX_PLIES));
    for (i, word) in moves.iter().skip(1).enumerate() {
        play_text(&mut game, word, Some(Notation::Iccs))
            .map_err(|kind| err(kind).at_ply(i + 1).with_token(word))?;
    }
    Ok(Imported {
        record: GameRecord::new(game),
        format: Format::Ucci,
    })
}

/// Writes `position fen START moves …` (no `moves` when none were played).
#[must_use]
pub fn write(game: &Game) -> String {
    let mut out = format!("position fen {}", game.start().to_fen());
    if game.ply_count() > 0 {
        out.push_str(" moves");
        for m in game.moves() {
            out.push(' ');
            out.push_str(&Move::to_string(&m));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let seed = "4rk3/3P5/4bP3/9/9/8P/9/1p2p2C1/3p1p3/4K1RR1 w moves h2f2 e2f2 f7f8 f9f8";
        assert!(looks_like(seed));
        assert_eq!(read(seed).unwrap().record.game.ply_count(), 4);
        let game = read("position fen 4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves e9e8")
            .unwrap()
            .record
            .game;
        assert_eq!(game.ply_count(), 1);
        assert_eq!(
            read("position startpos").unwrap().record.game.ply_count(),
            0
        );
        assert!(!looks_like("4k4/9/9/9/9/9/9/9/9/3K5 b"));
    }

    #[test]
    fn errors_name_the_ply() {
        let err = read("position startpos moves h2e2 h2e2").unwrap_err();
        assert_eq!((err.ply, err.token.as_deref()), (Some(2), Some("h2e2")));
        let err = read("position startpos moves h2e2 zz").unwrap_err();
        assert_eq!(err.ply, Some(2));
        assert!(read("position nonsense").is_err());
        assert!(read("position fen 9/9 moves").is_err());
    }
}
