//! The engine at the table: the computer's moves, hints (H) and the analysis (A),
//! through an [`engine::Worker`] on its own thread, so that the window never waits for
//! it. What the engine should be doing is [`engine::want`]'s to say; this asks for it
//! when it changes and turns the engine's answers into messages and into the
//! [`EngineView`] the panel and the board's arrow show. Nothing the engine says changes
//! the game except the computer's move, which the logic plays only if the game is still
//! where the engine was asked about it.

use crate::settings::XiangqiSettings;
use std::path::PathBuf;
use std::time::Duration;

use crate::app::actions::PlayCommand;
use crate::app::schedule::{GameKind, Logic, Present};
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::messages::{DrawOffered, EngineCommand, EngineMove};
use bevy::prelude::*;

use crate::app::levels;
use crate::app::messages::Notice;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::clock::TableSays;
use crate::app::xiangqi::edit::Editing;
use crate::app::xiangqi::model::{ComputerWaits, EngineSetup, Mode, Model};
use crate::engine::{self, Line, Report, Task, Want, Worker};
use crate::i18n::{self, T};
use crate::rules::{Move, Position};

/// How long the engine may be silent beyond the time it was given before it is
/// stopped (it is then reported as failed).
const PATIENCE: Duration = Duration::from_secs(20);

/// What the engine has said, for the panel and the board to show.
#[derive(Resource, Default, Debug)]
pub struct EngineView {
    /// The analysis is shown (A).
    pub analysing: bool,
    /// The engine's name once it runs; its failure if it failed.
    pub status: EngineStatus,
    /// The best lines, in order, about `lines_for`.
    pub lines: Vec<Line>,
    /// The position the lines are about.
    pub lines_for: Option<Position>,
    /// The hinted move and the position it is for.
    pub hint: Option<(Position, Move)>,
    /// The engine's process, once started (for the log, and whoever watches it).
    pub pid: Option<u32>,
    /// The computer's score for the position its last move left, from its side:
    /// what it answers a draw offer there by.
    pub computer_score: Option<(Position, crate::engine::Score)>,
    /// The engine is searching: a search was asked and the engine has not yet answered
    /// it with its move, or answered the stop that ended it.
    pub searching: bool,
}

impl EngineView {
    /// The best lines about `pos`, if the engine has given some.
    #[must_use]
    pub fn lines_about(&self, pos: &Position) -> &[Line] {
        if self.lines_for.as_ref() == Some(pos) {
            &self.lines
        } else {
            &[]
        }
    }

    /// The computer's score for `pos`, if its last move left it (from its side).
    #[must_use]
    pub fn computer_score_about(&self, pos: &Position) -> Option<crate::engine::Score> {
        self.computer_score
            .as_ref()
            .filter(|(p, _)| p == pos)
            .map(|&(_, s)| s)
    }

    /// The hint for `pos`, if one was asked for and given.
    #[must_use]
    pub fn hint_about(&self, pos: &Position) -> Option<Move> {
        self.hint
            .as_ref()
            .filter(|(p, _)| p == pos)
            .map(|&(_, m)| m)
    }
}

/// The engine's state, as the panel says it.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub enum EngineStatus {
    /// Not started: nothing has needed it yet.
    #[default]
    Idle,
    /// Running; its name.
    Running(String),
    /// It failed, or none was found; why.
    Failed(String),
}

/// How many times what the engine should do was worked out again (tests count it: a
/// running clock must not).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WantRebuilds(pub u64);

/// A search asked of the worker.
struct Asked {
    /// Its number, which its reports carry.
    id: u64,
    want: Want,
}

/// The link to the engine's thread: the plugin's own bookkeeping.
#[derive(Resource, Default)]
struct Link {
    worker: Option<Worker>,
    /// The program as set (`None`: look for one) and the options the worker was
    /// started with.
    config: Option<(Option<PathBuf>, engine::Options)>,
    /// The search asked for.
    current: Option<Asked>,
    /// A search was wanted and no engine is installed.
    missing: bool,
    /// The position a hint was asked for (H), until it is given.
    hint_asked: Option<Position>,
}

pub(crate) fn plugin(app: &mut App) {
    // Headless (tests) there is no window plugin to add it.
    app.add_message::<bevy::window::RequestRedraw>()
        .init_resource::<EngineView>()
        .init_resource::<Link>()
        .init_resource::<WantRebuilds>()
        .add_systems(Update, (actions, collect).chain().in_set(Logic::Engine))
        .add_systems(Update, answer_draw.in_set(Logic::Opponent))
        // Telling the engine what to search is a reaction to the logic's changes, like
        // the autosave: it changes nothing but the link.
        .add_systems(Update, drive.in_set(Present::Engine));
}

/// A, H and the choice of opponent.
fn actions(
    mut actions: MessageReader<EngineCommand>,
    mut play: MessageReader<PlayCommand>,
    mut view: ResMut<EngineView>,
    mut link: ResMut<Link>,
    mut settings: ResMut<Settings>,
    mut xq: ResMut<XiangqiSettings>,
    model: Res<Model>,
    mut waits: ResMut<ComputerWaits>,
    mut notices: MessageWriter<Notice>,
    household: Res<table::household::Household>,
) {
    let lang = settings.lang;
    for _ in play.read().filter(|&&c| c == PlayCommand::Hint) {
        let pos = model.shown_position();
        let computers_move =
            !model.is_reviewing() && model.outcome().is_none() && xq.computer == Some(pos.turn());
        if pos.legal_moves().is_empty() {
            notices.write(Notice::warn(T::NoMoveToHint.get(lang)));
        } else if computers_move {
            // Its move is being worked out; a hint would be for its side.
            notices.write(Notice::warn(T::ComputersTurn.get(lang)));
        } else if let Some(m) = view.hint_about(pos) {
            // Asked again: said again.
            let text = xq.notation.display(pos, m);
            notices.write(Notice::info(T::HintIs.fill(lang, &[&text])));
        } else {
            link.hint_asked = Some(pos.clone());
        }
    }
    for &action in actions.read() {
        match action {
            EngineCommand::ToggleAnalysis => {
                view.analysing = !view.analysing;
                let said = if view.analysing {
                    T::AnalysisOn
                } else {
                    T::AnalysisOff
                };
                notices.write(Notice::info(said.get(lang)));
            }
            EngineCommand::ComputerMove => waits.0 = None,
            EngineCommand::SetLevel(level) => {
                if xq.level != level {
                    info!("computer level {level:?}");
                    xq.level = level;
                }
            }
            EngineCommand::SetComputer(side) => {
                waits.0 = None;
                if xq.computer != side {
                    // The computer comes to the table at the level of the player it
                    // meets, their ladder's (level 1 for a new player); a level chosen
                    // for no one seated stays.
                    if xq.computer.is_none()
                        && let Some(computer) = side
                    {
                        let seat = usize::from(computer == crate::rules::Color::Black);
                        if let Some(level) =
                            levels::starting_level(&household, &settings.seats, seat, "xiangqi")
                        {
                            info!("computer level {level} for the player it meets");
                            xq.level = Some(level);
                        }
                    }
                    xq.computer = side;
                    // The player's side at the bottom of the board.
                    if let Some(computer) = side {
                        settings.flipped = computer == crate::rules::Color::Red;
                    }
                }
                let text = match side {
                    Some(c) => {
                        T::ComputerPlays.fill(lang, &[&i18n::side(c, lang), &i18n::side(!c, lang)])
                    }
                    None => T::TwoPlayersNow.get(lang).to_owned(),
                };
                notices.write(Notice::info(text));
            }
        }
    }
}

/// The engine's reports: lines for the analysis, the hint, the computer's move, or its
/// failure (the computer and the analysis are then switched off, with the reason).
fn collect(
    mut link: ResMut<Link>,
    mut view: ResMut<EngineView>,
    settings: Res<Settings>,
    mut xq: ResMut<XiangqiSettings>,
    model: Res<Model>,
    mut moves: MessageWriter<EngineMove>,
    mut notices: MessageWriter<Notice>,
) {
    let lang = settings.lang;
    let mut failed = None;
    // Only a real change marks the link changed: `drive` works when something did.
    if link.missing {
        link.missing = false;
        failed = Some(crate::i18n::no_engine(lang).to_owned());
    }
    let reports = link
        .worker
        .as_ref()
        .map(Worker::reports)
        .unwrap_or_default();
    for report in reports {
        match report {
            Report::Started { name, pid } => {
                info!("engine started: {name} (process {pid})");
                view.status = EngineStatus::Running(name);
                view.pid = Some(pid);
            }
            Report::Line { job, line } => {
                let Some(asked) = link.current.as_ref().filter(|a| a.id == job) else {
                    continue;
                };
                if view.lines_for.as_ref() != Some(&asked.want.position) {
                    view.lines.clear();
                    view.lines_for = Some(asked.want.position.clone());
                }
                let i = line.multipv.saturating_sub(1);
                // Each new depth of the best line, said once: what the window tests
                // wait for to know the engine searches.
                if i == 0 && view.lines.first().is_none_or(|l| l.depth < line.depth) {
                    info!("engine depth {} ({:?})", line.depth, asked.want.task);
                }
                if i < view.lines.len() {
                    view.lines[i] = line;
                } else if i == view.lines.len() {
                    view.lines.push(line);
                }
            }
            Report::Best { job, mv } => {
                let current = link.current.take_if(|a| a.id == job);
                // A search answered: another may have been asked since.
                view.searching = link.current.is_some();
                let Some(Asked { want, .. }) = current else {
                    continue;
                };
                let pos = want.position;
                info!("engine's best move {mv} ({:?})", want.task);
                match want.task {
                    Task::Play => {
                        let mv = level_move(xq.level, &pos, view.lines_about(&pos), mv);
                        let score = view.lines_about(&pos).first().map(|l| l.score);
                        view.computer_score = score.zip(pos.play(mv).ok()).map(|(s, p)| (p, s));
                        moves.write(EngineMove { mv, position: pos });
                    }
                    Task::Hint => {
                        let text = xq.notation.display(&pos, mv);
                        notices.write(Notice::info(T::HintIs.fill(lang, &[&text])));
                        view.hint = Some((pos, mv));
                        link.hint_asked = None;
                    }
                    Task::Analyse => {}
                }
            }
            Report::Stopped { job } => {
                view.searching = link.current.is_some();
                info!("engine stopped (search {job})");
            }
            Report::Failed(why) => {
                view.searching = false;
                warn!("engine failed: {why}");
                failed = Some(T::EngineFailed.fill(lang, &[&why]));
            }
        }
    }
    if let Some(text) = failed {
        // Without an engine there is no computer and no analysis: the player is told
        // why, and the game goes on as two players'.
        view.status = EngineStatus::Failed(text.clone());
        view.analysing = false;
        xq.computer = None;
        link.hint_asked = None;
        link.worker = None;
        link.current = None;
        notices.write(Notice::warn(text));
    }
    // A hint asked for another position than the one shown is no longer wanted.
    if link
        .hint_asked
        .as_ref()
        .is_some_and(|p| p != model.shown_position())
    {
        link.hint_asked = None;
    }
}

/// The computer's move at `level` (if one is chosen) from the engine's lines about
/// `pos`: a win at once when there is one, else a line within the level's margin
/// (`engine::levels`); the engine's best otherwise.
fn level_move(
    level: Option<u8>,
    pos: &Position,
    lines: &[crate::engine::Line],
    best: Move,
) -> Move {
    let Some(level) = level.and_then(crate::engine::levels::Level::get) else {
        return best;
    };
    let roll = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.5, |d| f64::from(d.subsec_nanos()) / 1e9);
    let mv = crate::engine::levels::mate_in_one(pos)
        .or_else(|| level.choose(lines, roll))
        .filter(|&m| pos.is_legal(m))
        .unwrap_or(best);
    info!(
        "level {} plays {mv} (the engine's best {best})",
        level.number
    );
    mv
}

/// Asks the engine for what is wanted now, when that changes: starts it the first
/// time, restarts it when its program or options change, stops it when nothing is.
fn drive(
    mut link: ResMut<Link>,
    mut view: ResMut<EngineView>,
    model: Res<Model>,
    settings: Res<EngineSetup>,
    editing: Res<Editing>,
    waits: Res<ComputerWaits>,
    mode: Res<State<Mode>>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut rebuilds: ResMut<WantRebuilds>,
    table: Res<State<GameKind>>,
) {
    // Nothing it looks at has changed: nothing new to ask (most frames: a slide, a
    // hover, a clock's second).
    if !(model.is_changed()
        || settings.is_changed()
        || view.is_changed()
        || editing.is_changed()
        || mode.is_changed()
        || waits.is_changed()
        || table.is_changed()
        || link.is_changed())
    {
        return;
    }
    rebuilds.0 += 1;
    // No engine works for a table that is not shown: the analysis stops while another
    // game is on the table, and comes back with this one.
    let shown = *table.get() == <super::game::Xiangqi as TableGame>::KIND;
    let want = engine::want(&engine::Table {
        session: &model,
        // Waiting, the computer is no player: its side's position can be analysed.
        computer: settings
            .computer
            .filter(|_| !waits.at(model.game().position())),
        strength: settings.strength,
        level: settings.level.and_then(crate::engine::levels::Level::get),
        analysing: view.analysing,
        hint: link.hint_asked.as_ref() == Some(model.shown_position()),
        // A puzzle is solved without the engine (it would give the answer away).
        editing: editing.0.is_some() || mode.get().aside(),
    })
    .filter(|_| shown);
    let config = (
        settings.engine.clone(),
        engine::Options {
            threads: settings.threads,
            hash_mb: settings.hash_mb,
        },
    );
    if link.worker.is_some() && link.config.as_ref() != Some(&config) {
        // Another program or other options: the next search starts it afresh (the old
        // engine ends with its worker).
        link.worker = None;
        link.current = None;
        view.bypass_change_detection().searching = false;
    }
    let same = match (&want, &link.current) {
        (Some(w), Some(asked)) => w.same(&asked.want),
        (None, None) => true,
        _ => false,
    };
    if same || link.missing {
        return;
    }
    let Some(want) = want else {
        if let Some(worker) = &link.worker {
            worker.stop();
        }
        link.current = None;
        return;
    };
    if link.worker.is_none() {
        let Some(path) = engine::find(settings.engine.as_deref()) else {
            // The logic tells the player, next frame.
            link.missing = true;
            redraw.write(bevy::window::RequestRedraw);
            return;
        };
        info!("starting the engine {}", path.display());
        let proxy = wake.map(|w| (**w).clone());
        link.worker = Some(Worker::spawn(path, config.1.clone(), PATIENCE, move || {
            // The window sleeps until something happens: the engine's answer is
            // something.
            if let Some(p) = &proxy {
                let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        }));
        link.config = Some(config);
    }
    if let Some(worker) = &link.worker {
        info!(
            "engine asked: {:?} after {} moves",
            want.task,
            want.job.moves.len()
        );
        let id = worker.ask(want.job.clone());
        link.current = Some(Asked { id, want });
        // Not a change to draw (nor one that should bring this system back).
        view.bypass_change_detection().searching = true;
    }
}

/// The computer answers a draw offered to it at once (the player is not asked to answer
/// for it): it takes the draw only when its last search found it clearly worse.
fn answer_draw(
    mut offers: MessageReader<DrawOffered>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    xq: Res<XiangqiSettings>,
    view: Res<EngineView>,
    mut says: TableSays,
) {
    for &DrawOffered(side) in offers.read() {
        if xq.computer == Some(!side) && model.draw_offer() == Some(side) {
            let score = view.computer_score_about(model.game().position());
            says.answer_draw(&mut model, engine::accepts_draw(score), settings.lang);
        }
    }
}
