//! What the engine should be doing, given the table: the computer's move when it is its
//! turn, else a hint asked for, else the analysis of the position shown, else nothing
//! (so that a game without analysis uses no CPU). A pure function of the session and
//! the player's choices, asked again whenever they change.

use std::time::Duration;

use super::{Job, Limit};
use crate::games::xiangqi::session::Session;
use crate::rules::{Color, Move, Position};

/// How long a hint is thought about.
pub const HINT_TIME: Duration = Duration::from_secs(1);

/// How many best lines the analysis shows.
pub const ANALYSIS_LINES: usize = 3;

/// Whether the computer takes a draw offered to it, given its score after its last move
/// (from its side): only when it stands clearly worse (three soldiers down, or being
/// mated). Without a score it plays on.
///
/// ```
/// use xiangqi::engine::{Score, accepts_draw};
///
/// assert!(accepts_draw(Some(Score::Centipawns(-450))));
/// assert!(accepts_draw(Some(Score::Mate(-3))));
/// assert!(!accepts_draw(Some(Score::Centipawns(-120))));
/// assert!(!accepts_draw(Some(Score::Mate(5))));
/// assert!(!accepts_draw(None));
/// ```
#[must_use]
pub fn accepts_draw(score: Option<super::Score>) -> bool {
    match score {
        Some(super::Score::Centipawns(cp)) => cp <= -300,
        Some(super::Score::Mate(n)) => n < 0,
        None => false,
    }
}

/// What the engine is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The computer's move, to be played.
    Play,
    /// The best move in the position shown, to be pointed at.
    Hint,
    /// The best lines in the position shown, until something changes.
    Analyse,
}

/// A task and its search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Want {
    /// Why.
    pub task: Task,
    /// The search.
    pub job: Job,
    /// The position searched (where the job's moves lead).
    pub position: Position,
}

impl Want {
    /// Whether `other` asks for the same search. The time a computer's move is given
    /// follows its clock, which runs while it thinks: that is not a new search.
    #[must_use]
    pub fn same(&self, other: &Want) -> bool {
        self.task == other.task
            && self.job.start == other.job.start
            && self.job.moves == other.job.moves
            && self.job.multipv == other.job.multipv
    }
}

/// The table as the engine needs to know it.
pub struct Table<'a> {
    /// The game.
    pub session: &'a Session,
    /// The side the computer plays, if any.
    pub computer: Option<Color>,
    /// How long the computer thinks about a move.
    pub strength: Limit,
    /// The computer's level, if one is chosen: its depth and lines in place of the
    /// strength (the move is then drawn among the lines: `engine::levels`).
    pub level: Option<crate::engine::levels::Level>,
    /// The analysis is shown.
    pub analysing: bool,
    /// A hint is asked for the position shown (and not yet given).
    pub hint: bool,
    /// The board editor is open: there is no game to think about.
    pub editing: bool,
}

/// What the engine should be doing now, if anything.
///
/// ```
/// use xiangqi::engine::{Limit, Table, Task, want};
/// use xiangqi::rules::Color;
/// use xiangqi::games::xiangqi::session::Session;
///
/// let session = Session::new();
/// let mut table = Table {
///     session: &session,
///     computer: None,
///     strength: Limit::Depth(8),
///     level: None,
///     analysing: false,
///     hint: false,
///     editing: false,
/// };
/// assert_eq!(want(&table), None, "two players, no analysis: no engine");
/// table.computer = Some(Color::Red);
/// assert_eq!(want(&table).unwrap().task, Task::Play);
/// table.computer = Some(Color::Black);
/// table.analysing = true;
/// assert_eq!(want(&table).unwrap().task, Task::Analyse);
/// ```
#[must_use]
pub fn want(table: &Table) -> Option<Want> {
    if table.editing {
        return None;
    }
    let session = table.session;
    let game = session.game();
    let turn = game.position().turn();
    let clock_stopped = session.clock().is_some_and(|c| c.is_paused());
    if table.computer == Some(turn)
        && session.outcome().is_none()
        && !session.is_reviewing()
        && !clock_stopped
    {
        return Some(Want {
            task: Task::Play,
            job: Job {
                start: game.start().clone(),
                moves: game.moves().collect(),
                limit: clock_limit(
                    session,
                    turn,
                    table
                        .level
                        .map_or(table.strength, |l| Limit::Depth(l.depth)),
                ),
                multipv: table.level.map_or(1, |l| l.lines),
            },
            position: game.position().clone(),
        });
    }
    if session.shown_position().legal_moves().is_empty() {
        return None;
    }
    let shown = |limit, multipv| Job {
        start: game.start().clone(),
        moves: game
            .moves()
            .take(session.shown_ply())
            .collect::<Vec<Move>>(),
        limit,
        multipv,
    };
    let position = session.shown_position().clone();
    if table.hint {
        return Some(Want {
            task: Task::Hint,
            job: shown(Limit::MoveTime(HINT_TIME), 1),
            position,
        });
    }
    table.analysing.then(|| Want {
        task: Task::Analyse,
        job: shown(Limit::Infinite, ANALYSIS_LINES),
        position,
    })
}

/// The computer's time for a move: what its strength allows, but no more than a
/// twentieth of its clock plus the increment, so it does not lose on time. A depth (a
/// level's) stays its cap: the smaller of the two limits, so that a level is its level
/// on any clock (issue 91: level 1 searched 100 s to depth 21 on 30+10).
fn clock_limit(session: &Session, side: Color, strength: Limit) -> Limit {
    let Some(clock) = session.clock() else {
        return strength;
    };
    let control = clock.control_of(side);
    let share = clock.left(side) / 20
        + control
            .increment
            .max(control.byoyomi.unwrap_or_default() / 2);
    let share = share.max(Duration::from_millis(50));
    match strength {
        Limit::MoveTime(t) => Limit::MoveTime(t.min(share)),
        // A depth can take longer than the clock allows late in a game.
        Limit::Depth(d) => Limit::DepthWithin(d, share),
        Limit::DepthWithin(d, t) => Limit::DepthWithin(d, t.min(share)),
        Limit::Infinite => Limit::MoveTime(share),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TimeControl;

    fn table(session: &Session) -> Table<'_> {
        Table {
            session,
            computer: None,
            strength: Limit::MoveTime(Duration::from_secs(5)),
            level: None,
            analysing: false,
            hint: false,
            editing: false,
        }
    }

    /// A level's move is its depth and lines, not the strength's search.
    #[test]
    fn a_level_searches_its_depth_with_its_lines() {
        let session = Session::new();
        let level = crate::engine::levels::Level::get(4).unwrap();
        let t = Table {
            computer: Some(Color::Red),
            level: Some(level),
            ..table(&session)
        };
        let want = want(&t).unwrap();
        assert_eq!(want.task, Task::Play);
        assert_eq!(want.job.limit, Limit::Depth(level.depth));
        assert_eq!(want.job.multipv, level.lines);
    }

    #[test]
    fn the_computer_plays_only_its_own_live_turn() {
        let mut session = Session::new();
        session.play("h2e2".parse().unwrap()).unwrap();
        let mut t = table(&session);
        t.computer = Some(Color::Black);
        let w = want(&t).unwrap();
        assert_eq!(w.task, Task::Play);
        assert_eq!(w.job.moves.len(), 1);
        t.computer = Some(Color::Red);
        assert_eq!(want(&t), None, "red is the player's: nothing to do");
        t.analysing = true;
        assert_eq!(want(&t).unwrap().task, Task::Analyse);
        t.editing = true;
        assert_eq!(want(&t), None, "the editor has no game");

        // Reviewing: the computer waits; the analysis follows the position shown.
        session.review(0);
        let mut t = table(&session);
        t.computer = Some(Color::Black);
        assert_eq!(want(&t), None);
        t.analysing = true;
        let w = want(&t).unwrap();
        assert_eq!((w.task, w.job.moves.len()), (Task::Analyse, 0));
        t.hint = true;
        assert_eq!(want(&t).unwrap().task, Task::Hint, "a hint comes first");
    }

    #[test]
    fn a_stopped_clock_stops_the_computer_and_a_running_one_limits_it() {
        let mut session = Session::new();
        session.new_game_with(Some("1+0".parse::<TimeControl>().unwrap().into()));
        let mut t = table(&session);
        t.computer = Some(Color::Red);
        let w = want(&t).unwrap();
        // A minute left: three seconds at most, not the five asked for.
        assert_eq!(w.job.limit, Limit::MoveTime(Duration::from_secs(3)));
        session.pause();
        let mut t = table(&session);
        t.computer = Some(Color::Red);
        assert_eq!(want(&t), None);
    }

    #[test]
    fn no_search_where_no_move_is_left() {
        let game = crate::rules::Game::from_position(
            "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1".parse().unwrap(),
        );
        let mut session = Session::new();
        session.replace(game);
        session.play("b0b8".parse().unwrap()).unwrap();
        assert!(session.outcome().is_some(), "mate");
        let mut t = table(&session);
        t.analysing = true;
        t.hint = true;
        t.computer = Some(Color::Black);
        assert_eq!(want(&t), None);
    }

    /// A level on a clock keeps its depth (issue 91: level 1 on 30+10 searched 100 s,
    /// to depth 21): the search stops at the level's depth or at the clock's share,
    /// whichever comes first; a time strength takes the smaller of the two times.
    #[test]
    fn a_level_on_a_clock_keeps_its_depth_within_the_clocks_share() {
        let mut session = Session::new();
        session.new_game_with(Some("30+10".parse().unwrap()));
        let level = crate::engine::levels::Level::get(1).unwrap();
        let mut t = table(&session);
        t.computer = Some(Color::Red);
        t.level = Some(level);
        // 30 minutes: a twentieth is 90 s, and the increment's 10 on top.
        let share = Duration::from_secs(100);
        let w = want(&t).unwrap();
        assert_eq!(w.job.limit, Limit::DepthWithin(level.depth, share));
        t.level = None;
        t.strength = Limit::Depth(12);
        assert_eq!(want(&t).unwrap().job.limit, Limit::DepthWithin(12, share));
        t.strength = Limit::MoveTime(Duration::from_secs(3));
        let w = want(&t).unwrap();
        assert_eq!(w.job.limit, Limit::MoveTime(Duration::from_secs(3)));
        t.strength = Limit::MoveTime(Duration::from_secs(300));
        assert_eq!(want(&t).unwrap().job.limit, Limit::MoveTime(share));
    }

    #[test]
    fn the_clock_running_down_is_the_same_search() {
        let session = Session::new();
        let mut t = table(&session);
        t.computer = Some(Color::Red);
        let a = want(&t).unwrap();
        t.strength = Limit::Depth(3);
        let b = want(&t).unwrap();
        assert!(a.same(&b));
        assert_ne!(a, b);
    }
}
