//! Guess the move, the part both games share: the game on the table replayed from its
//! start with each next move hidden; each guess scored (the game's own move 100; by the
//! engine's opinion, a move as good as its best 50; else 0), a percentage for the game,
//! and each player's games kept in the data folder (`guesses.tsv`: player, game, the
//! game's name, percent) for their average. The game on the table replays and judges;
//! the table counts, shows and keeps.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::Text;
use crate::actions::Action;
use crate::settings::Settings;
use crate::shell::table::{Lending, Lent, Service, add_service};
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
        info!("guess {} of {}: {points} ({})", g.guessed, g.moves, words.1);
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
        g.scored("xiangqi", 100, Text::new("对", "right"));
        g.scored("xiangqi", 50, Text::new("好", "good"));
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
