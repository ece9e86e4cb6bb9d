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
    let n = usize::from(board.size()) * usize::from(board.size());
    let mut owned = Vec::new();
    let mut seen = Marks::default();
    for i in 0..n {
        if board.at(i).is_some() || !seen.insert(i) {
            continue;
        }
        let mut region = vec![i];
        let (mut black, mut white) = (false, false);
        let mut k = 0;
        while k < region.len() {
            let r = region[k];
            k += 1;
            for j in board.neighbours(r) {
                match board.at(j) {
                    None => {
                        if seen.insert(j) {
                            region.push(j);
                        }
                    }
                    Some(c) => {
                        black |= c == Color::Black;
                        white |= c == Color::White;
                    }
                }
            }
        }
        let owner = match (black, white) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => continue,
        };
        owned.extend(region.into_iter().map(|r| (board.point(r), owner)));
    }
    owned.sort();
    owned
}

/// Counts `pos` under `rules`, the chains through `dead` taken off as prisoners, white
/// getting komi and the bonus for `handicap` stones.
#[must_use]
pub fn score(pos: &Position, dead: &[Point], rules: &Rules, handicap: u8) -> Score {
    let (board, prisoners) = without_dead(pos, dead);
    let n = usize::from(board.size()) * usize::from(board.size());
    // Chains in seki: alive, sharing a liberty with the other side's.
    let mut seki = Marks::default();
    for i in 0..n {
        if board.at(i).is_some() {
            continue;
        }
        let around: Vec<Color> = board.neighbours(i).filter_map(|j| board.at(j)).collect();
        if around.contains(&Color::Black) && around.contains(&Color::White) {
            for j in board.neighbours(i) {
                if board.at(j).is_some() && !seki.contains(j) {
                    let (stones, _) = board.chain_at(j);
                    for s in stones {
                        seki.insert(s);
                    }
                }
            }
        }
    }
    let mut stones = [0u32; 2];
    let mut territory = [0u32; 2];
    let mut seki_eyes = [0u32; 2];
    let mut seen = Marks::default();
    for i in 0..n {
        if let Some(c) = board.at(i) {
            stones[c.index()] += 1;
            continue;
        }
        if !seen.insert(i) {
            continue;
        }
        // One empty region: who borders it, and whether a chain in seki does.
        let mut region = vec![i];
        let (mut black, mut white, mut in_seki) = (false, false, false);
        let mut k = 0;
        while k < region.len() {
            let r = region[k];
            k += 1;
            for j in board.neighbours(r) {
                match board.at(j) {
                    None => {
                        if seen.insert(j) {
                            region.push(j);
                        }
                    }
                    Some(c) => {
                        black |= c == Color::Black;
                        white |= c == Color::White;
                        in_seki |= seki.contains(j);
                    }
                }
            }
        }
        let owner = match (black, white) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => continue,
        };
        let size = region.len() as u32;
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
