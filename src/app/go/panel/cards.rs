//! The players' cards at the Go table, as at the Xiangqi table: the side's stone, the
//! player's name (the file's `PB`/`PW`, else GNU Go when it plays that side, else the
//! side), the clock, the stones this side has taken; the side to move framed. And the
//! toolbar: new, undo, redo, pass, save, hint.

use crate::app::go::table::Said;
use crate::i18n::{GoText as G, Lang, T, Word, go_result, go_side};
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::{GoCommand, GoTable, clock};
use crate::app::panel::parts;
use crate::app::panel::parts::{card_frame, clock_text};
use crate::app::panel::toolbar::{self, Icon, Tool};
use crate::go::Color;

/// The name on a side's card.
fn player_name(table: &GoTable, color: Color, lang: Lang) -> String {
    let side = go_side(color, lang);
    // The computer is 电脑 at the table (its program's name is the settings').
    let engine = crate::games::go::kept::COMPUTER.0;
    let said = |name: &str| ::table::i18n::player_said_as(name, lang, Some(engine));
    match named(table, color) {
        Some(name) => format!("{side} · {}", said(name)),
        None if table.setup.computer == Some(color) => format!("{side} · {}", said(engine)),
        None => side.to_owned(),
    }
}

/// The player the record names at `color` (`PB`, `PW`), if any.
fn named(table: &GoTable, color: Color) -> Option<&str> {
    let tag = match color {
        Color::Black => "PB",
        Color::White => "PW",
    };
    table
        .record()
        .tag(tag)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?")
}

/// A stone as the goban draws it, `side` points across.
fn stone(ui: &mut egui::Ui, color: Color, side: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let (fill, rim) = match color {
        Color::Black => (egui::Color32::from_gray(20), egui::Color32::from_gray(0)),
        Color::White => (egui::Color32::from_gray(245), egui::Color32::from_gray(90)),
    };
    ui.painter().circle(
        rect.center(),
        side * 0.44,
        fill,
        egui::Stroke::new(1.0, rim),
    );
}

/// One side's card.
pub(super) fn card(ui: &mut egui::Ui, table: &GoTable, lang: Lang, color: Color) {
    let pos = table.game().position();
    let to_move = pos.to_move() == color && table.result().is_none();
    let frame = card_frame(ui, to_move);
    let clock = table.clock().map(|c| {
        let i = usize::from(color == Color::White);
        clock::shown(c)[i]
    });
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            stone(ui, color, 26.0);
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 2.0;
                let full = player_name(table, color, lang);
                parts::card_name(
                    ui,
                    &::table::i18n::player_said(&full, lang),
                    named(table, color),
                );
                let taken = G::TakenCount.fill(lang, &[&pos.captures(color)]);
                let what = if to_move {
                    format!("{} · {taken}", G::ToPlay.get(lang))
                } else {
                    taken
                };
                ui.label(egui::RichText::new(what).small());
            });
            if let (Some((left, _, _)), Some(c)) = (clock, table.clock()) {
                let byoyomi = c.byoyomi_words(color, G::Byoyomi.get(lang));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    clock_text(ui, left, byoyomi.as_deref());
                });
            }
        });
    });
}

/// White's card face to face (对坐), turned to the player across: their name, stones
/// taken and clock; the last pass or the result; on their move, pass; resign whoever
/// is to move.
/// Returns each answer's place for the log, and the card's.
pub(super) fn across(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    send: &mut impl FnMut(Action),
) -> Vec<(&'static str, egui::Rect)> {
    use ::table::together::across;
    let color = Color::White;
    let pos = table.game().position();
    let over = table.result().is_some();
    let to_move = pos.to_move() == color && !over;
    let name = player_name(table, color, lang);
    let taken = G::TakenCount.fill(lang, &[&pos.captures(color)]);
    let note = if to_move {
        format!("{} · {taken}", G::ToPlay.get(lang))
    } else {
        taken
    };
    let byoyomi = table
        .clock()
        .and_then(|c| c.byoyomi_words(color, G::Byoyomi.get(lang)));
    let clock = table
        .clock()
        .map(|c| (clock::shown(c)[1].0, byoyomi.as_deref()));
    let said = match (table.result(), table.said()) {
        (Some(result), _) => Some(G::ResultIs.fill(lang, &[&go_result(result, lang)])),
        (None, Some(Said::Passed(c))) => Some(G::Passes.fill(lang, &[&go_side(*c, lang)])),
        _ => None,
    };
    // Pass on their move; resign whoever is to move: the card's buttons are its player's.
    let theirs = !over && table.setup.computer != Some(color);
    let choices = match (theirs, to_move) {
        (true, true) => vec![
            (G::Pass.get(lang), GoCommand::Pass),
            (G::Resign.get(lang), GoCommand::ResignAs(color)),
        ],
        (true, false) => vec![(G::Resign.get(lang), GoCommand::ResignAs(color))],
        (false, _) => Vec::new(),
    };
    let answers: Vec<&str> = choices.iter().map(|(word, _)| *word).collect();
    let card = across::Across {
        name: &name,
        note: &note,
        to_move,
        clock,
        said: said.as_deref().map(|s| (s, false)),
        answers: &answers,
    };
    let drawn = across::card(ui, &card);
    if let Some(&(_, command)) = drawn.tapped.and_then(|i| choices.get(i)) {
        send(Action::own(command));
    }
    let mut places = vec![("go-across-card", drawn.place)];
    places.extend(
        ["go-across-answer-0", "go-across-answer-1"]
            .into_iter()
            .zip(drawn.answers),
    );
    places
}

/// The toolbar; returns each tool's place for the log.
pub(super) fn toolbar(
    ui: &mut egui::Ui,
    lang: Lang,
    send: &mut impl FnMut(Action),
) -> Vec<(&'static str, egui::Rect)> {
    let tool = |icon, name, tip: &str, keys: &str, action| Tool {
        icon,
        name,
        tip: if keys.is_empty() {
            tip.to_owned()
        } else {
            format!("{tip} ({keys})")
        },
        on: false,
        action,
    };
    let tools = vec![
        tool(
            Icon::New,
            "go-new",
            Word::NewGame.get(lang),
            "Ctrl+R",
            Action::NewGame,
        ),
        tool(
            Icon::Undo,
            "go-undo",
            Word::Undo.get(lang),
            "Ctrl+Z",
            Action::Undo,
        ),
        tool(
            Icon::Redo,
            "go-redo",
            Word::Redo.get(lang),
            "Ctrl+Y",
            Action::Redo,
        ),
        tool(
            Icon::Pass,
            "go-pass",
            G::Pass.get(lang),
            "",
            Action::own(GoCommand::Pass),
        ),
        tool(
            Icon::Save,
            "go-save",
            Word::Save.get(lang),
            "Ctrl+S",
            Action::Save,
        ),
        tool(
            Icon::Hint,
            "go-hint",
            T::HintButton.get(lang),
            "H",
            Action::Hint,
        ),
    ];
    toolbar::row(ui, tools, send)
}
