//! The library's window: import a folder (with its progress, cancellable), find games
//! by player and side, event, opening, years, result, length, comment and the position
//! on the board, sort them by any column, open one (double-click) at the table as a
//! copy, at the ply where it reaches the position searched for.

use bevy_egui::egui;

use super::{LibraryCommand, LibraryView};
use crate::app::actions::Action;
use crate::app::panel;
use crate::app::panel::rows;
use crate::app::panel::rows::Rows;
use crate::i18n::{Lang, LibText, result_word};
use crate::library::{Filter, Found};
use crate::rules::{Color, Position};

/// Where the library's widgets are on the screen, logged when they move (the window
/// tests click them by these lines: `panel library-import at X,Y`).
#[derive(Default)]
pub(crate) struct Places(Vec<(String, (i32, i32))>);

impl Places {
    /// Logs where `what` is, if it moved.
    pub(crate) fn log(&mut self, what: &str, rect: egui::Rect) {
        let at = panel::screen_at(rect);
        if !self.0.iter().any(|(w, a)| w == what && *a == at) {
            bevy::log::info!("panel {what} at {},{}", at.0, at.1);
            self.0.retain(|(w, _)| w != what);
            self.0.push((what.to_owned(), at));
        }
    }
}

/// What the window remembers between frames: the filter as typed, the folder, the
/// order of the list and the row picked.
#[derive(Default)]
pub(crate) struct WindowUi {
    player: String,
    side: Option<Color>,
    event: String,
    opening: String,
    from_year: String,
    to_year: String,
    result: Option<&'static str>,
    least: String,
    most: String,
    comment: String,
    position: bool,
    mirror: bool,
    folder: String,
    sort: (Column, bool),
    rows: Rows,
    /// The first frame the window is shown asks for every game.
    asked: bool,
    /// Where its widgets are (and the explorer's).
    pub places: Places,
}

/// A column of the list, to sort by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Column {
    #[default]
    Added,
    Red,
    Black,
    Result,
    Date,
    Event,
    Opening,
    Plies,
    Reached,
}

impl WindowUi {
    /// The filter the fields say (`pos`: the position on the board).
    fn filter(&self, pos: &Position) -> Filter {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let year = |s: &str| s.trim().parse::<i32>().ok();
        let count = |s: &str| s.trim().parse::<usize>().ok();
        Filter {
            game: Some("xiangqi".into()),
            size: None,
            player: text(&self.player),
            side: self.side.filter(|_| !self.player.trim().is_empty()),
            event: text(&self.event),
            opening: text(&self.opening).map(|s| s.to_ascii_uppercase()),
            years: (year(&self.from_year), year(&self.to_year)),
            result: self.result.map(str::to_owned),
            plies: (count(&self.least), count(&self.most)),
            comment: text(&self.comment),
            position: self.position.then(|| pos.clone()),
            mirror: self.position && self.mirror,
            limit: Some(5000),
        }
    }
}

/// The window, over the board.
pub(crate) fn show(
    ctx: &egui::Context,
    view: &LibraryView,
    pos: &Position,
    lang: Lang,
    memory: &mut WindowUi,
    send: &mut impl FnMut(Action),
) {
    if !memory.asked {
        memory.asked = true;
        send(Action::own(LibraryCommand::Find(Box::new(
            memory.filter(pos),
        ))));
    }
    let mut open = true;
    egui::Window::new(LibText::Library.get(lang))
        .id(egui::Id::new("library window"))
        .open(&mut open)
        .default_size([720.0, 480.0])
        .collapsible(false)
        .show(ctx, |ui| {
            import_row(ui, view, lang, memory, send);
            ui.separator();
            if filters(ui, lang, memory) {
                send(Action::own(LibraryCommand::Find(Box::new(
                    memory.filter(pos),
                ))));
            }
            ui.separator();
            list(ui, view, lang, memory, send);
        });
    if !open {
        memory.asked = false;
        send(Action::own(LibraryCommand::Toggle));
    }
}

fn import_row(
    ui: &mut egui::Ui,
    view: &LibraryView,
    lang: Lang,
    memory: &mut WindowUi,
    send: &mut impl FnMut(Action),
) {
    if let Some(why) = view.failed.as_deref() {
        let text = if why.is_empty() {
            LibText::NoDataFolder.get(lang).to_owned()
        } else {
            LibText::NoLibrary.fill(lang, &[&why])
        };
        ui.colored_label(ui.visuals().warn_fg_color, text);
    }
    ui.horizontal_wrapped(|ui| {
        if let Some(n) = view.size {
            ui.label(egui::RichText::new(LibText::Games.fill(lang, &[&n])).strong());
        }
        ui.label(LibText::Folder.get(lang));
        let field = ui.add(
            egui::TextEdit::singleline(&mut memory.folder)
                .desired_width(260.0)
                .hint_text("~/棋谱"),
        );
        memory.places.log("library-folder", field.rect);
        match view.progress {
            Some(p) => {
                // By bytes: one big collection moves the bar as its games go in.
                let part = if p.bytes == 0 {
                    0.0
                } else {
                    (p.bytes_done as f64 / p.bytes as f64) as f32
                };
                ui.add(
                    egui::ProgressBar::new(part)
                        .desired_width(160.0)
                        .text(LibText::Importing.fill(lang, &[&p.files_done, &p.files])),
                );
                let cancel = ui.button(LibText::Cancel.get(lang));
                memory.places.log("library-cancel", cancel.rect);
                if cancel.clicked() {
                    send(Action::own(LibraryCommand::Cancel));
                }
            }
            None => {
                let folder = expand_home(memory.folder.trim());
                let ready = !memory.folder.trim().is_empty();
                let import = ui.add_enabled(ready, egui::Button::new(LibText::Import.get(lang)));
                memory.places.log("library-import", import.rect);
                if import.clicked() {
                    send(Action::own(LibraryCommand::Import(folder)));
                }
            }
        }
    });
    if let Some((summary, _)) = &view.imported
        && !summary.unreadable.is_empty()
    {
        egui::CollapsingHeader::new(LibText::Unreadable.fill(lang, &[&summary.unreadable.len()]))
            .id_salt("unreadable")
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(120.0)
                    .show(ui, |ui| {
                        for u in &summary.unreadable {
                            ui.label(u.to_string());
                        }
                    });
            });
    }
}

/// `~/x` as the home folder's `x`.
fn expand_home(path: &str) -> std::path::PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => std::path::Path::new(&home).join(rest),
        _ => std::path::PathBuf::from(path),
    }
}

/// The filter's fields; whether the player asked to find (Find, Enter, a choice made).
fn filters(ui: &mut egui::Ui, lang: Lang, m: &mut WindowUi) -> bool {
    let mut find = false;
    let field = |ui: &mut egui::Ui, text: &mut String, width: f32| {
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(width));
        r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
    };
    let mut places = std::mem::take(&mut m.places);
    ui.horizontal_wrapped(|ui| {
        ui.label(LibText::Player.get(lang));
        let player = ui.add(egui::TextEdit::singleline(&mut m.player).desired_width(90.0));
        places.log("library-player", player.rect);
        find |= player.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let side = |s: Option<Color>| match s {
            None => LibText::AsEither.get(lang),
            Some(Color::Red) => LibText::AsRed.get(lang),
            Some(Color::Black) => LibText::AsBlack.get(lang),
        };
        egui::ComboBox::from_id_salt("library side")
            .selected_text(side(m.side))
            .show_ui(ui, |ui| {
                for s in [None, Some(Color::Red), Some(Color::Black)] {
                    find |= ui.selectable_value(&mut m.side, s, side(s)).clicked();
                }
            });
        ui.label(LibText::Event.get(lang));
        find |= field(ui, &mut m.event, 90.0);
        ui.label(LibText::Opening.get(lang));
        find |= field(ui, &mut m.opening, 40.0);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(LibText::Years.get(lang));
        find |= field(ui, &mut m.from_year, 40.0);
        ui.label("–");
        find |= field(ui, &mut m.to_year, 40.0);
        ui.label(LibText::Result.get(lang));
        let word = |r: Option<&str>| r.map_or(LibText::Any.get(lang), |r| result_word(r, lang));
        egui::ComboBox::from_id_salt("library result")
            .selected_text(word(m.result))
            .show_ui(ui, |ui| {
                for r in [None, Some("1-0"), Some("1/2-1/2"), Some("0-1")] {
                    find |= ui.selectable_value(&mut m.result, r, word(r)).clicked();
                }
            });
        ui.label(LibText::Plies.get(lang));
        find |= field(ui, &mut m.least, 32.0);
        ui.label("–");
        find |= field(ui, &mut m.most, 32.0);
        ui.label(LibText::Comment.get(lang));
        find |= field(ui, &mut m.comment, 90.0);
    });
    ui.horizontal_wrapped(|ui| {
        let position = ui.checkbox(&mut m.position, LibText::ThisPosition.get(lang));
        places.log("library-position", position.rect);
        find |= position.changed();
        if m.position {
            find |= ui
                .checkbox(&mut m.mirror, LibText::Mirrored.get(lang))
                .changed();
        }
        find |= ui.button(LibText::Find.get(lang)).clicked();
        if ui.button(LibText::Clear.get(lang)).clicked() {
            let folder = std::mem::take(&mut m.folder);
            *m = WindowUi {
                folder,
                asked: true,
                ..WindowUi::default()
            };
            find = true;
        }
    });
    m.places = places;
    find
}

/// The column's value in a game, to sort by.
fn ordered(a: &Found, b: &Found, column: Column) -> std::cmp::Ordering {
    match column {
        Column::Added => a.id.cmp(&b.id).reverse(),
        Column::Red => a.red.cmp(&b.red),
        Column::Black => a.black.cmp(&b.black),
        Column::Result => a.result.cmp(&b.result),
        Column::Date => a.date.cmp(&b.date),
        Column::Event => a.event.cmp(&b.event),
        Column::Opening => a.opening.cmp(&b.opening),
        Column::Plies => a.plies.cmp(&b.plies),
        Column::Reached => a.reached.cmp(&b.reached),
    }
}

const WIDTHS: [(Column, f32); 8] = [
    (Column::Red, 90.0),
    (Column::Black, 90.0),
    (Column::Result, 48.0),
    (Column::Date, 92.0),
    (Column::Event, 120.0),
    (Column::Opening, 94.0),
    (Column::Plies, 40.0),
    (Column::Reached, 44.0),
];

fn title(column: Column, lang: Lang) -> &'static str {
    match column {
        Column::Added => "#",
        Column::Red => LibText::Red.get(lang),
        Column::Black => LibText::Black.get(lang),
        Column::Result => LibText::Result.get(lang),
        Column::Date => LibText::Date.get(lang),
        Column::Event => LibText::Event.get(lang),
        Column::Opening => LibText::Opening.get(lang),
        Column::Plies => LibText::Plies.get(lang),
        Column::Reached => LibText::Reached.get(lang),
    }
}

/// The most games a search lists.
fn filter_limit(view: &LibraryView) -> Option<usize> {
    view.found.as_ref().and_then(|(f, _)| f.limit)
}

fn list(
    ui: &mut egui::Ui,
    view: &LibraryView,
    lang: Lang,
    m: &mut WindowUi,
    send: &mut impl FnMut(Action),
) {
    let Some((_, Some(found))) = &view.found else {
        ui.label(LibText::Searching.get(lang));
        return;
    };
    ui.horizontal_wrapped(|ui| {
        match filter_limit(view) {
            Some(limit) if found.len() >= limit => {
                ui.label(LibText::FoundMany.fill(lang, &[&limit, &limit]))
            }
            _ => ui.label(LibText::Found.fill(lang, &[&found.len()])),
        };
        // The game picked opens with a button too, not only a double-click.
        let picked = m
            .rows
            .picked
            .and_then(|id| found.iter().find(|g| g.id == id));
        let open = ui.add_enabled(picked.is_some(), egui::Button::new(LibText::Open.get(lang)));
        if open.clicked()
            && let Some(g) = picked
        {
            send(Action::own(LibraryCommand::Open {
                id: g.id,
                ply: g.reached.unwrap_or(0),
            }));
        }
    });
    let mut games: Vec<&Found> = found.iter().collect();
    let (column, down) = m.sort;
    games.sort_by(|a, b| {
        let o = ordered(a, b, column);
        if down { o.reverse() } else { o }
    });
    // The titles: a click sorts by the column, a second click the other way.
    ui.horizontal(|ui| {
        for (c, w) in WIDTHS {
            let mark = match (c == column, down) {
                (true, false) => " ▲",
                (true, true) => " ▼",
                _ => "",
            };
            let text = egui::RichText::new(format!("{}{mark}", title(c, lang))).strong();
            if ui
                .add_sized([w, 18.0], egui::Button::new(text).frame(false))
                .clicked()
            {
                m.sort = (c, c == column && !down);
            }
        }
    });
    let rows: Vec<(i64, Vec<String>)> = games
        .iter()
        .map(|g| {
            let cells = vec![
                g.red.clone(),
                g.black.clone(),
                result_word(&g.result, lang).to_owned(),
                g.date.clone(),
                g.event.clone(),
                opening_cell(&g.opening, lang),
                g.plies.to_string(),
                g.reached.map_or_else(String::new, |p| p.to_string()),
            ];
            (g.id, cells)
        })
        .collect();
    let widths: Vec<f32> = WIDTHS.iter().map(|&(_, w)| w).collect();
    let places = &mut m.places;
    let opened = rows::show(ui, &rows, &widths, &mut m.rows, |i, rect| {
        places.log(&format!("library-row-{i}"), rect);
    });
    if let Some(g) = opened.and_then(|id| games.iter().find(|g| g.id == id)) {
        send(Action::own(LibraryCommand::Open {
            id: g.id,
            ply: g.reached.unwrap_or(0),
        }));
    }
}

/// A game's ECCO code and its name (the family's English name in English).
fn opening_cell(code: &str, lang: Lang) -> String {
    match code.parse::<crate::rules::opening::Ecco>() {
        Ok(e) => match lang {
            Lang::Zh => format!("{e} {}", e.name()),
            Lang::Hant => format!("{e} {}", e.name_hant()),
            // Vietnamese books name the openings by their Sino-Vietnamese names, which the
            // classification does not hold: the family's English name meanwhile.
            Lang::En => format!("{e} {}", e.family_english()),
            Lang::Vi => format!("{e} {}", e.family_vietnamese()),
        },
        Err(_) => code.to_owned(),
    }
}
