//! The review's speed: a real game's every position searched at a fixed depth on one
//! engine process a core, beside the anchor, the same searches asked one after another
//! of one engine process, in the same run. Needs Fairy-Stockfish.
//!
//! `cargo bench --bench review` (`REVIEW_DEPTH=9` by default)

use std::time::Instant;

use xiangqi::engine::{self, Limit};
use xiangqi::games::xiangqi::review::{self, Plan};
use xiangqi::rules::Move;
use xiangqi::rules::read::read_games_bytes;

fn main() {
    let Some(path) = engine::find(None) else {
        println!("review: no engine (sudo apt-get install fairy-stockfish): nothing measured");
        return;
    };
    let depth = std::env::var("REVIEW_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(9);
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/real-76.pgn");
    let bytes = std::fs::read(file).expect("the game file");
    let record = read_games_bytes(&bytes)
        .expect("reads")
        .remove(0)
        .expect("a game")
        .record;
    let start = record.game.start().clone();
    let moves: Vec<Move> = record.game.moves().collect();
    let plan = Plan::new(&path, Limit::Depth(depth));
    let t = Instant::now();
    review::one_process(&plan, &start, &moves).expect("the anchor's searches");
    let anchor = t.elapsed();
    let t = Instant::now();
    let running = review::start(&plan, &start, &moves);
    review::collect(&running).expect("the review");
    let reviewed = t.elapsed();
    println!(
        "review: {} positions at depth {depth}: {:.2} s on {} processes; anchor, one process: {:.2} s; ratio {:.2}",
        moves.len() + 1,
        reviewed.as_secs_f64(),
        plan.processes,
        anchor.as_secs_f64(),
        reviewed.as_secs_f64() / anchor.as_secs_f64()
    );
}
