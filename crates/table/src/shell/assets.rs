//! Everything the game shows or plays is compiled into the binary, so it runs when
//! double-clicked from any folder.

use bevy::audio::AudioSource;
use bevy::prelude::*;

/// The embedded font, shared with the image export.
pub use crate::theme::FONT;

/// The sounds, made by `examples/make-sounds.rs`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A piece picked up.
    Select,
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// A check.
    Check,
    /// Checkmate, stalemate or a draw.
    GameOver,
    /// A refused move.
    Illegal,
    /// Undo or redo.
    Undo,
}

impl Sound {
    const ALL: [Sound; 7] = [
        Sound::Select,
        Sound::Move,
        Sound::Capture,
        Sound::Check,
        Sound::GameOver,
        Sound::Illegal,
        Sound::Undo,
    ];

    fn bytes(self) -> &'static [u8] {
        match self {
            Sound::Select => include_bytes!("../../../../sounds/select.wav"),
            Sound::Move => include_bytes!("../../../../sounds/move.wav"),
            Sound::Capture => include_bytes!("../../../../sounds/capture.wav"),
            Sound::Check => include_bytes!("../../../../sounds/check.wav"),
            Sound::GameOver => include_bytes!("../../../../sounds/game-over.wav"),
            Sound::Illegal => include_bytes!("../../../../sounds/illegal.wav"),
            Sound::Undo => include_bytes!("../../../../sounds/undo.wav"),
        }
    }
}

/// Handles to the embedded assets, made once at start.
#[derive(Resource)]
pub struct GameAssets {
    /// The CJK font.
    pub font: Handle<Font>,
    /// The plain face of the coordinates.
    pub plain: Handle<Font>,
    sounds: Vec<(Sound, Handle<AudioSource>)>,
}

impl GameAssets {
    /// The handle of `sound`.
    #[must_use]
    pub fn sound(&self, sound: Sound) -> Handle<AudioSource> {
        self.sounds
            .iter()
            .find(|(s, _)| *s == sound)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }
}

fn load(
    mut commands: Commands,
    mut fonts: ResMut<Assets<Font>>,
    mut audio: ResMut<Assets<AudioSource>>,
) {
    // Read where the binary holds them: no copy of the 4.7 MB face on the heap.
    let compiled_in = |bytes: &'static [u8]| Font {
        data: linebender_resource_handle::Blob::new(std::sync::Arc::new(bytes)),
        alias: String::new(),
    };
    let font = fonts.add(compiled_in(FONT));
    let plain = fonts.add(compiled_in(crate::theme::PLAIN_FONT));
    let sounds = Sound::ALL
        .into_iter()
        .map(|s| {
            let source = AudioSource {
                bytes: s.bytes().into(),
            };
            (s, audio.add(source))
        })
        .collect();
    commands.insert_resource(GameAssets {
        font,
        plain,
        sounds,
    });
}

/// Makes the embedded fonts and sounds into assets before anything starts.
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load);
}
