//! The library's window at the Go table (L): its Go games found by player (either
//! colour, or as black or white), event, board size, winner and years, listed; a
//! double-click (or Open) opens a copy at the table. Importing a folder is the
//! library's, at either table (SGF files go in with the rest).

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::library::{GoLibraryCommand, LibraryView};
use crate::app::panel::parts::log_place;
use crate::app::panel::rows;
use crate::app::panel::rows::Rows;
use crate::i18n::{Lang, LibText};
use crate::library::{Filter, Found};
use crate::rules::Color;

/// What the window remembers: the filter as typed, the row picked, places logged.
#[derive(Default)]
pub(crate) struct GoLibraryUi {
    player: String,
    side: Option<Color>,
    event: String,
    size: Option<u8>,
    winner: Option<&'static str>,
    from_year: String,
    to_year: String,
    rows: Rows,
    asked: bool,
    logged: Vec<(String, (i32, i32))>,
}

impl GoLibraryUi {
    fn filter(&self) -> Filter {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let year = |s: &str| s.trim().parse::<i32>().ok();
        Filter {
            player: text(&self.player),
            side: self.side.filter(|_| !self.player.trim().is_empty()),
            event: text(&self.event),
            size: self.size,
            result: self.winner.map(str::to_owned),
            years: (year(&self.from_year), year(&self.to_year)),
            limit: Some(5000),
            ..Filter::default()
        }
    }
}

/// The window, over the board.
pub(crate) fn show(
    ctx: &egui::Context,
    view: &LibraryView,
    lang: Lang,
    m: &mut GoLibraryUi,
    send: &mut impl FnMut(Action),
) {
    let find = |m: &GoLibraryUi| Action::own(GoLibraryCommand::Find(Box::new(m.filter())));
    if !m.asked {
        m.asked = true;
        send(find(m));
    }
    let mut open = true;
    egui::Window::new(format!(
        "{} · {}",
        LibText::Library.get(lang),
        LibText::GoGames.get(lang)
    ))
    .id(egui::Id::new("go library window"))
    .open(&mut open)
    .default_size([640.0, 420.0])
    .collapsible(false)
    .show(ctx, |ui| {
        if filters(ui, lang, m) {
            send(find(m));
        }
        ui.separator();
        list(ui, view, lang, m, send);
    });
    if !open {
        m.asked = false;
        send(Action::own(GoLibraryCommand::Toggle));
    }
}

/// The filter's fields; whether to find again.
fn filters(ui: &mut egui::Ui, lang: Lang, m: &mut GoLibraryUi) -> bool {
    let mut find = false;
    let entered = |r: &egui::Response, ui: &egui::Ui| {
        r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(LibText::Player.get(lang));
        let player = ui.add(egui::TextEdit::singleline(&mut m.player).desired_width(90.0));
        log_place(&mut m.logged, "go-library-player".into(), player.rect);
        find |= entered(&player, ui);
        // Black moves first: the library's first column.
        let side = |s: Option<Color>| match s {
            None => LibText::AsEither.get(lang),
            Some(Color::Red) => LibText::AsBlack.get(lang),
            Some(Color::Black) => LibText::AsWhite.get(lang),
        };
        egui::ComboBox::from_id_salt("go library side")
            .selected_text(side(m.side))
            .show_ui(ui, |ui| {
                for s in [None, Some(Color::Red), Some(Color::Black)] {
                    find |= ui.selectable_value(&mut m.side, s, side(s)).clicked();
                }
            });
        ui.label(LibText::Event.get(lang));
        let event = ui.add(egui::TextEdit::singleline(&mut m.event).desired_width(90.0));
        find |= entered(&event, ui);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(LibText::Size.get(lang));
        for (size, text) in [
            (None, LibText::Any.get(lang)),
            (Some(9), "9"),
            (Some(13), "13"),
            (Some(19), "19"),
        ] {
            let b = ui.selectable_label(m.size == size, text);
            log_place(&mut m.logged, format!("go-library-size-{text}"), b.rect);
            if b.clicked() {
                m.size = size;
                find = true;
            }
        }
        ui.label(LibText::Winner.get(lang));
        for (winner, text) in [
            (None, LibText::Any.get(lang)),
            (Some("B"), LibText::BlackPlayer.get(lang)),
            (Some("W"), LibText::WhitePlayer.get(lang)),
        ] {
            if ui.selectable_label(m.winner == winner, text).clicked() {
                m.winner = winner;
                find = true;
            }
        }
        ui.label(LibText::Years.get(lang));
        let from = ui.add(egui::TextEdit::singleline(&mut m.from_year).desired_width(40.0));
        ui.label("–");
        let to = ui.add(egui::TextEdit::singleline(&mut m.to_year).desired_width(40.0));
        find |= entered(&from, ui) || entered(&to, ui);
        find |= ui.button(LibText::Find.get(lang)).clicked();
    });
    find
}

const WIDTHS: [f32; 7] = [110.0, 110.0, 60.0, 90.0, 150.0, 36.0, 44.0];

fn list(
    ui: &mut egui::Ui,
    view: &LibraryView,
    lang: Lang,
    m: &mut GoLibraryUi,
    send: &mut impl FnMut(Action),
) {
    let Some((_, Some(found))) = &view.found else {
        ui.label(LibText::Searching.get(lang));
        return;
    };
    let open = |g: &Found| Action::own(GoLibraryCommand::Open(g.id));
    ui.horizontal_wrapped(|ui| {
        ui.label(LibText::Found.fill(lang, &[&found.len()]));
        let picked = m
            .rows
            .picked
            .and_then(|id| found.iter().find(|g| g.id == id));
        let button = ui.add_enabled(picked.is_some(), egui::Button::new(LibText::Open.get(lang)));
        if button.clicked()
            && let Some(g) = picked
        {
            send(open(g));
        }
    });
    ui.horizontal(|ui| {
        for (w, title) in WIDTHS.iter().zip([
            LibText::BlackPlayer,
            LibText::WhitePlayer,
            LibText::Result,
            LibText::Date,
            LibText::Event,
            LibText::Size,
            LibText::Moves,
        ]) {
            ui.add_sized(
                [*w, 18.0],
                egui::Label::new(egui::RichText::new(title.get(lang)).strong()),
            );
        }
    });
    let rows: Vec<(i64, Vec<String>)> = found
        .iter()
        .map(|g| {
            let cells = vec![
                g.red.clone(),
                g.black.clone(),
                g.result.clone(),
                g.date.clone(),
                g.event.clone(),
                g.size.map_or_else(String::new, |s| s.to_string()),
                g.plies.to_string(),
            ];
            (g.id, cells)
        })
        .collect();
    let logged = &mut m.logged;
    let opened = rows::show(ui, &rows, &WIDTHS, &mut m.rows, |i, rect| {
        log_place(logged, format!("go-library-row-{i}"), rect);
    });
    if let Some(id) = opened {
        send(Action::own(GoLibraryCommand::Open(id)));
    }
}
