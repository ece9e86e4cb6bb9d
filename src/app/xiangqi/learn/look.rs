//! Fairy-Stockfish's look at one move, as the review looks at a game: the position
//! before it and after it searched, the move judged by the drop of expected score. The
//! tutor, the practice of one's mistakes and the guessing of a game's moves ask it.

use table::learn::Looked;

use crate::app::store::jobs::{Next, Stream};
use crate::engine::{self, Limit};
use crate::games::xiangqi::review::{self, Judged, Plan, Searched};
use crate::rules::{Move, Position};

/// Fairy-Stockfish's look at `mv` in `pos` at the tutor's depth.
pub struct Look {
    running: Stream<Result<Searched, String>>,
    found: [Option<Searched>; 2],
    /// The position.
    pub pos: Position,
    /// The move.
    pub mv: Move,
}

impl Look {
    /// Starts the look; `None` without an engine (the settings' or one installed).
    #[must_use]
    pub fn start(engine: Option<&std::path::Path>, pos: &Position, mv: Move) -> Option<Look> {
        let path = engine::find(engine)?;
        let plan = Plan::new(&path, Limit::Depth(super::coach::DEPTH));
        let running = crate::app::xiangqi::review::results(review::start(&plan, pos, &[mv]));
        Some(Look {
            running,
            found: [None, None],
            pos: pos.clone(),
            mv,
        })
    }

    /// The move judged as the review judges it, and the engine's own move in the
    /// position, once both positions are in.
    pub fn poll(&mut self) -> Looked<(Judged, Option<Move>)> {
        let mut over = false;
        loop {
            match self.running.take() {
                Next::Came(Ok(found)) => {
                    let i = found.index;
                    if let Some(slot) = self.found.get_mut(i) {
                        *slot = Some(found);
                    }
                }
                Next::Came(Err(_)) | Next::Ended => {
                    over = true;
                    break;
                }
                Next::Waiting => break,
            }
        }
        match &self.found {
            [Some(a), Some(b)] => {
                let judged = review::judge(&[a.eval, b.eval], self.pos.turn())[0];
                Looked::Done((judged, a.line.first().copied()))
            }
            _ if over => Looked::Failed,
            _ => Looked::Waiting,
        }
    }
}
