//! What the engine's thread costs the game, against the engine itself. Prints figures
//! (no criterion: each search takes a fixed time, so there is nothing to sample):
//!
//! - a timed search asked through the worker (as the game asks for the computer's move)
//!   against the same search asked of the engine directly (the anchor): the time from
//!   asking to the move in hand;
//! - how long an infinite analysis takes to stop once it is no longer wanted (the
//!   worker's stop poll plus the engine's answer to `stop`).
//!
//! `cargo bench --bench engine` (needs fairy-stockfish: sudo apt-get install
//! fairy-stockfish).

use std::time::{Duration, Instant};

use xiangqi::engine::{self, Engine, Job, Limit, Options, Report, Worker};
use xiangqi::rules::Position;

const SEARCH: Duration = Duration::from_millis(200);
const ROUNDS: usize = 10;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let Some(path) = engine::find(None) else {
        println!("no engine: sudo apt-get install fairy-stockfish");
        return;
    };
    let start = Position::new();
    let moves = vec!["h2e2".parse().unwrap(), "h9g7".parse().unwrap()];
    let patience = Duration::from_secs(20);

    let mut direct = Engine::start(&path, patience).expect("the engine starts");
    direct.set_option("Threads", "1").unwrap();
    let mut anchor = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        direct
            .search(&start, &moves, Limit::MoveTime(SEARCH), 1, |_| {})
            .unwrap();
        anchor.push(t.elapsed());
    }

    let worker = Worker::spawn(
        path,
        Options {
            threads: 1,
            hash_mb: 16,
        },
        patience,
        || {},
    );
    let job = |limit| Job {
        start: start.clone(),
        moves: moves.clone(),
        limit,
        multipv: 1,
    };
    // The first request starts the engine: not counted.
    worker.ask(job(Limit::Depth(1)));
    wait(&worker, |r| matches!(r, Report::Best { .. }));
    let mut through = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let id = worker.ask(job(Limit::MoveTime(SEARCH)));
        wait(
            &worker,
            |r| matches!(r, Report::Best { job, .. } if *job == id),
        );
        through.push(t.elapsed());
    }

    let mut stops = Vec::new();
    for _ in 0..ROUNDS {
        worker.ask(job(Limit::Infinite));
        wait(
            &worker,
            |r| matches!(r, Report::Line { line, .. } if line.depth >= 8),
        );
        let t = Instant::now();
        // The next request can begin only once the running search has stopped.
        let id = worker.ask(job(Limit::Depth(1)));
        wait(
            &worker,
            |r| matches!(r, Report::Line { job, .. } if *job == id),
        );
        stops.push(t.elapsed());
    }

    let (a, w) = (median(anchor), median(through));
    println!("timed search of {SEARCH:?}, median of {ROUNDS}:");
    println!("  asked of the engine directly (anchor): {a:?}");
    println!(
        "  asked through the worker thread:       {w:?} ({:.3}x the anchor)",
        w.as_secs_f64() / a.as_secs_f64()
    );
    println!(
        "an infinite analysis replaced by a new search: first line of the new one after {:?} (median of {ROUNDS})",
        median(stops)
    );
}

fn wait(worker: &Worker, done: impl Fn(&Report) -> bool) {
    let began = Instant::now();
    loop {
        for r in worker.reports() {
            if let Report::Failed(why) = &r {
                panic!("{why}");
            }
            if done(&r) {
                return;
            }
        }
        assert!(began.elapsed() < Duration::from_secs(30), "no answer");
        std::thread::sleep(Duration::from_micros(200));
    }
}
