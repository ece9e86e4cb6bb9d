//! Fairy-Stockfish itself over UCI, for the oracles that need its search (pyffish gives
//! its rules, not its search).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use xiangqi::rules::Move;

/// Fairy-Stockfish on a pipe, asked for its score at a fixed depth.
pub struct Fsf {
    child: Child,
    input: ChildStdin,
    lines: std::io::Lines<BufReader<ChildStdout>>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    Cp(i32),
    Mate(i32),
}

impl Fsf {
    pub fn start() -> Fsf {
        let path = xiangqi::engine::find(None).expect("Fairy-Stockfish is installed");
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        writeln!(
            input,
            "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready"
        )
        .unwrap();
        let mut fsf = Fsf {
            child,
            input,
            lines,
        };
        fsf.until("readyok");
        fsf
    }

    pub fn until(&mut self, start: &str) -> Vec<String> {
        let mut seen = Vec::new();
        for line in self.lines.by_ref() {
            let line = line.unwrap();
            let done = line.starts_with(start);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("Fairy-Stockfish stopped before {start}")
    }

    /// Its best move in `fen` at `depth`, in our coordinates.
    pub fn best(&mut self, fen: &str, depth: u32) -> Move {
        writeln!(
            self.input,
            "ucinewgame\nposition fen {fen}\ngo depth {depth}"
        )
        .unwrap();
        let line = self.until("bestmove").pop().unwrap();
        let m = line.split_whitespace().nth(1).unwrap();
        // Fairy-Stockfish counts ranks from 1: its a1 is our a0.
        let (a, b) = m.split_at(m[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1);
        let ours = |p: &str| format!("{}{}", &p[..1], p[1..].parse::<u32>().unwrap() - 1);
        format!("{}{}", ours(a), ours(b)).parse().unwrap()
    }

    /// Its score for the side to move after `moves` from `fen`.
    pub fn score(&mut self, fen: &str, moves: &[Move], depth: u32) -> Eval {
        // Fairy-Stockfish counts ranks from 1: a0 is its a1.
        let point = |sq: xiangqi::rules::Square| {
            format!("{}{}", char::from(b'a' + sq.file()), sq.rank() + 1)
        };
        let moves: Vec<String> = moves
            .iter()
            .map(|m| format!("{}{}", point(m.from), point(m.to)))
            .collect();
        writeln!(
            self.input,
            "ucinewgame\nposition fen {fen} moves {}\ngo depth {depth}",
            moves.join(" ")
        )
        .unwrap();
        let mut score = None;
        for line in self.until("bestmove") {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "score") {
                let n: i32 = words[at + 2].parse().unwrap();
                score = Some(if words[at + 1] == "mate" {
                    Eval::Mate(n)
                } else {
                    Eval::Cp(n)
                });
            }
        }
        score.unwrap_or(Eval::Mate(0))
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
