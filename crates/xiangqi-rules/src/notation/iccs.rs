//! ICCS coordinates: `h2e2`, also read as `H2-E2` (the PGN form).

use super::{Notation, NotationError, NotationErrorKind};
use crate::{Move, Position};

pub(super) fn looks_like(text: &str) -> bool {
    text.trim().parse::<Move>().is_ok()
}

pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m: Move = text.trim().parse().map_err(|_| {
        NotationError::new(text, NotationErrorKind::NotThisNotation(Notation::Iccs))
    })?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::new(
            text,
            NotationErrorKind::NoSuchMove(pos.turn()),
        ))
    }
}
