//! The tutor at the Xiangqi table (a seat's help set to "Tutor"): after each move of
//! that seat, Fairy-Stockfish looks at the position before and after it, as the review
//! does; a move the review would mark a mistake (`?`) or a blunder (`??`) is taken back
//! with its reason, the better move drawn as an arrow, at most the settings' number of
//! times at a position (two unless changed) — then the move stands. "Tutor (blunders
//! only)" takes back the blunders (`??`) alone. The move taken back stays in the record, with the
//! tutor's words, as a variation of the move played instead. The other side is never
//! slowed: a reply played before the tutor has spoken is kept, and the tutor is quiet.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::i18n::Lang;
use table::learn::coach::{Coached, Played};
use table::learn::{Looked, Text};

use crate::app::messages::BoardChanged;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model};
use crate::games::xiangqi::review::{Judged, Mark};
use crate::games::xiangqi::tutor;
use crate::rules::tree::NodeId;
use crate::rules::tree::marks::{Arrow, Colour};
use crate::rules::{Color, Move, Notation, Position};
use crate::settings::XiangqiSettings;

use super::look::Look;

/// How deep the tutor's engine looks: quick, and as the review's marks count.
pub const DEPTH: u32 = 8;

/// The tutor's work at the Xiangqi table.
pub type Coach = table::learn::coach::Coach<Xiangqi>;

/// The move looked at.
pub struct About {
    mv: Move,
    pos: Position,
    blunders_only: bool,
    /// The moves' notation in English and Vietnamese words (the settings').
    notation: Notation,
}

/// What the tutor reads of the Xiangqi table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    model: ResMut<'w, Model>,
    xq: Res<'w, XiangqiSettings>,
    mode: Res<'w, State<Mode>>,
    setup: Res<'w, EngineSetup>,
    played: MessageReader<'w, 's, MovePlayed>,
    changed: MessageWriter<'w, BoardChanged>,
}

impl Coached for Xiangqi {
    type Node = NodeId;
    type Move = Move;
    type About = About;
    type Look = Look;
    /// The move judged as the review judges it, and the engine's own move.
    type Seen = (Judged, Option<Move>);
    type Mark = Mark;
    type Board = Board<'static, 'static>;

    fn played(board: &mut SystemParamItem<Self::Board>) -> Option<Played<NodeId, Move>> {
        let m = board.played.read().last().cloned()?;
        let after = board.model.cursor();
        let before = board.model.tree().node(after).parent()?;
        Some(Played {
            before,
            after,
            first: m.piece.color == Color::Red,
            mv: m.mv,
            name: m.mv.to_string(),
        })
    }

    fn watching(board: &SystemParamItem<Self::Board>, played: &Played<NodeId, Move>) -> bool {
        let mover = if played.first {
            Color::Red
        } else {
            Color::Black
        };
        *board.mode.get() == Mode::Play && board.xq.computer != Some(mover)
    }

    fn promote(board: &mut SystemParamItem<Self::Board>, after: NodeId) {
        board.model.promote(after);
    }

    fn look(
        board: &SystemParamItem<Self::Board>,
        played: &Played<NodeId, Move>,
        blunders_only: bool,
    ) -> Option<(Look, About)> {
        let ply = board.model.shown_ply();
        let pos = board
            .model
            .game()
            .position_at(ply.saturating_sub(1))
            .clone();
        let look = Look::start(board.setup.engine.as_deref(), &pos, played.mv)?;
        let about = About {
            mv: played.mv,
            pos,
            blunders_only,
            notation: board.xq.notation,
        };
        Some((look, about))
    }

    fn poll(look: &mut Look) -> Looked<(Judged, Option<Move>)> {
        look.poll()
    }

    fn mark(about: &About, (judged, _): &(Judged, Option<Move>)) -> Option<Mark> {
        tutor::tutor_mark(&about.pos, about.mv, judged, about.blunders_only)
    }

    fn words(
        about: &About,
        (_, best): &(Judged, Option<Move>),
        mark: &Mark,
        tries: (u8, u8),
    ) -> Text {
        verdict_words(about, mark, *best, tries)
    }

    fn name(about: &About) -> String {
        about.mv.to_string()
    }

    fn at(board: &SystemParamItem<Self::Board>) -> NodeId {
        board.model.cursor()
    }

    fn take_back(
        board: &mut SystemParamItem<Self::Board>,
        (before, after): (NodeId, NodeId),
        (_, best): &(Judged, Option<Move>),
        words: &str,
    ) {
        // The move keeps the tutor's words in the record; the board goes back, the
        // better move drawn on it.
        let model = &mut board.model;
        model.set_comment(after, words);
        model.end_typing();
        // Play goes on from there: the panel says whose move it is, not "reviewing".
        model.take_back_to(before);
        if let Some(best) = best {
            let mut marks = model.marks();
            marks.arrows.retain(|a| a.colour != Colour::Yellow);
            marks.arrows.push(Arrow {
                from: best.from,
                to: best.to,
                colour: Colour::Yellow,
            });
            model.set_marks(&marks);
        }
        board.changed.write(BoardChanged);
    }

    fn go_to(board: &mut SystemParamItem<Self::Board>, after: NodeId) {
        board.model.goto(after);
        board.changed.write(BoardChanged);
    }
}

/// The tutor's words for a move taken back: its mark, its reason, the better move.
fn verdict_words(about: &About, mark: &Mark, best: Option<Move>, tries: (u8, u8)) -> Text {
    let blunder = matches!(mark, Mark::Blunder);
    let reason = tutor::warn(&about.pos, about.mv)
        .map(|w| tutor::reason(&about.pos, about.mv, &w, about.notation));
    let (n, of) = tries;
    Text::each(|l| {
        let why = reason.as_ref().map_or("", |r| r.get(l));
        let best = best.map(|b| tutor::said(&about.pos, b, l, about.notation));
        match l {
            Lang::Zh | Lang::Hant => {
                let mark = match (blunder, l) {
                    (true, Lang::Zh) => "大错",
                    (true, _) => "大錯",
                    (false, Lang::Zh) => "错着",
                    (false, _) => "錯著",
                };
                let best = best.map_or_else(String::new, |b| match l {
                    Lang::Zh => format!("更好的是{b}（箭头）。"),
                    _ => format!("更好的是{b}（箭頭）。"),
                });
                match l {
                    Lang::Zh => format!(
                        "教练：这是一步{mark}。{why}{best}再想一想（第 {n} 次，共 {of} 次）。"
                    ),
                    _ => format!(
                        "教練：這是一步{mark}。{why}{best}再想一想（第 {n} 次，共 {of} 次）。"
                    ),
                }
            }
            Lang::En => {
                let mark = if blunder {
                    "a blunder (??)"
                } else {
                    "a mistake (?)"
                };
                let best = best.map_or_else(String::new, |b| {
                    format!(" A better move is {b} (the arrow).")
                });
                let why = if why.is_empty() {
                    String::new()
                } else {
                    format!(" {why}")
                };
                format!("Tutor: that move is {mark}.{why}{best} Think again ({n} of {of}).")
            }
            Lang::Vi => {
                let mark = if blunder {
                    "nước hỏng (??)"
                } else {
                    "nước sai (?)"
                };
                let best =
                    best.map_or_else(String::new, |b| format!(" Nước tốt hơn là {b} (mũi tên)."));
                let why = if why.is_empty() {
                    String::new()
                } else {
                    format!(" {why}")
                };
                format!("Thầy kèm: đó là {mark}.{why}{best} Nghĩ lại xem (lần {n}/{of}).")
            }
        }
    })
}
