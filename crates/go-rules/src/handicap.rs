//! Fixed handicap stones, where GTP's `fixed_handicap` puts them: on the star points
//! (the fourth line from 13×13 up, the third below), corners first.

use crate::board::Board;
use crate::game::Position;
use crate::point::{Color, Point};

/// A handicap that cannot be placed on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {size}×{size} board takes {most} handicap stones at most; {asked} were asked for")]
pub struct HandicapError {
    /// The board's size.
    pub size: u8,
    /// The stones asked for.
    pub asked: u8,
    /// The most it takes.
    pub most: u8,
}

/// The most fixed handicap stones a board of `size` takes (none below 7×7).
#[must_use]
pub fn most_stones(size: u8) -> u8 {
    match size {
        0..=6 => 0,
        7 => 4,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points of `stones` handicap stones on a board of `size` (none for 0 or 1).
///
/// # Errors
/// More stones than the board takes.
pub fn points(size: u8, stones: u8) -> Result<Vec<Point>, HandicapError> {
    if stones <= 1 {
        return Ok(Vec::new());
    }
    let most = most_stones(size);
    if stones > most {
        return Err(HandicapError {
            size,
            asked: stones,
            most,
        });
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    // Columns from the left, rows from the bottom (as GTP names them), then flipped.
    let at = |x: u8, row: u8| Point::new(x, size - 1 - row);
    let (d4, q16, d16, q4) = (at(low, low), at(high, high), at(low, high), at(high, low));
    let (d10, q10, k4, k16, k10) = (
        at(low, mid),
        at(high, mid),
        at(mid, low),
        at(mid, high),
        at(mid, mid),
    );
    Ok(match stones {
        2 => vec![d4, q16],
        3 => vec![d4, q16, d16],
        4 => vec![d4, q16, d16, q4],
        5 => vec![d4, q16, d16, q4, k10],
        6 => vec![d4, q16, d16, q4, d10, q10],
        7 => vec![d4, q16, d16, q4, d10, q10, k10],
        8 => vec![d4, q16, d16, q4, d10, q10, k4, k16],
        _ => vec![d4, q16, d16, q4, d10, q10, k4, k16, k10],
    })
}

/// The start of a handicap game: black's stones set, white to move.
///
/// # Errors
/// More stones than the board takes.
pub fn start(board: Board, stones: u8) -> Result<Position, HandicapError> {
    let mut board = board;
    let placed = points(board.size(), stones)?;
    for &p in &placed {
        board.set(p, Some(Color::Black));
    }
    let to_move = if placed.is_empty() {
        Color::Black
    } else {
        Color::White
    };
    Ok(Position::from_board(board, to_move))
}
