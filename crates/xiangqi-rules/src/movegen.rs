//! Pseudo-legal move generation: where each piece may go by its own movement rule,
//! before asking whether its general would be safe.

use super::attacks::{ADVISOR, ELEPHANT, GENERAL, HORSE, RAYS, SOLDIER, Steps};
use super::{Board, Color, Move, MoveList, Piece, Role, Square};

/// Adds the pseudo-legal moves of every piece of `us`.
pub(crate) fn pseudo_legal(board: &Board, us: Color, out: &mut MoveList) {
    for from in board.by_color(us).iter() {
        if let Some(piece) = board.piece_at(from) {
            piece_moves(board, from, piece, out);
        }
    }
}

/// Adds the pseudo-legal moves of `piece` standing on `from`.
#[inline]
pub(crate) fn piece_moves(board: &Board, from: Square, piece: Piece, out: &mut MoveList) {
    let i = from.index();
    match piece.role {
        Role::General => steps(board, from, piece.color, &GENERAL[i], false, out),
        Role::Advisor => steps(board, from, piece.color, &ADVISOR[i], false, out),
        Role::Elephant => steps(board, from, piece.color, &ELEPHANT[i], true, out),
        Role::Horse => steps(board, from, piece.color, &HORSE[i], true, out),
        Role::Soldier => steps(
            board,
            from,
            piece.color,
            &SOLDIER[piece.color.index()][i],
            false,
            out,
        ),
        Role::Chariot => slides(board, from, piece.color, false, out),
        Role::Cannon => slides(board, from, piece.color, true, out),
    }
}

#[inline]
fn steps(
    board: &Board,
    from: Square,
    us: Color,
    table: &Steps,
    blockable: bool,
    out: &mut MoveList,
) {
    for (to, via) in table.iter() {
        if blockable && board.piece_at(via).is_some() {
            continue;
        }
        if board.piece_at(to).is_none_or(|p| p.color != us) {
            out.push(Move::new(from, to));
        }
    }
}

#[inline]
fn slides(board: &Board, from: Square, us: Color, cannon: bool, out: &mut MoveList) {
    let rays = &RAYS[from.index()];
    for dir in 0..4 {
        let mut screened = false;
        for to in rays.ray(dir) {
            match board.piece_at(to) {
                None if !screened => out.push(Move::new(from, to)),
                None => {}
                Some(p) => {
                    // A chariot captures the first piece; a cannon jumps it and
                    // captures the next one.
                    if cannon && !screened {
                        screened = true;
                        continue;
                    }
                    if p.color != us {
                        out.push(Move::new(from, to));
                    }
                    break;
                }
            }
        }
    }
}
