//! The Go review's speed: a 9×9 game of 60 moves (`tests/data/gnugo-9x9.sgf`)
//! reviewed on one GNU Go process a core, beside the anchor, the same GTP commands
//! asked of one GNU Go process in turn, in the same run; then one 19×19 position's
//! questions. Needs GNU Go.
//!
//! `cargo bench --bench go_review` (`GO_REVIEW_LEVEL=5` by default)

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use xiangqi::games::go::review::{self, Options};
use xiangqi::go::sgf;

fn timed(game: &xiangqi::go::Game, options: &Options) -> Duration {
    let t = Instant::now();
    review::review(game, options, &AtomicBool::new(false), &|_, _| {}).expect("the review");
    t.elapsed()
}

fn main() {
    let Some(mut options) = Options::installed() else {
        println!("go_review: no GNU Go (sudo apt-get install gnugo): nothing measured");
        return;
    };
    options.level = std::env::var("GO_REVIEW_LEVEL")
        .ok()
        .and_then(|l| l.parse().ok())
        .unwrap_or(review::LEVEL);
    let read = |name: &str| {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let record = sgf::read(&sgf::decode(&std::fs::read(path).expect("the file")))
            .expect("reads")
            .remove(0);
        record.replay(&record.main_line()).expect("replays")
    };
    let game = read("gnugo-9x9.sgf");
    let workers = options.workers;
    let one = Options {
        workers: 1,
        ..options.clone()
    };
    // Best of three each, alternated, so a busy moment hurts both alike.
    let (mut anchor, mut reviewed) = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        anchor = anchor.min(timed(&game, &one));
        reviewed = reviewed.min(timed(&game, &options));
    }
    println!(
        "go_review 9x9, {} moves, level {}: {workers} processes {:.2} s, one process {:.2} s (ratio {:.2})",
        game.moves().len(),
        options.level,
        reviewed.as_secs_f64(),
        anchor.as_secs_f64(),
        reviewed.as_secs_f64() / anchor.as_secs_f64()
    );
    // 19×19: a real game's first 40 moves, the rate a player waits on.
    let mut big = read("sgf/AG_vs_AG_-_G1_-_English.sgf");
    while big.moves().len() > 40 {
        big.undo();
    }
    let t = timed(&big, &options);
    println!(
        "go_review 19x19, {} moves, level {}: {workers} processes {:.2} s ({:.2} s a position)",
        big.moves().len(),
        options.level,
        t.as_secs_f64(),
        t.as_secs_f64() / (big.moves().len() + 1) as f64
    );
}
