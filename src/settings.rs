//! The player's settings and the settings file (`settings.ron` in the config folder):
//! each value typed, each choice written by its name (`notation: "WXF"`,
//! `coordinates: "chinese"`, `language: "en"`, `clock: "10+5"`) so that a hand edit is
//! easy. A name this version does not know falls back to its default alone; a file that
//! does not read at all is kept aside and the defaults are used.
//!
//! The table's fields and each game's stand side by side in the one record: the table
//! reads and writes its own ([`Preferences`]), each game its own (Xiangqi's
//! [`XiangqiSettings::from_file`], through its `FileSection`).
//!
//! ```
//! use xiangqi::settings::{Preferences, XiangqiSettings};
//!
//! let text = "(notation: \"WXF\", theme: \"dark\", slot: Some(3))";
//! let prefs = Preferences::from_text(text).unwrap();
//! assert_eq!(prefs.settings.theme, xiangqi::theme::Theme::Dark);
//! assert_eq!(prefs.slots.get("xiangqi"), Some(&3));
//! assert_eq!(XiangqiSettings::from_file(text).notation, xiangqi::rules::Notation::Wxf);
//! assert_eq!(Preferences::from_text(&prefs.to_text()), Ok(prefs));
//! assert!(Preferences::from_text("(notation: \"WXF\"").is_err());
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::engine::Limit;
use crate::i18n::Lang;
use crate::rules::{Color, Controls, Notation};
use crate::storage::{Damaged, Dirs, atomic_write, read_or_keep_aside};
pub use crate::theme::{Coordinates, PieceStyle, Theme};
pub use table::settings::{Settings, ZOOMS, zoom_step};
#[cfg(feature = "gui")]
use table::store::persist::Kept;

/// Xiangqi's section of the settings: the notation, the next game's clock, the
/// engine and the computer opponent.
#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Debug, Clone, PartialEq)]
pub struct XiangqiSettings {
    /// The move list's notation.
    pub notation: Notation,
    /// The time control of the next new game (`None`: untimed).
    pub clock: Option<Controls>,
    /// The analysis engine's program (`None`: Fairy-Stockfish or Pikafish, wherever
    /// they are installed).
    pub engine: Option<std::path::PathBuf>,
    /// The side the computer plays (`None`: two people play).
    pub computer: Option<Color>,
    /// How long the computer thinks about its move.
    pub strength: Limit,
    /// The computer's level (1–17, `engine::levels`), which replaces the strength;
    /// `None`: the strength as set.
    pub level: Option<u8>,
    /// The engine's search threads.
    pub threads: u32,
    /// The engine's hash table, in MB.
    pub hash_mb: u32,
}

/// Xiangqi's name at the table (its slot has the file's `slot` field of old).
const XIANGQI: &str = "xiangqi";

/// The computer's strength when the player has not chosen one: a second a move.
pub const DEFAULT_STRENGTH: Limit = Limit::MoveTime(std::time::Duration::from_secs(1));

/// The engine's threads and hash table are brought into these ranges.
pub const THREADS: std::ops::RangeInclusive<u32> = 1..=64;
/// See [`THREADS`].
pub const HASH_MB: std::ops::RangeInclusive<u32> = 1..=4096;
/// The deepest and longest a computer's move may be set to think.
pub const MAX_DEPTH: u32 = 30;
/// See [`MAX_DEPTH`].
pub const MAX_MOVE_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// A strength brought into what the game offers (a typed file may say anything).
#[must_use]
pub fn clamp_strength(limit: Limit) -> Limit {
    match limit {
        Limit::Depth(d) | Limit::DepthWithin(d, _) => Limit::Depth(d.clamp(1, MAX_DEPTH)),
        Limit::MoveTime(t) => {
            Limit::MoveTime(t.clamp(std::time::Duration::from_millis(100), MAX_MOVE_TIME))
        }
        // The computer must move some time.
        Limit::Infinite => DEFAULT_STRENGTH,
    }
}

impl Default for XiangqiSettings {
    fn default() -> Self {
        XiangqiSettings {
            notation: Notation::Chinese,
            clock: None,
            engine: None,
            computer: None,
            strength: DEFAULT_STRENGTH,
            // A family starts the computer at its easiest level; depth or time is the
            // advanced choice (level none).
            level: Some(1),
            threads: 1,
            hash_mb: 64,
        }
    }
}

impl XiangqiSettings {
    /// The notation a player of `lang` reads (中文 in either script, the Vietnamese
    /// letters), which the notation follows when the language changes: Chinese for
    /// English, as by default.
    ///
    /// ```
    /// use xiangqi::i18n::Lang;
    /// use xiangqi::rules::Notation;
    /// use xiangqi::settings::XiangqiSettings;
    ///
    /// assert_eq!(XiangqiSettings::notation_of(Lang::Hant), Notation::ChineseTraditional);
    /// assert_eq!(XiangqiSettings::notation_of(Lang::Vi), Notation::Vietnamese);
    /// ```
    #[must_use]
    pub const fn notation_of(lang: crate::i18n::Lang) -> Notation {
        use crate::i18n::Lang;
        match lang {
            Lang::Zh | Lang::En => Notation::Chinese,
            Lang::Hant => Notation::ChineseTraditional,
            Lang::Vi => Notation::Vietnamese,
        }
    }

    /// Xiangqi's fields of a settings file's text (the others are the table's and the
    /// other games'); a file that does not read gives the defaults.
    #[must_use]
    pub fn from_file(text: &str) -> XiangqiSettings {
        ron::from_str::<XiangqiStored>(text)
            .map(|s| s.xiangqi())
            .unwrap_or_default()
    }

    /// [`XiangqiSettings::from_file`] for a player of `lang`: a file that names no
    /// notation (none yet, on a first start) gives the language's own.
    ///
    /// ```
    /// use xiangqi::i18n::Lang;
    /// use xiangqi::rules::Notation;
    /// use xiangqi::settings::XiangqiSettings;
    ///
    /// assert_eq!(XiangqiSettings::from_file_for("", Lang::Vi).notation, Notation::Vietnamese);
    /// let wxf = "(notation: \"WXF\")";
    /// assert_eq!(XiangqiSettings::from_file_for(wxf, Lang::Vi).notation, Notation::Wxf);
    /// ```
    #[must_use]
    pub fn from_file_for(text: &str, lang: crate::i18n::Lang) -> XiangqiSettings {
        let stored = ron::from_str::<XiangqiStored>(text).ok();
        let named = stored.as_ref().and_then(|s| s.notation);
        XiangqiSettings {
            notation: named.unwrap_or(XiangqiSettings::notation_of(lang)),
            ..stored.map(|s| s.xiangqi()).unwrap_or_default()
        }
    }

    /// Xiangqi's fields, as a record of them for the settings file.
    #[must_use]
    pub fn to_file(&self) -> String {
        // Plain values only: serialising them cannot fail.
        ron::ser::to_string_pretty(
            &XiangqiStored::from(self),
            ron::ser::PrettyConfig::default(),
        )
        .expect("settings serialise")
    }
}

/// What the settings file holds of the table: the settings, the window's last size,
/// the save slot in use at each table, the game on the table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Preferences {
    /// The table's settings.
    pub settings: Settings,
    /// The window's last logical size.
    pub window: Option<(f32, f32)>,
    /// The save slot in use at each table, by the game's name (`xiangqi`, `go`).
    pub slots: std::collections::BTreeMap<String, usize>,
    /// The game on the table when the game closed, by its name (`go`; empty: the first
    /// game): it opens there again.
    pub table: String,
}

impl Preferences {
    /// Reads a settings file's text. Values out of range are brought into it, unknown
    /// choices fall back to their defaults; only text that is not a settings file at
    /// all (or cut short) is an error.
    pub fn from_text(text: &str) -> Result<Preferences, String> {
        let stored = ron::from_str::<Stored>(text).map_err(|e| e.to_string())?;
        Ok(Preferences {
            settings: stored.settings(),
            window: stored
                .window
                .filter(|(w, h)| (320.0..=16384.0).contains(w) && (240.0..=16384.0).contains(h)),
            // Xiangqi's slot has its field of old; another game's is in `slots`.
            slots: stored
                .slots
                .iter()
                .map(|(k, v)| (k.trim().to_owned(), *v))
                .chain(stored.slot.map(|s| (XIANGQI.to_owned(), s)))
                .filter(|(k, s)| !k.is_empty() && (1..=crate::slots::SLOTS).contains(s))
                .collect(),
            table: stored.table.trim().to_owned(),
        })
    }

    /// The settings file's text: the table's fields alone.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.text_with(&[])
    }

    /// The settings file's text: the table's fields, then each game's (`sections`,
    /// each a record of its fields), in one record.
    #[must_use]
    pub fn text_with(&self, sections: &[String]) -> String {
        let mut stored = Stored::from_settings(&self.settings, self.window, &self.slots);
        stored.table.clone_from(&self.table);
        // Plain values only: serialising them cannot fail.
        let own = ron::ser::to_string_pretty(&stored, ron::ser::PrettyConfig::default())
            .expect("settings serialise");
        let mut fields = vec![fields_of(&own)];
        fields.extend(sections.iter().map(|s| fields_of(s)));
        let body: Vec<String> = fields
            .into_iter()
            .filter(|f| !f.is_empty())
            .map(|f| {
                // Each record's last field takes the comma the next one needs.
                if f.ends_with(',') {
                    f.to_owned()
                } else {
                    format!("{f},")
                }
            })
            .collect();
        format!("(\n{}\n)\n", body.join("\n"))
    }

    /// Reads the settings file in `dirs`: none gives the defaults; a damaged one gives
    /// the defaults and is moved aside (never silently overwritten), and says why.
    #[must_use]
    pub fn load(dirs: &Dirs) -> (Preferences, Option<Damaged>) {
        let (prefs, _, damaged) = Preferences::read(dirs);
        (prefs, damaged)
    }

    /// As [`load`](Self::load), with the file's text (empty: none, or set aside) for
    /// the games to read their fields from.
    fn read(dirs: &Dirs) -> (Preferences, String, Option<Damaged>) {
        let read = read_or_keep_aside(&dirs.settings(), |bytes| {
            let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
            Preferences::from_text(text).map(|p| (p, text.to_owned()))
        });
        match read {
            Ok(Some((prefs, text))) => (prefs, text, None),
            Ok(None) => (Preferences::default(), String::new(), None),
            Err(damaged) => (Preferences::default(), String::new(), Some(damaged)),
        }
    }

    /// The table's part of the file, as the table keeps it (its `SettingsFile`).
    #[cfg(feature = "gui")]
    #[must_use]
    pub fn load_kept(dirs: &Dirs) -> (Kept, String, Option<Damaged>) {
        let (p, text, damaged) = Preferences::read(dirs);
        let kept = Kept {
            settings: p.settings,
            window: p.window,
            slots: p.slots,
            table: p.table,
        };
        (kept, text, damaged)
    }

    /// Writes what the table keeps and the games' fields (its `SettingsFile`).
    #[cfg(feature = "gui")]
    pub fn write_kept(dirs: &Dirs, kept: &Kept, sections: &[String]) -> Result<(), String> {
        let prefs = Preferences {
            settings: kept.settings.clone(),
            window: kept.window,
            slots: kept.slots.clone(),
            table: kept.table.clone(),
        };
        prefs.write(&dirs.settings(), sections)
    }

    /// Writes the settings file (atomically), with the games' fields.
    pub fn write(&self, path: &Path, sections: &[String]) -> Result<(), String> {
        atomic_write(path, self.text_with(sections).as_bytes()).map_err(|e| e.to_string())
    }
}

/// A record's fields, without its parentheses.
fn fields_of(record: &str) -> &str {
    let t = record.trim();
    t.strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or("")
        .trim_matches('\n')
        .trim_end()
}

/// The settings file, as written.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
struct Stored {
    sound: bool,
    volume: f32,
    animation: bool,
    animation_ms: u32,
    #[serde(with = "by_name")]
    coordinates: Option<Coordinates>,
    flipped: bool,
    #[serde(with = "by_name")]
    language: Option<Lang>,
    window: Option<(f32, f32)>,
    slot: Option<usize>,
    /// The slot in use at each other table (`{"go": 2}`).
    slots: std::collections::BTreeMap<String, usize>,
    zoom: f32,
    /// `wood`, `paper`, `dark`.
    #[serde(with = "by_name")]
    theme: Option<Theme>,
    /// `traditional`, `international`.
    #[serde(with = "by_name")]
    pieces: Option<PieceStyle>,
    /// Each move said aloud.
    speak: bool,
    /// The game on the table by its name (`go`, `xiangqi`); empty: the first game.
    table: String,
    /// Who sat at each side of the last new game (`("Dad", "Mei")`; empty: a guest).
    seats: (String, String),
    /// The board turns to the side to move.
    turn_board: bool,
    /// Each seat's help: `("warnings", "none")`; an unknown name is none.
    help: (String, String),
    /// Each household player's help, by name: `[("美美", "tutor")]`.
    player_help: Vec<(String, String)>,
    /// A guest's help at each seat.
    guest_help: (String, String),
    /// The tutor's takebacks at one position, 1–5.
    tutor_tries: u8,
    /// The player chosen as "me" (empty: nobody).
    me: String,
    /// Face to face: the far side's pieces turned.
    face_to_face: bool,
    /// A replay's pace, milliseconds a move (500–10,000).
    replay_ms: u32,
    /// A replay pauses at each comment.
    replay_comments: bool,
}

/// Xiangqi's fields of the settings file (beside the table's, in the same record).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
struct XiangqiStored {
    #[serde(with = "by_name")]
    notation: Option<Notation>,
    /// The next game's time control (`10+5`, `0:30+0/10`; time odds red's and black's:
    /// `10+5,3+5`), none when absent or empty.
    #[serde(with = "by_name")]
    clock: Option<Controls>,
    /// The engine's path; empty: look for one.
    engine: String,
    /// `red`, `black`, or empty: two players.
    computer: String,
    /// `depth 8`, `1.5 s`.
    #[serde(with = "by_name")]
    strength: Option<Limit>,
    /// The computer's level, 1–17; 0: the strength as set.
    level: u8,
    threads: u32,
    hash_mb: u32,
}

impl Default for XiangqiStored {
    fn default() -> Self {
        XiangqiStored::from(&XiangqiSettings::default())
    }
}

impl From<&XiangqiSettings> for XiangqiStored {
    fn from(x: &XiangqiSettings) -> XiangqiStored {
        XiangqiStored {
            notation: Some(x.notation),
            clock: x.clock,
            engine: x
                .engine
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            computer: x.computer.map(|c| c.name().to_owned()).unwrap_or_default(),
            strength: Some(x.strength),
            level: x.level.unwrap_or(0),
            threads: x.threads,
            hash_mb: x.hash_mb,
        }
    }
}

impl XiangqiStored {
    fn xiangqi(&self) -> XiangqiSettings {
        let default = XiangqiSettings::default();
        XiangqiSettings {
            notation: self.notation.unwrap_or(default.notation),
            clock: self.clock,
            engine: Some(self.engine.trim())
                .filter(|p| !p.is_empty())
                .map(std::path::PathBuf::from),
            computer: [Color::Red, Color::Black]
                .into_iter()
                .find(|c| c.name() == self.computer.trim()),
            strength: self.strength.map_or(default.strength, clamp_strength),
            level: crate::engine::levels::Level::get(self.level).map(|l| l.number),
            threads: self.threads.clamp(*THREADS.start(), *THREADS.end()),
            hash_mb: self.hash_mb.clamp(*HASH_MB.start(), *HASH_MB.end()),
        }
    }
}

/// A choice written as its name, read back leniently: an unknown name (or an empty
/// one) is `None`, and the field's default is used.
mod by_name {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.collect_str(v),
            None => serializer.serialize_str(""),
        }
    }

    pub(super) fn deserialize<'de, T: FromStr, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        Ok(String::deserialize(deserializer)?.parse().ok())
    }
}

impl Default for Stored {
    fn default() -> Self {
        Stored::from_settings(
            &Settings::default(),
            None,
            &std::collections::BTreeMap::new(),
        )
    }
}

impl Stored {
    fn from_settings(
        s: &Settings,
        window: Option<(f32, f32)>,
        slots: &std::collections::BTreeMap<String, usize>,
    ) -> Stored {
        Stored {
            sound: s.sound,
            volume: s.volume,
            animation: s.animation,
            animation_ms: s.animation_ms,
            coordinates: Some(s.coordinates),
            flipped: s.flipped,
            language: Some(s.lang),
            window,
            slot: slots.get(XIANGQI).copied(),
            slots: slots
                .iter()
                .filter(|(k, _)| *k != XIANGQI)
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
            zoom: s.zoom,
            theme: Some(s.theme),
            pieces: Some(s.pieces),
            speak: s.speak,
            table: String::new(),
            seats: (s.seats[0].clone(), s.seats[1].clone()),
            turn_board: s.turn_board,
            help: (s.help[0].to_string(), s.help[1].to_string()),
            player_help: s
                .help_of
                .iter()
                .map(|(name, help)| (name.clone(), help.to_string()))
                .collect(),
            guest_help: (s.guest_help[0].to_string(), s.guest_help[1].to_string()),
            tutor_tries: s.tutor_tries,
            me: s.me.clone(),
            face_to_face: s.face_to_face,
            replay_ms: s.replay_ms,
            replay_comments: s.replay_comments,
        }
    }

    fn settings(&self) -> Settings {
        let default = Settings::default();
        let mut settings = Settings {
            sound: self.sound,
            // NaN is no volume: `clamp` would keep it.
            volume: if self.volume.is_nan() {
                default.volume
            } else {
                self.volume.clamp(0.0, 1.0)
            },
            animation: self.animation,
            animation_ms: self.animation_ms.clamp(80, 600),
            coordinates: self.coordinates.unwrap_or(default.coordinates),
            flipped: self.flipped,
            lang: self.language.unwrap_or(default.lang),
            // NaN or out of range: the nearest step, 1 for NaN.
            zoom: if self.zoom.is_nan() {
                1.0
            } else {
                self.zoom.clamp(ZOOMS[0], ZOOMS[ZOOMS.len() - 1])
            },
            theme: self.theme.unwrap_or(default.theme),
            pieces: self.pieces.unwrap_or(default.pieces),
            speak: self.speak,
            seats: [
                self.seats.0.trim().to_owned(),
                self.seats.1.trim().to_owned(),
            ],
            turn_board: self.turn_board,
            help: [
                self.help.0.parse().unwrap_or_default(),
                self.help.1.parse().unwrap_or_default(),
            ],
            help_of: self
                .player_help
                .iter()
                .filter(|(name, _)| !name.trim().is_empty())
                .map(|(name, help)| (name.trim().to_owned(), help.parse().unwrap_or_default()))
                .collect(),
            guest_help: [
                self.guest_help.0.parse().unwrap_or_default(),
                self.guest_help.1.parse().unwrap_or_default(),
            ],
            tutor_tries: self.tutor_tries.clamp(1, 5),
            me: self.me.trim().to_owned(),
            face_to_face: self.face_to_face,
            replay_ms: self.replay_ms.clamp(500, 10_000),
            replay_comments: self.replay_comments,
        };
        // Each seat's help is what the seated person has now (a file from before help
        // was kept per person says it for the seat alone).
        for seat in 0..2 {
            let help = settings.help[seat];
            settings.set_help(seat, help);
        }
        settings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_players_help_and_the_guests_are_kept_in_the_file() {
        use table::learn::Help;
        let mut prefs = Preferences::default();
        let s = &mut prefs.settings;
        s.seat(0, "美美");
        s.set_help(0, Help::Tutor);
        s.seat(1, "爸爸");
        s.seat(0, "");
        s.set_help(0, Help::Warnings);
        let again = Preferences::from_text(&prefs.to_text()).unwrap().settings;
        assert_eq!(again.help_of.get("美美"), Some(&Help::Tutor));
        assert_eq!(again.help_of.get("爸爸"), Some(&Help::None));
        assert_eq!(again.guest_help[0], Help::Warnings);
        assert_eq!(again.help, [Help::Warnings, Help::None]);
    }

    #[test]
    fn zoom_reads_within_its_steps() {
        let odd = stored("(zoom: 40.0)").settings();
        assert_eq!(odd.zoom, 2.5);
        let nan = Stored {
            zoom: f32::NAN,
            ..Stored::default()
        };
        assert_eq!(nan.settings().zoom, 1.0);
        let kept = Preferences {
            settings: Settings {
                zoom: 1.25,
                ..Settings::default()
            },
            ..Preferences::default()
        };
        assert_eq!(
            Preferences::from_text(&kept.to_text())
                .unwrap()
                .settings
                .zoom,
            1.25
        );
    }

    fn stored(text: &str) -> Stored {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn settings_round_trip_and_tolerate_unknown_values() {
        let s = Settings {
            coordinates: Coordinates::Chinese,
            lang: Lang::En,
            volume: 0.25,
            // Off by default: the file must keep it on.
            speak: true,
            ..Settings::default()
        };
        let prefs = Preferences {
            settings: s,
            window: Some((900.0, 700.0)),
            slots: [("xiangqi".to_owned(), 3), ("go".to_owned(), 2)].into(),
            table: "go".into(),
        };
        let x = XiangqiSettings {
            notation: Notation::Wxf,
            ..XiangqiSettings::default()
        };
        // The table's fields and a game's side by side, each read back by its owner.
        let text = prefs.text_with(&[x.to_file(), "(go_level: 3)".into()]);
        assert_eq!(Preferences::from_text(&text), Ok(prefs), "{text}");
        assert_eq!(XiangqiSettings::from_file(&text), x);
        assert!(text.contains("go_level: 3"), "{text}");
        let odd = "(notation: \"klingon\", volume: 7.0)";
        assert_eq!(
            XiangqiSettings::from_file(odd).notation,
            XiangqiSettings::default().notation
        );
        assert_eq!(stored(odd).settings().volume, 1.0);
        assert_eq!(stored("(volume: NaN)").settings().volume, 0.8);
        let with_engine = XiangqiSettings {
            engine: Some("/opt/pikafish/pikafish".into()),
            ..XiangqiSettings::default()
        };
        let text = Preferences::default().text_with(&[with_engine.to_file()]);
        assert!(
            text.contains("engine: \"/opt/pikafish/pikafish\""),
            "{text}"
        );
        assert_eq!(XiangqiSettings::from_file(&text), with_engine);
        assert_eq!(XiangqiSettings::from_file("(engine: \"  \")").engine, None);
    }

    #[test]
    fn the_computer_and_its_strength_read_as_written_and_into_range() {
        let s = XiangqiSettings {
            computer: Some(Color::Black),
            strength: Limit::Depth(12),
            threads: 2,
            hash_mb: 256,
            ..XiangqiSettings::default()
        };
        let text = Preferences::default().text_with(&[s.to_file()]);
        for named in [
            "computer: \"black\"",
            "strength: \"depth 12\"",
            "hash_mb: 256",
        ] {
            assert!(text.contains(named), "{named} in {text}");
        }
        assert_eq!(XiangqiSettings::from_file(&text), s);
        let odd = XiangqiSettings::from_file(
            "(computer: \"green\", strength: \"depth 999\", threads: 0, hash_mb: 99999)",
        );
        assert_eq!(odd.computer, None);
        assert_eq!(odd.strength, Limit::Depth(MAX_DEPTH));
        assert_eq!((odd.threads, odd.hash_mb), (1, 4096));
        let timed = XiangqiSettings::from_file("(strength: \"0.5 s\")");
        assert_eq!(
            timed.strength,
            Limit::MoveTime(std::time::Duration::from_millis(500))
        );
        assert_eq!(
            XiangqiSettings::from_file("(strength: \"infinite\")").strength,
            DEFAULT_STRENGTH
        );
        assert_eq!(
            XiangqiSettings::from_file("(strength: \"fast\")").strength,
            DEFAULT_STRENGTH
        );
    }

    #[test]
    fn the_file_names_its_choices_as_a_person_would_write_them() {
        let s = Settings {
            coordinates: Coordinates::Chinese,
            lang: Lang::En,
            ..Settings::default()
        };
        let x = XiangqiSettings {
            notation: Notation::Wxf,
            clock: Some("10+5".parse().unwrap()),
            ..XiangqiSettings::default()
        };
        let text = ron::to_string(&Stored::from_settings(&s, None, &Default::default())).unwrap()
            + &ron::to_string(&XiangqiStored::from(&x)).unwrap();
        for named in [
            "notation:\"WXF\"",
            "coordinates:\"chinese\"",
            "language:\"en\"",
            "clock:\"10+5\"",
        ] {
            assert!(text.contains(named), "{named} in {text}");
        }
        // A file of the version before reads the same (choices were plain strings,
        // "no clock" an empty one).
        let old = "(notation: \"ICCS\", coordinates: \"none\", language: \"zh\", clock: \"\")";
        let read = stored(old);
        assert_eq!(XiangqiSettings::from_file(old).notation, Notation::Iccs);
        assert_eq!(read.settings().coordinates, Coordinates::None);
        assert_eq!(read.settings().lang, Lang::Zh);
        assert_eq!(XiangqiSettings::from_file(old).clock, None);
        // One unknown choice costs only itself.
        let odd = stored("(coordinates: \"roman\", language: \"en\")").settings();
        assert_eq!(odd.coordinates, Settings::default().coordinates);
        assert_eq!(odd.lang, Lang::En);
    }
}
