//! The tutor, one flow for every game (a seat's help set to "Tutor"): after each move of
//! that seat the game's engine looks at the positions before and after it, as its
//! review does; a move the review would mark a mistake (`?`) or a blunder (`??`) is
//! taken back with its reason and the better move marked, at most the settings' number
//! of times at a position — then the move stands. "Tutor (blunders only)" takes back
//! the blunders alone. The move taken back stays in the record, with the tutor's words,
//! as a variation of the move played instead. The other side is never slowed: a reply
//! played before the tutor has spoken is kept, and the tutor is quiet. Each game says
//! what was played, starts its engine's look, judges and words it ([`Coached`]).

use std::collections::HashMap;
use std::hash::Hash;

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::shell::{Question, TutorAnswer};
use super::{Looked, Text, seat};
use crate::settings::Settings;
use crate::shell::table::TableGame;

/// A move a person played, as the tutor sees it.
pub struct Played<N, M> {
    /// The record's node before the move.
    pub before: N,
    /// The move's node.
    pub after: N,
    /// The mover moves first in the game.
    pub first: bool,
    /// The move.
    pub mv: M,
    /// The move, as the log names it.
    pub name: String,
}

/// A game's part in the tutor.
pub trait Coached: TableGame {
    /// A node of the game's record.
    type Node: Copy + Eq + Hash + Send + Sync + 'static;
    /// A move.
    type Move;
    /// The move looked at, with what the game needs to judge and word it.
    type About: Send + Sync + 'static;
    /// The engine's look at it.
    type Look: Send + Sync + 'static;
    /// What the look found.
    type Seen: Send + Sync + 'static;
    /// What the tutor marks a move taken back (a mistake, a blunder).
    type Mark: Send + Sync + 'static;
    /// What the tutor reads of the game's table and writes to it.
    type Board: SystemParam + 'static;

    /// The move a person played on the board this frame, if any.
    fn played(board: &mut SystemParamItem<Self::Board>) -> Option<Played<Self::Node, Self::Move>>;
    /// Whether the tutor looks at a move now: a game played (no lesson, puzzle,
    /// practice), not the computer's move, not a pass.
    fn watching(
        board: &SystemParamItem<Self::Board>,
        played: &Played<Self::Node, Self::Move>,
    ) -> bool;
    /// The move played in place of one taken back becomes the game's line.
    fn promote(board: &mut SystemParamItem<Self::Board>, after: Self::Node);
    /// Starts the engine's look at the move just played; `None` without an engine.
    fn look(
        board: &SystemParamItem<Self::Board>,
        played: &Played<Self::Node, Self::Move>,
        blunders_only: bool,
    ) -> Option<(Self::Look, Self::About)>;
    /// What the look found, once it has come.
    fn poll(look: &mut Self::Look) -> Looked<Self::Seen>;
    /// The mark the tutor gives the move, as the review would; `None`: it passes.
    fn mark(about: &Self::About, seen: &Self::Seen) -> Option<Self::Mark>;
    /// The tutor's words: the mark, the reason, the better move, the try of how many.
    fn words(about: &Self::About, seen: &Self::Seen, mark: &Self::Mark, tries: (u8, u8)) -> Text;
    /// The move, as the log names it.
    fn name(about: &Self::About) -> String;
    /// Where the board is: the record's node shown.
    fn at(board: &SystemParamItem<Self::Board>) -> Self::Node;
    /// Takes the move back (`nodes`: before it and its own), the tutor's `words` kept
    /// on it in the record, the better move marked on the board (and the change told,
    /// as the game tells its board's changes).
    fn take_back(
        board: &mut SystemParamItem<Self::Board>,
        nodes: (Self::Node, Self::Node),
        seen: &Self::Seen,
        words: &str,
    );
    /// The move taken back played again: the board goes to `after`.
    fn go_to(board: &mut SystemParamItem<Self::Board>, after: Self::Node);
}

/// The tutor's work at `G`'s table: the look running, the takebacks made at each
/// position, the move taken back while the player chooses.
#[derive(Resource)]
pub struct Coach<G: Coached> {
    look: Option<(G::Look, G::About, (G::Node, G::Node))>,
    tries: HashMap<G::Node, u8>,
    /// The position a move was taken back to, and the move, while the player chooses.
    pub open: Option<(G::Node, G::Node)>,
}

impl<G: Coached> Default for Coach<G> {
    fn default() -> Self {
        Coach {
            look: None,
            tries: HashMap::new(),
            open: None,
        }
    }
}

impl<G: Coached> Coach<G> {
    /// The tutor is looking at a move.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.look.is_some()
    }
}

/// Starts the tutor's look at each move of a tutored seat.
pub fn watch<G: Coached>(
    mut coach: ResMut<Coach<G>>,
    mut board: StaticSystemParam<G::Board>,
    settings: Res<Settings>,
    mut asked: MessageWriter<Question>,
) {
    let Some(played) = G::played(&mut board) else {
        return;
    };
    let (before, after) = (played.before, played.after);
    if let Some((at, old)) = coach.open.take() {
        asked.write(Question {
            slug: G::SLUG,
            text: None,
        });
        if at == before && old != after {
            G::promote(&mut board, after);
            info!("tutor: {} played instead", played.name);
        }
    }
    let Some(blunders_only) = settings.help[seat(played.first)].tutor() else {
        return;
    };
    let tried = coach.tries.get(&before).copied().unwrap_or(0);
    if !G::watching(&board, &played) || tried >= settings.tutor_tries {
        return;
    }
    let Some((look, about)) = G::look(&board, &played, blunders_only) else {
        return;
    };
    info!("tutor looks at {}", played.name);
    coach.look = Some((look, about, (before, after)));
}

/// What the engine found, judged as the review judges: a move it would mark is taken
/// back while the board is still where it was played.
pub fn verdict<G: Coached>(
    mut coach: ResMut<Coach<G>>,
    mut board: StaticSystemParam<G::Board>,
    settings: Res<Settings>,
    mut asked: MessageWriter<Question>,
) {
    let Some((look, _, _)) = coach.look.as_mut() else {
        return;
    };
    let seen = match G::poll(look) {
        Looked::Waiting => return,
        Looked::Done(seen) => seen,
        Looked::Failed => {
            warn!("tutor: the engine stopped");
            coach.look = None;
            return;
        }
    };
    let Some((_, about, (before, after))) = coach.look.take() else {
        return;
    };
    let Some(mark) = G::mark(&about, &seen) else {
        info!("tutor lets {} pass", G::name(&about));
        return;
    };
    if G::at(&board) != after {
        info!(
            "tutor: {} already answered, not taken back",
            G::name(&about)
        );
        return;
    }
    let tries = coach.tries.entry(before).or_insert(0);
    *tries += 1;
    let text = G::words(&about, &seen, &mark, (*tries, settings.tutor_tries));
    info!(
        "tutor takes back {}: {}",
        G::name(&about),
        text.get(crate::i18n::Lang::En)
    );
    G::take_back(&mut board, (before, after), &seen, text.get(settings.lang));
    coach.open = Some((before, after));
    asked.write(Question {
        slug: G::SLUG,
        text: Some(text),
    });
}

/// "Play it anyway": the move taken back is played again and stands; "Choose another
/// move": the question goes, the board stays.
pub fn answer<G: Coached>(
    mut answers: MessageReader<TutorAnswer>,
    mut coach: ResMut<Coach<G>>,
    mut board: StaticSystemParam<G::Board>,
    settings: Res<Settings>,
    mut asked: MessageWriter<Question>,
) {
    for a in answers.read().filter(|a| a.slug == G::SLUG) {
        let Some((before, after)) = coach.open else {
            continue;
        };
        if a.play && G::at(&board) == before {
            coach.open = None;
            coach.tries.insert(before, settings.tutor_tries);
            G::go_to(&mut board, after);
            info!("tutor: the move stands");
        }
        asked.write(Question {
            slug: G::SLUG,
            text: None,
        });
    }
}
