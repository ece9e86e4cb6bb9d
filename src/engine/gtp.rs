//! GNU Go (Debian `gnugo`) over GTP: told a Go game move by move, asked for a move or
//! for the dead stones at the end. No Bevy; every answer has a deadline (a thread reads
//! the program's output), and a program that hangs is killed. Its moves are checked
//! against our rules before they are given back.

use std::io::Write;
use std::path::Path;
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
        self.set_start(game)?;
        let size = game.start().board().size();
        for (ply, &mv) in game.moves().iter().enumerate() {
            // Who played it: a record may give one side two moves running.
            let color = game
                .position_at(ply + 1)
                .map_or(Color::Black, |p| !p.to_move());
            self.play(color, mv, size)?;
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

/// A move GNU Go considers, with its value (GNU Go's own scale: about the points the
/// move is worth, gained and denied counted together).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Its value.
    pub value: f32,
}

impl Gtp {
    /// Tells the program `game`'s start only: size, komi, the set-up stones.
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    pub fn set_start(&mut self, game: &Game) -> Result<(), EngineError> {
        let size = game.start().board().size();
        self.ask(&format!("boardsize {size}"))?;
        self.ask("clear_board")?;
        self.ask(&format!("komi {}", game.rules().komi))?;
        for color in [Color::Black, Color::White] {
            for p in game.start().board().stones(color) {
                self.ask(&format!("play {} {}", letter(color), p.gtp(size)))?;
            }
        }
        Ok(())
    }

    /// Plays `mv` for `color` on the program's board.
    ///
    /// # Errors
    /// As [`ask`](Self::ask): a move the program refuses.
    pub fn play(&mut self, color: Color, mv: Move, size: u8) -> Result<(), EngineError> {
        self.ask(&format!("play {} {}", letter(color), mv.gtp(size)))
            .map(drop)
    }

    /// Takes the last move back on the program's board.
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    pub fn undo(&mut self) -> Result<(), EngineError> {
        self.ask("undo").map(drop)
    }

    /// GNU Go's estimate of the score in the position told (`estimate_score`): black's
    /// lead in points, negative when white leads.
    ///
    /// # Errors
    /// As [`ask`](Self::ask); an answer that is no score.
    pub fn estimate(&mut self) -> Result<f32, EngineError> {
        let answer = self.ask("estimate_score")?;
        parse_score(&answer)
            .ok_or_else(|| EngineError::Garbage(format!("estimate_score: {answer}")))
    }

    /// GNU Go's best moves for `color` in the position told (`top_moves_black` or
    /// `top_moves_white`), best first; empty when it would pass.
    ///
    /// # Errors
    /// As [`ask`](Self::ask); a move that is no point of the board.
    pub fn top_moves(&mut self, color: Color, size: u8) -> Result<Vec<Candidate>, EngineError> {
        let command = match color {
            Color::Black => "top_moves_black",
            Color::White => "top_moves_white",
        };
        let answer = self.ask(command)?;
        let words: Vec<&str> = answer.split_whitespace().collect();
        words
            .chunks(2)
            .map(|pair| {
                let [point, value] = pair else {
                    return Err(EngineError::Garbage(format!("{command}: {answer}")));
                };
                let mv = Move::from_gtp(point, size)
                    .map_err(|e| EngineError::Garbage(format!("{command}: {e}")))?;
                let value = value
                    .parse()
                    .map_err(|_| EngineError::Garbage(format!("{command}: {answer}")))?;
                Ok(Candidate { mv, value })
            })
            .collect()
    }

    /// Why GNU Go would play at `p` (`move_reasons`, after [`top_moves`](Self::top_moves)
    /// in the same position), as it says them: "expands moyo", "attacks E5"…
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    pub fn reasons(&mut self, p: Point, size: u8) -> Result<Vec<String>, EngineError> {
        let at = p.gtp(size);
        let answer = self.ask(&format!("move_reasons {at}"))?;
        let prefix = format!("Move at {at} ");
        let mut reasons: Vec<String> = Vec::new();
        for line in answer.lines().map(str::trim) {
            let Some(reason) = line.strip_prefix(&prefix) else {
                continue;
            };
            let reason = reason.trim_start_matches("is ").trim().to_owned();
            if !reason.is_empty() && !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
        Ok(reasons)
    }

    /// Who GNU Go thinks owns each point of the position told, with `to_move` to play
    /// (`initial_influence … territory_value`): one value a point, row by row from the
    /// top, in −1 (white's) … 1 (black's); a dead stone counts twice (−2 or 2).
    ///
    /// # Errors
    /// As [`ask`](Self::ask); an answer that is not one number a point.
    pub fn territory(&mut self, to_move: Color, size: u8) -> Result<Vec<f32>, EngineError> {
        let color = match to_move {
            Color::Black => "black",
            Color::White => "white",
        };
        let answer = self.ask(&format!("initial_influence {color} territory_value"))?;
        // GNU Go counts white's positive.
        let values: Vec<f32> = answer
            .split_whitespace()
            .map(|w| w.parse::<f32>().map(|v| -v))
            .collect::<Result<_, _>>()
            .map_err(|_| EngineError::Garbage(format!("initial_influence: {answer}")))?;
        if values.len() == usize::from(size) * usize::from(size) {
            Ok(values)
        } else {
            Err(EngineError::Garbage(format!(
                "initial_influence: {} values for a {size}×{size} board",
                values.len()
            )))
        }
    }
}

/// A GTP score (`B+4.5`, `W+12.8 (upper bound: …)`, `0`) as black's lead.
fn parse_score(answer: &str) -> Option<f32> {
    let word = answer.split_whitespace().next()?;
    if word == "0" || word.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (side, points) = word.split_once('+')?;
    let points: f32 = points.parse().ok()?;
    match side {
        "B" | "b" => Some(points),
        "W" | "w" => Some(-points),
        _ => None,
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
/// superko, suicide. Its random seed changes from run to run (the opponent varies its
/// play); see [`gnugo_seeded`].
///
/// # Errors
/// The program does not start.
pub fn gnugo(path: &Path, game: &Game, level: u8) -> Result<Gtp, EngineError> {
    gnugo_with(path, game, level, None)
}

/// The random seed of GNU Go's opinions (territory, candidates, reviews).
pub const SEED: u32 = 1;

/// [`gnugo`] with the random seed fixed at [`SEED`]: the same position gets the same
/// answer, whatever was asked before (GNU Go breaks ties between moves at random).
///
/// # Errors
/// The program does not start.
pub fn gnugo_seeded(path: &Path, game: &Game, level: u8) -> Result<Gtp, EngineError> {
    gnugo_with(path, game, level, Some(SEED))
}

fn gnugo_with(path: &Path, game: &Game, level: u8, seed: Option<u32>) -> Result<Gtp, EngineError> {
    let mut command = Command::new(path);
    command.args(["--mode", "gtp", "--level", &level.clamp(1, 10).to_string()]);
    if let Some(seed) = seed {
        command.args(["--seed", &seed.to_string()]);
    }
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

pub use super::find::find_gnugo;

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

    #[test]
    fn scores_read_as_black_leads() {
        assert_eq!(
            parse_score("W+12.8 (upper bound: 12.8, lower: 12.8)"),
            Some(-12.8)
        );
        assert_eq!(parse_score("B+3.5"), Some(3.5));
        assert_eq!(parse_score("0"), Some(0.0));
        assert_eq!(parse_score("nonsense"), None);
        assert_eq!(parse_score(""), None);
    }

    #[test]
    fn gnu_go_tells_its_candidates_their_reasons_and_who_owns_what() {
        let path = find_gnugo().expect("GNU Go is installed (sudo apt-get install gnugo)");
        let mut game = Game::new(9, Rules::CHINESE).unwrap();
        for m in ["E5", "C3", "G3", "D6"] {
            game.play(Move::from_gtp(m, 9).unwrap()).unwrap();
        }
        let mut gtp = gnugo_seeded(&path, &game, 5).unwrap();
        gtp.set_game(&game).unwrap();
        let top = gtp.top_moves(Color::Black, 9).unwrap();
        assert!(top.len() > 2, "{top:?}");
        assert!(top.windows(2).all(|w| w[0].value >= w[1].value), "{top:?}");
        let Move::Play(best) = top[0].mv else {
            panic!("GNU Go passes in the opening: {top:?}")
        };
        let reasons = gtp.reasons(best, 9).unwrap();
        assert!(!reasons.is_empty(), "no reasons for {}", best.gtp(9));
        assert!(
            reasons.iter().all(|r| !r.starts_with("Move at")),
            "{reasons:?}"
        );
        // Black stones at E5 and G3 own the right, white's C3 and D6 the left.
        let owners = gtp.territory(Color::Black, 9).unwrap();
        let at = |name: &str| {
            let p = Point::from_gtp(name, 9).unwrap();
            owners[usize::from(p.y) * 9 + usize::from(p.x)]
        };
        assert!(at("J1") > 0.5 && at("A9") < -0.3, "{owners:?}");
        // The score: white ahead with komi and the left side.
        assert!(gtp.estimate().unwrap().is_finite());
    }
}
