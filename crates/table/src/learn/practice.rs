//! A player's own mistakes practised at the table, the part both games share: which
//! player, the next position due in their queue ([`super::mistakes::Queue`]), how the
//! try stands, and the answer kept in the queue (found: later and later; missed: again
//! soon). The game on the table sets the position up, judges the move (its engine: any
//! move within a margin of the engine's best counts) and writes the verdict here; the
//! panel shows the lines and the buttons (Shift+F4, Game → Practise my mistakes).

use std::collections::BTreeMap;

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::mistakes::{Mistake, today};
use super::shell::Learning;
use super::{Looked, Text};
use crate::actions::Action;
use crate::messages::BoardChanged;
use crate::settings::Settings;
use crate::shell::table::{Lending, Lent, Service, TableGame, add_service};

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
            words.get(crate::i18n::Lang::En)
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

/// A game's part in practising a player's mistakes: the drill's position set up on its
/// board, its engine's look at a move tried, its words and marks. The flow is
/// [`board`] and [`judge`].
pub trait PracticeGame: TableGame {
    /// A move.
    type Move: Copy + PartialEq + Send + Sync + 'static;
    /// A drill's position, read.
    type Position: Send + Sync + 'static;
    /// The game put aside meanwhile.
    type Aside: Send + Sync + 'static;
    /// The engine's look at a move tried.
    type Look: Send + Sync + 'static;
    /// What practice reads of the game's table and writes to it.
    type Board: SystemParam + 'static;

    /// Whether the board may be lent now (not over a puzzle, the editor or a lesson:
    /// those give it back first).
    fn free(board: &SystemParamItem<Self::Board>, learning: &Learning) -> bool;
    /// The drill's position, the engine's best move there and the move played there in
    /// the game's words; `None`: the drill does not read.
    fn read(
        board: &SystemParamItem<Self::Board>,
        drill: &Drill,
    ) -> Option<(Self::Position, Self::Move, String)>;
    /// Sets `pos` up on the board; the game is put aside the first time (`aside` empty).
    fn set_up(
        board: &mut SystemParamItem<Self::Board>,
        pos: &Self::Position,
        aside: &mut Option<Self::Aside>,
    );
    /// Brings the game put aside back.
    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Self::Aside);
    /// The move tried on the board this frame, if any.
    fn tried(board: &mut SystemParamItem<Self::Board>) -> Option<Self::Move>;
    /// The engine's look at `tried` in `pos`; `None` without an engine.
    fn look(
        board: &SystemParamItem<Self::Board>,
        pos: &Self::Position,
        tried: Self::Move,
    ) -> Option<Self::Look>;
    /// Whether the look finds the move as good as the engine's best, once it has come.
    fn as_good(look: &mut Self::Look) -> Looked<bool>;
    /// What is said of a move found (`own`: the engine's own move) or missed: the move
    /// tried and the engine's best (`moves`), in `pos`.
    fn said(
        board: &SystemParamItem<Self::Board>,
        pos: &Self::Position,
        moves: (Self::Move, Self::Move),
        found: Option<bool>,
    ) -> Text;
    /// A miss: the move taken back, the better move marked on the board.
    fn take_back(board: &mut SystemParamItem<Self::Board>, best: Self::Move);
}

/// A drill at `G`'s table: the game put aside, the drill's position and best move, the
/// engine's look at a move tried.
#[derive(Resource)]
pub struct Practising<G: PracticeGame> {
    aside: Option<G::Aside>,
    drill: Option<(G::Position, G::Move)>,
    look: Option<(G::Move, G::Look)>,
}

impl<G: PracticeGame> Default for Practising<G> {
    fn default() -> Self {
        Practising {
            aside: None,
            drill: None,
            look: None,
        }
    }
}

impl Practice {
    /// The board of the game of `slug` takes moves: no drill, or one waiting for its
    /// move.
    #[must_use]
    pub fn takes_moves(&self, slug: &str) -> bool {
        self.drill(slug)
            .is_none_or(|d| d.state == DrillState::Going)
    }
}

/// Sets the drill's position up on the board, or brings the game back once it is gone.
pub fn board<G: PracticeGame>(
    mut practice: ResMut<Practice>,
    mut mine: ResMut<Practising<G>>,
    mut board: StaticSystemParam<G::Board>,
    learning: Res<Learning>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let waiting = practice.drill(G::SLUG).is_some_and(|d| !d.shown);
    if waiting && !G::free(&board, &learning) {
        info!("practice: not over a puzzle, the editor or a lesson");
        practice.open.remove(G::SLUG);
        return;
    }
    let Some(drill) = practice.open.get_mut(G::SLUG) else {
        mine.drill = None;
        if let Some(aside) = mine.aside.take() {
            G::bring_back(&mut board, aside);
            changed.write(BoardChanged);
            info!("practice: the game is back");
        }
        return;
    };
    if drill.shown {
        return;
    }
    let Some((pos, best, played)) = G::read(&board, drill) else {
        warn!("practice: {} does not read", drill.position);
        practice.open.remove(G::SLUG);
        return;
    };
    drill.played = played;
    drill.shown = true;
    G::set_up(&mut board, &pos, &mut mine.aside);
    mine.drill = Some((pos, best));
    mine.look = None;
    changed.write(BoardChanged);
}

/// The move tried judged: the engine's own at once, another by the engine; a miss
/// taken back and the better move marked.
pub fn judge<G: PracticeGame>(
    mut practice: ResMut<Practice>,
    mut learning: ResMut<Learning>,
    mut mine: ResMut<Practising<G>>,
    mut board: StaticSystemParam<G::Board>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let tried = G::tried(&mut board);
    let Some(drill) = practice.drill(G::SLUG) else {
        return;
    };
    let going = drill.state == DrillState::Going && drill.shown;
    let mine = &mut *mine;
    let Some((pos, best)) = mine.drill.as_ref() else {
        return;
    };
    let best = *best;
    let (tried, found) = match tried {
        Some(tried) if going => {
            if tried == best {
                let text = G::said(&board, pos, (tried, best), None);
                practice.answer(&mut learning, G::SLUG, true, text);
                return;
            }
            match G::look(&board, pos, tried) {
                Some(look) => {
                    mine.look = Some((tried, look));
                    if let Some(d) = practice.open.get_mut(G::SLUG) {
                        d.state = DrillState::Judging;
                    }
                    info!("practice: the engine looks at the move tried");
                    return;
                }
                // Without an engine only its own move counts.
                None => (tried, false),
            }
        }
        _ => {
            let Some((tried, look)) = mine.look.as_mut() else {
                return;
            };
            match G::as_good(look) {
                Looked::Waiting => return,
                Looked::Done(found) => (*tried, found),
                Looked::Failed => (*tried, false),
            }
        }
    };
    mine.look = None;
    let text = G::said(&board, pos, (tried, best), Some(found));
    practice.answer(&mut learning, G::SLUG, found, text);
    if !found {
        G::take_back(&mut board, best);
        changed.write(BoardChanged);
    }
}
