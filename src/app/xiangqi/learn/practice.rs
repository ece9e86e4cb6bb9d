//! A player's own mistakes practised at the Xiangqi table (Shift+F4): the position
//! before the mistake becomes the table's game, the game put aside as in lessons
//! (`Mode::Lesson`: no autosave, no engine opponent, no help); the player's move is
//! judged — the engine's own move is found at once, any other is asked of
//! Fairy-Stockfish as the review asks, and counts when the review would not even call
//! it an inaccuracy. A miss is taken back and the better move drawn.

use bevy::prelude::*;
use table::learn::Text;
use table::learn::practice::{DrillState, Practice};
use table::learn::shell::Learning;

use crate::app::BoardChanged;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model, Selection};
use crate::i18n::Lang;

use super::look::Look;
use crate::rules::tree::marks::{Arrow, Colour, Marks};
use crate::rules::{Color, Game, Move, Notation, Position};
use crate::settings::XiangqiSettings;
use table::learn::Looked;

const SLUG: &str = "xiangqi";

/// The game put aside and the engine's look at a move tried.
#[derive(Resource, Default)]
pub struct XiangqiPractice {
    stash: Option<(Model, bool)>,
    look: Option<Look>,
}

/// The board takes moves: no drill, or one waiting for its move.
#[must_use]
pub fn takes_moves(practice: &Practice) -> bool {
    practice
        .drill(SLUG)
        .is_none_or(|d| d.state == DrillState::Going)
}

/// A move in the words of `lang` (Chinese notation, else the settings').
fn said(pos: &Position, m: Move, lang: Lang, notation: Notation) -> String {
    match lang {
        Lang::Zh => Notation::Chinese.display(pos, m),
        Lang::En => notation.write(pos, m),
    }
}

/// Sets the drill's position up on the board, or brings the game back once it is gone.
#[allow(clippy::too_many_arguments)]
pub(crate) fn board(
    mut practice: ResMut<Practice>,
    mut mine: ResMut<XiangqiPractice>,
    mut model: ResMut<Model>,
    mut settings: ResMut<Settings>,
    (xq, mode, mut next): (
        Res<XiangqiSettings>,
        Res<State<Mode>>,
        ResMut<NextState<Mode>>,
    ),
    mut selection: ResMut<Selection>,
    mut changed: MessageWriter<BoardChanged>,
    learning: Res<Learning>,
) {
    // Not over a puzzle, the editor or a lesson: those give the board back first.
    let busy = matches!(mode.get(), Mode::Train | Mode::Edit) || learning.lesson(SLUG).is_some();
    if busy && practice.drill(SLUG).is_some_and(|d| !d.shown) {
        info!("practice: not over a puzzle, the editor or a lesson");
        practice.open.remove(SLUG);
        return;
    }
    let Some(drill) = practice.open.get_mut(SLUG) else {
        if let Some((game, flipped)) = mine.stash.take() {
            *model = game;
            settings.flipped = flipped;
            next.set(Mode::Play);
            changed.write(BoardChanged);
            info!("practice: the game is back");
        }
        return;
    };
    if drill.shown {
        return;
    }
    let (Ok(pos), Ok(played)) = (
        Position::from_fen(&drill.position),
        drill.mistake.played.parse::<Move>(),
    ) else {
        warn!("practice: {} does not read", drill.position);
        practice.open.remove(SLUG);
        return;
    };
    drill.played = said(&pos, played, settings.lang, xq.notation);
    drill.shown = true;
    if mine.stash.is_none() {
        mine.stash = Some((std::mem::take(&mut *model), settings.flipped));
    }
    model.0 = crate::session::Session::new();
    model.0.replace(Game::from_position(pos.clone()));
    settings.flipped = pos.turn() == Color::Black;
    mine.look = None;
    *selection = Selection::default();
    if *mode.get() != Mode::Lesson {
        next.set(Mode::Lesson);
    }
    changed.write(BoardChanged);
}

/// The player's move judged: the engine's at once, another by the engine.
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge(
    mut played: MessageReader<MovePlayed>,
    mut practice: ResMut<Practice>,
    mut learning: ResMut<Learning>,
    mut mine: ResMut<XiangqiPractice>,
    mut model: ResMut<Model>,
    (xq, setup): (Res<XiangqiSettings>, Res<EngineSetup>),
    mut changed: MessageWriter<BoardChanged>,
) {
    let moves: Vec<Move> = played.read().map(|p| p.mv).collect();
    let Some(drill) = practice.drill(SLUG) else {
        return;
    };
    let (Ok(pos), Ok(best)) = (
        Position::from_fen(&drill.position),
        drill.mistake.best.parse::<Move>(),
    ) else {
        return;
    };
    let notation = xq.notation;
    let words = |m: Move, lang| said(&pos, m, lang, notation);
    if let Some(&m) = moves.first()
        && drill.state == DrillState::Going
        && drill.shown
    {
        if m == best {
            let text = Text(
                format!("找到了：{}，正是引擎的着法。", words(m, Lang::Zh)),
                format!("Found: {}, the engine's move.", words(m, Lang::En)),
            );
            practice.answer(&mut learning, SLUG, true, text);
            return;
        }
        match Look::start(setup.engine.as_deref(), &pos, m) {
            Some(look) => {
                mine.look = Some(look);
                if let Some(d) = practice.open.get_mut(SLUG) {
                    d.state = DrillState::Judging;
                }
                info!("practice: the engine looks at {m}");
            }
            // Without an engine only its own move counts.
            None => {
                missed(
                    &mut practice,
                    &mut learning,
                    &mut model,
                    (&pos, m, best),
                    notation,
                );
                changed.write(BoardChanged);
            }
        }
        return;
    }
    let Some(look) = mine.look.as_mut() else {
        return;
    };
    let found = match look.poll() {
        Looked::Waiting => return,
        Looked::Done((judged, _)) => crate::games::xiangqi::tutor::as_good(&judged),
        Looked::Failed => false,
    };
    let tried = look.mv;
    mine.look = None;
    if found {
        let text = Text(
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
        );
        practice.answer(&mut learning, SLUG, true, text);
    } else {
        missed(
            &mut practice,
            &mut learning,
            &mut model,
            (&pos, tried, best),
            notation,
        );
        changed.write(BoardChanged);
    }
}

/// A miss: kept, the move taken back, the better move drawn.
fn missed(
    practice: &mut Practice,
    learning: &mut Learning,
    model: &mut Model,
    (pos, tried, best): (&Position, Move, Move),
    notation: Notation,
) {
    let text = Text(
        format!(
            "不是这步：{}也不好。更好的是{}（箭头）。",
            said(pos, tried, Lang::Zh, notation),
            said(pos, best, Lang::Zh, notation)
        ),
        format!(
            "Not this one: {} costs too much too. A better move is {} (the arrow).",
            said(pos, tried, Lang::En, notation),
            said(pos, best, Lang::En, notation)
        ),
    );
    practice.answer(learning, SLUG, false, text);
    model.undo();
    model.set_marks(&Marks {
        arrows: vec![Arrow {
            from: best.from,
            to: best.to,
            colour: Colour::Yellow,
        }],
        circles: Vec::new(),
    });
}
