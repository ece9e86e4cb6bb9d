//! Replay at a pace (演播): the game or the line shown played forward by itself, a move
//! every few seconds (0.5–10), with the slides and sounds of the player's own steps
//! through it. Ctrl+P starts and stops it (at the end of the line it starts from the
//! beginning), Space pauses and goes on, Esc stops it; it can pause at each comment.
//! The game on the table says where its line stands ([`TableGame::line`]); the steps
//! are the review's own (`PlayCommand::Review`), so any game that walks its record can
//! be replayed.
//!
//! [`TableGame::line`]: crate::shell::table::TableGame::line

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::actions::{Action, PlayCommand, ReplayCommand, Review};
use crate::i18n::Word;
use crate::messages::SettingsEdited;
use crate::schedule::{Logic, PanelSet};
use crate::settings::Settings;
use crate::shell::model::{Replaying, Running};
use crate::shell::tables::Tables;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReplayCommand>()
        .init_resource::<Replaying>()
        .init_resource::<LineNow>()
        .add_systems(
            Update,
            (read_line.run_if(wanted), command, step)
                .chain()
                .in_set(Logic::Replay),
        );
}

/// Whether the line is worth reading this frame: a replay runs or is asked for (the
/// read takes the whole world: not every frame for nothing).
fn wanted(replaying: Res<Replaying>, asked: Res<Messages<ReplayCommand>>) -> bool {
    replaying.0.is_some() || !asked.is_empty()
}

pub(crate) fn window_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        bar.in_set(PanelSet::Replay),
    );
}

/// Starts, stops, pauses.
fn command(
    mut commands: MessageReader<ReplayCommand>,
    mut replaying: ResMut<Replaying>,
    mut play: MessageWriter<PlayCommand>,
    world_line: Res<LineNow>,
) {
    for command in commands.read() {
        match (command, replaying.0.as_mut()) {
            (ReplayCommand::Toggle, Some(_)) => {
                info!("replay stops");
                replaying.0 = None;
            }
            (ReplayCommand::Toggle, None) => {
                let Some(line) = world_line.0 else {
                    info!("replay: nothing to replay here");
                    continue;
                };
                if !line.ahead {
                    play.write(PlayCommand::Review(Review::Start));
                }
                info!("replay starts");
                replaying.0 = Some(Running {
                    paused: false,
                    waited: Duration::ZERO,
                    stepped: false,
                });
            }
            (ReplayCommand::Pause, Some(running)) => {
                running.paused = !running.paused;
                running.waited = Duration::ZERO;
                info!(
                    "replay {}",
                    if running.paused { "paused" } else { "goes on" }
                );
            }
            (ReplayCommand::Pause, None) => {}
        }
    }
}

/// Where the line shown stands, read at the frame's start (the game's own answer) while a
/// replay runs or is asked for.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineNow(pub Option<crate::shell::table::LineShown>);

/// Reads where the game on the table's line stands.
pub(crate) fn read_line(world: &mut World) {
    let line = Tables::line(world);
    if world.resource::<LineNow>().0 != line {
        world.resource_mut::<LineNow>().0 = line;
    }
}

/// Each pace, the next move of the line; a comment reached pauses (when asked), the
/// line's end stops.
fn step(
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    line: Res<LineNow>,
    mut replaying: ResMut<Replaying>,
    mut play: MessageWriter<PlayCommand>,
) {
    let Some(running) = replaying.0.as_mut() else {
        return;
    };
    let Some(line) = line.0 else {
        info!("replay stops: nothing to replay here");
        replaying.0 = None;
        return;
    };
    if std::mem::take(&mut running.stepped) {
        if line.commented && settings.replay_comments {
            info!("replay pauses at a comment");
            running.paused = true;
        }
        if !line.ahead {
            info!("replay ends");
            replaying.0 = None;
            return;
        }
    }
    if running.paused {
        return;
    }
    running.waited += time.delta();
    if running.waited < settings.replay_pace() {
        return;
    }
    running.waited = Duration::ZERO;
    if line.ahead {
        info!("replay steps");
        play.write(PlayCommand::Review(Review::Forward));
        running.stepped = true;
    } else {
        info!("replay ends");
        replaying.0 = None;
    }
}

/// The replay's bar, in the strip under the board while it runs: pause or go on, the
/// pace, pausing at comments, stop.
fn bar(
    mut contexts: EguiContexts,
    (replaying, settings): (Res<Replaying>, Res<Settings>),
    mut commands: MessageWriter<ReplayCommand>,
    (mut actions, mut edited): (MessageWriter<Action>, MessageWriter<SettingsEdited>),
    mut logged: Local<Vec<(String, (i32, i32))>>,
) -> Result {
    let Some(running) = replaying.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let mut chosen = (*settings).clone();
    let mut log = |what: &str, rect: egui::Rect| {
        crate::panel::parts::log_place(&mut logged, what.to_owned(), rect);
    };
    // Under the board: above the panel when the panel is below it.
    let below = ctx
        .data(|d| d.get_temp::<crate::panel::parts::PanelPlace>(egui::Id::new("panel place")))
        .map_or(0.0, |place| match place {
            crate::panel::parts::PanelPlace::Below(height) => height,
            crate::panel::parts::PanelPlace::Right => 0.0,
        });
    egui::Area::new(egui::Id::new("replay-bar"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(8.0, -4.0 - below))
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(Word::Replay.get(lang)).strong());
                    let (icon, said) = if running.paused {
                        ("▶", Word::ReplayGoOn)
                    } else {
                        ("⏸", Word::ReplayPause)
                    };
                    let b = ui.button(format!("{icon} {}", said.get(lang)));
                    log("replay-pause", b.rect);
                    if b.on_hover_text("Space").clicked() {
                        commands.write(ReplayCommand::Pause);
                    }
                    let mut secs = chosen.replay_ms as f32 / 1000.0;
                    let before = secs;
                    let slider = ui.add(
                        egui::Slider::new(&mut secs, 0.5..=10.0)
                            .logarithmic(true)
                            .step_by(0.5)
                            .fixed_decimals(1)
                            .suffix(Word::SecondsAMove.get(lang)),
                    );
                    log("replay-pace", slider.rect);
                    if secs != before {
                        chosen.replay_ms = (secs * 1000.0).round() as u32;
                        info!("replay pace {} ms", chosen.replay_ms);
                    }
                    let boxed =
                        ui.checkbox(&mut chosen.replay_comments, Word::PauseAtComments.get(lang));
                    log("replay-comments", boxed.rect);
                    let stop = ui.button(format!("⏹ {}", Word::ReplayStop.get(lang)));
                    log("replay-stop", stop.rect);
                    if stop.on_hover_text("Ctrl+P, Esc").clicked() {
                        actions.write(Action::Replay);
                    }
                });
            });
        });
    if chosen != *settings {
        edited.write(SettingsEdited(Box::new(chosen)));
    }
    Ok(())
}
