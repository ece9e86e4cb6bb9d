//! Go problems (死活题): a position, the side to play, what to achieve (kill, live, ko,
//! capture, escape) and the answer tree: the right moves, the defence's best replies
//! and the right answers to them, and the common wrong tries with their refutations.
//! The collection is an SGF file compiled in (`assets/problems/go.sgf`), made by
//! `cargo run --release --example make-go-problems` and read as any problem file a
//! player opens ([`read`]); every problem is checked by GNU Go's own reading
//! ([`check::verify`]).
//!
//! ```
//! use xiangqi::games::go::problems::{Goal, collection};
//!
//! let all = collection();
//! assert!(all.len() >= 300);
//! let first = &all[0];
//! assert!(!first.right_first_moves().is_empty());
//! assert!(matches!(first.goal, Goal::Kill | Goal::Live | Goal::Ko | Goal::Capture | Goal::Escape));
//! ```

use std::sync::OnceLock;

use crate::go::{Color, Move, Point, Position};

pub mod attempt;
pub mod check;
mod file;
pub mod make;

pub use file::{ProblemFileError, is_problem_file, read, write};

/// The collection's file.
const COLLECTION: &str = include_str!("../../../../assets/problems/go.sgf");

/// The levels, easiest first: 1 to [`LEVELS`].
pub const LEVELS: u8 = 4;

/// What the side to play has to achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Goal {
    /// Kill the marked group: it cannot make two eyes.
    Kill,
    /// Make the marked group live.
    Live,
    /// Get a ko at least (the best there is).
    Ko,
    /// Live in seki (双活).
    Seki,
    /// Capture the marked stones.
    Capture,
    /// Save the marked stones from capture.
    Escape,
}

impl Goal {
    /// Its name in files and `xiangqi go problems --json`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
            Goal::Ko => "ko",
            Goal::Seki => "seki",
            Goal::Capture => "capture",
            Goal::Escape => "escape",
        }
    }

    /// The goal a name (English, or the Chinese and Japanese words problem books use)
    /// stands for.
    #[must_use]
    pub fn of_name(name: &str) -> Option<Goal> {
        let n = name.trim().to_ascii_lowercase();
        Some(match n.as_str() {
            "kill" | "杀" | "净杀" | "殺" => Goal::Kill,
            "live" | "活" | "做活" => Goal::Live,
            "ko" | "劫" | "コウ" => Goal::Ko,
            "seki" | "双活" | "セキ" => Goal::Seki,
            "capture" | "吃" | "吃子" => Goal::Capture,
            "escape" | "逃" | "逃出" => Goal::Escape,
            _ => return None,
        })
    }

    /// Whether the side to play works against the marked stones (kill, capture) rather
    /// than for them.
    #[must_use]
    pub fn against_target(self) -> bool {
        matches!(self, Goal::Kill | Goal::Capture)
    }

    /// The words of a problem book: "Black to kill", with the side to play.
    #[must_use]
    pub fn english(self, to_play: Color) -> String {
        let side = if to_play == Color::Black {
            "Black"
        } else {
            "White"
        };
        let what = match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
            Goal::Ko => "make a ko",
            Goal::Seki => "live in seki",
            Goal::Capture => "capture",
            Goal::Escape => "save the stones",
        };
        format!("{side} to {what}")
    }

    /// 黑先杀, 白先活…, as Chinese problem books write it.
    #[must_use]
    pub fn chinese(self, to_play: Color) -> String {
        let side = if to_play == Color::Black {
            "黑先"
        } else {
            "白先"
        };
        let what = match self {
            Goal::Kill => "杀",
            Goal::Live => "活",
            Goal::Ko => "劫",
            Goal::Seki => "双活",
            Goal::Capture => "吃子",
            Goal::Escape => "逃出",
        };
        format!("{side}{what}")
    }
}

/// One move of the answer tree, and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The move.
    pub mv: Move,
    /// It leads to the goal (a solver's move), or it is the best defence on a right
    /// line (an opponent's).
    pub right: bool,
    /// What the file says of it.
    pub note: String,
    /// The steps that follow: indices into [`Problem::steps`].
    pub next: Vec<usize>,
}

/// A problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// `gp-0001` in the collection; a file's name and number for a file's.
    pub id: String,
    /// 1 (easiest) to [`LEVELS`]; 0 when a file gives none.
    pub level: u8,
    /// What to achieve.
    pub goal: Goal,
    /// The board, the solver to move.
    pub start: Position,
    /// A stone of the group (or string) the goal is about.
    pub target: Option<Point>,
    /// The tree: the first moves are [`Problem::first`].
    pub steps: Vec<Step>,
    /// The first moves' indices into `steps`.
    pub first: Vec<usize>,
    /// Where it comes from.
    pub source: String,
    /// How deep GNU Go read it (its nodes), where known: the level is graded by it.
    pub nodes: u64,
}

impl Problem {
    /// The side to play.
    #[must_use]
    pub fn to_play(&self) -> Color {
        self.start.to_move()
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.start.board().size()
    }

    /// The right first moves.
    #[must_use]
    pub fn right_first_moves(&self) -> Vec<Move> {
        self.first
            .iter()
            .filter(|&&i| self.steps[i].right)
            .map(|&i| self.steps[i].mv)
            .collect()
    }

    /// The steps that follow `line` (moves from the start), or `None` when the tree
    /// does not have that line.
    #[must_use]
    pub fn after(&self, line: &[Move]) -> Option<&[usize]> {
        let mut here: &[usize] = &self.first;
        for &mv in line {
            let i = *here.iter().find(|&&i| self.steps[i].mv == mv)?;
            here = &self.steps[i].next;
        }
        Some(here)
    }

    /// The tree's answer to `line` (the solver's last move in it): the opponent's
    /// reply the tree gives first, if any.
    #[must_use]
    pub fn reply(&self, line: &[Move]) -> Option<Move> {
        self.after(line)?.first().map(|&i| self.steps[i].mv)
    }

    /// The main line: the first right move, the first reply, and so on to its end.
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut here: &[usize] = &self.first;
        loop {
            let pick = here
                .iter()
                .find(|&&i| self.steps[i].right)
                .or_else(|| (line.len() % 2 == 1).then(|| here.first()).flatten());
            let Some(&i) = pick else { break };
            line.push(self.steps[i].mv);
            here = &self.steps[i].next;
        }
        line
    }

    /// The marked stones: the chain at [`target`](Self::target) on the start.
    #[must_use]
    pub fn marked(&self) -> Vec<Point> {
        self.target
            .and_then(|t| self.start.board().chain(t))
            .map(|c| c.stones)
            .unwrap_or_default()
    }

    /// What to do, in Chinese and English as a problem book says it (黑先逃出, "Black to
    /// save the stone": one stone marked is not "the stones").
    #[must_use]
    pub fn words(&self) -> (String, String) {
        let side = self.to_play();
        let mut english = self.goal.english(side);
        if self.marked().len() == 1 {
            english = english.replace("the stones", "the stone");
        }
        (self.goal.chinese(side), english)
    }

    /// What to do in every language the table speaks: [`words`](Self::words) with
    /// 黑先殺 in 繁體 and "Đen đi trước: giết" in Tiếng Việt.
    ///
    /// ```
    /// use table::i18n::Lang;
    /// use xiangqi::games::go::problems::collection;
    ///
    /// let title = collection()[0].title();
    /// assert!(title.get(Lang::Vi).contains(" đi trước: "));
    /// ```
    #[must_use]
    pub fn title(&self) -> table::learn::Text {
        let (zh, en) = self.words();
        let black = self.to_play() == Color::Black;
        let (hant, vi) = match self.goal {
            Goal::Kill => ("殺", "giết"),
            Goal::Live => ("活", "sống"),
            Goal::Ko => ("劫", "tạo cướp (ko)"),
            Goal::Seki => ("雙活", "sống chung (seki)"),
            Goal::Capture => ("吃子", "ăn quân"),
            Goal::Escape => ("逃出", "cứu quân"),
        };
        table::learn::Text::new(
            zh,
            en,
            format!("{}先{hant}", if black { "黑" } else { "白" }),
            format!("{} đi trước: {vi}", if black { "Đen" } else { "Trắng" }),
        )
    }

    /// The corner of the board the problem is in, as the rows and columns to show: the
    /// stones' bounding box widened by two lines, to the edges it nearly touches.
    #[must_use]
    pub fn area(&self) -> (Point, Point) {
        let size = self.size();
        let board = self.start.board();
        let stones: Vec<Point> = [Color::Black, Color::White]
            .into_iter()
            .flat_map(|c| board.stones(c))
            .collect();
        let lo = |v: Option<u8>| v.map_or(0, |v| v.saturating_sub(2));
        let hi = |v: Option<u8>| v.map_or(size - 1, |v| (v + 2).min(size - 1));
        let mut a = Point::new(
            lo(stones.iter().map(|p| p.x).min()),
            lo(stones.iter().map(|p| p.y).min()),
        );
        let mut b = Point::new(
            hi(stones.iter().map(|p| p.x).max()),
            hi(stones.iter().map(|p| p.y).max()),
        );
        // Near an edge, show it: a problem's edge is part of its shape.
        for v in [&mut a.x, &mut a.y] {
            if *v <= 2 {
                *v = 0;
            }
        }
        for v in [&mut b.x, &mut b.y] {
            if *v + 3 >= size {
                *v = size - 1;
            }
        }
        (a, b)
    }
}

/// The collection, read once; levels 1 to [`LEVELS`], easiest first.
#[must_use]
pub fn collection() -> &'static [Problem] {
    static ALL: OnceLock<Vec<Problem>> = OnceLock::new();
    ALL.get_or_init(|| read(COLLECTION, "").unwrap_or_default())
}

/// A problem of the collection by its id.
#[must_use]
pub fn by_id(id: &str) -> Option<&'static Problem> {
    collection().iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_collection_reads_whole_with_four_levels_and_every_goal_named() {
        let all = collection();
        assert!(all.len() >= 300, "{} problems", all.len());
        for level in 1..=LEVELS {
            assert!(
                all.iter().filter(|p| p.level == level).count() >= 30,
                "level {level}"
            );
        }
        let mut ids = std::collections::HashSet::new();
        for p in all {
            assert!(ids.insert(&p.id), "{} twice", p.id);
            assert_eq!(p.to_play(), Color::Black, "{}: black plays first", p.id);
            assert!(!p.right_first_moves().is_empty(), "{}: no right move", p.id);
            let t = p.target.expect("a marked group");
            assert!(
                p.start.board().get(t).is_some(),
                "{}: the mark is on a stone",
                p.id
            );
            assert_eq!(Goal::of_name(p.goal.name()), Some(p.goal));
            assert!(!p.source.is_empty());
        }
    }

    #[test]
    fn the_words_of_a_goal_are_a_problem_books() {
        assert_eq!(Goal::Kill.chinese(Color::Black), "黑先杀");
        assert_eq!(Goal::Live.chinese(Color::White), "白先活");
        assert_eq!(Goal::Kill.english(Color::Black), "Black to kill");
        assert_eq!(Goal::of_name("净杀"), Some(Goal::Kill));
        // One stone to save is "the stone"; more are "the stones".
        let escape = |one: bool| {
            collection()
                .iter()
                .find(|p| p.goal == Goal::Escape && (p.marked().len() == 1) == one)
                .map(Problem::words)
                .unwrap()
        };
        assert_eq!(
            escape(true),
            ("黑先逃出".into(), "Black to save the stone".into())
        );
        assert_eq!(escape(false).1, "Black to save the stones");
    }
}
