//! GNU Go (Debian `gnugo`) over GTP: told a Go game move by move, asked for a move or
//! for the dead stones at the end. No Bevy; every answer has a deadline (a thread reads
//! the program's output), and a program that hangs is killed. Its moves are checked
//! against our rules before they are given back.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::engine::EngineError;
use crate::go::{Color, Game, KoRule, Move, Point, Scoring};

/// A running GTP program.
pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    patience: Duration,
}

impl Gtp {
    /// Starts `command` (a GTP program with its arguments).
    ///
    /// # Errors
    /// The program does not start, or does not answer `name`.
    pub fn start(command: Command, patience: Duration) -> Result<Gtp, EngineError> {
        let (child, stdin, lines) = crate::engine::spawn(command)?;
        let mut gtp = Gtp {
            child,
            stdin,
            lines,
            patience,
        };
        gtp.ask("name")?;
        Ok(gtp)
    }

    /// Sends `command` and returns its answer (after `= `).
    ///
    /// # Errors
    /// No answer in time, the program gone, or a refusal (`? …`).
    pub fn ask(&mut self, command: &str) -> Result<String, EngineError> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.died())?;
        let mut answer = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(self.patience) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(EngineError::Timeout(self.patience));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.died()),
            };
            let line = line.trim_end().to_owned();
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push(line);
        }
        let text = answer.join("\n");
        match text.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_owned()),
            None => Err(EngineError::Garbage(format!("{command}: {text}"))),
        }
    }

    fn died(&mut self) -> EngineError {
        self.kill();
        EngineError::Quit
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Tells the program `game` from its start: size, komi, the set-up stones, the
    /// moves.
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    pub fn set_game(&mut self, game: &Game) -> Result<(), EngineError> {
        let size = game.start().board().size();
        self.ask(&format!("boardsize {size}"))?;
        self.ask("clear_board")?;
        self.ask(&format!("komi {}", game.rules().komi))?;
        for color in [Color::Black, Color::White] {
            for p in game.start().board().stones(color) {
                self.ask(&format!("play {} {}", letter(color), p.gtp(size)))?;
            }
        }
        for (ply, mv) in game.moves().iter().enumerate() {
            let color = game.position_at(ply).map_or(Color::Black, |p| p.to_move());
            self.ask(&format!("play {} {}", letter(color), mv.gtp(size)))?;
        }
        Ok(())
    }

    /// The program's move for the side to move in `game` (told with
    /// [`set_game`](Self::set_game)): a point our rules allow, or a pass; `None` if it
    /// resigns.
    ///
    /// # Errors
    /// As [`ask`](Self::ask); an answer that is no point of the board.
    pub fn genmove(&mut self, game: &Game) -> Result<Option<Move>, EngineError> {
        let size = game.start().board().size();
        let color = game.position().to_move();
        let answer = self.ask(&format!("genmove {}", letter(color)))?;
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        let mv = Move::from_gtp(&answer, size)
            .map_err(|e| EngineError::Garbage(format!("genmove: {e}")))?;
        // GNU Go knows no superko of ours: a move our rules refuse becomes a pass.
        Ok(Some(if game.check(mv).is_ok() {
            mv
        } else {
            Move::Pass
        }))
    }

    /// The stones the program counts dead in the position told.
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    pub fn dead(&mut self, size: u8) -> Result<Vec<Point>, EngineError> {
        let answer = self.ask("final_status_list dead")?;
        let mut dead: Vec<Point> = answer
            .split_whitespace()
            .filter_map(|w| Point::from_gtp(w, size).ok())
            .collect();
        dead.sort();
        Ok(dead)
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(20));
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            self.kill();
        }
    }
}

fn letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// GNU Go started for `game`'s rules at `level` (1–10): area or territory counting,
/// superko, suicide.
///
/// # Errors
/// The program does not start.
pub fn gnugo(path: &Path, game: &Game, level: u8) -> Result<Gtp, EngineError> {
    let mut command = Command::new(path);
    command.args(["--mode", "gtp", "--level", &level.clamp(1, 10).to_string()]);
    let rules = game.rules();
    command.arg(match rules.scoring {
        Scoring::Area => "--chinese-rules",
        Scoring::Territory => "--japanese-rules",
    });
    match rules.ko {
        KoRule::Simple => {}
        KoRule::Positional => _ = command.arg("--positional-superko"),
        KoRule::Situational => _ = command.arg("--situational-superko"),
    }
    if rules.suicide {
        command.arg("--allow-suicide");
    }
    Gtp::start(command, Duration::from_secs(60))
}

/// GNU Go, if it is installed: on the `PATH` or in `/usr/games` (where Debian puts it).
#[must_use]
pub fn find_gnugo() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.iter().map(|d| d.join("gnugo")).find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Rules;

    #[test]
    fn gnu_go_answers_with_a_legal_move_and_finds_a_dead_stone() {
        // Not skipped when missing: a test that cannot fail proves nothing (.ci/run
        // installs it).
        let path = find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)");
        let mut game = Game::new(9, Rules::CHINESE).unwrap();
        for m in ["E5", "E4", "D4", "pass"] {
            game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
        }
        let mut gtp = gnugo(&path, &game, 1).unwrap();
        gtp.set_game(&game).unwrap();
        let mv = gtp.genmove(&game).unwrap().expect("no resignation");
        assert!(game.check(mv).is_ok(), "{mv:?}");
        // A lone white stone in black's corner, black all around: dead.
        let mut end = Game::new(5, Rules::CHINESE).unwrap();
        for m in "C5 A1 C4 pass C3 pass C2 pass C1 pass D5".split_whitespace() {
            end.play(Move::from_gtp(m, 5).unwrap()).unwrap();
        }
        let mut gtp = gnugo(&path, &end, 1).unwrap();
        gtp.set_game(&end).unwrap();
        let dead = gtp.dead(5).unwrap();
        assert!(
            dead.contains(&Point::from_gtp("A1", 5).unwrap()),
            "{dead:?}"
        );
    }
}
