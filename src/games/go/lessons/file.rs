//! The course's file (`assets/lessons/go.ron`) read into stages and levels.

use serde::Deserialize;

use super::{Goal, Level, Stage};
use crate::games::lessons::{Said, text};
use crate::go::text::read_diagram;
use crate::go::{Move, Point};

/// A level as the file has it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    board: Vec<String>,
    goal: RawGoal,
    #[serde(default)]
    white: bool,
    #[serde(default)]
    par: Option<u32>,
    #[serde(default)]
    solo: bool,
    #[serde(default)]
    say: Option<Said>,
    #[serde(default)]
    after: Option<Said>,
    #[serde(default)]
    replies: Vec<String>,
}

#[derive(Deserialize)]
enum RawGoal {
    Capture(Vec<String>),
    Atari(Vec<String>),
    Escape(Vec<String>),
    Connect(Vec<String>),
    Cut(Vec<String>),
    Live(Vec<String>),
    Fill(Vec<String>),
    Count(i32),
    Pass(Vec<String>),
    CaptureGo(bool),
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
    let mut diagram = raw.board.join("\n");
    if raw.white {
        diagram.push_str("\nto-move white");
    }
    let start = read_diagram(&diagram).map_err(|e| at(&e))?;
    let size = start.board().size();
    let points = |v: Vec<String>| {
        v.iter()
            .map(|s| Point::from_gtp(s, size).map_err(|e| at(&e)))
            .collect::<Result<Vec<_>, _>>()
    };
    let goal = match raw.goal {
        RawGoal::Capture(t) => Goal::Capture(points(t)?),
        RawGoal::Atari(t) => Goal::Atari(points(t)?),
        RawGoal::Escape(t) => Goal::Escape(points(t)?),
        RawGoal::Connect(t) => Goal::Connect(points(t)?),
        RawGoal::Cut(t) => Goal::Cut(points(t)?),
        RawGoal::Live(t) => Goal::Live(points(t)?),
        RawGoal::Fill(t) => Goal::Fill(points(t)?),
        RawGoal::Count(n) => Goal::Count(n),
        RawGoal::Pass(t) => Goal::Pass(points(t)?),
        RawGoal::CaptureGo(computer) => Goal::CaptureGo { computer },
    };
    if goal.targets().is_empty() && !matches!(goal, Goal::Count(_) | Goal::CaptureGo { .. }) {
        return Err(at(&"no marked point"));
    }
    let par = match (&goal, raw.par) {
        (_, Some(p)) => p,
        (Goal::Fill(t), None) => t.len() as u32,
        (Goal::Capture(_), None) => return Err(at(&"a par is needed")),
        // A game has no par: a win is three stars.
        (Goal::CaptureGo { .. }, None) => 0,
        _ => 1,
    };
    let replies = raw
        .replies
        .iter()
        .map(|m| Move::from_gtp(m, size).map_err(|e| at(&e)))
        .collect::<Result<_, _>>()?;
    Ok(Level {
        id: id.to_owned(),
        start,
        goal,
        par,
        solo: raw.solo,
        say: raw.say.map(text),
        after: raw.after.map(text),
        replies,
    })
}
