//! A player at a match: a level (Fairy-Stockfish weakened as `levels` says), a UCI engine
//! with its options, or a random mover (the floor the easiest level must beat).

use std::path::PathBuf;
use std::time::Duration;

use super::Rng;
use crate::engine::levels::{Level, mate_in_one};
use crate::engine::{Engine, Limit, Line};
use crate::rules::{Move, Position};

/// How long an engine may be silent beyond its search.
const PATIENCE: Duration = Duration::from_secs(30);

/// Who plays.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// A level (`fsf:3`).
    Level(Level),
    /// A UCI engine, its options, how it searches (`uci:/usr/games/fairy-stockfish,Skill
    /// Level=5,depth=8`).
    Engine {
        /// The program.
        path: PathBuf,
        /// Its options, set before the first game.
        options: Vec<(String, String)>,
        /// Each move's search.
        limit: Limit,
    },
    /// Any legal move, drawn at random (`random`).
    Random,
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        let s = s.trim();
        if s == "random" {
            return Ok(Player::Random);
        }
        if let Some(custom) = s.strip_prefix("fsf:").filter(|c| c.contains('/')) {
            // A level not in the table, for calibrating: depth/lines/margin.
            let parts: Vec<&str> = custom.split('/').collect();
            let bad = || format!("\"{s}\": a custom level is fsf:DEPTH/LINES/MARGIN (fsf:2/5/180)");
            let [depth, lines, margin] = parts[..] else {
                return Err(bad());
            };
            return Ok(Player::Level(Level {
                number: 0,
                name: ["自定", "Custom", "自訂", "Tự đặt"],
                depth: depth.parse().map_err(|_| bad())?,
                lines: lines.parse().map_err(|_| bad())?,
                margin: margin.parse().map_err(|_| bad())?,
                rating: None,
            }));
        }
        if let Some(n) = s.strip_prefix("fsf:") {
            let n: u8 = n.parse().map_err(|_| {
                format!(
                    "\"{s}\": a level is fsf:1 to fsf:{}",
                    crate::engine::levels::LEVELS.len()
                )
            })?;
            return Level::get(n).map(Player::Level).ok_or_else(|| {
                format!(
                    "\"{s}\": a level is fsf:1 to fsf:{}",
                    crate::engine::levels::LEVELS.len()
                )
            });
        }
        if let Some(rest) = s.strip_prefix("uci:") {
            let mut parts = rest.split(',');
            let path = PathBuf::from(parts.next().unwrap_or_default().trim());
            let mut options = Vec::new();
            let mut limit = Limit::Depth(8);
            for part in parts {
                let (name, value) = part
                    .split_once('=')
                    .ok_or_else(|| format!("\"{part}\": an option is NAME=VALUE"))?;
                match name.trim() {
                    "depth" => {
                        let d = value
                            .trim()
                            .parse()
                            .map_err(|_| format!("bad depth \"{value}\""))?;
                        limit = Limit::Depth(d);
                    }
                    "movetime" => {
                        let ms = value
                            .trim()
                            .parse()
                            .map_err(|_| format!("bad movetime \"{value}\""))?;
                        limit = Limit::MoveTime(Duration::from_millis(ms));
                    }
                    name => options.push((name.to_owned(), value.trim().to_owned())),
                }
            }
            return Ok(Player::Engine {
                path,
                options,
                limit,
            });
        }
        Err(format!(
            "\"{s}\": a player is a level (fsf:1 … fsf:{}), an engine (uci:PATH[,NAME=VALUE…][,depth=N]) or random",
            crate::engine::levels::LEVELS.len()
        ))
    }
}

impl Player {
    /// Its name in the records: `fsf:3`, the engine's file name, `random`.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Player::Level(l) if l.number == 0 => {
                format!("fsf:{}/{}/{}", l.depth, l.lines, l.margin)
            }
            Player::Level(l) => format!("fsf:{}", l.number),
            Player::Engine { path, options, .. } => {
                let file = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |f| f.to_string_lossy().into_owned(),
                );
                let set: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
                if set.is_empty() {
                    file
                } else {
                    format!("{file} ({})", set.join(", "))
                }
            }
            Player::Random => "random".to_owned(),
        }
    }
}

/// A player with its engine running.
pub struct Seat {
    player: Player,
    engine: Option<Engine>,
    /// How long its engine has taken to answer, all searches together.
    thinking: Duration,
}

impl Seat {
    /// `player` ready to play: its engine started, its options set.
    pub fn start(player: &Player) -> Result<Seat, String> {
        let engine = match player {
            Player::Random => None,
            Player::Level(_) => {
                let path = crate::engine::find(None).ok_or_else(|| {
                    format!(
                        "no engine found: Fairy-Stockfish ({})",
                        crate::engine::GET_FAIRY_STOCKFISH
                    )
                })?;
                Some(Engine::start(&path, PATIENCE).map_err(|e| e.to_string())?)
            }
            Player::Engine { path, options, .. } => {
                let mut e = Engine::start(path, PATIENCE)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                for (name, value) in options {
                    e.set_option(name, value).map_err(|e| e.to_string())?;
                }
                Some(e)
            }
        };
        Ok(Seat {
            player: player.clone(),
            engine,
            thinking: Duration::ZERO,
        })
    }

    /// Its name in the records.
    #[must_use]
    pub fn name(&self) -> String {
        self.player.name()
    }

    /// How long it has taken to answer, all its moves together: an engine's search from
    /// the position sent to the move read (and a level's look for a mate in one), the
    /// players' own time, beside which the match runner's is measured.
    #[must_use]
    pub fn thinking(&self) -> Duration {
        self.thinking
    }

    /// Its move in the position after `moves` from `start`.
    pub fn choose(
        &mut self,
        start: &Position,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Result<Move, String> {
        let mut pos = start.clone();
        for &m in moves {
            pos = pos.play(m).map_err(|e| e.to_string())?;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Err("no legal move".to_owned());
        }
        let roll = rng.unit();
        let asked = std::time::Instant::now();
        let chosen = self.ask(&pos, start, moves, (roll, &legal));
        self.thinking += asked.elapsed();
        chosen
    }

    fn ask(
        &mut self,
        pos: &Position,
        start: &Position,
        moves: &[Move],
        (roll, legal): (f64, &[Move]),
    ) -> Result<Move, String> {
        match (&self.player, self.engine.as_mut()) {
            (Player::Random, _) => Ok(legal[(roll * legal.len() as f64) as usize % legal.len()]),
            (Player::Level(level), Some(engine)) => {
                // Every level plays a mate in one it has: a won game ends on its move.
                if let Some(mate) = mate_in_one(pos) {
                    return Ok(mate);
                }
                let mut last: Vec<Line> = Vec::new();
                let best = engine
                    .search(
                        start,
                        moves,
                        Limit::Depth(level.depth),
                        level.lines,
                        |line| {
                            // The deepest report of each line is the one weighed.
                            last.retain(|l| l.multipv != line.multipv);
                            last.push(line.clone());
                        },
                    )
                    .map_err(|e| e.to_string())?;
                Ok(level
                    .choose(&last, roll)
                    .filter(|m| legal.contains(m))
                    .unwrap_or(best))
            }
            (Player::Engine { limit, .. }, Some(engine)) => engine
                .search(start, moves, *limit, 1, |_| {})
                .map_err(|e| e.to_string()),
            (_, None) => Err("no engine".to_owned()),
        }
    }
}
