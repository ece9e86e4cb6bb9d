//! What a screen reader is told, whatever the game: the board as a grid of named points
//! (each game says its points, [`SpokenBoard`]), and what just happened, said once
//! ([`Spoken`]: a move, a check, a refusal, a result), in the window's language. The
//! panel puts both into the window's accessibility tree (`panel/access.rs`).

use bevy::prelude::*;

/// Something to say: each game writes one for each move, refusal and result.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Spoken {
    /// The words, as the screen reader's live region shows them (and a braille line).
    pub text: String,
    /// The same words as the voice should read them, where a synthesiser's reading of a
    /// character is not the game's (Xiangqi's 车 is jū, not chē): only for the voice.
    pub voice: Option<String>,
}

impl From<String> for Spoken {
    fn from(text: String) -> Spoken {
        Spoken { text, voice: None }
    }
}

/// A clock's call (读秒's counts, in words of the window's language): said aloud by the
/// voice while the sound is on (M mutes it), whether or not moves are read aloud; not
/// put in the tree (a reader would hear it twice).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Called(pub String);

/// The last thing said: the tree's live region shows it.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LastSpoken {
    /// What.
    pub text: String,
}

/// The board as a screen reader reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct SpokenBoard {
    /// Its name and state ("Board, red to move").
    pub label: String,
    /// Points per row, and rows.
    pub columns: u8,
    /// Rows.
    pub rows: u8,
    /// Every point, row by row from the top of the board as drawn.
    pub points: Vec<SpokenPoint>,
}

/// One point of a [`SpokenBoard`].
#[derive(Debug, Clone, PartialEq)]
pub struct SpokenPoint {
    /// Its name and what stands there ("e3, red soldier"; "e4" when empty).
    pub name: String,
    /// Its centre in the board camera's world.
    pub at: Vec2,
    /// The game's own coordinates of the point, handed back in
    /// [`super::table::CursorKey::PickAt`] when the reader activates it.
    pub point: (u8, u8),
    /// The board cursor is on it.
    pub cursor: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Spoken>()
        // Each game says what happens at its table and the status line says its lines,
        // all in one step: only the game on the table runs, and within a frame the
        // order of what is said is not the player's to see (each is said).
        .allow_ambiguous_resource::<Messages<Spoken>>()
        .add_message::<Called>()
        // Each game's clock calls its own 读秒; only the game on the table has one running.
        .allow_ambiguous_resource::<Messages<Called>>()
        .init_resource::<LastSpoken>()
        .insert_resource(Voice(crate::speech::Speaker::installed().cloned()))
        .add_systems(
            Update,
            (remember, speak, call).in_set(crate::schedule::Present::Say),
        );
}

/// The program moves are said aloud through (`None`: none installed; a test puts its
/// own).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Voice(pub Option<crate::speech::Speaker>);

/// Says each thing said aloud, when the settings ask it.
fn speak(
    mut said: MessageReader<Spoken>,
    settings: Res<crate::settings::Settings>,
    voice: Res<Voice>,
) {
    let (true, Some(speaker)) = (settings.speak, &voice.0) else {
        said.clear();
        return;
    };
    for spoken in said.read() {
        let text = spoken.voice.as_ref().unwrap_or(&spoken.text);
        info!("speaks {text:?} through {}", speaker.name());
        speaker.say(text, settings.lang);
    }
}

/// Says each clock call aloud, unless the sound is off (and logs it: the tests compare
/// its time with the clock's).
fn call(
    mut calls: MessageReader<Called>,
    settings: Res<crate::settings::Settings>,
    voice: Res<Voice>,
) {
    for Called(text) in calls.read() {
        match &voice.0 {
            Some(speaker) if settings.sound => {
                info!("clock calls {text} through {}", speaker.name());
                speaker.say(text, settings.lang);
            }
            _ => info!("clock calls {text}, not aloud"),
        }
    }
}

/// Keeps the last thing said (and logs it: the window tests read it).
fn remember(mut said: MessageReader<Spoken>, mut last: ResMut<LastSpoken>) {
    for Spoken { text, .. } in said.read() {
        info!("said {text}");
        last.text.clone_from(text);
    }
}
