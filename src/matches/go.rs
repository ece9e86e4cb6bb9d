//! Go matches (`xiangqi match gnugo:3 gnugo:2`): games on a small board between Go
//! levels, GTP programs and a random mover, each opening (two stones drawn near the
//! centre) played with both colours, counted at the end by area with a GNU Go judging
//! the dead stones, each game appended to an SGF collection with how it ended.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use super::go_levels::GoLevel;
use super::runner::{Contest, Played, Schedule};
use super::{Points, Rng, Summary, elo};
use crate::engine::gtp::{self, Gtp};
use crate::go::sgf::{self, SgfGame};
use crate::go::{Color, Game, Move, Point, Rules};

/// Who plays Go.
#[derive(Clone, Debug, PartialEq)]
pub enum GoPlayer {
    /// A Go level (`gnugo:3`, or `gnugo:1/6/16` for a custom one).
    Level(GoLevel),
    /// A GTP program and its arguments (`gtp:/usr/games/gnugo --mode gtp --level 3`).
    Gtp(Vec<String>),
    /// Any legal move but one that fills its own eye, drawn at random (`random`).
    Random,
}

impl std::str::FromStr for GoPlayer {
    type Err = String;

    fn from_str(s: &str) -> Result<GoPlayer, String> {
        let s = s.trim();
        if s == "random" {
            return Ok(GoPlayer::Random);
        }
        if let Some(rest) = s.strip_prefix("gnugo:") {
            if rest.contains('/') {
                return GoLevel::custom(rest).map(GoPlayer::Level);
            }
            let bad = || {
                format!(
                    "\"{s}\": a Go level is gnugo:1 to gnugo:{}",
                    super::go_levels::GO_LEVELS.len()
                )
            };
            let n: u8 = rest.parse().map_err(|_| bad())?;
            return GoLevel::get(n).map(GoPlayer::Level).ok_or_else(bad);
        }
        if let Some(rest) = s.strip_prefix("gtp:") {
            let words: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
            if words.is_empty() {
                return Err(format!("\"{s}\": a GTP program is gtp:COMMAND [ARGUMENTS]"));
            }
            return Ok(GoPlayer::Gtp(words));
        }
        Err(format!(
            "\"{s}\": a Go player is a level (gnugo:1 … gnugo:9), a GTP program (gtp:COMMAND) or random"
        ))
    }
}

impl GoPlayer {
    /// The handicap it gives (a level's; 0 for any other player).
    #[must_use]
    pub fn stones(&self) -> u8 {
        match self {
            GoPlayer::Level(l) => l.stones,
            _ => 0,
        }
    }

    /// Whether `text` names a Go player rather than a Xiangqi one.
    #[must_use]
    pub fn named(text: &str) -> bool {
        let t = text.trim();
        t.starts_with("gnugo:") || t.starts_with("gtp:")
    }

    /// Its name in the records.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            GoPlayer::Level(l) => l.id(),
            GoPlayer::Gtp(words) => {
                let program = PathBuf::from(&words[0]);
                let file = program
                    .file_name()
                    .map_or(words[0].clone(), |f| f.to_string_lossy().into_owned());
                std::iter::once(file)
                    .chain(words[1..].iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            GoPlayer::Random => "random".to_owned(),
        }
    }
}

/// A Go player with its program running, and the moves it has been told.
pub struct GoSeat {
    player: GoPlayer,
    program: Option<Gtp>,
    told: Vec<Move>,
}

impl GoSeat {
    /// `player` ready for games under `rules` on `size`.
    ///
    /// # Errors
    /// The program does not start.
    pub fn start(player: &GoPlayer, size: u8, rules: Rules) -> Result<GoSeat, String> {
        let template = Game::new(size, rules).map_err(|e| e.to_string())?;
        let program = match player {
            GoPlayer::Random => None,
            GoPlayer::Level(l) => {
                let path = gtp::find_gnugo().ok_or_else(|| {
                    format!(
                        "GNU Go (gnugo) is not installed: {}",
                        crate::engine::GET_GNUGO
                    )
                })?;
                Some(gtp::gnugo(&path, &template, l.gnugo).map_err(|e| e.to_string())?)
            }
            GoPlayer::Gtp(words) => {
                let mut command = Command::new(&words[0]);
                command.args(&words[1..]);
                Some(
                    Gtp::start(command, Duration::from_secs(60))
                        .map_err(|e| format!("{}: {e}", words[0]))?,
                )
            }
        };
        Ok(GoSeat {
            player: player.clone(),
            program,
            told: Vec::new(),
        })
    }

    /// Its name in the records.
    #[must_use]
    pub fn name(&self) -> String {
        self.player.name()
    }

    /// Its move in `game`; `None` if it resigns (a GTP program may; no level does).
    ///
    /// # Errors
    /// Its program's.
    pub fn choose(&mut self, game: &Game, rng: &mut Rng) -> Result<Option<Move>, String> {
        let roll = rng.unit();
        let Some(program) = self.program.as_mut() else {
            return Ok(Some(random_move(game, roll)));
        };
        tell(program, &mut self.told, game).map_err(|e| e.to_string())?;
        match &self.player {
            GoPlayer::Level(l) => l.play(program, game, roll).map(Some),
            _ => {
                // genmove plays its move on the program's board (and one our rules
                // refuse comes back a pass): the game is told afresh next time.
                self.told.clear();
                program.genmove(game)
            }
        }
        .map_err(|e| e.to_string())
    }
}

/// Tells `program` the moves of `game` it has not heard (the whole game again when it
/// is not a continuation of what it was told).
fn tell(
    program: &mut Gtp,
    told: &mut Vec<Move>,
    game: &Game,
) -> Result<(), crate::engine::EngineError> {
    let moves = game.moves();
    if told.is_empty() || !moves.starts_with(told) {
        told.clear();
        program.set_game(game)?;
        told.extend_from_slice(moves);
        return Ok(());
    }
    let size = game.start().board().size();
    for (ply, &mv) in moves.iter().enumerate().skip(told.len()) {
        let color = game
            .position_at(ply + 1)
            .map_or(Color::Black, |p| !p.to_move());
        program.play(color, mv, size)?;
        told.push(mv);
    }
    Ok(())
}

/// A random point that does not fill one of the mover's own eyes (a point whose
/// neighbours are all its own stones), or a pass when none is left.
fn random_move(game: &Game, roll: f64) -> Move {
    let pos = game.position();
    let board = pos.board();
    let me = pos.to_move();
    let size = board.size();
    let own_eye = |p: Point| {
        let (x, y) = (i16::from(p.x), i16::from(p.y));
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(a, b)| {
                (0..i16::from(size)).contains(&a) && (0..i16::from(size)).contains(&b)
            })
            .all(|(a, b)| board.get(Point::new(a as u8, b as u8)) == Some(me))
    };
    let points: Vec<Point> = game
        .legal_points()
        .into_iter()
        .filter(|&p| !own_eye(p))
        .collect();
    if points.is_empty() {
        return Move::Pass;
    }
    Move::Play(points[(roll * points.len() as f64) as usize % points.len()])
}

/// A Go match asked for.
pub struct GoMatch {
    /// The first player (the one the score is said for).
    pub a: GoPlayer,
    /// The second.
    pub b: GoPlayer,
    /// The board's size.
    pub size: u8,
    /// The rules (area counting: a count needs no agreement about prisoners).
    pub rules: Rules,
    /// Games in all (each opening twice, colours reversed).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Where every game is appended (an SGF collection); a file begun is taken up.
    pub out: Option<PathBuf>,
    /// Stop once this test decides.
    pub sprt: Option<elo::Sprt>,
    /// The seed of the openings and the levels' choices.
    pub seed: u64,
}

/// More plies than this (three a point) and the game is counted as it stands.
fn most_plies(size: u8) -> usize {
    3 * usize::from(size) * usize::from(size)
}

/// Opening `k` played on `game`: two stones, one a side, on empty points away from the
/// edge (the third line inwards) that the rules allow.
pub fn go_opening(k: usize, seed: u64, game: &mut Game) {
    let size = game.start().board().size();
    let mut rng = Rng::new(seed ^ 0x60 ^ (k as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let inner = u64::from(size.saturating_sub(4).max(1));
    let mut placed = 0;
    // Bounded: a crowded board (many handicap stones) may refuse some draws.
    for _ in 0..64 {
        if placed == 2 {
            break;
        }
        let x = (2 + rng.next_u64() % inner) as u8;
        let y = (2 + rng.next_u64() % inner) as u8;
        let p = Point::new(x.min(size - 1), y.min(size - 1));
        if game.play(Move::Play(p)).is_ok() {
            placed += 1;
        }
    }
}

/// A game on `size` under `rules` with `stones` of handicap: 1 is black with half a
/// point of komi, more are stones set up (white to move) and half a point.
///
/// # Errors
/// More stones than the board takes.
pub fn handicap_game(size: u8, rules: Rules, stones: u8) -> Result<Game, String> {
    let board = crate::go::Board::new(size).map_err(|e| e.to_string())?;
    if stones == 0 {
        return Ok(Game::from_position(
            crate::go::Position::from_board(board, Color::Black),
            rules,
            0,
        ));
    }
    let rules = rules.with_komi(0.5);
    if stones == 1 {
        let start = crate::go::Position::from_board(board, Color::Black);
        return Ok(Game::from_position(start, rules, 0));
    }
    let start = crate::go::handicap::start(board, stones).map_err(|e| e.to_string())?;
    Ok(Game::from_position(start, rules, stones))
}

/// The seats of one thread: the two players and the judge of dead stones.
pub struct GoSeats {
    a: GoSeat,
    b: GoSeat,
    judge: Gtp,
}

/// Plays game `index` of `m` (`a` black on even games): the record (players, round,
/// result, and how it ended in `GC`: `Ending: counted`, `resignation`, `move-limit`)
/// and the first player's points.
///
/// # Errors
/// A program's failure, or a move the rules refuse.
pub fn play_go(
    m: &GoMatch,
    index: usize,
    seats: &mut GoSeats,
) -> Result<(SgfGame, Points), String> {
    // The one who gives the handicap takes white; at even terms the colours alternate.
    let given = i16::from(m.a.stones()) - i16::from(m.b.stones());
    let a_black = match given {
        0 => index.is_multiple_of(2),
        g => g < 0,
    };
    let stones = u8::try_from(given.unsigned_abs()).unwrap_or(u8::MAX);
    let mut game = handicap_game(m.size, m.rules, stones)?;
    go_opening(index / 2, m.seed, &mut game);
    let mut rng = Rng::new(m.seed ^ 0x5EED ^ (index as u64) << 20);
    let mut resigned = None;
    while game.passes() < 2 && game.moves().len() < most_plies(m.size) {
        let black = game.position().to_move() == Color::Black;
        let seat = if black == a_black {
            &mut seats.a
        } else {
            &mut seats.b
        };
        match seat.choose(&game, &mut rng)? {
            Some(mv) => game
                .play(mv)
                .map_err(|e| format!("{} played {}: {e}", seat.name(), mv.gtp(m.size)))?,
            None => {
                resigned = Some(game.position().to_move());
                break;
            }
        }
    }
    let (result, ending, black_won) = if let Some(loser) = resigned {
        let winner = if loser == Color::Black { "W" } else { "B" };
        (
            format!("{winner}+R"),
            "resignation",
            Some(loser == Color::White),
        )
    } else {
        seats.judge.set_game(&game).map_err(|e| e.to_string())?;
        let dead = seats.judge.dead(m.size).map_err(|e| e.to_string())?;
        let score = crate::go::score(game.position(), &dead, game.rules(), game.handicap());
        let margin = score.margin();
        let ending = if game.passes() >= 2 {
            "counted"
        } else {
            "move-limit"
        };
        let won = (margin != 0.0).then_some(margin > 0.0);
        (score.result(), ending, won)
    };
    let points = match black_won {
        None => Points::Draw,
        Some(b) if b == a_black => Points::Win,
        Some(_) => Points::Loss,
    };
    let (black, white) = if a_black {
        (&seats.a, &seats.b)
    } else {
        (&seats.b, &seats.a)
    };
    let mut record = SgfGame::from_game(&game);
    for (tag, value) in [
        ("EV", "xiangqi match".to_owned()),
        ("RO", (index + 1).to_string()),
        ("PB", black.name()),
        ("PW", white.name()),
        ("RE", result),
        ("GC", format!("Ending: {ending}")),
    ] {
        record.set_tag(tag, Some(&value));
    }
    Ok((record, points))
}

/// The rounds already in `text` (an SGF collection taken up), with their points from
/// the first player's side (named `a`); a game whose moves do not reach its end (cut
/// short by a kill) is not one of them.
#[must_use]
pub fn played_go(text: &str, a: &str) -> Vec<(usize, Points, String)> {
    // A collection cut short may not parse whole: read it game by game, cut as the
    // collections reader cuts a file.
    let mut parts = crate::go::collection::Splitter::new();
    parts.push(text.as_bytes());
    parts.finish();
    let games: Vec<SgfGame> = parts
        .filter_map(|part| crate::go::collection::read(&part).ok())
        .collect();
    games
        .into_iter()
        .filter_map(|g| {
            let round: usize = g.tag("RO")?.trim().parse().ok()?;
            let ending = g.tag("GC")?.strip_prefix("Ending: ")?.to_owned();
            let a_black = g.tag("PB")? == a;
            let result = g.tag("RE")?;
            let black_won = match result.chars().next()? {
                'B' => Some(true),
                'W' => Some(false),
                '0' => None,
                _ => return None,
            };
            let line = g.main_line();
            let whole = match ending.as_str() {
                "counted" => g.replay(&line).is_ok_and(|game| game.passes() >= 2),
                "move-limit" => g.replay(&line).is_ok_and(|game| {
                    game.moves().len() >= most_plies(game.start().board().size())
                }),
                "resignation" => result.ends_with("+R"),
                _ => false,
            };
            let points = match black_won {
                None => Points::Draw,
                Some(b) if b == a_black => Points::Win,
                Some(_) => Points::Loss,
            };
            whole.then_some((round.checked_sub(1)?, points, ending))
        })
        .collect()
}

impl Contest for GoMatch {
    type Seats = GoSeats;

    fn seat(&self) -> Result<GoSeats, String> {
        let path = gtp::find_gnugo()
            .ok_or("GNU Go (gnugo) is not installed: it judges the dead stones")?;
        let template = Game::new(self.size, self.rules).map_err(|e| e.to_string())?;
        Ok(GoSeats {
            a: GoSeat::start(&self.a, self.size, self.rules)?,
            b: GoSeat::start(&self.b, self.size, self.rules)?,
            judge: gtp::gnugo_seeded(&path, &template, 10).map_err(|e| e.to_string())?,
        })
    }

    fn play(&self, index: usize, seats: &mut GoSeats) -> Result<Played, String> {
        let (record, points) = play_go(self, index, seats)?;
        Ok(Played {
            ending: record
                .tag("GC")
                .and_then(|g| g.strip_prefix("Ending: "))
                .unwrap_or("")
                .to_owned(),
            text: sgf::write(&record) + "\n",
            points,
        })
    }

    fn played(&self, text: &str) -> Vec<(usize, Points, String)> {
        played_go(text, &self.a.name())
    }
}

/// Runs the Go match `m`, saying each game's end on `progress`.
///
/// # Errors
/// A program's failure, or the file not written.
pub fn run_go(m: &GoMatch, progress: &mut (impl std::io::Write + Send)) -> Result<Summary, String> {
    let schedule = Schedule {
        games: m.games,
        concurrency: m.concurrency,
        out: m.out.clone(),
        sprt: m.sprt,
    };
    super::runner::run(m, &schedule, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file taken up counts a game counted after two passes, and not one cut short
    /// inside its moves by a kill: that one is played again.
    #[test]
    fn a_go_match_file_cut_short_counts_only_its_whole_games() {
        let mut game = Game::new(9, Rules::CHINESE).unwrap();
        for mv in ["E5", "C3", "pass", "pass"] {
            game.play(Move::from_gtp(mv, 9).unwrap()).unwrap();
        }
        let mut record = SgfGame::from_game(&game);
        for (tag, value) in [
            ("RO", "1"),
            ("PB", "gnugo:2"),
            ("PW", "gnugo:1"),
            ("RE", "B+3.5"),
            ("GC", "Ending: counted"),
        ] {
            record.set_tag(tag, Some(value));
        }
        let whole = sgf::write(&record) + "\n";
        let taken = played_go(&whole, "gnugo:2");
        assert_eq!(taken, [(0, Points::Win, "counted".to_owned())], "{whole}");
        // Two games, the second cut inside its moves: only the first counts.
        let two = whole.clone() + &whole.replace("RO[1]", "RO[2]");
        let cut = &two[..two.rfind(";W[").unwrap()];
        assert_eq!(played_go(cut, "gnugo:2").len(), 1, "{cut}");
    }
}
