//! The tutor at the Xiangqi table (a seat's help set to "Tutor"): after each move of
//! that seat, Fairy-Stockfish looks at the position before and after it, as the review
//! does; a move the review would mark a mistake (`?`) or a blunder (`??`) is taken back
//! with its reason, the better move drawn as an arrow, at most the settings' number of
//! times at a position (two unless changed) — then the move stands. "Tutor (blunders
//! only)" takes back the blunders (`??`) alone. The move taken back stays in the record, with the
//! tutor's words, as a variation of the move played instead. The other side is never
//! slowed: a reply played before the tutor has spoken is kept, and the tutor is quiet.

use std::collections::HashMap;

use bevy::prelude::*;
use table::learn::Text;
use table::learn::shell::{Question, TutorAnswer};

use crate::app::BoardChanged;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::messages::MovePlayed;
use crate::app::xiangqi::model::{EngineSetup, Mode, Model};
use crate::games::xiangqi::tutor;
use crate::review::Mark;

use super::look::Look;
use crate::rules::tree::NodeId;
use crate::rules::tree::marks::{Arrow, Colour};
use crate::rules::{Color, Move, Notation, Position};
use crate::settings::XiangqiSettings;
use table::learn::Looked;

/// How deep the tutor's engine looks: quick, and as the review's marks count.
pub const DEPTH: u32 = 8;

const SLUG: &str = "xiangqi";

/// The move looked at.
struct About {
    before: NodeId,
    after: NodeId,
    mv: Move,
    pos: Position,
    blunders_only: bool,
}

/// The tutor's work: the search running, the takebacks made at each position.
#[derive(Resource, Default)]
pub struct Coach {
    look: Option<Look>,
    about: Option<About>,
    tries: HashMap<NodeId, u8>,
    /// The position a move was taken back to, and the move, while the player chooses.
    pub open: Option<(NodeId, NodeId)>,
}

impl Coach {
    /// The tutor is looking at a move.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.look.is_some()
    }
}

/// Starts the tutor's look at each move of a tutored seat.
#[allow(clippy::too_many_arguments)]
pub(crate) fn watch(
    mut played: MessageReader<MovePlayed>,
    mut coach: ResMut<Coach>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    xq: Res<XiangqiSettings>,
    mode: Res<State<Mode>>,
    setup: Res<EngineSetup>,
    mut asked: MessageWriter<Question>,
) {
    for m in played.read() {
        let after = model.cursor();
        let Some(before) = model.tree().node(after).parent() else {
            continue;
        };
        // The move played in place of one taken back becomes the game's line.
        if let Some((at, old)) = coach.open.take() {
            asked.write(Question {
                slug: SLUG,
                text: None,
            });
            if at == before && old != after {
                model.promote(after);
                info!("tutor: {} played instead", m.mv);
            }
        }
        let mover = m.piece.color;
        let seat = table::learn::seat(mover == Color::Red);
        let Some(blunders_only) = settings.help[seat].tutor() else {
            continue;
        };
        if *mode.get() != Mode::Play
            || xq.computer == Some(mover)
            || coach.tries.get(&before).copied().unwrap_or(0) >= settings.tutor_tries
        {
            continue;
        }
        let ply = model.shown_ply();
        let pos = model.game().position_at(ply.saturating_sub(1)).clone();
        let Some(look) = Look::start(setup.engine.as_deref(), &pos, m.mv) else {
            continue;
        };
        info!("tutor looks at {}", m.mv);
        coach.look = Some(look);
        coach.about = Some(About {
            before,
            after,
            mv: m.mv,
            pos,
            blunders_only,
        });
    }
}

/// The tutor's words for a move taken back: its mark, its reason, the better move.
fn verdict_words(about: &About, mark: Mark, best: Option<Move>, tries: (u8, u8)) -> Text {
    let (zh_mark, en_mark) = match mark {
        Mark::Blunder => ("败着（??）", "a blunder (??)"),
        _ => ("错着（?）", "a mistake (?)"),
    };
    let reason = tutor::warn(&about.pos, about.mv)
        .map(|w| tutor::reason(&about.pos, about.mv, &w, Notation::Wxf));
    let (zh_reason, en_reason) = reason.map_or((String::new(), String::new()), |Text(z, e)| {
        (z, format!(" {e}"))
    });
    let (zh_best, en_best) = best.map_or((String::new(), String::new()), |b| {
        (
            format!(
                "更好的是{}（箭头）。",
                Notation::Chinese.display(&about.pos, b)
            ),
            format!(
                " A better move is {} (the arrow).",
                Notation::Wxf.display(&about.pos, b)
            ),
        )
    });
    Text(
        format!(
            "教练：这是一步{zh_mark}。{zh_reason}{zh_best}再想一想（第 {} 次，共 {} 次）。",
            tries.0, tries.1
        ),
        format!(
            "Tutor: that move is {en_mark}.{en_reason}{en_best} Think again ({} of {}).",
            tries.0, tries.1
        ),
    )
}

/// What the engine found, judged as the review judges: a move it would mark `?` or
/// `??` is taken back while the board is still where it was played.
pub(crate) fn verdict(
    mut coach: ResMut<Coach>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    mut asked: MessageWriter<Question>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(look) = coach.look.as_mut() else {
        return;
    };
    let (judged, best) = match look.poll() {
        Looked::Waiting => return,
        Looked::Done(done) => done,
        Looked::Failed => {
            warn!("tutor: the engine stopped");
            coach.look = None;
            coach.about = None;
            return;
        }
    };
    coach.look = None;
    let Some(about) = coach.about.take() else {
        return;
    };
    let taken_back = tutor::tutor_mark(&about.pos, about.mv, &judged, about.blunders_only);
    let Some(mark) = taken_back else {
        info!("tutor lets {} pass ({:.1} points)", about.mv, judged.drop);
        return;
    };
    if model.cursor() != about.after {
        info!("tutor: {} already answered, not taken back", about.mv);
        return;
    }
    let tries = coach.tries.entry(about.before).or_insert(0);
    *tries += 1;
    let text = verdict_words(&about, mark, best, (*tries, settings.tutor_tries));
    info!("tutor takes back {}: {}", about.mv, text.1);
    // The move keeps the tutor's words in the record; the board goes back, the
    // better move drawn on it.
    model.set_comment(about.after, text.get(settings.lang));
    model.end_typing();
    // Play goes on from there: the panel says whose move it is, not "reviewing".
    model.take_back_to(about.before);
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
    coach.open = Some((about.before, about.after));
    asked.write(Question {
        slug: SLUG,
        text: Some(text),
    });
    changed.write(BoardChanged);
}

/// "Play it anyway": the move taken back is played again and stands; "Choose another
/// move": the question goes, the board stays.
pub(crate) fn answer(
    mut answers: MessageReader<TutorAnswer>,
    mut coach: ResMut<Coach>,
    mut model: ResMut<Model>,
    mut asked: MessageWriter<Question>,
    mut changed: MessageWriter<BoardChanged>,
    settings: Res<Settings>,
) {
    for a in answers.read().filter(|a| a.slug == SLUG) {
        let Some((before, after)) = coach.open else {
            continue;
        };
        if a.play && model.cursor() == before {
            coach.open = None;
            coach.tries.insert(before, settings.tutor_tries);
            model.goto(after);
            info!("tutor: the move stands");
            changed.write(BoardChanged);
        }
        asked.write(Question {
            slug: SLUG,
            text: None,
        });
    }
}
