//! Sounds answer what happened: each game says it as a [`SoundCue`] (its moves are its
//! own), the shell plays the frame's last. With no audio device (as on CI) nothing
//! plays, nothing piles up and the log stays quiet after Bevy's one warning.

use crate::schedule::Present;
use bevy::audio::{AudioPlayer, AudioSink, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::messages::SoundCue;
use crate::settings::Settings;
use crate::shell::assets::GameAssets;

/// A sound we started, and when.
#[derive(Component)]
struct Playing {
    since: f32,
}

/// Set once a sound failed to start: there is no device, stop trying.
#[derive(Resource, Default)]
struct NoDevice(bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<NoDevice>().add_systems(
        Update,
        (play, detect_silence).chain().in_set(Present::Sound),
    );
}

/// The sound for what happened this frame: the game's last cue (each game sends its
/// most telling one).
fn play(
    mut commands: Commands,
    mut cues: MessageReader<SoundCue>,
    settings: Res<Settings>,
    no_device: Res<NoDevice>,
    assets: Option<Res<GameAssets>>,
    time: Res<Time>,
) {
    let sound = cues.read().last().map(|&SoundCue(cue)| cue);
    let (Some(sound), Some(assets)) = (sound, assets) else {
        return;
    };
    if !settings.sound || no_device.0 {
        return;
    }
    commands.spawn((
        AudioPlayer::new(assets.sound(sound)),
        PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
        Playing {
            since: time.elapsed_secs(),
        },
    ));
}

/// A sound that has not started a second after it was queued never will.
fn detect_silence(
    mut commands: Commands,
    mut no_device: ResMut<NoDevice>,
    time: Res<Time>,
    queued: Query<(Entity, &Playing), Without<AudioSink>>,
) {
    for (e, playing) in &queued {
        if time.elapsed_secs() - playing.since > 1.0 {
            if !no_device.0 {
                info!("sound is off: no audio output");
            }
            no_device.0 = true;
            commands.entity(e).despawn();
        }
    }
}
