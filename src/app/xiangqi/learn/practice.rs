//! A player's own mistakes practised at the Xiangqi table (Shift+F4): the position
//! before the mistake becomes the table's game, the game put aside as in lessons
//! (`Mode::Lesson`: no autosave, no engine opponent, no help); the player's move is
//! judged — the engine's own move is found at once, any other is asked of
//! Fairy-Stockfish as the review asks, and counts when the review would not even call
//! it an inaccuracy. A miss is taken back and the better move drawn.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::learn::practice::{Drill, PracticeGame};
use table::learn::shell::Learning;
use table::learn::{Looked, Text};
use table::shell::table::TableGame;

use crate::app::shell::model::Settings;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model, Selection};
use crate::games::xiangqi::tutor::said;
use crate::i18n::Lang;
use crate::rules::tree::marks::{Arrow, Colour, Marks};
use crate::rules::{Color, Game, Move, Position};
use crate::settings::XiangqiSettings;

use super::look::Look;

/// What practice reads of the Xiangqi table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    model: ResMut<'w, Model>,
    settings: ResMut<'w, Settings>,
    xq: Res<'w, XiangqiSettings>,
    mode: Res<'w, State<Mode>>,
    next: ResMut<'w, NextState<Mode>>,
    selection: ResMut<'w, Selection>,
    setup: Res<'w, EngineSetup>,
    played: MessageReader<'w, 's, MovePlayed>,
}

impl PracticeGame for Xiangqi {
    type Move = Move;
    type Position = Position;
    /// The game, and whether the board was turned.
    type Aside = (Model, bool);
    type Look = Look;
    type Board = Board<'static, 'static>;

    fn free(board: &SystemParamItem<Self::Board>, learning: &Learning) -> bool {
        !matches!(board.mode.get(), Mode::Train | Mode::Edit)
            && learning.lesson(<Self as TableGame>::SLUG).is_none()
    }

    fn read(
        board: &SystemParamItem<Self::Board>,
        drill: &Drill,
    ) -> Option<(Position, Move, String)> {
        let pos = Position::from_fen(&drill.position).ok()?;
        let played = drill.mistake.played.parse::<Move>().ok()?;
        let best = drill.mistake.best.parse::<Move>().ok()?;
        let words = said(&pos, played, board.settings.lang, board.xq.notation);
        Some((pos, best, words))
    }

    fn set_up(
        board: &mut SystemParamItem<Self::Board>,
        pos: &Position,
        aside: &mut Option<(Model, bool)>,
    ) {
        if aside.is_none() {
            *aside = Some((std::mem::take(&mut *board.model), board.settings.flipped));
        }
        board.model.0 = crate::games::xiangqi::session::Session::new();
        board.model.0.replace(Game::from_position(pos.clone()));
        board.settings.flipped = pos.turn() == Color::Black;
        *board.selection = Selection::default();
        if *board.mode.get() != Mode::Lesson {
            board.next.set(Mode::Lesson);
        }
    }

    fn bring_back(board: &mut SystemParamItem<Self::Board>, (game, flipped): (Model, bool)) {
        *board.model = game;
        board.settings.flipped = flipped;
        board.next.set(Mode::Play);
    }

    fn tried(board: &mut SystemParamItem<Self::Board>) -> Option<Move> {
        board
            .played
            .read()
            .map(|p| p.mv)
            .collect::<Vec<_>>()
            .first()
            .copied()
    }

    fn look(board: &SystemParamItem<Self::Board>, pos: &Position, tried: Move) -> Option<Look> {
        Look::start(board.setup.engine.as_deref(), pos, tried)
    }

    fn as_good(look: &mut Look) -> Looked<bool> {
        match look.poll() {
            Looked::Waiting => Looked::Waiting,
            Looked::Done((judged, _)) => {
                Looked::Done(crate::games::xiangqi::tutor::as_good(&judged))
            }
            Looked::Failed => Looked::Failed,
        }
    }

    fn said(
        board: &SystemParamItem<Self::Board>,
        pos: &Position,
        (tried, best): (Move, Move),
        found: Option<bool>,
    ) -> Text {
        let notation = board.xq.notation;
        let words = |m: Move, lang| said(pos, m, lang, notation);
        Text::each(|l| {
            let (t, b) = (words(tried, l), words(best, l));
            match (found, l) {
                (None, Lang::Zh) => format!("找到了：{t}，正是引擎的着法。"),
                (None, Lang::Hant) => format!("找到了：{t}，正是引擎的著法。"),
                (None, Lang::En) => format!("Found: {t}, the engine's move."),
                (None, Lang::Vi) => format!("Tìm ra rồi: {t}, đúng nước của máy."),
                (Some(true), Lang::Zh) => format!("找到了：{t}，和引擎的{b}一样好。"),
                (Some(true), Lang::Hant) => format!("找到了：{t}，和引擎的{b}一樣好。"),
                (Some(true), Lang::En) => format!("Found: {t}, as good as the engine's {b}."),
                (Some(true), Lang::Vi) => format!("Tìm ra rồi: {t}, tốt như nước {b} của máy."),
                (Some(false), Lang::Zh) => format!("不是这步：{t}也不好。更好的是{b}（箭头）。"),
                (Some(false), Lang::Hant) => format!("不是這步：{t}也不好。更好的是{b}（箭頭）。"),
                (Some(false), Lang::En) => format!(
                    "Not this one: {t} costs too much too. A better move is {b} (the arrow)."
                ),
                (Some(false), Lang::Vi) => format!(
                    "Không phải nước này: {t} cũng thiệt quá. Nước tốt hơn là {b} (mũi tên)."
                ),
            }
        })
    }

    fn take_back(board: &mut SystemParamItem<Self::Board>, best: Move) {
        board.model.undo();
        board.model.set_marks(&Marks {
            arrows: vec![Arrow {
                from: best.from,
                to: best.to,
                colour: Colour::Yellow,
            }],
            circles: Vec::new(),
        });
    }
}
