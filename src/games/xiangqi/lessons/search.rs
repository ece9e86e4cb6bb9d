//! The searches a lesson's levels are checked and defended by, over the legal moves
//! alone: a forced win (mate or 困毙) within a few moves, the defence that holds it off
//! longest, and the fewest moves that reach every marked point when the other side
//! does not move.

use std::collections::{HashSet, VecDeque};

use crate::rules::{Move, Position, Square};

/// A move that forces the side not to move out of moves (checkmate or 困毙, both a
/// loss in Xiangqi) within `n` moves of the side to move, whatever it answers.
///
/// ```
/// use xiangqi::games::xiangqi::lessons::search::wins;
/// use xiangqi::rules::Position;
///
/// // One chariot holds the second rank, the other mates on the first; the red
/// // general keeps the black one off the e-file (白脸将).
/// let pos = Position::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w").unwrap();
/// let mate = wins(&pos, 1).unwrap();
/// assert!(pos.play(mate).unwrap().is_checkmate());
/// ```
#[must_use]
pub fn wins(pos: &Position, n: u32) -> Option<Move> {
    if n == 0 {
        return None;
    }
    ordered(pos)
        .into_iter()
        .find(|&m| pos.play(m).is_ok_and(|next| holds(&next, n - 1)))
}

/// The side to move (the defender) has no move, or loses to a forced win within `n`
/// more moves whatever it plays.
#[must_use]
pub fn holds(pos: &Position, n: u32) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return true;
    }
    n > 0
        && replies
            .iter()
            .all(|&r| pos.play(r).is_ok_and(|next| wins(&next, n).is_some()))
}

/// The fewest moves in which the side to move forces the win from `pos`, up to `most`.
#[must_use]
pub fn distance(pos: &Position, most: u32) -> Option<u32> {
    (1..=most).find(|&k| wins(pos, k).is_some())
}

/// The defender's answer: the reply after which the win is furthest away (or gone),
/// looking `most` moves ahead; among equals, the first in the rules' order. `None`
/// when the defender has no move.
#[must_use]
pub fn defend(pos: &Position, most: u32) -> Option<Move> {
    let replies = pos.legal_moves();
    replies
        .iter()
        .copied()
        .filter_map(|r| pos.play(r).ok().map(|next| (r, distance(&next, most))))
        .max_by_key(|&(_, d)| d.map_or(u32::MAX, |d| d))
        .map(|(r, _)| r)
        .or_else(|| replies.first().copied())
}

/// The winner's move in a win within `n` that ends as a level teaches, with the loser
/// in check (`mate`) or not (困毙), when the defence ([`defend_towards`]) lets it;
/// else as [`wins`].
#[must_use]
pub fn wins_as(pos: &Position, n: u32, mate: bool) -> Option<Move> {
    if n == 0 {
        return None;
    }
    let taught = |m: Move| {
        let Ok(next) = pos.play(m) else { return false };
        if !next.has_legal_moves() {
            return next.is_check() == mate;
        }
        if n == 1 || !holds(&next, n - 1) {
            return false;
        }
        defend_towards(&next, n - 1, mate)
            .and_then(|r| next.play(r).ok())
            .is_some_and(|after| ends_as(&after, n - 1, mate))
    };
    ordered(pos)
        .into_iter()
        .find(|&m| taught(m))
        .or_else(|| wins(pos, n))
}

/// As [`defend`], but among the replies that put the loss off as long as the best, the
/// first after which the win played out ([`wins_as`], then this) ends as the level
/// teaches: every reply loses as fast, and the lesson's line should end in the mate
/// (or the 困毙) it is about, not the other (a defender that blocks with the wrong
/// advisor can leave only 困毙 where the level teaches 闷宫).
#[must_use]
pub fn defend_towards(pos: &Position, most: u32, mate: bool) -> Option<Move> {
    // Each reply with how far the loss is after it (u32::MAX: not within `most`),
    // searched once.
    let far: Vec<(Move, Position, u32)> = pos
        .legal_moves()
        .iter()
        .filter_map(|&r| {
            let next = pos.play(r).ok()?;
            let d = distance(&next, most).unwrap_or(u32::MAX);
            Some((r, next, d))
        })
        .collect();
    let longest = far.iter().map(|&(_, _, d)| d).max()?;
    if longest == u32::MAX {
        return defend(pos, most);
    }
    far.iter()
        .find(|(_, next, d)| *d == longest && ends_as(next, longest, mate))
        .map(|&(r, _, _)| r)
        .or_else(|| defend(pos, most))
}

/// The forced win within `n` from `pos` (the winner to move), played out by
/// [`wins_as`] and [`defend_towards`], ends with the loser in check (`mate`) or not.
#[must_use]
pub fn ends_as(pos: &Position, n: u32, mate: bool) -> bool {
    let mut pos = pos.clone();
    for k in (1..=n).rev() {
        let Some(m) = wins_as(&pos, k, mate) else {
            return false;
        };
        let Ok(next) = pos.play(m) else { return false };
        if !next.has_legal_moves() {
            return next.is_check() == mate;
        }
        let Some(r) = defend_towards(&next, k - 1, mate) else {
            return false;
        };
        let Ok(after) = next.play(r) else {
            return false;
        };
        pos = after;
    }
    false
}

/// Checks first, then captures, then the rest: a mate is most often found among them.
fn ordered(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|&m| {
        if pos.gives_check(m) {
            0
        } else if pos.capture(m).is_some() {
            1
        } else {
            2
        }
    });
    moves
}

/// The position after the side to move played `m`, with the turn handed back to it: the
/// other side does not move in these levels. `None` when the move is illegal or gives
/// check (a general in check may not wait).
#[must_use]
pub fn solo(pos: &Position, m: Move) -> Option<Position> {
    let next = pos.play(m).ok()?;
    let mut setup = next.to_setup();
    setup.turn = setup.turn.other();
    Position::from_setup(setup).ok()
}

/// The fewest moves, up to `most`, in which the side to move (the other side never
/// moving) puts a piece on every point of `targets`, in any order.
///
/// ```
/// use xiangqi::games::xiangqi::lessons::search::reach;
/// use xiangqi::rules::Position;
///
/// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
/// let corner = "a8".parse().unwrap();
/// assert_eq!(reach(&pos, &[corner], 5), Some(1));
/// ```
#[must_use]
pub fn reach(pos: &Position, targets: &[Square], most: u32) -> Option<u32> {
    let all = (1u32 << targets.len()) - 1;
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(pos.clone(), 0u32, 0u32)]);
    seen.insert((pos.hash(), 0u32));
    while let Some((pos, done, depth)) = queue.pop_front() {
        if done == all {
            return Some(depth);
        }
        if depth == most {
            continue;
        }
        for &m in &pos.legal_moves() {
            let Some(next) = solo(&pos, m) else { continue };
            let done = done | hit(targets, m.to);
            if seen.insert((next.hash(), done)) {
                queue.push_back((next, done, depth + 1));
            }
        }
    }
    None
}

/// The bit of `to` among `targets` (0 when it is none of them).
#[must_use]
pub fn hit(targets: &[Square], to: Square) -> u32 {
    targets.iter().position(|&t| t == to).map_or(0, |i| 1 << i)
}
