//! `xiangqi go …`: Go from the command line, in GTP coordinates (`A`–`T` without `I`,
//! rows from the bottom): the legal points, the board and its state, the count, and
//! SGF files converted.

use std::io::Write;

use xiangqi::go::{Color, Game, Move, Point, Position, Rules, handicap, score, sgf};

use super::Failure;
use xiangqi::collection::SgfGames;

/// What every `go` command sets up: a game file's main line, or a board, rules, komi
/// and a handicap; then moves.
#[derive(clap::Args)]
pub(super) struct Setup {
    /// An SGF file (`-`: standard input): its first game's main line, replayed as the
    /// file says.
    file: Option<String>,
    /// The board's size (2 to 19; a file gives its own).
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// The rules: chinese, japanese, korean, aga, new-zealand or tromp-taylor (a file's
    /// RU, else chinese).
    #[arg(long)]
    rules: Option<Rules>,
    /// White's komi (default: the rules').
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<f32>,
    /// Fixed handicap stones for black (white moves first then).
    #[arg(long, default_value_t = 0)]
    handicap: u8,
    /// Moves from the start, each side in turn: "D4 C3 pass …".
    #[arg(long, default_value = "")]
    moves: String,
}

fn io(e: std::io::Error) -> Failure {
    Failure(e.to_string())
}

impl Setup {
    /// The game after the file's moves and `--moves`, or which move is illegal and why.
    fn game(&self) -> Result<Game, Failure> {
        if let Some(k) = self.komi
            && (!k.is_finite() || k.abs() > 1000.0)
        {
            return Err(Failure(format!("--komi {k} is not a komi")));
        }
        let with_komi = |rules: Rules| self.komi.map_or(rules, |k| rules.with_komi(k));
        let mut game = match &self.file {
            Some(input) => {
                let (file, name) = read_game(input, 1)?;
                let rules = with_komi(self.rules.unwrap_or_else(|| file.rules()));
                file.replay_with(&file.main_line(), rules)
                    .map_err(|e| Failure(format!("{name}: {e}")))?
            }
            None => {
                let board =
                    xiangqi::go::Board::new(self.size).map_err(|e| Failure(e.to_string()))?;
                let start = if self.handicap > 0 {
                    handicap::start(board, self.handicap).map_err(|e| Failure(e.to_string()))?
                } else {
                    Position::from_board(board, Color::Black)
                };
                let rules = with_komi(self.rules.unwrap_or(Rules::CHINESE));
                Game::from_position(start, rules, self.handicap)
            }
        };
        let size = game.position().board().size();
        let before = game.moves().len();
        for (i, word) in self.moves.split_whitespace().enumerate() {
            let ply = before + i + 1;
            let mv = Move::from_gtp(word, size).map_err(|e| Failure(format!("move {ply}: {e}")))?;
            let side = game.position().to_move();
            game.play(mv)
                .map_err(|e| Failure(format!("move {ply} ({side} {word}) is illegal: {e}")))?;
        }
        Ok(game)
    }
}

/// Game `game` (from 1) of an SGF file or of standard input (`-`), read game by game
/// (a collection of any size; the games before it are cut, not read), and a name for
/// messages.
pub(super) fn read_game(input: &str, game: usize) -> Result<(sgf::SgfGame, String), Failure> {
    let (source, name): (Box<dyn std::io::Read>, String) = if input == "-" {
        (
            Box::new(std::io::stdin().lock()),
            "standard input".to_owned(),
        )
    } else {
        let file =
            std::fs::File::open(input).map_err(|e| Failure(format!("cannot read {input}: {e}")))?;
        (Box::new(file), input.to_owned())
    };
    let mut games = SgfGames::new(source).starting_at(game.max(1));
    let found = games.next().filter(|(n, _)| game > 0 && *n == game);
    if let Some(e) = games.take_error() {
        return Err(Failure(format!("cannot read {name}: {e}")));
    }
    match found {
        Some((_, Ok(file))) => Ok((file, name)),
        Some((_, Err(e))) => Err(Failure(format!("cannot read {name}: {e}"))),
        None if games.games_cut() == 0 => Err(Failure(format!(
            "cannot read {name}: there is no game in it (no \"(;\")"
        ))),
        None => Err(Failure(format!(
            "{name} holds {} game(s); --game {game} is not one of them",
            games.games_cut()
        ))),
    }
}

/// Game `game` (1-based) of an SGF file as SGF (FF[4], UTF-8, the whole tree), or as a
/// picture of its main line: a PNG of its end, a GIF of its moves; to standard output
/// (SGF) or to `output`.
pub(super) fn convert(
    out: &mut impl Write,
    input: &str,
    game: usize,
    to: &str,
    output: Option<&std::path::Path>,
    picture: &super::Picture,
) -> Result<(), Failure> {
    let (chosen, name) = read_game(input, game)?;
    let chosen = &chosen;
    // A file whose moves do not replay is said so, not converted half.
    let played = chosen
        .replay(&chosen.main_line())
        .map_err(|e| Failure(format!("{name}: {e}")))?;
    if !xiangqi::picture::SIZES.contains(&picture.size) {
        return Err(Failure(format!("--size {} is out of range", picture.size)));
    }
    if !(picture.delay.is_finite() && (0.02..=60.0).contains(&picture.delay)) {
        return Err(Failure(format!(
            "--delay {} is out of range (0.02 to 60 seconds)",
            picture.delay
        )));
    }
    let bytes = match to {
        "png" => {
            let last = played.moves().last().and_then(|m| match m {
                Move::Play(p) => Some(*p),
                Move::Pass => None,
            });
            xiangqi::picture::goban::png(
                played.position(),
                last,
                picture.size,
                picture.coordinates,
                picture.theme,
            )
        }
        "gif" => xiangqi::picture::goban::gif(
            &played,
            picture.size,
            picture.coordinates,
            picture.theme,
            picture.delay,
        ),
        _ => sgf::write(chosen).into_bytes(),
    };
    match output {
        Some(path) => xiangqi::storage::atomic_write(path, &bytes)
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display()))),
        None if to != "sgf" => Err(Failure(format!("a {to} picture is not text: add -o FILE"))),
        None => out.write_all(&bytes).map_err(io),
    }
}

/// The legal points for the side to move, one per line, row by row from the top.
pub(super) fn moves(out: &mut impl Write, setup: &Setup) -> Result<(), Failure> {
    let game = setup.game()?;
    let size = game.position().board().size();
    for p in game.legal_points() {
        writeln!(out, "{}", p.gtp(size)).map_err(io)?;
    }
    Ok(())
}

/// The board, top row first, then whose move, the prisoners and the ko point.
pub(super) fn status(out: &mut impl Write, setup: &Setup) -> Result<(), Failure> {
    let game = setup.game()?;
    let pos = game.position();
    write!(out, "{}", pos.board().diagram()).map_err(io)?;
    writeln!(out, "to-move {}", pos.to_move()).map_err(io)?;
    writeln!(
        out,
        "captures black {} white {}",
        pos.captures(Color::Black),
        pos.captures(Color::White)
    )
    .map_err(io)?;
    let ko = pos
        .ko()
        .map_or("none".to_owned(), |p| p.gtp(pos.board().size()));
    writeln!(out, "ko {ko}").map_err(io)?;
    Ok(())
}

/// The count, its result as the last word: `B+3.5`, `W+0.5` or `0`.
pub(super) fn count(out: &mut impl Write, setup: &Setup, dead: &str) -> Result<(), Failure> {
    let game = setup.game()?;
    let size = game.position().board().size();
    let dead: Vec<Point> = dead
        .split_whitespace()
        .map(|w| Point::from_gtp(w, size).map_err(|e| Failure(format!("--dead: {e}"))))
        .collect::<Result<_, _>>()?;
    let s = score(game.position(), &dead, game.rules(), game.handicap());
    let [b, w] = s.total;
    writeln!(
        out,
        "{} black {b} white {w} {}",
        match s.scoring {
            xiangqi::go::Scoring::Area => "area",
            xiangqi::go::Scoring::Territory => "territory",
        },
        s.result()
    )
    .map_err(io)?;
    Ok(())
}
