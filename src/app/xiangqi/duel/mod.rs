//! A puzzle duel (解题赛) at the Xiangqi table: the two seated players solve the same
//! puzzles of the collection in turn, each on their own clock (the table's referee,
//! `table::together::duel`). It rides on the training's mode, board and judging: a
//! puzzle solved or a wrong move is marked, and after a moment the next one is set up;
//! between the rounds the board is handed over and the clock waits for "Begin". At the
//! end the scoreboard stays on the panel and the duel is kept on both players' pages.

use std::time::Duration;

use bevy::prelude::*;

use crate::app::library::LibraryLink;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::Mode;
use crate::app::xiangqi::train::{Said, TrainCommand, Training};
use crate::games::xiangqi::puzzles::{Puzzle, collection};
use crate::i18n::T;
use table::together::duel::{Duel, Turn};

pub(crate) mod panel;

/// How long a puzzle's end stays on the board before the next one is set up.
const BETWEEN: f64 = 1.5;
/// After a miss: long enough to see the answer played out.
const BETWEEN_MISSED: f64 = 4.0;

/// The choices of the duel's dialog.
pub const COUNTS: [usize; 3] = [3, 5, 10];
/// Each player's minutes for a round.
pub const MINUTES: [u64; 4] = [1, 3, 5, 10];

/// What the players ask of the duel.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelCommand {
    /// Open the dialog that sets a duel up.
    Open,
    /// Start one: this many puzzles, this many minutes each.
    Start {
        /// Puzzles each player meets.
        count: usize,
        /// Each player's time for the round, in minutes.
        minutes: u64,
    },
    /// The player handed the board begins their round.
    Begin,
    /// Close the dialog, or the duel (over or not).
    Close,
}

/// The duel at the table, if one is on, and its dialog.
#[derive(Resource)]
pub struct PuzzleDuel {
    /// The duel itself.
    pub duel: Option<Duel>,
    /// The dialog that sets one up is open.
    pub dialog: bool,
    /// The dialog's choices: puzzles and minutes.
    pub count: usize,
    /// Minutes each.
    pub minutes: u64,
    /// The puzzle on the board is marked (solved or missed); the next comes at `next_at`.
    marked: bool,
    /// When the next puzzle is set up (seconds of the app's clock).
    next_at: Option<f64>,
    /// A puzzle was asked for and is not on the board yet.
    loading: bool,
    /// The result was kept in the library.
    kept: bool,
    /// Both seats had names when it began: only then is it kept (a duel of "Player 1"
    /// and "Player 2" is nobody's).
    seated: bool,
}

impl Default for PuzzleDuel {
    fn default() -> PuzzleDuel {
        PuzzleDuel {
            duel: None,
            dialog: false,
            count: 5,
            minutes: 3,
            marked: false,
            next_at: None,
            loading: false,
            kept: false,
            seated: false,
        }
    }
}

impl PuzzleDuel {
    /// Whether a duel is on (the training's own helps are not).
    #[must_use]
    pub fn on(&self) -> bool {
        self.duel.is_some()
    }

    /// How long the window may sleep at `now` (seconds of the app's clock): until the
    /// next puzzle is set up, or the running clock's shown time changes.
    #[must_use]
    pub fn wake_in(&self, now: f64) -> Option<Duration> {
        let d = self.duel.as_ref()?;
        if let Some(at) = self.next_at {
            return Some(Duration::from_secs_f64((at - now).max(0.0)));
        }
        match d.turn() {
            Turn::Solving { player, .. } => Some(crate::clock::period(d.left(player))),
            _ => None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    use crate::app::schedule::Logic;
    use crate::app::shell::table::TableGame;
    use crate::app::xiangqi::game::Xiangqi;
    app.init_resource::<PuzzleDuel>()
        .add_message::<DuelCommand>()
        .add_systems(
            Update,
            (commands, referee)
                .chain()
                .in_set(Logic::Duel)
                .in_set(<Xiangqi as TableGame>::SYSTEMS),
        )
        .add_systems(OnExit(Mode::Train), left);
}

/// The players of a new duel: the seats' names, else "Player 1" and "Player 2".
pub(crate) fn players(settings: &Settings) -> [String; 2] {
    let lang = settings.lang;
    let fallback = [T::DuelPlayerOne.get(lang), T::DuelPlayerTwo.get(lang)];
    let name = |i: usize| {
        let seat = settings.seats[i].trim();
        if seat.is_empty() || (i == 1 && seat == settings.seats[0].trim()) {
            fallback[i].to_owned()
        } else {
            seat.to_owned()
        }
    };
    [name(0), name(1)]
}

/// Both seats have a name of their own (not the same one twice).
fn seated(settings: &Settings) -> bool {
    let [a, b] = [settings.seats[0].trim(), settings.seats[1].trim()];
    !a.is_empty() && !b.is_empty() && a != b
}

/// `count` puzzles of the collection, short mates (one to three moves), the shorter
/// first: a different draw for each `seed`.
#[must_use]
pub fn pick(all: &[Puzzle], count: usize, seed: u64) -> Vec<String> {
    let mut short: Vec<&Puzzle> = all
        .iter()
        .filter(|p| p.mate_in().is_some_and(|n| n <= 3))
        .collect();
    // A seeded shuffle (xorshift): no second random-number crate for this.
    let mut state = seed | 1;
    for i in (1..short.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = usize::try_from(state % (i as u64 + 1)).unwrap_or(0);
        short.swap(i, j);
    }
    short.truncate(count);
    short.sort_by_key(|p| p.solver_moves());
    short.into_iter().map(|p| p.id.clone()).collect()
}

/// The collection's index of puzzle `id`.
fn index_of(id: &str) -> Option<usize> {
    collection().iter().position(|p| p.id == id)
}

/// Esc (or "back to the game") ends a duel not finished: nothing is kept.
fn left(mut duel: ResMut<PuzzleDuel>) {
    if duel.duel.take().is_some() {
        info!("duel left");
    }
}

fn commands(
    mut asked: MessageReader<DuelCommand>,
    mut duel: ResMut<PuzzleDuel>,
    settings: Res<Settings>,
    mut train: MessageWriter<TrainCommand>,
) {
    for &command in asked.read() {
        match command {
            DuelCommand::Open => duel.dialog = true,
            DuelCommand::Start { count, minutes } => {
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64);
                let ids = pick(collection(), count, seed);
                let players = players(&settings);
                info!(
                    "duel starts: {} and {}, {} puzzles, {minutes} min each: {}",
                    players[0],
                    players[1],
                    ids.len(),
                    ids.join(" ")
                );
                let budget = Duration::from_secs(minutes * 60);
                *duel = PuzzleDuel {
                    duel: Some(Duel::new(players, ids, budget)),
                    count,
                    minutes,
                    seated: seated(&settings),
                    ..PuzzleDuel::default()
                };
                // The first puzzle's board, its clock waiting for "Begin".
                if let Some(i) = duel
                    .duel
                    .as_ref()
                    .and_then(|d| d.puzzles().first())
                    .and_then(|id| index_of(id))
                {
                    train.write(TrainCommand::Open(Some(i)));
                }
            }
            DuelCommand::Begin => {
                let Some(d) = duel.duel.as_mut() else {
                    continue;
                };
                let Turn::Handover { player } = d.turn() else {
                    continue;
                };
                d.begin();
                info!("duel: {} begins", d.players()[player]);
                let first = d.puzzles().first().and_then(|id| index_of(id));
                duel.marked = false;
                duel.next_at = None;
                duel.loading = true;
                if let Some(i) = first {
                    train.write(TrainCommand::Open(Some(i)));
                }
            }
            DuelCommand::Close => {
                duel.dialog = false;
                if duel.duel.take().is_some() {
                    info!("duel closed");
                    train.write(TrainCommand::Leave);
                }
            }
        }
    }
}

/// The duel's clock, each puzzle marked when it is solved or missed, the next set up, the
/// result kept.
fn referee(
    mut duel: ResMut<PuzzleDuel>,
    training: Res<Training>,
    time: Res<Time<Real>>,
    link: Option<Res<LibraryLink>>,
    mut train: MessageWriter<TrainCommand>,
) {
    let now = time.elapsed_secs_f64();
    let state = &mut *duel;
    let Some(d) = state.duel.as_mut() else { return };
    let solving = match d.turn() {
        Turn::Solving { player, index, id } => Some((player, index, id.to_owned())),
        _ => None,
    };
    if let Some((player, index, id)) = solving {
        let on_board = training.puzzle().is_some_and(|p| p.id == id);
        if state.loading && on_board && training.said() == Said::Start {
            state.loading = false;
        }
        let name = d.players()[player].clone();
        if !state.loading && !state.marked {
            if d.tick(time.delta()) {
                info!("duel: {name}'s time is up");
                state.next_at = None;
            } else {
                let pause = match training.said() {
                    Said::Solved => {
                        d.solved();
                        info!("duel: {name} solved {} ({id})", index + 1);
                        BETWEEN
                    }
                    Said::Wrong => {
                        d.missed();
                        info!("duel: {name} missed {} ({id}): the answer shown", index + 1);
                        // The answer played out on the board, and time to see it (issue
                        // 91: a wrong move never showed it).
                        train.write(TrainCommand::Solution);
                        BETWEEN_MISSED
                    }
                    _ => return,
                };
                state.marked = true;
                state.next_at = Some(now + pause);
            }
        }
    }
    if state.marked && state.next_at.is_some_and(|at| now >= at) {
        state.marked = false;
        state.next_at = None;
        if let Turn::Solving { id, .. } = d.turn()
            && let Some(i) = index_of(id)
        {
            state.loading = true;
            train.write(TrainCommand::Open(Some(i)));
        }
    }
    if d.turn() == Turn::Over && !state.kept {
        state.kept = true;
        let summary: Vec<String> = (0..2)
            .map(|p| {
                format!(
                    "{} {} ({:.1} s)",
                    d.players()[p],
                    d.score(p).solved,
                    d.score(p).used.as_secs_f64()
                )
            })
            .collect();
        let winner = d.winner().map_or("even", |w| d.players()[w].as_str());
        info!("duel over: {}: {winner}", summary.join(", "));
        if let Some(link) = link.filter(|_| state.seated) {
            keep(d, &today(), &link);
        }
    }
}

/// Today, as the library writes a day.
fn today() -> String {
    jiff::Zoned::now().date().to_string()
}

/// The duel kept in the library for both players' pages, when both seats had names.
fn keep(d: &Duel, date: &str, link: &LibraryLink) {
    let [a, b] = d.players();
    let Some(worker) = link.0.as_ref() else {
        return;
    };
    let (first, second) = (d.score(0), d.score(1));
    let ms = |used: Duration| u64::try_from(used.as_millis()).unwrap_or(u64::MAX);
    let kept = crate::library::DuelKept {
        kind: "xiangqi".to_owned(),
        date: date.to_owned(),
        players: [a.clone(), b.clone()],
        puzzles: u32::try_from(d.puzzles().len()).unwrap_or(u32::MAX),
        solved: [first.solved, second.solved].map(|s| u32::try_from(s).unwrap_or(u32::MAX)),
        used_ms: [ms(first.used), ms(second.used)],
    };
    worker.ask(crate::library::Job::AddDuel(Box::new(kept)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duel_draws_short_mates_shorter_first_and_another_seed_draws_others() {
        let all = collection();
        let five = pick(all, 5, 7);
        assert_eq!(five.len(), 5);
        let lengths: Vec<usize> = five
            .iter()
            .map(|id| all[index_of(id).unwrap()].solver_moves())
            .collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        assert!(lengths.iter().all(|&n| n <= 3));
        assert_eq!(pick(all, 5, 7), five, "the same seed, the same puzzles");
        assert_ne!(pick(all, 5, 8), five);
        let mut unique = five.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 5, "no puzzle twice");
    }
}
