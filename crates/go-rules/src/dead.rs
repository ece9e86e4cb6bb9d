//! Which chains are dead at the end of a game, as a suggestion for the count: random
//! playouts from the final position (neither side filling its own eyes) and a vote by
//! chain: a chain whose points end up the other side's in most playouts is dead. The
//! method of Sabaki's `deadstones`, written here anew.

use crate::board::Marks;
use crate::game::Position;
use crate::point::{Color, Move, Point};
use crate::rules::Rules;

/// The stones of the chains the playouts find dead, sorted. `seed` makes it repeatable.
#[must_use]
pub fn suggest_dead(pos: &Position, playouts: usize, seed: u64) -> Vec<Point> {
    let board = pos.board();
    let n = usize::from(board.size()) * usize::from(board.size());
    // Per point: how often its final owner was black minus how often white.
    let mut balance = vec![0i32; n];
    let mut rng = Rng(seed | 1);
    for _ in 0..playouts {
        let end = playout(pos, &mut rng);
        for (i, b) in balance.iter_mut().enumerate() {
            *b += match owner(&end, i) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
    let mut dead = Vec::new();
    let mut seen = Marks::default();
    for i in 0..n {
        let Some(color) = board.at(i) else { continue };
        if seen.contains(i) {
            continue;
        }
        let (stones, _) = board.chain_at(i);
        for &s in &stones {
            seen.insert(s);
        }
        // The chain's vote: its points' balance, from its own side.
        let vote: i32 = stones.iter().map(|&s| balance[s]).sum();
        let own = if color == Color::Black { vote } else { -vote };
        if own < 0 {
            dead.extend(stones.iter().map(|&s| board.point(s)));
        }
    }
    dead.sort();
    dead
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Whether point `i` is an eye of `color`: empty, every neighbour its stone.
fn is_eye(pos: &Position, i: usize, color: Color) -> bool {
    let board = pos.board();
    board.at(i).is_none() && board.neighbours(i).all(|j| board.at(j) == Some(color))
}

/// The position when both sides have played random moves until neither has one left
/// but its own eyes.
fn playout(start: &Position, rng: &mut Rng) -> Position {
    let mut pos = *start;
    let n = usize::from(pos.board().size()).pow(2);
    // The empty points, read again only after a capture; the ones tried and refused go
    // to the end of the list, out of this move's draw.
    let empties = |pos: &Position| -> Vec<usize> {
        (0..n).filter(|&i| pos.board().at(i).is_none()).collect()
    };
    let taken = |pos: &Position| pos.captures(Color::Black) + pos.captures(Color::White);
    let mut empty = empties(&pos);
    let mut captures = taken(&pos);
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < 3 * n {
        let me = pos.to_move();
        let mut left = empty.len();
        let mut next = None;
        while left > 0 {
            let k = rng.below(left);
            let i = empty[k];
            if !is_eye(&pos, i, me)
                && let Ok(after) = pos.play(Move::Play(pos.board().point(i)), &Rules::CHINESE)
            {
                empty.swap_remove(k);
                next = Some(after);
                break;
            }
            left -= 1;
            empty.swap(k, left);
        }
        match next {
            Some(after) => {
                pos = after;
                passes = 0;
                if taken(&pos) != captures {
                    captures = taken(&pos);
                    empty = empties(&pos);
                }
            }
            None => {
                pos = pos.play(Move::Pass, &Rules::CHINESE).unwrap_or(pos);
                passes += 1;
            }
        }
        moves += 1;
    }
    pos
}

/// Who holds point `i` at the end of a playout: its stone's colour, or the colour of
/// the stones around an empty point when they are all one colour.
fn owner(pos: &Position, i: usize) -> Option<Color> {
    let board = pos.board();
    if let Some(c) = board.at(i) {
        return Some(c);
    }
    let mut around = board.neighbours(i).filter_map(|j| board.at(j));
    let first = around.next()?;
    around.all(|c| c == first).then_some(first)
}
