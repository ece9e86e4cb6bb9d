//! The window as a clock for a real board (Ctrl+K, View → Clock for a real board): two
//! large halves, the first side's on the left; Space, a click or a tap on the running
//! half ends that side's move and starts the other's. The time control is the next
//! game's at the table shown (time odds too), its 读秒 called aloud as in a game.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::actions::Action;
use crate::app::messages::{BoardClockPressed, SoundCue};
use crate::app::schedule::{GameKind, Logic, PanelSet};
use crate::app::shell::access::Called;
use crate::app::shell::model::{Overlay, Settings, WakeFor};
use crate::app::shell::tables::Tables;
use crate::clock::{Clock, Seat, format_left, period};
use crate::i18n::Word;
use crate::rules::{Controls, TimeControl};

/// The clock while the window is one (`None`: closed).
#[derive(Resource, Default)]
pub struct BoardClock {
    /// The clock: paused until the first press.
    pub clock: Option<Clock<Seat>>,
    /// The first press has started it.
    pub started: bool,
    /// The side whose flag fell.
    pub flagged: Option<Seat>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardClock>().add_systems(
        Update,
        (open, press, tick).chain().in_set(Logic::BoardClock),
    );
}

pub(crate) fn window_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        draw.in_set(PanelSet::BoardClock),
    );
}

/// The clock of the game at the table shown, else its next game's, else 10+5.
fn controls(kind: GameKind, xiangqi: Option<Controls>, go: Option<Controls>) -> Controls {
    let chosen = if kind.0 == crate::games::go::kept::GO {
        go
    } else {
        xiangqi
    };
    chosen.unwrap_or(TimeControl::minutes(10, 5).into())
}

/// Set when the window becomes a clock, gone when it stops being one.
fn open(
    overlay: Res<Overlay>,
    mut board: ResMut<BoardClock>,
    kind: Res<State<GameKind>>,
    (xq, model): (
        Res<crate::settings::XiangqiSettings>,
        Res<crate::app::xiangqi::model::Model>,
    ),
    (next, go): (
        Res<crate::app::go::table::GoNext>,
        Res<crate::app::go::GoTable>,
    ),
) {
    match (overlay.board_clock, board.clock.is_some()) {
        (true, false) => {
            let xiangqi_time = model.clock().map(|c| c.controls()).or(xq.clock);
            let go_next = next.0.map_or(go.setup.time, |s| s.time);
            let go_time = go.clock().map(|c| c.controls()).or(go_next);
            let controls = controls(*kind.get(), xiangqi_time, go_time);
            info!("board clock set to {controls}");
            *board = BoardClock {
                clock: Some(Clock::new(controls, Seat::First)),
                started: false,
                flagged: None,
            };
        }
        (false, true) => *board = BoardClock::default(),
        _ => {}
    }
}

/// A press: the first starts the first side's time; each later one ends the running
/// side's move.
fn press(
    mut pressed: MessageReader<BoardClockPressed>,
    mut board: ResMut<BoardClock>,
    mut cues: MessageWriter<SoundCue>,
) {
    for _ in pressed.read() {
        let started = board.started;
        if board.flagged.is_some() {
            continue;
        }
        let Some(clock) = board.clock.as_mut() else {
            continue;
        };
        if !started {
            clock.resume();
            board.started = true;
            info!("board clock starts: First runs");
        } else if let Some(side) = clock.running() {
            clock.moved(side);
            info!("board clock: {:?} runs", !side);
        }
        cues.write(SoundCue(crate::app::shell::assets::Sound::Move));
    }
}

/// The frame's time on the running side; 读秒 called; the window woken for the next
/// shown change.
fn tick(
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    mut board: ResMut<BoardClock>,
    mut wake: ResMut<WakeFor>,
    mut calls: MessageWriter<Called>,
    mut cues: MessageWriter<SoundCue>,
) {
    let mut flagged = None;
    let mut next = None;
    if let Some(clock) = board.clock.as_mut()
        && let Some(side) = clock.running()
    {
        let before = clock.reading();
        flagged = clock.tick(time.delta());
        if let Some(call) = clock.call(before, side) {
            calls.write(Called(crate::i18n::clock_call(call, settings.lang)));
        }
        next = clock.running().map(|s| period(clock.left(s)));
    }
    if let Some(side) = flagged {
        info!("board clock flag: {side:?}");
        board.flagged = Some(side);
        cues.write(SoundCue(crate::app::shell::assets::Sound::GameOver));
    }
    if wake.0 != next {
        wake.0 = next;
    }
}

/// The two halves over the whole window.
fn draw(
    mut contexts: EguiContexts,
    (board, settings, kind, tables): (
        Res<BoardClock>,
        Res<Settings>,
        Res<State<GameKind>>,
        Res<Tables>,
    ),
    mut actions: MessageWriter<Action>,
    mut logged: Local<Vec<(String, (i32, i32))>>,
) -> Result {
    let Some(clock) = board.clock.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let colors = table::panel::parts::colors(&ctx);
    let sides = tables.sides(*kind.get(), lang);
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::new("board-clock"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(&ctx, |ui| {
            let (whole, _) = ui.allocate_exact_size(screen.size(), egui::Sense::hover());
            let painter = ui.painter();
            painter.rect_filled(whole, 0.0, ui.visuals().panel_fill);
            let half = whole.width() / 2.0;
            for (i, seat) in [Seat::First, Seat::Second].into_iter().enumerate() {
                let rect = egui::Rect::from_min_size(
                    whole.min + egui::vec2(half * i as f32, 0.0),
                    egui::vec2(half, whole.height()),
                )
                .shrink(12.0);
                let running = clock.running() == Some(seat);
                let flag = board.flagged == Some(seat);
                let fill = if flag {
                    table::egui_color(colors.clock_low).gamma_multiply(0.35)
                } else if running {
                    ui.visuals().selection.bg_fill
                } else {
                    ui.visuals().faint_bg_color
                };
                painter.rect_filled(rect, 16.0, fill);
                let response = ui.interact(
                    rect,
                    egui::Id::new(("board-clock-side", i)),
                    egui::Sense::click(),
                );
                table::panel::parts::log_place(&mut logged, format!("board-clock-{i}"), rect);
                // A tap on the running half (or anywhere before the start) is its press.
                if response.clicked() && (running || !board.started) {
                    actions.write(Action::BoardClockPress);
                }
                let left = clock.left(seat);
                let text = if flag {
                    Word::TimeUp.get(lang).to_owned()
                } else {
                    format_left(left)
                };
                // In steps of 8 points and at most 160: each size is a set of glyphs in
                // egui's font atlas, and a window resized through many sizes filled it
                // (digits dropped out, 「4:5」, until the atlas was laid out again).
                let size = ((rect.width() / 4.2).min(rect.height() / 2.5) / 8.0).floor() * 8.0;
                let size = size.clamp(16.0, 160.0);
                let ink = if left < Duration::from_secs(10) && left > Duration::ZERO {
                    table::egui_color(colors.clock_low)
                } else {
                    ui.visuals().strong_text_color()
                };
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::monospace(size),
                    ink,
                );
                let name = &sides[i];
                let top = egui::pos2(rect.center().x, rect.top() + size * 0.45);
                painter.text(
                    top,
                    egui::Align2::CENTER_CENTER,
                    name,
                    egui::FontId::proportional(size * 0.3),
                    ui.visuals().text_color(),
                );
                if clock.in_byoyomi(seat) {
                    let below = egui::pos2(rect.center().x, rect.center().y + size * 0.75);
                    painter.text(
                        below,
                        egui::Align2::CENTER_CENTER,
                        crate::i18n::clock_call(crate::clock::Call::Byoyomi(1), lang),
                        egui::FontId::proportional(size * 0.25),
                        ui.visuals().text_color(),
                    );
                }
            }
            let hint = if board.started {
                Word::BoardClockHint
            } else {
                Word::BoardClockStart
            };
            let at = egui::pos2(whole.center().x, whole.bottom() - 30.0);
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                hint.get(lang),
                // Read from a chair at the board: not small, not pale.
                egui::FontId::proportional(24.0),
                ui.visuals().text_color(),
            );
        });
    Ok(())
}
