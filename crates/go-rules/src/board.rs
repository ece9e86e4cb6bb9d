//! The board: stones on points, chains and their liberties, and a Zobrist hash of the
//! stones for superko.

use crate::point::{Color, MAX_SIZE, MIN_SIZE, Point};

/// The most points a board has.
const POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Random keys, one per point and colour, and one for white to move: fixed, so that a
/// hash means the same in every run.
const KEYS: [[u64; 2]; POINTS] = {
    let mut keys = [[0u64; 2]; POINTS];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut i = 0;
    while i < POINTS {
        let mut c = 0;
        while c < 2 {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[i][c] = z ^ (z >> 31);
            c += 1;
        }
        i += 1;
    }
    keys
};

/// The words of a board's cells, two bits a point.
const WORDS: usize = (POINTS * 2).div_ceil(64);

/// The key of "white to move", for situational superko.
pub(crate) const WHITE_TO_MOVE: u64 = 0x2d35_8dcc_aa6c_78a5;

/// Why a board size is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {0}×{0} board is not played here: sizes go from 2×2 to 19×19")]
pub struct SizeError(pub u8);

/// Stones on a square board of 2×2 to 19×19.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    /// Two bits a point, 0 empty, 1 black, 2 white; row after row from the top. Packed
    /// so that a position is small: a game keeps every one it reached.
    cells: [u64; WORDS],
    hash: u64,
}

/// A chain: stones of one colour joined along the lines, and the empty points next to
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub stones: Vec<Point>,
    /// Its liberties.
    pub liberties: Vec<Point>,
}

/// A set of point indices, for flood fills.
#[derive(Clone, Copy, Default)]
pub(crate) struct Marks([u64; POINTS.div_ceil(64)]);

impl Marks {
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

impl Board {
    /// An empty board of `size`×`size`.
    ///
    /// # Errors
    /// A size outside 2 to 19.
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Board {
            size,
            cells: [0; WORDS],
            hash: 0,
        })
    }

    /// Its size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Whether `p` is on the board.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    pub(crate) fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size) + usize::from(p.x)
    }

    pub(crate) fn point(&self, i: usize) -> Point {
        let n = usize::from(self.size);
        Point::new((i % n) as u8, (i / n) as u8)
    }

    /// The stone on `p`, if any.
    ///
    /// # Panics
    /// If `p` is off the board.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Color> {
        assert!(self.contains(p), "{p:?} is off a {0}×{0} board", self.size);
        self.at(self.index(p))
    }

    /// The two bits of point `i`.
    fn cell(&self, i: usize) -> u64 {
        (self.cells[i / 32] >> ((i % 32) * 2)) & 3
    }

    pub(crate) fn at(&self, i: usize) -> Option<Color> {
        match self.cell(i) {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Puts a stone on `p`, or takes one away (`None`): a setup, no captures.
    ///
    /// # Panics
    /// If `p` is off the board.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        assert!(self.contains(p), "{p:?} is off a {0}×{0} board", self.size);
        let i = self.index(p);
        self.put(i, stone);
    }

    pub(crate) fn put(&mut self, i: usize, stone: Option<Color>) {
        if let Some(old) = self.at(i) {
            self.hash ^= KEYS[i][old.index()];
        }
        let shift = (i % 32) * 2;
        let value = match stone {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        self.cells[i / 32] = self.cells[i / 32] & !(3 << shift) | value << shift;
        if let Some(new) = stone {
            self.hash ^= KEYS[i][new.index()];
        }
    }

    /// The hash of the stones (the same stones, the same hash).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the board would have with a `color` stone put on the empty point `i`.
    pub(crate) fn hash_with(&self, i: usize, color: Color) -> u64 {
        self.hash ^ KEYS[i][color.index()]
    }

    /// Whether the chain through stone `i` has a liberty other than point `except`
    /// (`usize::MAX`: any). Asked for every move's neighbours, so nothing is allocated.
    pub(crate) fn has_liberty_besides(&self, i: usize, except: usize) -> bool {
        let color = self.cell(i);
        // Most chains have a liberty next to the stone asked about.
        if self.neighbours(i).any(|n| self.cell(n) == 0 && n != except) {
            return true;
        }
        let mut seen = Marks::default();
        let mut stack = [0u16; POINTS];
        let mut len = 1;
        stack[0] = i as u16;
        seen.insert(i);
        while len > 0 {
            len -= 1;
            let s = usize::from(stack[len]);
            for n in self.neighbours(s) {
                match self.cell(n) {
                    0 if n != except => return true,
                    c if c == color && seen.insert(n) => {
                        stack[len] = n as u16;
                        len += 1;
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// Every point, row after row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
    }

    /// The empty points, row after row from the top.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = usize::from(self.size);
        (0..n).flat_map(move |y| {
            (0..n)
                .filter(move |&x| self.cell(y * n + x) == 0)
                .map(move |x| Point::new(x as u8, y as u8))
        })
    }

    /// The stones of `color`.
    #[must_use]
    pub fn stones(&self, color: Color) -> Vec<Point> {
        self.points()
            .filter(|&p| self.get(p) == Some(color))
            .collect()
    }

    /// The points next to point `i` along the lines.
    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let n = usize::from(self.size);
        let (x, y) = (i % n, i / n);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The stones of the chain through stone `i`, calling `empty` on each empty point
    /// met next to it; `None` as soon as `empty` says stop.
    fn flood(&self, i: usize, mut empty: impl FnMut(usize) -> bool) -> Option<Vec<usize>> {
        let color = self.cell(i);
        // Most chains have a liberty next to the stone asked about: found without a list.
        for n in self.neighbours(i) {
            if self.cell(n) == 0 && empty(n) {
                return None;
            }
        }
        let mut seen = Marks::default();
        let mut stones = vec![i];
        seen.insert(i);
        let mut k = 0;
        while k < stones.len() {
            let s = stones[k];
            k += 1;
            for n in self.neighbours(s) {
                match self.cell(n) {
                    0 if empty(n) => return None,
                    0 => {}
                    c if c == color && seen.insert(n) => stones.push(n),
                    _ => {}
                }
            }
        }
        Some(stones)
    }

    /// The chain through point `i` (a stone): its stones and how many liberties it has.
    pub(crate) fn chain_at(&self, i: usize) -> (Vec<usize>, usize) {
        let mut liberties = Marks::default();
        let mut count = 0;
        let stones = self
            .flood(i, |n| {
                count += usize::from(liberties.insert(n));
                false
            })
            .expect("never stopped");
        (stones, count)
    }

    /// The stones of the chain through point `i` if it has no liberty; `None` as soon
    /// as one is found (most chains have one near: the search stops there).
    pub(crate) fn captured_chain(&self, i: usize) -> Option<Vec<usize>> {
        if self.has_liberty_besides(i, usize::MAX) {
            return None;
        }
        self.flood(i, |_| true)
    }

    /// The chain through the stone on `p`, or `None` on an empty point.
    #[must_use]
    pub fn chain(&self, p: Point) -> Option<Chain> {
        let color = self.get(p)?;
        let (stones, _) = self.chain_at(self.index(p));
        let mut liberties = Marks::default();
        let mut libs = Vec::new();
        for &s in &stones {
            for n in self.neighbours(s) {
                if self.cell(n) == 0 && liberties.insert(n) {
                    libs.push(self.point(n));
                }
            }
        }
        libs.sort();
        let mut stones: Vec<Point> = stones.into_iter().map(|i| self.point(i)).collect();
        stones.sort();
        Some(Chain {
            color,
            stones,
            liberties: libs,
        })
    }

    /// Takes the chain of `stones` off the board; returns how many stones it held.
    pub(crate) fn remove(&mut self, stones: &[usize]) -> u32 {
        for &s in stones {
            self.put(s, None);
        }
        stones.len() as u32
    }

    /// The board as rows of `X` (black), `O` (white) and `.`, top row first.
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for y in 0..self.size {
            for x in 0..self.size {
                out.push(match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board {}×{}\n{}", self.size, self.size, self.diagram())
    }
}
