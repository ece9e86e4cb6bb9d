//! The opening explorer, a section of the panel: the moves played from the position on
//! the board in the master book (compiled in) or in the player's library, with how
//! often, how those games ended and the latest year; a click plays the move.

use bevy_egui::egui;

use super::window::Places;
use super::{LibraryCommand, LibraryView};
use crate::app::actions::Action;
use crate::app::xiangqi::messages::MoveAsked;
use crate::i18n::{Lang, LibText};
use crate::library::{Book, Explored};
use crate::rules::{Notation, Position};

/// The most moves listed: the panel must keep its room for the moves.
const ROWS: usize = 8;

/// The explorer's section.
pub(crate) fn show(
    ui: &mut egui::Ui,
    pos: &Position,
    view: &LibraryView,
    (notation, lang): (Notation, Lang),
    places: &mut Places,
    send: &mut impl FnMut(Action),
) {
    let header =
        egui::CollapsingHeader::new(egui::RichText::new(LibText::Explorer.get(lang)).strong())
            .id_salt("explorer")
            .open(Some(view.explorer))
            .show(ui, |ui| body(ui, pos, view, (notation, lang), places, send));
    places.log("explorer", header.header_response.rect);
    if header.header_response.clicked() {
        send(Action::own(LibraryCommand::Explorer {
            open: !view.explorer,
            masters: view.masters,
        }));
    }
}

fn body(
    ui: &mut egui::Ui,
    pos: &Position,
    view: &LibraryView,
    (notation, lang): (Notation, Lang),
    places: &mut Places,
    send: &mut impl FnMut(Action),
) {
    ui.horizontal_wrapped(|ui| {
        for (masters, text) in [
            (true, LibText::Masters.get(lang).to_owned()),
            (
                false,
                match view.size {
                    Some(n) => format!(
                        "{} ({})",
                        LibText::MyGames.get(lang),
                        LibText::Games.fill(lang, &[&n])
                    ),
                    None => LibText::MyGames.get(lang).to_owned(),
                },
            ),
        ] {
            let tab = ui.selectable_label(view.masters == masters, text);
            places.log(
                if masters {
                    "explorer-masters"
                } else {
                    "explorer-mine"
                },
                tab.rect,
            );
            if tab.clicked() {
                send(Action::own(LibraryCommand::Explorer {
                    open: true,
                    masters,
                }));
            }
        }
    });
    let masters;
    let rows: Option<&[Explored]> = if view.masters {
        masters = Book::masters().explore(pos);
        Some(&masters)
    } else {
        view.explored_at(pos)
    };
    let Some(rows) = rows else {
        ui.label(LibText::Searching.get(lang));
        return;
    };
    if rows.is_empty() {
        let book = if view.masters {
            LibText::Masters
        } else {
            LibText::MyGames
        };
        ui.label(LibText::OutOfBook.fill(lang, &[&book.get(lang)]));
    } else {
        table(ui, pos, rows, (notation, lang), places, send);
    }
    if view.masters {
        // The licence asks for the credit; the whole of it on hover, in Help and the README.
        ui.add(
            egui::Label::new(
                egui::RichText::new(LibText::MastersShort.get(lang))
                    .small()
                    .weak(),
            )
            .truncate(),
        )
        .on_hover_text(LibText::MastersCredit.get(lang));
    }
}

fn table(
    ui: &mut egui::Ui,
    pos: &Position,
    rows: &[Explored],
    (notation, lang): (Notation, Lang),
    places: &mut Places,
    send: &mut impl FnMut(Action),
) {
    let all: usize = rows.iter().map(|e| e.games).sum();
    // The latest year gets a column where the panel has room, else goes in the hover.
    let wide = ui.available_width() > 330.0;
    egui::Grid::new("explorer rows")
        .num_columns(if wide { 4 } else { 3 })
        .spacing([8.0, 2.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label(egui::RichText::new(LibText::ExplorerMove.get(lang)).weak());
            ui.label(egui::RichText::new(LibText::ExplorerGames.get(lang)).weak());
            ui.label(
                egui::RichText::new(format!(
                    "{}/{}/{} %",
                    LibText::RedShort.get(lang),
                    LibText::Draw.get(lang),
                    LibText::BlackShort.get(lang)
                ))
                .weak(),
            );
            if wide {
                ui.label(egui::RichText::new(LibText::Latest.get(lang)).weak());
            }
            ui.end_row();
            for e in rows.iter().take(ROWS) {
                let name = notation.display(pos, e.mv);
                let button = ui.button(name).on_hover_text(e.mv.to_string());
                places.log(&format!("explorer-{}", e.mv), button.rect);
                if button.clicked() {
                    send(Action::own(MoveAsked(e.mv)));
                }
                let share = 100.0 * e.games as f64 / all.max(1) as f64;
                let latest = e.latest.map_or_else(String::new, |y| y.to_string());
                ui.label(e.games.to_string()).on_hover_text(format!(
                    "{share:.0}% · {} {latest}",
                    LibText::Latest.get(lang)
                ));
                let pct = |n: usize| 100.0 * n as f64 / e.games.max(1) as f64;
                results_bar(ui, pct(e.red), pct(e.draws), pct(e.black));
                if wide {
                    ui.label(latest);
                }
                ui.end_row();
            }
        });
}

/// Red wins, draws and black wins as one bar, with their figures.
fn results_bar(ui: &mut egui::Ui, red: f64, draws: f64, black: f64) {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(84.0, 14.0), egui::Sense::hover());
    let painter = ui.painter();
    let mut x = rect.left();
    for (share, color) in [
        (red, egui::Color32::from_rgb(0xc0, 0x30, 0x28)),
        (draws, egui::Color32::from_gray(0xb0)),
        (black, egui::Color32::from_gray(0x30)),
    ] {
        let w = rect.width() * (share / 100.0) as f32;
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w, rect.height())),
            0.0,
            color,
        );
        x += w;
    }
    // The figures over the bar, readable on any of its colours.
    let text = format!("{red:.0}/{draws:.0}/{black:.0}");
    for (offset, color) in [(1.0, egui::Color32::BLACK), (0.0, egui::Color32::WHITE)] {
        painter.text(
            rect.center() + egui::vec2(offset, offset),
            egui::Align2::CENTER_CENTER,
            &text,
            egui::FontId::proportional(11.0),
            color,
        );
    }
    response.on_hover_text(format!("{red:.0}% / {draws:.0}% / {black:.0}%"));
}
