//! Sounds answer what happened. With no audio device (as on CI) nothing plays, nothing
//! piles up and the log stays quiet after Bevy's one warning.

use crate::app::schedule::Present;
use bevy::audio::{AudioPlayer, AudioSink, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::app::shell::assets::{GameAssets, Sound};
use crate::app::shell::model::Settings;
use crate::app::{ClockLow, GameEnded, MovePlayed, MoveRejected, Redone, Selected, Undone};

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

/// The sound for what happened this frame: the most telling one wins.
fn play(
    mut commands: Commands,
    mut selected: MessageReader<Selected>,
    mut played: MessageReader<MovePlayed>,
    mut rejected: MessageReader<MoveRejected>,
    mut undone: MessageReader<Undone>,
    mut redone: MessageReader<Redone>,
    mut ended: MessageReader<GameEnded>,
    mut low: MessageReader<ClockLow>,
    mut cues: MessageReader<crate::app::SoundCue>,
    settings: Res<Settings>,
    no_device: Res<NoDevice>,
    assets: Option<Res<GameAssets>>,
    time: Res<Time>,
) {
    let mut sound = None;
    // Ten seconds left: a short tick, once.
    if low.read().count() > 0 {
        sound = Some(Sound::Select);
    }
    if selected.read().count() > 0 {
        sound = Some(Sound::Select);
    }
    if undone.read().count() + redone.read().count() > 0 {
        sound = Some(Sound::Undo);
    }
    if rejected.read().count() > 0 {
        sound = Some(Sound::Illegal);
    }
    for p in played.read() {
        sound = Some(if p.check {
            Sound::Check
        } else if p.captured.is_some() {
            Sound::Capture
        } else {
            Sound::Move
        });
    }
    for &crate::app::SoundCue(cue) in cues.read() {
        sound = Some(cue);
    }
    if ended.read().count() > 0 {
        sound = Some(Sound::GameOver);
    }
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
