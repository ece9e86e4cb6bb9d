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

use crate::rules::{Move, Position};

mod find;
pub mod gtp;
pub mod levels;
mod plan;
pub mod reading;
mod uci;
mod worker;
pub use find::{GET_FAIRY_STOCKFISH, GET_GNUGO, find, program};
pub use plan::{Table, Task, Want, accepts_draw, want};
use uci::parse_info;
pub use uci::{Limit, Line, Ranks, Score};
pub use worker::{Job, Options, Report, Worker};

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
    pub fn start_command(command: Command, patience: Duration) -> Result<Engine, EngineError> {
        let path = PathBuf::from(command.get_program());
        let (child, stdin, lines) = spawn(command)?;
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
        loop {
            if let Some(line) = self.line_within(Some(deadline), Duration::MAX)? {
                return Ok(line);
            }
        }
    }

    /// The next line if one comes within `slice`; past `deadline` (if any) the engine
    /// has taken too long and is stopped.
    fn line_within(
        &mut self,
        deadline: Option<Instant>,
        slice: Duration,
    ) -> Result<Option<String>, EngineError> {
        let now = Instant::now();
        let wait = match deadline {
            Some(d) if d <= now => {
                self.kill();
                return Err(EngineError::Timeout(self.patience));
            }
            Some(d) => (d - now).min(slice),
            None => slice,
        };
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
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

    /// Forgets what earlier searches learnt (`ucinewgame`: the hash is cleared), so that
    /// a search's result depends on its position and limit alone.
    pub fn forget(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
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
            // Whichever comes first: the engine stops at the depth or at the time.
            Limit::DepthWithin(d, t) => {
                (format!("go depth {d} movetime {}", t.as_millis()), Some(t))
            }
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
            let Some(line) = self.line_within(deadline, STOP_POLL)? else {
                continue;
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

/// Starts `command` with its input and output piped; a thread reads its output into a
/// channel a line at a time, so every wait on it can have a deadline.
pub(crate) fn spawn(
    mut command: Command,
) -> Result<(Child, ChildStdin, Receiver<String>), EngineError> {
    let path = PathBuf::from(command.get_program());
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|source| EngineError::Start { path, source })?;
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
    Ok((child, stdin, lines))
}
