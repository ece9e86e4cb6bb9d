//! Guess the moves of the Go game on the table (Game → Guess the moves…), its part of
//! `table::learn::guess`: the game's start on the goban, the game put aside; a stone
//! other than the game's judged by GNU Go as its review judges (a stone it would not
//! mark: 50, else 0), then the game's stone played.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::i18n::Lang;
use table::learn::guess::GuessGame;
use table::learn::{Looked, Text};

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoTable};
use crate::games::go::Session;
use crate::go::{Game, Move};

use super::look::GoLook;
use crate::app::store::jobs::Wake;

/// What guessing reads of the Go table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    table: ResMut<'w, GoTable>,
    happened: MessageReader<'w, 's, GoHappened>,
    wake: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

impl GuessGame for Go {
    type Move = Move;
    type Game = Game;
    type Aside = Session;
    type Look = GoLook;
    type Board = Board<'static, 'static>;

    fn to_guess(board: &SystemParamItem<Self::Board>) -> Option<(Game, String, usize)> {
        let game = board.table.game().clone();
        if game.moves().is_empty() {
            return None;
        }
        let record = board.table.record();
        let tag = |t: &str| record.tag(t).unwrap_or_default().trim().to_owned();
        let source = format!("{} – {} {}", tag("PB"), tag("PW"), tag("DT"));
        let moves = game.moves().len();
        Some((game, source, moves))
    }

    fn set_up(board: &mut SystemParamItem<Self::Board>, game: &Game) -> Session {
        let mut setup = board.table.setup;
        setup.computer = None;
        let start = Game::from_position(*game.start(), *game.rules(), game.handicap());
        std::mem::replace(&mut board.table.session, Session::from_game(start, setup))
    }

    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Session) {
        board.table.session = aside;
    }

    fn guessed(board: &mut SystemParamItem<Self::Board>) -> Option<Move> {
        let stone = board
            .happened
            .read()
            .any(|h| matches!(h, GoHappened::Played { .. }));
        stone.then(|| board.table.game().moves().last().copied())?
    }

    fn truth(game: &Game, i: usize) -> Option<Move> {
        game.moves().get(i).copied()
    }

    fn look(
        board: &SystemParamItem<Self::Board>,
        _game: &Game,
        _i: usize,
        _guess: Move,
    ) -> Option<GoLook> {
        // The guess is on the board: GNU Go looks at the game up to it.
        let wake = Wake::of(board.wake.as_ref().map(Res::clone));
        GoLook::start(board.table.game(), wake)
    }

    fn points(look: &mut GoLook) -> Looked<u32> {
        match look.poll() {
            Looked::Waiting => Looked::Waiting,
            Looked::Done(step) => {
                Looked::Done(crate::games::go::tutor::guess_points(false, Some(&step)))
            }
            Looked::Failed => Looked::Failed,
        }
    }

    fn name(game: &Game, _i: usize, mv: Move) -> Text {
        let said = mv.gtp(game.position().board().size());
        Text::each(|_| said.clone())
    }

    fn said(points: u32, game: &Text, yours: &Text) -> Text {
        // A point is written alike in every language.
        let (g, t) = (game.get(Lang::En), yours.get(Lang::En));
        if points > 0 {
            Text::new(
                format!("对局下的是 {g}；GNU Go 看你的 {t} 也不差（{points}）。"),
                format!("The game went {g}; GNU Go finds your {t} about as good ({points})."),
                format!("對局下的是 {g}；GNU Go 看你的 {t} 也不差（{points}）。"),
                format!(
                    "Ván cờ đi {g}; GNU Go thấy nước {t} của bạn cũng tốt gần như vậy ({points})."
                ),
            )
        } else {
            Text::new(
                format!("对局下的是 {g}；GNU Go 看你的 {t} 不如它（0）。"),
                format!("The game went {g}; GNU Go finds your {t} worse (0)."),
                format!("對局下的是 {g}；GNU Go 看你的 {t} 不如它（0）。"),
                format!("Ván cờ đi {g}; GNU Go thấy nước {t} của bạn kém hơn (0)."),
            )
        }
    }

    fn play_truth(board: &mut SystemParamItem<Self::Board>, truth: Move) {
        board.table.session.undo();
        if !board.table.session.play(truth) {
            let size = board.table.size();
            warn!(
                "guessing: the game's stone {} does not play",
                truth.gtp(size)
            );
        }
    }
}
