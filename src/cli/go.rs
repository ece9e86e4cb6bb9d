//! `xiangqi go …`: Go from the command line, in GTP coordinates (`A`–`T` without `I`,
//! rows from the bottom): the legal points, the board and its state, the count.

use std::io::Write;

use xiangqi::go::{Color, Game, Move, Point, Position, Rules, handicap, score};

use super::Failure;

/// What every `go` command sets up: a board, rules, komi, a handicap and moves.
#[derive(clap::Args)]
pub(super) struct Setup {
    /// The board's size (2 to 19).
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// The rules: chinese, japanese, korean, aga, new-zealand or tromp-taylor.
    #[arg(long, default_value = "chinese")]
    rules: Rules,
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
    /// The game after the moves, or which move is illegal and why.
    fn game(&self) -> Result<Game, Failure> {
        let mut rules = self.rules;
        if let Some(k) = self.komi {
            if !k.is_finite() || k.abs() > 1000.0 {
                return Err(Failure(format!("--komi {k} is not a komi")));
            }
            rules = rules.with_komi(k);
        }
        let board = xiangqi::go::Board::new(self.size).map_err(|e| Failure(e.to_string()))?;
        let start = if self.handicap > 0 {
            handicap::start(board, self.handicap).map_err(|e| Failure(e.to_string()))?
        } else {
            Position::from_board(board, Color::Black)
        };
        let mut game = Game::from_position(start, rules, self.handicap);
        for (i, word) in self.moves.split_whitespace().enumerate() {
            let ply = i + 1;
            let mv =
                Move::from_gtp(word, self.size).map_err(|e| Failure(format!("move {ply}: {e}")))?;
            let side = game.position().to_move();
            game.play(mv)
                .map_err(|e| Failure(format!("move {ply} ({side} {word}) is illegal: {e}")))?;
        }
        Ok(game)
    }
}

/// The legal points for the side to move, one per line, row by row from the top.
pub(super) fn moves(out: &mut impl Write, setup: &Setup) -> Result<(), Failure> {
    let game = setup.game()?;
    for p in game.legal_points() {
        writeln!(out, "{}", p.gtp(setup.size)).map_err(io)?;
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
    let ko = pos.ko().map_or("none".to_owned(), |p| p.gtp(setup.size));
    writeln!(out, "ko {ko}").map_err(io)?;
    Ok(())
}

/// The count, its result as the last word: `B+3.5`, `W+0.5` or `0`.
pub(super) fn count(out: &mut impl Write, setup: &Setup, dead: &str) -> Result<(), Failure> {
    let game = setup.game()?;
    let dead: Vec<Point> = dead
        .split_whitespace()
        .map(|w| Point::from_gtp(w, setup.size).map_err(|e| Failure(format!("--dead: {e}"))))
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
