//! How each piece moves and attacks: step tables computed at compile time, and the
//! attack queries that decide check.

use super::{Board, Color, Piece, Role, Square, SquareSet};

/// Up to eight targets from one point, each with the point that must be empty on the
/// way (the horse's leg, the elephant's eye; unused for the others).
#[derive(Copy, Clone)]
pub(crate) struct Steps {
    len: u8,
    to: [u8; 8],
    via: [u8; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        to: [0; 8],
        via: [0; 8],
    };

    const fn push(mut self, to: Square, via: Square) -> Steps {
        self.to[self.len as usize] = to.index() as u8;
        self.via[self.len as usize] = via.index() as u8;
        self.len += 1;
        self
    }

    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(|i| (sq(self.to[i]), sq(self.via[i])))
    }
}

#[inline]
fn sq(i: u8) -> Square {
    // Every index stored in the tables came from a valid Square.
    Square::from_index(i as usize).expect("table index")
}

const fn at(index: usize) -> Square {
    match Square::from_index(index) {
        Some(s) => s,
        None => panic!("index"),
    }
}

/// Orthogonal unit steps: up (toward black), down, left, right.
const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn palace_color(s: Square) -> Option<Color> {
    if s.is_in_palace_of(Color::Red) {
        Some(Color::Red)
    } else if s.is_in_palace_of(Color::Black) {
        Some(Color::Black)
    } else {
        None
    }
}

/// General steps stay in the palace the general stands in.
const fn build_palace_steps(dirs: [(i8, i8); 4]) -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let s = at(i);
        if let Some(c) = palace_color(s) {
            let mut d = 0;
            while d < 4 {
                if let Some(t) = s.offset(dirs[d].0, dirs[d].1)
                    && t.is_in_palace_of(c)
                {
                    table[i] = table[i].push(t, t);
                }
                d += 1;
            }
        }
        i += 1;
    }
    table
}

/// Elephants move two points diagonally, through an empty eye, never across the river.
const fn build_elephant() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let s = at(i);
        let side = if s.is_on_side_of(Color::Red) {
            Color::Red
        } else {
            Color::Black
        };
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            if let (Some(t), Some(eye)) = (s.offset(2 * df, 2 * dr), s.offset(df, dr))
                && t.is_on_side_of(side)
            {
                table[i] = table[i].push(t, eye);
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// Horses move one point orthogonally (the leg, which must be empty) then one diagonally.
const fn build_horse() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let s = at(i);
        let mut d = 0;
        while d < 4 {
            let (lf, lr) = ORTHO[d];
            if let Some(leg) = s.offset(lf, lr) {
                // The two targets beyond this leg fan out sideways from it.
                let mut side = -1;
                while side <= 1 {
                    let (df, dr) = if lf == 0 {
                        (side, 2 * lr)
                    } else {
                        (2 * lf, side)
                    };
                    if let Some(t) = s.offset(df, dr) {
                        table[i] = table[i].push(t, leg);
                    }
                    side += 2;
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// For a target point, where a horse attacking it would stand and which leg it needs.
/// The leg of a horse that attacks `t` is always a diagonal neighbour of `t`.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let t = at(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            if let Some(leg) = t.offset(df, dr) {
                if let Some(h) = t.offset(df, 2 * dr) {
                    table[i] = table[i].push(h, leg);
                }
                if let Some(h) = t.offset(2 * df, dr) {
                    table[i] = table[i].push(h, leg);
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// Soldiers step forward; once across the river also sideways.
const fn build_soldier(color: Color) -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let mut i = 0;
    while i < 90 {
        let s = at(i);
        if let Some(t) = s.offset(0, forward) {
            table[i] = table[i].push(t, t);
        }
        if !s.is_on_side_of(color) {
            if let Some(t) = s.offset(-1, 0) {
                table[i] = table[i].push(t, t);
            }
            if let Some(t) = s.offset(1, 0) {
                table[i] = table[i].push(t, t);
            }
        }
        i += 1;
    }
    table
}

/// The points along each orthogonal direction, nearest first.
#[derive(Copy, Clone)]
pub(crate) struct Rays {
    len: [u8; 4],
    sq: [[u8; 9]; 4],
}

impl Rays {
    #[inline]
    pub(crate) fn ray(&self, dir: usize) -> impl Iterator<Item = Square> + '_ {
        self.sq[dir][..self.len[dir] as usize]
            .iter()
            .map(|&i| sq(i))
    }
}

const fn build_rays() -> [Rays; 90] {
    let mut table = [Rays {
        len: [0; 4],
        sq: [[0; 9]; 4],
    }; 90];
    let mut i = 0;
    while i < 90 {
        let mut d = 0;
        while d < 4 {
            let mut cur = at(i);
            while let Some(next) = cur.offset(ORTHO[d].0, ORTHO[d].1) {
                let n = table[i].len[d] as usize;
                table[i].sq[d][n] = next.index() as u8;
                table[i].len[d] += 1;
                cur = next;
            }
            d += 1;
        }
        i += 1;
    }
    table
}

pub(crate) static GENERAL: [Steps; 90] = build_palace_steps(ORTHO);
pub(crate) static ADVISOR: [Steps; 90] = build_palace_steps(DIAG);
pub(crate) static ELEPHANT: [Steps; 90] = build_elephant();
pub(crate) static HORSE: [Steps; 90] = build_horse();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static SOLDIER: [[Steps; 90]; 2] =
    [build_soldier(Color::Red), build_soldier(Color::Black)];
pub(crate) static RAYS: [Rays; 90] = build_rays();

/// Direction index into [`Rays`]: up the file, toward black.
pub(crate) const UP: usize = 0;

#[inline]
fn is(board: &Board, s: Square, piece: Piece) -> bool {
    board.piece_at(s) == Some(piece)
}

/// Whether any piece of `by` attacks `target`: could capture a piece standing there.
pub(crate) fn is_attacked(board: &Board, target: Square, by: Color) -> bool {
    let chariot = Piece::new(by, Role::Chariot);
    let cannon = Piece::new(by, Role::Cannon);
    let rays = &RAYS[target.index()];
    for dir in 0..4 {
        let mut screens = 0;
        for s in rays.ray(dir) {
            if let Some(p) = board.piece_at(s) {
                if screens == 0 {
                    if p == chariot {
                        return true;
                    }
                    screens = 1;
                } else {
                    if p == cannon {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    let horse = Piece::new(by, Role::Horse);
    for (h, leg) in HORSE_ATTACKERS[target.index()].iter() {
        if is(board, h, horse) && board.piece_at(leg).is_none() {
            return true;
        }
    }
    let soldier = Piece::new(by, Role::Soldier);
    let back = match by {
        Color::Red => -1,
        Color::Black => 1,
    };
    if target
        .offset(0, back)
        .is_some_and(|s| is(board, s, soldier))
    {
        return true;
    }
    // Sideways soldier attacks exist only on the soldier's far side of the river.
    if !target.is_on_side_of(by) {
        for df in [-1, 1] {
            if target.offset(df, 0).is_some_and(|s| is(board, s, soldier)) {
                return true;
            }
        }
    }
    // The defensive pieces only ever reach points on their own half.
    if target.is_on_side_of(by) {
        return !defender_attackers(board, target, by).is_empty();
    }
    false
}

/// Generals, advisors and elephants of `by` that attack `target`.
fn defender_attackers(board: &Board, target: Square, by: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let t = target.index();
    // Steps are symmetric, so the pieces that reach `target` stand where `target` reaches.
    if target.is_in_palace_of(by) {
        for (s, _) in GENERAL[t].iter() {
            if is(board, s, Piece::new(by, Role::General)) {
                set.insert(s);
            }
        }
        for (s, _) in ADVISOR[t].iter() {
            if is(board, s, Piece::new(by, Role::Advisor)) {
                set.insert(s);
            }
        }
    }
    for (s, eye) in ELEPHANT[t].iter() {
        if is(board, s, Piece::new(by, Role::Elephant)) && board.piece_at(eye).is_none() {
            set.insert(s);
        }
    }
    set
}

/// Every piece of `by` that attacks `target`.
pub(crate) fn attackers(board: &Board, target: Square, by: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let rays = &RAYS[target.index()];
    for dir in 0..4 {
        let mut screens = 0;
        for s in rays.ray(dir) {
            if let Some(p) = board.piece_at(s) {
                if screens == 0 {
                    if p == Piece::new(by, Role::Chariot) {
                        set.insert(s);
                    }
                    screens = 1;
                } else {
                    if p == Piece::new(by, Role::Cannon) {
                        set.insert(s);
                    }
                    break;
                }
            }
        }
    }
    for (h, leg) in HORSE_ATTACKERS[target.index()].iter() {
        if is(board, h, Piece::new(by, Role::Horse)) && board.piece_at(leg).is_none() {
            set.insert(h);
        }
    }
    let soldier = Piece::new(by, Role::Soldier);
    for s in board.by_color(by).iter().filter(|&s| is(board, s, soldier)) {
        if SOLDIER[by.index()][s.index()]
            .iter()
            .any(|(t, _)| t == target)
        {
            set.insert(s);
        }
    }
    if target.is_on_side_of(by) {
        for s in defender_attackers(board, target, by).iter() {
            set.insert(s);
        }
    }
    set
}

/// Whether two generals on `a` and `b` see each other along an empty file.
pub(crate) fn generals_face(board: &Board, a: Square, b: Square) -> bool {
    if a.file() != b.file() {
        return false;
    }
    let (low, high) = if a.rank() < b.rank() { (a, b) } else { (b, a) };
    for s in RAYS[low.index()].ray(UP) {
        if s == high {
            return true;
        }
        if board.piece_at(s).is_some() {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        assert_eq!(HORSE[Square::E4.index()].len, 8);
        assert_eq!(HORSE[Square::A0.index()].len, 2);
        assert_eq!(ELEPHANT[Square::E2.index()].len, 4);
        // No elephant step crosses the river.
        assert_eq!(ELEPHANT[Square::C4.index()].len, 2);
        assert_eq!(ADVISOR[Square::E1.index()].len, 4);
        assert_eq!(ADVISOR[Square::D0.index()].len, 1);
        assert_eq!(ADVISOR[Square::C0.index()].len, 0);
        assert_eq!(GENERAL[Square::E8.index()].len, 4);
        assert_eq!(SOLDIER[0][Square::E3.index()].len, 1);
        assert_eq!(SOLDIER[0][Square::E5.index()].len, 3);
        assert_eq!(SOLDIER[0][Square::E9.index()].len, 2);
        assert_eq!(SOLDIER[1][Square::E4.index()].len, 3);
        assert_eq!(RAYS[Square::A0.index()].ray(UP).count(), 9);
        assert_eq!(RAYS[Square::A0.index()].ray(1).count(), 0);
    }

    #[test]
    fn horse_attackers_mirror_horse_steps() {
        for t in Square::all() {
            for (h, leg) in HORSE_ATTACKERS[t.index()].iter() {
                assert!(HORSE[h.index()].iter().any(|x| x == (t, leg)), "{h}->{t}");
            }
            let forward: usize = Square::all()
                .map(|h| HORSE[h.index()].iter().filter(|&(x, _)| x == t).count())
                .sum();
            assert_eq!(forward, HORSE_ATTACKERS[t.index()].len as usize);
        }
    }
}
