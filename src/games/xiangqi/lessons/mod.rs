//! Learning Xiangqi: stages of small levels, from how each piece moves to the first
//! mates and endings. The course is a data file compiled in
//! (`assets/lessons/xiangqi.ron`); a level is a start, a goal of a fixed kind and a par,
//! and [`attempt::Attempt`] judges each move a player makes at it. Every level is checked
//! by the rules in the tests ([`check`]).
//!
//! ```
//! use xiangqi::games::xiangqi::lessons::{course, check};
//!
//! let stages = course();
//! assert!(stages.len() >= 20);
//! assert!(check(&stages[0].levels[0]).is_ok());
//! ```

use std::sync::OnceLock;

use serde::Deserialize;
use table::learn::{Card, Course, LevelCard, Text};

use crate::games::lessons::text;

use crate::rules::{Move, Position, Square};

pub mod attempt;
pub mod search;

/// The course's file.
const COURSE: &str = include_str!("../../../../assets/lessons/xiangqi.ron");

/// What a level asks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Goal {
    /// Put a piece on every marked point; the other side does not move.
    Reach(Vec<Square>),
    /// Capture the pieces on the marked points; the other side does not move.
    Capture(Vec<Square>),
    /// Give check, in one move.
    Check,
    /// Get out of check, in one move.
    Escape,
    /// Leave the other side without a move (checkmate, or 困毙) within N moves, against
    /// its best defence.
    Mate(u32),
    /// Leave the other side without a move while not in check (困毙) within N moves.
    Stalemate(u32),
    /// Answer every check until the checker loses by perpetual check (长将).
    Survive,
    /// Win a game against the computer's first level.
    Game,
}

impl Goal {
    /// Its name in `xiangqi lessons --json`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Goal::Reach(_) => "reach",
            Goal::Capture(_) => "capture",
            Goal::Check => "check",
            Goal::Escape => "escape",
            Goal::Mate(_) => "mate",
            Goal::Stalemate(_) => "stalemate",
            Goal::Survive => "survive",
            Goal::Game => "game",
        }
    }

    /// The marked points, if it has any.
    #[must_use]
    pub fn targets(&self) -> &[Square] {
        match self {
            Goal::Reach(t) | Goal::Capture(t) => t,
            _ => &[],
        }
    }

    /// The number the goal counts: N for mate in N, the points to reach or capture, one
    /// for a check or an escape, none for a game.
    #[must_use]
    pub fn count(&self) -> u32 {
        match self {
            Goal::Reach(t) | Goal::Capture(t) => u32::try_from(t.len()).unwrap_or(u32::MAX),
            Goal::Check | Goal::Escape => 1,
            Goal::Mate(n) | Goal::Stalemate(n) => *n,
            Goal::Survive => 3,
            Goal::Game => 0,
        }
    }

    /// The other side does not move.
    #[must_use]
    pub fn solo(&self) -> bool {
        matches!(self, Goal::Reach(_) | Goal::Capture(_))
    }
}

/// A level: a start, what to do there, in how many moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// `stage-N`.
    pub id: String,
    /// The position, the learner to move.
    pub start: Position,
    /// What to do.
    pub goal: Goal,
    /// Moves for three stars.
    pub par: u32,
    /// A line said under the goal.
    pub say: Option<Text>,
    /// What the level showed, said once it is passed.
    pub after: Option<Text>,
    /// The other side's answers, in turn, where the goal needs fixed ones.
    pub replies: Vec<Move>,
}

impl Level {
    /// The one-line goal.
    #[must_use]
    pub fn goal_text(&self) -> Text {
        let n = self.goal.count();
        match &self.goal {
            Goal::Reach(t) if t.len() == 1 => {
                Text::new("走到星上", "Go to the star", "走到星上", "Đi đến ngôi sao")
            }
            Goal::Reach(_) => Text::new(
                format!("走到这{}颗星上", chinese_count(n, false)),
                format!("Go to all {n} stars"),
                format!("走到這{}顆星上", chinese_count(n, true)),
                format!("Đi đến cả {n} ngôi sao"),
            ),
            Goal::Capture(t) if t.len() == 1 => Text::new(
                "吃掉标记的棋子",
                "Capture the marked piece",
                "吃掉標記的棋子",
                "Ăn quân được đánh dấu",
            ),
            Goal::Capture(_) if n == 2 => Text::new(
                "吃掉两个标记的棋子",
                "Capture both marked pieces",
                "吃掉兩個標記的棋子",
                "Ăn cả hai quân được đánh dấu",
            ),
            Goal::Capture(_) => Text::new(
                format!("吃掉全部{n}个标记的棋子"),
                format!("Capture all {n} marked pieces"),
                format!("吃掉全部{n}個標記的棋子"),
                format!("Ăn cả {n} quân được đánh dấu"),
            ),
            Goal::Check => Text::new("将军", "Give check", "將軍", "Chiếu tướng"),
            Goal::Escape => Text::new(
                "应将：让你的将（帅）脱离将军",
                "Get out of check",
                "應將：讓你的將（帥）脫離將軍",
                "Thoát chiếu: đưa Tướng của bạn ra khỏi thế bị chiếu",
            ),
            Goal::Mate(1) => Text::new(
                "一步杀：将死对方",
                "Mate in one",
                "一步殺：將死對方",
                "Chiếu bí trong một nước",
            ),
            Goal::Mate(n) => Text::new(
                format!("{n}步杀：将死对方"),
                format!("Mate in {n}"),
                format!("{n}步殺：將死對方"),
                format!("Chiếu bí trong {n} nước"),
            ),
            Goal::Stalemate(n) => Text::new(
                format!("{n}步之内困毙对方：让对方无棋可走"),
                format!("Stalemate in {n}: leave the other side no move"),
                format!("{n}步之內困斃對方：讓對方無棋可走"),
                format!("Trong {n} nước, làm đối phương hết nước đi"),
            ),
            Goal::Survive => Text::new(
                "应将，直到对方长将判负",
                "Answer every check until the checker loses by perpetual check",
                "應將，直到對方長將判負",
                "Đỡ mọi nước chiếu cho đến khi bên chiếu dai bị xử thua",
            ),
            Goal::Game => Text::new(
                "战胜电脑第一级",
                "Beat the computer's first level",
                "戰勝電腦第一級",
                "Thắng máy ở cấp thứ nhất",
            ),
        }
    }

    /// The most moves the learner may make before the level fails: the par for a goal
    /// that must be found exactly, a generous margin for points to reach.
    #[must_use]
    pub fn limit(&self) -> u32 {
        match self.goal {
            Goal::Reach(_) | Goal::Capture(_) => self.par * 3 + 3,
            Goal::Survive => self.par + 3,
            Goal::Game => u32::MAX,
            _ => self.par,
        }
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
    ALL.get_or_init(|| parse(COURSE).unwrap_or_else(|e| panic!("the Xiangqi lessons: {e}")))
}

/// For a stage about one piece, how the board writes it on each side (the traditional
/// pieces: 俥 and 車 where the lesson says 车), so that a child finds on the board the
/// piece the words name; `None` for the other stages.
///
/// ```
/// use xiangqi::games::xiangqi::lessons::drawn_as;
/// let t = drawn_as("chariot").unwrap();
/// use table::i18n::Lang;
/// assert_eq!(t.get(Lang::Zh), "棋盘上，红方的车写作「俥」，黑方的车写作「車」。");
/// assert_eq!(t.get(Lang::En), "On the board red's chariot is written 俥, black's 車.");
/// assert_eq!(t.get(Lang::Hant), "棋盤上，紅方的車寫作「俥」，黑方的車寫作「車」。");
/// assert_eq!(t.get(Lang::Vi), "Trên bàn cờ, Xe của bên Đỏ viết là 俥, của bên Đen là 車.");
/// assert!(drawn_as("check").is_none());
/// ```
#[must_use]
pub fn drawn_as(stage: &str) -> Option<Text> {
    use crate::rules::{Color, Piece, Role};
    // The piece's 简体 and 繁體 names, red's and black's (English and Vietnamese name
    // both sides' alike: `Role::name`, `i18n::role`).
    let (role, [red, black], [red_t, black_t]) = match stage {
        "chariot" => (Role::Chariot, ["车", "车"], ["車", "車"]),
        "horse" | "horse-leg" => (Role::Horse, ["马", "马"], ["馬", "馬"]),
        "elephant" => (Role::Elephant, ["相", "象"], ["相", "象"]),
        "advisor" => (Role::Advisor, ["仕", "士"], ["仕", "士"]),
        "general" => (Role::General, ["帅", "将"], ["帥", "將"]),
        "cannon" => (Role::Cannon, ["炮", "炮"], ["炮", "炮"]),
        "soldier" => (Role::Soldier, ["兵", "卒"], ["兵", "卒"]),
        _ => return None,
    };
    let (en, vi) = (role.name(), crate::i18n::role(role, table::i18n::Lang::Vi));
    let (r, b) = (
        Piece::new(Color::Red, role).chinese(),
        Piece::new(Color::Black, role).chinese(),
    );
    Some(Text::new(
        format!("棋盘上，红方的{red}写作「{r}」，黑方的{black}写作「{b}」。"),
        format!("On the board red's {en} is written {r}, black's {b}."),
        format!("棋盤上，紅方的{red_t}寫作「{r}」，黑方的{black_t}寫作「{b}」。"),
        format!("Trên bàn cờ, {vi} của bên Đỏ viết là {r}, của bên Đen là {b}."),
    ))
}

/// The course as the map shows it.
#[must_use]
pub fn cards() -> Course {
    Course::of("xiangqi", course())
}

/// A level found wanting by [`check`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unfit(pub String);

/// Checks a level by the rules: the goal is reachable within its par, and the learner
/// can go wrong (a move refused, or one that fails the level or costs a star).
///
/// # Errors
/// What is wrong with the level.
pub fn check(level: &Level) -> Result<(), Unfit> {
    let pos = &level.start;
    let bad = |what: String| Err(Unfit(format!("{}: {what}", level.id)));
    if !pos.has_legal_moves() {
        return bad("the learner has no move".into());
    }
    match &level.goal {
        Goal::Reach(t) | Goal::Capture(t) => {
            if matches!(level.goal, Goal::Capture(_))
                && let Some(sq) = t
                    .iter()
                    .find(|&&sq| pos.piece_at(sq).is_none_or(|p| p.color == pos.turn()))
            {
                return bad(format!("no piece of the other side stands on {sq}"));
            }
            match search::reach(pos, t, level.par.max(6)) {
                Some(n) if n == level.par => {}
                Some(n) => return bad(format!("reached in {n} moves, not the par {}", level.par)),
                None => return bad("not reached within 6 moves".into()),
            }
            // A move off the best way costs a star.
            let costly = pos.legal_moves().iter().any(|&m| {
                search::solo(pos, m).is_some_and(|next| {
                    let left: Vec<Square> = t.iter().copied().filter(|&sq| sq != m.to).collect();
                    !left.is_empty() && search::reach(&next, &left, level.par - 1).is_none()
                })
            });
            if !costly {
                return bad("no move costs a star".into());
            }
        }
        Goal::Check => {
            let legal = pos.legal_moves();
            if pos.is_check() || !legal.iter().any(|&m| pos.gives_check(m)) {
                return bad("no check to give".into());
            }
            if legal.iter().all(|&m| pos.gives_check(m)) {
                return bad("every move checks".into());
            }
        }
        Goal::Escape => {
            if !pos.is_check() {
                return bad("the learner is not in check".into());
            }
            if !refuses_a_move(pos) {
                return bad("no move is refused for leaving the general in check".into());
            }
        }
        Goal::Mate(n) | Goal::Stalemate(n) => {
            let found = search::distance(pos, *n);
            if found != Some(*n) {
                return bad(format!("a forced win in {found:?}, not exactly {n}"));
            }
            // The line ends as the level teaches: 困毙 wins too, but a mate lesson that
            // ends in it teaches the wrong thing (Fairy-Stockfish found one: 闷宫's
            // mate in 2, where one block left only 困毙).
            let mate = matches!(level.goal, Goal::Mate(_));
            if !search::ends_as(pos, *n, mate) {
                return bad(if mate {
                    "the line ends in 困毙, not a mate".into()
                } else {
                    "the win is a mate, not 困毙".into()
                });
            }
            if level.par != *n {
                return bad("the par of a mate is its N".into());
            }
            let mut attempt = attempt::Attempt::new(level);
            while attempt.verdict() == attempt::Verdict::Going {
                let left = level.par - attempt.moves();
                let Some(m) = search::wins_as(attempt.position(), left, mate) else {
                    return bad("the win got lost on the way".into());
                };
                attempt
                    .play(m)
                    .map_err(|e| Unfit(format!("{}: {e}", level.id)))?;
                attempt.answer_reply();
            }
            if attempt.verdict() != (attempt::Verdict::Passed { stars: 3 }) {
                return bad(format!("played through: {:?}", attempt.verdict()));
            }
            let fails = pos.legal_moves().iter().any(|&m| {
                let mut wrong = attempt::Attempt::new(level);
                matches!(wrong.play(m), Ok(attempt::Verdict::Failed(_)))
            });
            if !fails {
                return bad("no move fails the level".into());
            }
        }
        Goal::Survive => {
            let mut attempt = attempt::Attempt::new(level);
            while attempt.verdict() == attempt::Verdict::Going {
                let Some(&m) = attempt.position().legal_moves().first() else {
                    break;
                };
                attempt
                    .play(m)
                    .map_err(|e| Unfit(format!("{}: {e}", level.id)))?;
                attempt.answer_reply();
            }
            if !matches!(attempt.verdict(), attempt::Verdict::Passed { stars: 3 }) {
                return bad(format!("played through: {:?}", attempt.verdict()));
            }
        }
        Goal::Game => {}
    }
    Ok(())
}

/// Some move of the side to move, of a shape its piece may make, is refused because
/// its general would be (or stay) in check, or face the other.
fn refuses_a_move(pos: &Position) -> bool {
    use crate::rules::IllegalMove;
    Square::all().any(|from| {
        pos.piece_at(from).is_some_and(|p| p.color == pos.turn())
            && Square::all().any(|to| {
                matches!(
                    pos.check_move(Move::new(from, to)),
                    Err(IllegalMove::IgnoresCheck
                        | IllegalMove::ExposesGeneral
                        | IllegalMove::GeneralsFace)
                )
            })
    })
}

/// A level as the file has it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    start: String,
    goal: RawGoal,
    #[serde(default)]
    par: Option<u32>,
    #[serde(default)]
    say: Option<crate::games::lessons::Said>,
    #[serde(default)]
    after: Option<crate::games::lessons::Said>,
    #[serde(default)]
    replies: Vec<String>,
}

#[derive(Deserialize)]
enum RawGoal {
    Reach(Vec<String>),
    Capture(Vec<String>),
    Check,
    Escape,
    Mate(u32),
    Stalemate(u32),
    Survive,
    Game,
}

/// Reads a course file.
///
/// # Errors
/// The first thing that does not read, named by its stage and level.
pub fn parse(source: &str) -> Result<Vec<Stage>, String> {
    crate::games::lessons::parse(source, level)
}

fn level(id: &str, raw: RawLevel) -> Result<Level, String> {
    let at = |e: &dyn std::fmt::Display| format!("{id}: {e}");
    let start = Position::from_fen(&raw.start).map_err(|e| at(&e))?;
    let squares = |v: Vec<String>| {
        v.iter()
            .map(|s| s.parse::<Square>().map_err(|e| at(&e)))
            .collect::<Result<Vec<_>, _>>()
    };
    let goal = match raw.goal {
        RawGoal::Reach(t) => Goal::Reach(squares(t)?),
        RawGoal::Capture(t) => Goal::Capture(squares(t)?),
        RawGoal::Check => Goal::Check,
        RawGoal::Escape => Goal::Escape,
        RawGoal::Mate(n) => Goal::Mate(n),
        RawGoal::Stalemate(n) => Goal::Stalemate(n),
        RawGoal::Survive => Goal::Survive,
        RawGoal::Game => Goal::Game,
    };
    let par = match (&goal, raw.par) {
        (_, Some(p)) => p,
        (Goal::Mate(n) | Goal::Stalemate(n), None) => *n,
        (Goal::Check | Goal::Escape, None) => 1,
        (Goal::Game, None) => 0,
        _ => return Err(at(&"a par is needed")),
    };
    let replies = raw
        .replies
        .iter()
        .map(|m| m.parse::<Move>().map_err(|e| at(&e)))
        .collect::<Result<_, _>>()?;
    Ok(Level {
        id: id.to_owned(),
        start,
        goal,
        par,
        say: raw.say.map(text),
        after: raw.after.map(text),
        replies,
    })
}

/// A small count as a Chinese sentence says it: 两 (繁體 兩) for 2, 走到这两颗星上, then
/// 三…十.
fn chinese_count(n: u32, traditional: bool) -> String {
    const WORDS: [&str; 8] = ["三", "四", "五", "六", "七", "八", "九", "十"];
    match n {
        2 if traditional => "兩".to_owned(),
        2 => "两".to_owned(),
        _ => n
            .checked_sub(3)
            .and_then(|i| WORDS.get(i as usize))
            .map_or_else(|| n.to_string(), |w| (*w).to_owned()),
    }
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

    fn one(level: &str) -> Level {
        let text = format!(
            r#"[(id: "t", title: ("", "", "", ""), intro: ("", "", "", ""), levels: [{level}])]"#
        );
        parse(&format!("#![enable(implicit_some)]\n{text}")).unwrap()[0].levels[0].clone()
    }

    /// The checker is shown turning down wrong levels, each beside its right twin (the
    /// course's own levels, changed in one thing).
    #[test]
    fn a_wrong_level_is_turned_down() {
        let rejected = |level: &str, why: &str| {
            let e = check(&one(level)).expect_err(level);
            assert!(e.0.contains(why), "{level}: {e}");
        };
        // A mate in 1 given as a mate in 2.
        let mate = r#"(start: "3k5/8R/9/9/9/9/9/9/9/R3K4 w", goal: Mate(N))"#;
        assert_eq!(check(&one(&mate.replace('N', "1"))), Ok(()));
        rejected(
            &mate.replace('N', "2"),
            "a forced win in Some(1), not exactly 2",
        );
        // A par too small for the captures it asks.
        let two = r#"(start: "3aka3/9/2n1b1n2/9/2P6/9/9/2C6/9/4K4 w", goal: Capture(["c7", "g7"]), par: PAR)"#;
        assert_eq!(check(&one(&two.replace("PAR", "2"))), Ok(()));
        rejected(
            &two.replace("PAR", "1"),
            "reached in 2 moves, not the par 1",
        );
        // A capture of one's own piece (the cannon on c2), and of an empty point.
        rejected(
            r#"(start: "3aka3/9/2n1b1n2/9/2P6/9/9/2C6/9/4K4 w", goal: Capture(["c2"]), par: 1)"#,
            "no piece of the other side stands on c2",
        );
        rejected(
            r#"(start: "3aka3/9/2n1b1n2/9/2P6/9/9/2C6/9/4K4 w", goal: Capture(["e5"]), par: 1)"#,
            "no piece of the other side stands on e5",
        );
        // An escape from a check that is not there: the rook moved off the general's file.
        let escape = r#"(start: "4k4/9/9/9/5r3/3N5/9/9/5K3/9 w", goal: Escape)"#;
        assert_eq!(check(&one(escape)), Ok(()));
        rejected(
            r#"(start: "4k4/9/9/9/6r2/3N5/9/9/5K3/9 w", goal: Escape)"#,
            "the learner is not in check",
        );
        // A 困毙 level whose win is a mate.
        rejected(
            r#"(start: "3ak4/4a4/9/9/9/2C6/9/9/9/3K5 w", goal: Stalemate(1))"#,
            "the win is a mate, not 困毙",
        );
    }
}
