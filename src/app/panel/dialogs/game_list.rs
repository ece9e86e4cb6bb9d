//! The games of a file that holds several (a PGN collection opened or dropped): per
//! game its number, players, result, moves, event, date and opening. A click, or ↑↓ and Enter,
//! opens one (undoable like any import); Esc or the window's × closes the list. The
//! dialog only sends [`Action::ChooseGame`]; `logic.rs` does the work.

use crate::app::schedule::PanelSet;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::actions::Action;
use crate::app::shell::model::Settings;
use crate::app::store::choice::{GameChoice, ListedGame};
use crate::i18n::{Lang, T};

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

fn dialog(
    mut contexts: EguiContexts,
    choice: Res<GameChoice>,
    settings: Res<Settings>,
    mut highlight: Local<usize>,
    mut actions: MessageWriter<Action>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let Some(list) = &choice.0 else {
        return Ok(());
    };
    if choice.is_changed() {
        // A new list starts at its first game.
        *highlight = 0;
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let last = list.games.len().saturating_sub(1);
    let (up, down, enter) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::Enter),
        )
    });
    let moved = up || down;
    if up {
        *highlight = highlight.saturating_sub(1);
    }
    if down {
        *highlight = (*highlight + 1).min(last);
    }
    let mut chosen = enter.then_some(*highlight);
    let mut open = true;
    let mut close = false;
    crate::app::panel::parts::dialog(ctx, T::GamesTitle.get(lang), &mut open)
        .resizable(true)
        .show(ctx, |ui| {
            ui.label(T::GamesInFile.fill(lang, &[&list.file, &list.games.len()]));
            ui.label(egui::RichText::new(T::GamesHint.get(lang)).weak());
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(ctx.viewport_rect().height() - 200.0)
                .show(ui, |ui| {
                    egui::Grid::new("games")
                        .striped(true)
                        .num_columns(8)
                        .show(ui, |ui| {
                            for title in headers(lang) {
                                ui.label(egui::RichText::new(title).strong());
                            }
                            ui.end_row();
                            for (i, game) in list.games.iter().enumerate() {
                                let selected = i == *highlight;
                                match &game.game {
                                    Ok(_) => {
                                        for text in cells(i + 1, game) {
                                            let cell =
                                                ui.add(egui::Button::selectable(selected, text));
                                            if cell.clicked() {
                                                chosen = Some(i);
                                            }
                                            if selected && moved {
                                                cell.scroll_to_me(None);
                                            }
                                        }
                                    }
                                    Err(reason) => {
                                        ui.add(egui::Button::selectable(
                                            selected,
                                            (i + 1).to_string(),
                                        ));
                                        ui.label(
                                            egui::RichText::new(
                                                T::Unreadable.fill(lang, &[reason]),
                                            )
                                            .weak(),
                                        );
                                    }
                                }
                                ui.end_row();
                            }
                        });
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(T::Open.get(lang)).clicked() {
                    chosen = Some(*highlight);
                }
                if ui.button(T::Close.get(lang)).clicked() {
                    close = true;
                }
            });
        });
    if let Some(i) = chosen {
        *highlight = i;
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
