//! Learning Go: stages of small levels on 5×5 to 9×9 boards, from liberties to seki,
//! and capture Go (吃子棋) as the first game. The course is a data file compiled in
//! (`assets/lessons/go.ron`); [`attempt::Attempt`] judges each move, [`reader`] reads
//! captures for the checks and the defence, [`life`] tells which groups live, and
//! [`capture_go`] is the small player capture Go is played against.
//!
//! ```
//! use xiangqi::games::go::lessons::{check, course};
//!
//! let stages = course();
//! assert!(stages.len() >= 15);
//! assert!(check(&stages[0].levels[0]).is_ok());
//! ```

use std::sync::OnceLock;

use table::i18n::Lang;
use table::learn::{Card, Course, LevelCard, Text};

use crate::go::{Color, Move, Point, Position, Rules, owners, score};

pub mod attempt;
pub mod capture_go;
mod check;
mod file;
pub mod life;
pub mod reader;

pub use check::{Unfit, check};
pub use file::parse;

use reader::RULES;

/// The course's file.
const COURSE: &str = include_str!("../../../../assets/lessons/go.ron");

/// What a level asks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Goal {
    /// Take the marked stones of the other side.
    Capture(Vec<Point>),
    /// Put the marked chain in atari, in one move.
    Atari(Vec<Point>),
    /// Save the marked stones of the learner's, in one move.
    Escape(Vec<Point>),
    /// Join the marked stones into one chain, in one move.
    Connect(Vec<Point>),
    /// Keep the other side's marked stones apart, in one move.
    Cut(Vec<Point>),
    /// Make the marked group live (two eyes), in one move.
    Live(Vec<Point>),
    /// Play every neutral point (dame); the other side passes.
    Fill(Vec<Point>),
    /// Say by how many points black wins (area counting, no komi; negative: white wins).
    Count(i32),
    /// In seki: pass, for a stone on a marked point would be taken.
    Pass(Vec<Point>),
    /// Capture Go: the first capture wins; against the capture player, or the other
    /// person at the table.
    CaptureGo {
        /// The computer answers; otherwise two people play.
        computer: bool,
    },
}

impl Goal {
    /// Its name in `xiangqi lessons --json`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Goal::Capture(_) => "capture",
            Goal::Atari(_) => "atari",
            Goal::Escape(_) => "escape",
            Goal::Connect(_) => "connect",
            Goal::Cut(_) => "cut",
            Goal::Live(_) => "live",
            Goal::Fill(_) => "fill",
            Goal::Count(_) => "count",
            Goal::Pass(_) => "pass",
            Goal::CaptureGo { .. } => "capture-go",
        }
    }

    /// The marked points.
    #[must_use]
    pub fn targets(&self) -> &[Point] {
        match self {
            Goal::Capture(t)
            | Goal::Atari(t)
            | Goal::Escape(t)
            | Goal::Connect(t)
            | Goal::Cut(t)
            | Goal::Live(t)
            | Goal::Fill(t)
            | Goal::Pass(t) => t,
            Goal::Count(_) | Goal::CaptureGo { .. } => &[],
        }
    }

    /// The number the goal counts: stones to take, points to fill, the count.
    #[must_use]
    pub fn count(&self) -> i64 {
        match self {
            Goal::Count(n) => i64::from(*n),
            Goal::CaptureGo { .. } => 1,
            g => g.targets().len() as i64,
        }
    }
}

/// A level: a board, what to do there, in how many moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// `stage-N`.
    pub id: String,
    /// The board, the learner to move.
    pub start: Position,
    /// What to do.
    pub goal: Goal,
    /// Moves for three stars.
    pub par: u32,
    /// The other side passes.
    pub solo: bool,
    /// A line said under the goal.
    pub say: Option<Text>,
    /// What the level showed, said once passed.
    pub after: Option<Text>,
    /// The other side's answers in turn, where fixed ones are wanted.
    pub replies: Vec<Move>,
}

impl Level {
    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.start.board().size()
    }

    /// The learner's colour.
    #[must_use]
    pub fn learner(&self) -> Color {
        self.start.to_move()
    }

    /// The most moves before the level fails.
    #[must_use]
    pub fn limit(&self) -> u32 {
        match self.goal {
            Goal::Capture(_) if self.solo => self.par * 2 + 3,
            Goal::Fill(_) => self.par * 2 + 3,
            Goal::CaptureGo { .. } => u32::MAX,
            _ => self.par,
        }
    }

    /// The one-line goal.
    #[must_use]
    pub fn goal_text(&self) -> Text {
        let n = self.goal.targets().len();
        let colour = match self.learner() {
            Color::Black => ["黑", "Black", "黑", "Đen"],
            Color::White => ["白", "White", "白", "Trắng"],
        };
        let text = match &self.goal {
            Goal::Capture(_) if n == 1 => Text::new(
                "吃掉标记的棋子",
                "Capture the marked stones",
                "吃掉標記的棋子",
                "Ăn các quân được đánh dấu",
            ),
            Goal::Capture(_) => Text::new(
                "吃掉所有标记的棋子",
                "Capture all the marked stones",
                "吃掉所有標記的棋子",
                "Ăn hết các quân được đánh dấu",
            ),
            Goal::Atari(_) => Text::new(
                "叫吃标记的棋子",
                "Put the marked stones in atari",
                "叫吃標記的棋子",
                "Dọa ăn (atari) các quân được đánh dấu",
            ),
            Goal::Escape(_) => Text::new(
                "救出标记的棋子",
                "Save the marked stones",
                "救出標記的棋子",
                "Cứu các quân được đánh dấu",
            ),
            Goal::Connect(_) => Text::new(
                "把标记的棋子连起来",
                "Connect the marked stones",
                "把標記的棋子連起來",
                "Nối các quân được đánh dấu lại với nhau",
            ),
            Goal::Cut(_) => Text::new(
                "把对方标记的棋子分断",
                "Cut the marked stones apart",
                "把對方標記的棋子分斷",
                "Cắt rời các quân được đánh dấu của đối phương",
            ),
            Goal::Live(_) => Text::new(
                "做出两只眼，让标记的棋活",
                "Make two eyes: let the marked group live",
                "做出兩隻眼，讓標記的棋活",
                "Làm hai mắt: cho nhóm quân được đánh dấu sống",
            ),
            Goal::Fill(_) => Text::new(
                format!("收完最后{n}个单官"),
                format!("Fill the last {n} neutral points"),
                format!("收完最後{n}個單官"),
                format!("Lấp nốt {n} điểm trung lập cuối cùng"),
            ),
            // Not a move: no side to play is named.
            Goal::Count(_) => {
                return Text::new(
                    "数一数：黑棋比白棋多几子？（白棋多就填负数）",
                    "Count: how many points more has black than white? (Negative when white has more.)",
                    "數一數：黑棋比白棋多幾子？（白棋多就填負數）",
                    "Đếm: Đen hơn Trắng bao nhiêu điểm? (Trắng hơn thì ghi số âm.)",
                );
            }
            Goal::Pass(_) => Text::new(
                "双活：这里不要下，停一手",
                "Seki: do not play here, pass",
                "雙活：這裡不要下，停一手",
                "Sống chung (seki): đừng đặt quân ở đây, hãy bỏ lượt",
            ),
            Goal::CaptureGo { computer: true } => Text::new(
                "吃子棋：先吃到子的一方赢",
                "Capture Go: the first to capture a stone wins",
                "吃子棋：先吃到子的一方贏",
                "Cờ bắt quân: bên nào bắt được quân trước thì thắng",
            ),
            Goal::CaptureGo { computer: false } => Text::new(
                "吃子棋：和身边的人下，先吃到子的一方赢",
                "Capture Go with the person beside you: the first to capture wins",
                "吃子棋：和身邊的人下，先吃到子的一方贏",
                "Cờ bắt quân với người ngồi cạnh: bên nào bắt được quân trước thì thắng",
            ),
        };
        Text::each(|l| {
            let (who, goal) = (colour[l.column()], text.get(l));
            match l {
                Lang::Zh | Lang::Hant => format!("{who}先。{goal}"),
                Lang::En => format!("{who} to play. {goal}"),
                Lang::Vi => format!("{who} đi. {goal}"),
            }
        })
    }
}

/// A stage: levels that teach one thing.
pub type Stage = table::learn::Stage<Level>;

impl Card for Level {
    fn card(&self) -> LevelCard {
        LevelCard {
            id: self.id.clone(),
            goal: self.goal_text(),
            par: self.par,
        }
    }
}

/// The course, read once.
///
/// # Panics
/// If the compiled-in file does not read; the tests read it.
#[must_use]
pub fn course() -> &'static [Stage] {
    static ALL: OnceLock<Vec<Stage>> = OnceLock::new();
    ALL.get_or_init(|| parse(COURSE).unwrap_or_else(|e| panic!("the Go lessons: {e}")))
}

/// The course as the map shows it.
#[must_use]
pub fn cards() -> Course {
    Course::of("go", course())
}

/// After the learner's move (the other side to move), the marked stones of the other
/// side are in more than one chain, and stay so after any one answer.
#[must_use]
pub fn cut_holds(next: &Position, targets: &[Point]) -> bool {
    let apart = |pos: &Position| {
        let chain = pos
            .board()
            .chain(targets[0])
            .map(|c| c.stones)
            .unwrap_or_default();
        !targets.iter().all(|p| chain.contains(p))
    };
    apart(next)
        && next
            .board()
            .empty_points()
            .filter_map(|p| next.play(Move::Play(p), &RULES).ok())
            .all(|after| apart(&after))
}

/// The score, black's total less white's, by area with no komi.
#[must_use]
pub fn black_lead(pos: &Position) -> i32 {
    let s = score(pos, &[], &Rules::CHINESE.with_komi(0.0), 0);
    (s.total[0] - s.total[1]).round() as i32
}

/// The neutral points: empty and owned by neither side.
#[must_use]
pub fn neutral(pos: &Position) -> Vec<Point> {
    let owned: Vec<Point> = owners(pos, &[]).into_iter().map(|(p, _)| p).collect();
    pos.board()
        .empty_points()
        .filter(|p| !owned.contains(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level of the course, checked by the rules; all failures at once.
    #[test]
    fn every_level_checks() {
        let unfit: Vec<String> = course()
            .iter()
            .flat_map(|s| &s.levels)
            .filter_map(|l| check(l).err().map(|e| e.0))
            .collect();
        assert!(unfit.is_empty(), "{}", unfit.join("\n"));
    }
}

#[cfg(test)]
mod checks {
    use super::*;
    use crate::go::text::read_diagram;

    fn one(level: &str) -> Level {
        let text = format!(
            r#"[(id: "t", title: ("", "", "", ""), intro: ("", "", "", ""), levels: [{level}])]"#
        );
        parse(&format!("#![enable(implicit_some)]\n{text}")).unwrap()[0].levels[0].clone()
    }

    #[test]
    fn a_wrong_par_or_a_wrong_mark_is_found() {
        let edge = r#"(board: [". . . . .", "X . . . .", "O . . . .", ". . . . .", ". . . . ."], goal: Capture(["A3"]), par: PAR)"#;
        assert!(check(&one(&edge.replace("PAR", "3"))).is_ok());
        let two = check(&one(&edge.replace("PAR", "2"))).unwrap_err();
        assert!(two.0.contains("Some(3)"), "{two}");
        let mark = r#"(board: [". . . . .", "X . . . .", "O . . . .", ". . . . .", ". . . . ."], goal: Capture(["A4"]), par: 1)"#;
        assert!(check(&one(mark)).is_err());
        // Not in atari after extending: escaping needs no help.
        let safe = r#"(board: [". . . . .", ". . . . .", ". . X . .", ". . . . .", ". . . . ."], goal: Escape(["C3"]))"#;
        assert!(check(&one(safe)).is_err());
    }

    #[test]
    fn capture_go_has_no_par_and_a_win_is_three_stars() {
        let level = course()
            .iter()
            .flat_map(|s| &s.levels)
            .find(|l| l.goal == Goal::CaptureGo { computer: true })
            .unwrap();
        assert_eq!(level.par, 0);
        let mut passed = 0;
        for seed in 0..6u64 {
            let mut a = attempt::Attempt::new(level);
            for ply in 0..200u64 {
                if a.verdict() != attempt::Verdict::Going {
                    break;
                }
                let mv = if ply % 3 == 0 {
                    capture_go::random(a.position(), seed * 1000 + ply)
                } else {
                    capture_go::choose(a.position(), seed * 1000 + ply)
                };
                a.play(mv).unwrap();
                a.answer_reply();
            }
            assert!(
                matches!(
                    a.verdict(),
                    attempt::Verdict::Passed { stars: 3 } | attempt::Verdict::Failed(_)
                ),
                "{:?} after {} moves",
                a.verdict(),
                a.moves()
            );
            passed += u32::from(a.verdict() == attempt::Verdict::Passed { stars: 3 });
        }
        // A test that only ever failed the level would say nothing of its stars.
        assert!(passed >= 3, "{passed} of 6 attempts won");
    }

    #[test]
    fn the_capture_player_beats_a_random_player() {
        let start = read_diagram(". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . X O . .\n. . . O X . .\n. . . . . . .\n. . . . . . .").unwrap();
        let mut won = 0;
        for game in 0..20u64 {
            let mut pos = start;
            let player = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            for ply in 0..200u64 {
                let mv = if pos.to_move() == player {
                    capture_go::choose(&pos, game * 1000 + ply)
                } else {
                    capture_go::random(&pos, game * 1000 + ply)
                };
                pos = pos.play(mv, &RULES).unwrap();
                if capture_go::winner(&pos).is_some() {
                    break;
                }
            }
            won += u32::from(capture_go::winner(&pos) == Some(player));
        }
        assert!(won >= 19, "won {won} of 20");
    }
}
