//! A problem checked by GNU Go's own reading: on every line of the tree, each right
//! move of the solver's must achieve the goal by GNU Go's reading, and each wrong try
//! must not. Kill and live are read by its life-and-death reader (owl), capture and
//! escape by its tactical reader.

use super::{Goal, Problem};
use crate::engine::EngineError;
use crate::engine::gtp::Gtp;
use crate::engine::reading::{Reader, Verdict};
use crate::go::{Game, Move, Point, Position, Rules};

/// The rules problems are read under (a capture is a capture under any).
pub const RULES: Rules = Rules::CHINESE;

/// What a check found right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Right moves read as achieving the goal.
    pub right: usize,
    /// Wrong tries read as failing.
    pub wrong: usize,
    /// GNU Go's nodes read for it.
    pub nodes: u64,
}

/// Why a problem does not stand.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Unverified {
    /// GNU Go did not answer.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// No marked group.
    #[error("no marked group")]
    NoTarget,
    /// A move of the tree the rules refuse.
    #[error("{0}: not a legal move")]
    Illegal(String),
    /// A right move GNU Go reads as failing.
    #[error("{line}: marked right, but GNU Go reads it as {verdict:?}")]
    RightFails {
        /// The line, in GTP points.
        line: String,
        /// GNU Go's verdict.
        verdict: Verdict,
    },
    /// A wrong try GNU Go reads as achieving the goal.
    #[error("{line}: marked wrong, but GNU Go reads it as {verdict:?}")]
    WrongWorks {
        /// The line.
        line: String,
        /// GNU Go's verdict.
        verdict: Verdict,
    },
}

/// The reader a goal is read by.
#[must_use]
pub fn reader(goal: Goal) -> Reader {
    match goal {
        Goal::Capture | Goal::Escape => Reader::Tactical,
        _ => Reader::Owl,
    }
}

/// Whether `verdict` achieves `goal`: outright, or for a ko problem through a ko.
#[must_use]
pub fn achieves(goal: Goal, verdict: Verdict) -> bool {
    match goal {
        Goal::Ko => verdict.works(),
        _ => verdict == Verdict::Works,
    }
}

/// What `mv` by the side to move in `pos` (told to `gtp`) does for it against (or
/// for) `target`: GNU Go's `owl_does_attack` or `owl_does_defend`; for a string, its
/// tactical reading of the other side's answer once the move is played.
///
/// # Errors
/// GNU Go does not answer.
pub fn judge(
    gtp: &mut Gtp,
    goal: Goal,
    pos: &Position,
    target: Point,
    mv: Move,
) -> Result<Verdict, EngineError> {
    let size = pos.board().size();
    let against = pos.board().get(target) != Some(pos.to_move());
    if reader(goal) == Reader::Tactical {
        let next = pos.play(mv, &RULES).ok();
        if next.is_some_and(|n| n.board().get(target).is_none()) {
            return Ok(if against {
                Verdict::Works
            } else {
                Verdict::Fails
            });
        }
        gtp.play(pos.to_move(), mv, size)?;
        let answer = if against {
            gtp.defend(Reader::Tactical, target, size)
        } else {
            gtp.attack(Reader::Tactical, target, size)
        };
        gtp.undo()?;
        return Ok(answer?.0.answered());
    }
    if against {
        gtp.does_attack(reader(goal), mv, target, size)
    } else {
        gtp.does_defend(reader(goal), mv, target, size)
    }
}

/// GNU Go's reading for the side to move at `pos` (told to `gtp`), on its side of
/// `target`: its defence of the mark if the mark is its own, else its attack; the
/// verdict and the move it names (a refutation, where one is asked for).
///
/// # Errors
/// GNU Go does not answer.
pub fn to_move_reads(
    gtp: &mut Gtp,
    goal: Goal,
    target: Point,
    pos: &Position,
) -> Result<(Verdict, Option<Point>), EngineError> {
    let size = pos.board().size();
    if pos.board().get(target) == Some(pos.to_move()) {
        gtp.defend(reader(goal), target, size)
    } else {
        gtp.attack(reader(goal), target, size)
    }
}

/// Tells GNU Go the position `pos` (its stones; whose move GNU Go is told with each
/// move).
///
/// # Errors
/// GNU Go does not answer.
pub fn tell(gtp: &mut Gtp, pos: &Position) -> Result<(), EngineError> {
    gtp.set_start(&Game::from_position(*pos, RULES, 0))
}

/// Checks `problem` by GNU Go's reading (`gtp`, a GNU Go started for any game).
///
/// # Errors
/// The first line that does not stand, or GNU Go gone.
pub fn verify(problem: &Problem, gtp: &mut Gtp) -> Result<Checked, Unverified> {
    let target = problem.target.ok_or(Unverified::NoTarget)?;
    tell(gtp, &problem.start)?;
    gtp.nodes_read()?;
    let mut checked = Checked::default();
    let mut line = Vec::new();
    walk(
        problem,
        gtp,
        target,
        &problem.start,
        &problem.first,
        &mut line,
        &mut checked,
    )?;
    checked.nodes = gtp.nodes_read()?;
    Ok(checked)
}

fn words(line: &[Move], size: u8) -> String {
    line.iter()
        .map(|m| m.gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The steps `here` from `pos` (the solver to move when `line` is even): each right
/// move judged right, each wrong try wrong, and the lines below them in turn.
fn walk(
    problem: &Problem,
    gtp: &mut Gtp,
    target: Point,
    pos: &Position,
    here: &[usize],
    line: &mut Vec<Move>,
    checked: &mut Checked,
) -> Result<(), Unverified> {
    let size = problem.size();
    let solver = line.len().is_multiple_of(2);
    for &s in here {
        let step = &problem.steps[s];
        line.push(step.mv);
        let next = pos
            .play(step.mv, &RULES)
            .map_err(|_| Unverified::Illegal(words(line, size)))?;
        // The goal is judged while the mark stands; a taken mark ends the reading.
        if solver && pos.board().get(target).is_some() {
            let verdict = judge(gtp, problem.goal, pos, target, step.mv)?;
            match (step.right, achieves(problem.goal, verdict)) {
                (true, false) => {
                    return Err(Unverified::RightFails {
                        line: words(line, size),
                        verdict,
                    });
                }
                (false, true) => {
                    return Err(Unverified::WrongWorks {
                        line: words(line, size),
                        verdict,
                    });
                }
                (true, true) => checked.right += 1,
                (false, false) => checked.wrong += 1,
            }
        }
        if !step.next.is_empty() {
            gtp.play(pos.to_move(), step.mv, size)?;
            walk(problem, gtp, target, &next, &step.next, line, checked)?;
            gtp.undo()?;
        }
        line.pop();
    }
    Ok(())
}

/// GNU Go's verdict on a solver's move the answer tree does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffTree {
    /// The move achieves the goal by GNU Go's reading.
    pub achieves: bool,
    /// The opponent's answer: the refutation when it fails; when it works, the reply
    /// nearest it that the solver must answer, if any.
    pub answer: Option<Move>,
    /// It works and nothing the opponent plays undoes it: solved.
    pub settled: bool,
}

/// Reads `line` (both sides' moves from `problem`'s start, the solver's last) with
/// GNU Go, for a move off the tree: what the last one achieves, and the answer to it.
///
/// # Errors
/// GNU Go does not answer, or a move of `line` the rules refuse.
pub fn off_tree(gtp: &mut Gtp, problem: &Problem, line: &[Move]) -> Result<OffTree, Unverified> {
    let target = problem.target.ok_or(Unverified::NoTarget)?;
    let size = problem.size();
    let (&last, before) = line
        .split_last()
        .ok_or_else(|| Unverified::Illegal(String::new()))?;
    tell(gtp, &problem.start)?;
    let mut pos = problem.start;
    for &mv in before {
        gtp.play(pos.to_move(), mv, size)?;
        pos = pos
            .play(mv, &RULES)
            .map_err(|_| Unverified::Illegal(words(line, size)))?;
    }
    let next = pos
        .play(last, &RULES)
        .map_err(|_| Unverified::Illegal(words(line, size)))?;
    let verdict = if pos.board().get(target).is_some() {
        judge(gtp, problem.goal, &pos, target, last)?
    } else {
        Verdict::Works
    };
    gtp.play(pos.to_move(), last, size)?;
    if next.board().get(target).is_none() {
        // The mark is taken: the goal is reached (or lost) for good.
        let against = pos.board().get(target) != Some(pos.to_move());
        return Ok(OffTree {
            achieves: against,
            answer: None,
            settled: true,
        });
    }
    if !achieves(problem.goal, verdict) {
        let (_, refute) = to_move_reads(gtp, problem.goal, target, &next)?;
        let answer = refute
            .map(Move::Play)
            .filter(|&r| next.play(r, &RULES).is_ok());
        return Ok(OffTree {
            achieves: false,
            answer,
            settled: false,
        });
    }
    let p = match last {
        Move::Play(p) => p,
        Move::Pass => target,
    };
    let threat = super::make::threat(gtp, problem.goal, target, &next, p)?;
    Ok(OffTree {
        achieves: true,
        answer: threat.map(Move::Play),
        settled: threat.is_none(),
    })
}
