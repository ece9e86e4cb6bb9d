//! What a puzzle duel shows: the dialog that sets it up, the panel while a player solves
//! (both players' clocks and marks, the puzzle's task, what the last move was), and over
//! the board between the rounds a cover (whose round, Begin: the next player does not
//! see the puzzle before their clock runs) and at the end the scoreboard.

use bevy_egui::egui;

use super::{COUNTS, DuelCommand, MINUTES, PuzzleDuel};
use crate::app::actions::Action;
use crate::app::panel::parts::{self, log_place};
use crate::app::xiangqi::train::{Said, Training};
use crate::i18n::{Lang, T};
use table::clock::format_left;
use table::together::duel::{Duel, Mark, Turn};

/// A puzzle missed, as the marks show it (a sign every face the table draws with has).
const MISSED: char = '×';

/// What the duel's dialog and panel remember: the choices being made, the places logged.
pub(crate) struct DuelUi {
    count: usize,
    minutes: u64,
    pub(crate) logged: Vec<(String, (i32, i32))>,
}

impl Default for DuelUi {
    fn default() -> DuelUi {
        let d = PuzzleDuel::default();
        DuelUi {
            count: d.count,
            minutes: d.minutes,
            logged: Vec::new(),
        }
    }
}

/// The dialog: how many puzzles, how long each, the players (the seats), Start.
pub(crate) fn dialog(
    ctx: &egui::Context,
    (duel, seats, lang): (&PuzzleDuel, [&str; 2], Lang),
    state: &mut DuelUi,
    send: &mut impl FnMut(Action),
) {
    if !duel.dialog {
        return;
    }
    let mut open = true;
    parts::dialog(ctx, T::DuelTitle.get(lang), &mut open).show(ctx, |ui| {
        ui.set_max_width(360.0);
        ui.label(T::DuelHow.get(lang));
        ui.add_space(4.0);
        ui.label(egui::RichText::new(format!("{} · {}", seats[0], seats[1])).strong());
        ui.horizontal_wrapped(|ui| {
            ui.label(T::DuelCount.get(lang));
            for (i, &n) in COUNTS.iter().enumerate() {
                let b = ui.selectable_label(state.count == n, n.to_string());
                log_place(&mut state.logged, format!("duel-count-{i}"), b.rect);
                if b.clicked() {
                    state.count = n;
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(T::DuelTime.get(lang));
            for (i, &m) in MINUTES.iter().enumerate() {
                let b = ui.selectable_label(state.minutes == m, T::DuelMinutes.fill(lang, &[&m]));
                log_place(&mut state.logged, format!("duel-minutes-{i}"), b.rect);
                if b.clicked() {
                    state.minutes = m;
                }
            }
        });
        ui.add_space(4.0);
        let start = ui.button(T::DuelStart.get(lang));
        log_place(&mut state.logged, "duel-start".to_owned(), start.rect);
        if start.clicked() {
            send(Action::own(DuelCommand::Start {
                count: state.count,
                minutes: state.minutes,
            }));
        }
    });
    if !open {
        send(Action::own(DuelCommand::Close));
    }
}

/// A player's line: name, solved so far, each puzzle's mark, the clock.
fn player_row(ui: &mut egui::Ui, d: &Duel, player: usize, on: bool) {
    let marks: String = d
        .marks(player)
        .iter()
        .map(|m| match m {
            Mark::Solved(_) => '✔',
            Mark::Missed => MISSED,
            Mark::TimedOut => '·',
        })
        .collect();
    parts::card_frame(ui, on).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(&d.players()[player]).strong());
                let solved = d.score(player).solved;
                ui.label(format!("✔ {solved}/{}  {marks}", d.puzzles().len()));
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                parts::clock_text(ui, d.left(player), None);
            });
        });
    });
}

/// The panel while a duel is on (the training's own panel is not: no hints, no list).
pub(crate) fn show(
    ui: &mut egui::Ui,
    (duel, training, lang): (&PuzzleDuel, &Training, Lang),
    state: &mut DuelUi,
    send: &mut impl FnMut(Action),
) {
    let Some(d) = duel.duel.as_ref() else { return };
    ui.add_space(6.0);
    ui.heading(T::DuelTitle.get(lang));
    let solving = match d.turn() {
        Turn::Solving { player, index, .. } => Some((player, index)),
        _ => None,
    };
    for player in 0..2 {
        player_row(ui, d, player, solving.is_some_and(|(p, _)| p == player));
    }
    if let (Some((player, index)), Some(puzzle)) = (solving, training.puzzle()) {
        ui.add_space(4.0);
        let of = d.puzzles().len();
        let name = &d.players()[player];
        ui.label(
            egui::RichText::new(T::DuelPuzzleOf.fill(lang, &[name, &(index + 1), &of])).strong(),
        );
        ui.label(crate::app::xiangqi::panel::train::task(puzzle, lang));
        let (said, warning) = match training.said() {
            Said::Right => (T::PuzzleRight.get(lang), false),
            Said::Wrong => (T::PuzzleWrong.get(lang), true),
            Said::Solved => (T::PuzzleSolved.get(lang), false),
            _ => (" ", false),
        };
        let mut text = egui::RichText::new(said).size(17.0);
        text = if warning {
            text.color(parts::warning(ui))
        } else {
            text.strong()
        };
        ui.label(text);
    }
    ui.separator();
    let close = ui.button(T::DuelClose.get(lang));
    log_place(&mut state.logged, "duel-close".to_owned(), close.rect);
    if close.clicked() {
        send(Action::own(DuelCommand::Close));
    }
}

/// Over the board between the rounds (whose round, Begin) and at the end (the
/// scoreboard, Again, Close): the board stays hidden until the player's clock runs.
/// `panel` is where the panel is: the board is the rest of the window.
pub(crate) fn cover(
    ctx: &egui::Context,
    panel: egui::Rect,
    (duel, lang): (&PuzzleDuel, Lang),
    state: &mut DuelUi,
    send: &mut impl FnMut(Action),
) {
    let Some(d) = duel.duel.as_ref() else { return };
    let turn = d.turn();
    if matches!(turn, Turn::Solving { .. }) {
        return;
    }
    let window = ctx.content_rect();
    // The panel is at the right, or (a tall window) at the bottom.
    let board = if panel.min.x > window.min.x + 1.0 {
        egui::Rect::from_min_max(window.min, egui::pos2(panel.min.x, window.max.y))
    } else {
        egui::Rect::from_min_max(window.min, egui::pos2(window.max.x, panel.min.y))
    };
    let fill = ctx.global_style().visuals.panel_fill;
    egui::Area::new("duel cover".into())
        .fixed_pos(board.min)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(board.size(), egui::Sense::click());
            ui.painter().rect_filled(rect, 0.0, fill);
            let inner = rect.shrink(24.0);
            ui.scope_builder(
                egui::UiBuilder::new()
                    .max_rect(inner)
                    .layout(egui::Layout::top_down(egui::Align::Center)),
                |ui| {
                    ui.add_space((inner.height() / 5.0).min(120.0));
                    ui.heading(T::DuelTitle.get(lang));
                    ui.add_space(8.0);
                    match turn {
                        Turn::Handover { player } => handover(ui, d, player, lang, state, send),
                        _ => scoreboard(ui, (d, duel), lang, state, send),
                    }
                },
            );
        });
}

fn handover(
    ui: &mut egui::Ui,
    d: &Duel,
    player: usize,
    lang: Lang,
    state: &mut DuelUi,
    send: &mut impl FnMut(Action),
) {
    let budget = format_left(d.budget());
    let round = T::DuelRound.fill(lang, &[&d.players()[player], &d.puzzles().len(), &budget]);
    ui.label(egui::RichText::new(round).size(24.0).strong());
    ui.label(T::DuelLookAway.get(lang));
    ui.add_space(12.0);
    let begin = ui.add(egui::Button::new(
        egui::RichText::new(T::DuelBegin.get(lang)).size(22.0),
    ));
    log_place(&mut state.logged, "duel-begin".to_owned(), begin.rect);
    if begin.clicked() {
        send(Action::own(DuelCommand::Begin));
    }
    // The first player's round ended: say what they did (the second sees only the count).
    if player == 1 {
        ui.add_space(12.0);
        let s = d.score(0);
        let line = T::DuelScore.fill(lang, &[&d.players()[0], &s.solved, &format_left(s.used)]);
        ui.label(line);
    }
}

fn scoreboard(
    ui: &mut egui::Ui,
    (d, duel): (&Duel, &PuzzleDuel),
    lang: Lang,
    state: &mut DuelUi,
    send: &mut impl FnMut(Action),
) {
    let verdict = match d.winner() {
        Some(w) => T::DuelWins.fill(lang, &[&d.players()[w]]),
        None => T::DuelEven.get(lang).to_owned(),
    };
    ui.label(egui::RichText::new(verdict).size(28.0).strong());
    ui.add_space(8.0);
    for player in 0..2 {
        let s = d.score(player);
        let line = T::DuelScore.fill(
            lang,
            &[&d.players()[player], &s.solved, &format_left(s.used)],
        );
        ui.label(egui::RichText::new(line).size(18.0));
    }
    ui.add_space(8.0);
    // A row a puzzle, both players' results side by side in columns of a grid (issue
    // 91: padded text went out of line under names of Chinese characters).
    let [a, b] = d.players();
    let said = |m: Option<&Mark>| match m {
        Some(Mark::Solved(t)) => format!("✔ {}", format_left(*t)),
        Some(Mark::Missed) => MISSED.to_string(),
        Some(Mark::TimedOut) | None => "—".to_owned(),
    };
    egui::Grid::new("duel-results")
        .striped(true)
        .spacing([24.0, 4.0])
        .show(ui, |ui| {
            ui.label(egui::RichText::new(T::DuelPuzzle.get(lang)).strong());
            ui.label(egui::RichText::new(a).strong());
            ui.label(egui::RichText::new(b).strong());
            ui.end_row();
            for i in 0..d.puzzles().len() {
                ui.label((i + 1).to_string());
                ui.label(egui::RichText::new(said(d.marks(0).get(i))).monospace());
                ui.label(egui::RichText::new(said(d.marks(1).get(i))).monospace());
                ui.end_row();
            }
        });
    ui.label(egui::RichText::new(T::DuelTimesNote.get(lang)).small());
    ui.add_space(12.0);
    {
        let again = ui.button(T::DuelAgain.get(lang));
        log_place(&mut state.logged, "duel-again".to_owned(), again.rect);
        if again.clicked() {
            send(Action::own(DuelCommand::Start {
                count: duel.count,
                minutes: duel.minutes,
            }));
        }
        let close = ui.button(T::DuelClose.get(lang));
        log_place(&mut state.logged, "duel-close-board".to_owned(), close.rect);
        if close.clicked() {
            send(Action::own(DuelCommand::Close));
        }
    }
}
