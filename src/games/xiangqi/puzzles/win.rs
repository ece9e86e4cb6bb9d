//! Decisive wins in a played game: the moment one side can win by force without a mate
//! in sight (a fork, a pin, a piece left hanging), because the other side's last move
//! allowed it. The engine judges; the line stops once the gain is on the board.

use super::solve::look;
use crate::engine::{Engine, EngineError, Limit, Score};
use crate::rules::{Color, Move, Position, Role};

/// A decisive advantage for the side to move, in the engine's centipawns: Fairy-Stockfish
/// rates a horse up about 300, a cannon 450, a chariot 1000.
const DECISIVE: i32 = 300;
/// How much the side's outlook must have grown over the other side's last move (the
/// chance came from a mistake, not from a game already won), and how far the second-best
/// move must fall short of the best.
const JUMP: i32 = 250;
/// Material (our count, [`material`]) the line must have won, the defender's best reply
/// played, before it stops: about a horse.
const GAIN: i32 = 300;
/// The longest line, in the solver's moves.
const LONGEST: usize = 3;

/// The engine's two best moves' outlook.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Two {
    /// The best move.
    pub best: Move,
    /// Its score, for the side to move.
    pub first: Score,
    /// The second best's score (none when there is one legal move).
    pub second: Option<Score>,
}

impl Two {
    /// Mate in n for the side to move (negative: mated), if the best line mates.
    pub fn mate(&self) -> Option<i32> {
        match self.first {
            Score::Mate(n) => Some(n),
            Score::Centipawns(_) => None,
        }
    }

    /// The best line's value for the side to move (mates as very large values).
    pub fn value(&self) -> i32 {
        value(self.first)
    }

    /// The best move wins decisively and no other does: the second best is not decisive
    /// and falls well short of it.
    fn only_winning(&self) -> bool {
        let first = self.value();
        first >= DECISIVE
            && self
                .second
                .is_some_and(|s| value(s) < DECISIVE && value(s) <= first - JUMP)
    }
}

/// A score as one number: centipawns, mates beyond any of them (sooner is larger).
fn value(s: Score) -> i32 {
    match s {
        Score::Centipawns(c) => c,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// The engine's two best moves at `pos`, searched afresh (see [`look`]).
///
/// # Errors
/// The engine's failure.
pub(crate) fn best_two(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
) -> Result<Two, EngineError> {
    engine.forget()?;
    let mut lines: [(u32, Option<Score>); 2] = [(0, None); 2];
    let best = engine.search(pos, &[], Limit::Depth(depth), 2, |line| {
        let i = line.multipv.wrapping_sub(1);
        if i < 2 && line.depth >= lines[i].0 {
            lines[i] = (line.depth, Some(line.score));
        }
    })?;
    Ok(Two {
        best,
        first: lines[0].1.unwrap_or(Score::Centipawns(0)),
        second: lines[1].1,
    })
}

/// Material of `side` less the other's, in roughly the engine's units.
fn material(pos: &Position, side: Color) -> i32 {
    pos.board()
        .pieces()
        .map(|(_, p)| {
            let v = match p.role {
                Role::Chariot => 1000,
                Role::Cannon => 450,
                Role::Horse => 400,
                Role::Advisor | Role::Elephant => 200,
                Role::Soldier => 100,
                _ => 0,
            };
            if p.color == side { v } else { -v }
        })
        .sum()
}

/// Whether `now` (the position's two best) is a decisive win that the other side's last
/// move gave: `before` is the previous position's value for the side that moved there.
pub(crate) fn decisive(now: &Two, before: Option<i32>) -> bool {
    now.only_winning() && before.is_some_and(|b| now.value().saturating_add(b) >= JUMP)
}

/// The winning line from `start` (whose two best are `first`): the solver's only winning
/// move, the defender's best reply, and so on while the solver's move is the only one
/// that wins, until the material won holds after the reply (or [`LONGEST`] moves). Ends
/// with the solver's move.
///
/// # Errors
/// The engine's failure.
pub(crate) fn line(
    engine: &mut Engine,
    start: &Position,
    depth: u32,
    first: Two,
) -> Result<Vec<Move>, EngineError> {
    let solver = start.turn();
    let base = material(start, solver);
    let garbage =
        |m: Move, e: crate::rules::IllegalMove| EngineError::Garbage(format!("its move {m}: {e}"));
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut two = first;
    loop {
        pos = pos.play(two.best).map_err(|e| garbage(two.best, e))?;
        moves.push(two.best);
        if !pos.has_legal_moves() || moves.len() >= 2 * LONGEST - 1 {
            break;
        }
        let reply = look(engine, &pos, depth)?.best;
        let after = pos.play(reply).map_err(|e| garbage(reply, e))?;
        if material(&after, solver) - base >= GAIN || !after.has_legal_moves() {
            break;
        }
        let next = best_two(engine, &after, depth)?;
        if !next.only_winning() {
            break;
        }
        moves.push(reply);
        pos = after;
        two = next;
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(first: Score, second: Option<Score>) -> Two {
        Two {
            best: "b2b9".parse().unwrap(),
            first,
            second,
        }
    }

    #[test]
    fn a_win_counts_when_one_move_wins_and_the_last_move_gave_it() {
        let cp = Score::Centipawns;
        // The hanging chariot: +572, the next best +221; the move before, black -91.
        let hanging = two(cp(572), Some(cp(221)));
        assert!(decisive(&hanging, Some(-91)));
        // The game's first position: no move before to blame.
        assert!(!decisive(&hanging, None));
        // Already won before the last move: no jump.
        assert!(!decisive(&hanging, Some(-500)));
        // Two moves win: not a puzzle.
        assert!(!decisive(&two(cp(900), Some(cp(600))), Some(0)));
        // The second best not decisive but close to the best: not a puzzle either.
        assert!(!decisive(&two(cp(350), Some(cp(250))), Some(0)));
        // Not decisive at all; one legal move.
        assert!(!decisive(&two(cp(200), Some(cp(-50))), Some(0)));
        assert!(!decisive(&two(cp(900), None), Some(0)));
        // A long mate is a win as well.
        assert!(decisive(&two(Score::Mate(9), Some(cp(0))), Some(0)));
    }

    #[test]
    fn material_is_counted_for_the_side_asked() {
        let start = Position::new();
        assert_eq!(material(&start, Color::Red), 0);
        let chariot_up = Position::from_fen(
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert_eq!(material(&chariot_up, Color::Red), 1000);
        assert_eq!(material(&chariot_up, Color::Black), -1000);
    }
}
