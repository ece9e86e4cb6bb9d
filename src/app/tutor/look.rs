//! The engine's look at one move, as the review looks at a game: the position before it
//! and after it searched, the move judged by the drop of expected score. The tutor, the
//! practice of one's mistakes and the guessing of a game's moves all ask it — Xiangqi's
//! of Fairy-Stockfish, Go's of GNU Go — and read the answer when it has come.

use crate::app::store::jobs::{Next, Stream, Wake};
use crate::engine::{self, Limit};
use crate::games::go::review::{self as go_review, Options, Seen, Step};
use crate::go::Game as GoGame;
use crate::review::{self, Judged, Plan, Searched};
use crate::rules::{Move, Position};

/// What a look has come to.
pub enum Looked<T> {
    /// Not yet.
    Waiting,
    /// The engine's verdict.
    Done(T),
    /// The engine stopped before it answered.
    Failed,
}

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

/// GNU Go's look at the last stone of `game` (the positions before and after it).
pub struct GoLook {
    running: Stream<(usize, Seen)>,
    found: Vec<Option<Seen>>,
    ended: bool,
    /// The game up to the stone.
    pub game: GoGame,
}

impl GoLook {
    /// Starts the look; `None` without GNU Go.
    #[must_use]
    pub fn start(game: &GoGame, wake: Wake) -> Option<GoLook> {
        let options = Options {
            workers: 2,
            ..Options::installed()?
        };
        let first = game.moves().len().checked_sub(1)?;
        let asked = game.clone();
        let running = Stream::start(wake, None, move |say| {
            let _ = go_review::review_from(&asked, first, &options, say.cancelled(), &|k, s| {
                say.say((k, s));
            });
        });
        Some(GoLook {
            running,
            found: vec![None; game.moves().len() + 1],
            ended: false,
            game: game.clone(),
        })
    }

    /// The stone judged as GNU Go's review judges it, once both positions are in.
    pub fn poll(&mut self) -> Looked<Step> {
        loop {
            match self.running.take() {
                Next::Came((k, s)) => {
                    if let Some(slot) = self.found.get_mut(k) {
                        *slot = Some(s);
                    }
                }
                Next::Ended => {
                    self.ended = true;
                    break;
                }
                Next::Waiting => break,
            }
        }
        let last = self.game.moves().len() - 1;
        match go_review::judge(&self.game, &self.found)
            .get(last)
            .cloned()
            .flatten()
        {
            Some(step) => Looked::Done(step),
            None if self.ended => Looked::Failed,
            None => Looked::Waiting,
        }
    }
}
