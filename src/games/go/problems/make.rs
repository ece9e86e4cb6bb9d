//! A problem's answer tree, read out with GNU Go: from a position where the marked
//! group lives or dies by who plays first, every right first move, the defence that
//! makes the solver answer again (the nearest threat), the solver's right answers to it,
//! and the wrong tries nearest the right move with GNU Go's refutation of each. A line
//! ends where the goal holds even if the solver played elsewhere.

use super::check::{RULES, achieves, judge, tell, to_move_reads};
use super::{Goal, Problem, Step};
use crate::engine::EngineError;
use crate::engine::gtp::Gtp;
use crate::games::go::lessons::reader::neighbours;
use crate::go::{Move, Point, Position};

/// Solver moves on the longest line read.
pub const MAX_SOLVER_MOVES: usize = 4;
/// Wrong tries kept, with their refutations, at the first move.
pub const WRONG_TRIES: usize = 3;

/// The empty points a problem's moves are looked for among: within two lines (across
/// or diagonally) of the marked group's stones and of the stones touching it.
#[must_use]
pub fn candidates(pos: &Position, target: Point) -> Vec<Point> {
    let board = pos.board();
    let Some(chain) = board.chain(target) else {
        return Vec::new();
    };
    let mut near: Vec<Point> = chain.stones.clone();
    // The stones it touches: a hane or a placement often goes next to them.
    for &p in &chain.stones {
        near.extend(neighbours(board.size(), p).filter(|&q| board.get(q).is_some()));
    }
    // The rest of its group: the same colour's stones within two lines.
    let color = chain.color;
    for _ in 0..3 {
        let more: Vec<Point> = board
            .stones(color)
            .into_iter()
            .filter(|q| {
                !near.contains(q)
                    && near
                        .iter()
                        .any(|p| p.x.abs_diff(q.x) <= 2 && p.y.abs_diff(q.y) <= 2)
            })
            .collect();
        if more.is_empty() {
            break;
        }
        near.extend(more);
    }
    let mut out: Vec<Point> = board
        .empty_points()
        .filter(|q| {
            near.iter()
                .any(|p| p.x.abs_diff(q.x) <= 2 && p.y.abs_diff(q.y) <= 2)
        })
        .filter(|&q| pos.play(Move::Play(q), &RULES).is_ok())
        .collect();
    out.sort();
    out
}

/// Whether the goal holds at `pos` (the opponent to move, told to `gtp`) even if the
/// opponent played twice: the solver need not answer.
fn holds(gtp: &mut Gtp, goal: Goal, target: Point, pos: &Position) -> Result<bool, EngineError> {
    if pos.board().get(target).is_none() {
        return Ok(true);
    }
    let (verdict, _) = to_move_reads(gtp, goal, target, pos)?;
    Ok(!verdict.works())
}

/// After a right move at `p` (`next`, the opponent to move, told to `gtp`): the
/// opponent's reply nearest it that the solver must answer, or `None` when the goal
/// holds whatever the opponent plays (the problem is solved).
///
/// # Errors
/// GNU Go does not answer.
pub fn threat(
    gtp: &mut Gtp,
    goal: Goal,
    target: Point,
    next: &Position,
    p: Point,
) -> Result<Option<Point>, EngineError> {
    let size = next.board().size();
    let mut threats = Vec::new();
    for r in candidates(next, target) {
        let Ok(after) = next.play(Move::Play(r), &RULES) else {
            continue;
        };
        gtp.play(next.to_move(), Move::Play(r), size)?;
        // The solver passes: does the goal still hold with the opponent to move again?
        let passed = Position::from_board(*after.board(), !after.to_move());
        let holds = holds(gtp, goal, target, &passed);
        gtp.undo()?;
        if !holds? {
            threats.push((taxi(p, r), r));
        }
    }
    Ok(threats.into_iter().min().map(|(_, r)| r))
}

/// The tree being built.
struct Build<'a> {
    gtp: &'a mut Gtp,
    goal: Goal,
    target: Point,
    steps: Vec<Step>,
    /// GNU Go's readings disagreed along a line (a right move with no right answer
    /// to a reply): the position makes no problem.
    broken: bool,
}

fn taxi(a: Point, b: Point) -> u32 {
    u32::from(a.x.abs_diff(b.x)) + u32::from(a.y.abs_diff(b.y))
}

impl Build<'_> {
    fn push(&mut self, mv: Move, right: bool, note: &str) -> usize {
        self.steps.push(Step {
            mv,
            right,
            note: note.to_owned(),
            next: Vec::new(),
        });
        self.steps.len() - 1
    }

    /// The solver's right and wrong moves at `pos`.
    fn sort(&mut self, pos: &Position) -> Result<(Vec<Point>, Vec<Point>), EngineError> {
        let (mut right, mut wrong) = (Vec::new(), Vec::new());
        for p in candidates(pos, self.target) {
            let verdict = judge(self.gtp, self.goal, pos, self.target, Move::Play(p))?;
            if achieves(self.goal, verdict) {
                right.push(p);
            } else {
                wrong.push(p);
            }
        }
        Ok((right, wrong))
    }

    /// The solver's moves at `pos`, `right` of them followed (all at the first move,
    /// the first only below), the steps' indices.
    fn solver(
        &mut self,
        pos: &Position,
        right: &[Point],
        depth: usize,
    ) -> Result<Vec<usize>, EngineError> {
        let size = pos.board().size();
        let mut out = Vec::new();
        let follow = if depth == 0 { right.len() } else { 1 };
        for &p in right.iter().take(follow) {
            let mv = Move::Play(p);
            let Ok(next) = pos.play(mv, &RULES) else {
                continue;
            };
            self.gtp.play(pos.to_move(), mv, size)?;
            let after = self.after_right(&next, p, depth)?;
            self.gtp.undo()?;
            let i = self.push(mv, true, if after.is_empty() { "RIGHT" } else { "" });
            self.steps[i].next = after;
            out.push(i);
        }
        Ok(out)
    }

    /// What follows a right move at `p`: nothing when the goal already holds, else the
    /// nearest threat and the solver's answers to it.
    fn after_right(
        &mut self,
        next: &Position,
        p: Point,
        depth: usize,
    ) -> Result<Vec<usize>, EngineError> {
        // A ko is left to be fought; a taken mark ends the line.
        if self.goal == Goal::Ko || next.board().get(self.target).is_none() {
            return Ok(Vec::new());
        }
        if depth + 1 >= MAX_SOLVER_MOVES {
            // Read no further: GNU Go has read the move as right, the rest is its.
            return Ok(Vec::new());
        }
        let size = next.board().size();
        let Some(r) = threat(self.gtp, self.goal, self.target, next, p)? else {
            return Ok(Vec::new());
        };
        let Ok(after) = next.play(Move::Play(r), &RULES) else {
            return Ok(Vec::new());
        };
        self.gtp.play(next.to_move(), Move::Play(r), size)?;
        let (right, _) = self.sort(&after)?;
        let answers = if right.is_empty() {
            Vec::new()
        } else {
            self.solver(&after, &right, depth + 1)?
        };
        self.gtp.undo()?;
        if answers.is_empty() {
            self.broken = true;
            return Ok(Vec::new());
        }
        let i = self.push(Move::Play(r), true, "");
        self.steps[i].next = answers;
        Ok(vec![i])
    }

    /// Up to [`WRONG_TRIES`] wrong moves nearest the first right one, each with GNU Go's
    /// refutation.
    fn wrong(
        &mut self,
        pos: &Position,
        right: Point,
        wrong: &[Point],
    ) -> Result<Vec<usize>, EngineError> {
        let size = pos.board().size();
        let mut near: Vec<Point> = wrong.to_vec();
        near.sort_by_key(|&w| (taxi(w, right), w));
        let mut out = Vec::new();
        for w in near {
            if out.len() == WRONG_TRIES {
                break;
            }
            let Ok(next) = pos.play(Move::Play(w), &RULES) else {
                continue;
            };
            if next.board().get(self.target).is_none() {
                continue;
            }
            self.gtp.play(pos.to_move(), Move::Play(w), size)?;
            let (_, refute) = to_move_reads(self.gtp, self.goal, self.target, &next)?;
            self.gtp.undo()?;
            let Some(r) = refute.filter(|&r| next.play(Move::Play(r), &RULES).is_ok()) else {
                continue;
            };
            let i = self.push(Move::Play(w), false, "");
            let j = self.push(Move::Play(r), false, "Wrong");
            self.steps[i].next = vec![j];
            out.push(i);
        }
        Ok(out)
    }
}

/// The problem at `start` (the solver to move) for `goal` against or for the group at
/// `target`, its tree read out with `gtp`; `None` when no first move achieves it, or
/// GNU Go's readings disagree along a line.
///
/// # Errors
/// GNU Go does not answer.
pub fn make(
    gtp: &mut Gtp,
    start: &Position,
    target: Point,
    goal: Goal,
    id: &str,
    source: &str,
) -> Result<Option<Problem>, EngineError> {
    tell(gtp, start)?;
    gtp.nodes_read()?;
    let mut build = Build {
        gtp,
        goal,
        target,
        steps: Vec::new(),
        broken: false,
    };
    let (right, wrong) = build.sort(start)?;
    let nodes = build.gtp.nodes_read()?;
    let Some(&first_right) = right.first() else {
        return Ok(None);
    };
    let mut first = build.solver(start, &right, 0)?;
    if build.broken {
        return Ok(None);
    }
    let tries = build.wrong(start, first_right, &wrong)?;
    first.extend(tries);
    let Build { steps, .. } = build;
    Ok(Some(Problem {
        id: id.to_owned(),
        level: 0,
        goal,
        start: *start,
        target: Some(target),
        steps,
        first,
        source: source.to_owned(),
        nodes: nodes.max(1) * (1 + wrong.len() as u64) / (1 + right.len() as u64),
    }))
}
