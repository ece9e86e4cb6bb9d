//! The review in the window (R): the line on the board searched in the background on
//! every core (`crate::games::xiangqi::review`), a progress bar and Stop in the panel, the evaluations
//! and marks written into the game when it is done (saved with it: slots, PGN, the
//! autosave), the better move shown as an arrow at a marked move, `]` and `[` to the
//! next and previous mark (with Shift: of the side that made the move shown).

use crate::app::store::jobs::{Next, Stream, Wake};

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::household::Household;
use crate::app::messages::{BoardChanged, Notice, RecordChanged};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::model::{EngineSetup, Model, Selection};
use crate::engine::{self, Limit};
use crate::games::xiangqi::review::{self, Judged, Plan, Running, Searched};
use crate::i18n::T;
use crate::rules::tree::{Nag, NodeId};
use crate::rules::{Color, Move};

/// How deep each position is searched.
pub const DEPTH: u32 = 9;

/// What the review is asked.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Start it (R), or stop it when it runs.
    Toggle,
    /// Show the next marked move (`]`); `same_side`: of the side that made the move shown.
    Next {
        /// Only the side that made the move shown.
        same_side: bool,
    },
    /// Show the previous marked move (`[`).
    Previous {
        /// Only the side that made the move shown.
        same_side: bool,
    },
}

/// The review: the line it is about, what has come, the judgement once all has.
#[derive(Resource, Default)]
pub struct Reviewed {
    /// The engines' results as they come; dropped, the engines stop.
    running: Option<Stream<Result<Searched, String>>>,
    /// The line's nodes, its first move's first.
    pub line: Vec<NodeId>,
    /// Each position's search as it comes (0: the start).
    pub found: Vec<Option<Searched>>,
    /// Each move judged, once every position is in.
    pub judged: Vec<Judged>,
    /// Which side moved first.
    pub first: Option<Color>,
}

impl Reviewed {
    /// Positions found, and how many there are, while it runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.running.as_ref()?;
        Some((self.found.iter().flatten().count(), self.found.len()))
    }

    /// The ply (from 1) of `node` in the reviewed line.
    #[must_use]
    pub fn ply_of(&self, node: NodeId) -> Option<usize> {
        self.line.iter().position(|&n| n == node).map(|i| i + 1)
    }

    /// The engine's better move where `node`'s move was played, if that move is marked.
    #[must_use]
    pub fn better_at(&self, node: NodeId) -> Option<Move> {
        let ply = self.ply_of(node)?;
        self.judged.get(ply - 1)?.mark?;
        self.found.get(ply - 1)?.as_ref()?.line.first().copied()
    }
}

pub(crate) fn plugin(app: &mut App) {
    use crate::app::xiangqi::learn::coach;
    type Game = Xiangqi;
    let ours = <Game as TableGame>::SYSTEMS;
    app.init_resource::<Reviewed>()
        .init_resource::<coach::Coach>()
        .add_message::<ReviewCommand>()
        .add_systems(
            Update,
            (
                commands.in_set(ours),
                gather,
                // The tutor is a review of one move.
                table::learn::coach::watch::<Xiangqi>.in_set(ours),
                table::learn::coach::verdict::<Xiangqi>.in_set(ours),
                table::learn::coach::answer::<Xiangqi>.in_set(ours),
            )
                .chain()
                .in_set(Logic::Review),
        );
}

/// The marked moves of each household player seated at the game reviewed, queued for
/// them to practise (the game's line as it was reviewed).
fn queue_mistakes(
    reviewed: &Reviewed,
    model: &Model,
    household: &Household,
    learning: &mut table::learn::shell::Learning,
) {
    if model.line() != reviewed.line.as_slice() {
        return;
    }
    let game = model.game();
    let moves: Vec<Move> = game.moves().collect();
    let best: Vec<Option<Move>> = reviewed
        .found
        .iter()
        .map(|f| f.as_ref().and_then(|s| s.line.first().copied()))
        .collect();
    let tag = |t: &str| {
        model
            .tags()
            .iter()
            .find(|(k, _)| k == t)
            .map(|(_, v)| v.trim().to_owned())
            .unwrap_or_default()
    };
    let source = format!("{} – {} {}", tag("Red"), tag("Black"), tag("Date"));
    for (side, name) in [(Color::Red, tag("Red")), (Color::Black, tag("Black"))] {
        if !household.names().any(|n| n == name) {
            continue;
        }
        let found = crate::games::xiangqi::tutor::mistakes(
            game.start(),
            &moves,
            &best,
            &reviewed.judged,
            side,
            &source,
        );
        learning.add_mistakes(&name, "xiangqi", found, table::learn::mistakes::today());
    }
}

/// Starts or stops the review; walks to marked moves.
fn commands(
    mut asked: MessageReader<ReviewCommand>,
    mut reviewed: ResMut<Reviewed>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    setup: Res<EngineSetup>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<BoardChanged>,
) {
    for &command in asked.read() {
        match command {
            ReviewCommand::Toggle if reviewed.running.is_some() => {
                info!("review stopped");
                reviewed.running = None;
            }
            ReviewCommand::Toggle => {
                let Some(path) = engine::find(setup.engine.as_deref()) else {
                    notices.write(Notice::warn(crate::i18n::no_engine(settings.lang)));
                    continue;
                };
                let game = model.game();
                let start = game.start().clone();
                let moves: Vec<Move> = game.moves().collect();
                let plan = Plan::new(&path, Limit::Depth(DEPTH));
                info!(
                    "review started: {} positions on {} engines",
                    moves.len() + 1,
                    plan.processes
                );
                *reviewed = Reviewed {
                    running: Some(results(review::start(&plan, &start, &moves))),
                    line: model.line().to_vec(),
                    found: vec![None; moves.len() + 1],
                    judged: Vec::new(),
                    first: Some(start.turn()),
                };
            }
            ReviewCommand::Next { same_side } | ReviewCommand::Previous { same_side } => {
                let forward = matches!(command, ReviewCommand::Next { .. });
                let Some(target) = next_mark(&reviewed, &model, forward, same_side) else {
                    continue;
                };
                info!("review goes to ply {target}");
                model.goto(reviewed.line[target - 1]);
                *selection = Selection::default();
                changed.write(BoardChanged);
            }
        }
    }
}

/// The ply of the next (or previous) marked move from the one shown.
fn next_mark(reviewed: &Reviewed, model: &Model, forward: bool, same_side: bool) -> Option<usize> {
    let shown = reviewed.ply_of(model.cursor()).unwrap_or(0);
    let first = reviewed.first?;
    let mover_of = |ply: usize| if ply % 2 == 1 { first } else { !first };
    let marked = |ply: &usize| {
        reviewed
            .judged
            .get(ply - 1)
            .is_some_and(|j| j.mark.is_some())
            && (!same_side || shown == 0 || mover_of(*ply) == mover_of(shown))
    };
    let n = reviewed.judged.len();
    if forward {
        (shown + 1..=n).find(marked)
    } else {
        (1..shown).rev().find(marked)
    }
}

/// The review's results, handed on as they come by a thread of the jobs helper, which
/// wakes the window for each; when the stream is dropped the pool is, and the engines stop.
pub(crate) fn results(running: Running) -> Stream<Result<Searched, String>> {
    Stream::start(Wake::window(), None, move |say| {
        let wait = std::time::Duration::from_millis(100);
        loop {
            match running.results.recv_timeout(wait) {
                Ok(result) => {
                    if !say.say(result) {
                        break;
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) if !say.stopped() => {}
                Err(_) => break,
            }
        }
    })
}

/// Takes in what the engines found; when all is in, judges the moves and writes the
/// evaluations and marks into the game.
fn gather(
    mut reviewed: ResMut<Reviewed>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut recorded: MessageWriter<RecordChanged>,
    mut redraw: MessageWriter<RequestRedraw>,
    (household, mut learning): (Res<Household>, ResMut<table::learn::shell::Learning>),
) {
    let Some(running) = reviewed.running.as_mut() else {
        return;
    };
    let mut came = Vec::new();
    let mut failed = None;
    let mut ended = false;
    loop {
        match running.take() {
            Next::Came(Ok(found)) => came.push(found),
            Next::Came(Err(e)) => failed = Some(e),
            Next::Waiting => break,
            Next::Ended => {
                ended = true;
                break;
            }
        }
    }
    if came.is_empty() && failed.is_none() && !ended {
        return;
    }
    // The panel shows what came (the window was woken for it).
    redraw.write(RequestRedraw);
    for found in came {
        let i = found.index;
        if let Some(slot) = reviewed.found.get_mut(i) {
            *slot = Some(found);
        }
    }
    // The engines gone with positions unsearched: nothing more will come.
    if ended && failed.is_none() && reviewed.found.iter().any(Option::is_none) {
        failed = Some("the engines stopped".to_owned());
    }
    if let Some(e) = failed {
        warn!("review: {e}");
        notices.write(Notice::warn(T::EngineFailed.fill(settings.lang, &[&e])));
        reviewed.running = None;
        return;
    }
    if reviewed.found.iter().any(Option::is_none) {
        return;
    }
    reviewed.running = None;
    let evals: Vec<_> = reviewed.found.iter().flatten().map(|s| s.eval).collect();
    let first = reviewed.first.unwrap_or(Color::Red);
    reviewed.judged = review::judge(&evals, first);
    let annotations: Vec<_> = reviewed
        .line
        .iter()
        .zip(&reviewed.judged)
        .enumerate()
        .map(|(i, (&node, j))| (node, evals[i + 1], j.mark.map(|m| Nag(m.nag()))))
        .collect();
    model.annotate(&annotations);
    recorded.write(RecordChanged);
    queue_mistakes(&reviewed, &model, &household, &mut learning);
    let [red, black] = review::summary(&reviewed.judged);
    info!(
        "review done: {} positions; red ?! {} ? {} ?? {}; black ?! {} ? {} ?? {}",
        evals.len(),
        red.inaccuracies,
        red.mistakes,
        red.blunders,
        black.inaccuracies,
        black.mistakes,
        black.blunders
    );
}
