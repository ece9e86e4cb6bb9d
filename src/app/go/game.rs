//! Go as a game of the table: its keys, the actions it answers, and its plugins.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use super::library::GoLibraryCommand;
use super::{GoCommand, GoTable, files};
use crate::app::actions::Action;
use crate::app::go::learn;
use crate::app::go::learn::lessons;
use crate::app::manual::OpenManual;
use crate::app::messages::Import;
use crate::app::shell::access::SpokenBoard;
use crate::app::shell::table;
use crate::app::shell::table::{
    AutosaveFormat, CursorKey, FileSection, KeyContext, KeyPress, TableGame, usual_key,
};
use crate::app::shell::table::{
    Claim, Copied, GIF_DELAY, Menu, MenuItem, PanelSection, Picture, PictureLook,
};
use crate::app::store::slots::SlotFormat;
use crate::i18n::{Lang, T};
use crate::picture;
use ::table::learn::problems::ProblemCommand;

/// Go (围棋) at the table.
pub struct Go;

impl TableGame for Go {
    const SLUG: &'static str = "go";

    fn title(lang: Lang) -> &'static str {
        crate::i18n::T::GameGo.get(lang)
    }

    fn spoken_board(world: &World, lang: Lang) -> Option<SpokenBoard> {
        super::spoken::board(world, lang)
    }

    fn cursor(key: CursorKey) -> Action {
        Action::own(GoCommand::Cursor(key))
    }

    fn new_game(app: &mut App) -> Option<PanelSection> {
        Some(app.register_system(super::panel::setup::dialog_section))
    }

    fn sides(lang: Lang) -> [&'static str; 2] {
        use crate::go::Color;
        [Color::Black, Color::White].map(|c| crate::i18n::go_side(c, lang))
    }

    fn key(press: KeyPress, at: &KeyContext) -> Option<Action> {
        let action = go_key(press, at)?;
        let lesson = at
            .world
            .get_resource::<::table::learn::lessons::Lessoning<Go>>()
            .is_some_and(|l| l.attempt().is_some());
        let problem = at
            .world
            .get_resource::<::table::learn::problems::Solving<Go>>()
            .is_some_and(|s| s.attempt().is_some());
        if problem {
            learn::in_problem(action)
        } else if lesson {
            learn::in_lesson(action)
        } else {
            Some(action)
        }
    }

    fn answers(action: &Action) -> bool {
        go_answers(action)
    }

    fn copy(world: &World, shifted: bool, lang: Lang) -> Copied {
        let table = world.resource::<GoTable>();
        // Ctrl+E: the game as SGF; Ctrl+Shift+E: the board as text.
        if shifted {
            Copied {
                text: files::board_text(table),
                said: files::copied(lang, false),
            }
        } else {
            Copied {
                text: files::game_text(table),
                said: files::copied(lang, true),
            }
        }
    }

    fn picture(world: &World, gif: bool, opts: &PictureLook) -> Picture {
        let game = world.resource::<GoTable>().game().clone();
        let (px, theme) = (opts.size, opts.theme);
        let coordinates = opts.coordinates != crate::theme::Coordinates::None;
        let draw: Box<dyn FnOnce() -> Vec<u8> + Send> = if gif {
            Box::new(move || picture::goban::gif(&game, px, coordinates, theme, GIF_DELAY))
        } else {
            // The last stone marked.
            Box::new(move || {
                let last = game.moves().last().and_then(|m| match m {
                    crate::go::Move::Play(p) => Some(*p),
                    crate::go::Move::Pass => None,
                });
                picture::goban::png(game.position(), last, px, coordinates, theme)
            })
        };
        Picture {
            stem: Self::SLUG,
            draw,
        }
    }

    fn claims(import: &Import) -> Claim {
        files::claims(import)
    }

    fn core(app: &mut App) {
        app.add_plugins((super::plugin, super::library::plugin, lessons::plugin));
    }

    fn files(app: &mut App) {
        app.add_plugins(super::slots::plugin);
    }

    fn help(lang: Lang) -> Vec<&'static str> {
        use crate::i18n::GoText as G;
        [
            G::KeyPlay,
            G::KeyPass,
            G::KeyTerritory,
            G::KeyReview,
            G::KeyLibrary,
            G::KeyProblems,
        ]
        .into_iter()
        .map(|t| t.get(lang))
        .collect()
    }

    fn slots() -> Option<SlotFormat> {
        Some(super::slots::FORMAT)
    }

    fn autosave() -> Option<AutosaveFormat> {
        Some(super::autosave::FORMAT)
    }

    fn file_section() -> Option<FileSection> {
        Some(files::SECTION)
    }

    fn window(app: &mut App) {
        app.add_plugins(super::view::plugin);
    }

    fn menu(menu: Menu) -> Vec<MenuItem> {
        match menu {
            Menu::Engine => vec![
                MenuItem::new(T::Territory, "A", Action::own(GoCommand::Territory)),
                MenuItem::new(T::HintButton, "H", Action::Hint),
                MenuItem::new(T::Review, "R", Action::own(GoCommand::Review)),
                MenuItem::new(T::MenuNextMark, "]", Action::own(GoCommand::NextMark)),
            ],
            Menu::Edit => Vec::new(),
            Menu::Help => vec![MenuItem::new(T::Manual, "", Action::own(OpenManual("go")))],
            Menu::Game => vec![
                MenuItem::new(T::LibraryMenu, "L", Action::own(GoLibraryCommand::Toggle)),
                MenuItem::new(
                    crate::i18n::GoText::ProblemsMenu,
                    "F3",
                    Action::own(ProblemCommand::Start),
                ),
            ],
        }
    }

    fn wake_in(world: &World) -> Option<std::time::Duration> {
        super::clock::wake_in(world.resource::<GoTable>())
    }

    fn line(world: &World) -> Option<table::LineShown> {
        let go = world.resource::<GoTable>();
        // Counting the dead stones: the board is the count's.
        go.counting().is_none().then(|| table::LineShown {
            ahead: !go.at_end(),
            commented: !go.comment().trim().is_empty(),
        })
    }

    fn panel(app: &mut App) -> PanelSection {
        app.register_system(super::panel::section)
    }
}

/// Go's keys: the board cursor, the usual ones, the engine's and the library's.
fn go_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    table::cursor_key(press, at)
        .map(|key| Action::own(GoCommand::Cursor(key)))
        .or_else(|| usual_key(press))
        .or_else(|| match (press.ctrl, press.key) {
            // The Xiangqi table's engine keys, answered by Go's own engine: H a
            // hint, A the territory (as analysis), R a review, ] its next mark.
            (false, KeyCode::KeyH) => Some(Action::Hint),
            (false, KeyCode::KeyA) => Some(Action::own(GoCommand::Territory)),
            (false, KeyCode::KeyR) => Some(Action::own(GoCommand::Review)),
            (false, KeyCode::BracketRight) => Some(Action::own(GoCommand::NextMark)),
            // L: the library's Go games.
            (false, KeyCode::KeyL) => Some(Action::own(GoLibraryCommand::Toggle)),
            // F3: life-and-death problems, as Xiangqi's puzzles.
            (false, KeyCode::F3) => Some(Action::own(ProblemCommand::Start)),
            _ => None,
        })
}

/// The actions the Go table answers.
fn go_answers(action: &Action) -> bool {
    matches!(
        action,
        Action::Undo
            | Action::Redo
            | Action::NewGame
            | Action::Hint
            | Action::Resign
            | Action::ReviewBack
            | Action::ReviewForward
            | Action::ReviewStart
            | Action::ReviewEnd
            | Action::Save
            | Action::Load
            | Action::ToggleSlots
            | Action::ExportRecord
            | Action::CopyPosition
            | Action::CopyRecord
            | Action::Paste
            | Action::ExportPng
            | Action::ExportGif
            | Action::TogglePause
    ) || matches!(action, Action::Own(own)
            if own.is::<GoCommand>()
                || own.is::<GoLibraryCommand>()
                || own.is::<OpenManual>())
}
