//! A review written into an SGF record and read back. Each move's node gets `V[…]`
//! (SGF's value of a node: black's lead in points after the move, as GNU Go estimates
//! it), `BM[1]` for a mistake and `BM[2]` for a blunder (SGF's "bad move"), and a
//! paragraph at the end of its comment (`C`) in words, which Sabaki and sgfmill show
//! as they show any comment:
//!
//! ```text
//! GNU Go review (level 5): B+4.5
//! GNU Go would play D4 (35.0): expands moyo; expands territory
//! Cost: 7.2 points ?
//! ```
//!
//! The start's score is `V` on the root. Reviewing again replaces all of it; a
//! player's own comment before the paragraph is kept.

use super::{Mark, Seen, Step, mover};
use crate::engine::gtp::Candidate;
use crate::go::sgf::{Node, SgfGame};
use crate::go::{Game, Move};

/// How the paragraph starts.
const HEAD: &str = "GNU Go review (level ";
const BEST: &str = "GNU Go would play ";
const COST: &str = "Cost: ";

/// A score as players write it: `B+4.5`, `W+12.0`, `0`.
#[must_use]
pub fn score_text(score: f32) -> String {
    if score.abs() < 0.05 {
        "0".to_owned()
    } else if score > 0.0 {
        format!("B+{score:.1}")
    } else {
        format!("W+{:.1}", -score)
    }
}

fn parse_score(text: &str) -> Option<f32> {
    let text = text.trim();
    if text == "0" {
        return Some(0.0);
    }
    let (side, points) = text.split_once('+')?;
    let points: f32 = points.parse().ok()?;
    match side {
        "B" => Some(points),
        "W" => Some(-points),
        _ => None,
    }
}

/// The nodes of `line` that hold the positions: the first node, then each node with a
/// move.
fn position_nodes(record: &SgfGame, line: &[usize]) -> Vec<usize> {
    let mut nodes = vec![line.first().copied().unwrap_or(0)];
    nodes.extend(
        line.iter()
            .skip(1)
            .copied()
            .filter(|&i| record.nodes[i].mv.is_some()),
    );
    nodes
}

/// The comment without an earlier review's paragraph.
fn own_comment(comment: &str) -> &str {
    match comment.find(HEAD) {
        Some(at) => comment[..at].trim_end(),
        None => comment,
    }
}

fn set(node: &mut Node, name: &str, value: Option<String>) {
    node.props.retain(|(n, _)| n != name);
    if let Some(v) = value {
        node.props.push((name.to_owned(), vec![v]));
    }
}

/// Writes what GNU Go saw (`found`, one a position of `game`, the game along `line`)
/// and the moves judged (`steps`) into `record`.
pub fn annotate(
    record: &mut SgfGame,
    line: &[usize],
    game: &Game,
    found: &[Option<Seen>],
    steps: &[Option<Step>],
    level: u8,
) {
    let size = game.start().board().size();
    let nodes = position_nodes(record, line);
    for (k, &i) in nodes.iter().enumerate() {
        let node = &mut record.nodes[i];
        let score = found.get(k).and_then(Option::as_ref).map(|s| s.score);
        set(node, "V", score.map(|s| format!("{s:.1}")));
        let step = k
            .checked_sub(1)
            .and_then(|m| steps.get(m))
            .and_then(Option::as_ref);
        set(
            node,
            "BM",
            step.and_then(|s| s.mark).map(|m| match m {
                Mark::Mistake => "1".to_owned(),
                Mark::Blunder => "2".to_owned(),
            }),
        );
        let mut comment = own_comment(&node.comment).to_owned();
        if k > 0
            && let (Some(score), Some(step)) = (score, step)
        {
            if !comment.is_empty() {
                comment.push_str("\n\n");
            }
            comment.push_str(&format!("{HEAD}{level}): {}\n", score_text(score)));
            comment.push_str(&format!(
                "{BEST}{} ({:.1})",
                step.best.mv.gtp(size),
                step.best.value
            ));
            if !step.reasons.is_empty() {
                comment.push_str(&format!(": {}", step.reasons.join("; ")));
            }
            comment.push_str(&format!(
                "\n{COST}{:.1} points{}",
                step.loss.max(0.0),
                step.mark
                    .map_or(String::new(), |m| format!(" {}", m.glyph()))
            ));
        }
        node.comment = comment;
    }
}

/// A review written by [`annotate`] into `record` along `line` (the game `game`): each
/// position's score, each move judged; `None` where nothing was written. The loss is
/// read as written (to a tenth, never negative).
#[must_use]
pub fn read_back(
    record: &SgfGame,
    line: &[usize],
    game: &Game,
) -> (Vec<Option<f32>>, Vec<Option<Step>>) {
    let size = game.start().board().size();
    let nodes = position_nodes(record, line);
    let scores: Vec<Option<f32>> = nodes
        .iter()
        .map(|&i| {
            let node = &record.nodes[i];
            let value = node.props.iter().find(|(n, _)| n == "V");
            value
                .and_then(|(_, v)| v.first()?.trim().parse().ok())
                // A program that kept the comment and dropped `V`.
                .or_else(|| {
                    let head = &node.comment[node.comment.find(HEAD)?..];
                    parse_score(head.lines().next()?.split_once("): ")?.1)
                })
        })
        .collect();
    let steps = (0..game.moves().len())
        .map(|m| {
            let node = &record.nodes[*nodes.get(m + 1)?];
            let text = &node.comment[node.comment.find(HEAD)?..];
            let mut best = None;
            let mut reasons = Vec::new();
            let mut loss = None;
            for l in text.lines() {
                if let Some(rest) = l.strip_prefix(BEST) {
                    let (head, why) = rest.split_once(": ").unwrap_or((rest, ""));
                    let (point, value) = head.split_once(" (")?;
                    best = Some(Candidate {
                        mv: Move::from_gtp(point, size).ok()?,
                        value: value.trim_end_matches(')').parse().ok()?,
                    });
                    reasons = why
                        .split("; ")
                        .filter(|r| !r.is_empty())
                        .map(str::to_owned)
                        .collect();
                } else if let Some(rest) = l.strip_prefix(COST) {
                    loss = rest.split_whitespace().next()?.parse::<f32>().ok();
                }
            }
            let loss = loss?;
            Some(Step {
                mover: mover(game, m),
                played: game.moves()[m],
                best: best?,
                reasons,
                loss,
                mark: Mark::of(loss),
            })
        })
        .collect();
    (scores, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_written() {
        for s in [4.5f32, -12.0, 0.0, 0.3, -0.3] {
            let text = score_text(s);
            assert_eq!(
                parse_score(&text),
                Some((s * 10.0).round() / 10.0),
                "{text}"
            );
        }
        assert_eq!(score_text(-12.0), "W+12.0");
    }
}
