//! The engine's part of the panel: who plays (two people, or the computer with either
//! side) and how strongly, the hint and analysis buttons, and, while the analysis is
//! shown, an evaluation bar from red's side, the depth and the best lines in the
//! player's notation. Its rows in the settings: the engine's program, threads and hash.
//! Everything here only reads and asks; the choices go out as actions or edits.

use crate::app::xiangqi::messages::EngineCommand;
use crate::app::xiangqi::model::{ComputerWaits, Model, XiangqiSettingsEdited};
use crate::settings::{HASH_MB, MAX_DEPTH, MAX_MOVE_TIME, XiangqiSettings};
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::levels::Row;
use crate::app::panel::parts;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::engine_link::{EngineStatus, EngineView};
use crate::app::{egui_color, levels};
use crate::engine::{Limit, Line, Score};
use crate::i18n::{Lang, T};
use crate::rules::{Color as Side, Notation, Position};

/// How many moves of each line are shown.
const LINE_MOVES: usize = 8;

/// The opponent, the strength, and the analysis when shown (A and H are the toolbar's). Returns the
/// strength if the player changed it.
pub(crate) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    (settings, xq, household): (&Settings, &XiangqiSettings, &table::household::Household),
    view: &EngineView,
    waits: &ComputerWaits,
    send: &mut impl FnMut(Action),
) -> Option<Limit> {
    let lang = settings.lang;
    let mut computer = xq.computer;
    ui.horizontal(|ui| {
        ui.label(T::Opponent.get(lang));
        egui::ComboBox::from_id_salt("opponent")
            .selected_text(opponent_text(computer, lang))
            .show_ui(ui, |ui| {
                for choice in [None, Some(Side::Red), Some(Side::Black)] {
                    ui.selectable_value(&mut computer, choice, opponent_text(choice, lang));
                }
            });
    });
    if computer != xq.computer {
        send(Action::own(EngineCommand::SetComputer(computer)));
    }
    if let Some(side) = xq.computer {
        level_ui(
            ui,
            ("computer-level", xq.level, side),
            (settings, household),
            send,
        );
    }
    // A level sets its own search: the strength is for no level.
    let strength = xq
        .computer
        .filter(|_| xq.level.is_none())
        .and_then(|_| strength_ui(ui, xq.strength, lang));
    let game = model.game();
    let computers_turn = xq.computer == Some(game.position().turn())
        && model.outcome().is_none()
        && !model.is_reviewing()
        && !model.clock().is_some_and(|c| c.is_paused());
    if computers_turn && waits.at(game.position()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(T::ComputerWaits.get(lang));
            if ui.button(T::ComputerPlayNow.get(lang)).clicked() {
                send(Action::own(EngineCommand::ComputerMove));
            }
        });
    } else if computers_turn {
        ui.label(egui::RichText::new(T::Thinking.get(lang)).italics());
    }
    if view.analysing {
        analysis(ui, model.shown_position(), view, xq.notation, lang);
    }
    strength
}

pub(crate) fn opponent_text(computer: Option<Side>, lang: Lang) -> &'static str {
    match computer {
        None => T::TwoPlayers.get(lang),
        Some(Side::Red) => T::ComputerRed.get(lang),
        Some(Side::Black) => T::ComputerBlack.get(lang),
    }
}

/// The computer's level: one of the levels, by number, name and rating, or none (the
/// strength below then says how it searches); the seated player's level on the ladder.
pub(crate) fn level_ui(
    ui: &mut egui::Ui,
    (prefix, level, computer): (&str, Option<u8>, Side),
    (settings, household): (&Settings, &table::household::Household),
    send: &mut impl FnMut(Action),
) {
    use crate::engine::levels::LEVELS;
    let lang = settings.lang;
    let rows: Vec<Row> = LEVELS
        .iter()
        .map(|l| Row {
            number: l.number,
            name: l.name[lang.column()],
            rating: l.rating,
        })
        .collect();
    let seat = usize::from(computer == Side::Black);
    let player = levels::opponent(household, &settings.seats, seat, "xiangqi");
    // Where the list and its entries are, for the window tests (logged as they move).
    static LOGGED: std::sync::Mutex<Vec<(String, (i32, i32))>> = std::sync::Mutex::new(Vec::new());
    let mut log = |what: String, rect: egui::Rect| {
        if let Ok(mut logged) = LOGGED.lock() {
            parts::log_place(&mut logged, what, rect);
        }
    };
    let none = T::NoLevel.get(lang);
    // The log names are the list's: `computer-level`, `computer-level-3` in the panel.
    let list = (prefix, &rows[..], none);
    if let Some(chosen) = levels::level_ui(ui, list, level, player, lang, &mut log) {
        send(Action::own(EngineCommand::SetLevel(chosen)));
    }
}

/// Depth or time a move, and how much.
fn strength_ui(ui: &mut egui::Ui, strength: Limit, lang: Lang) -> Option<Limit> {
    let mut s = strength;
    ui.horizontal_wrapped(|ui| {
        ui.label(T::Strength.get(lang));
        let by_depth = matches!(s, Limit::Depth(_));
        if ui.radio(by_depth, T::ByDepth.get(lang)).clicked() && !by_depth {
            s = Limit::Depth(10);
        }
        if ui.radio(!by_depth, T::ByTime.get(lang)).clicked() && by_depth {
            s = crate::settings::DEFAULT_STRENGTH;
        }
    });
    match &mut s {
        Limit::Depth(d) => {
            ui.add(egui::Slider::new(d, 1..=MAX_DEPTH));
        }
        Limit::MoveTime(t) => {
            let mut secs = t.as_secs_f32();
            ui.add(
                egui::Slider::new(&mut secs, 0.1..=MAX_MOVE_TIME.as_secs_f32())
                    .logarithmic(true)
                    .max_decimals(1)
                    .suffix(" s"),
            );
            *t = std::time::Duration::from_millis((secs * 1000.0).round() as u64);
        }
        // Not a strength the settings hold (the plan's, for a level on a clock).
        Limit::DepthWithin(..) | Limit::Infinite => {}
    }
    (s != strength).then_some(crate::settings::clamp_strength(s))
}

/// The engine's name and depth, the bar and the lines, for the position shown.
fn analysis(ui: &mut egui::Ui, pos: &Position, view: &EngineView, notation: Notation, lang: Lang) {
    let lines = view.lines_about(pos);
    match &view.status {
        // Mate or stalemate on the board: nothing to search.
        _ if pos.legal_moves().is_empty() => {
            ui.label(egui::RichText::new(T::NoMoveToHint.get(lang)).weak());
            return;
        }
        EngineStatus::Failed(why) => {
            ui.label(egui::RichText::new(why).color(parts::warning(ui)));
            return;
        }
        EngineStatus::Running(name) if !lines.is_empty() => {
            let depth = T::AnalysisDepth.fill(lang, &[&lines[0].depth]);
            ui.label(egui::RichText::new(format!("{name} · {depth}")).weak());
        }
        _ => {
            ui.label(egui::RichText::new(T::AnalysisWaiting.get(lang)).weak());
        }
    }
    let Some(best) = lines.first() else {
        return;
    };
    eval_bar(ui, best.score.for_side(pos.turn(), Side::Red));
    for line in lines {
        let score = score_text(line.score.for_side(pos.turn(), Side::Red));
        ui.label(format!("{score}  {}", moves_text(pos, line, notation)));
    }
}

/// `+0.35`, `-1.20` (in soldiers), `#3` (red mates in three), `#-3` (black does).
fn score_text(red: Score) -> String {
    match red {
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// The line's first moves in `notation`.
fn moves_text(pos: &Position, line: &Line, notation: Notation) -> String {
    line.spelled(pos, LINE_MOVES, |at, m| notation.display(at, m))
        .join(" ")
}

/// How much of the bar is red's: an even game is half, a won one all of it.
fn red_share(red: Score) -> f32 {
    match red {
        // A logistic curve: a chariot up (~9 soldiers) is nearly all of the bar.
        Score::Centipawns(cp) => 1.0 / (1.0 + (-(cp as f32) / 300.0).exp()),
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

fn eval_bar(ui: &mut egui::Ui, red: Score) {
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 14.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let split = rect.left() + rect.width() * red_share(red);
    painter.rect_filled(
        rect,
        3.0,
        egui_color(crate::theme::side(&crate::theme::WOOD, Side::Black)),
    );
    painter.rect_filled(
        egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.bottom())),
        3.0,
        egui_color(crate::theme::side(&crate::theme::WOOD, Side::Red)),
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        score_text(red),
        egui::FontId::proportional(11.0),
        egui::Color32::WHITE,
    );
}

/// The machine's cores, read once: on Linux the count reads cgroup files, not worth doing
/// every frame the settings are open.
fn cores() -> u32 {
    static CORES: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32))
}

/// What the player types for the engine's program, until it is committed.
#[derive(Default)]
pub(crate) struct EngineUi {
    path: Option<String>,
}

/// Xiangqi's rows of the settings: the notation, then the engine's program (committed
/// on Enter or leaving the field), threads and hash.
fn settings_rows(
    ui: &mut egui::Ui,
    s: &mut XiangqiSettings,
    view: &EngineView,
    state: &mut EngineUi,
    lang: Lang,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(T::Notation.get(lang));
        ui.radio_value(
            &mut s.notation,
            Notation::Chinese,
            T::NotationChinese.get(lang),
        );
        ui.radio_value(
            &mut s.notation,
            Notation::ChineseTraditional,
            T::NotationTraditional.get(lang),
        );
        ui.radio_value(&mut s.notation, Notation::Wxf, "WXF");
        ui.radio_value(&mut s.notation, Notation::Iccs, "ICCS");
        ui.radio_value(
            &mut s.notation,
            Notation::Vietnamese,
            T::NotationVietnamese.get(lang),
        );
    });
    ui.label(egui::RichText::new(T::Engine.get(lang)).strong());
    if let EngineStatus::Running(name) = &view.status {
        ui.label(egui::RichText::new(name).weak());
    }
    ui.label(T::EnginePath.get(lang));
    let current = s
        .engine
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let text = state.path.get_or_insert_with(|| current.clone());
    let field = ui.add(egui::TextEdit::singleline(text).desired_width(f32::INFINITY));
    if field.lost_focus() {
        let typed = text.trim();
        s.engine = (!typed.is_empty()).then(|| std::path::PathBuf::from(typed));
        state.path = None;
    } else if !field.has_focus() && *text != current {
        // Changed elsewhere (the settings file): show what is set.
        *text = current;
    }
    let most_threads = cores().max(s.threads);
    ui.add(egui::Slider::new(&mut s.threads, 1..=most_threads).text(T::EngineThreads.get(lang)));
    let most_hash = 1024.max(s.hash_mb);
    ui.add(
        egui::Slider::new(&mut s.hash_mb, 16.max(*HASH_MB.start())..=most_hash)
            .logarithmic(true)
            .suffix(" MB")
            .text(T::EngineHash.get(lang)),
    );
}

/// Xiangqi's rows in the settings dialog (see `TableGame::settings`): the engine's.
pub(crate) fn settings_section(
    InMut(ui): InMut<egui::Ui>,
    (settings, xq): (Res<Settings>, Res<XiangqiSettings>),
    view: Res<EngineView>,
    mut state: Local<EngineUi>,
    mut edits: MessageWriter<XiangqiSettingsEdited>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let mut s = xq.clone();
    settings_rows(ui, &mut s, &view, &mut state, settings.lang);
    if s != *xq {
        // The next frame must come to act on it.
        redraw.write(bevy::window::RequestRedraw);
        edits.write(XiangqiSettingsEdited(Box::new(s)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_reds_side() {
        assert_eq!(score_text(Score::Centipawns(35)), "+0.35");
        assert_eq!(score_text(Score::Centipawns(-120)), "-1.20");
        assert_eq!(score_text(Score::Mate(-3)), "#-3");
        assert!((red_share(Score::Centipawns(0)) - 0.5).abs() < 1e-6);
        assert!(red_share(Score::Centipawns(900)) > 0.9);
        assert_eq!(red_share(Score::Mate(2)), 1.0);
        assert_eq!(red_share(Score::Mate(-2)), 0.0);
    }
}
