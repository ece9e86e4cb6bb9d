//! Territory at a glance (A, as analysis at the Xiangqi table): each point shaded by
//! GNU Go's view of who owns it (`initial_influence … territory_value`), and its
//! estimate of the score (`estimate_score`) in the panel, asked again on a thread after
//! each move; the window never waits for it.

use bevy::prelude::*;

use super::{Pending, stamp};
use crate::app::go::{GoCommand, GoTable};
use crate::app::messages::Notice;
use crate::app::shell::model::Settings;
use crate::i18n::GoText as G;

/// What GNU Go thinks of the position shown: its score and who owns each point.
#[derive(Clone, Debug, PartialEq)]
pub struct Owned {
    /// The position it is about.
    pub stamp: u64,
    /// Black's lead in points, by GNU Go's estimate.
    pub score: f32,
    /// Who owns each point, row by row from the top: black's sure at 1, white's at −1.
    pub owners: Vec<f32>,
}

/// The territory shading: on or off, and GNU Go's last answer.
#[derive(Resource, Default)]
pub struct Territory {
    /// The shading is asked for.
    pub shown: bool,
    /// GNU Go's answer for the position it was asked about.
    pub seen: Option<Owned>,
    pending: Pending<(f32, Vec<f32>)>,
}

impl Territory {
    /// GNU Go's answer if it is about the position shown.
    #[must_use]
    pub fn now(&self, table: &GoTable) -> Option<&Owned> {
        self.seen
            .as_ref()
            .filter(|s| self.shown && s.stamp == stamp(table))
    }
}

/// A toggles the shading; while it is on, each new position is asked about (one
/// question at a time: the latest position next).
pub(crate) fn follow(
    table: Res<GoTable>,
    mut commands: MessageReader<GoCommand>,
    mut territory: ResMut<Territory>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    for command in commands.read() {
        if *command == GoCommand::Territory {
            territory.shown = !territory.shown;
            info!(
                "go territory {}",
                if territory.shown { "on" } else { "off" }
            );
        }
    }
    let id = stamp(&table);
    if let Some((asked, answer)) = territory.pending.take() {
        match answer {
            Ok((score, owners)) if asked == id => {
                info!(
                    "go territory estimated {} ({} points owned)",
                    crate::games::go::review::score_text(score),
                    owners.iter().filter(|v| v.abs() >= 0.25).count()
                );
                territory.seen = Some(Owned {
                    stamp: asked,
                    score,
                    owners,
                });
            }
            // A position gone by: the one shown is asked next.
            Ok(_) => {}
            Err(e) => {
                warn!("GNU Go: {e}");
                notices.write(Notice::warn(G::GnuGoFailed.fill(settings.lang, &[&e])));
                territory.shown = false;
            }
        }
    }
    let known = territory.seen.as_ref().is_some_and(|s| s.stamp == id);
    if territory.shown && !known && !territory.pending.busy() {
        let to_move = table.game().position().to_move();
        let size = table.size();
        territory.pending.ask(
            (id, super::Wake::of(wake)),
            table.game().clone(),
            move |gnugo, _| Ok((gnugo.estimate()?, gnugo.territory(to_move, size)?)),
        );
    }
}
