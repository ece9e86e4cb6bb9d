//! Capture Go (吃子棋): the first side to take a stone wins. The first game a
//! beginner plays, and one GNU Go does not play, so the lessons bring their own small
//! player: take what can be taken, save what is in atari, never put its own stones in
//! atari, read a ladder or a net a few moves deep, and otherwise keep its liberties many
//! and the other side's few.

use super::reader::{RULES, holds_not, neighbours};
use crate::go::{Board, Color, Move, Point, Position};

/// The first capture decides: the side that took a stone, once one has.
#[must_use]
pub fn winner(pos: &Position) -> Option<Color> {
    [Color::Black, Color::White]
        .into_iter()
        .find(|&c| pos.captures(c) > 0)
}

/// The capture player's move. `seed` varies its choice among moves it likes as much
/// (the same seed, the same move). It passes only when it has no legal move.
///
/// ```
/// use xiangqi::go::text::read_diagram;
/// use xiangqi::go::{Move, Point};
/// use xiangqi::games::go::lessons::capture_go::choose;
///
/// // White's stone on A4 is in atari: black takes it at A3.
/// let pos = read_diagram("O X . .\n. . . .\n. . . .\n. . . .").unwrap();
/// assert_eq!(choose(&pos, 1), Move::Play(Point::from_gtp("A3", 4).unwrap()));
/// ```
#[must_use]
pub fn choose(pos: &Position, seed: u64) -> Move {
    let me = pos.to_move();
    let board = pos.board();
    let legal: Vec<(Point, Position)> = board
        .empty_points()
        .filter_map(|p| pos.play(Move::Play(p), &RULES).ok().map(|n| (p, n)))
        .collect();
    if legal.is_empty() {
        return Move::Pass;
    }
    // 1. A capture now wins.
    if let Some((p, _)) = legal
        .iter()
        .find(|(_, n)| n.captures(me) > pos.captures(me))
    {
        return Move::Play(*p);
    }
    // 2. A capture the other side threatens must be stopped, and a capture it cannot
    // stop is read (ladders, nets).
    let mut best: Option<(i64, Point)> = None;
    for (i, (p, next)) in legal.iter().enumerate() {
        let score = judge(next, me) * 1000 + jitter(seed, i as u64);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, *p));
        }
    }
    best.map_or(Move::Pass, |(_, p)| Move::Play(p))
}

/// How good the position after our move is for `me` (the other side to move).
fn judge(next: &Position, me: Color) -> i64 {
    let board = next.board();
    let them = !me;
    let mine = chains(board, me);
    let theirs = chains(board, them);
    // Any of our chains they can take at once loses the game.
    if mine.iter().any(|(_, libs)| *libs == 1) {
        return -100;
    }
    // A chain of theirs we take whatever they do (ladder, net) wins it.
    let mut score = 0;
    for (stone, libs) in &theirs {
        if *libs == 1 {
            // In atari: they must answer it.
            score += 20;
        }
        if *libs <= 2 && holds_not(next, &[*stone], 3) {
            score += 60;
        }
    }
    // Many liberties for us, few for them; stones near the middle.
    let fewest = |v: &[(Point, usize)]| v.iter().map(|(_, l)| *l as i64).min().unwrap_or(8);
    score += 3 * fewest(&mine) - 3 * fewest(&theirs);
    score += mine.iter().map(|(_, l)| (*l as i64).min(4)).sum::<i64>() / 2;
    score
}

/// Each chain of `color`: one of its stones and its liberties.
fn chains(board: &Board, color: Color) -> Vec<(Point, usize)> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for p in board.stones(color) {
        if seen.contains(&p) {
            continue;
        }
        if let Some(c) = board.chain(p) {
            seen.extend(c.stones.iter().copied());
            out.push((p, c.liberties.len()));
        }
    }
    out
}

/// A small number from the seed and the move's index, to break ties.
fn jitter(seed: u64, i: u64) -> i64 {
    let mut x = seed ^ (i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    (x % 100) as i64
}

/// A move of the side to move chosen at random among the legal ones that do not fill
/// its own eye (a point all of whose neighbours are its stones), or a pass.
#[must_use]
pub fn random(pos: &Position, seed: u64) -> Move {
    let board = pos.board();
    let me = pos.to_move();
    let moves: Vec<Point> = board
        .empty_points()
        .filter(|&p| !neighbours(board.size(), p).all(|n| board.get(n) == Some(me)))
        .filter(|&p| pos.play(Move::Play(p), &RULES).is_ok())
        .collect();
    if moves.is_empty() {
        return Move::Pass;
    }
    Move::Play(
        moves[(jitter(seed, 7).unsigned_abs() as usize * 7919 + seed as usize) % moves.len()],
    )
}
