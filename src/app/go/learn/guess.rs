//! Guess the moves of the Go game on the table (Game → Guess the moves…): its start on
//! the goban, the game put aside; each guess scored — the game's own stone 100, else by
//! GNU Go as its review judges: a stone it would not mark 50, else 0 — and the game's
//! stone then played, until the game's end.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::guess::{GuessState, Guesses};

use crate::app::BoardChanged;
use crate::app::go::{GoHappened, GoTable};
use crate::games::go::Session;
use crate::go::{Game, Move};

use super::look::GoLook;
use table::learn::Looked;

const SLUG: &str = "go";

/// The game put aside, its moves, and GNU Go's look at a guess.
#[derive(Resource, Default)]
pub struct GoGuess {
    stash: Option<Session>,
    game: Option<Game>,
    look: Option<GoLook>,
}

impl GoGuess {
    /// A game is being guessed.
    #[must_use]
    pub fn on(&self) -> bool {
        self.stash.is_some()
    }
}

/// The goban takes guesses: none being judged.
#[must_use]
pub fn takes_moves(guesses: &Guesses) -> bool {
    guesses
        .open
        .get(SLUG)
        .is_none_or(|g| g.state == GuessState::Going)
}

/// Sets the game's start up, or brings the game back once guessing is left.
pub(crate) fn board(
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<GoGuess>,
    mut table: ResMut<GoTable>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(g) = guesses.open.get_mut(SLUG) else {
        if let Some(game) = mine.stash.take() {
            table.session = game;
            changed.write(BoardChanged);
            info!("guessing: the game is back");
        }
        return;
    };
    if g.shown {
        return;
    }
    let game = table.game().clone();
    if game.moves().is_empty() || mine.stash.is_some() {
        info!("guessing: no game to guess here");
        guesses.open.remove(SLUG);
        return;
    }
    let record = table.record();
    let tag = |t: &str| record.tag(t).unwrap_or_default().trim().to_owned();
    g.source = format!("{} – {} {}", tag("PB"), tag("PW"), tag("DT"));
    g.moves = game.moves().len();
    g.shown = true;
    info!("guessing {} moves", g.moves);
    let mut setup = table.setup;
    setup.computer = None;
    let start = Game::from_position(*game.start(), *game.rules(), game.handicap());
    let fresh = Session::from_game(start, setup);
    mine.stash = Some(std::mem::replace(&mut table.session, fresh));
    mine.game = Some(game);
    mine.look = None;
    changed.write(BoardChanged);
}

/// Each guess judged, then the game's own stone played.
pub(crate) fn judge(
    mut happened: MessageReader<GoHappened>,
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<GoGuess>,
    mut table: ResMut<GoTable>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let stone = happened
        .read()
        .any(|h| matches!(h, GoHappened::Played { .. }));
    let Some(g) = guesses.open.get(SLUG).filter(|g| g.shown) else {
        return;
    };
    let mine = &mut *mine;
    let Some(game) = mine.game.as_ref() else {
        return;
    };
    let i = g.guessed;
    let Some(&truth) = game.moves().get(i) else {
        return;
    };
    let size = table.size();
    if stone && g.state == GuessState::Going {
        let played = table.game().clone();
        let Some(&tried) = played.moves().last() else {
            return;
        };
        if tried == truth {
            let t = truth.gtp(size);
            guesses.scored(
                SLUG,
                100,
                Text(
                    format!("猜对了：{t}（100）。"),
                    format!("Right: {t} (100)."),
                ),
            );
            return;
        }
        match GoLook::start(&played, crate::app::store::jobs::Wake::of(wake)) {
            Some(look) => {
                mine.look = Some(look);
                if let Some(g) = guesses.open.get_mut(SLUG) {
                    g.state = GuessState::Judging;
                }
            }
            None => score(&mut guesses, &mut table, (tried, truth), 0),
        }
        return;
    }
    let Some(look) = mine.look.as_mut() else {
        return;
    };
    let tried = look.game.moves().last().copied().unwrap_or(Move::Pass);
    let points = match look.poll() {
        Looked::Waiting => return,
        Looked::Done(step) => crate::games::go::tutor::guess_points(false, Some(&step)),
        Looked::Failed => 0,
    };
    mine.look = None;
    score(&mut guesses, &mut table, (tried, truth), points);
}

/// A guess other than the game's stone: scored, taken back, the game's stone played.
fn score(guesses: &mut Guesses, table: &mut GoTable, (tried, truth): (Move, Move), points: u32) {
    let size = table.size();
    let (t, g) = (tried.gtp(size), truth.gtp(size));
    let text = if points > 0 {
        Text(
            format!("对局下的是 {g}；GNU Go 看你的 {t} 也不差（{points}）。"),
            format!("The game went {g}; GNU Go finds your {t} about as good ({points})."),
        )
    } else {
        Text(
            format!("对局下的是 {g}；GNU Go 看你的 {t} 不如它（0）。"),
            format!("The game went {g}; GNU Go finds your {t} worse (0)."),
        )
    };
    guesses.scored(SLUG, points, text);
    table.session.undo();
    if !table.session.play(truth) {
        warn!("guessing: the game's stone {g} does not play");
    }
}
