//! A player's own mistakes practised at the table, the part both games share: which
//! player, the next position due in their queue ([`super::mistakes::Queue`]), how the
//! try stands, and the answer kept in the queue (found: later and later; missed: again
//! soon). The game on the table sets the position up, judges the move (its engine: any
//! move within a margin of the engine's best counts) and writes the verdict here; the
//! panel shows the lines and the buttons (Shift+F4, Game → Practise my mistakes).

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::Text;
use super::mistakes::{Mistake, today};
use super::shell::Learning;
use crate::actions::Action;
use crate::settings::Settings;
use crate::shell::table::{Lending, Lent, Service, add_service};

/// What the player asks of the practice.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PracticeCommand {
    /// Practise at the game on the table: the learner's mistakes, else the first seat's
    /// with positions due, else the second's.
    Start,
    /// The next position due.
    Next,
    /// Back to the game.
    Leave,
}

/// How a try stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillState {
    /// Waiting for the move.
    Going,
    /// The engine is asked about the move.
    Judging,
    /// Found: a move as good as the engine's (its words).
    Found(Text),
    /// Missed (its words: the better move).
    Missed(Text),
}

/// A mistake on the board, to find a better move in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// Whose mistake.
    pub player: String,
    /// The position, as the game wrote it into the queue.
    pub position: String,
    /// The mistake.
    pub mistake: Mistake,
    /// The move played there, in the game's words.
    pub played: String,
    /// How the try stands.
    pub state: DrillState,
    /// More due after it.
    pub left: usize,
    /// The game has set the position up on its board.
    pub shown: bool,
}

/// The drill open at each game's table, by its slug.
#[derive(Resource, Default, Debug)]
pub struct Practice {
    /// The drills.
    pub open: BTreeMap<String, Drill>,
}

impl Practice {
    /// The drill at the game of `slug`.
    #[must_use]
    pub fn drill(&self, slug: &str) -> Option<&Drill> {
        self.open.get(slug)
    }

    /// Whose mistakes to practise at `slug`: the learner's when they have some due,
    /// else the first seat's, else the second's.
    #[must_use]
    pub fn whose(learning: &Learning, settings: &Settings, slug: &str) -> Option<String> {
        let day = today();
        [learning.who(settings)]
            .into_iter()
            .chain(settings.seats.iter().cloned())
            .find(|p| !learning.mistakes.due(p, slug, day).is_empty())
    }

    /// The next position due of `player` at `slug` (another than `after` where there
    /// is one): its position and mistake, and how many more are due.
    #[must_use]
    pub fn next_due(
        learning: &Learning,
        slug: &str,
        player: &str,
        after: Option<&str>,
    ) -> Option<(String, Mistake, usize)> {
        let due = learning.mistakes.due(player, slug, today());
        let pick = due
            .iter()
            .find(|(p, _)| Some(*p) != after)
            .or_else(|| due.first())?;
        Some((pick.0.to_owned(), pick.1.clone(), due.len() - 1))
    }

    /// The try at `slug` ends: `found` or not, kept in the player's queue.
    pub fn answer(&mut self, learning: &mut Learning, slug: &str, found: bool, words: Text) {
        let Some(drill) = self.open.get_mut(slug) else {
            return;
        };
        if !matches!(drill.state, DrillState::Going | DrillState::Judging) {
            return;
        }
        info!(
            "practice {}: {}",
            if found { "found" } else { "missed" },
            words.1
        );
        learning.answer_mistake(&drill.player, slug, &drill.position, found);
        drill.state = if found {
            DrillState::Found(words)
        } else {
            DrillState::Missed(words)
        };
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Practice>()
        .add_message::<PracticeCommand>();
    // Shift+F4 and the drill's Esc and N at every table.
    add_service(
        app,
        Service {
            answers: |a| matches!(a, Action::Own(own) if own.is::<PracticeCommand>()),
            key: |press, _| {
                (press.shift && press.key == KeyCode::F4)
                    .then(|| Action::own(PracticeCommand::Start))
            },
            lent: |world, slug| {
                let drill = world.get_resource::<Practice>()?.drill(slug)?;
                let answered = matches!(drill.state, DrillState::Found(_) | DrillState::Missed(_));
                Some(Lending {
                    lent: Lent::Practice,
                    give_back: Action::own(PracticeCommand::Leave),
                    onward: answered.then(|| Action::own(PracticeCommand::Next)),
                })
            },
        },
    );
}

/// Start, Next and Leave at the game on the table: the drill chosen (the game sets its
/// position up), or gone (the game brings its own back).
pub(crate) fn commands(
    mut asked: MessageReader<PracticeCommand>,
    mut practice: ResMut<Practice>,
    learning: Res<Learning>,
    settings: Res<Settings>,
    kind: Res<State<crate::schedule::GameKind>>,
    tables: Res<crate::shell::tables::Tables>,
    mut notices: MessageWriter<crate::messages::Notice>,
) {
    let slug = tables.slug(*kind.get());
    for command in asked.read() {
        let drill = practice.open.get(slug);
        let (player, after) = match command {
            PracticeCommand::Leave => {
                if practice.open.remove(slug).is_some() {
                    info!("practice left");
                }
                continue;
            }
            PracticeCommand::Start => match Practice::whose(&learning, &settings, slug) {
                Some(p) => (p, None),
                None => {
                    notices.write(crate::messages::Notice::info(
                        crate::i18n::Word::PracticeNone.get(settings.lang),
                    ));
                    continue;
                }
            },
            PracticeCommand::Next => match drill {
                Some(d) => (d.player.clone(), Some(d.position.clone())),
                None => continue,
            },
        };
        let Some((position, mistake, left)) =
            Practice::next_due(&learning, slug, &player, after.as_deref())
        else {
            notices.write(crate::messages::Notice::info(
                crate::i18n::Word::PracticeNone.get(settings.lang),
            ));
            practice.open.remove(slug);
            continue;
        };
        info!("practice {player:?} at {slug}: {position}");
        practice.open.insert(
            slug.to_owned(),
            Drill {
                player,
                position,
                played: mistake.played.clone(),
                mistake,
                state: DrillState::Going,
                left,
                shown: false,
            },
        );
    }
}
