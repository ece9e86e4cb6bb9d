//! Each level checked by the rules: its goal reachable within its par, the learner able
//! to go wrong. The tests run it over the whole course.

use super::reader::{self, RULES, capture};
use super::{Goal, Level, attempt, black_lead, capture_go, neutral};
use crate::go::{Color, Move, Point, Position};

/// A level found wanting by [`check`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unfit(pub String);

/// The fewest moves, up to `most`, in which the side to move takes the marked stones
/// when the other side only passes.
fn solo_capture(pos: &Position, targets: &[Point], most: u32) -> Option<u32> {
    let victim = !pos.to_move();
    (1..=most).find(|&n| solo_reads(pos, targets, victim, n))
}

fn solo_reads(pos: &Position, targets: &[Point], victim: Color, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let libs: Vec<Point> = targets
        .iter()
        .filter(|&&t| pos.board().get(t) == Some(victim))
        .filter_map(|&t| pos.board().chain(t))
        .flat_map(|c| c.liberties)
        .collect();
    libs.iter().any(|&l| {
        pos.play(Move::Play(l), &RULES).is_ok_and(|next| {
            reader::taken(next.board(), targets, victim)
                || next
                    .play(Move::Pass, &RULES)
                    .is_ok_and(|back| solo_reads(&back, targets, victim, n - 1))
        })
    })
}

/// Checks a level by the rules: the goal is reachable within its par, and the learner
/// can go wrong.
///
/// # Errors
/// What is wrong with the level.
pub fn check(level: &Level) -> Result<(), Unfit> {
    let pos = &level.start;
    let bad = |what: String| Err(Unfit(format!("{}: {what}", level.id)));
    let me = level.learner();
    let board = pos.board();
    let theirs = |t: &[Point]| t.iter().all(|&p| board.get(p) == Some(!me));
    let mine = |t: &[Point]| t.iter().all(|&p| board.get(p) == Some(me));
    let legal: Vec<Move> = board
        .empty_points()
        .map(Move::Play)
        .filter(|&m| pos.play(m, &RULES).is_ok())
        .collect();
    // Does one move pass the level, and one fail it?
    let one_move = |m: Move| {
        let mut a = attempt::Attempt::new(level);
        a.play(m).ok()
    };
    let passes = legal
        .iter()
        .any(|&m| matches!(one_move(m), Some(attempt::Verdict::Passed { .. })));
    let fails = legal
        .iter()
        .any(|&m| matches!(one_move(m), Some(attempt::Verdict::Failed(_))));
    match &level.goal {
        Goal::Capture(t) => {
            if !theirs(t) {
                return bad("a marked point is not the other side's stone".into());
            }
            if level.solo {
                match solo_capture(pos, t, level.par.max(8)) {
                    Some(n) if n == level.par => {}
                    found => {
                        return bad(format!(
                            "taken in {found:?} with passes, not the par {}",
                            level.par
                        ));
                    }
                }
            } else {
                let found = (1..=level.par.max(7)).find(|&n| capture(pos, t, n).is_some());
                if found != Some(level.par) {
                    return bad(format!(
                        "taken against defence in {found:?}, not the par {}",
                        level.par
                    ));
                }
                let mut a = attempt::Attempt::new(level);
                while a.verdict() == attempt::Verdict::Going {
                    let left = level.par.saturating_sub(a.moves());
                    let Some(m) = capture(a.position(), &a.targets_left(), left) else {
                        return bad(format!("lost the way after {} moves", a.moves()));
                    };
                    a.play(m).map_err(|e| Unfit(format!("{}: {e}", level.id)))?;
                    a.answer_reply();
                }
                if a.verdict() != (attempt::Verdict::Passed { stars: 3 }) {
                    return bad(format!("played through: {:?}", a.verdict()));
                }
                if !fails {
                    return bad("no move fails the level".into());
                }
            }
        }
        Goal::Atari(t) | Goal::Cut(t) => {
            if !theirs(t) {
                return bad("a marked point is not the other side's stone".into());
            }
            if !passes || !fails {
                return bad(format!("a move passes: {passes}, a move fails: {fails}"));
            }
        }
        Goal::Escape(t) | Goal::Connect(t) | Goal::Live(t) => {
            if !mine(t) {
                return bad("a marked point is not the learner's stone".into());
            }
            if !passes || !fails {
                return bad(format!("a move passes: {passes}, a move fails: {fails}"));
            }
            if let Goal::Escape(t) = &level.goal
                && pos
                    .play(Move::Pass, &RULES)
                    .is_ok_and(|p| capture(&p, t, 3).is_none())
            {
                return bad("the stones are not in danger".into());
            }
        }
        Goal::Fill(t) => {
            let mut want = neutral(pos);
            let mut got = t.clone();
            want.sort();
            got.sort();
            if want != got {
                return bad(format!("the neutral points are {want:?}"));
            }
            if level.par as usize != t.len() {
                return bad("the par is the number of points".into());
            }
        }
        Goal::Count(n) => {
            let lead = black_lead(pos);
            if lead != *n {
                return bad(format!("black leads by {lead}"));
            }
        }
        Goal::Pass(t) => {
            for &p in t {
                let Ok(next) = pos.play(Move::Play(p), &RULES) else {
                    continue;
                };
                let ours = next.board().stones(me);
                if !ours.iter().any(|&s| capture(&next, &[s], 1).is_some()) {
                    return bad(format!("a stone on {p:?} is not taken"));
                }
            }
        }
        Goal::CaptureGo { .. } => {
            if capture_go::winner(pos).is_some() {
                return bad("a stone is already taken".into());
            }
        }
    }
    Ok(())
}
