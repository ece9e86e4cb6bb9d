//! The game model and the interface state, as resources. Entities only show them.

use bevy::prelude::*;

use crate::app::schedule::{Logic, Present};

use crate::app::messages::BoardChanged;
use crate::app::schedule;
use crate::app::shell::table::KeyContext;
use crate::app::xiangqi::cursor::BoardCursor;
use crate::games::xiangqi::session::Session;
use crate::rules::{Move, Square};

/// The next new game's 让子, chosen in the new-game dialog (kept until changed).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextHandicap(pub crate::games::xiangqi::handicap::Handicap);

/// The next new game's opponent and the computer's level, chosen in the new-game
/// dialog: the game in progress keeps its own until Start (`None`: as now).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextOpponent {
    /// The side the computer plays (`Some(None)`: two people).
    pub computer: Option<Option<crate::rules::Color>>,
    /// The computer's level (`Some(None)`: its strength as set).
    pub level: Option<Option<u8>>,
}

/// A new game's tags: the players at each side (the table's seats, the computer's
/// side its name; a guest's side has none), the day, the handicap.
#[must_use]
pub fn seated_tags(
    seats: &[String; 2],
    handicap: crate::games::xiangqi::handicap::Handicap,
    computer: Option<(crate::rules::Color, String)>,
) -> Vec<(String, String)> {
    // The computer is a player too: its side has its name (what it plays with), so a
    // game against it counts on the player's page.
    let mut seats = seats.clone();
    if let Some((side, name)) = computer {
        seats[side.index()] = name;
    }
    let mut tags: Vec<(String, String)> = ["Red", "Black"]
        .into_iter()
        .zip(&seats)
        .filter(|(_, name)| !name.trim().is_empty())
        .map(|(side, name)| (side.to_owned(), name.trim().to_owned()))
        .collect();
    if !tags.is_empty() {
        let today = jiff::Zoned::now().date();
        let date = format!(
            "{:04}.{:02}.{:02}",
            today.year(),
            today.month(),
            today.day()
        );
        tags.push(("Date".to_owned(), date));
    }
    if handicap != crate::games::xiangqi::handicap::Handicap::None {
        // The name the books give it: a reader of the file sees why a piece is missing.
        let name = handicap.name(crate::i18n::Lang::Zh);
        tags.push(("Event".to_owned(), name.to_owned()));
    }
    tags
}

/// The game being played, with its undo history.
#[derive(Resource, Default, Deref, DerefMut)]
pub struct Model(pub Session);

/// The piece picked up, if any.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Its point.
    pub square: Option<Square>,
    /// Whether the button is still held on it (a drag in progress).
    pub dragging: bool,
    /// Its legal moves.
    pub moves: Vec<Move>,
}

use crate::app::shell::model::Settings;
use crate::app::store::persist::SectionEdited;
use crate::i18n::Lang;
use crate::settings::XiangqiSettings;

/// The opponent and the engine, out of [`XiangqiSettings`]: what the engine's wanted search is
/// worked out again on.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct EngineSetup {
    /// The side the computer plays.
    pub computer: Option<crate::rules::Color>,
    /// How long it thinks.
    pub strength: crate::engine::Limit,
    /// Its level, in place of the strength.
    pub level: Option<u8>,
    /// The program (`None`: look for one).
    pub engine: Option<std::path::PathBuf>,
    /// Its threads.
    pub threads: u32,
    /// Its hash table, in MB.
    pub hash_mb: u32,
}

impl Default for EngineSetup {
    fn default() -> Self {
        let s = XiangqiSettings::default();
        EngineSetup {
            computer: s.computer,
            strength: s.strength,
            level: s.level,
            engine: s.engine,
            threads: s.threads,
            hash_mb: s.hash_mb,
        }
    }
}

/// Brings [`EngineSetup`] up to date with the settings, marked changed only when its
/// own part did.
pub(crate) fn derive_settings(settings: Res<XiangqiSettings>, mut setup: ResMut<EngineSetup>) {
    if !settings.is_changed() {
        return;
    }
    setup.set_if_neq(EngineSetup {
        computer: settings.computer,
        strength: settings.strength,
        level: settings.level,
        engine: settings.engine.clone(),
        threads: settings.threads,
        hash_mb: settings.hash_mb,
    });
}

/// What the Xiangqi table is doing: its systems run only in their mode (`run_if(in_state(..))`),
/// and what a mode spawns goes when it ends (`DespawnOnExit`).
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Playing (or looking back through) a game.
    #[default]
    Play,
    /// Setting up a position in the board editor (F2).
    Edit,
    /// Solving puzzles (F3): the puzzle is the table's game, the game is put aside.
    Train,
    /// A lesson (F4): its level is the table's game, the game is put aside.
    Lesson,
}

impl Mode {
    /// The game is put aside: a puzzle or a lesson is on the board.
    #[must_use]
    pub fn aside(self) -> bool {
        matches!(self, Mode::Train | Mode::Lesson)
    }
}

/// The Xiangqi table's mode as a key finds it.
#[must_use]
pub(crate) fn mode_at(at: &KeyContext) -> Mode {
    at.world
        .get_resource::<State<Mode>>()
        .map_or(Mode::Play, |mode| *mode.get())
}

/// Xiangqi's settings as edited in the panel (its rows of the settings dialog).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct XiangqiSettingsEdited(pub Box<XiangqiSettings>);

fn take_edits(
    mut edits: MessageReader<XiangqiSettingsEdited>,
    mut settings: ResMut<XiangqiSettings>,
) {
    for XiangqiSettingsEdited(edited) in edits.read() {
        settings.set_if_neq((**edited).clone());
    }
}

/// The notation follows a change of language when it was the old language's own (简体
/// to 繁體 Chinese, to the Vietnamese letters and back); one chosen apart stays.
fn follow_language(
    settings: Res<Settings>,
    mut xq: ResMut<XiangqiSettings>,
    mut last: Local<Option<Lang>>,
) {
    let lang = settings.lang;
    if let Some(before) = last.replace(lang)
        && before != lang
        && xq.notation == XiangqiSettings::notation_of(before)
    {
        xq.notation = XiangqiSettings::notation_of(lang);
    }
}

/// A change of Xiangqi's settings is written to the settings file, as the table's are.
fn say_edited(settings: Res<XiangqiSettings>, mut edited: MessageWriter<SectionEdited>) {
    if settings.is_changed() && !settings.is_added() {
        edited.write(SectionEdited);
    }
}

/// The position the computer waits in instead of moving: its move there was just taken
/// back (Ctrl+Z), and playing again at once would undo the undo. It moves when asked
/// ([`EngineCommand::ComputerMove`](crate::app::xiangqi::messages::EngineCommand::ComputerMove)) or once the game is
/// elsewhere.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ComputerWaits(pub Option<crate::rules::Position>);

impl ComputerWaits {
    /// Whether the computer waits in `pos`.
    #[must_use]
    pub fn at(&self, pos: &crate::rules::Position) -> bool {
        self.0.as_ref() == Some(pos)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Mode>();
    schedule::wake_on_change::<Mode>(app);
    app.init_resource::<Model>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .init_resource::<EngineSetup>()
        .init_resource::<XiangqiSettings>()
        .add_message::<XiangqiSettingsEdited>()
        .add_message::<SectionEdited>()
        .add_systems(
            Update,
            (take_edits, follow_language, derive_settings, say_edited)
                .chain()
                .in_set(Logic::Settings),
        )
        .init_resource::<ComputerWaits>()
        .init_resource::<NextHandicap>()
        .init_resource::<NextOpponent>()
        .init_resource::<LoggedPosition>()
        // At either table, as before: the log is the record of the Xiangqi game.
        .add_systems(Update, log_position.in_set(Present::Status));
}

/// The last position written to the log.
#[derive(Resource, Default)]
struct LoggedPosition(String);

/// Logs the shown position at start and whenever it changes: a record of the game for
/// whoever reads the log (the real-window tests do).
fn log_position(
    mut changed: MessageReader<BoardChanged>,
    model: Res<Model>,
    mut last: ResMut<LoggedPosition>,
) {
    if changed.read().count() > 0 || last.0.is_empty() {
        let outcome = model
            .outcome()
            .map(|o| format!(" outcome {o}"))
            .unwrap_or_default();
        let line = format!("{}{outcome}", model.shown_position().to_fen());
        if last.0 != line {
            info!("position {line}");
            last.0 = line;
        }
    }
}
