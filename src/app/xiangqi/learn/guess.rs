//! Guess the moves of the Xiangqi game on the table (Game → Guess the moves…), its part
//! of `table::learn::guess`: the game's start on the board, the game put aside as in
//! lessons (`Mode::Lesson`); a guess other than the game's move judged by
//! Fairy-Stockfish as the review judges (as good as its best, not even an inaccuracy:
//! 50, else 0), then the game's move played.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::i18n::Lang;
use table::learn::guess::GuessGame;
use table::learn::{Looked, Text};

use crate::app::shell::model::Settings;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model, Selection};
use crate::games::xiangqi::tutor;
use crate::rules::{Game, Move};

use super::look::Look;

/// What guessing reads of the Xiangqi table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    model: ResMut<'w, Model>,
    settings: ResMut<'w, Settings>,
    mode: Res<'w, State<Mode>>,
    next: ResMut<'w, NextState<Mode>>,
    selection: ResMut<'w, Selection>,
    setup: Res<'w, EngineSetup>,
    played: MessageReader<'w, 's, MovePlayed>,
}

impl GuessGame for Xiangqi {
    type Move = Move;
    type Game = Game;
    /// The game, and whether the board was turned.
    type Aside = (Model, bool);
    type Look = Look;
    type Board = Board<'static, 'static>;

    fn to_guess(board: &SystemParamItem<Self::Board>) -> Option<(Game, String, usize)> {
        let game = board.model.game().clone();
        if *board.mode.get() != Mode::Play || game.ply_count() == 0 {
            return None;
        }
        let tag = |t: &str| {
            board
                .model
                .tags()
                .iter()
                .find(|(k, _)| k == t)
                .map(|(_, v)| v.trim().to_owned())
                .unwrap_or_default()
        };
        let source = format!("{} – {} {}", tag("Red"), tag("Black"), tag("Date"));
        let moves = game.ply_count();
        Some((game, source, moves))
    }

    fn set_up(board: &mut SystemParamItem<Self::Board>, game: &Game) -> (Model, bool) {
        let aside = (std::mem::take(&mut *board.model), board.settings.flipped);
        board.model.0 = crate::games::xiangqi::session::Session::new();
        board
            .model
            .0
            .replace(Game::from_position(game.start().clone()));
        *board.selection = Selection::default();
        board.next.set(Mode::Lesson);
        aside
    }

    fn bring_back(board: &mut SystemParamItem<Self::Board>, (game, flipped): (Model, bool)) {
        *board.model = game;
        board.settings.flipped = flipped;
        board.next.set(Mode::Play);
    }

    fn guessed(board: &mut SystemParamItem<Self::Board>) -> Option<Move> {
        board
            .played
            .read()
            .map(|p| p.mv)
            .collect::<Vec<_>>()
            .first()
            .copied()
    }

    fn truth(game: &Game, i: usize) -> Option<Move> {
        game.moves().nth(i)
    }

    fn look(
        board: &SystemParamItem<Self::Board>,
        game: &Game,
        i: usize,
        guess: Move,
    ) -> Option<Look> {
        Look::start(board.setup.engine.as_deref(), game.position_at(i), guess)
    }

    fn points(look: &mut Look) -> Looked<u32> {
        match look.poll() {
            Looked::Waiting => Looked::Waiting,
            Looked::Done((judged, _)) => Looked::Done(crate::games::xiangqi::tutor::guess_points(
                false,
                Some(&judged),
            )),
            Looked::Failed => Looked::Failed,
        }
    }

    fn name(game: &Game, i: usize, mv: Move) -> Text {
        let pos = game.position_at(i);
        Text::each(|l| tutor::said_own(pos, mv, l))
    }

    fn said(points: u32, game: &Text, yours: &Text) -> Text {
        Text::each(|l| {
            let (g, t) = (game.get(l), yours.get(l));
            match (l, points > 0) {
                (Lang::Zh, true) => format!("对局走的是{g}；引擎看你的{t}也一样好（{points}）。"),
                (Lang::Zh, false) => format!("对局走的是{g}；引擎看你的{t}不如它（0）。"),
                (Lang::Hant, true) => format!("對局走的是{g}；引擎看你的{t}也一樣好（{points}）。"),
                (Lang::Hant, false) => format!("對局走的是{g}；引擎看你的{t}不如它（0）。"),
                (Lang::En, true) => {
                    format!("The game went {g}; the engine finds your {t} as good ({points}).")
                }
                (Lang::En, false) => {
                    format!("The game went {g}; the engine finds your {t} worse (0).")
                }
                (Lang::Vi, true) => {
                    format!("Ván cờ đi {g}; máy thấy nước {t} của bạn cũng tốt như vậy ({points}).")
                }
                (Lang::Vi, false) => {
                    format!("Ván cờ đi {g}; máy thấy nước {t} của bạn kém hơn (0).")
                }
            }
        })
    }

    fn play_truth(board: &mut SystemParamItem<Self::Board>, truth: Move) {
        board.model.undo();
        if board.model.play(truth).is_err() {
            warn!("guessing: the game's move {truth} does not play");
        }
    }
}
