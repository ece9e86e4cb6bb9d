//! A move as a player types it: the legal moves its beginning fits, in any notation,
//! listed as it grows; and the move it names once whole.

use super::{Notation, NotationError, NotationErrorKind, chinese, vietnamese, wxf};
use crate::{Move, Position};

/// ICCS folded: lower case, no `-` between the points, no white space.
fn iccs_fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The legal moves of `pos` whose spelling in some notation begins as `typed` does:
/// Chinese with either kind of digits or characters (`炮二`, `炮2`, `砲2平`), WXF
/// (`C2`, `c2.`), ICCS (`h2`, `h2-e`), Vietnamese (`P2-`, `M8.`). Empty text fits every
/// legal move. In the order
/// [`Position::legal_moves`] gives them.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_rules::notation::completions;
///
/// let pos = Position::new();
/// let iccs = |t: &str| {
///     let mut found: Vec<String> = completions(&pos, t).iter().map(|m| m.to_string()).collect();
///     found.sort();
///     found
/// };
/// assert_eq!(iccs("炮二平"), ["h2c2", "h2d2", "h2e2", "h2f2", "h2g2", "h2i2"]);
/// assert_eq!(iccs("C2=5"), ["h2e2"]);
/// assert_eq!(iccs("h2-e"), ["h2e2"]);
/// assert_eq!(iccs("P2-5"), ["h2e2"]);
/// assert!(iccs("帅五进二").is_empty());
/// ```
#[must_use]
pub fn completions(pos: &Position, typed: &str) -> Vec<Move> {
    let (c, w, i) = (chinese::fold(typed), wxf::fold(typed), iccs_fold(typed));
    let v = vietnamese::fold(typed);
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            chinese::fold(&Notation::Chinese.write(pos, m)).starts_with(&c)
                || wxf::fold(&Notation::Wxf.write(pos, m)).starts_with(&w)
                || Notation::Iccs.write(pos, m).starts_with(&i)
                || vietnamese::fold(&Notation::Vietnamese.write(pos, m)).starts_with(&v)
        })
        .collect()
}

/// The move `typed` names: a whole move in any notation, or the one legal move its
/// beginning fits. An ICCS move (`h2h8`) is given back even when illegal, so that the
/// caller refuses it as it refuses a click, with the rule it breaks.
///
/// # Errors
/// No legal move fits it ([`NotationErrorKind::NoSuchMove`], or
/// [`NotationErrorKind::Unreadable`] for no move's shape), or several do
/// ([`NotationErrorKind::Ambiguous`], with them).
pub fn typed_move(pos: &Position, typed: &str) -> Result<Move, NotationError> {
    let text = typed.trim();
    if let Ok((m, _)) = Notation::parse_any(pos, text) {
        return Ok(m);
    }
    if let Ok(m) = iccs_fold(text).parse::<Move>() {
        return Ok(m);
    }
    let fits = completions(pos, text);
    match fits.as_slice() {
        [one] if !text.is_empty() => Ok(*one),
        [] => Err(Notation::parse_any(pos, text)
            .err()
            .unwrap_or_else(|| NotationError::new(text, NotationErrorKind::Unreadable))),
        _ if text.is_empty() => Err(NotationError::new(text, NotationErrorKind::Unreadable)),
        several => Err(NotationError::new(
            text,
            NotationErrorKind::Ambiguous(several.to_vec()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> Position {
        moves
            .split_whitespace()
            .fold(Position::new(), |p, m| p.play(m.parse().unwrap()).unwrap())
    }

    #[test]
    fn a_move_grows_into_the_one_it_names_in_every_notation() {
        let pos = Position::new();
        for text in [
            "炮二平五",
            "炮2平5",
            "砲二平五",
            "C2=5",
            "c2.5",
            "h2e2",
            "H2-E2",
            " h2 e2 ",
        ] {
            assert_eq!(
                typed_move(&pos, text).unwrap().to_string(),
                "h2e2",
                "{text}"
            );
        }
        // Black's moves, with full-width or plain digits, traditional characters.
        let pos = after("h2e2");
        for text in ["马８进７", "馬8進7", "H8+7", "h9g7"] {
            assert_eq!(
                typed_move(&pos, text).unwrap().to_string(),
                "h9g7",
                "{text}"
            );
        }
        // A beginning that fits one move only names it.
        assert_eq!(typed_move(&pos, "马８进").map(|m| m.to_string()).ok(), None);
        assert_eq!(typed_move(&pos, "卒7").unwrap().to_string(), "g6g5");
    }

    #[test]
    fn a_wrong_or_unfinished_move_says_why() {
        let pos = Position::new();
        assert!(matches!(
            typed_move(&pos, "炮二").unwrap_err().kind,
            NotationErrorKind::Ambiguous(ref ms) if ms.len() > 5
        ));
        assert!(matches!(
            typed_move(&pos, "帅五进二").unwrap_err().kind,
            NotationErrorKind::NoSuchMove(_)
        ));
        assert!(matches!(
            typed_move(&pos, "hello").unwrap_err().kind,
            NotationErrorKind::Unreadable | NotationErrorKind::NoSuchMove(_)
        ));
        assert!(typed_move(&pos, "").is_err());
        // An illegal ICCS move is handed back, to be refused with its rule.
        assert_eq!(typed_move(&pos, "h2h8").unwrap().to_string(), "h2h8");
        assert!(pos.check_move("h2h8".parse().unwrap()).is_err());
        assert_eq!(completions(&pos, "").len(), 44);
        assert!(completions(&pos, "z").is_empty());
        // X is the Vietnamese chariot (Xe): the chariots' four moves.
        assert_eq!(completions(&pos, "x").len(), 4);
    }
}
