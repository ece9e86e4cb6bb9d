//! GNU Go at the Go table, as Fairy-Stockfish is at the Xiangqi one: it plays the side
//! chosen for it, and gives a second opinion on the dead stones when asked. Each
//! question runs on a thread of its own with a fresh GNU Go told the whole game (GTP
//! keeps no state worth trusting across undo and variations); an answer for a position
//! that is no longer shown is dropped.

use bevy::prelude::*;

use crate::app::go::{Before, GoCommand, GoHappened, GoTable};
use crate::app::messages::Notice;
use crate::app::shell::model::Settings;
use crate::app::store::jobs::{Job, Taken};
use crate::engine::gtp;
use crate::go::{Move, Point};
use crate::i18n::GoText as G;

/// GNU Go's strength (1–10): level 5 answers a 19×19 move in about a second here.
const LEVEL: u8 = 5;

/// What GNU Go is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    /// Its move, to play it.
    Move,
    /// The stones it counts dead.
    Dead,
}

/// What GNU Go answered.
enum Answer {
    /// Its move (`None`: it resigns).
    Move(Option<Move>),
    /// The stones it counts dead.
    Dead(Vec<Point>),
}

/// The question out (the shell's [`Job`]), keyed by the position it is about.
#[derive(Resource, Default)]
pub(crate) struct Asking(Job<Result<Answer, String>>);

use super::stamp;

/// Whether GNU Go is to move now: its side's turn, at the end of what was played, no
/// count, no result.
fn computer_to_move(table: &GoTable) -> bool {
    table.setup.computer == Some(table.game().position().to_move())
        && table.counting().is_none()
        && table.result().is_none()
        && table.at_end()
}

/// Starts a question on its thread.
fn ask(asking: &mut Asking, table: &GoTable, question: Question, wake: super::Wake) {
    let game = table.game().clone();
    let level = table
        .setup
        .level
        .and_then(crate::matches::go_levels::GoLevel::get);
    // A level's choice among GNU Go's candidates, drawn from the position.
    let roll = crate::matches::Rng::new(stamp(table)).unit();
    asking.0.start((stamp(table), wake), move |_| {
        let path = gtp::find_gnugo().ok_or_else(|| "GNU Go (gnugo) is not installed".to_owned())?;
        let strength = level.map_or(LEVEL, |l| l.gnugo);
        let mut gnugo = gtp::gnugo(&path, &game, strength).map_err(|e| e.to_string())?;
        gnugo.set_game(&game).map_err(|e| e.to_string())?;
        let answer = match (question, level) {
            (Question::Dead, _) => gnugo.dead(game.start().board().size()).map(Answer::Dead),
            // A level never resigns and plays only GNU Go's own candidates.
            (Question::Move, Some(l)) => l
                .play(&mut gnugo, &game, roll)
                .map(|m| Answer::Move(Some(m))),
            (Question::Move, None) => gnugo.genmove(&game).map(Answer::Move),
        };
        answer.map_err(|e| e.to_string())
    });
}

/// Asks GNU Go for its move when it is to play, or for the dead stones when the count
/// asks; applies what comes back if the position is still the one asked about.
pub(crate) fn play(
    mut table: ResMut<GoTable>,
    mut asking: ResMut<Asking>,
    mut commands: MessageReader<GoCommand>,
    mut happened: MessageWriter<GoHappened>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let lang = settings.lang;
    let mut dead = false;
    for command in commands.read() {
        dead |= *command == GoCommand::AskDead;
    }
    if dead && table.counting().is_some() {
        info!("go asks GNU Go for the dead stones");
        ask(&mut asking, &table, Question::Dead, super::Wake::of(wake));
    } else if computer_to_move(&table) && asking.0.asked() != Some(stamp(&table)) {
        info!("go asks GNU Go for a move");
        ask(&mut asking, &table, Question::Move, super::Wake::of(wake));
    }
    let (id, answer) = match asking.0.take() {
        Taken::Waiting => return,
        Taken::Came(id, answer) => (id, answer),
        Taken::Lost => (stamp(&table), Err("GNU Go's thread stopped".to_owned())),
    };
    if id != stamp(&table) {
        // The game moved on meanwhile (an undo, a new game): a new question follows.
        asking.0.forget();
        return;
    }
    match answer {
        Ok(Answer::Move(Some(mv))) if computer_to_move(&table) => {
            info!("go computer plays {}", mv.gtp(table.size()));
            let before = Before::of(&table);
            table.play(mv);
            happened.write_batch(before.then(&table));
        }
        Ok(Answer::Move(None)) if computer_to_move(&table) => {
            info!("go computer resigns");
            table.resign();
            happened.write(GoHappened::Ended);
        }
        Ok(Answer::Move(_)) => {}
        Ok(Answer::Dead(stones)) => table.set_dead(stones),
        Err(e) => {
            warn!("GNU Go: {e}");
            notices.write(Notice::warn(G::GnuGoFailed.fill(lang, &[&e])));
            // Two people play on rather than wait for nothing.
            if table.setup.computer.is_some() {
                table.setup.computer = None;
            }
        }
    }
}
