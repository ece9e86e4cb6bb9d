//! The computer's levels at Go, weakened as at Xiangqi: never by a random blunder, but
//! by GNU Go's own level (how far it reads) and by choosing among its candidate moves
//! (`top_moves`) within a margin of the best, the better ones more often. Every level
//! plays only moves GNU Go itself proposes, so no level fills its own eyes, and when GNU
//! Go proposes nothing the level passes: a won game ends on a pass at the right time,
//! not with a hundred pointless moves. No level resigns.

use crate::engine::EngineError;
use crate::engine::gtp::{Candidate, Gtp};
use crate::go::{Game, Move};

/// One Go level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoLevel {
    /// 1 (the easiest) to [`GO_LEVELS`]`.len()`; 0 for a custom one.
    pub number: u8,
    /// Its name in 简体中文, English, 繁體中文 and Tiếng Việt (see `Lang::column`), as a
    /// child would understand it.
    pub name: [&'static str; 4],
    /// GNU Go's `--level` (1–10: how far it reads).
    pub gnugo: u8,
    /// How many of GNU Go's candidates it weighs.
    pub lines: usize,
    /// How far below the best candidate (GNU Go's points) a move may be and still be
    /// played.
    pub margin: f32,
    /// The handicap it gives its opponent: 0 none, 1 black and half a point of komi, 2
    /// or more that many stones (and half a point).
    pub stones: u8,
    /// Its rating as measured on 9×9 (the manual's table, docs/manual/en/engine.md: Elo, GNU Go's level 10 at even
    /// the anchor at 0), if it has been.
    pub rating: Option<i32>,
}

/// The Go levels, easiest first, measured on 9×9 (the manual's table, docs/manual/en/engine.md: 100 games a
/// neighbouring pair, GNU Go's level 10 at even terms the anchor at 0). GNU Go's
/// candidates within a margin cover about 780 Elo from the weakest choice to its full
/// strength; below that the levels give handicap, two stones a level (about 200 Elo
/// between these players).
pub const GO_LEVELS: [GoLevel; 9] = [
    level(
        1,
        ["第一盘棋", "First game", "第一盤棋", "Ván cờ đầu tiên"],
        (1, 10, 40.0, 6),
        -1414,
    ),
    level(
        2,
        ["小棋童", "Little player", "小棋童", "Kỳ thủ nhí"],
        (1, 10, 40.0, 4),
        -1184,
    ),
    level(
        3,
        [
            "围棋兴趣班",
            "Go club kid",
            "圍棋才藝班",
            "Lớp năng khiếu cờ vây",
        ],
        (1, 10, 40.0, 2),
        -964,
    ),
    level(
        4,
        ["初学者", "Beginner", "初學者", "Mới học"],
        (1, 10, 40.0, 0),
        -782,
    ),
    level(
        5,
        ["爱好者", "Club newcomer", "愛好者", "Người mê cờ"],
        (1, 6, 16.0, 0),
        -635,
    ),
    level(
        6,
        ["业余棋手", "Club player", "業餘棋手", "Kỳ thủ nghiệp dư"],
        (1, 5, 8.0, 0),
        -453,
    ),
    level(
        7,
        ["公园高手", "Park expert", "公園高手", "Cao thủ công viên"],
        (1, 4, 6.0, 0),
        -297,
    ),
    level(
        8,
        ["业余强手", "Strong amateur", "業餘強手", "Nghiệp dư mạnh"],
        (1, 1, 0.0, 0),
        -115,
    ),
    level(
        9,
        ["全力", "Full strength", "全力", "Toàn lực"],
        (10, 1, 0.0, 0),
        0,
    ),
];

const fn level(
    number: u8,
    name: [&'static str; 4],
    (gnugo, lines, margin, stones): (u8, usize, f32, u8),
    rating: i32,
) -> GoLevel {
    GoLevel {
        number,
        name,
        gnugo,
        lines,
        margin,
        stones,
        rating: Some(rating),
    }
}

impl GoLevel {
    /// Level `n` (1-based), if there is one.
    #[must_use]
    pub fn get(n: u8) -> Option<GoLevel> {
        GO_LEVELS.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// A level not in the table, for calibrating: `GNUGO/LINES/MARGIN[/STONES]`
    /// (`1/6/16`, `1/1/0/2`).
    ///
    /// # Errors
    /// Its text, said back.
    pub fn custom(text: &str) -> Result<GoLevel, String> {
        let bad = || {
            format!(
                "\"{text}\": a custom Go level is gnugo:LEVEL/LINES/MARGIN[/STONES] (gnugo:1/6/16)"
            )
        };
        let parts: Vec<&str> = text.split('/').collect();
        let (gnugo, lines, margin, stones) = match parts[..] {
            [g, l, m] => (g, l, m, "0"),
            [g, l, m, s] => (g, l, m, s),
            _ => return Err(bad()),
        };
        let gnugo: u8 = gnugo.parse().map_err(|_| bad())?;
        Ok(GoLevel {
            number: 0,
            name: ["自定", "Custom", "自訂", "Tự đặt"],
            gnugo: if (1..=10).contains(&gnugo) {
                gnugo
            } else {
                return Err(bad());
            },
            lines: lines.parse().map_err(|_| bad())?,
            margin: margin.parse().map_err(|_| bad())?,
            stones: stones.parse().map_err(|_| bad())?,
            rating: None,
        })
    }

    /// Its name in matches: `gnugo:3`, or `gnugo:1/6/16` for a custom one.
    #[must_use]
    pub fn id(&self) -> String {
        if self.number == 0 && self.stones > 0 {
            let (g, l, m, s) = (self.gnugo, self.lines, self.margin, self.stones);
            format!("gnugo:{g}/{l}/{m}/{s}")
        } else if self.number == 0 {
            format!("gnugo:{}/{}/{}", self.gnugo, self.lines, self.margin)
        } else {
            format!("gnugo:{}", self.number)
        }
    }

    /// Of GNU Go's candidates (best first), the move to play: one within the margin of
    /// the best, drawn by `roll` (0 ≤ roll < 1) with the better likelier; a pass when
    /// there is none.
    #[must_use]
    pub fn choose(&self, candidates: &[Candidate], roll: f64) -> Move {
        let Some(best) = candidates.first() else {
            return Move::Pass;
        };
        let within: Vec<&Candidate> = candidates
            .iter()
            .take(self.lines.max(1))
            .filter(|c| best.value - c.value <= self.margin)
            .collect();
        // Weight 1 for the best, falling to a third at the margin's edge.
        let weight = |c: &Candidate| {
            let loss = f64::from(best.value - c.value) / f64::from(self.margin.max(0.01));
            1.0 - 2.0 / 3.0 * loss.min(1.0)
        };
        let total: f64 = within.iter().map(|c| weight(c)).sum();
        let mut left = roll.clamp(0.0, 0.999_999) * total;
        for c in &within {
            left -= weight(c);
            if left < 0.0 {
                return c.mv;
            }
        }
        best.mv
    }

    /// Its move in `game`, asked of `gnugo` (started at this level's `gnugo` and told
    /// the game): a candidate our rules allow, or a pass.
    ///
    /// # Errors
    /// GNU Go's own.
    pub fn play(&self, gnugo: &mut Gtp, game: &Game, roll: f64) -> Result<Move, EngineError> {
        let size = game.start().board().size();
        let candidates: Vec<Candidate> = gnugo
            .top_moves(game.position().to_move(), size)?
            .into_iter()
            // GNU Go knows no superko of ours.
            .filter(|c| game.check(c.mv).is_ok())
            .collect();
        Ok(self.choose(&candidates, roll))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;

    fn at(x: u8, value: f32) -> Candidate {
        Candidate {
            mv: Move::Play(Point::new(x, 0)),
            value,
        }
    }

    #[test]
    fn a_go_level_plays_within_its_margin_and_passes_when_gnugo_would() {
        let l = GoLevel::get(6).unwrap();
        let candidates = [at(0, 30.0), at(1, 28.0), at(2, 25.0), at(3, 2.0)];
        let mut counts = [0; 4];
        for i in 0..1000 {
            let Move::Play(p) = l.choose(&candidates, f64::from(i) / 1000.0) else {
                panic!("a pass with candidates");
            };
            counts[usize::from(p.x)] += 1;
        }
        assert_eq!(counts[3], 0, "past the margin: {counts:?}");
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
        assert_eq!(
            GoLevel::get(9).unwrap().choose(&candidates, 0.99),
            at(0, 0.0).mv
        );
        assert_eq!(l.choose(&[], 0.5), Move::Pass);
    }

    #[test]
    fn the_go_levels_rise_and_a_custom_one_reads() {
        for pair in GO_LEVELS.windows(2) {
            assert_eq!(pair[1].number, pair[0].number + 1);
            assert!(pair[1].gnugo >= pair[0].gnugo && pair[1].margin <= pair[0].margin);
            assert!(pair[1].stones <= pair[0].stones);
        }
        let c = GoLevel::custom("1/6/16").unwrap();
        assert_eq!((c.gnugo, c.lines, c.margin), (1, 6, 16.0));
        assert_eq!(c.id(), "gnugo:1/6/16");
        assert!(GoLevel::custom("11/1/0").is_err());
        assert!(GoLevel::custom("x").is_err());
    }
}
