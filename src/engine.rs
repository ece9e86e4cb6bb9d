//! A UCI engine (Fairy-Stockfish, Pikafish…) as a child process: the handshake, its
//! options, positions, searches and the lines it reports. No Bevy: a thread reads the
//! engine's output into a channel, so every wait has a deadline, and an engine that
//! hangs is killed instead of blocking its caller. The engine never changes a game: it
//! is only told positions and asked for moves, which are checked before they are given
//! back.
//!
//! Engines number ranks differently: Pikafish writes `h2e2` (ranks 0–9, as ICCS),
//! Fairy-Stockfish `h3e3` (1–10). [`Engine::start`] asks for a move in the start
//! position and keeps the numbering under which it is legal.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::rules::{Move, Position, Square};

mod plan;
mod worker;
pub use plan::{Table, Task, Want, want};
pub use worker::{Job, Options, Report, Worker};

/// How an engine numbers ranks in its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranks {
    /// `a0`–`i9`, as ICCS (Pikafish, most UCCI engines).
    FromZero,
    /// `a1`–`i10` (Fairy-Stockfish).
    FromOne,
}

impl Ranks {
    /// `m` as this engine writes it.
    #[must_use]
    pub fn write(self, m: Move) -> String {
        let sq = |s: Square| {
            let rank = s.rank() + u8::from(self == Ranks::FromOne);
            format!("{}{rank}", char::from(b'a' + s.file()))
        };
        format!("{}{}", sq(m.from), sq(m.to))
    }

    /// A move as this engine writes it (`h10g8`, `h9g7`).
    #[must_use]
    pub fn read(self, text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        let square = |i: usize| -> Option<(Square, usize)> {
            let file = bytes.get(i)?.checked_sub(b'a')?;
            let mut j = i + 1;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            let rank: u8 = text.get(i + 1..j)?.parse().ok()?;
            let rank = rank.checked_sub(u8::from(self == Ranks::FromOne))?;
            Some((Square::new(file, rank)?, j))
        };
        let (from, next) = square(0)?;
        let (to, end) = square(next)?;
        (end == text.len() && from != to).then(|| Move::new(from, to))
    }
}

/// An evaluation, from the side to move's point of view (as UCI gives it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn (a soldier).
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score from `side`'s point of view, given that it was `mover`'s (the side to
    /// move in the searched position, whose view UCI gives).
    ///
    /// ```
    /// use xiangqi::engine::Score;
    /// use xiangqi::rules::Color;
    ///
    /// let black_ahead = Score::Centipawns(80);
    /// assert_eq!(black_ahead.for_side(Color::Black, Color::Red), Score::Centipawns(-80));
    /// assert_eq!(Score::Mate(2).for_side(Color::Black, Color::Red), Score::Mate(-2));
    /// assert_eq!(Score::Mate(2).for_side(Color::Red, Color::Red), Score::Mate(2));
    /// ```
    #[must_use]
    pub fn for_side(self, mover: crate::rules::Color, side: crate::rules::Color) -> Score {
        if mover == side {
            return self;
        }
        match self {
            Score::Centipawns(cp) => Score::Centipawns(cp.saturating_neg()),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }
}

/// One line of play the engine reports while it searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// How deep it has searched.
    pub depth: u32,
    /// Which of the best lines (1 is the best).
    pub multipv: usize,
    /// Its evaluation.
    pub score: Score,
    /// The moves, legal from the searched position (cut at the first that is not).
    pub pv: Vec<Move>,
}

/// How long to search.
///
/// Written and read as a person would put it: `depth 8`, `1.5 s`, `infinite`.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::engine::Limit;
///
/// assert_eq!("depth 8".parse(), Ok(Limit::Depth(8)));
/// assert_eq!("1.5 s".parse(), Ok(Limit::MoveTime(Duration::from_millis(1500))));
/// assert_eq!(Limit::MoveTime(Duration::from_millis(250)).to_string(), "0.25 s");
/// assert!("depth many".parse::<Limit>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// To this many plies.
    Depth(u32),
    /// For this long.
    MoveTime(Duration),
    /// Until told to stop (analysis).
    Infinite,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth {d}"),
            // Seconds to the millisecond, without trailing zeros.
            Limit::MoveTime(t) => {
                let ms = t.as_millis();
                let text = format!("{}.{:03}", ms / 1000, ms % 1000);
                write!(f, "{} s", text.trim_end_matches('0').trim_end_matches('.'))
            }
            Limit::Infinite => f.write_str("infinite"),
        }
    }
}

impl std::str::FromStr for Limit {
    type Err = String;

    fn from_str(text: &str) -> Result<Limit, String> {
        let text = text.trim();
        let bad = || format!("\"{text}\" is no search limit (depth 8, 1.5 s, 500 ms)");
        if text == "infinite" {
            return Ok(Limit::Infinite);
        }
        if let Some(depth) = text.strip_prefix("depth") {
            return depth.trim().parse().map(Limit::Depth).map_err(|_| bad());
        }
        let (number, millis) = if let Some(n) = text.strip_suffix("ms") {
            (n, 1.0)
        } else if let Some(n) = text.strip_suffix('s') {
            (n, 1000.0)
        } else {
            return Err(bad());
        };
        let value: f64 = number.trim().parse().map_err(|_| bad())?;
        let ms = value * millis;
        // A day is more than any move is given; NaN and negatives are no time.
        if !(0.0..=86_400_000.0).contains(&ms) {
            return Err(bad());
        }
        Ok(Limit::MoveTime(Duration::from_millis(ms.round() as u64)))
    }
}

/// What went wrong with an engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("could not start the engine {path}: {source}")]
    Start {
        /// The program.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// It said nothing for too long, and was stopped.
    #[error("the engine stopped answering (nothing for {0:?}) and was stopped")]
    Timeout(Duration),
    /// It quit or crashed.
    #[error("the engine quit unexpectedly")]
    Quit,
    /// It answered, but not in UCI, or with a move that is not legal.
    #[error("the engine's answer makes no sense: {0}")]
    Garbage(String),
    /// The position has no legal move: there is nothing to search.
    #[error("the game is over in this position: there is no move to search")]
    NoMoves,
}

/// How often a search looks whether it should stop while the engine is quiet.
const STOP_POLL: Duration = Duration::from_millis(20);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    ranks: Ranks,
    /// How long any one answer may take beyond what was asked for.
    patience: Duration,
}

impl Engine {
    /// Starts the program at `path`, ready to play xiangqi.
    pub fn start(path: &Path, patience: Duration) -> Result<Engine, EngineError> {
        Engine::start_command(Command::new(path), patience)
    }

    /// Starts `command` (an engine with arguments), ready to play xiangqi: the UCI
    /// handshake, `UCI_Variant xiangqi` when the engine has it, and its rank numbering.
    pub fn start_command(mut command: Command, patience: Duration) -> Result<Engine, EngineError> {
        let path = PathBuf::from(command.get_program());
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Start {
                path: path.clone(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::Quit);
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            name: path.display().to_string(),
            ranks: Ranks::FromZero,
            patience,
        };
        engine.handshake()?;
        Ok(engine)
    }

    /// Its name, as it gives it (`Fairy-Stockfish 11.1 …`).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// How it numbers ranks.
    #[must_use]
    pub fn ranks(&self) -> Ranks {
        self.ranks
    }

    fn send(&mut self, command: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.died())
    }

    /// The engine is gone or hopeless: make sure it is gone.
    fn died(&mut self) -> EngineError {
        self.kill();
        EngineError::Quit
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The next line, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(EngineError::Timeout(self.patience))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    /// Reads lines until one starts with `word`; returns it.
    fn until(&mut self, word: &str, deadline: Instant) -> Result<String, EngineError> {
        loop {
            let line = self.next_line(deadline)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        self.send("uci")?;
        let deadline = Instant::now() + self.patience;
        let mut variant = false;
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("id"), Some("name")) => {
                    // The words after "name", however the engine spaces them.
                    let rest = line.split_once("name").map_or("", |(_, rest)| rest);
                    self.name = rest.trim().to_owned();
                }
                (Some("option"), Some("name")) => {
                    variant |= line.contains("name UCI_Variant ");
                }
                (Some("uciok"), _) => break,
                _ => {}
            }
        }
        if variant {
            self.send("setoption name UCI_Variant value xiangqi")?;
        }
        self.ready()?;
        self.ranks = self.detect_ranks()?;
        Ok(())
    }

    /// Waits until the engine has done what it was told.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.patience;
        self.until("readyok", deadline).map(|_| ())
    }

    /// Sets a UCI option (`MultiPV`, `Threads`, `Hash`…).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Asks for a move in the start position: whichever numbering makes it legal is
    /// the engine's (no start move is legal under both).
    fn detect_ranks(&mut self) -> Result<Ranks, EngineError> {
        let start = Position::new();
        self.send(&format!("position fen {}", start.to_fen()))?;
        self.send("go depth 1")?;
        let deadline = Instant::now() + self.patience;
        let line = self.until("bestmove", deadline)?;
        let best = line.split_whitespace().nth(1).unwrap_or("");
        [Ranks::FromOne, Ranks::FromZero]
            .into_iter()
            .find(|r| r.read(best).is_some_and(|m| start.is_legal(m)))
            .ok_or_else(|| {
                EngineError::Garbage(format!("\"{best}\" is no move in the start position"))
            })
    }

    /// Searches the position after `moves` from `start`; `on_line` is called with each
    /// line the engine reports (the best `multipv` lines at each depth). Returns the
    /// best move. Takes at most the time asked for and the engine's patience.
    pub fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: Limit,
        multipv: usize,
        on_line: impl FnMut(&Line),
    ) -> Result<Move, EngineError> {
        self.search_until(start, moves, limit, multipv, on_line, || false)?
            .ok_or(EngineError::Quit)
    }

    /// As [`search`](Self::search), but `stop` is asked every few milliseconds whether
    /// the search is still wanted: once it says so, the engine is told to stop and
    /// `None` is returned when it has (its move, made in haste, is not given). This is
    /// how an infinite search ends.
    pub fn search_until(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: Limit,
        multipv: usize,
        mut on_line: impl FnMut(&Line),
        mut stop: impl FnMut() -> bool,
    ) -> Result<Option<Move>, EngineError> {
        let mut pos = start.clone();
        for &m in moves {
            pos = pos
                .play(m)
                .map_err(|e| EngineError::Garbage(format!("the game's own move {m}: {e}")))?;
        }
        if pos.legal_moves().is_empty() {
            return Err(EngineError::NoMoves);
        }
        self.set_option("MultiPV", &multipv.max(1).to_string())?;
        let mut command = format!("position fen {}", start.to_fen());
        if !moves.is_empty() {
            command.push_str(" moves");
            for &m in moves {
                command.push(' ');
                command.push_str(&self.ranks.write(m));
            }
        }
        self.send(&command)?;
        let (go, budget) = match limit {
            Limit::Depth(d) => (format!("go depth {d}"), Some(Duration::ZERO)),
            Limit::MoveTime(t) => (format!("go movetime {}", t.as_millis()), Some(t)),
            // An infinite search may be quiet for as long as it likes; it is the stop
            // that must be answered in time.
            Limit::Infinite => ("go infinite".to_owned(), None),
        };
        self.send(&go)?;
        // Each answer may take the engine's patience; a timed search its time too.
        let patience = self.patience;
        let quiet_until = |now: Instant| budget.map(|b| now + patience + b);
        let mut deadline = quiet_until(Instant::now());
        let mut stopping = false;
        loop {
            if !stopping && stop() {
                self.send("stop")?;
                stopping = true;
                deadline = Some(Instant::now() + self.patience);
            }
            let now = Instant::now();
            let wait = match deadline {
                Some(d) if d <= now => {
                    self.kill();
                    return Err(EngineError::Timeout(self.patience));
                }
                Some(d) => (d - now).min(STOP_POLL),
                None => STOP_POLL,
            };
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Err(self.died()),
            };
            if !stopping {
                deadline = quiet_until(Instant::now());
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") if !stopping => {
                    if let Some(l) = parse_info(&line, &pos, self.ranks) {
                        on_line(&l);
                    }
                }
                Some("bestmove") if stopping => return Ok(None),
                Some("bestmove") => {
                    let text = words.next().unwrap_or("");
                    return self
                        .ranks
                        .read(text)
                        .filter(|&m| pos.is_legal(m))
                        .map(Some)
                        .ok_or_else(|| EngineError::Garbage(format!("bestmove \"{text}\"")));
                }
                _ => {}
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // A polite engine quits at once; give it a moment, then make sure.
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }
}

/// An `info … depth D … score cp X|mate N … multipv K … pv …` line; `None` for the
/// other kinds of `info` (current move, hash use, strings).
fn parse_info(line: &str, pos: &Position, ranks: Ranks) -> Option<Line> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
    let depth = words.get(after("depth")?)?.parse().ok()?;
    let multipv = after("multipv")
        .and_then(|i| words.get(i)?.parse().ok())
        .unwrap_or(1);
    let s = after("score")?;
    let value: i32 = words.get(s + 1)?.parse().ok()?;
    let score = match *words.get(s)? {
        "cp" => Score::Centipawns(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let mut pv = Vec::new();
    let mut at = pos.clone();
    for text in words.iter().skip(after("pv")?) {
        let Some(m) = ranks.read(text).filter(|&m| at.is_legal(m)) else {
            break;
        };
        at = at.play(m).ok()?;
        pv.push(m);
    }
    Some(Line {
        depth,
        multipv,
        score,
        pv,
    })
}

/// The engine to use: `configured` if it is given, else the first of Fairy-Stockfish
/// and Pikafish found on the `PATH` or in `/usr/games` (where Debian puts it).
#[must_use]
pub fn find(configured: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = configured {
        return Some(path.to_path_buf());
    }
    let names = ["fairy-stockfish", "pikafish"];
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    names
        .iter()
        .find_map(|name| dirs.iter().map(|d| d.join(name)).find(|p| p.is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_written_and_read_both_ways() {
        let m: Move = "h9g7".parse().unwrap();
        assert_eq!(Ranks::FromZero.write(m), "h9g7");
        assert_eq!(Ranks::FromOne.write(m), "h10g8");
        assert_eq!(Ranks::FromOne.read("h10g8"), Some(m));
        assert_eq!(Ranks::FromZero.read("h9g7"), Some(m));
        for bad in ["", "h10", "h0g0", "h11g8", "z1a1", "a0a1x", "h10g8 "] {
            assert_eq!(Ranks::FromOne.read(bad), None, "{bad}");
        }
        assert_eq!(Ranks::FromZero.read("a10a9"), None);
    }

    #[test]
    fn info_lines_give_depth_score_and_a_legal_pv() {
        let pos = Position::new();
        let line =
            "info depth 8 seldepth 9 multipv 2 score cp -28 nodes 14520 pv h3e3 h10g8 e3e3 b1c3";
        let l = parse_info(line, &pos, Ranks::FromOne).unwrap();
        assert_eq!(
            (l.depth, l.multipv, l.score),
            (8, 2, Score::Centipawns(-28))
        );
        let pv: Vec<String> = l.pv.iter().map(ToString::to_string).collect();
        assert_eq!(pv, ["h2e2", "h9g7"], "cut at the first illegal move");
        let mate = parse_info("info depth 3 score mate -2 pv", &pos, Ranks::FromOne).unwrap();
        assert_eq!(mate.score, Score::Mate(-2));
        assert_eq!(
            parse_info("info currmove h3e3 currmovenumber 1", &pos, Ranks::FromOne),
            None
        );
        assert_eq!(parse_info("info string hello", &pos, Ranks::FromOne), None);
    }
}
