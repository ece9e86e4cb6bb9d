//! Which chains live unconditionally: Benson's algorithm. A chain is pass-alive when
//! the other side could not take it even if its owner never played again: it has two
//! "vital" regions (every empty point in them is its liberty) that only living chains
//! surround. A lesson's "make two eyes" is checked by it.

use std::collections::HashSet;

use super::reader::neighbours;
use crate::go::{Board, Color, Point};

/// The chains of `color` that are pass-alive, each as its stones.
///
/// ```
/// use xiangqi::go::text::read_diagram;
/// use xiangqi::go::{Color, Point};
/// use xiangqi::games::go::lessons::life::pass_alive;
///
/// // A black wall along the top with two separate eyes lives; with one eye it does not.
/// let two = read_diagram(". X . X .\nX X X X X\n. . . . .\n. . . . .\n. . . . .").unwrap();
/// assert_eq!(pass_alive(two.board(), Color::Black).len(), 1);
/// let one = read_diagram(". . X X X\nX X X X X\n. . . . .\n. . . . .\n. . . . .").unwrap();
/// assert!(pass_alive(one.board(), Color::Black).is_empty());
/// ```
#[must_use]
pub fn pass_alive(board: &Board, color: Color) -> Vec<Vec<Point>> {
    let size = board.size();
    // The chains, by their stones; a stone's chain by index.
    let mut chains: Vec<Vec<Point>> = Vec::new();
    let mut chain_of = std::collections::HashMap::new();
    for p in board.stones(color) {
        if chain_of.contains_key(&p) {
            continue;
        }
        let stones = board.chain(p).map(|c| c.stones).unwrap_or_default();
        for &s in &stones {
            chain_of.insert(s, chains.len());
        }
        chains.push(stones);
    }
    // The regions: points not of `color`, joined along the lines.
    let mut regions: Vec<(Vec<Point>, HashSet<usize>)> = Vec::new();
    let mut seen = HashSet::new();
    for p in board.points() {
        if board.get(p) == Some(color) || !seen.insert(p) {
            continue;
        }
        let mut points = vec![p];
        let mut around = HashSet::new();
        let mut i = 0;
        while i < points.len() {
            for n in neighbours(size, points[i]) {
                if board.get(n) == Some(color) {
                    around.insert(chain_of[&n]);
                } else if seen.insert(n) {
                    points.push(n);
                }
            }
            i += 1;
        }
        regions.push((points, around));
    }
    // A region is vital to a chain it borders when all its empty points are the
    // chain's liberties.
    let vital = |r: &(Vec<Point>, HashSet<usize>), c: usize| {
        r.0.iter()
            .filter(|&&p| board.get(p).is_none())
            .all(|&p| neighbours(size, p).any(|n| board.get(n) == Some(color) && chain_of[&n] == c))
    };
    let mut alive: HashSet<usize> = (0..chains.len()).collect();
    let mut live_regions: HashSet<usize> = (0..regions.len()).collect();
    loop {
        let before = (alive.len(), live_regions.len());
        // Chains with fewer than two vital regions (among those still counted) go.
        alive.retain(|&c| {
            live_regions
                .iter()
                .filter(|&&r| regions[r].1.contains(&c) && vital(&regions[r], c))
                .count()
                >= 2
        });
        // Regions bordered by a chain that went stop counting.
        live_regions.retain(|&r| regions[r].1.iter().all(|c| alive.contains(c)));
        if (alive.len(), live_regions.len()) == before {
            break;
        }
    }
    let mut out: Vec<Vec<Point>> = alive.into_iter().map(|c| chains[c].clone()).collect();
    out.sort();
    out
}
