//! The tutor at the Go table (a seat's help set to "Tutor"): after each stone of that
//! seat GNU Go looks at the positions before and after it, as its review does; a stone
//! the review would mark `?` (5 points or more by GNU Go's estimate) is taken back with
//! its reason and GNU Go's point marked with a triangle, at most the settings' number
//! of times at a position. "Tutor (blunders only)" takes back the blunders (`??`). The stone taken back stays in the record as a variation, with the tutor's
//! words; the stone played instead becomes the line. The other side is never slowed:
//! a reply played before the tutor has spoken is kept.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::i18n::Lang;
use table::learn::coach::{Coached, Played};
use table::learn::shell::BoardLent;
use table::learn::{Looked, Text};
use table::shell::table::TableGame;

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoTable};
use crate::games::go::review::{self, Step};
use crate::games::go::tutor;
use crate::go::markup::Shape;
use crate::go::{Color, Game, Move};

use super::look::GoLook;
use crate::app::store::jobs::Wake;

/// The stone looked at: the game up to it.
pub struct About {
    game: Game,
    blunders_only: bool,
}

/// What the tutor reads of the Go table and writes to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    table: ResMut<'w, GoTable>,
    happened: MessageReader<'w, 's, GoHappened>,
    lent: BoardLent<'w>,
    wake: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

impl Coached for Go {
    type Node = usize;
    type Move = Move;
    type About = About;
    type Look = GoLook;
    type Seen = Step;
    type Mark = review::Mark;
    type Board = Board<'static, 'static>;

    fn played(board: &mut SystemParamItem<Self::Board>) -> Option<Played<usize, Move>> {
        let played = board
            .happened
            .read()
            .any(|h| matches!(h, GoHappened::Played { .. }));
        if !played {
            return None;
        }
        let table = &board.table;
        let game = table.game();
        let mv = *game.moves().last()?;
        let after = table.node();
        let line = table.line();
        if line.last() != Some(&after) {
            return None;
        }
        let before = *line.get(line.len().checked_sub(2)?)?;
        let mover = !game.position().to_move();
        Some(Played {
            before,
            after,
            first: mover == Color::Black,
            mv,
            name: mv.gtp(table.size()),
        })
    }

    fn watching(board: &SystemParamItem<Self::Board>, played: &Played<usize, Move>) -> bool {
        let mover = if played.first {
            Color::Black
        } else {
            Color::White
        };
        let slug = <Self as TableGame>::SLUG;
        board.table.setup.computer != Some(mover)
            && !board.lent.lent(slug)
            && played.mv != Move::Pass
    }

    fn promote(board: &mut SystemParamItem<Self::Board>, _after: usize) {
        board.table.promote_shown();
    }

    fn look(
        board: &SystemParamItem<Self::Board>,
        _played: &Played<usize, Move>,
        blunders_only: bool,
    ) -> Option<(GoLook, About)> {
        let game = board.table.game().clone();
        let wake = Wake::of(board.wake.as_ref().map(Res::clone));
        let look = GoLook::start(&game, wake)?;
        Some((
            look,
            About {
                game,
                blunders_only,
            },
        ))
    }

    fn poll(look: &mut GoLook) -> Looked<Step> {
        look.poll()
    }

    fn mark(about: &About, step: &Step) -> Option<review::Mark> {
        let before = about
            .game
            .position_at(about.game.moves().len() - 1)
            .copied()?;
        tutor::tutor_mark(
            &before,
            step.played,
            about.game.rules(),
            step.mark,
            about.blunders_only,
        )
    }

    fn words(about: &About, step: &Step, mark: &review::Mark, tries: (u8, u8)) -> Text {
        verdict_words(about, step, mark, tries)
    }

    fn name(about: &About) -> String {
        let size = about.game.start().board().size();
        about
            .game
            .moves()
            .last()
            .map_or_else(String::new, |m| m.gtp(size))
    }

    fn at(board: &SystemParamItem<Self::Board>) -> usize {
        board.table.node()
    }

    fn take_back(
        board: &mut SystemParamItem<Self::Board>,
        _nodes: (usize, usize),
        step: &Step,
        words: &str,
    ) {
        let table = &mut board.table;
        table.set_comment(words.to_owned());
        table.back();
        if let Move::Play(p) = step.best.mv {
            let mut markup = table.markup();
            if !markup.shapes.iter().any(|(q, _)| *q == p) {
                markup.toggle_shape(p, Shape::Triangle);
            }
            table.set_markup(&markup);
        }
    }

    fn go_to(board: &mut SystemParamItem<Self::Board>, after: usize) {
        board.table.go_to(after);
    }
}

/// The tutor's words for a stone taken back.
fn verdict_words(about: &About, step: &Step, marked: &review::Mark, tries: (u8, u8)) -> Text {
    let size = about.game.start().board().size();
    let blunder = matches!(marked, review::Mark::Blunder);
    let before = about
        .game
        .position_at(about.game.moves().len() - 1)
        .copied();
    let reason = before
        .and_then(|p| tutor::warn(&p, step.played, about.game.rules()))
        .map(|w| tutor::reason(&w, size));
    let best = match step.best.mv {
        Move::Play(p) => Some(p.gtp(size)),
        Move::Pass => None,
    };
    let loss = step.loss;
    // GNU Go's estimate where it marked the stone itself; a stone only the warnings
    // stop has their reason alone.
    let estimated = step.mark.is_some();
    let (n, of) = tries;
    Text::each(|l| {
        let why = reason.as_ref().map_or("", |r| r.get(l));
        let spaced = if why.is_empty() {
            String::new()
        } else {
            format!(" {why}")
        };
        match l {
            Lang::Zh => {
                let mark = if blunder { "大错" } else { "错着" };
                let loss = if estimated {
                    format!("，按 GNU Go 的估计少了 {loss:.1} 目。")
                } else {
                    "。".to_owned()
                };
                let best = best
                    .as_ref()
                    .map_or_else(String::new, |b| format!("更好的是 {b}（三角）。"));
                format!("教练：这是一步{mark}{loss}{why}{best}再想一想（第 {n} 次，共 {of} 次）。")
            }
            Lang::Hant => {
                let mark = if blunder { "大錯" } else { "錯著" };
                let loss = if estimated {
                    format!("，按 GNU Go 的估計少了 {loss:.1} 目。")
                } else {
                    "。".to_owned()
                };
                let best = best
                    .as_ref()
                    .map_or_else(String::new, |b| format!("更好的是 {b}（三角）。"));
                format!("教練：這是一步{mark}{loss}{why}{best}再想一想（第 {n} 次，共 {of} 次）。")
            }
            Lang::En => {
                let mark = if blunder {
                    "a blunder (??)"
                } else {
                    "a mistake (?)"
                };
                let loss = if estimated {
                    format!(": by GNU Go's estimate it costs {loss:.1} points.")
                } else {
                    ".".to_owned()
                };
                let best = best.as_ref().map_or_else(String::new, |b| {
                    format!(" A better point is {b} (the triangle).")
                });
                format!(
                    "Tutor: that stone is {mark}{loss}{spaced}{best} Think again ({n} of {of})."
                )
            }
            Lang::Vi => {
                let mark = if blunder {
                    "nước hỏng (??)"
                } else {
                    "nước sai (?)"
                };
                let loss = if estimated {
                    format!(": theo ước tính của GNU Go, nó mất {loss:.1} điểm.")
                } else {
                    ".".to_owned()
                };
                let best = best.as_ref().map_or_else(String::new, |b| {
                    format!(" Điểm tốt hơn là {b} (hình tam giác).")
                });
                format!(
                    "Thầy kèm: quân này là {mark}{loss}{spaced}{best} Nghĩ lại xem (lần {n}/{of})."
                )
            }
        }
    })
}
