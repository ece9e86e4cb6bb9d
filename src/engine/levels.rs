//! The computer's levels at Xiangqi, from a child's first game to full strength. A level
//! weakens Fairy-Stockfish by searching less and choosing among its good moves, never by
//! a random blunder: it searches to a depth with several lines (MultiPV) and plays one
//! of the lines within a margin of the best, the better ones more often. At every level
//! a mate in one is played when there is one (found by the rules, not the search), and
//! no level resigns: a game a child wins ends on the child's move.

use crate::engine::{Line, Score};
use crate::rules::{Move, Position};

/// One level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (the easiest) to [`LEVELS`]`.len()`.
    pub number: u8,
    /// Its name in 简体中文, English, 繁體中文 and Tiếng Việt (see `Lang::column`), as a
    /// child would understand it.
    pub name: [&'static str; 4],
    /// How deep it searches.
    pub depth: u32,
    /// How many lines it weighs.
    pub lines: usize,
    /// How far below the best line (centipawns) a line may be and still be played.
    pub margin: i32,
    /// Its rating as measured (the manual's table, docs/manual/en/engine.md: Elo, Fairy-Stockfish's `UCI_Elo`
    /// 1350 the anchor), if it has been.
    pub rating: Option<i32>,
}

/// The levels, easiest first. Their depths, lines and margins are what the match runner
/// measured (`xiangqi match fsf:4 fsf:3`; a custom one is `fsf:DEPTH/LINES/MARGIN`),
/// chosen so that neighbours are 100–250 Elo apart where measured (the manual's table, docs/manual/en/engine.md).
pub const LEVELS: [Level; 17] = [
    level(
        1,
        ["蹒跚学步", "First steps", "蹣跚學步", "Chập chững"],
        1,
        8,
        400,
        Some(791),
    ),
    level(
        2,
        ["幼儿园", "Kindergarten", "幼稚園", "Mẫu giáo"],
        1,
        6,
        400,
        Some(951),
    ),
    level(
        3,
        ["小学生", "Schoolchild", "小學生", "Học sinh tiểu học"],
        1,
        6,
        250,
        Some(1142),
    ),
    level(
        4,
        [
            "象棋兴趣班",
            "Chess club kid",
            "象棋才藝班",
            "Lớp năng khiếu cờ",
        ],
        1,
        5,
        200,
        Some(1319),
    ),
    level(
        5,
        ["初学者", "Beginner", "初學者", "Mới học"],
        2,
        5,
        180,
        Some(1496),
    ),
    level(
        6,
        ["爱好者", "Club newcomer", "愛好者", "Người mê cờ"],
        3,
        5,
        130,
        Some(1678),
    ),
    level(
        7,
        ["街头高手", "Park player", "街頭高手", "Cao thủ vỉa hè"],
        4,
        4,
        90,
        Some(1860),
    ),
    level(
        8,
        ["公园棋王", "Park champion", "公園棋王", "Vua cờ công viên"],
        5,
        4,
        60,
        Some(1999),
    ),
    level(
        9,
        ["业余四级", "Amateur 4", "業餘四級", "Nghiệp dư cấp 4"],
        6,
        3,
        40,
        Some(2195),
    ),
    level(
        10,
        ["业余三级", "Amateur 3", "業餘三級", "Nghiệp dư cấp 3"],
        7,
        3,
        32,
        Some(2436),
    ),
    level(
        11,
        ["业余二级", "Amateur 2", "業餘二級", "Nghiệp dư cấp 2"],
        8,
        3,
        25,
        Some(2632),
    ),
    level(
        12,
        ["业余一级", "Amateur 1", "業餘一級", "Nghiệp dư cấp 1"],
        9,
        3,
        20,
        Some(2828),
    ),
    level(
        13,
        [
            "业余大师",
            "Amateur master",
            "業餘大師",
            "Kiện tướng nghiệp dư",
        ],
        10,
        2,
        15,
        Some(3048),
    ),
    level(
        14,
        [
            "地方冠军",
            "Provincial champion",
            "地方冠軍",
            "Vô địch tỉnh",
        ],
        11,
        2,
        10,
        Some(3204),
    ),
    level(
        15,
        ["大师", "Master", "大師", "Kiện tướng"],
        12,
        2,
        5,
        Some(3377),
    ),
    level(
        16,
        ["特级大师", "Grandmaster", "特級大師", "Đại kiện tướng"],
        14,
        1,
        0,
        Some(3573),
    ),
    level(
        17,
        ["全力", "Full strength", "全力", "Toàn lực"],
        22,
        1,
        0,
        None,
    ),
];

const fn level(
    number: u8,
    name: [&'static str; 4],
    depth: u32,
    lines: usize,
    margin: i32,
    rating: Option<i32>,
) -> Level {
    Level {
        number,
        name,
        depth,
        lines,
        margin,
        rating,
    }
}

impl Level {
    /// Level `n` (1-based), if there is one.
    #[must_use]
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// Of the engine's `lines` (its last report for each MultiPV line), the move to play:
    /// a line within the margin of the best, drawn by `roll` (0 ≤ roll < 1) with the better
    /// lines likelier (weights falling with the loss). A mate the engine sees is always
    /// played; so is the best line when it alone is known.
    #[must_use]
    pub fn choose(&self, lines: &[Line], roll: f64) -> Option<Move> {
        let value = |l: &Line| match l.score {
            // A mate found outranks any material; a mate against, below any.
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
            Score::Centipawns(cp) => cp,
        };
        let mut scored: Vec<(i32, Move)> = lines
            .iter()
            .filter_map(|l| Some((value(l), *l.pv.first()?)))
            .collect();
        scored.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        let &(best, best_move) = scored.first()?;
        if best >= 100_000 - 1000 {
            return Some(best_move);
        }
        let within: Vec<(i32, Move)> = scored
            .into_iter()
            .filter(|&(v, _)| best - v <= self.margin)
            .collect();
        // Weight 1 for the best, falling to a third at the margin's edge.
        let weight = |v: i32| {
            let loss = f64::from(best - v) / f64::from(self.margin.max(1));
            1.0 - 2.0 / 3.0 * loss
        };
        let total: f64 = within.iter().map(|&(v, _)| weight(v)).sum();
        let mut left = roll.clamp(0.0, 0.999_999) * total;
        for &(v, m) in &within {
            left -= weight(v);
            if left < 0.0 {
                return Some(m);
            }
        }
        Some(best_move)
    }
}

/// A move that wins at once, if `pos` has one: after it the other side has no legal
/// move (checkmated, or 困毙: in Xiangqi both lose). A checkmate first.
#[must_use]
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let ending: Vec<(Move, Position)> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|&m| Some((m, pos.play(m).ok()?)))
        .filter(|(_, after)| after.legal_moves().is_empty())
        .collect();
    ending
        .iter()
        .find(|(_, after)| after.is_check())
        .or(ending.first())
        .map(|(m, _)| *m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(cp: i32, mv: &str) -> Line {
        Line {
            depth: 5,
            multipv: 1,
            score: Score::Centipawns(cp),
            pv: vec![mv.parse().unwrap()],
        }
    }

    #[test]
    fn a_level_plays_within_its_margin_and_likelier_the_better_line() {
        let l = Level::get(5).unwrap();
        let lines = [
            line(30, "h2e2"),
            line(10, "b2e2"),
            line(-100, "h0g2"),
            line(-900, "a3a4"),
        ];
        let mut counts = std::collections::HashMap::new();
        for i in 0..1000 {
            let m = l.choose(&lines, f64::from(i) / 1000.0).unwrap();
            *counts.entry(m.to_string()).or_insert(0) += 1;
        }
        assert!(
            !counts.contains_key("a3a4"),
            "a blunder past the margin: {counts:?}"
        );
        assert!(counts["h2e2"] > counts["b2e2"] && counts["b2e2"] > counts["h0g2"]);
        // The strongest levels play the best line alone.
        let top = Level::get(17).unwrap();
        assert_eq!(top.choose(&lines, 0.99).unwrap().to_string(), "h2e2");
        // A mate seen is played whatever the roll.
        let mate = Line {
            score: Score::Mate(3),
            ..line(0, "b2b9")
        };
        let lines = [line(500, "h2e2"), mate];
        assert_eq!(
            Level::get(1)
                .unwrap()
                .choose(&lines, 0.0)
                .unwrap()
                .to_string(),
            "b2b9"
        );
    }

    #[test]
    fn the_levels_search_no_shallower_as_they_rise() {
        for pair in LEVELS.windows(2) {
            assert_eq!(pair[1].number, pair[0].number + 1);
            assert!(pair[1].depth >= pair[0].depth && pair[1].margin <= pair[0].margin);
        }
        assert_eq!(Level::get(0), None);
        assert_eq!(Level::get(18), None);
    }

    #[test]
    fn a_mate_in_one_is_found_by_the_rules() {
        // 铁门栓-like: the red chariot mates on the back rank.
        let pos = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/R3K4 w").unwrap();
        let mv = mate_in_one(&pos);
        assert!(mv.is_some(), "a mate in one");
        let after = pos.play(mv.unwrap()).unwrap();
        assert!(after.is_checkmate());
        assert_eq!(mate_in_one(&Position::new()), None);
    }
}
