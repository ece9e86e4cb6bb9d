//! A Go game at the table, as pure data: the record as SGF holds it (a tree, every
//! variation and comment kept), the move shown (a cursor on it), undo and redo, a
//! resignation, the clock, and the count that two passes open (dead stones marked chain
//! by chain, each mark undoable, the result accepted).
//!
//! ```
//! use xiangqi::games::go::{GoSetup, Session};
//! use xiangqi::go::{Move, Point};
//!
//! let mut go = Session::new(GoSetup::of(9, 0));
//! let e5 = Move::Play(Point::from_gtp("E5", 9).unwrap());
//! assert!(go.play(e5));
//! go.undo();
//! assert!(go.game().moves().is_empty());
//! go.redo();
//! assert_eq!(go.game().moves(), &[e5]);
//! ```

use crate::clock::Reading;
use crate::go::sgf::SgfGame;
use crate::go::{Color, Game, IllegalMove, Move, Point};

mod clock;
mod count;
pub mod kept;
pub mod lessons;
pub mod problems;
pub mod review;
mod setup;
mod tree;
pub mod tutor;

pub use clock::GoClock;
pub use count::Counting;
use count::{CountStep, flip};
pub use setup::GoSetup;

/// Our own root property: the side GNU Go plays (`B`, `W`), so that a game against it
/// comes back against it from the autosave or a slot (issue 91: it came back as two
/// players, the card still naming GNU Go).
const COMPUTER: &str = "XG";

#[cfg(test)]
mod tests;

/// What the game last said, for the panel.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Said {
    /// A point was refused, and why.
    Refused(IllegalMove),
    /// This side passed.
    Passed(Color),
    /// No more moves: the game has this result.
    Over(String),
    /// The count is accepted: no more marks.
    Accepted,
}

/// A Go game at the table: its record and the move shown, its clock and count.
#[derive(Clone, Debug)]
pub struct Session {
    /// The moves from the root to the node shown, replayed.
    game: Game,
    /// What the last refused point or pass said.
    said: Option<Said>,
    /// The count, open after two passes until the players play on.
    counting: Option<Counting>,
    /// The players chose to play on after two passes.
    play_on: bool,
    /// The result once the count is accepted, a player resigned or a flag fell.
    result: Option<String>,
    /// What the game was set up with (the side GNU Go plays may change).
    pub setup: GoSetup,
    /// The game an opened file or paste replaced, and the moves the opened one had:
    /// Ctrl+Z back to that many moves brings it back.
    before: Option<(usize, Box<Session>)>,
    /// The game as a tree: a file's nodes, comments and variations, and the moves
    /// played here (`tree.rs`).
    record: SgfGame,
    /// The line remembered from the root: the node shown and, beyond it, the moves →
    /// walks on to (those taken back included).
    line: Vec<usize>,
    /// Where on `line` the node shown is.
    at: usize,
    /// The nodes played here (a bare one leaves the tree when taken back).
    made: Vec<usize>,
    /// The game's clock, if it has one.
    clock: Option<GoClock>,
    /// The clock before each move played here, for Ctrl+Z.
    readings: Vec<Reading>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new(GoSetup::default())
    }
}

impl Session {
    /// A new game.
    #[must_use]
    pub fn new(setup: GoSetup) -> Session {
        Session::from_game(setup.game(), setup)
    }

    /// A game taken up (a list of moves, a board): its moves become the record.
    #[must_use]
    pub fn from_game(game: Game, setup: GoSetup) -> Session {
        let record = SgfGame::from_game(&game);
        let line = record.main_line();
        let clock = setup
            .time
            .map(|tc| GoClock::new(tc, game.position().to_move()));
        let mut session = Session {
            at: line.len() - 1,
            record,
            line,
            made: Vec::new(),
            clock,
            readings: Vec::new(),
            game,
            said: None,
            counting: None,
            play_on: false,
            result: None,
            setup,
            before: None,
        };
        session.follow_passes();
        session
    }

    /// A game as a file holds it, `game` being its main line replayed: its tree, its
    /// clock, its count (`RE`, and `TB`/`TW` after two passes: the stones on the other
    /// side's points are the dead) or a resignation taken up.
    #[must_use]
    pub fn from_file(game: Game, file: &SgfGame) -> Session {
        let setup = GoSetup::of_game(&game);
        let mut session = Session::from_game(game, setup);
        session.record = file.clone();
        session.line = file.main_line();
        session.at = session.line.len() - 1;
        session.clock_from_file(file);
        session.setup.computer = match file.tag(COMPUTER) {
            Some("B") => Some(Color::Black),
            Some("W") => Some(Color::White),
            _ => None,
        };
        let Some(result) = file.tag("RE").filter(|r| !r.is_empty()) else {
            return session;
        };
        if let Some(counting) = session.counting.as_mut() {
            counting.dead = file.counted_dead(session.game.position());
            counting.suggested = true;
            counting.undo.push(CountStep::Accept);
        } else if !result.ends_with("+R") && !result.ends_with("+Resign") {
            return session;
        }
        session.result = Some(result.to_owned());
        session
    }

    /// The game as a file holds it, with its clock, result and count, and the side GNU
    /// Go plays (our `XG`).
    #[must_use]
    pub fn to_file(&self) -> SgfGame {
        let mut file = self.record.clone();
        self.clock_to_file(&mut file);
        let computer = self.setup.computer.map(|c| match c {
            Color::Black => "B",
            Color::White => "W",
        });
        file.set_tag(COMPUTER, computer);
        if let Some(result) = &self.result {
            // TB/TW go on the main line's last node: where the count was made.
            if self.counting.is_some() && self.line() == file.main_line() {
                file.set_count(result, &self.owners());
            } else {
                file.set_tag("RE", Some(result));
            }
        }
        file
    }

    /// A new game in place of this one (Ctrl+Z brings it back).
    pub fn restart(&mut self, setup: GoSetup) {
        self.open(Session::new(setup));
    }

    /// A new game between `players` (black's name, white's; empty: a guest, unnamed),
    /// played on `date` (`2026-11-27`), in place of this one (Ctrl+Z brings it back).
    pub fn restart_between(&mut self, setup: GoSetup, players: [&str; 2], date: &str) {
        let mut new = Session::new(setup);
        for (tag, name) in ["PB", "PW"].into_iter().zip(players) {
            let name = name.trim();
            if !name.is_empty() {
                new.record.set_tag(tag, Some(name));
            }
        }
        if players.iter().any(|p| !p.trim().is_empty()) {
            new.record.set_tag("DT", Some(date));
        }
        self.open(new);
    }

    /// `opened` (a file, a paste) in place of this game, which Ctrl+Z brings back.
    pub fn open(&mut self, opened: Session) {
        let previous = std::mem::replace(self, opened);
        self.before = Some((self.game.moves().len(), Box::new(previous)));
    }

    /// The moves from the start to the move shown.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.game.position().board().size()
    }

    /// What the last refused point or pass said, until the next step.
    #[must_use]
    pub fn said(&self) -> Option<&Said> {
        self.said.as_ref()
    }

    /// The count, while it is open.
    #[must_use]
    pub fn counting(&self) -> Option<&Counting> {
        self.counting.as_ref()
    }

    /// The game's result (`B+3.5`, `W+R`, `B+T`), once it has one.
    #[must_use]
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The count opens after two passes and closes when a move is taken back or played.
    fn follow_passes(&mut self) {
        if self.game.passes() >= 2 {
            if self.counting.is_none() && !self.play_on {
                log::info!("go counting opens");
                self.counting = Some(Counting::default());
                self.clock_stop();
            }
        } else {
            self.counting = None;
            self.play_on = false;
        }
    }

    /// Plays `mv` for the side to move: where the tree has it the record walks there,
    /// anywhere else it grows a variation. A refusal is kept to be said.
    pub fn play(&mut self, mv: Move) -> bool {
        if let Some(result) = &self.result {
            self.said = Some(Said::Over(result.clone()));
            return false;
        }
        match self.game.play(mv) {
            Ok(()) => {
                log::info!("go plays {}", mv.gtp(self.size()));
                self.grow(mv);
                let mover = !self.game.position().to_move();
                self.said = (mv == Move::Pass).then_some(Said::Passed(mover));
                self.counting = None;
                self.follow_passes();
                self.clock_moved(mover);
                true
            }
            Err(e) => {
                log::info!("go refused {}: {e}", mv.gtp(self.size()));
                self.said = Some(Said::Refused(e));
                false
            }
        }
    }

    /// A press on point `p`: a stone played, or while counting a chain marked.
    pub fn press(&mut self, p: Point) {
        if self.counting.is_some() {
            self.toggle(p);
        } else {
            self.play(Move::Play(p));
        }
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        self.resign_as(self.game.position().to_move());
    }

    /// `loser` resigns, whoever is to move (face to face each player's card has its own
    /// button).
    pub fn resign_as(&mut self, loser: Color) {
        if self.result.is_some() {
            return;
        }
        let winner = !loser;
        let result = format!("{}+R", if winner == Color::Black { "B" } else { "W" });
        log::info!("go result {result}");
        self.result = Some(result);
        self.counting = None;
        self.clock_stop();
    }

    /// Takes back the last step (Ctrl+Z): a resignation or a flag's fall, a mark of the
    /// count, its acceptance, an opened game, else the move shown.
    pub fn undo(&mut self) {
        self.said = None;
        if self.counting.is_none() && self.result.take().is_some() {
            return;
        }
        if let Some(counting) = self.counting.as_mut()
            && let Some(step) = counting.undo.pop()
        {
            match &step {
                CountStep::Toggle(stones) => flip(&mut counting.dead, stones),
                CountStep::Accept => self.result = None,
                CountStep::Set(before, _) => counting.dead.clone_from(before),
            }
            counting.redo.push(step);
            return;
        }
        if let Some((n, _)) = &self.before
            && *n == self.game.moves().len()
            && let Some((_, previous)) = self.before.take()
        {
            log::info!("go opening taken back");
            *self = *previous;
            return;
        }
        if self.take_back() {
            self.clock_taken_back();
        }
    }

    /// Plays again what Ctrl+Z took back (Ctrl+Y): a mark of the count, its
    /// acceptance, else the next move of the line.
    pub fn redo(&mut self) {
        if let Some(counting) = self.counting.as_mut()
            && let Some(step) = counting.redo.pop()
        {
            match &step {
                CountStep::Toggle(stones) => flip(&mut counting.dead, stones),
                CountStep::Set(_, after) => counting.dead.clone_from(after),
                CountStep::Accept => {
                    self.result = Some(self.scores().map(|(s, _)| s.result()).unwrap_or_default());
                }
            }
            if let Some(counting) = self.counting.as_mut() {
                counting.undo.push(step);
            }
            return;
        }
        self.forward_again();
    }
}
