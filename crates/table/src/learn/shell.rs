//! Lessons at the table, the part both games share: which course each game gives, the
//! learner and their stars (kept in the data folder), the lesson open and how it stands.
//! The game on the table sets a level up and judges its moves (it reads
//! [`LearnCommand`]); the table draws the map (F4, Game → Learn to play…) and the
//! lesson's lines above the game's part of the panel, and keeps the stars.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::progress::Progress;
use super::{Course, Text};
use crate::actions::Action;
use crate::messages::Notice;
use crate::settings::Settings;
use crate::shell::table::{Lending, Lent, Service, add_service};
use crate::store::persist::DataDirs;

/// Each game's course, by its slug (`xiangqi`, `go`): given by the game when it is
/// added to the table.
#[derive(Resource, Default, Clone)]
pub struct Courses(pub BTreeMap<String, Course>);

/// What the learner asks of a lesson (the map's levels, the lesson's buttons). The game
/// on the table answers Open, Retry, Next and Leave; the table answers Reset.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LearnCommand {
    /// Open this level (stage, level, 0-based) of the game of this slug (the map's,
    /// the game on the table: a command read late by the other game is not its own).
    Open(&'static str, usize, usize),
    /// The level again from its start.
    Retry,
    /// The level after it (the first not passed after it, or simply the next).
    Next,
    /// Back to the game that was on the table.
    Leave,
    /// Ctrl+Shift+R in a lesson: back to the game, then the new-game dialog.
    LeaveForNewGame,
    /// An answer typed for a level that asks for a number (a count).
    Answer(i32),
    /// The learner passes (a level where passing is the answer).
    Pass,
    /// Forget the learner's stars at the game on the table.
    Reset,
    /// Who is learning (a household name; empty: the table's "me", else a guest).
    Learner(String),
}

/// How the lesson open stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonState {
    /// Under way.
    Going,
    /// Passed, with these stars.
    Passed(u8),
    /// Failed, and why (Retry starts again).
    Failed(Text),
}

/// The lesson open: what the panel says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The game's slug.
    pub slug: String,
    /// Stage and level, 0-based.
    pub at: (usize, usize),
    /// The level's id (`horse-2`).
    pub id: String,
    /// The stage's title.
    pub stage: Text,
    /// What the stage teaches.
    pub intro: Text,
    /// Levels in the stage.
    pub levels: usize,
    /// The one-line goal.
    pub goal: Text,
    /// A line under the goal.
    pub say: Option<Text>,
    /// Said once passed.
    pub after: Option<Text>,
    /// Moves for three stars.
    pub par: u32,
    /// The learner's moves so far.
    pub moves: u32,
    /// How it stands.
    pub state: LessonState,
    /// Why the last move was not taken (the rules' own reason).
    pub note: Option<Text>,
    /// The level asks for a number, not a move.
    pub asks_number: bool,
    /// The level may be answered by passing.
    pub asks_pass: bool,
}

/// The learner, their stars and the lesson open.
#[derive(Resource, Default)]
pub struct Learning {
    /// Every player's stars.
    pub progress: Progress,
    /// Who learns (empty: the table's "me", else the one player seated, else a guest).
    pub learner: String,
    /// The lesson open at each game's table, by the game's slug.
    pub open: BTreeMap<String, Lesson>,
    /// Every player's mistakes to practise (`mistakes.tsv`).
    pub mistakes: super::mistakes::Queue,
    /// The progress changed and is to be written.
    dirty: bool,
    /// The mistakes changed and are to be written.
    mistakes_dirty: bool,
    read: bool,
}

impl Learning {
    /// The name the stars are kept under: the learner chosen, else the table's "me",
    /// else the one player seated at the table (issue 91: 小明, seated alone, solved
    /// problems that were kept for a guest); empty: a guest.
    #[must_use]
    pub fn who(&self, settings: &Settings) -> String {
        if !self.learner.is_empty() {
            return self.learner.clone();
        }
        if !settings.me.is_empty() {
            return settings.me.clone();
        }
        let seated: Vec<&String> = settings.seats.iter().filter(|s| !s.is_empty()).collect();
        match seated.as_slice() {
            [one] => (*one).clone(),
            [a, b] if a == b => (*a).clone(),
            _ => String::new(),
        }
    }

    /// The lesson open at the game of `slug`.
    #[must_use]
    pub fn lesson(&self, slug: &str) -> Option<&Lesson> {
        self.open.get(slug)
    }

    /// The lesson open at the game of `slug`, to change.
    pub fn lesson_mut(&mut self, slug: &str) -> Option<&mut Lesson> {
        self.open.get_mut(slug)
    }

    /// Queues the mistakes a review found of `player` at the game of `slug` (position,
    /// mistake), due `today`; a position queued before keeps its schedule. How many were
    /// new.
    pub fn add_mistakes(
        &mut self,
        player: &str,
        slug: &str,
        found: Vec<(String, super::mistakes::Mistake)>,
        today: i64,
    ) -> usize {
        let mut new = 0;
        for (position, m) in found {
            new += usize::from(self.mistakes.add(player, slug, &position, m, today));
        }
        if new > 0 {
            self.mistakes_dirty = true;
            info!("mistakes: {new} new for {player:?} at {slug}");
        }
        new
    }

    /// A try at a queued mistake of `player` at `slug`: found or not, kept.
    pub fn answer_mistake(&mut self, player: &str, slug: &str, position: &str, found: bool) {
        self.mistakes
            .answer(player, slug, position, found, super::mistakes::today());
        self.mistakes_dirty = true;
    }

    /// `stars` kept for `who` at `id` of `slug` if better than before: whether they were.
    pub fn record(&mut self, who: &str, slug: &str, id: &str, stars: u8) -> bool {
        let better = self.progress.record(who, slug, id, stars);
        self.dirty |= better;
        better
    }

    /// The lesson at the game of `slug` passed with `stars`: shown, and kept if better
    /// than before.
    pub fn passed(&mut self, slug: &str, who: &str, stars: u8) {
        let Some(lesson) = self.open.get_mut(slug) else {
            return;
        };
        lesson.state = LessonState::Passed(stars);
        if self.progress.record(who, &lesson.slug, &lesson.id, stars) {
            self.dirty = true;
        }
        info!("lesson {} passed with {stars} stars", lesson.id);
    }

    /// The lesson at the game of `slug` failed, and why.
    pub fn failed(&mut self, slug: &str, why: Text) {
        if let Some(lesson) = self.open.get_mut(slug) {
            info!(
                "lesson {} failed: {}",
                lesson.id,
                why.get(crate::i18n::Lang::En)
            );
            lesson.state = LessonState::Failed(why);
        }
    }
}

/// Whether a game's board is lent to a lesson, practice, guessing or a problem (the table's
/// services that set their own positions up): the games' tutors and warnings stay
/// silent then, and the board takes only the moves the service is waiting for. The
/// same answer as the services' [`Lent`] for those three, read as a system's param.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardLent<'w> {
    learning: Res<'w, Learning>,
    practice: Res<'w, super::practice::Practice>,
    guesses: Res<'w, super::guess::Guesses>,
    problems: Res<'w, super::problems::Problems>,
}

impl BoardLent<'_> {
    /// The board of the game of `slug` is lent.
    #[must_use]
    pub fn lent(&self, slug: &str) -> bool {
        self.learning.lesson(slug).is_some()
            || self.practice.drill(slug).is_some()
            || self.guesses.open.contains_key(slug)
            || self.problems.at(slug).is_some()
    }

    /// The board of the game of `slug` takes a move: not lent, or lent and waiting for
    /// one (a lesson not yet passed or failed, a drill or a guess not yet answered).
    #[must_use]
    pub fn takes_moves(&self, slug: &str) -> bool {
        self.learning
            .lesson(slug)
            .is_none_or(|l| l.state == LessonState::Going)
            && self.practice.takes_moves(slug)
            && self.guesses.takes_moves(slug)
            && self.problems.takes_moves(slug)
    }
}

/// The question the help asks before a move, at each game's table (by its slug): the
/// warning's words. The game keeps the move itself; the panel shows the words with
/// "Play it anyway" and "Choose another move", and sends a [`TutorAnswer`].
#[derive(Resource, Default, Debug)]
pub struct Asked(pub BTreeMap<&'static str, Text>);

/// A game's question at its table, or `None` when it is answered or dropped: kept in
/// [`Asked`] by the table (both games write these; one system keeps them).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Question {
    /// The game's slug.
    pub slug: &'static str,
    /// The words, or none any more.
    pub text: Option<Text>,
}

/// The player's answer to the question at the table of the game of `slug`: play the
/// move held back, or choose another.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TutorAnswer {
    /// The game's slug.
    pub slug: &'static str,
    /// Play the move asked about.
    pub play: bool,
}

pub(crate) fn plugin(app: &mut App) {
    super::practice::plugin(app);
    super::guess::plugin(app);
    super::problems::plugin(app);
    // The help's question: Esc declines it, at every table.
    add_service(
        app,
        Service {
            answers: |a| matches!(a, Action::Own(own) if own.is::<TutorAnswer>()),
            key: |_, _| None,
            lent: |world, slug| {
                world
                    .get_resource::<Asked>()?
                    .0
                    .contains_key(slug)
                    .then(|| Lending {
                        lent: Lent::Asking,
                        give_back: Action::own(TutorAnswer { slug, play: false }),
                        onward: None,
                    })
            },
        },
    );
    // A lesson: its commands at every table, Esc leaves it when nothing else takes Esc,
    // N goes on once passed.
    add_service(
        app,
        Service {
            answers: |a| matches!(a, Action::Own(own) if own.is::<LearnCommand>()),
            key: |_, _| None,
            lent: |world, slug| {
                let lesson = world.get_resource::<Learning>()?.lesson(slug)?;
                let passed = matches!(lesson.state, LessonState::Passed(_));
                Some(Lending {
                    lent: Lent::Lesson,
                    give_back: Action::own(LearnCommand::Leave),
                    onward: passed.then(|| Action::own(LearnCommand::Next)),
                })
            },
        },
    );
    app.init_resource::<Courses>()
        .init_resource::<Learning>()
        .init_resource::<Asked>()
        .add_message::<LearnCommand>()
        .add_message::<TutorAnswer>()
        .add_message::<Question>()
        // Only the game on the table runs its systems, and each question names its
        // game: the order two games' questions are written in is never seen.
        .allow_ambiguous_resource::<Messages<Question>>()
        .add_systems(
            Update,
            (
                read_progress,
                answer,
                super::practice::commands,
                super::guess::commands,
                keep_progress,
                keep_questions,
            )
                .chain()
                .in_set(crate::schedule::Logic::Learn),
        );
}

/// The games' questions, into what the panel shows.
fn keep_questions(mut questions: MessageReader<Question>, mut asked: ResMut<Asked>) {
    for q in questions.read() {
        match &q.text {
            Some(text) => _ = asked.0.insert(q.slug, text.clone()),
            None => _ = asked.0.remove(q.slug),
        }
    }
}

/// Reads the stars once the data folder is known.
fn read_progress(mut learning: ResMut<Learning>, dirs: Option<Res<DataDirs>>) {
    if learning.read {
        return;
    }
    let Some(dirs) = dirs else { return };
    learning.read = true;
    if let Some(path) = dirs.0.as_ref().map(crate::storage::Dirs::lessons)
        && let Ok(text) = std::fs::read_to_string(&path)
    {
        learning.progress = Progress::from_text(&text);
    }
    if let Some(path) = dirs.0.as_ref().map(crate::storage::Dirs::mistakes)
        && let Ok(text) = std::fs::read_to_string(&path)
    {
        learning.mistakes = super::mistakes::Queue::from_text(&text);
    }
}

/// The table's own lesson commands: who learns, start again.
fn answer(
    mut commands: MessageReader<LearnCommand>,
    mut learning: ResMut<Learning>,
    settings: Res<Settings>,
    tables: Res<crate::shell::table::Tables>,
    kind: Res<State<crate::schedule::GameKind>>,
    mut again: Commands,
) {
    let mut later = Vec::new();
    for command in commands.read() {
        match command {
            LearnCommand::LeaveForNewGame => later.push(LearnCommand::Leave),
            LearnCommand::Learner(name) => {
                learning.learner.clone_from(name);
                info!("learner {name:?}");
            }
            LearnCommand::Reset => {
                let who = learning.who(&settings);
                let slug = tables.slug(*kind.get());
                learning.progress.reset(&who, slug);
                learning.dirty = true;
                info!("lessons of {slug} started again for {who:?}");
            }
            _ => {}
        }
    }
    // The game comes back first; the dialog opens over it.
    for command in later {
        again.write_message(command);
        again.write_message(crate::actions::Action::NewGameChoices(true));
    }
}

/// Writes the stars when they changed (atomically, in the data folder).
fn keep_progress(
    mut learning: ResMut<Learning>,
    dirs: Option<Res<DataDirs>>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(dirs) = dirs.and_then(|d| d.0.clone()) else {
        return;
    };
    if learning.mistakes_dirty {
        learning.mistakes_dirty = false;
        let text = learning.mistakes.to_text();
        if let Err(e) = crate::storage::atomic_write(&dirs.mistakes(), text.as_bytes()) {
            notices.write(Notice::warn(
                crate::i18n::Word::LessonsFailed.fill(settings.lang, &[&e]),
            ));
        }
    }
    if !learning.dirty {
        return;
    }
    learning.dirty = false;
    let path = dirs.lessons();
    if let Err(e) = crate::storage::atomic_write(&path, learning.progress.to_text().as_bytes()) {
        notices.write(Notice::warn(
            crate::i18n::Word::LessonsFailed.fill(settings.lang, &[&e]),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who a problem or a lesson is kept for: the learner, "me", the one player seated.
    #[test]
    fn the_one_player_seated_learns_when_nobody_else_is_named() {
        let mut settings = Settings::default();
        let mut learning = Learning::default();
        assert_eq!(learning.who(&settings), "", "nobody: a guest");
        settings.seats = ["小明".into(), String::new()];
        assert_eq!(learning.who(&settings), "小明");
        settings.seats = ["小明".into(), "爸爸".into()];
        assert_eq!(
            learning.who(&settings),
            "",
            "two players: nobody in particular"
        );
        settings.me = "爸爸".into();
        assert_eq!(learning.who(&settings), "爸爸");
        learning.learner = "小明".into();
        assert_eq!(learning.who(&settings), "小明");
    }
}
