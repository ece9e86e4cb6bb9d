//! A review of the Go game by GNU Go (R): every position of the line remembered asked
//! on as many GNU Go processes as there are cores (`games::go::review`), the graph
//! filling in as the answers come, Stop (R again) any time; when done, the review is
//! written into the record (`V`, `BM` and the comments: saved with the game, and read
//! back when a reviewed file is opened). `]` shows the next marked move.

use bevy::prelude::*;

use crate::app::go::{GoCommand, GoTable};
use crate::app::household::Household;
use crate::app::messages::Notice;
use crate::app::shell::model::Settings;
use crate::app::store::jobs::{Next, Stream};
use crate::games::go::review::{self, Options, Seen, Step};
use crate::go::Game;
use crate::i18n::GoText as G;

/// What a review's thread says.
enum Came {
    /// One position seen.
    Seen(usize, Seen),
    /// The end: done, stopped, or why it failed.
    End(Result<(), String>),
}

/// A review under way.
struct Running {
    /// Dropped (the review stopped, the game changed), its thread is told to stop.
    coming: Stream<Came>,
    /// The line reviewed, and its game.
    line: Vec<usize>,
    game: Game,
    found: Vec<Option<Seen>>,
    level: u8,
}

/// The review shown: under way, or as the record has it.
#[derive(Resource, Default)]
pub struct GoReviewed {
    running: Option<Running>,
    /// Each position's score on the whole line (black's lead, GNU Go's estimate).
    pub scores: Vec<Option<f32>>,
    /// Each move of the whole line judged.
    pub steps: Vec<Option<Step>>,
}

impl GoReviewed {
    /// Positions seen and all, while a review runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.running
            .as_ref()
            .map(|r| (r.found.iter().flatten().count(), r.found.len()))
    }

    /// Whether anything is known to draw.
    #[must_use]
    pub fn any(&self) -> bool {
        self.scores.iter().any(Option::is_some)
    }
}

fn start(table: &GoTable, reviewed: &mut GoReviewed, options: Options, wake: super::Wake) {
    let game = table.whole_game();
    let line = table.whole_nodes().to_vec();
    let positions = game.moves().len() + 1;
    let level = options.level;
    let reviewing = game.clone();
    // The workers' threads share the saying; the window may be gone, with nobody to
    // tell.
    let coming = Stream::start(wake, None, move |say| {
        let end = review::review(&reviewing, &options, say.cancelled(), &|k, s| {
            say.say(Came::Seen(k, s));
        });
        say.say(Came::End(end.map_err(|e| e.to_string())));
    });
    info!("go review started: {positions} positions, level {level}");
    reviewed.running = Some(Running {
        coming,
        line,
        game,
        found: vec![None; positions],
        level,
    });
}

/// R starts a review of the whole line, or stops the one under way; `]` shows the next
/// marked move. What the review found comes in as it is found; a review whose line
/// changed (a move played, a game opened) is stopped.
pub(crate) fn review(
    mut table: ResMut<GoTable>,
    mut commands: MessageReader<GoCommand>,
    mut reviewed: ResMut<GoReviewed>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    (household, mut learning): (Res<Household>, ResMut<table::learn::shell::Learning>),
) {
    let lang = settings.lang;
    let wake = super::Wake::of(wake);
    for command in commands.read() {
        match command {
            GoCommand::Review => {
                if let Some(running) = reviewed.running.take() {
                    running.coming.stop();
                    info!("go review stopped");
                } else if table.whole_game().moves().is_empty() {
                    notices.write(Notice::warn(G::ReviewNothing.get(lang)));
                } else if let Some(options) = Options::installed() {
                    start(&table, &mut reviewed, options, wake.clone());
                } else {
                    notices.write(Notice::warn(
                        G::GnuGoFailed.fill(lang, &[&"GNU Go (gnugo) is not installed"]),
                    ));
                }
            }
            GoCommand::NextMark => next_mark(&mut table, &reviewed, &mut notices, lang),
            _ => {}
        }
    }
    if reviewed
        .running
        .as_ref()
        .is_some_and(|r| r.line != table.whole_nodes())
    {
        if let Some(running) = reviewed.running.take() {
            running.coming.stop();
        }
        info!("go review stopped: the game changed");
    }
    let reviewed = &mut *reviewed;
    let mut end = None;
    if let Some(running) = reviewed.running.as_mut() {
        let mut came_any = false;
        while let Next::Came(came) = running.coming.take() {
            match came {
                Came::Seen(k, seen) => {
                    if let Some(slot) = running.found.get_mut(k) {
                        *slot = Some(seen);
                        came_any = true;
                    }
                }
                Came::End(result) => end = Some(result),
            }
        }
        if came_any {
            reviewed.scores = running_scores(running);
            reviewed.steps = review::judge(&running.game, &running.found);
        }
    } else if table.is_changed() {
        // What the record holds: a review done here, or one in a file opened.
        let (scores, steps) = table.written_review();
        reviewed.scores = scores;
        reviewed.steps = steps;
    }
    match end {
        Some(Ok(())) => {
            if let Some(running) = reviewed.running.as_ref() {
                queue_mistakes(&table, running, &household, &mut learning);
            }
            finish(&mut table, reviewed);
        }
        Some(Err(e)) => {
            warn!("GNU Go: {e}");
            notices.write(Notice::warn(G::GnuGoFailed.fill(lang, &[&e])));
            reviewed.running = None;
        }
        None => {}
    }
}

fn running_scores(running: &Running) -> Vec<Option<f32>> {
    running
        .found
        .iter()
        .map(|f| f.as_ref().map(|s| s.score))
        .collect()
}

/// The marked stones of each household player seated at the game, queued for them to
/// practise.
fn queue_mistakes(
    table: &GoTable,
    running: &Running,
    household: &Household,
    learning: &mut table::learn::shell::Learning,
) {
    let steps = review::judge(&running.game, &running.found);
    let record = table.record();
    let tag = |t: &str| record.tag(t).unwrap_or_default().trim().to_owned();
    let source = format!("{} – {} {}", tag("PB"), tag("PW"), tag("DT"));
    for (side, name) in [
        (crate::go::Color::Black, tag("PB")),
        (crate::go::Color::White, tag("PW")),
    ] {
        if !household.names().any(|n| n == name) {
            continue;
        }
        let found = crate::games::go::tutor::mistakes(&running.game, &steps, side, &source);
        learning.add_mistakes(&name, "go", found, table::learn::mistakes::today());
    }
}

/// A review run to its end: written into the record.
fn finish(table: &mut GoTable, reviewed: &mut GoReviewed) {
    let Some(running) = reviewed.running.take() else {
        return;
    };
    let steps = review::judge(&running.game, &running.found);
    let marked = steps.iter().flatten().filter(|s| s.mark.is_some()).count();
    table.write_review(
        &running.line,
        &running.game,
        &running.found,
        &steps,
        running.level,
    );
    info!(
        "go review done: {} positions, {marked} moves marked",
        running.found.len()
    );
    reviewed.scores = running_scores(&running);
    reviewed.steps = steps;
}

/// Shows the next marked move after the one shown (from the start again past the end).
fn next_mark(
    table: &mut GoTable,
    reviewed: &GoReviewed,
    notices: &mut MessageWriter<Notice>,
    lang: crate::i18n::Lang,
) {
    let shown = table.game().moves().len();
    let marked: Vec<usize> = reviewed
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.as_ref().is_some_and(|s| s.mark.is_some()))
        .map(|(i, _)| i + 1)
        .collect();
    let Some(&ply) = marked
        .iter()
        .find(|&&p| p > shown)
        .or_else(|| marked.first())
    else {
        notices.write(Notice::info(G::NoMarkAhead.get(lang)));
        return;
    };
    let node = table
        .whole_line()
        .into_iter()
        .find(|&(_, n, _, _)| n == ply)
        .map(|(node, ..)| node);
    if let Some(node) = node
        && table.go_to(node)
    {
        let best = reviewed.steps[ply - 1]
            .as_ref()
            .map_or_else(String::new, |s| s.best.mv.gtp(table.size()));
        info!("go review goes to move {ply}, GNU Go preferred {best}");
    }
}
