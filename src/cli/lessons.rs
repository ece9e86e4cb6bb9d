//! `xiangqi lessons`: the lessons of both games, a line a level; with `--json`, a JSON
//! array of one object a level (the game, the stage and level, the start as FEN or SGF,
//! the goal's kind and count, the par and the goal in both languages).

use std::io::Write;

use serde_json::{Value, json};
use xiangqi::games::go::lessons as go_lessons;
use xiangqi::go::{Game as GoGame, sgf};
use xiangqi::lessons as xq_lessons;

use super::{Failure, io};

/// Every level of both courses, as JSON objects.
fn objects() -> Vec<Value> {
    let mut all = Vec::new();
    for (s, stage) in xq_lessons::course().iter().enumerate() {
        for (l, level) in stage.levels.iter().enumerate() {
            let goal = level.goal_text();
            let targets: Vec<String> = level
                .goal
                .targets()
                .iter()
                .map(ToString::to_string)
                .collect();
            all.push(json!({
                "game": "xiangqi",
                "stage": s + 1,
                "stage_id": stage.id,
                "stage_zh": stage.title.0,
                "stage_en": stage.title.1,
                "level": l + 1,
                "id": level.id,
                "start": level.start.to_fen(),
                "goal": level.goal.name(),
                "moves": level.goal.count(),
                "par": level.par,
                "targets": targets,
                "goal_zh": goal.0,
                "goal_en": goal.1,
            }));
        }
    }
    for (s, stage) in go_lessons::course().iter().enumerate() {
        for (l, level) in stage.levels.iter().enumerate() {
            let goal = level.goal_text();
            let size = level.size();
            let targets: Vec<String> = level.goal.targets().iter().map(|p| p.gtp(size)).collect();
            let game = GoGame::from_position(level.start, go_lessons::reader::RULES, 0);
            all.push(json!({
                "game": "go",
                "stage": s + 1,
                "stage_id": stage.id,
                "stage_zh": stage.title.0,
                "stage_en": stage.title.1,
                "level": l + 1,
                "id": level.id,
                "start": sgf::write(&sgf::SgfGame::from_game(&game)),
                "size": size,
                "goal": level.goal.name(),
                "moves": level.goal.count(),
                "par": level.par,
                "solo": level.solo,
                "targets": targets,
                "goal_zh": goal.0,
                "goal_en": goal.1,
            }));
        }
    }
    all
}

/// The levels: `GAME ID GOAL PAR GOAL-IN-ENGLISH` a line, or the JSON array.
pub(super) fn list(out: &mut impl Write, json: bool) -> Result<(), Failure> {
    let all = objects();
    if json {
        writeln!(out, "[").map_err(io)?;
        for (i, o) in all.iter().enumerate() {
            let comma = if i + 1 < all.len() { "," } else { "" };
            writeln!(out, "{o}{comma}").map_err(io)?;
        }
        writeln!(out, "]").map_err(io)?;
    } else {
        for o in &all {
            writeln!(
                out,
                "{}\t{}\t{}\t{}\t{}",
                o["game"].as_str().unwrap_or_default(),
                o["id"].as_str().unwrap_or_default(),
                o["goal"].as_str().unwrap_or_default(),
                o["par"],
                o["goal_en"].as_str().unwrap_or_default(),
            )
            .map_err(io)?;
        }
    }
    Ok(())
}
