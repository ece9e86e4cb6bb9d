//! The match runner's overhead beside the engines' own think time: games between
//! Fairy-Stockfish and itself at 100 ms a move, one at a time. The wall time is set
//! beside the time the engines took to answer (from the position sent to the move
//! read), measured in the same run; what is left over is the runner's (the rules
//! checking every move and ending the game, the record made). The goal is at most 2 %
//! of the wall time. Needs Fairy-Stockfish.
//!
//! `cargo bench --bench matches` (`MATCH_GAMES=2`)

use std::time::Instant;

use xiangqi::matches::{Match, Seat, play};

fn main() {
    let Some(engine) = xiangqi::engine::find(None) else {
        println!(
            "matches: no Fairy-Stockfish (sudo apt-get install fairy-stockfish): nothing measured"
        );
        return;
    };
    let games = std::env::var("MATCH_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2);
    let player = format!("uci:{},movetime=100", engine.display());
    let m = Match {
        a: player.parse().expect("a player"),
        b: player.parse().expect("a player"),
        games,
        concurrency: 1,
        out: None,
        sprt: None,
        seed: 1,
    };
    let mut a = Seat::start(&m.a).expect("the engine starts");
    let mut b = Seat::start(&m.b).expect("the engine starts");
    let t = Instant::now();
    let mut plies = 0;
    for index in 0..games {
        let (record, _) = play(&m, index, &mut a, &mut b).expect("a game");
        plies += record.game.ply_count();
    }
    let wall = t.elapsed().as_secs_f64();
    let thinking = (a.thinking() + b.thinking()).as_secs_f64();
    let overhead = wall - thinking;
    println!(
        "match runner, {games} games, {plies} plies at 100 ms a move: wall {wall:.2} s beside the engines' own time {thinking:.2} s: the runner's {overhead:.3} s, {:.2} % of the wall time (goal ≤ 2 %), {:.2} ms a ply",
        100.0 * overhead / wall.max(1e-9),
        1000.0 * overhead / plies.max(1) as f64
    );
}
