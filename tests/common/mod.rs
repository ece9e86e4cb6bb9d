//! Helpers shared by the integration tests: a seeded random source, random games and
//! random legal setups that stack pieces on files (what notation finds hardest).
#![allow(dead_code)]

pub mod fsf;
#[cfg(feature = "gui")]
pub mod headless;
pub mod python;
pub mod subset;

use xiangqi::rules::{Board, Color, Move, Piece, Position, Role, Setup, Square};

/// xorshift64*: a fixed, dependency-free random sequence.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Picks a move, preferring mates, then captures and checks, so games reach endgames.
pub fn sharp_move(pos: &Position, rng: &mut Rng) -> Move {
    let moves = pos.legal_moves();
    let ends = moves
        .iter()
        .copied()
        .find(|&m| !pos.play(m).unwrap().has_legal_moves());
    if let Some(m) = ends.filter(|_| rng.below(4) > 0) {
        return m;
    }
    let sharp: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.capture(m).is_some() || pos.gives_check(m))
        .collect();
    if !sharp.is_empty() && rng.below(10) > 0 {
        rng.pick(&sharp)
    } else {
        rng.pick(&moves)
    }
}

/// The moves of a random game from `start`, at most `plies` long.
pub fn random_line(start: &Position, plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut pos = start.clone();
    let mut line = Vec::new();
    while line.len() < plies && pos.has_legal_moves() {
        let m = sharp_move(&pos, rng);
        pos.play_unchecked(m);
        line.push(m);
    }
    line
}

fn points(color: Color, role: Role) -> Vec<Square> {
    // The points a piece can reach, found by asking the rules about a lone piece.
    Square::all()
        .filter(|&sq| {
            let mut board = Board::empty();
            let (rk, bk) = (Square::D0, Square::F9);
            board.set(rk, Some(Piece::new(Color::Red, Role::General)));
            board.set(bk, Some(Piece::new(Color::Black, Role::General)));
            if role == Role::General {
                let own = if color == Color::Red { rk } else { bk };
                board.set(own, None);
            } else if sq == rk || sq == bk {
                return false;
            }
            board.set(sq, Some(Piece::new(color, role)));
            let setup = Setup {
                board,
                turn: color,
                halfmoves: 0,
                fullmoves: 1,
            };
            !matches!(
                Position::from_setup(setup),
                Err(xiangqi::rules::PositionError::ImpossiblePoint { .. })
            )
        })
        .collect()
}

/// A random legal position with a random amount of material, soldiers often stacked.
pub fn random_setup(rng: &mut Rng) -> Position {
    loop {
        let mut board = Board::empty();
        for color in Color::ALL {
            for role in Role::ALL {
                let allowed = points(color, role);
                let count = match role {
                    Role::General => 1,
                    _ => rng.below(role.max_count() + 1),
                };
                // Soldiers crowd one or two files half of the time.
                let files: Vec<u8> = (0..2).map(|_| rng.below(9) as u8).collect();
                let crowd = role == Role::Soldier && rng.below(2) == 0;
                let mut placed = 0;
                for _ in 0..200 {
                    if placed == count {
                        break;
                    }
                    let sq = rng.pick(&allowed);
                    if crowd && !files.contains(&sq.file()) && rng.below(8) > 0 {
                        continue;
                    }
                    if board.piece_at(sq).is_none() {
                        board.set(sq, Some(Piece::new(color, role)));
                        placed += 1;
                    }
                }
            }
        }
        let turn = if rng.below(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let setup = Setup {
            board,
            turn,
            halfmoves: 0,
            fullmoves: 1,
        };
        if let Ok(pos) = Position::from_setup(setup) {
            return pos;
        }
    }
}

/// Says that `what`, which a test needs, is not on this machine, and fails the test
/// when `XIANGQI_REQUIRE_DATA=1` (as `.ci/run` sets): there a test that checked nothing
/// must not pass. Elsewhere (a desk without the shared data) it passes, saying so.
pub fn missing(what: &str) {
    let required = std::env::var_os("XIANGQI_REQUIRE_DATA").is_some_and(|v| v == "1");
    assert!(
        !required,
        "{what} is not on this machine, and XIANGQI_REQUIRE_DATA=1 asks for it"
    );
    eprintln!("{what} is not on this machine: not checked here");
}

/// The Chinese Chess Practical Dataset subset (`../shared/data/ccpd/`, 21,635 Big5
/// files, CC BY 4.0), unpacked once under the target folder, if this machine has it
/// (if not: [`missing`]).
pub fn ccpd_subset() -> Option<std::path::PathBuf> {
    let Some(tarball) = subset::tarball() else {
        missing("the CCPD subset (../shared/data/ccpd/, or XIANGQI_CCPD)");
        return None;
    };
    Some(subset::unpacked(&tarball))
}
