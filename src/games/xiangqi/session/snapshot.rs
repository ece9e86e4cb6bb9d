//! The whole session as text, for the autosave: the game's tree and tags, the line
//! followed and the ply shown, and every step of the undo and redo lists, including the
//! games that a new game, load or import replaced. Resuming gives back exactly what
//! Ctrl+Z and Ctrl+Y would have reached.
//!
//! ```text
//! xiangqi-session 3
//! game rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;1;h2e2;tree=…
//! undo move h2e2 0
//! end
//! ```
//!
//! A game is `FEN;PLY;MOVES`: the start and the moves of the line followed (version 2
//! files also had moves taken back, to redo); then, if it has them, `;declared=OUTCOME`
//! and `;at=NODE` (a result by time, resignation or agreement, and where),
//! `;clock=CONTROL;readings=R,B R,B …` (CONTROL red's and black's apart by a comma
//! with time odds) (each side's milliseconds when each ply was
//! reached, `b` after a side in 读秒; `;now=R,B` the clocks as they stood when written,
//! if time ran since the last ply), `;tree=TREE` (see
//! [`GameTree::to_text`]: node numbers are kept, the steps name nodes by them),
//! `;tags=NAME=VALUE,…` and `;review=PLY`. Text is %-escaped. A timed game comes back
//! with its clock stopped. Steps: `move MOVE PARENT [END REVIEW]`, `replace GAME`,
//! `note NODE =BEFORE =AFTER NAGS`, `declare OUTCOME [NODE]`. Undo and redo lines go
//! from the bottom of each list to its top. The last line, `end`, tells a whole file
//! from one cut off after a complete line (version 1 files had none and still read).

use std::fmt::Write as _;

use super::clock::Clock;
use super::timing::{Timing, parse_reading, reading_text};
use super::{Note, Session, Step, Table};
use crate::rules::tree::{GameTree, Nag, NodeId, escape};
use crate::rules::{Controls, Game, Move, Outcome, Position};

const HEADER: &str = "xiangqi-session 3";
/// Before the tree: a game was one line.
const HEADER_2: &str = "xiangqi-session 2";
/// Written before the end line existed.
const HEADER_1: &str = "xiangqi-session 1";

/// Why a snapshot could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// Not a session snapshot (or one from a newer version).
    #[error("not a saved session (the first line should be \"{HEADER}\")")]
    Header,
    /// A line could not be understood.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The file stops before its `end` line: it was cut off.
    #[error("the file stops before its end: it was cut off")]
    CutOff,
    /// The steps do not match the games they belong to.
    #[error("the undo history does not match the game")]
    Inconsistent,
}

/// A broken escape is the line's error.
fn unescape(text: &str) -> Result<String, String> {
    crate::rules::tree::unescape(text).ok_or_else(|| format!("a broken % escape in \"{text}\""))
}

fn node_id(tree: Option<&GameTree>, text: &str) -> Result<NodeId, String> {
    text.parse::<usize>()
        .ok()
        .and_then(|n| tree.and_then(|t| t.id(n)))
        .ok_or_else(|| format!("\"{text}\" is not a node"))
}

impl Session {
    /// The session as text (see the [module documentation](self)).
    #[must_use]
    pub fn to_snapshot(&self) -> String {
        let mut out = format!("{HEADER}\ngame {}\n", table_text(&self.t));
        for (name, steps) in [("undo", &self.undo), ("redo", &self.redo)] {
            steps.render(&mut out, |step| format!("{name} {}\n", step_text(step)));
        }
        out.push_str("end\n");
        out
    }

    /// Reads a session written by [`to_snapshot`](Self::to_snapshot).
    ///
    /// ```
    /// use xiangqi::games::xiangqi::session::Session;
    ///
    /// let mut s = Session::new();
    /// s.play("h2e2".parse().unwrap()).unwrap();
    /// s.new_game();
    /// let mut back = Session::from_snapshot(&s.to_snapshot()).unwrap();
    /// back.undo();
    /// assert_eq!(back.game().ply_count(), 1);
    /// ```
    pub fn from_snapshot(text: &str) -> Result<Session, SnapshotError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let has_end = match lines.next().map(|(_, l)| l) {
            Some(HEADER | HEADER_2) => true,
            Some(HEADER_1) => false,
            _ => return Err(SnapshotError::Header),
        };
        let mut ended = false;
        let mut session = Session::new();
        let mut have_game = false;
        for (line, text) in lines.filter(|(_, l)| !l.is_empty()) {
            let bad = |reason: String| SnapshotError::Line { line, reason };
            if has_end && text == "end" && !ended {
                ended = true;
                continue;
            }
            if ended {
                return Err(bad("text after the end".into()));
            }
            let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
            match kind {
                "game" if !have_game => {
                    session.t = parse_table(rest).map_err(bad)?;
                    have_game = true;
                }
                "undo" | "redo" => {
                    let step = parse_step(rest).map_err(bad)?;
                    if kind == "undo" {
                        session.undo.push(step);
                    } else {
                        session.redo.push(step);
                    }
                }
                _ => return Err(bad(format!("unexpected \"{kind}\""))),
            }
        }
        if has_end && !ended {
            return Err(SnapshotError::CutOff);
        }
        if !have_game {
            return Err(SnapshotError::Line {
                line: 2,
                reason: "no game".into(),
            });
        }
        if !session.is_consistent() {
            return Err(SnapshotError::Inconsistent);
        }
        Ok(session)
    }

    /// Whether every step can be taken back or replayed on the table it belongs to:
    /// walks a copy to the bottom of the undo list and to the top of the redo list.
    /// Node numbers in a step are checked against the tree they name.
    fn is_consistent(&self) -> bool {
        let mut probe = self.clone();
        while let Some(step) = probe.undo.last() {
            let t = &probe.t;
            let fits = match step {
                Step::Move { mv, parent, .. } => {
                    let node = match parent {
                        Some(p) if t.tree.contains(*p) => t.tree.child_with(*p, *mv),
                        Some(_) => None,
                        None => Some(t.end()),
                    };
                    node.is_some_and(|n| {
                        t.tree.node(n).mv() == Some(*mv) && t.tree.node(n).children().is_empty()
                    })
                }
                Step::Note(node, _) => t.tree.contains(*node),
                Step::Declare(o, _) => t.declared.map(|d| d.1) == Some(*o),
                Step::Replace(_) => true,
            };
            if !fits {
                return false;
            }
            probe.undo();
        }
        while let Some(step) = probe.redo.last() {
            let t = &mut probe.t;
            let fits = match step {
                Step::Move { mv, parent, .. } => {
                    let at = parent.unwrap_or(t.end());
                    t.tree.contains(at) && t.tree.child_with(at, *mv).is_none() && {
                        t.follow(at, false);
                        t.game.position().play(*mv).is_ok()
                    }
                }
                Step::Note(node, _) => t.tree.contains(*node),
                Step::Declare(_, at) => {
                    if let Some(at) = at.filter(|&a| t.tree.contains(a)) {
                        t.follow(at, false);
                    }
                    t.game.outcome().is_none()
                }
                Step::Replace(_) => true,
            };
            if !fits {
                return false;
            }
            probe.redo();
        }
        true
    }
}

fn step_text(step: &Step) -> String {
    match step {
        Step::Move { mv, parent, back } => {
            let mut text = format!("move {mv}");
            if let Some(p) = parent {
                let _ = write!(text, " {}", p.index());
            }
            if let Some((end, review)) = back {
                let review = review.map_or("-".to_owned(), |r| r.to_string());
                let _ = write!(text, " {} {review}", end.index());
            }
            text
        }
        Step::Replace(t) => format!("replace {}", table_text(t)),
        Step::Note(node, note) => {
            let nags: Vec<String> = note.nags.iter().map(|n| n.0.to_string()).collect();
            let nags = if nags.is_empty() {
                "-".to_owned()
            } else {
                nags.join(",")
            };
            format!(
                "note {} ={} ={} {nags}",
                node.index(),
                escape(&note.before),
                escape(&note.after)
            )
        }
        Step::Declare(o, None) => format!("declare {o}"),
        Step::Declare(o, Some(at)) => format!("declare {o} {}", at.index()),
    }
}

/// A step as [`step_text`] writes it. Node numbers are checked later, against the
/// table the step belongs to ([`Session::is_consistent`]).
fn parse_step(text: &str) -> Result<Step, String> {
    let (what, arg) = text.split_once(' ').unwrap_or((text, ""));
    let any = |n: &str| {
        n.parse::<u32>()
            .map(NodeId::from_index)
            .map_err(|_| format!("\"{n}\" is not a node"))
    };
    Ok(match what {
        "move" => {
            let words: Vec<&str> = arg.split_whitespace().collect();
            let mv = words
                .first()
                .unwrap_or(&"")
                .parse::<Move>()
                .map_err(|e| format!("\"{arg}\": {e}"))?;
            let parent = words.get(1).map(|p| any(p)).transpose()?;
            let back = match (words.get(2), words.get(3)) {
                (Some(end), Some(review)) => {
                    let review = match *review {
                        "-" => None,
                        r => Some(r.parse().map_err(|_| format!("\"{r}\" is not a ply"))?),
                    };
                    Some((any(end)?, review))
                }
                (None, None) => None,
                _ => {
                    return Err(format!(
                        "\"{arg}\": a move's way back needs its end and ply"
                    ));
                }
            };
            Step::Move { mv, parent, back }
        }
        "replace" => Step::Replace(Box::new(parse_table(arg)?)),
        "note" => {
            let words: Vec<&str> = arg.split_whitespace().collect();
            let [node, before, after, nags] = words[..] else {
                return Err(format!("\"{arg}\" is not NODE =BEFORE =AFTER NAGS"));
            };
            let text = |w: &str| {
                w.strip_prefix('=')
                    .ok_or_else(|| format!("\"{w}\" does not begin with '='"))
                    .and_then(unescape)
            };
            let nags = match nags {
                "-" => Vec::new(),
                n => n
                    .split(',')
                    .map(|g| {
                        g.parse::<u8>()
                            .map(Nag)
                            .map_err(|_| format!("\"{g}\" is not a glyph"))
                    })
                    .collect::<Result<_, _>>()?,
            };
            Step::Note(
                any(node)?,
                Note {
                    before: text(before)?,
                    after: text(after)?,
                    nags,
                },
            )
        }
        "declare" => {
            // An outcome is two words ("red-wins resignation"); a node may follow.
            let (outcome, at) = match arg.rsplit_once(' ') {
                Some((o, n)) if n.bytes().all(|b| b.is_ascii_digit()) => (o, Some(any(n)?)),
                _ => (arg, None),
            };
            let outcome = outcome
                .parse::<Outcome>()
                .map_err(|e| format!("\"{arg}\": {e}"))?;
            Step::Declare(outcome, at)
        }
        _ => return Err(format!("unknown step \"{what}\"")),
    })
}

fn table_text(t: &Table) -> String {
    let moves: Vec<String> = t.game.moves().map(|m| m.to_string()).collect();
    let mut out = format!(
        "{};{};{}",
        t.game.start().to_fen(),
        t.game.ply_count(),
        moves.join(" ")
    );
    if let Some((at, o)) = t.declared {
        let _ = write!(out, ";declared={o};at={}", at.index());
    }
    if let Some(timing) = &t.timing {
        let readings: Vec<String> = timing.readings.iter().map(reading_text).collect();
        let _ = write!(
            out,
            ";clock={};readings={}",
            timing.clock.controls(),
            readings.join(" ")
        );
        // The time used on the move in progress: a game quit while a clock ran comes
        // back with that time gone, not given back.
        let now = timing.clock.reading();
        if timing.readings.get(t.game.ply_count()) != Some(&now) {
            let _ = write!(out, ";now={}", reading_text(&now));
        }
    }
    // The tree's text holds no ';' or white space: it needs no escaping.
    let _ = write!(out, ";tree={}", t.tree.to_text());
    if !t.tags.is_empty() {
        let tags: Vec<String> = t
            .tags
            .iter()
            .map(|(k, v)| format!("{}={}", escape(k), escape(v)))
            .collect();
        let _ = write!(out, ";tags={}", tags.join(","));
    }
    if let Some(review) = t.review {
        let _ = write!(out, ";review={review}");
    }
    out
}

/// A table as [`table_text`] writes it (or a version 2 game and its clock).
fn parse_table(text: &str) -> Result<Table, String> {
    let mut fields = text.split(';');
    let head: Vec<&str> = fields.by_ref().take(3).collect();
    let game = parse_game(&head.join(";"))?;
    let (mut declared, mut at, mut control, mut readings) = (None, None, None, None);
    let mut now = None;
    let (mut tree, mut tags, mut review) = (None, Vec::new(), None);
    for field in fields {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| format!("\"{field}\" is not NAME=VALUE"))?;
        match key {
            "declared" => {
                declared = Some(
                    value
                        .parse::<Outcome>()
                        .map_err(|e| format!("\"{value}\": {e}"))?,
                );
            }
            "at" => at = Some(value.to_owned()),
            "clock" => control = Some(value.parse::<Controls>().map_err(|e| e.to_string())?),
            "now" => now = Some(parse_reading(value)?),
            "readings" => {
                readings = Some(
                    value
                        .split_whitespace()
                        .map(parse_reading)
                        .collect::<Result<Vec<_>, _>>()?,
                );
            }
            "tree" => {
                tree = Some(GameTree::from_text(value).map_err(|e| format!("the tree: {e}"))?);
            }
            "tags" => {
                for pair in value.split(',').filter(|p| !p.is_empty()) {
                    let (k, v) = pair
                        .split_once('=')
                        .ok_or_else(|| format!("the tag \"{pair}\" is not NAME=VALUE"))?;
                    tags.push((unescape(k)?, unescape(v)?));
                }
            }
            "review" => {
                review = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| format!("\"{value}\" is not a ply"))?,
                );
            }
            _ => return Err(format!("unknown field \"{key}\"")),
        }
    }
    let timing = match (control, readings) {
        (None, None) => None,
        (Some(control), Some(readings)) => {
            // One a ply reached, and more for moves taken back that may be redone.
            let plies = game.ply_count();
            if readings.len() < plies + 1 {
                return Err(format!(
                    "{} clock readings for {plies} moves",
                    readings.len()
                ));
            }
            let mut t = Timing {
                clock: Clock::new(control, game.position().turn()),
                readings,
            };
            t.show(&game);
            if let Some(now) = now {
                t.clock.set(now, game.position().turn());
            }
            Some(t)
        }
        _ => return Err("a clock needs both its control and its readings".into()),
    };
    let mut table = match tree {
        // The line: the game's moves, walked through the tree.
        Some(tree) => {
            let mut line = Vec::with_capacity(game.ply_count());
            let mut node = tree.root();
            for m in game.moves() {
                node = tree
                    .child_with(node, m)
                    .ok_or_else(|| format!("the move {m} is not in the tree"))?;
                line.push(node);
            }
            if game.start() != tree.start() {
                return Err("the tree and the game start apart".into());
            }
            Table {
                declared: None,
                tree,
                tags,
                line,
                game,
                timing: None,
                review: None,
            }
        }
        None => Table::from_game(game),
    };
    table.timing = timing;
    if let Some(outcome) = declared {
        let node = match at {
            Some(a) => node_id(Some(&table.tree), &a)?,
            None => table.end(),
        };
        table.declared = Some((node, outcome));
        // The game is over only where the result was given: a line followed away from
        // it (a variation played from an earlier ply) plays on, as it did before the
        // autosave (`Table::follow` declares it again on coming back).
        if node == table.end() {
            table
                .game
                .declare(outcome)
                .map_err(|e| format!("the result {outcome} cannot stand: {e}"))?;
        }
    }
    if let Some(review) = review {
        if review >= table.line.len() {
            return Err(format!("ply {review} is not before the line's end"));
        }
        table.review = Some(review);
    }
    Ok(table)
}

fn parse_game(text: &str) -> Result<Game, String> {
    let mut parts = text.splitn(3, ';');
    let (Some(fen), Some(ply), Some(moves)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("a game needs FEN;PLY;MOVES".into());
    };
    let start = Position::from_fen(fen).map_err(|e| format!("FEN \"{fen}\": {e}"))?;
    let ply: usize = ply
        .trim()
        .parse()
        .map_err(|_| format!("\"{ply}\" is not a ply count"))?;
    let mut game = Game::from_position(start);
    let mut count = 0;
    for (i, word) in moves.split_whitespace().enumerate() {
        let m: Move = word
            .parse()
            .map_err(|e| format!("move {} \"{word}\": {e}", i + 1))?;
        // Records may go on past an adjudicated end; the game keeps them as played.
        game.play_on(m)
            .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        count += 1;
    }
    if ply > count {
        return Err(format!("ply {ply} is past the {count} moves"));
    }
    for _ in ply..count {
        game.undo();
    }
    Ok(game)
}

#[cfg(test)]
#[path = "snapshot_tests.rs"]
mod tests;
