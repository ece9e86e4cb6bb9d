//! The household at the table: the players the program remembers (it keeps them in its
//! library and fills [`Household`]), who sits at each side of a new game (the settings'
//! `seats`, the last pair the next game's default), and each player's page as plain
//! lines to show. The table knows no game: a page's lines are the program's, made from
//! its library for every game it holds.

use bevy::prelude::*;

use crate::i18n::Lang;
use crate::settings::Settings;
use crate::theme::{PieceStyle, Theme};

pub use crate::rating::ladder::{DOWN, Ladder, UP};

/// The players the program remembers, in the order to list them.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Household {
    /// Each player's page.
    pub players: Vec<Profile>,
}

impl Household {
    /// The players' names.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.players.iter().map(|p| p.name.as_str())
    }
}

/// A player's own look: what the table takes from them when they are "me".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerLook {
    /// Their language.
    pub lang: Lang,
    /// Their board.
    pub theme: Theme,
    /// Their pieces.
    pub pieces: PieceStyle,
    /// Sound on.
    pub sound: bool,
}

impl PlayerLook {
    /// The look the settings have now.
    #[must_use]
    pub fn of(settings: &Settings) -> PlayerLook {
        PlayerLook {
            lang: settings.lang,
            theme: settings.theme,
            pieces: settings.pieces,
            sound: settings.sound,
        }
    }

    /// Puts it into `settings`.
    pub fn apply(self, settings: &mut Settings) {
        settings.lang = self.lang;
        settings.theme = self.theme;
        settings.pieces = self.pieces;
        settings.sound = self.sound;
    }

    /// As the library keeps it: `lang=zh theme=wood pieces=traditional sound=on`.
    #[must_use]
    pub fn to_text(self) -> String {
        let sound = if self.sound { "on" } else { "off" };
        format!(
            "lang={} theme={} pieces={} sound={sound}",
            self.lang, self.theme, self.pieces
        )
    }

    /// Read back from [`to_text`](Self::to_text); a word it does not know keeps
    /// `settings`' value, and a text without any it knows is none.
    #[must_use]
    pub fn from_text(text: &str, settings: &Settings) -> Option<PlayerLook> {
        let mut look = PlayerLook::of(settings);
        let mut known = false;
        for (key, value) in text.split_whitespace().filter_map(|w| w.split_once('=')) {
            known |= match key {
                "lang" => value.parse().map(|v| look.lang = v).is_ok(),
                "theme" => value.parse().map(|v| look.theme = v).is_ok(),
                "pieces" => value.parse().map(|v| look.pieces = v).is_ok(),
                "sound" => {
                    look.sound = value != "off";
                    true
                }
                _ => false,
            };
        }
        known.then_some(look)
    }
}

/// A player and what the library's games say of them, per game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// The player's id in the program's library: what the commands about them name
    /// (their name may change).
    pub id: i64,
    /// The name on the cards and in the records.
    pub name: String,
    /// Their own look, once kept.
    pub look: Option<PlayerLook>,
    /// Their colour on the cards and pages, once chosen.
    pub colour: Option<[u8; 3]>,
    /// Per game the player has finished games of.
    pub games: Vec<ProfileGame>,
}

/// A player's record in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProfileGame {
    /// The game's name in files (`xiangqi`, `go`): its table's slug.
    pub slug: String,
    /// The game's title, in the language the page was made in.
    pub title: String,
    /// Wins, draws, losses.
    pub score: [u32; 3],
    /// Glicko-2 rating and deviation, once a game is rated.
    pub rating: Option<(f64, f64)>,
    /// Head to head: each opponent's name and the score against them.
    pub opponents: Vec<(String, [u32; 3])>,
    /// The last games, newest first: what the row says, and the game's id in the library
    /// (a click opens it).
    pub last: Vec<(String, i64)>,
    /// Where the player's games against the computer put them on its ladder.
    pub ladder: Option<Ladder>,
    /// Their puzzle duels at this game, newest first, as the page says them.
    pub duels: Vec<String>,
}

impl Household {
    /// The rating of the player named `name` at the game of `slug`, if rated.
    #[must_use]
    pub fn rating(&self, name: &str, slug: &str) -> Option<f64> {
        let player = self.players.iter().find(|p| p.name == name)?;
        let game = player.games.iter().find(|g| g.slug == slug)?;
        game.rating.map(|(r, _)| r)
    }

    /// Where the player named `name` stands on the computer's ladder at the game of
    /// `slug`, once they have played it.
    #[must_use]
    pub fn ladder(&self, name: &str, slug: &str) -> Option<Ladder> {
        let player = self.players.iter().find(|p| p.name == name)?;
        player.games.iter().find(|g| g.slug == slug)?.ladder
    }
}

/// Asked from the table's dialogs, answered by the program's library.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum HouseholdCommand {
    /// Remember a player by this name.
    Add(String),
    /// Open a game of a player's page (its library id).
    Open(i64),
    /// The player of this name is "me" (their look becomes the table's); the same again:
    /// nobody. (The seats and "me" are names: what the records write.)
    Me(String),
    /// Keep this look as player `id`'s own.
    SetLook(i64, PlayerLook),
    /// This colour is player `id`'s (`None`: none).
    SetColour(i64, Option<[u8; 3]>),
    /// Rename player `id` (a typo mended): the seats and "me" follow.
    Rename(i64, String),
    /// Forget player `id` (the games stay in the library).
    Remove(i64),
}

/// The colours a player may take: apart from each other, from both games' sides (red,
/// black, white) and from the boards.
pub const COLOURS: [[u8; 3]; 6] = [
    [0x2e, 0x86, 0xde],
    [0x27, 0xae, 0x60],
    [0xe6, 0x7e, 0x22],
    [0x8e, 0x44, 0xad],
    [0xe8, 0x43, 0x93],
    [0x16, 0xa0, 0x85],
];

/// A colour as the library keeps it: `#2e86de`.
#[must_use]
pub fn colour_text(colour: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", colour[0], colour[1], colour[2])
}

/// A colour read back from [`colour_text`] (`None`: not one).
#[must_use]
pub fn colour_of(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// How the seat of `name` is said: the name, or "guest" (客人) for an empty one.
#[must_use]
pub fn seat_name(name: &str, lang: crate::i18n::Lang) -> &str {
    if name.trim().is_empty() {
        crate::i18n::Word::Guest.get(lang)
    } else {
        name
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Household>()
        .add_message::<HouseholdCommand>()
        .add_systems(
            Update,
            // Before the look is derived from the settings (Logic::Settings).
            (choose_me, follow_me)
                .chain()
                .in_set(crate::schedule::Logic::Dialogs),
        );
}

/// "This is me" on a player's page: the same player again lets go.
/// A player renamed or removed: the seats and "me" follow (a removed player's seat is a
/// guest's again).
fn choose_me(
    mut asked: MessageReader<HouseholdCommand>,
    mut settings: ResMut<Settings>,
    household: Res<Household>,
) {
    for command in asked.read() {
        match command {
            HouseholdCommand::Me(name) => {
                let me = if settings.me == *name {
                    String::new()
                } else {
                    name.clone()
                };
                info!("me: {me:?}");
                settings.me = me;
            }
            HouseholdCommand::Rename(id, _) | HouseholdCommand::Remove(id) => {
                // The name they had on the pages: what the seats and "me" say.
                let Some(old) = household.players.iter().find(|p| p.id == *id) else {
                    continue;
                };
                let old = &old.name;
                let new = match command {
                    HouseholdCommand::Rename(_, new) => new.trim().to_owned(),
                    _ => String::new(),
                };
                for seat in 0..2 {
                    if settings.seats[seat] == *old {
                        settings.seats[seat].clone_from(&new);
                    }
                }
                if let Some(help) = settings.help_of.remove(old)
                    && !new.is_empty()
                {
                    settings.help_of.insert(new.clone(), help);
                }
                if settings.me == *old {
                    settings.me = new;
                }
                settings.settle_help();
            }
            _ => {}
        }
    }
}

/// The table wears the look of the player who is "me": when they are chosen (or the
/// library first says who the players are), their look kept is put on; a change of
/// the look while they are "me" is kept as theirs.
fn follow_me(
    mut settings: ResMut<Settings>,
    household: Res<Household>,
    mut worn: Local<Option<String>>,
    mut asked: MessageWriter<HouseholdCommand>,
) {
    if settings.me.is_empty() {
        *worn = None;
        return;
    }
    let Some(profile) = household.players.iter().find(|p| p.name == settings.me) else {
        return;
    };
    let now = PlayerLook::of(&settings);
    if worn.as_deref() != Some(settings.me.as_str()) {
        *worn = Some(settings.me.clone());
        match profile.look {
            Some(look) if look != now => {
                info!("the table wears {}'s look", profile.name);
                look.apply(&mut settings);
            }
            Some(_) => {}
            // Nothing kept yet: the look they chose with is theirs.
            None => _ = asked.write(HouseholdCommand::SetLook(profile.id, now)),
        }
        return;
    }
    if settings.is_changed() && profile.look != Some(now) {
        asked.write(HouseholdCommand::SetLook(profile.id, now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_reads_back_as_written_and_unknown_words_keep_the_settings() {
        let settings = Settings::default();
        let look = PlayerLook {
            lang: Lang::Zh,
            theme: Theme::Dark,
            pieces: PieceStyle::International,
            sound: false,
        };
        let text = look.to_text();
        assert_eq!(
            PlayerLook::from_text(&text, &settings),
            Some(look),
            "{text}"
        );
        assert_eq!(PlayerLook::from_text("", &settings), None);
        assert_eq!(colour_of(&colour_text(COLOURS[3])), Some(COLOURS[3]));
        assert_eq!(colour_of("#12345"), None);
        assert_eq!(colour_of("blue"), None);
        let partly = PlayerLook::from_text("theme=paper colour=blue", &settings).unwrap();
        assert_eq!(partly.theme, Theme::Paper);
        assert_eq!(partly.lang, settings.lang, "the rest is the settings'");
    }
}
