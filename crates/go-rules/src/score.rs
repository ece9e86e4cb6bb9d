//! Counting a finished game: its dead stones taken off, then area (stones and the empty
//! points they surround) or territory (the empty points and the prisoners; eyes of
//! chains in seki count nothing), komi and the handicap bonus to white.

use std::fmt;

use crate::board::{Board, Marks};
use crate::game::Position;
use crate::point::{Color, Point};
use crate::rules::{Rules, Scoring};

/// The count of each side, and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Stones on the board after the dead are taken off, by black, by white.
    pub stones: [u32; 2],
    /// Empty points surrounded by each side alone (those that count).
    pub territory: [u32; 2],
    /// Prisoners each side holds (captures and the other's dead stones).
    pub prisoners: [u32; 2],
    /// Empty points of each side's eyes in seki, counted nothing under territory rules.
    pub seki_eyes: [u32; 2],
    /// White's komi and handicap bonus.
    pub komi: f32,
    /// Black's total, white's total.
    pub total: [f32; 2],
    /// Area or territory.
    pub scoring: Scoring,
}

impl Score {
    /// Black's lead (negative: white leads).
    #[must_use]
    pub fn margin(&self) -> f32 {
        self.total[0] - self.total[1]
    }

    /// The result as SGF writes it: `B+3.5`, `W+0.5`, or `0` for a draw.
    #[must_use]
    pub fn result(&self) -> String {
        let m = self.margin();
        let number = |v: f32| {
            if v.fract() == 0.0 {
                format!("{v:.0}")
            } else {
                format!("{v}")
            }
        };
        if m > 0.0 {
            format!("B+{}", number(m))
        } else if m < 0.0 {
            format!("W+{}", number(-m))
        } else {
            "0".to_owned()
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.result())
    }
}

/// The board with the chains through `dead` taken off, and the prisoners each side then
/// holds.
fn without_dead(pos: &Position, dead: &[Point]) -> (Board, [u32; 2]) {
    let mut board = *pos.board();
    let mut prisoners = [pos.captures(Color::Black), pos.captures(Color::White)];
    for &p in dead {
        if !board.contains(p) {
            continue;
        }
        if let Some(color) = board.get(p) {
            let (stones, _) = board.chain_at(board.index(p));
            prisoners[(!color).index()] += board.remove(&stones);
        }
    }
    (board, prisoners)
}

/// An empty region, and which colours border it.
struct Region {
    points: Vec<usize>,
    black: bool,
    white: bool,
}

impl Region {
    /// The side that alone borders it.
    fn owner(&self) -> Option<Color> {
        match (self.black, self.white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// The board's empty regions.
fn regions(board: &Board) -> Vec<Region> {
    let n = usize::from(board.size()) * usize::from(board.size());
    let mut seen = Marks::default();
    let mut out = Vec::new();
    for i in 0..n {
        if board.at(i).is_some() || !seen.insert(i) {
            continue;
        }
        let mut region = Region {
            points: vec![i],
            black: false,
            white: false,
        };
        let mut k = 0;
        while k < region.points.len() {
            let r = region.points[k];
            k += 1;
            for j in board.neighbours(r) {
                match board.at(j) {
                    None => {
                        if seen.insert(j) {
                            region.points.push(j);
                        }
                    }
                    Some(c) => {
                        region.black |= c == Color::Black;
                        region.white |= c == Color::White;
                    }
                }
            }
        }
        out.push(region);
    }
    out
}

/// The largest eye a chain in seki is taken to have.
const SEKI_EYE: usize = 3;

/// The stones of chains in seki: a chain with a liberty the other side's stones touch
/// too, and no other liberties than those but one small eye of its own. A chain that
/// also touches its own territory, or has two eyes, is alive outside seki (the empty
/// points between two walls are neutral, not a seki).
fn seki_chains(board: &Board, regions: &[Region], region_of: &[usize]) -> Marks {
    let n = usize::from(board.size()) * usize::from(board.size());
    let mut seki = Marks::default();
    let mut seen = Marks::default();
    for i in 0..n {
        if board.at(i).is_none() || seen.contains(i) {
            continue;
        }
        let (stones, _) = board.chain_at(i);
        for &s in &stones {
            seen.insert(s);
        }
        let mut shared = false;
        let mut eyes: Vec<usize> = Vec::new();
        for &s in &stones {
            for j in board.neighbours(s).filter(|&j| board.at(j).is_none()) {
                let r = region_of[j];
                if regions[r].owner().is_none() {
                    shared = true;
                } else if !eyes.contains(&r) {
                    eyes.push(r);
                }
            }
        }
        let small_eye = match eyes.as_slice() {
            [] => true,
            [r] => regions[*r].points.len() <= SEKI_EYE,
            _ => false,
        };
        if shared && small_eye {
            for s in stones {
                seki.insert(s);
            }
        }
    }
    seki
}

/// The points that count for a side once the chains through `dead` are taken off: the
/// empty points only one side's stones surround, and the dead stones' points (for the
/// side that took them). What a counted board shows.
///
/// ```
/// use go_rules::{Color, Move, Point, Position, Rules, owners};
///
/// let b2 = Point::from_gtp("B2", 3)?;
/// let pos = Position::new(3)?.play(Move::Play(b2), &Rules::CHINESE)?;
/// let owned = owners(&pos, &[]);
/// assert_eq!(owned.len(), 8);
/// assert!(owned.iter().all(|&(p, c)| p != b2 && c == Color::Black));
/// // Counted dead, the stone's point and the rest belong to nobody.
/// assert!(owners(&pos, &[b2]).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn owners(pos: &Position, dead: &[Point]) -> Vec<(Point, Color)> {
    let (board, _) = without_dead(pos, dead);
    let mut owned: Vec<(Point, Color)> = regions(&board)
        .into_iter()
        .filter_map(|r| Some((r.owner()?, r.points)))
        .flat_map(|(c, points)| points.into_iter().map(move |i| (board.point(i), c)))
        .collect();
    owned.sort();
    owned
}

/// Counts `pos` under `rules`, the chains through `dead` taken off as prisoners, white
/// getting komi and the bonus for `handicap` stones.
#[must_use]
pub fn score(pos: &Position, dead: &[Point], rules: &Rules, handicap: u8) -> Score {
    let (board, prisoners) = without_dead(pos, dead);
    let n = usize::from(board.size()) * usize::from(board.size());
    let regions = regions(&board);
    let mut region_of = vec![usize::MAX; n];
    for (r, region) in regions.iter().enumerate() {
        for &i in &region.points {
            region_of[i] = r;
        }
    }
    let seki = seki_chains(&board, &regions, &region_of);
    let mut stones = [0u32; 2];
    let mut territory = [0u32; 2];
    let mut seki_eyes = [0u32; 2];
    for i in 0..n {
        if let Some(c) = board.at(i) {
            stones[c.index()] += 1;
        }
    }
    for region in &regions {
        let Some(owner) = region.owner() else {
            continue;
        };
        let in_seki = region
            .points
            .iter()
            .any(|&r| board.neighbours(r).any(|j| seki.contains(j)));
        let size = region.points.len() as u32;
        if in_seki && rules.scoring == Scoring::Territory {
            seki_eyes[owner.index()] += size;
        } else {
            territory[owner.index()] += size;
        }
    }
    let komi = rules.komi
        + match rules.scoring {
            Scoring::Area => rules.handicap_points(handicap),
            Scoring::Territory => 0.0,
        };
    let total = match rules.scoring {
        Scoring::Area => [
            (stones[0] + territory[0]) as f32,
            (stones[1] + territory[1]) as f32 + komi,
        ],
        Scoring::Territory => [
            (territory[0] + prisoners[0]) as f32,
            (territory[1] + prisoners[1]) as f32 + komi,
        ],
    };
    Score {
        stones,
        territory,
        prisoners,
        seki_eyes,
        komi,
        total,
        scoring: rules.scoring,
    }
}
