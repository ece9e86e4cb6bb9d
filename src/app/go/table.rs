//! The Go game at the table, without Bevy's systems: moves, undo and redo, a
//! resignation, and the count that two passes open (dead stones marked chain by chain,
//! each mark undoable, the result accepted).

use bevy::prelude::*;

use super::counting::{CountStep, Counting, flip};
use crate::go::sgf::SgfGame;
use crate::go::{Color, Game, IllegalMove, Move, Point, Rules};

/// What the table last said in the panel.
#[derive(Clone, Debug, PartialEq)]
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

/// What a new game is set up with (the panel's chooser).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoSetup {
    /// The board's size.
    pub size: u8,
    /// Which of [`Rules::PRESETS`].
    pub rules: usize,
    /// Komi in half points (`15`: 7.5).
    pub komi_halves: i16,
    /// Handicap stones (0, or 2 to 9).
    pub handicap: u8,
    /// The clock, if the game has one.
    pub time: Option<crate::rules::TimeControl>,
    /// The side GNU Go plays, if it plays one.
    pub computer: Option<Color>,
}

impl Default for GoSetup {
    fn default() -> GoSetup {
        GoSetup::of(19, 0)
    }
}

impl GoSetup {
    /// A `size` board under the first preset (Chinese) with its komi.
    #[must_use]
    pub fn of(size: u8, rules: usize) -> GoSetup {
        let preset = Rules::PRESETS[rules.min(Rules::PRESETS.len() - 1)];
        GoSetup {
            size,
            rules: rules.min(Rules::PRESETS.len() - 1),
            komi_halves: (preset.komi * 2.0).round() as i16,
            handicap: 0,
            time: None,
            computer: None,
        }
    }

    /// What `game` was set up with.
    #[must_use]
    pub fn of_game(game: &Game) -> GoSetup {
        let rules = game.rules();
        GoSetup {
            size: game.start().board().size(),
            rules: Rules::PRESETS
                .iter()
                .position(|r| r.name == rules.name)
                .unwrap_or(0),
            komi_halves: (rules.komi * 2.0).round() as i16,
            handicap: game.handicap(),
            time: None,
            computer: None,
        }
    }

    /// The rules it names, with its komi.
    #[must_use]
    pub fn rules(&self) -> Rules {
        Rules::PRESETS[self.rules.min(Rules::PRESETS.len() - 1)]
            .with_komi(f32::from(self.komi_halves) / 2.0)
    }

    /// The game it starts.
    #[must_use]
    pub fn game(&self) -> Game {
        let rules = self.rules();
        let plain = || Game::new(19, rules).expect("19×19 is played");
        let Ok(empty) = Game::new(self.size, rules) else {
            return plain();
        };
        if self.handicap < 2 {
            return empty;
        }
        match crate::go::handicap::points(self.size, self.handicap) {
            Ok(points) => {
                let mut board = *empty.start().board();
                for p in points {
                    board.set(p, Some(Color::Black));
                }
                let start = crate::go::Position::from_board(board, Color::White);
                Game::from_position(start, rules, self.handicap)
            }
            Err(_) => empty,
        }
    }
}

/// The Go game at the table.
#[derive(Resource)]
pub struct GoTable {
    /// The game.
    pub game: Game,
    /// Moves taken back, the last first to come again.
    pub redo: Vec<Move>,
    /// What the last refused point or pass said, for the panel.
    pub said: Option<Said>,
    /// The count, open after two passes until the players play on.
    pub counting: Option<Counting>,
    /// The players chose to play on after two passes.
    pub play_on: bool,
    /// The result once the count is accepted or a player resigned (`B+3.5`, `W+R`).
    pub result: Option<String>,
    /// What the game was set up with.
    pub setup: GoSetup,
    /// What the board shows besides the stones.
    pub look: GoLook,
    /// The game an opened file or paste replaced, and the moves the opened one had:
    /// Ctrl+Z back to that many moves brings it back.
    before: Option<(usize, Box<GoTable>)>,
    /// The game as a tree: a file's nodes, comments and variations, and the moves
    /// played here (`tree.rs`).
    pub(super) record: SgfGame,
    /// The nodes from the root to the one shown; `game` is their moves.
    pub(super) line: Vec<usize>,
    /// The nodes played here (a bare one goes when taken back).
    pub(super) made: Vec<usize>,
    /// The game's clock, if it has one.
    pub clock: Option<super::clock::GoClock>,
    /// The clock before each move played here, for Ctrl+Z.
    pub(super) readings: Vec<crate::session::clock::Reading>,
}

/// What the goban shows besides the stones, as the players choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLook {
    /// Each chain's liberties written on its stones.
    pub liberties: bool,
    /// The chains in atari ringed.
    pub atari: bool,
}

impl Default for GoTable {
    fn default() -> GoTable {
        GoTable::new(GoSetup::default())
    }
}

impl GoTable {
    /// A new game.
    #[must_use]
    pub fn new(setup: GoSetup) -> GoTable {
        GoTable::from_game(setup.game(), setup)
    }

    /// A game taken up (a file, the autosave).
    #[must_use]
    pub fn from_game(game: Game, setup: GoSetup) -> GoTable {
        let record = SgfGame::from_game(&game);
        let line = record.main_line();
        let clock = setup
            .time
            .map(|tc| super::clock::GoClock::new(tc, game.position().to_move()));
        let mut table = GoTable {
            record,
            line,
            made: Vec::new(),
            clock,
            readings: Vec::new(),
            game,
            redo: Vec::new(),
            said: None,
            counting: None,
            play_on: false,
            result: None,
            setup,
            look: GoLook::default(),
            before: None,
        };
        table.follow_passes();
        table
    }

    /// A game as a file holds it: its count (`RE`, and `TB`/`TW` after two passes: the
    /// stones on the other side's points are the dead) or a resignation taken up.
    #[must_use]
    pub fn from_file(game: Game, file: &crate::go::sgf::SgfGame) -> GoTable {
        let setup = GoSetup::of_game(&game);
        let mut table = GoTable::from_game(game, setup);
        table.record = file.clone();
        table.line = file.main_line();
        table.clock_from_file(file);
        let Some(result) = file.tag("RE").filter(|r| !r.is_empty()) else {
            return table;
        };
        if let Some(counting) = table.counting.as_mut() {
            counting.dead = file.counted_dead(table.game.position());
            counting.suggested = true;
            counting.undo.push(CountStep::Accept);
        } else if !result.ends_with("+R") && !result.ends_with("+Resign") {
            return table;
        }
        table.result = Some(result.to_owned());
        table
    }

    /// The game as a file holds it, with its result and count.
    #[must_use]
    pub fn to_file(&self) -> crate::go::sgf::SgfGame {
        let mut file = self.record.clone();
        self.clock_to_file(&mut file);
        if let Some(result) = &self.result {
            // TB/TW go on the main line's last node: where the count was made.
            if self.counting.is_some() && self.line == file.main_line() {
                file.set_count(result, &self.owners());
            } else {
                file.set_tag("RE", Some(result));
            }
        }
        file
    }

    /// A new game in place of this one (Ctrl+Z brings it back); the look stays.
    pub fn restart(&mut self, setup: GoSetup) {
        self.open(GoTable::new(setup));
    }

    /// `opened` (a file, a paste) in place of this game, which Ctrl+Z brings back.
    pub fn open(&mut self, opened: GoTable) {
        let previous = std::mem::replace(self, opened);
        self.look = previous.look;
        self.before = Some((self.game.moves().len(), Box::new(previous)));
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.game.position().board().size()
    }

    /// The count opens after two passes and closes when a move is taken back or played.
    pub(super) fn follow_passes(&mut self) {
        if self.game.passes() >= 2 {
            if self.counting.is_none() && !self.play_on {
                info!("go counting opens");
                self.counting = Some(Counting::default());
                self.clock_stop();
            }
        } else {
            self.counting = None;
            self.play_on = false;
        }
    }

    /// Plays `mv` for the side to move; a refusal is kept to be said.
    pub fn play(&mut self, mv: Move) -> bool {
        if let Some(result) = &self.result {
            self.said = Some(Said::Over(result.clone()));
            return false;
        }
        match self.game.play(mv) {
            Ok(()) => {
                info!("go plays {}", mv.gtp(self.size()));
                self.redo.clear();
                self.grow(mv);
                let mover = !self.game.position().to_move();
                self.said =
                    (mv == Move::Pass).then(|| Said::Passed(!self.game.position().to_move()));
                self.counting = None;
                self.follow_passes();
                self.clock_moved(mover);
                true
            }
            Err(e) => {
                info!("go refused {}: {e}", mv.gtp(self.size()));
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
        if self.result.is_some() {
            return;
        }
        let winner = !self.game.position().to_move();
        let result = format!("{}+R", if winner == Color::Black { "B" } else { "W" });
        info!("go result {result}");
        self.result = Some(result);
        self.counting = None;
        self.clock_stop();
    }

    /// Takes back the last step: a resignation, a mark of the count, the acceptance,
    /// else a move.
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
            info!("go opening taken back");
            let look = self.look;
            *self = *previous;
            self.look = look;
            return;
        }
        if let Some(mv) = self.take_back() {
            self.redo.push(mv);
            self.clock_taken_back();
        }
    }

    /// Plays again what was taken back.
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
        self.forward();
    }

    /// Plays again the move taken back last, its node gone.
    pub(super) fn redo_move(&mut self) {
        if let Some(mv) = self.redo.pop() {
            let redo = std::mem::take(&mut self.redo);
            self.play(mv);
            self.redo = redo;
        }
    }
}
