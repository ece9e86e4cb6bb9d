//! Guess the moves of the Xiangqi game on the table (Game → Guess the moves…): its start
//! on the board, the game put aside as in lessons; each guess scored — the game's own
//! move 100, else by Fairy-Stockfish as the review judges: as good as its best (not even
//! an inaccuracy) 50, else 0 — and the game's move then played, until the game's end.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::guess::{GuessState, Guesses};

use crate::app::BoardChanged;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model, Selection};

use super::look::Look;
use crate::rules::{Game, Move, Notation, Position};
use table::learn::Looked;

const SLUG: &str = "xiangqi";

/// The game put aside, its moves, and the engine's look at a guess.
#[derive(Resource, Default)]
pub struct XiangqiGuess {
    stash: Option<(Model, bool)>,
    game: Option<Game>,
    look: Option<Look>,
}

/// The board takes guesses: none being judged.
#[must_use]
pub fn takes_moves(guesses: &Guesses) -> bool {
    guesses
        .open
        .get(SLUG)
        .is_none_or(|g| g.state == GuessState::Going)
}

/// Sets the game's start up, or brings the game back once guessing is left.
#[allow(clippy::too_many_arguments)]
pub(crate) fn board(
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<XiangqiGuess>,
    mut model: ResMut<Model>,
    mut settings: ResMut<Settings>,
    (mode, mut next): (Res<State<Mode>>, ResMut<NextState<Mode>>),
    mut selection: ResMut<Selection>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(g) = guesses.open.get_mut(SLUG) else {
        if let Some((game, flipped)) = mine.stash.take() {
            *model = game;
            settings.flipped = flipped;
            next.set(Mode::Play);
            changed.write(BoardChanged);
            info!("guessing: the game is back");
        }
        return;
    };
    if g.shown {
        return;
    }
    let game = model.game().clone();
    if *mode.get() != Mode::Play || game.ply_count() == 0 {
        info!("guessing: no game to guess here");
        guesses.open.remove(SLUG);
        return;
    }
    let tag = |t: &str| {
        model
            .tags()
            .iter()
            .find(|(k, _)| k == t)
            .map(|(_, v)| v.trim().to_owned())
            .unwrap_or_default()
    };
    g.source = format!("{} – {} {}", tag("Red"), tag("Black"), tag("Date"));
    g.moves = game.ply_count();
    g.shown = true;
    info!("guessing {} moves", g.moves);
    mine.stash = Some((std::mem::take(&mut *model), settings.flipped));
    model.0 = crate::session::Session::new();
    model.0.replace(Game::from_position(game.start().clone()));
    mine.game = Some(game);
    mine.look = None;
    *selection = Selection::default();
    next.set(Mode::Lesson);
    changed.write(BoardChanged);
}

/// Each guess judged, then the game's own move played.
pub(crate) fn judge(
    mut played: MessageReader<MovePlayed>,
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<XiangqiGuess>,
    mut model: ResMut<Model>,
    setup: Res<EngineSetup>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let guessed: Vec<Move> = played.read().map(|p| p.mv).collect();
    let Some(g) = guesses.open.get(SLUG).filter(|g| g.shown) else {
        return;
    };
    let mine = &mut *mine;
    let Some(game) = mine.game.as_ref() else {
        return;
    };
    let i = g.guessed;
    let Some(truth) = game.moves().nth(i) else {
        return;
    };
    let pos = game.position_at(i).clone();
    let words = |m: Move| {
        (
            Notation::Chinese.display(&pos, m),
            Notation::Wxf.write(&pos, m),
        )
    };
    if let Some(&m) = guessed.first()
        && g.state == GuessState::Going
    {
        if m == truth {
            let (zh, en) = words(m);
            guesses.scored(
                SLUG,
                100,
                Text(
                    format!("猜对了：{zh}（100）。"),
                    format!("Right: {en} (100)."),
                ),
            );
            return;
        }
        match Look::start(setup.engine.as_deref(), &pos, m) {
            Some(look) => {
                mine.look = Some(look);
                if let Some(g) = guesses.open.get_mut(SLUG) {
                    g.state = GuessState::Judging;
                }
            }
            None => {
                score(&mut guesses, &mut model, (&pos, m, truth), 0);
                changed.write(BoardChanged);
            }
        }
        return;
    }
    let Some(look) = mine.look.as_mut() else {
        return;
    };
    let points = match look.poll() {
        Looked::Waiting => return,
        Looked::Done((judged, _)) => {
            crate::games::xiangqi::tutor::guess_points(false, Some(&judged))
        }
        Looked::Failed => 0,
    };
    let tried = look.mv;
    mine.look = None;
    score(&mut guesses, &mut model, (&pos, tried, truth), points);
    changed.write(BoardChanged);
}

/// A guess other than the game's move: scored, taken back, the game's move played.
fn score(
    guesses: &mut Guesses,
    model: &mut Model,
    (pos, tried, truth): (&Position, Move, Move),
    points: u32,
) {
    let (zh_t, en_t) = (
        Notation::Chinese.display(pos, tried),
        Notation::Wxf.write(pos, tried),
    );
    let (zh_g, en_g) = (
        Notation::Chinese.display(pos, truth),
        Notation::Wxf.write(pos, truth),
    );
    let text = if points > 0 {
        Text(
            format!("对局走的是{zh_g}；引擎看你的{zh_t}也一样好（{points}）。"),
            format!("The game went {en_g}; the engine finds your {en_t} as good ({points})."),
        )
    } else {
        Text(
            format!("对局走的是{zh_g}；引擎看你的{zh_t}不如它（0）。"),
            format!("The game went {en_g}; the engine finds your {en_t} worse (0)."),
        )
    };
    guesses.scored(SLUG, points, text);
    model.undo();
    if model.play(truth).is_err() {
        warn!("guessing: the game's move {truth} does not play");
    }
}
