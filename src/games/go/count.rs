//! The count after two passes: the stones marked dead chain by chain (each mark
//! undoable), the suggestion or GNU Go's opinion taken as the count, area and territory
//! side by side, the result accepted.

use super::{Said, Session};
use crate::go::{Color, Point, Rules, Score, owners, score};

/// One undoable step of the count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum CountStep {
    /// These stones changed between dead and alive.
    Toggle(Vec<Point>),
    /// The result was accepted.
    Accept,
    /// The dead stones were all set at once (GNU Go's opinion): before, after.
    Set(Vec<Point>, Vec<Point>),
}

/// The count after two passes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counting {
    /// The stones counted dead, sorted.
    pub dead: Vec<Point>,
    /// Whether the suggestion came (or the players began marking before it).
    pub suggested: bool,
    pub(super) undo: Vec<CountStep>,
    pub(super) redo: Vec<CountStep>,
}

impl Counting {
    /// How many steps of the count Ctrl+Z can take back.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.undo.len()
    }
}

impl Session {
    /// Marks the chain on `p` dead, or alive again.
    pub fn toggle(&mut self, p: Point) {
        if self.result.is_some() {
            self.said = Some(Said::Accepted);
            return;
        }
        let board = *self.game.position().board();
        let Some(chain) = board.chain(p) else { return };
        let Some(counting) = self.counting.as_mut() else {
            return;
        };
        let stones = chain.stones.clone();
        flip(&mut counting.dead, &stones);
        let dead = counting.dead.binary_search(&p).is_ok();
        log::info!(
            "go marks {} {} stones {}",
            chain.color,
            stones.len(),
            if dead { "dead" } else { "alive" }
        );
        counting.suggested = true;
        counting.undo.push(CountStep::Toggle(stones));
        counting.redo.clear();
        self.said = None;
    }

    /// The suggestion of the dead stones came: it is the count, unless the players
    /// already marked stones themselves.
    pub fn suggested(&mut self, dead: Vec<Point>) {
        if let Some(counting) = self.counting.as_mut()
            && !counting.suggested
        {
            log::info!("go dead stones suggested: {}", dead.len());
            counting.dead = dead;
            counting.suggested = true;
        }
    }

    /// A second opinion on the dead stones (GNU Go's): it becomes the count, one step
    /// Ctrl+Z takes back.
    pub fn set_dead(&mut self, dead: Vec<Point>) {
        if self.result.is_some() {
            return;
        }
        if let Some(counting) = self.counting.as_mut() {
            log::info!("go dead stones set: {}", dead.len());
            let before = std::mem::replace(&mut counting.dead, dead.clone());
            counting.suggested = true;
            counting.undo.push(CountStep::Set(before, dead));
            counting.redo.clear();
        }
    }

    /// The count now, under the game's rules and under the other way of counting.
    #[must_use]
    pub fn scores(&self) -> Option<(Score, Score)> {
        let counting = self.counting.as_ref()?;
        let rules = *self.game.rules();
        let other = Rules {
            scoring: match rules.scoring {
                crate::go::Scoring::Area => crate::go::Scoring::Territory,
                crate::go::Scoring::Territory => crate::go::Scoring::Area,
            },
            ..rules
        };
        let pos = self.game.position();
        let handicap = self.game.handicap();
        Some((
            score(pos, &counting.dead, &rules, handicap),
            score(pos, &counting.dead, &other, handicap),
        ))
    }

    /// The points each side counts, to be shown.
    #[must_use]
    pub fn owners(&self) -> Vec<(Point, Color)> {
        self.counting
            .as_ref()
            .map(|c| owners(self.game.position(), &c.dead))
            .unwrap_or_default()
    }

    /// The count is accepted: its result is the game's.
    pub fn accept(&mut self) {
        let Some((score, _)) = self.scores() else {
            return;
        };
        if self.result.is_some() {
            return;
        }
        let result = score.result();
        log::info!("go result {result}");
        self.result = Some(result);
        self.clock_stop();
        if let Some(counting) = self.counting.as_mut() {
            counting.undo.push(CountStep::Accept);
            counting.redo.clear();
        }
    }

    /// The players go on playing after two passes.
    pub fn play_on(&mut self) {
        if self.counting.take().is_some() {
            log::info!("go play resumes");
            self.play_on = true;
            self.result = None;
        }
    }
}

/// Dead stones become alive and alive ones dead.
pub(super) fn flip(dead: &mut Vec<Point>, stones: &[Point]) {
    for &s in stones {
        match dead.binary_search(&s) {
            Ok(i) => _ = dead.remove(i),
            Err(i) => dead.insert(i, s),
        }
    }
}
