//! `xiangqi lessons`: the lessons of both games, a line a level; with `--json`, a JSON
//! array of one object a level (the game, the stage and level, the start as FEN or SGF,
//! the goal's kind and count, the par and the goal in every language).

use std::io::Write;

use serde_json::{Value, json};
use table::i18n::Lang;
use table::learn::Text;
use xiangqi::games::go::lessons as go_lessons;
use xiangqi::games::xiangqi::lessons as xq_lessons;
use xiangqi::go::{Game as GoGame, sgf};

use super::{Failure, io};

/// What a level says of itself, whichever game: its kind of goal, the number it counts,
/// its par, its marked points, its start (FEN or SGF), its one-line goal.
struct Said {
    goal: &'static str,
    moves: i64,
    par: u32,
    targets: Vec<String>,
    start: String,
    text: Text,
}

/// A level's object: the game, its stage and place, and what it says.
fn object(game: &str, stage: (usize, &str, &Text), (l, id): (usize, &str), said: Said) -> Value {
    let (s, stage_id, title) = stage;
    let mut o = json!({
        "game": game,
        "stage": s + 1,
        "stage_id": stage_id,
        "level": l + 1,
        "id": id,
        "start": said.start,
        "goal": said.goal,
        "moves": said.moves,
        "par": said.par,
        "targets": said.targets,
    });
    // The stage's title and the goal in every language: `goal_zh`, `goal_en`,
    // `goal_zh_hant`, `goal_vi`.
    for lang in Lang::ALL {
        let key = lang.code().to_lowercase().replace('-', "_");
        o[format!("stage_{key}")] = title.get(lang).into();
        o[format!("goal_{key}")] = said.text.get(lang).into();
    }
    o
}

/// Every level of both courses, as JSON objects.
fn objects() -> Vec<Value> {
    let mut all = Vec::new();
    for (s, stage) in xq_lessons::course().iter().enumerate() {
        for (l, level) in stage.levels.iter().enumerate() {
            let said = Said {
                goal: level.goal.name(),
                moves: i64::from(level.goal.count()),
                par: level.par,
                targets: level
                    .goal
                    .targets()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                start: level.start.to_fen(),
                text: level.goal_text(),
            };
            all.push(object(
                "xiangqi",
                (s, &stage.id, &stage.title),
                (l, &level.id),
                said,
            ));
        }
    }
    for (s, stage) in go_lessons::course().iter().enumerate() {
        for (l, level) in stage.levels.iter().enumerate() {
            let size = level.size();
            let game = GoGame::from_position(level.start, go_lessons::reader::RULES, 0);
            let said = Said {
                goal: level.goal.name(),
                moves: level.goal.count(),
                par: level.par,
                targets: level.goal.targets().iter().map(|p| p.gtp(size)).collect(),
                start: sgf::write(&sgf::SgfGame::from_game(&game)),
                text: level.goal_text(),
            };
            let mut o = object("go", (s, &stage.id, &stage.title), (l, &level.id), said);
            o["size"] = json!(size);
            o["solo"] = json!(level.solo);
            all.push(o);
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
