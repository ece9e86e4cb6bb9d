//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator against published numbers.

use super::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos`.
///
/// ```
/// use xiangqi_rules::{perft, Position};
///
/// assert_eq!(perft(&Position::new(), 2), 1920);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the leaves need not be played.
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by root move, sorted by move, for finding where two generators differ.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves: Vec<Move> = pos.legal_moves().to_vec();
    moves.sort();
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
