//! Guess the move, the part both games share: the game on the table replayed from its
//! start with each next move hidden; each guess scored (the game's own move 100; by the
//! engine's opinion, a move as good as its best 50; else 0), a percentage for the game,
//! and each player's games kept in the data folder (`guesses.tsv`: player, game, the
//! game's name, percent) for their average. The game on the table replays and judges;
//! the table counts, shows and keeps.

use std::collections::BTreeMap;

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use super::{Looked, Text};
use crate::actions::Action;
use crate::i18n::Lang;
use crate::messages::BoardChanged;
use crate::settings::Settings;
use crate::shell::table::{Lending, Lent, Service, TableGame, add_service};
use crate::store::persist::DataDirs;

/// What the player asks.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GuessCommand {
    /// Replay the game on the table with its moves hidden.
    Start,
    /// Back to the game.
    Leave,
}

/// How the guess at the move shown stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuessState {
    /// Waiting for the guess.
    Going,
    /// The engine is asked about it.
    Judging,
    /// The game is over: every move guessed.
    Done,
}

/// A game being guessed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guessing {
    /// Who guesses.
    pub player: String,
    /// The game's name (its players and date).
    pub source: String,
    /// Moves guessed.
    pub guessed: usize,
    /// Moves in the game.
    pub moves: usize,
    /// Points so far.
    pub points: u32,
    /// The last guess's words.
    pub said: Option<Text>,
    /// How it stands.
    pub state: GuessState,
    /// The game has set its start up.
    pub shown: bool,
}

impl Guessing {
    /// The percentage so far.
    #[must_use]
    pub fn percent(&self) -> u32 {
        if self.guessed == 0 {
            0
        } else {
            self.points / self.guessed as u32
        }
    }
}

/// The games guessed and being guessed.
#[derive(Resource, Default, Debug)]
pub struct Guesses {
    /// The game being guessed at each game's table, by slug.
    pub open: BTreeMap<String, Guessing>,
    /// Every game guessed to its end.
    pub kept: super::guessed::Guessed,
    dirty: bool,
    read: bool,
}

impl Guesses {
    /// A guess at `slug` scored `points` (0–100), with its words.
    pub fn scored(&mut self, slug: &str, points: u32, words: Text) {
        let Some(g) = self.open.get_mut(slug) else {
            return;
        };
        g.guessed += 1;
        g.points += points.min(100);
        info!(
            "guess {} of {}: {points} ({})",
            g.guessed,
            g.moves,
            words.get(Lang::En)
        );
        g.said = Some(words);
        g.state = GuessState::Going;
        if g.guessed >= g.moves {
            g.state = GuessState::Done;
            info!("guessed the game: {}%", g.percent());
            let (player, source, percent) = (g.player.clone(), g.source.clone(), g.percent());
            self.kept.keep(&player, slug, &source, percent);
            self.dirty = true;
        }
    }

    /// `player`'s games guessed at `slug` and their average percentage.
    #[must_use]
    pub fn average(&self, player: &str, slug: &str) -> Option<(usize, u32)> {
        self.kept.average(player, slug)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Guesses>().add_message::<GuessCommand>();
    // The guessing's Esc at every table.
    add_service(
        app,
        Service {
            answers: |a| matches!(a, Action::Own(own) if own.is::<GuessCommand>()),
            key: |_, _| None,
            lent: |world, slug| {
                world
                    .get_resource::<Guesses>()?
                    .open
                    .contains_key(slug)
                    .then(|| Lending {
                        lent: Lent::Guessing,
                        give_back: Action::own(GuessCommand::Leave),
                        onward: None,
                    })
            },
        },
    );
}

/// Start and Leave at the game on the table; the file read once and written on change.
pub(crate) fn commands(
    mut asked: MessageReader<GuessCommand>,
    mut guesses: ResMut<Guesses>,
    learning: Res<super::shell::Learning>,
    settings: Res<Settings>,
    kind: Res<State<crate::schedule::GameKind>>,
    tables: Res<crate::shell::tables::Tables>,
    dirs: Option<Res<DataDirs>>,
) {
    let dirs = dirs.and_then(|d| d.0.clone());
    if !guesses.read
        && let Some(dirs) = &dirs
    {
        guesses.read = true;
        if let Ok(text) = std::fs::read_to_string(dirs.guesses()) {
            guesses.kept = super::guessed::Guessed::from_text(&text);
        }
    }
    let slug = tables.slug(*kind.get());
    for command in asked.read() {
        match command {
            GuessCommand::Leave => {
                if guesses.open.remove(slug).is_some() {
                    info!("guessing left");
                }
            }
            GuessCommand::Start => {
                let player = learning.who(&settings);
                guesses.open.insert(
                    slug.to_owned(),
                    Guessing {
                        player,
                        source: String::new(),
                        guessed: 0,
                        moves: 0,
                        points: 0,
                        said: None,
                        state: GuessState::Going,
                        shown: false,
                    },
                );
            }
        }
    }
    if guesses.dirty
        && let Some(dirs) = &dirs
    {
        guesses.dirty = false;
        let _ = crate::storage::atomic_write(&dirs.guesses(), guesses.kept.to_text().as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_guessed_is_kept_with_its_percentage_and_averaged() {
        let mut g = Guesses::default();
        g.open.insert(
            "xiangqi".into(),
            Guessing {
                player: "Mei".into(),
                source: "a\tgame".into(),
                guessed: 0,
                moves: 2,
                points: 0,
                said: None,
                state: GuessState::Going,
                shown: true,
            },
        );
        g.scored("xiangqi", 100, Text::new("对", "right", "對", "đúng"));
        g.scored("xiangqi", 50, Text::new("好", "good", "好", "tốt"));
        assert_eq!(g.open["xiangqi"].state, GuessState::Done);
        assert_eq!(g.average("Mei", "xiangqi"), Some((1, 75)));
        let text = g.kept.to_text() + "bad\tline\n";
        let read = super::super::guessed::Guessed::from_text(&text);
        assert_eq!(
            read.0,
            [("Mei".into(), "xiangqi".into(), "a game".into(), 75)]
        );
    }
}

/// A game's part in guessing a game's moves: the game on its board, its moves, its
/// engine's look at a guess and its words. The flow is [`board`] and [`judge`].
pub trait GuessGame: TableGame {
    /// A move.
    type Move: Copy + PartialEq + Send + Sync + 'static;
    /// The game guessed (its start and moves).
    type Game: Send + Sync + 'static;
    /// The game put aside meanwhile (its record, and how the board was turned).
    type Aside: Send + Sync + 'static;
    /// The engine's look at a guess.
    type Look: Send + Sync + 'static;
    /// What guessing reads of the game's table and writes to it.
    type Board: SystemParam + 'static;

    /// The game on the board to guess, its name (its players and date) and how many
    /// moves it has; `None`: no game to guess here (none played, or the board lent).
    fn to_guess(board: &SystemParamItem<Self::Board>) -> Option<(Self::Game, String, usize)>;
    /// Puts the game aside and sets the start of `game` on the board.
    fn set_up(board: &mut SystemParamItem<Self::Board>, game: &Self::Game) -> Self::Aside;
    /// Brings the game put aside back.
    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Self::Aside);
    /// The guess played on the board this frame, if any.
    fn guessed(board: &mut SystemParamItem<Self::Board>) -> Option<Self::Move>;
    /// Move `i` of `game`.
    fn truth(game: &Self::Game, i: usize) -> Option<Self::Move>;
    /// The engine's look at `guess` for move `i`; `None` without an engine.
    fn look(
        board: &SystemParamItem<Self::Board>,
        game: &Self::Game,
        i: usize,
        guess: Self::Move,
    ) -> Option<Self::Look>;
    /// The points the look gives the guess (50 as good as the engine's best, else 0),
    /// once it has come.
    fn points(look: &mut Self::Look) -> Looked<u32>;
    /// Move `i` of `game`, `mv`, in the words of each language.
    fn name(game: &Self::Game, i: usize, mv: Self::Move) -> Text;
    /// What the game's engine says of a guess that is not the game's move: its
    /// `points`, the game's move and the guess named.
    fn said(points: u32, truth: &Text, tried: &Text) -> Text;
    /// Takes the guess back and plays the game's move.
    fn play_truth(board: &mut SystemParamItem<Self::Board>, truth: Self::Move);
}

/// A game being guessed at `G`'s table: the game put aside, the game guessed, the
/// engine's look at a guess.
#[derive(Resource)]
pub struct Guess<G: GuessGame> {
    aside: Option<G::Aside>,
    game: Option<G::Game>,
    look: Option<(G::Move, G::Look)>,
}

impl<G: GuessGame> Default for Guess<G> {
    fn default() -> Self {
        Guess {
            aside: None,
            game: None,
            look: None,
        }
    }
}

impl Guesses {
    /// The board of the game of `slug` takes guesses: none being judged.
    #[must_use]
    pub fn takes_moves(&self, slug: &str) -> bool {
        self.open
            .get(slug)
            .is_none_or(|g| g.state == GuessState::Going)
    }
}

/// Sets the game's start up, or brings the game back once guessing is left.
pub fn board<G: GuessGame>(
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<Guess<G>>,
    mut board: StaticSystemParam<G::Board>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(g) = guesses.open.get_mut(G::SLUG) else {
        if let Some(aside) = mine.aside.take() {
            G::bring_back(&mut board, aside);
            changed.write(BoardChanged);
            info!("guessing: the game is back");
        }
        return;
    };
    if g.shown {
        return;
    }
    let Some((game, source, moves)) = G::to_guess(&board).filter(|_| mine.aside.is_none()) else {
        info!("guessing: no game to guess here");
        guesses.open.remove(G::SLUG);
        return;
    };
    g.source = source;
    g.moves = moves;
    g.shown = true;
    info!("guessing {moves} moves");
    mine.aside = Some(G::set_up(&mut board, &game));
    mine.game = Some(game);
    mine.look = None;
    changed.write(BoardChanged);
}

/// Each guess judged (the game's own move 100, else by the engine), then the game's
/// own move played.
pub fn judge<G: GuessGame>(
    mut guesses: ResMut<Guesses>,
    mut mine: ResMut<Guess<G>>,
    mut board: StaticSystemParam<G::Board>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let guessed = G::guessed(&mut board);
    let Some(g) = guesses.open.get(G::SLUG).filter(|g| g.shown) else {
        return;
    };
    let (i, going) = (g.guessed, g.state == GuessState::Going);
    let mine = &mut *mine;
    let Some(game) = mine.game.as_ref() else {
        return;
    };
    let Some(truth) = G::truth(game, i) else {
        return;
    };
    let (tried, points) = match guessed {
        Some(tried) if going => {
            if tried == truth {
                let truth = G::name(game, i, truth);
                let right = Text::each(|l| {
                    let m = truth.get(l);
                    match l {
                        Lang::Zh => format!("猜对了：{m}（100）。"),
                        Lang::Hant => format!("猜對了：{m}（100）。"),
                        Lang::En => format!("Right: {m} (100)."),
                        Lang::Vi => format!("Đoán đúng: {m} (100)."),
                    }
                });
                guesses.scored(G::SLUG, 100, right);
                return;
            }
            match G::look(&board, game, i, tried) {
                Some(look) => {
                    mine.look = Some((tried, look));
                    if let Some(g) = guesses.open.get_mut(G::SLUG) {
                        g.state = GuessState::Judging;
                    }
                    return;
                }
                None => (tried, 0),
            }
        }
        _ => {
            let Some((tried, look)) = mine.look.as_mut() else {
                return;
            };
            match G::points(look) {
                Looked::Waiting => return,
                Looked::Done(points) => (*tried, points),
                Looked::Failed => (*tried, 0),
            }
        }
    };
    mine.look = None;
    let said = G::said(points, &G::name(game, i, truth), &G::name(game, i, tried));
    guesses.scored(G::SLUG, points, said);
    G::play_truth(&mut board, truth);
    changed.write(BoardChanged);
}
