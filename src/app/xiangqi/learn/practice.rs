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
use crate::i18n::Lang;
use crate::rules::tree::marks::{Arrow, Colour, Marks};
use crate::rules::{Color, Game, Move, Notation, Position};
use crate::settings::XiangqiSettings;

use super::look::Look;

/// A move in the words of `lang` (Chinese notation, else the settings').
fn said(pos: &Position, m: Move, lang: Lang, notation: Notation) -> String {
    match lang {
        Lang::Zh => Notation::Chinese.display(pos, m),
        Lang::Hant => Notation::ChineseTraditional.display(pos, m),
        Lang::En | Lang::Vi => notation.write(pos, m),
    }
}

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
        match found {
            None => Text(
                format!("找到了：{}，正是引擎的着法。", words(tried, Lang::Zh)),
                format!("Found: {}, the engine's move.", words(tried, Lang::En)),
            ),
            Some(true) => Text(
                format!(
                    "找到了：{}，和引擎的{}一样好。",
                    words(tried, Lang::Zh),
                    words(best, Lang::Zh)
                ),
                format!(
                    "Found: {}, as good as the engine's {}.",
                    words(tried, Lang::En),
                    words(best, Lang::En)
                ),
            ),
            Some(false) => Text(
                format!(
                    "不是这步：{}也不好。更好的是{}（箭头）。",
                    words(tried, Lang::Zh),
                    words(best, Lang::Zh)
                ),
                format!(
                    "Not this one: {} costs too much too. A better move is {} (the arrow).",
                    words(tried, Lang::En),
                    words(best, Lang::En)
                ),
            ),
        }
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
