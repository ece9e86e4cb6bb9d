//! Learning to play, the part both games share: a course is stages of levels, each level
//! a small task with a par in moves; a level passed earns 1–3 stars by the moves it took
//! over its par, and each player's best stars are kept ([`progress::Progress`]). What a
//! level is and how it is judged is the game's own; the table only counts and shows.

#[cfg(feature = "shell")]
pub mod ask;
#[cfg(feature = "shell")]
pub mod coach;
#[cfg(feature = "shell")]
pub mod guess;
pub mod guessed;
#[cfg(feature = "shell")]
pub mod lessons;
pub mod mistakes;
#[cfg(feature = "shell")]
pub mod practice;
#[cfg(feature = "shell")]
pub mod problems;
pub mod progress;
#[cfg(feature = "shell")]
pub mod shell;

use crate::i18n::Lang;

/// The seat of a side: 0 for the side that moves first in the game's own order (the
/// new-game dialog's "Help" column, seat by seat).
#[must_use]
pub fn seat(first: bool) -> usize {
    usize::from(!first)
}

/// What an engine's look at a move has come to (the tutor, practice and guessing ask
/// one and read the answer when it has come).
pub enum Looked<T> {
    /// Not yet.
    Waiting,
    /// The engine's verdict.
    Done(T),
    /// The engine stopped before it answered.
    Failed,
}

/// A sentence in every language the game speaks, held by [`Lang::column`]: none falls
/// back to another.
///
/// ```
/// use table::i18n::Lang;
/// use table::learn::Text;
///
/// let t = Text::new("对", "Right", "對", "Đúng");
/// assert_eq!(t.get(Lang::Hant), "對");
/// let asked = Text::each(|l| format!("{}?", t.get(l)));
/// assert_eq!(asked.get(Lang::Vi), "Đúng?");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text([String; 4]);

impl Text {
    /// A sentence from its 简体中文, English, 繁體中文 and Tiếng Việt.
    #[must_use]
    pub fn new(
        zh: impl Into<String>,
        en: impl Into<String>,
        hant: impl Into<String>,
        vi: impl Into<String>,
    ) -> Text {
        Text([zh.into(), en.into(), hant.into(), vi.into()])
    }

    /// A sentence built in each language by `say` (one made of others, or of a
    /// language's words chosen in a match).
    #[must_use]
    pub fn each(mut say: impl FnMut(Lang) -> String) -> Text {
        let mut text = Text::default();
        for lang in Lang::ALL {
            text.0[lang.column()] = say(lang);
        }
        text
    }

    /// The sentence in `lang`.
    #[must_use]
    pub fn get(&self, lang: Lang) -> &str {
        &self.0[lang.column()]
    }
}

/// The question a warning is asked with, in each language: "Are you sure? " before
/// what is wrong with the move.
///
/// ```
/// use table::i18n::Lang;
/// use table::learn::{Text, are_you_sure};
///
/// let why = Text::new("会被吃。", "It can be taken.", "會被吃。", "Sẽ bị ăn.");
/// assert_eq!(are_you_sure(&why).get(Lang::Hant), "確定嗎？會被吃。");
/// ```
#[must_use]
pub fn are_you_sure(why: &Text) -> Text {
    Text::each(|l| {
        let why = why.get(l);
        match l {
            Lang::Zh => format!("确定吗？{why}"),
            Lang::Hant => format!("確定嗎？{why}"),
            Lang::En => format!("Are you sure? {why}"),
            Lang::Vi => format!("Bạn chắc chứ? {why}"),
        }
    })
}

/// The help a side of a game between two people is given (each seat its own): none,
/// warnings before a move that loses at once, or a tutor besides. Written by its name
/// in the settings file (`"warnings"`); an unknown name is none.
///
/// ```
/// use table::learn::Help;
///
/// assert_eq!("warnings".parse::<Help>(), Ok(Help::Warnings));
/// assert_eq!(Help::Tutor.to_string(), "tutor");
/// assert!(Help::Tutor.warns() && !Help::None.warns());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Help {
    /// Plays unhelped.
    #[default]
    None,
    /// Asked before a move that loses at once.
    Warnings,
    /// Warned, and a costly move taken back with a better one shown: from a mistake
    /// (`?`) of the review's marks.
    Tutor,
    /// The tutor, for blunders (`??`) alone: a stronger player's help.
    TutorBlunders,
}

impl Help {
    /// Every choice, as the new-game dialog offers them.
    pub const ALL: [Help; 4] = [Help::None, Help::Warnings, Help::Tutor, Help::TutorBlunders];

    /// A tutor's: whether for blunders alone (`None`: no tutor).
    #[must_use]
    pub fn tutor(self) -> Option<bool> {
        match self {
            Help::Tutor => Some(false),
            Help::TutorBlunders => Some(true),
            _ => None,
        }
    }

    /// Its moves are looked at before they are played.
    #[must_use]
    pub fn warns(self) -> bool {
        self != Help::None
    }

    /// Its name in the interface.
    #[must_use]
    pub fn word(self) -> crate::i18n::Word {
        match self {
            Help::None => crate::i18n::Word::HelpNone,
            Help::Warnings => crate::i18n::Word::HelpWarnings,
            Help::Tutor => crate::i18n::Word::HelpTutor,
            Help::TutorBlunders => crate::i18n::Word::HelpTutorBlunders,
        }
    }
}

impl std::fmt::Display for Help {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Help::None => "none",
            Help::Warnings => "warnings",
            Help::Tutor => "tutor",
            Help::TutorBlunders => "tutor-blunders",
        })
    }
}

impl std::str::FromStr for Help {
    type Err = ();

    fn from_str(s: &str) -> Result<Help, ()> {
        Help::ALL
            .into_iter()
            .find(|h| h.to_string() == s.trim())
            .ok_or(())
    }
}

/// The stars a level passed in `moves` earns against its `par`: three at par or under,
/// two when over it by at most an eighth of it (at least one move), one otherwise. The
/// rule is lichess's Learn's, so a long level forgives a little more.
///
/// ```
/// use table::learn::stars;
///
/// assert_eq!(stars(2, 2), 3);
/// assert_eq!(stars(3, 2), 2);
/// assert_eq!(stars(4, 2), 1);
/// assert_eq!(stars(18, 16), 2);
/// ```
#[must_use]
pub fn stars(moves: u32, par: u32) -> u8 {
    let late = moves.saturating_sub(par);
    if late == 0 {
        3
    } else if late <= (par / 8).max(1) {
        2
    } else {
        1
    }
}

/// How a learner's try at a level stands; `F` is the game's own reasons to fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict<F> {
    /// Not over yet.
    Going,
    /// The goal is reached.
    Passed {
        /// 1–3, by the moves over par.
        stars: u8,
    },
    /// The level is failed: Retry starts it again.
    Failed(F),
}

impl<F> Verdict<F> {
    /// The same verdict, its reason to fail made another thing (the game's words).
    ///
    /// ```
    /// use table::learn::Verdict;
    ///
    /// let failed: Verdict<u8> = Verdict::Failed(3);
    /// assert_eq!(failed.map(|n| n * 2), Verdict::Failed(6));
    /// assert_eq!(Verdict::<u8>::Passed { stars: 2 }.map(|n| n * 2), Verdict::Passed { stars: 2 });
    /// ```
    pub fn map<G>(self, f: impl FnOnce(F) -> G) -> Verdict<G> {
        match self {
            Verdict::Going => Verdict::Going,
            Verdict::Passed { stars } => Verdict::Passed { stars },
            Verdict::Failed(why) => Verdict::Failed(f(why)),
        }
    }
}

/// A stage of a game's course: levels (`L`, the game's own) that teach one thing.
#[derive(Clone, Debug, PartialEq)]
pub struct Stage<L> {
    /// Its name in files (`horse`).
    pub id: String,
    /// Its title.
    pub title: Text,
    /// What it teaches, shown when its first level opens.
    pub intro: Text,
    /// Its levels.
    pub levels: Vec<L>,
}

/// A game's level as the map shows it.
pub trait Card {
    /// Its card: id, goal, par.
    fn card(&self) -> LevelCard;
}

/// One level as the map shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCard {
    /// Its name in the progress file: the stage's id, a dash, its number (`horse-3`).
    pub id: String,
    /// The one-line goal.
    pub goal: Text,
    /// Its par in moves.
    pub par: u32,
}

/// One stage as the map shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageCard {
    /// Its name in files (`horse`).
    pub id: String,
    /// Its title (马, The horse).
    pub title: Text,
    /// What it teaches, shown when its first level opens.
    pub intro: Text,
    /// Its levels, in order.
    pub levels: Vec<LevelCard>,
}

/// A course: a game's stages, and how many levels they hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Course {
    /// The game's name in files (`xiangqi`, `go`).
    pub slug: String,
    /// The stages, in order.
    pub stages: Vec<StageCard>,
}

impl Course {
    /// The course of a game's stages, as the map shows it.
    #[must_use]
    pub fn of<L: Card>(slug: &str, stages: &[Stage<L>]) -> Course {
        Course {
            slug: slug.to_owned(),
            stages: stages
                .iter()
                .map(|s| StageCard {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    intro: s.intro.clone(),
                    levels: s.levels.iter().map(Card::card).collect(),
                })
                .collect(),
        }
    }

    /// Every level, with its stage's and its own index.
    pub fn levels(&self) -> impl Iterator<Item = (usize, usize, &LevelCard)> {
        self.stages
            .iter()
            .enumerate()
            .flat_map(|(s, stage)| stage.levels.iter().enumerate().map(move |(l, c)| (s, l, c)))
    }

    /// How many levels it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.stages.iter().map(|s| s.levels.len()).sum()
    }

    /// It holds no level.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first level `player` has not passed, in course order (the first level when
    /// every one is passed).
    #[must_use]
    pub fn next_for(&self, progress: &progress::Progress, player: &str) -> (usize, usize) {
        self.levels()
            .find(|(_, _, c)| progress.stars(player, &self.slug, &c.id) == 0)
            .map_or((0, 0), |(s, l, _)| (s, l))
    }
}
