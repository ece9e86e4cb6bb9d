//! The game clock and the other ways a game ends at a club table: each frame's real
//! time goes to the session's clock (a flag fall ends the game), Space pauses, the side
//! to move may resign or offer a draw. The clocks are drawn in the panel
//! (`panel/clock.rs`); the window redraws only when the shown time changes, and not at
//! all while nothing runs.

use std::time::Duration;

use crate::app::actions::TableCommand;
use crate::app::schedule::Logic;
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::messages::{ClockLow, DrawCommand, DrawOffered, GameEnded};
use crate::app::xiangqi::model::{Mode, Model};
use bevy::prelude::*;

use crate::app::messages::{BoardChanged, Notice};
use crate::app::shell::access::Called;
use crate::app::shell::model::{Overlay, Settings};
use crate::app::xiangqi::files::choice::GameChoice;
use crate::clock::{Clock, LOW, period};
use crate::i18n::{Lang, T};
use crate::rules::{Color as Side, Outcome};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, tick.in_set(Logic::Time))
        .add_systems(
            Update,
            actions.in_set(Logic::Table).in_set(Xiangqi::SYSTEMS),
        )
        .add_systems(Update, pause_for_dialogs.in_set(Logic::Dialogs))
        .add_systems(
            OnExit(<Xiangqi as TableGame>::KIND),
            (leave_table, close_dialogs),
        )
        .add_systems(OnEnter(<Xiangqi as TableGame>::KIND), back_at_table);
}

/// The clock stops while another game is on the table: its time is not used away.
fn leave_table(mut model: ResMut<Model>) {
    model.pause();
    log_clock("waits", &model);
}

/// Xiangqi's own dialogs (its slots, its game's information) close when it leaves the
/// table: the other game has no key to close them.
fn close_dialogs(mut overlay: ResMut<Overlay>) {
    overlay.slots = false;
    overlay.info = false;
}

/// The clock is as it was left (it waits for Space).
fn back_at_table(model: Res<Model>) {
    log_clock("as left", &model);
}

/// The clock's reading in the log (`xiangqi clock waits: red 598.250 black 600.000,
/// periods used 0 0`), read by the real-window tests.
fn log_clock(what: &str, model: &Model) {
    if let Some(clock) = model.clock() {
        let left = |side| clock.left(side).as_secs_f64();
        let used = clock.reading().used;
        info!(
            "xiangqi clock {what}: red {:.3} black {:.3}, periods used {} {}",
            left(Side::Red),
            left(Side::Black),
            used[0],
            used[1]
        );
    }
}

/// The game-end and redraw settings in the window only (tests run the logic headless).
/// Lets the time since the last frame go by on the running clock. It runs first in the
/// logic, so that a frame's moves and pauses take effect after the time they ended.
pub(crate) fn tick(
    (time, settings): (Res<Time<Real>>, Res<Settings>),
    mut model: ResMut<Model>,
    mut ended: MessageWriter<GameEnded>,
    mut changed: MessageWriter<BoardChanged>,
    (mut low, mut calls): (MessageWriter<ClockLow>, MessageWriter<Called>),
) {
    let Some(clock) = model.clock() else {
        return;
    };
    let Some(side) = clock.running() else {
        return;
    };
    let reading = clock.reading();
    let before = clock.left(side);
    // Time passing is not a change of the game: the pieces, marks and the engine's
    // search follow the game's changes, and the panel reads the clock every frame it
    // draws. A flag fall is one.
    if let Some(outcome) = model.bypass_change_detection().tick(time.delta()) {
        model.set_changed();
        info!("flag fell: {outcome}");
        ended.write(GameEnded(outcome));
        changed.write(BoardChanged);
    }
    let after = model.clock().map_or(Duration::ZERO, |c| c.left(side));
    let byoyomi = model.clock().is_some_and(|c| c.in_byoyomi(side));
    if let Some(call) = model.clock().and_then(|c| c.call(reading, side)) {
        info!("xiangqi clock {call:?}: {:.3} left", after.as_secs_f64());
        calls.write(Called(crate::i18n::clock_call(call, settings.lang)));
    }
    if before >= LOW && after < LOW && after > Duration::ZERO && !byoyomi {
        low.write(ClockLow(side));
    }
}

fn side_name(side: Side, lang: Lang) -> &'static str {
    crate::i18n::side(side, lang)
}

/// What the table says of a game's end or a draw answered, whoever acts (the player at
/// the table, the computer answering an offer in `engine_link.rs`).
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct TableSays<'w> {
    ended: MessageWriter<'w, GameEnded>,
    changed: MessageWriter<'w, BoardChanged>,
    notices: MessageWriter<'w, Notice>,
}

impl TableSays<'_> {
    /// The game has just ended.
    fn ended(&mut self, outcome: Outcome) {
        info!("game ended: {outcome}");
        self.ended.write(GameEnded(outcome));
        self.changed.write(BoardChanged);
    }

    /// The open draw offer taken or declined by the other side (nothing if none is open).
    pub(crate) fn answer_draw(&mut self, model: &mut Model, accept: bool, lang: Lang) {
        let Some(side) = model.draw_offer() else {
            return;
        };
        if accept {
            if let Ok(outcome) = model.accept_draw() {
                self.ended(outcome);
            }
        } else {
            model.decline_draw();
            self.notices.write(Notice::info(
                T::DrawDeclined.fill(lang, &[&side_name(!side, lang)]),
            ));
        }
    }
}

/// Space, and the panel's pause, resign and draw buttons.
fn actions(
    mut actions: MessageReader<TableCommand>,
    mut draws: MessageReader<DrawCommand>,
    mut model: ResMut<Model>,
    settings: Res<Settings>,
    mut offered: MessageWriter<DrawOffered>,
    mut says: TableSays,
) {
    let lang = settings.lang;
    for &action in actions.read() {
        match action {
            TableCommand::TogglePause => match model.clock().map(Clock::is_paused) {
                Some(true) => {
                    model.resume();
                    log_clock("runs", &model);
                }
                Some(false) => {
                    model.pause();
                    log_clock("paused", &model);
                }
                None => {}
            },
            TableCommand::Resign => {
                if let Ok(outcome) = model.resign() {
                    says.ended(outcome);
                }
            }
        }
    }
    for &draw in draws.read() {
        match draw {
            DrawCommand::Accept => says.answer_draw(&mut model, true, lang),
            DrawCommand::Decline => says.answer_draw(&mut model, false, lang),
            DrawCommand::ResignAs(side) => {
                if let Ok(outcome) = model.resign_as(side) {
                    says.ended(outcome);
                }
            }
            DrawCommand::Offer | DrawCommand::OfferFrom(_) => {
                let offer = match draw {
                    DrawCommand::OfferFrom(side) => model.offer_draw_from(side),
                    _ => model.offer_draw(),
                };
                if let Ok(side) = offer {
                    info!("draw offered by {side:?}");
                    says.notices.write(Notice::info(
                        T::DrawOffered.fill(lang, &[&side_name(side, lang)]),
                    ));
                    // The computer, if it is the other side, answers in the same frame
                    // (engine_link.rs).
                    offered.write(DrawOffered(side));
                }
            }
        }
    }
}

/// A dialog in front of the board, or the board editor, stops the clock: nobody is
/// playing then.
fn pause_for_dialogs(
    overlay: Res<Overlay>,
    choice: Res<GameChoice>,
    mode: Res<State<Mode>>,
    mut model: ResMut<Model>,
) {
    let open = overlay.help
        || overlay.slots
        || overlay.board_clock
        || *mode.get() == Mode::Edit
        || choice.0.is_some();
    if open
        && (overlay.is_changed() || choice.is_changed() || mode.is_changed())
        && model.clock().is_some_and(|c| !c.is_paused())
    {
        model.pause();
    }
}

/// How long the window may sleep: until the running clock's shown time changes.
pub(crate) fn wake_in(model: &Model) -> Option<Duration> {
    let clock = model.clock()?;
    clock.running().map(|side| period(clock.left(side)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wakes_once_a_second_and_ten_times_under_ten_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(period(ms(595_400)), ms(1000));
        assert_eq!(period(ms(10_500)), ms(100));
        assert_eq!(period(ms(9_940)), ms(100));
    }
}
