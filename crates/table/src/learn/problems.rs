//! Problems solved at the table, the part every game shares: the problem on the board
//! and how its try stands, the player's progress (stars by problem, as levels have)
//! and the problems missed brought back by the mistakes' spaced repetition
//! ([`super::mistakes::Queue`], under the game's shelf). The game sets the problem up,
//! judges each move from its answer tree or its engine, and plays the other side's
//! answers ([`ProblemGame`]); the flow is [`commands`] and [`judge`].

use std::collections::BTreeMap;

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::mistakes::{Mistake, today};
use super::shell::Learning;
use super::{Looked, Text};
use crate::actions::Action;
use crate::i18n::Lang;
use crate::messages::BoardChanged;
use crate::settings::Settings;
use crate::shell::access::Spoken;
use crate::shell::table::{Lending, Lent, Service, TableGame, add_service};

/// What the solver asks.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemCommand {
    /// Problems at the game on the table: a problem due again, else the next unsolved.
    Start,
    /// The next problem.
    Next,
    /// The problem from its start again.
    Retry,
    /// A right move marked on the board.
    Hint,
    /// The answer, one move more each time.
    Show,
    /// Back to the game.
    Leave,
}

/// How the try stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemState {
    /// The solver is to move.
    Going,
    /// The engine reads a move the answers do not have.
    Judging,
    /// Solved, with its stars.
    Solved(u8),
    /// A wrong move: the refutation is on the board.
    Failed,
    /// The answer shown.
    Shown,
}

/// What a move of the solver's came to, by the game's judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// Right, and the other side answers with the move: the solver plays on.
    Right(M),
    /// Right, and the goal is reached.
    Solved,
    /// Wrong, and the refutation played, if there is one.
    Wrong(Option<M>),
    /// The answers do not have it: the engine is to judge.
    Ask,
    /// Not to be taken now (the problem is over): taken back.
    Refused,
}

/// The problem on a game's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sitting {
    /// Who solves (their progress and queue).
    pub player: String,
    /// The problem's id on the game's shelf.
    pub id: String,
    /// What to do: "Black to kill".
    pub title: Text,
    /// Its level, 1 the easiest.
    pub level: u8,
    /// How the try stands.
    pub state: ProblemState,
    /// The last thing said of it.
    pub said: Option<Text>,
    /// Problems the player has solved on the shelf, and how many it has.
    pub solved: (usize, usize),
    /// Brought back by the queue: missed before.
    pub review: bool,
    /// Hints taken, wrong moves made in this sitting.
    pub hints: u32,
    /// Wrong moves made in this sitting.
    pub wrong: u32,
    /// Moves of the answer shown.
    pub shown: usize,
}

/// The problem open at each game's table, by its slug.
#[derive(Resource, Default, Debug)]
pub struct Problems {
    /// The problems.
    pub open: BTreeMap<String, Sitting>,
}

impl Problems {
    /// The problem at the game of `slug`.
    #[must_use]
    pub fn at(&self, slug: &str) -> Option<&Sitting> {
        self.open.get(slug)
    }

    /// The board of `slug` takes a move: no problem, or one waiting for the solver.
    #[must_use]
    pub fn takes_moves(&self, slug: &str) -> bool {
        self.at(slug).is_none_or(|s| s.state == ProblemState::Going)
    }
}

/// The stars a solve earns: three clean, two after one hint or wrong move, else one.
#[must_use]
pub fn stars(hints: u32, wrong: u32) -> u8 {
    match hints + wrong {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

/// The problem to set up for `player` on `shelf` (its ids in order): one the queue
/// has due, else the first unsolved after `after`, else the one after it. Whether it
/// comes from the queue.
#[must_use]
pub fn pick(
    learning: &Learning,
    (player, shelf): (&str, &str),
    ids: &[String],
    after: Option<&str>,
) -> Option<(String, bool)> {
    let due = learning.mistakes.due(player, shelf, today());
    if let Some((id, _)) = due
        .iter()
        .find(|(id, _)| Some(*id) != after && ids.iter().any(|i| i == id))
    {
        return Some(((*id).to_owned(), true));
    }
    let from = after
        .and_then(|a| ids.iter().position(|i| i == a))
        .map_or(0, |k| k + 1);
    let order = ids.iter().cycle().skip(from).take(ids.len());
    let unsolved = order
        .clone()
        .find(|id| learning.progress.stars(player, shelf, id) == 0);
    unsolved
        .or_else(|| order.clone().next())
        .map(|id| (id.clone(), false))
}

/// A game's part in its problems: its shelf, a problem set up on its board, each move
/// judged from the answers or by its engine, the other side's moves played, its words.
pub trait ProblemGame: TableGame {
    /// A move.
    type Move: Copy + PartialEq + Send + Sync + 'static;
    /// A problem being solved.
    type Attempt: Send + Sync + 'static;
    /// The game put aside meanwhile.
    type Aside: Send + Sync + 'static;
    /// The engine reading a move the answers do not have.
    type Look: Send + Sync + 'static;
    /// What the problems read of the game's table and write to it.
    type Board: SystemParam + 'static;

    /// The shelf's name in the progress and the queue (`go-problems`).
    const SHELF: &'static str;

    /// The problems' ids, easiest first.
    fn shelf(board: &SystemParamItem<Self::Board>) -> Vec<String>;
    /// Whether the board may be lent now (not over a lesson or the editor).
    fn free(board: &SystemParamItem<Self::Board>, learning: &Learning) -> bool;
    /// Sets problem `id` up, the game put aside the first time (`aside` empty): the
    /// try, what to do and its level.
    fn set_up(
        board: &mut SystemParamItem<Self::Board>,
        id: &str,
        aside: &mut Option<Self::Aside>,
    ) -> Option<(Self::Attempt, Text, u8)>;
    /// Brings the game put aside back.
    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Self::Aside);
    /// The solver's move on the board this frame, if any.
    fn tried(board: &mut SystemParamItem<Self::Board>) -> Option<Self::Move>;
    /// A move taken back from the board (one the problem does not take now).
    fn take_back(board: &mut SystemParamItem<Self::Board>);
    /// `mv` judged from the answers.
    fn play(attempt: &mut Self::Attempt, mv: Self::Move) -> Step<Self::Move>;
    /// The last move taken back from the try: the engine could not judge it.
    fn withdraw(attempt: &mut Self::Attempt);
    /// The engine asked about the last move; `None` without one.
    fn look(board: &SystemParamItem<Self::Board>, attempt: &Self::Attempt) -> Option<Self::Look>;
    /// The engine's verdict, once it has come, taken by the try.
    fn looked(look: &mut Self::Look, attempt: &mut Self::Attempt) -> Looked<Step<Self::Move>>;
    /// The other side's move played on the board (or a move of the answer shown).
    fn put(board: &mut SystemParamItem<Self::Board>, attempt: &Self::Attempt, mv: Self::Move);
    /// The problem from its start again, on the board and in the try.
    fn restart(board: &mut SystemParamItem<Self::Board>, attempt: &mut Self::Attempt);
    /// A right move now, marked on the board.
    fn hint(
        board: &mut SystemParamItem<Self::Board>,
        attempt: &mut Self::Attempt,
    ) -> Option<Self::Move>;
    /// The answer from the start, both sides' moves.
    fn answer(attempt: &Self::Attempt) -> Vec<Self::Move>;
    /// A move as the board's coordinates name it.
    fn name(attempt: &Self::Attempt, mv: Self::Move) -> String;
    /// The sides' names: the solver's and the other's.
    fn sides_of(attempt: &Self::Attempt) -> (Text, Text);
}

/// A problem at `G`'s table: the try, the game put aside, the engine's look.
#[derive(Resource)]
pub struct Solving<G: ProblemGame> {
    attempt: Option<G::Attempt>,
    aside: Option<G::Aside>,
    look: Option<G::Look>,
}

impl<G: ProblemGame> Default for Solving<G> {
    fn default() -> Self {
        Solving {
            attempt: None,
            aside: None,
            look: None,
        }
    }
}

impl<G: ProblemGame> Solving<G> {
    /// The try on the board.
    #[must_use]
    pub fn attempt(&self) -> Option<&G::Attempt> {
        self.attempt.as_ref()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Problems>()
        .init_resource::<Shelves>()
        .add_message::<ProblemCommand>();
    // H, A and Ctrl+Z at a problem, Esc back to the game and N to the next, at every
    // table (F3, which opens them, is the game's own key).
    add_service(
        app,
        Service {
            answers: |a| matches!(a, Action::Own(own) if own.is::<ProblemCommand>()),
            key: |press, at| {
                let problems = at.world.get_resource::<Problems>()?;
                let kind = at
                    .world
                    .get_resource::<State<crate::schedule::GameKind>>()?;
                let slug = at.world.get_resource::<crate::shell::tables::Tables>()?;
                problems.at(slug.slug(*kind.get()))?;
                if at.typing {
                    return None;
                }
                use bevy::input::keyboard::KeyCode;
                Some(Action::own(match (press.ctrl, press.key) {
                    (false, KeyCode::KeyH) => ProblemCommand::Hint,
                    (false, KeyCode::KeyA) => ProblemCommand::Show,
                    (true, KeyCode::KeyZ) => ProblemCommand::Retry,
                    _ => return None,
                }))
            },
            lent: |world, slug| {
                world.get_resource::<Problems>()?.at(slug)?;
                Some(Lending {
                    lent: Lent::Problem,
                    give_back: Action::own(ProblemCommand::Leave),
                    onward: Some(Action::own(ProblemCommand::Next)),
                })
            },
        },
    );
}

/// Each game's shelf of problems, by its slug (the players' pages show their solves).
#[derive(Resource, Default, Debug)]
pub struct Shelves(pub BTreeMap<&'static str, &'static str>);

/// A game's problems on the table; the game runs [`commands`] then [`judge`] in its
/// own turn.
pub fn add<G: ProblemGame>(app: &mut App) {
    app.init_resource::<Solving<G>>();
    app.world_mut()
        .get_resource_or_init::<Shelves>()
        .0
        .insert(G::SLUG, G::SHELF);
}

/// Start, Next, Retry, Hint, Show and Leave at `G`'s table.
pub fn commands<G: ProblemGame>(
    mut asked: MessageReader<ProblemCommand>,
    (mut problems, mut mine): (ResMut<Problems>, ResMut<Solving<G>>),
    mut board: StaticSystemParam<G::Board>,
    (learning, settings): (Res<Learning>, Res<Settings>),
    mut changed: MessageWriter<BoardChanged>,
    // Said to a screen reader (and aloud when moves are): the panel shows the words,
    // so the status line does not repeat them.
    mut said_aloud: MessageWriter<Spoken>,
) {
    let lang = settings.lang;
    for &command in asked.read() {
        let mine = &mut *mine;
        let open = problems.open.get_mut(G::SLUG);
        match (command, open, mine.attempt.as_mut()) {
            (ProblemCommand::Leave, open, _) => {
                mine.attempt = None;
                mine.look = None;
                if let Some(aside) = mine.aside.take() {
                    G::bring_back(&mut board, aside);
                }
                if open.is_some() {
                    problems.open.remove(G::SLUG);
                    info!("problems left");
                }
            }
            (ProblemCommand::Start | ProblemCommand::Next, open, _) => {
                if open.is_none() && !G::free(&board, &learning) {
                    continue;
                }
                let player = learning.who(&settings);
                let after = open.map(|s| s.id.clone());
                let ids = G::shelf(&board);
                let Some((id, review)) =
                    pick(&learning, (&player, G::SHELF), &ids, after.as_deref())
                else {
                    continue;
                };
                let Some((attempt, title, level)) = G::set_up(&mut board, &id, &mut mine.aside)
                else {
                    warn!("problem {id} does not set up");
                    continue;
                };
                // Of the problems on the shelf now (a file's, or the game's own).
                let solved = ids
                    .iter()
                    .filter(|id| learning.progress.stars(&player, G::SHELF, id) > 0)
                    .count();
                info!(
                    "problem {id} (level {level}, review {review}): {}",
                    title.get(Lang::En)
                );
                said_aloud.write(Spoken::from(title.get(lang).to_owned()));
                mine.attempt = Some(attempt);
                mine.look = None;
                problems.open.insert(
                    G::SLUG.to_owned(),
                    Sitting {
                        player,
                        id,
                        title,
                        level,
                        state: ProblemState::Going,
                        said: None,
                        solved: (solved, ids.len()),
                        review,
                        hints: 0,
                        wrong: 0,
                        shown: 0,
                    },
                );
            }
            (ProblemCommand::Retry, Some(sitting), Some(attempt)) => {
                G::restart(&mut board, attempt);
                mine.look = None;
                sitting.state = ProblemState::Going;
                sitting.said = None;
                sitting.shown = 0;
                info!("problem {} again", sitting.id);
            }
            (ProblemCommand::Hint, Some(sitting), Some(attempt)) => {
                if sitting.state != ProblemState::Going {
                    continue;
                }
                let Some(mv) = G::hint(&mut board, attempt) else {
                    continue;
                };
                sitting.hints += 1;
                let at = G::name(attempt, mv);
                let said = Text::new(
                    format!("提示：{at}（三角）。"),
                    format!("Hint: {at} (the triangle)."),
                    format!("提示：{at}（三角）。"),
                    format!("Gợi ý: {at} (hình tam giác)."),
                );
                said_aloud.write(Spoken::from(said.get(lang).to_owned()));
                sitting.said = Some(said);
            }
            (ProblemCommand::Show, Some(sitting), Some(attempt)) => {
                if sitting.state != ProblemState::Shown {
                    G::restart(&mut board, attempt);
                    mine.look = None;
                    sitting.state = ProblemState::Shown;
                    sitting.shown = 0;
                }
                let line = G::answer(attempt);
                let Some(&mv) = line.get(sitting.shown) else {
                    continue;
                };
                G::put(&mut board, attempt, mv);
                sitting.shown += 1;
                let (solver, other) = G::sides_of(attempt);
                let side = if sitting.shown % 2 == 1 {
                    solver
                } else {
                    other
                };
                let name = G::name(attempt, mv);
                let (n, of) = (sitting.shown, line.len());
                let said = Text::each(|l| {
                    let side = side.get(l);
                    match l {
                        Lang::Zh => format!("答案第 {n} 步（共 {of} 步）：{side} {name}"),
                        Lang::Hant => format!("答案第 {n} 步（共 {of} 步）：{side} {name}"),
                        Lang::En => format!("Answer, move {n} of {of}: {side} {name}"),
                        Lang::Vi => format!("Đáp án, nước {n}/{of}: {side} {name}"),
                    }
                });
                said_aloud.write(Spoken::from(said.get(lang).to_owned()));
                sitting.said = Some(said);
            }
            _ => continue,
        }
        changed.write(BoardChanged);
    }
}

/// The solver's move judged, from the answers or by the engine; the other side's answer
/// or refutation played; a solve kept in the player's progress, a miss in their queue.
pub fn judge<G: ProblemGame>(
    (mut problems, mut mine): (ResMut<Problems>, ResMut<Solving<G>>),
    mut learning: ResMut<Learning>,
    mut board: StaticSystemParam<G::Board>,
    settings: Res<Settings>,
    mut changed: MessageWriter<BoardChanged>,
    // Said to a screen reader (and aloud when moves are): the panel shows the words,
    // so the status line does not repeat them.
    mut said_aloud: MessageWriter<Spoken>,
) {
    let tried = G::tried(&mut board);
    let mine = &mut *mine;
    let (Some(sitting), Some(attempt)) = (problems.open.get_mut(G::SLUG), mine.attempt.as_mut())
    else {
        return;
    };
    let (step, mv) = match (tried, mine.look.as_mut()) {
        (Some(_), _) if sitting.state != ProblemState::Going => {
            G::take_back(&mut board);
            changed.write(BoardChanged);
            return;
        }
        (Some(mv), _) => (G::play(attempt, mv), Some(mv)),
        (None, Some(look)) => match G::looked(look, attempt) {
            Looked::Waiting => return,
            Looked::Done(step) => (step, None),
            // The engine stopped: the move is neither right nor wrong; taken back.
            Looked::Failed => {
                warn!("problem: the engine did not answer");
                mine.look = None;
                G::take_back(&mut board);
                G::withdraw(attempt);
                sitting.state = ProblemState::Going;
                changed.write(BoardChanged);
                return;
            }
        },
        (None, None) => return,
    };
    if mv.is_none() {
        mine.look = None;
    }
    let (_, other) = G::sides_of(attempt);
    let said = match step {
        Step::Refused => {
            G::take_back(&mut board);
            changed.write(BoardChanged);
            return;
        }
        Step::Ask => {
            mine.look = G::look(&board, attempt);
            if mine.look.is_some() {
                sitting.state = ProblemState::Judging;
                info!("problem: the engine reads the move");
                return;
            }
            // Without an engine a move the answers lack is not one of them.
            G::take_back(&mut board);
            G::withdraw(attempt);
            let said = Text::new(
                "这步不在答案里，没有引擎判断不了。换一步。",
                "That move is not in the answers, and without an engine it cannot be judged. Try another.",
                "這步不在答案裡，沒有引擎判斷不了。換一步。",
                "Nước này không có trong đáp án, và không có máy thì không chấm được. Hãy thử nước khác.",
            );
            said_aloud.write(Spoken::from(said.get(settings.lang).to_owned()));
            sitting.said = Some(said);
            changed.write(BoardChanged);
            return;
        }
        Step::Right(reply) => {
            G::put(&mut board, attempt, reply);
            sitting.state = ProblemState::Going;
            let r = G::name(attempt, reply);
            Text::each(|l| {
                let other = other.get(l);
                match l {
                    Lang::Zh => format!("对！{other}应 {r}，继续。"),
                    Lang::Hant => format!("對！{other}應 {r}，繼續。"),
                    Lang::En => format!("Right! {other} answers at {r}: go on."),
                    Lang::Vi => format!("Đúng! {other} đáp lại ở {r}: đi tiếp."),
                }
            })
        }
        Step::Solved => {
            let stars = stars(sitting.hints, sitting.wrong);
            sitting.state = ProblemState::Solved(stars);
            let who = sitting.player.clone();
            let first = learning.progress.stars(&who, G::SHELF, &sitting.id) == 0;
            learning.record(&who, G::SHELF, &sitting.id, stars);
            sitting.solved.0 += usize::from(first);
            if sitting.review {
                let clean = sitting.hints + sitting.wrong == 0;
                learning.answer_mistake(&who, G::SHELF, &sitting.id, clean);
            }
            info!("problem {} solved, {stars} stars", sitting.id);
            let stars = "★".repeat(usize::from(stars));
            Text::new(
                format!("解出来了！{stars}"),
                format!("Solved! {stars}"),
                format!("解出來了！{stars}"),
                format!("Giải được rồi! {stars}"),
            )
        }
        Step::Wrong(refutation) => {
            if let Some(r) = refutation {
                G::put(&mut board, attempt, r);
            }
            sitting.state = ProblemState::Failed;
            sitting.wrong += 1;
            let who = sitting.player.clone();
            let right = G::answer(attempt).first().map(|&m| G::name(attempt, m));
            if sitting.review {
                learning.answer_mistake(&who, G::SHELF, &sitting.id, false);
            } else if sitting.wrong == 1 {
                let missed = Mistake {
                    played: mv.map(|m| G::name(attempt, m)).unwrap_or_default(),
                    best: right.unwrap_or_default(),
                    mark: String::new(),
                    source: sitting.title.get(Lang::En).to_owned(),
                    due: 0,
                    step: 0,
                    found: 0,
                };
                learning.add_mistakes(&who, G::SHELF, vec![(sitting.id.clone(), missed)], today());
            }
            info!("problem {} missed", sitting.id);
            match refutation {
                Some(r) => {
                    let r = G::name(attempt, r);
                    Text::each(|l| {
                        let other = other.get(l);
                        match l {
                            Lang::Zh => {
                                format!("不对：{other}应 {r}。再试（Ctrl+Z）或看提示（H）。")
                            }
                            Lang::Hant => {
                                format!("不對：{other}應 {r}。再試（Ctrl+Z）或看提示（H）。")
                            }
                            Lang::En => format!(
                                "Not this: {other} answers at {r}. Try again (Ctrl+Z) or take a hint (H)."
                            ),
                            Lang::Vi => format!(
                                "Chưa đúng: {other} đáp lại ở {r}. Thử lại (Ctrl+Z) hoặc xem gợi ý (H)."
                            ),
                        }
                    })
                }
                None => Text::new(
                    "不对。再试（Ctrl+Z）或看提示（H）。",
                    "Not this. Try again (Ctrl+Z) or take a hint (H).",
                    "不對。再試（Ctrl+Z）或看提示（H）。",
                    "Chưa đúng. Thử lại (Ctrl+Z) hoặc xem gợi ý (H).",
                ),
            }
        }
    };
    said_aloud.write(Spoken::from(said.get(settings.lang).to_owned()));
    sitting.said = Some(said);
    changed.write(BoardChanged);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_solve_earns_three_stars_and_help_costs_one_each() {
        assert_eq!(stars(0, 0), 3);
        assert_eq!(stars(1, 0), 2);
        assert_eq!(stars(0, 1), 2);
        assert_eq!(stars(1, 1), 1);
    }

    #[test]
    fn a_missed_problem_due_comes_first_then_the_next_unsolved() {
        let ids: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let mut learning = Learning::default();
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, None),
            Some(("a".into(), false))
        );
        learning.record("Mei", "p", "a", 3);
        learning.record("Mei", "p", "b", 1);
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, None),
            Some(("c".into(), false))
        );
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, Some("c")),
            Some(("d".into(), false))
        );
        // Another player's solves are not Mei's.
        assert_eq!(
            pick(&learning, ("Wei", "p"), &ids, None),
            Some(("a".into(), false))
        );
        let missed = Mistake {
            played: "A1".into(),
            best: "B2".into(),
            mark: String::new(),
            source: String::new(),
            due: 0,
            step: 0,
            found: 0,
        };
        learning.add_mistakes("Mei", "p", vec![("b".into(), missed)], today());
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, Some("c")),
            Some(("b".into(), true))
        );
        // Not the same one again at once.
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, Some("b")),
            Some(("c".into(), false))
        );
        // All solved: the one after.
        for id in &ids {
            learning.record("Mei", "p", id, 3);
        }
        learning.answer_mistake("Mei", "p", "b", true);
        assert_eq!(
            pick(&learning, ("Mei", "p"), &ids, Some("d")),
            Some(("a".into(), false))
        );
        assert_eq!(pick(&learning, ("Mei", "p"), &[], None), None);
    }
}
