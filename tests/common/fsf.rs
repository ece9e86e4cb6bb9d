//! The installed Fairy-Stockfish asked for a score: the outside truth of a move's worth.

/// What Fairy-Stockfish (the installed program, one thread, `depth`) scores `pos` for
/// the side to move, in centipawns (a mate as ±30,000).
pub fn score(pos: &xiangqi::rules::Position, depth: u32) -> i32 {
    use std::io::{BufRead, Write};
    let path = xiangqi::engine::find(None).expect("Fairy-Stockfish is installed");
    let mut child = std::process::Command::new(path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    write!(
        input,
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\n\
         position fen {}\ngo depth {depth}\n",
        pos.to_fen()
    )
    .unwrap();
    let mut score = None;
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(i) = words.iter().position(|w| *w == "score") {
            let n: i32 = words[i + 2].parse().unwrap();
            score = Some(if words[i + 1] == "mate" {
                30_000 * n.signum()
            } else {
                n
            });
        }
        if line.starts_with("bestmove") {
            break;
        }
    }
    let _ = writeln!(input, "quit");
    let _ = child.wait();
    score.expect("Fairy-Stockfish scored the position")
}

/// The expected score (0–100) of a side whose score is `cp`, as the tests write it, not
/// borrowing the code's constants: a horse ahead (about 400 of Fairy-Stockfish's
/// soldiers of 100) is three games in four; 2,000 and more (a mate) is a won game.
pub fn expected(cp: i32) -> f64 {
    let cp = cp.clamp(-2000, 2000);
    // 1 / (1 + e^(-k·400)) = 0.75: k = ln 3 / 400.
    let k = 3f64.ln() / 400.0;
    100.0 / (1.0 + (-k * f64::from(cp)).exp())
}
