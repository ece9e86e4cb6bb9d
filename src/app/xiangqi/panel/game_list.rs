//! The games of a file that holds several (a PGN collection opened or dropped): per
//! game its number, players, result, moves, event, date and opening. A click, or ↑↓ and Enter,
//! opens one (undoable like any import); Esc or the window's × closes the list. The
//! dialog only sends [`Action::ChooseGame`]; `logic.rs` does the work.

use crate::app::schedule::PanelSet;
use crate::i18n::{Lang, T, Word};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::actions::Action;
use crate::app::panel;
use crate::app::panel::parts;
use crate::app::shell::model::Settings;
use crate::app::xiangqi::files::choice::{GameChoice, ListedGame};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, dialog.in_set(PanelSet::GameList));
}

/// The cells of a readable game's row.
fn cells(n: usize, g: &ListedGame) -> [String; 8] {
    [
        n.to_string(),
        g.red.clone(),
        g.black.clone(),
        g.result.clone(),
        g.plies.to_string(),
        g.event.clone(),
        g.date.clone(),
        g.opening.clone(),
    ]
}

fn headers(lang: Lang) -> [&'static str; 8] {
    [
        "#",
        T::ColumnRed.get(lang),
        T::ColumnBlack.get(lang),
        T::ColumnResult.get(lang),
        T::ColumnPlies.get(lang),
        T::ColumnEvent.get(lang),
        T::ColumnDate.get(lang),
        T::ColumnOpening.get(lang),
    ]
}

/// What the dialog keeps between frames: the list it shows (by serial), the search
/// box, the games that match it (indexes into the list), and the highlighted match.
#[derive(Default)]
struct Shown {
    serial: Option<u64>,
    search: String,
    /// The search and the list's length the matches were found for.
    found_for: (String, usize),
    matches: Vec<usize>,
    highlight: usize,
    /// Where the search box was last said to be (the window tests click it).
    search_at: Option<(i32, i32)>,
    /// The columns' widths, measured for these matches in this language (laying out
    /// 200 rows' cells each frame would cost every frame the dialog is open).
    widths: Option<(Lang, [f32; 8])>,
}

impl Shown {
    /// The matches, found again when the search or the list changed.
    fn refresh(&mut self, games: &[ListedGame]) {
        let key = (self.search.clone(), games.len());
        if self.found_for == key {
            return;
        }
        let grown = self.found_for.0 == key.0 && self.found_for.1 < key.1;
        // Rows coming in: only the new ones are searched.
        let from = if grown { self.found_for.1 } else { 0 };
        if !grown {
            self.matches.clear();
        }
        self.matches
            .extend((from..games.len()).filter(|&i| games[i].matches(&self.search)));
        self.found_for = key;
        self.widths = None;
        self.highlight = self.highlight.min(self.matches.len().saturating_sub(1));
    }
}

fn dialog(
    mut contexts: EguiContexts,
    choice: Res<GameChoice>,
    settings: Res<Settings>,
    mut shown: Local<Shown>,
    mut actions: MessageWriter<Action>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let Some(list) = &choice.0 else {
        return Ok(());
    };
    if shown.serial != Some(list.serial) {
        // A new list starts at its first game, unsearched.
        *shown = Shown {
            serial: Some(list.serial),
            ..Shown::default()
        };
    }
    shown.refresh(&list.games);
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let last = shown.matches.len().saturating_sub(1);
    let (up, down, enter) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::Enter),
        )
    });
    let moved = up || down;
    if up {
        shown.highlight = shown.highlight.saturating_sub(1);
    }
    if down {
        shown.highlight = (shown.highlight + 1).min(last);
    }
    let mut chosen = if enter {
        shown.matches.get(shown.highlight).copied()
    } else {
        None
    };
    let mut open = true;
    let mut close = false;
    let mut searched = false;
    parts::dialog(ctx, T::GamesTitle.get(lang), &mut open)
        .resizable(true)
        .show(ctx, |ui| {
            let count = if list.complete {
                T::GamesInFile.fill(lang, &[&list.file, &list.games.len()])
            } else {
                T::GamesReadSoFar.fill(lang, &[&list.file, &list.games.len()])
            };
            ui.label(count);
            ui.label(egui::RichText::new(T::GamesHint.get(lang)).weak());
            ui.horizontal(|ui| {
                ui.label(T::GamesSearch.get(lang));
                let field = ui.add(
                    egui::TextEdit::singleline(&mut shown.search)
                        .desired_width(240.0)
                        .hint_text(T::GamesSearchHint.get(lang)),
                );
                searched = field.changed();
                let at = panel::screen_at(field.rect);
                if shown.search_at != Some(at) {
                    info!("panel games-search at {},{}", at.0, at.1);
                    shown.search_at = Some(at);
                }
                if !shown.search.trim().is_empty() {
                    ui.label(T::GamesFound.fill(lang, &[&shown.matches.len()]));
                }
            });
            ui.separator();
            let row_height = ui.spacing().interact_size.y;
            let widths = match shown.widths {
                Some((measured, widths)) if measured == lang => widths,
                _ => {
                    let widths = column_widths(ui, &list.games, &shown.matches, lang);
                    shown.widths = Some((lang, widths));
                    widths
                }
            };
            header(ui, &widths, lang);
            // Only the rows in sight are laid out: a list of 20,000 games scrolls freely.
            // Its height set by the list, not by what the search finds: the dialog keeps
            // its place while the search narrows the rows.
            let all = list.games.len() as f32 * (row_height + ui.spacing().item_spacing.y);
            let height = all.clamp(120.0, (ctx.viewport_rect().height() - 240.0).max(120.0));
            let mut area = egui::ScrollArea::vertical()
                .min_scrolled_height(height)
                .max_height(height)
                .auto_shrink([false, false]);
            if moved {
                let y = shown.highlight as f32 * (row_height + ui.spacing().item_spacing.y);
                area = area.vertical_scroll_offset((y - 3.0 * row_height).max(0.0));
            }
            area.show_rows(ui, row_height, shown.matches.len(), |ui, rows| {
                for at in rows {
                    let i = shown.matches[at];
                    let selected = at == shown.highlight;
                    if row(ui, &widths, i, &list.games[i], selected, lang) {
                        chosen = Some(i);
                        shown.highlight = at;
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(T::Open.get(lang)).clicked() {
                    chosen = shown.matches.get(shown.highlight).copied();
                }
                if ui.button(Word::Close.get(lang)).clicked() {
                    close = true;
                }
            });
        });
    if searched {
        shown.refresh(&list.games);
        shown.highlight = 0;
        redraw.write(RequestRedraw);
    }
    if let Some(i) = chosen {
        actions.write(Action::ChooseGame(Some(i)));
        redraw.write(RequestRedraw);
    } else if !open || close {
        actions.write(Action::ChooseGame(None));
        redraw.write(RequestRedraw);
    } else if moved {
        redraw.write(RequestRedraw);
    }
    Ok(())
}

/// The columns' widths: each as wide as its header and the widest cell of the first and
/// the last games that match (the rest are laid out only when in sight), within bounds.
fn column_widths(ui: &egui::Ui, games: &[ListedGame], matches: &[usize], lang: Lang) -> [f32; 8] {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let width = |text: &str| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
    };
    // A button's text has its padding on both sides, and a little air.
    let pad = 2.0 * ui.spacing().button_padding.x + 6.0;
    let mut widths = headers(lang).map(|h| width(h) + pad);
    let ends = matches.len().saturating_sub(100);
    let sample = matches
        .iter()
        .take(100)
        .chain(matches.iter().skip(ends.max(100)));
    for &i in sample {
        for (w, text) in widths.iter_mut().zip(cells(i + 1, &games[i])) {
            *w = w.max(width(&text) + pad);
        }
    }
    widths[0] = widths[0].max(width(&games.len().to_string()) + pad);
    widths.map(|w| w.min(320.0))
}

fn header(ui: &mut egui::Ui, widths: &[f32; 8], lang: Lang) {
    ui.horizontal(|ui| {
        for (title, w) in headers(lang).into_iter().zip(widths) {
            ui.add_sized(
                [*w, ui.spacing().interact_size.y],
                egui::Label::new(egui::RichText::new(title).strong()),
            );
        }
    });
}

/// One game's row; whether it was clicked (an unreadable game's cannot be).
fn row(
    ui: &mut egui::Ui,
    widths: &[f32; 8],
    i: usize,
    game: &ListedGame,
    selected: bool,
    lang: Lang,
) -> bool {
    let mut clicked = false;
    ui.horizontal(|ui| match &game.game {
        Ok(_) => {
            for (text, w) in cells(i + 1, game).into_iter().zip(widths) {
                let cell = ui.add_sized(
                    [*w, ui.spacing().interact_size.y],
                    egui::Button::selectable(selected, text).truncate(),
                );
                clicked |= cell.clicked();
            }
        }
        Err(reason) => {
            ui.add_sized(
                [widths[0], ui.spacing().interact_size.y],
                egui::Button::selectable(selected, (i + 1).to_string()),
            );
            ui.label(egui::RichText::new(T::Unreadable.fill(lang, &[reason])).weak());
        }
    });
    clicked
}
