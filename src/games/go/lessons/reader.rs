//! The small tactical reader a Go lesson is checked and defended by: can the side to
//! move take the marked stones within a few moves, whatever the other side does? It
//! reads only the moves that matter near them — their liberties, the points next to
//! those (a net), and the liberties of the chains that surround them — so a ladder
//! across a 9×9 board is read in a moment.

use crate::go::{Board, Color, Move, Point, Position, Rules};

/// The rules lessons are played by: Chinese (no suicide, simple ko).
pub const RULES: Rules = Rules::CHINESE;

/// The up-to-four points next to `p`.
pub fn neighbours(size: u8, p: Point) -> impl Iterator<Item = Point> {
    let (x, y) = (i16::from(p.x), i16::from(p.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(x, y)| {
            (0..i16::from(size)).contains(&x) && (0..i16::from(size)).contains(&y)
        })
        .map(|(x, y)| Point::new(x as u8, y as u8))
}

/// Every marked stone of `victim` is gone from its point.
#[must_use]
pub fn taken(board: &Board, targets: &[Point], victim: Color) -> bool {
    targets.iter().all(|&t| board.get(t) != Some(victim))
}

/// The fewest liberties among the marked chains still standing.
fn fewest_liberties(board: &Board, targets: &[Point], victim: Color) -> usize {
    targets
        .iter()
        .filter(|&&t| board.get(t) == Some(victim))
        .filter_map(|&t| board.chain(t))
        .map(|c| c.liberties.len())
        .min()
        .unwrap_or(0)
}

/// A move of the side to move that takes every marked stone of the other side within
/// `n` of its moves, whatever the other side answers.
///
/// ```
/// use xiangqi::go::text::read_diagram;
/// use xiangqi::go::{Move, Point};
/// use xiangqi::games::go::lessons::reader::capture;
///
/// // A white stone on the edge with two liberties: black takes it in two moves, by
/// // driving it to the corner (B3 first; A4 first lets it out).
/// let pos = read_diagram(". O X .\n. . . .\n. . . .\n. . . .").unwrap();
/// let target = Point::from_gtp("B4", 4).unwrap();
/// assert!(capture(&pos, &[target], 1).is_none());
/// let first = Move::Play(Point::from_gtp("B3", 4).unwrap());
/// assert_eq!(capture(&pos, &[target], 2), Some(first));
/// ```
#[must_use]
pub fn capture(pos: &Position, targets: &[Point], n: u32) -> Option<Move> {
    let victim = !pos.to_move();
    let board = pos.board();
    if n == 0 || fewest_liberties(board, targets, victim) > n as usize {
        return None;
    }
    attacks(pos, targets, victim).into_iter().find(|&m| {
        pos.play(m, &RULES).is_ok_and(|next| {
            taken(next.board(), targets, victim) || (n > 1 && holds_not(&next, targets, n - 1))
        })
    })
}

/// The defender (to move) cannot save the marked stones: after every answer it has,
/// the attacker still takes them within `n`.
#[must_use]
pub fn holds_not(pos: &Position, targets: &[Point], n: u32) -> bool {
    defences(pos, targets).into_iter().all(|r| {
        pos.play(r, &RULES)
            .is_ok_and(|next| capture(&next, targets, n).is_some())
            // An answer the rules refuse is no answer.
            || pos.play(r, &RULES).is_err()
    })
}

/// The defender's best answer: one after which the marked stones are not taken within
/// `n`, or else the one that holds out longest. `None` only when it has no move but to
/// pass.
#[must_use]
pub fn defend(pos: &Position, targets: &[Point], n: u32) -> Option<Move> {
    let mut best: Option<(Move, u32)> = None;
    for r in defences(pos, targets) {
        let Ok(next) = pos.play(r, &RULES) else {
            continue;
        };
        let lasts = (1..=n)
            .find(|&k| capture(&next, targets, k).is_some())
            .unwrap_or(u32::MAX);
        if best.is_none_or(|(_, b)| lasts > b) {
            best = Some((r, lasts));
        }
    }
    best.map(|(m, _)| m).filter(|&m| m != Move::Pass)
}

/// The attacker's moves worth reading, liberties first.
fn attacks(pos: &Position, targets: &[Point], victim: Color) -> Vec<Move> {
    let board = pos.board();
    let size = board.size();
    let mut first = Vec::new();
    let mut then = Vec::new();
    for &t in targets {
        let Some(chain) = board.chain(t).filter(|c| c.color == victim) else {
            continue;
        };
        for &l in &chain.liberties {
            push(&mut first, l);
            for n in neighbours(size, l) {
                if board.get(n).is_none() {
                    push(&mut then, n);
                }
            }
        }
        // The attacker's own chains next to the marked ones, when short of liberties.
        for &s in &chain.stones {
            for n in neighbours(size, s) {
                if let Some(own) = board.chain(n).filter(|c| c.color != victim)
                    && own.liberties.len() <= 2
                {
                    own.liberties.iter().for_each(|&l| push(&mut then, l));
                }
            }
        }
    }
    for p in then {
        push(&mut first, p);
    }
    first.into_iter().map(Move::Play).collect()
}

/// The defender's moves worth reading: its marked chains' liberties, the liberties of
/// the attacker's chains around them that are short of liberties, and a pass.
fn defences(pos: &Position, targets: &[Point]) -> Vec<Move> {
    let board = pos.board();
    let size = board.size();
    let me = pos.to_move();
    let mut points = Vec::new();
    for &t in targets {
        let Some(chain) = board.chain(t).filter(|c| c.color == me) else {
            continue;
        };
        chain.liberties.iter().for_each(|&l| push(&mut points, l));
        for &s in &chain.stones {
            for n in neighbours(size, s) {
                if let Some(them) = board.chain(n).filter(|c| c.color != me)
                    && them.liberties.len() <= 2
                {
                    them.liberties.iter().for_each(|&l| push(&mut points, l));
                }
            }
        }
    }
    let mut moves: Vec<Move> = points.into_iter().map(Move::Play).collect();
    moves.push(Move::Pass);
    moves
}

fn push(v: &mut Vec<Point>, p: Point) {
    if !v.contains(&p) {
        v.push(p);
    }
}
