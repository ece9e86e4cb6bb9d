//! The menu bar at the top of the panel: every command of the table, each with its
//! shortcut, in Game, Edit, View, Engine and Help. The menus only send actions.

use bevy_egui::egui;

use crate::actions::Action;
use crate::i18n::{Lang, Word};
use crate::schedule::GameKind;
use crate::shell::table::{Menu, MenuItem, Tables};

/// One menu item: its text, its shortcut, what it does.
type Item = (String, &'static str, Action);

fn items(t: &[(Word, &'static str, Action)], lang: Lang) -> Vec<Item> {
    t.iter()
        .map(|(t, keys, action)| (t.get(lang).to_owned(), *keys, action.clone()))
        .collect()
}

/// A game's items (see [`crate::shell::table::TableGame::menu`]).
fn games_items(t: &[MenuItem], lang: Lang) -> Vec<Item> {
    t.iter()
        .map(|i| (i.text(lang).to_owned(), i.keys, i.action.clone()))
        .collect()
}

/// Logs where a menu or an item is when that changes (`panel menu Undo at 850,40`): the
/// window tests open menus and pick items.
fn log_place(what: String, rect: egui::Rect) {
    static LOGGED: std::sync::Mutex<Vec<(String, (i32, i32))>> = std::sync::Mutex::new(Vec::new());
    let at = crate::panel::screen_at(rect);
    let Ok(mut logged) = LOGGED.lock() else {
        return;
    };
    if !logged.iter().any(|(w, a)| *w == what && *a == at) {
        bevy::log::info!("panel menu {what} at {},{}", at.0, at.1);
        logged.retain(|(w, _)| *w != what);
        logged.push((what, at));
    }
}

fn menu(ui: &mut egui::Ui, title: Word, lang: Lang, items: &[Item], send: &mut impl FnMut(Action)) {
    let opened = ui.menu_button(title.get(lang), |ui| {
        for (text, keys, action) in items {
            if text.is_empty() {
                ui.separator();
                continue;
            }
            let item = ui.add(egui::Button::new(text.as_str()).shortcut_text(*keys));
            log_place(format!("{action:?}"), item.rect);
            if item.clicked() {
                send(action.clone());
                ui.close();
            }
        }
    });
    log_place(format!("{title:?}"), opened.response.rect);
}

/// A line between groups of items.
fn rule() -> Item {
    (String::new(), "", Action::Cancel)
}

/// Only what the table answers, with no line at either end or two together.
fn kept(items: Vec<Item>, answers: &impl Fn(&Action) -> bool) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::new();
    for item in items {
        if item.0.is_empty() {
            if out.last().is_some_and(|last| !last.0.is_empty()) {
                out.push(item);
            }
        } else if answers(&item.2) {
            out.push(item);
        }
    }
    if out.last().is_some_and(|last| last.0.is_empty()) {
        out.pop();
    }
    out
}

/// The bar: every command the game on the table answers (the router would drop the
/// others), each with its key.
pub fn bar(
    ui: &mut egui::Ui,
    settings: &crate::settings::Settings,
    table: GameKind,
    tables: &Tables,
    send: &mut impl FnMut(Action),
) {
    let lang = settings.lang;
    let answers = |a: &Action| tables.answers(table, a);
    egui::MenuBar::new().ui(ui, |ui| {
        let mut game = items(
            &[
                (Word::NewGame, "Ctrl+R", Action::NewGame),
                (
                    Word::NewGameMenu,
                    "Ctrl+Shift+R",
                    Action::NewGameChoices(true),
                ),
                (Word::PlayersMenu, "Ctrl+Shift+P", Action::TogglePlayers),
                (Word::LearnMenu, "F4", Action::Learn),
                (
                    Word::GuessMenu,
                    "",
                    Action::own(crate::learn::guess::GuessCommand::Start),
                ),
                (
                    Word::PracticeMenu,
                    "Shift+F4",
                    Action::own(crate::learn::practice::PracticeCommand::Start),
                ),
                (Word::Save, "Ctrl+S", Action::Save),
                (Word::Load, "Ctrl+L", Action::Load),
                (Word::Slots, "Ctrl+Shift+S", Action::ToggleSlots),
                (Word::GameInfo, "Ctrl+Shift+I", Action::ToggleGameInfo),
            ],
            lang,
        );
        game.push(rule());
        game.extend(games_items(&tables.menu(table, Menu::Game), lang));
        game.push(rule());
        game.extend(items(
            &[
                (Word::ExportRecord, "", Action::ExportRecord),
                (Word::ExportPng, "", Action::ExportPng),
                (Word::ExportGif, "Ctrl+G", Action::ExportGif),
            ],
            lang,
        ));
        game.push(rule());
        game.extend(items(&[(Word::Quit, "Ctrl+W", Action::Quit)], lang));
        menu(ui, Word::MenuGame, lang, &kept(game, &answers), send);

        let mut edit = items(
            &[
                (Word::Undo, "Ctrl+Z", Action::Undo),
                (Word::Redo, "Ctrl+Y", Action::Redo),
            ],
            lang,
        );
        edit.push(rule());
        edit.extend(items(
            &[
                (Word::CopyPosition, "Ctrl+E", Action::CopyPosition),
                (Word::CopyRecord, "Ctrl+Shift+E", Action::CopyRecord),
                (Word::Paste, "Ctrl+I", Action::Paste),
            ],
            lang,
        ));
        edit.push(rule());
        edit.extend(games_items(&tables.menu(table, Menu::Edit), lang));
        menu(ui, Word::MenuEdit, lang, &kept(edit, &answers), send);

        let mut view = items(
            &[
                (Word::Flip, "F", Action::Flip),
                (Word::MenuMute, "M", Action::ToggleMute),
                (Word::MenuReplay, "Ctrl+P", Action::Replay),
                (Word::MenuBoardClock, "Ctrl+K", Action::BoardClock(true)),
                (Word::ZoomIn, "Ctrl+=", Action::Zoom(1)),
                (Word::ZoomOut, "Ctrl+-", Action::Zoom(-1)),
                (Word::ZoomReset, "Ctrl+0", Action::Zoom(0)),
            ],
            lang,
        );
        view.push(rule());
        // Each names what is shown now; the key goes on to the next.
        let theme = crate::i18n::theme_name(settings.theme, lang);
        view.push((
            Word::MenuTheme.fill(lang, &[&theme]),
            "T",
            Action::NextTheme,
        ));
        let pieces = crate::i18n::pieces_name(settings.pieces, lang);
        view.push((
            Word::MenuPieces.fill(lang, &[&pieces]),
            "P",
            Action::TogglePieces,
        ));
        view.push(rule());
        // The other language, named in itself: a family on an English desktop finds 中文.
        for other in crate::i18n::Lang::ALL.into_iter().filter(|l| *l != lang) {
            view.push((other.own_name().to_owned(), "", Action::Language(other)));
        }
        view.extend(items(
            &[(Word::SettingsMenu, "Ctrl+,", Action::ToggleSettings)],
            lang,
        ));
        view.push(rule());
        for kind in tables.kinds().into_iter().filter(|k| *k != table) {
            let title = tables.title(kind, lang).to_owned();
            view.push((title, "", Action::SwitchGame(kind)));
        }
        menu(ui, Word::MenuView, lang, &kept(view, &answers), send);

        let engine = kept(
            games_items(&tables.menu(table, Menu::Engine), lang),
            &answers,
        );
        if !engine.is_empty() {
            menu(ui, Word::MenuEngine, lang, &engine, send);
        }

        let mut help = items(&[(Word::Help, "F1", Action::ToggleHelp)], lang);
        help.extend(games_items(&tables.menu(table, Menu::Help), lang));
        menu(ui, Word::Help, lang, &kept(help, &answers), send);
    });
}
