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
