//! The help a side is given at each table (the new-game dialog's "Help" column, seat
//! by seat): before a move the rules call a loss at once, the move is held back and
//! the panel asks "Are you sure? …" (`games::*::tutor` finds and words it). "Play it
//! anyway", or the same move again, plays it; "Choose another move" or Esc drops it.
//! The other side, a computer, a lesson and a puzzle are never asked.

pub mod coach;
pub mod go;
pub mod go_coach;
pub mod guess_go;
pub mod guess_xiangqi;
pub mod look;
pub mod marks;
pub mod practice_go;
pub mod practice_xiangqi;
pub mod xiangqi;

/// The seat of a side: 0 for the side that moves first in the game's own order.
#[must_use]
pub fn seat(first: bool) -> usize {
    usize::from(!first)
}
