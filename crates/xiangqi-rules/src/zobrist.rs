//! Zobrist keys: a 64-bit hash of a position, updated in two XORs per move, used to
//! find repetitions quickly.

use super::{Board, Color, Piece, Square};

/// SplitMix64: fixed seed, so every build and every platform hashes alike.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> ([[u64; Square::COUNT]; 14], u64) {
    let mut keys = [[0; Square::COUNT]; 14];
    let mut state = 0x5851_f42d_4c95_7f2d;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < Square::COUNT {
            let (next, key) = splitmix(state);
            state = next;
            keys[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    let (_, black) = splitmix(state);
    (keys, black)
}

static KEYS: ([[u64; Square::COUNT]; 14], u64) = build_keys();

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.0[piece.index()][sq.index()]
}

/// XORed in when black is to move.
#[inline]
pub(crate) fn black_to_move_key() -> u64 {
    KEYS.1
}

/// The hash of a board with `turn` to move, computed from scratch.
pub(crate) fn hash(board: &Board, turn: Color) -> u64 {
    let mut h = board
        .pieces()
        .fold(0, |h, (sq, piece)| h ^ piece_key(piece, sq));
    if turn == Color::Black {
        h ^= black_to_move_key();
    }
    h
}
