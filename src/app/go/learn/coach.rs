//! The tutor at the Go table (a seat's help set to "Tutor"): after each stone of that
//! seat GNU Go looks at the positions before and after it, as its review does; a stone
//! the review would mark `?` (5 points or more by GNU Go's estimate) is taken back with
//! its reason and GNU Go's point marked with a triangle, at most the settings' number
//! of times at a position. "Tutor (blunders only)" takes back the blunders (`??`). The stone taken back stays in the record as a variation, with the tutor's
//! words; the stone played instead becomes the line. The other side is never slowed:
//! a reply played before the tutor has spoken is kept.

use std::collections::HashMap;

use bevy::prelude::*;
use table::learn::Text;
use table::learn::shell::{Learning, Question, TutorAnswer};

use crate::app::go::{GoHappened, GoTable};
use crate::app::shell::model::Settings;
use crate::games::go::review::{self, Step};

use super::look::GoLook;
use crate::games::go::tutor;
use crate::go::markup::Shape;
use crate::go::{Color, Game, Move};
use table::learn::Looked;

const SLUG: &str = "go";

/// The stone looked at.
struct About {
    before: usize,
    after: usize,
    game: Game,
    blunders_only: bool,
}

/// The tutor's work at the Go table.
#[derive(Resource, Default)]
pub struct GoCoach {
    look: Option<GoLook>,
    about: Option<About>,
    tries: HashMap<usize, u8>,
    /// The node a stone was taken back to, and the stone's node, while the player
    /// chooses.
    pub open: Option<(usize, usize)>,
}

/// Starts the tutor's look at each stone of a tutored seat.
pub(crate) fn watch(
    mut happened: MessageReader<GoHappened>,
    mut coach: ResMut<GoCoach>,
    mut table: ResMut<GoTable>,
    (settings, learning, practice, guesses): (
        Res<Settings>,
        Res<Learning>,
        Res<table::learn::practice::Practice>,
        Res<table::learn::guess::Guesses>,
    ),
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut asked: MessageWriter<Question>,
) {
    let played = happened
        .read()
        .any(|h| matches!(h, GoHappened::Played { .. }));
    if !played {
        return;
    }
    let game = table.game().clone();
    let Some(&mv) = game.moves().last() else {
        return;
    };
    let after = table.node();
    let Some(&before) = table.line().get(table.line().len().saturating_sub(2)) else {
        return;
    };
    let before = if table.line().last() == Some(&after) {
        before
    } else {
        return;
    };
    if let Some((at, old)) = coach.open.take() {
        asked.write(Question {
            slug: SLUG,
            text: None,
        });
        if at == before && old != after {
            table.promote_shown();
            info!("tutor: {} played instead", mv.gtp(table.size()));
        }
    }
    let mover = !game.position().to_move();
    let seat = table::learn::seat(mover == Color::Black);
    let Some(blunders_only) = settings.help[seat].tutor() else {
        return;
    };
    if table.setup.computer == Some(mover)
        || learning.lesson(SLUG).is_some()
        || practice.drill(SLUG).is_some()
        || guesses.open.contains_key(SLUG)
        || mv == Move::Pass
        || coach.tries.get(&before).copied().unwrap_or(0) >= settings.tutor_tries
    {
        return;
    }
    let Some(look) = GoLook::start(&game, crate::app::store::jobs::Wake::of(wake)) else {
        return;
    };
    info!("tutor looks at {}", mv.gtp(table.size()));
    coach.look = Some(look);
    coach.about = Some(About {
        before,
        after,
        game,
        blunders_only,
    });
}

/// The tutor's words for a stone taken back.
fn verdict_words(
    about: &About,
    step: &Step,
    marked: Option<review::Mark>,
    tries: (u8, u8),
) -> Text {
    let size = about.game.start().board().size();
    let (zh_mark, en_mark) = match marked {
        Some(review::Mark::Blunder) => ("败着（??）", "a blunder (??)"),
        _ => ("错着（?）", "a mistake (?)"),
    };
    let before = about
        .game
        .position_at(about.game.moves().len() - 1)
        .copied();
    let reason = before
        .and_then(|p| tutor::warn(&p, step.played, about.game.rules()))
        .map(|w| tutor::reason(&w, size));
    let (zh_reason, en_reason) = reason.map_or((String::new(), String::new()), |Text(z, e)| {
        (z, format!(" {e}"))
    });
    let best = match step.best.mv {
        Move::Play(p) => Some(p.gtp(size)),
        Move::Pass => None,
    };
    let (zh_best, en_best) = best.map_or((String::new(), String::new()), |b| {
        (
            format!("更好的是 {b}（三角）。"),
            format!(" A better point is {b} (the triangle)."),
        )
    });
    let loss = step.loss;
    // GNU Go's estimate where it marked the stone itself; a stone only the warnings
    // stop has their reason alone.
    let (zh_loss, en_loss) = if step.mark.is_some() {
        (
            format!("，按 GNU Go 的估计少了 {loss:.1} 目。"),
            format!(": by GNU Go's estimate it costs {loss:.1} points."),
        )
    } else {
        ("。".to_owned(), ".".to_owned())
    };
    Text(
        format!(
            "教练：这是一步{zh_mark}{zh_loss}{zh_reason}{zh_best}再想一想（第 {} 次，共 {} 次）。",
            tries.0, tries.1
        ),
        format!(
            "Tutor: that stone is {en_mark}{en_loss}{en_reason}{en_best} Think again ({} of {}).",
            tries.0, tries.1
        ),
    )
}

/// What GNU Go saw, judged as its review judges: a stone it would mark is taken back
/// while the board is still where it was played.
pub(crate) fn verdict(
    mut coach: ResMut<GoCoach>,
    mut table: ResMut<GoTable>,
    settings: Res<Settings>,
    mut asked: MessageWriter<Question>,
) {
    let Some(look) = coach.look.as_mut() else {
        return;
    };
    let step = match look.poll() {
        Looked::Waiting => return,
        Looked::Done(step) => step,
        Looked::Failed => {
            coach.look = None;
            coach.about = None;
            return;
        }
    };
    coach.look = None;
    let Some(about) = coach.about.take() else {
        return;
    };
    let size = table.size();
    let before = about
        .game
        .position_at(about.game.moves().len() - 1)
        .copied();
    let marked = before.and_then(|pos| {
        tutor::tutor_mark(
            &pos,
            step.played,
            about.game.rules(),
            step.mark,
            about.blunders_only,
        )
    });
    if marked.is_none() {
        info!(
            "tutor lets {} pass ({:.1} points)",
            step.played.gtp(size),
            step.loss
        );
        return;
    }
    if table.node() != about.after {
        info!(
            "tutor: {} already answered, not taken back",
            step.played.gtp(size)
        );
        return;
    }
    let tries = coach.tries.entry(about.before).or_insert(0);
    *tries += 1;
    let text = verdict_words(&about, &step, marked, (*tries, settings.tutor_tries));
    info!("tutor takes back {}: {}", step.played.gtp(size), text.1);
    table.set_comment(text.get(settings.lang).to_owned());
    table.back();
    if let Move::Play(p) = step.best.mv {
        let mut markup = table.markup();
        if !markup.shapes.iter().any(|(q, _)| *q == p) {
            markup.toggle_shape(p, Shape::Triangle);
        }
        table.set_markup(&markup);
    }
    coach.open = Some((about.before, about.after));
    asked.write(Question {
        slug: SLUG,
        text: Some(text),
    });
}

/// "Play it anyway": the stone taken back stands; "Choose another move": the question
/// goes.
pub(crate) fn answer(
    mut answers: MessageReader<TutorAnswer>,
    mut coach: ResMut<GoCoach>,
    mut table: ResMut<GoTable>,
    mut asked: MessageWriter<Question>,
    settings: Res<Settings>,
) {
    for a in answers.read().filter(|a| a.slug == SLUG) {
        let Some((before, after)) = coach.open else {
            continue;
        };
        if a.play && table.node() == before {
            coach.open = None;
            coach.tries.insert(before, settings.tutor_tries);
            table.go_to(after);
            info!("tutor: the stone stands");
        }
        asked.write(Question {
            slug: SLUG,
            text: None,
        });
    }
}
