//! GNU Go's look at one stone, as its review looks at a game: the positions before and
//! after it, the stone judged by the points it lost. The tutor, the practice of one's
//! mistakes and the guessing of a game's moves ask it.

use table::learn::Looked;

use crate::app::store::jobs::{Next, Stream, Wake};
use crate::games::go::review::{self as go_review, Options, Seen, Step};
use crate::go::Game as GoGame;

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
