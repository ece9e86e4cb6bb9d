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
