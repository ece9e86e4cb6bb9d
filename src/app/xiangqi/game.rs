//! Xiangqi as a game of the table: its keys, the actions it answers, and its plugins.

use crate::app::xiangqi::messages::{
    DrawCommand, EditCommand, EngineCommand, GoToMove, MoveAsked, NewGameWith, ToggleEditor,
};
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::app::actions::Action;
use crate::app::manual::OpenManual;
use crate::app::messages::Import;
use crate::app::shell::access::SpokenBoard;
use crate::app::shell::table::{AutosaveFormat, CursorKey, FileSection, PictureLook};
use crate::app::shell::table::{
    Claim, Copied, GIF_DELAY, KeyContext, KeyPress, Menu, MenuItem, PanelSection, Picture,
    TableGame, usual_key,
};
use crate::app::store::slots::SlotFormat;
use crate::app::xiangqi::cursor::CursorCommand;
use crate::app::xiangqi::duel::DuelCommand;
use crate::app::xiangqi::learn::lessons;
use crate::app::xiangqi::library::LibraryCommand;
use crate::app::xiangqi::model;
use crate::app::xiangqi::model::{Mode, Model, Selection};
use crate::app::xiangqi::review::ReviewCommand;
use crate::app::xiangqi::train::TrainCommand;
use crate::i18n::{Lang, T};
use crate::picture::{self, Options};
use crate::rules::record::GameRecord;

/// Chinese chess at the table.
pub struct Xiangqi;

impl TableGame for Xiangqi {
    const SLUG: &'static str = "xiangqi";

    fn title(lang: Lang) -> &'static str {
        T::GameXiangqi.get(lang)
    }

    fn key(press: KeyPress, at: &KeyContext) -> Option<Action> {
        let action = crate::app::xiangqi::cursor::cursor_key(press, at)
            .or_else(|| crate::app::xiangqi::cursor::tray_key(press, at))
            .or_else(|| usual_key(press))
            .or_else(|| own_key(press, at))?;
        match model::mode_at(at) {
            Mode::Train => in_training(action),
            Mode::Lesson => table::learn::lessons::in_lesson(action),
            _ => Some(action),
        }
    }

    fn answers(action: &Action) -> bool {
        // Every action of the table's, and its own commands.
        match action {
            Action::Own(own) => {
                own.is::<ReviewCommand>()
                    || own.is::<TrainCommand>()
                    || own.is::<DuelCommand>()
                    || own.is::<LibraryCommand>()
                    || own.is::<MoveAsked>()
                    || own.is::<CursorCommand>()
                    || own.is::<EditCommand>()
                    || own.is::<crate::app::xiangqi::messages::ToggleEditor>()
                    || own.is::<crate::app::xiangqi::messages::EngineCommand>()
                    || own.is::<DrawCommand>()
                    || own.is::<GoToMove>()
                    || own.is::<NewGameWith>()
                    || own.is::<OpenManual>()
            }
            _ => true,
        }
    }

    fn copy(world: &World, shifted: bool, lang: Lang) -> Copied {
        let model = world.resource::<Model>();
        if shifted {
            Copied {
                text: crate::slots::game_pgn(&model.record(), None, &crate::storage::Stamp::now()),
                said: T::CopiedGame.get(lang).to_owned(),
            }
        } else {
            // The position on the board: the reviewed one while reviewing.
            Copied {
                text: model.shown_position().to_fen(),
                said: T::CopiedFen.get(lang).to_owned(),
            }
        }
    }

    fn picture(world: &World, gif: bool, look: &PictureLook) -> Picture {
        let model = world.resource::<Model>();
        let opts = Options {
            size: look.size,
            flipped: look.flipped,
            coordinates: look.coordinates,
            theme: look.theme,
            pieces: look.pieces,
            ..Options::default()
        };
        // The game for the GIF, the position on the board (maybe reviewed) for the PNG.
        let draw: Box<dyn FnOnce() -> Vec<u8> + Send> = if gif {
            let game = model.game().clone();
            Box::new(move || picture::gif(&game, &opts, GIF_DELAY))
        } else {
            let shown = model.shown_position().clone();
            let last = model.shown_last_move();
            Box::new(move || picture::png(&shown, last, &opts))
        };
        Picture {
            stem: Self::SLUG,
            draw,
        }
    }

    fn claims(import: &Import) -> Claim {
        // Its readers sniff every notation and file of Chinese chess; a slot is its own.
        match import {
            Import::Slot { record, .. } if record.is::<GameRecord>() => Claim::Sure,
            Import::Slot { .. } => Claim::No,
            Import::File(_) | Import::Pasted(_) => Claim::Maybe,
        }
    }

    fn core(app: &mut App) {
        app.add_plugins((
            super::messages::plugin,
            super::model::plugin,
            super::play::plugin,
            super::record::plugin,
            super::review::plugin,
            super::clock::plugin,
            super::edit::plugin,
            super::engine_link::plugin,
            super::train::plugin,
            super::duel::plugin,
            lessons::plugin,
            super::files::import::plugin,
            super::library::plugin,
        ));
    }

    // Its files (the autosave, the slots) are the table's services' ([`Self::autosave`],
    // [`Self::slots`]).
    fn files(_app: &mut App) {}

    fn window(app: &mut App) {
        app.add_plugins((super::view::plugin, super::panel::game_list::plugin));
    }

    fn panel(app: &mut App) -> PanelSection {
        app.register_system(super::panel::section)
    }

    fn help(lang: Lang) -> Vec<&'static str> {
        [
            T::KeyClick,
            T::KeyRight,
            T::KeyFlip,
            T::KeyLines,
            T::KeyReviewGame,
            T::KeyInfo,
            T::KeyEdit,
            T::KeyAnalysis,
            T::KeyPuzzles,
            T::KeyLibrary,
            T::KeyTray,
        ]
        .into_iter()
        .map(|t| t.get(lang))
        .collect()
    }

    fn slots() -> Option<SlotFormat> {
        Some(super::files::saves::FORMAT)
    }

    fn autosave() -> Option<AutosaveFormat> {
        Some(super::files::autosave::FORMAT)
    }

    fn file_section() -> Option<FileSection> {
        Some(super::files::settings::SECTION)
    }

    fn menu(menu: Menu) -> Vec<MenuItem> {
        match menu {
            Menu::Game => vec![
                MenuItem::new(T::Puzzles, "F3", Action::own(TrainCommand::Open(None))),
                MenuItem::new(T::PuzzlesFind, "", Action::own(TrainCommand::FindInGames)),
                MenuItem::new(T::PuzzleDuel, "", Action::own(DuelCommand::Open)),
                MenuItem::new(T::LibraryMenu, "L", Action::own(LibraryCommand::Toggle)),
                MenuItem::new(
                    T::ExplorerMenu,
                    "O",
                    Action::own(LibraryCommand::ToggleExplorer),
                ),
            ],
            Menu::Edit => vec![MenuItem::new(T::Edit, "F2", Action::own(ToggleEditor))],
            Menu::Help => vec![MenuItem::new(
                T::Manual,
                "",
                Action::own(OpenManual("playing")),
            )],
            Menu::Engine => vec![
                MenuItem::new(T::Analysis, "A", Action::own(EngineCommand::ToggleAnalysis)),
                MenuItem::new(T::HintButton, "H", Action::Hint),
                MenuItem::new(T::Review, "R", Action::own(ReviewCommand::Toggle)),
                MenuItem::new(
                    T::MenuNextMark,
                    "]",
                    Action::own(ReviewCommand::Next { same_side: false }),
                ),
                MenuItem::new(
                    T::MenuPreviousMark,
                    "[",
                    Action::own(ReviewCommand::Previous { same_side: false }),
                ),
            ],
        }
    }

    fn settings(app: &mut App) -> Option<PanelSection> {
        Some(app.register_system(super::panel::engine::settings_section))
    }

    fn whole_panel(world: &World) -> bool {
        super::panel::whole(world)
    }

    fn wake_in(world: &World) -> Option<std::time::Duration> {
        let clock = super::clock::wake_in(world.resource::<Model>());
        // A puzzle duel's clock, and its next puzzle set up by itself.
        let now = world
            .get_resource::<Time<Real>>()
            .map_or(0.0, Time::elapsed_secs_f64);
        let duel = world
            .get_resource::<super::duel::PuzzleDuel>()
            .and_then(|d| d.wake_in(now));
        match (clock, duel) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn spoken_board(world: &World, lang: Lang) -> Option<SpokenBoard> {
        super::cursor::spoken_board(world, lang)
    }

    fn cursor(key: CursorKey) -> Action {
        Action::own(super::cursor::CursorCommand(key))
    }

    fn sides(lang: Lang) -> [&'static str; 2] {
        [T::InfoRed.get(lang), T::InfoBlack.get(lang)]
    }

    fn new_game(app: &mut App) -> Option<PanelSection> {
        Some(app.register_system(super::panel::cards::handicap_section))
    }

    fn facing(world: &World) -> Option<usize> {
        // A puzzle's side and the editor's board stay as they are.
        let playing = world
            .get_resource::<State<Mode>>()
            .is_none_or(|m| *m.get() == Mode::Play);
        if !playing || super::view::pieces::sliding(world) {
            return None;
        }
        let model = world.resource::<Model>();
        Some(model.game().position().turn().index())
    }

    fn line(world: &World) -> Option<crate::app::shell::table::LineShown> {
        // The editor's board and a puzzle's are not the record's.
        let playing = world
            .get_resource::<State<Mode>>()
            .is_none_or(|m| *m.get() == Mode::Play);
        let model = world.resource::<Model>();
        playing.then(|| crate::app::shell::table::LineShown {
            ahead: model.is_reviewing(),
            // Words, not an arrow or a circle alone (issue 91: the replay paused at a
            // move whose only "comment" was an arrow).
            commented: !crate::rules::tree::marks::Marks::read(
                &model.tree().node(model.cursor()).comment_after,
            )
            .1
            .trim()
            .is_empty(),
        })
    }
}

/// Xiangqi's own keys, besides the usual ones.
fn own_key(press: KeyPress, at: &KeyContext) -> Option<Action> {
    Some(match (press.ctrl, press.shift, press.key) {
        (true, true, KeyCode::KeyI) => Action::ToggleGameInfo,
        // The editor's "Play from here".
        (true, _, KeyCode::Enter | KeyCode::NumpadEnter) if model::mode_at(at) == Mode::Edit => {
            Action::own(EditCommand::Play)
        }
        (_, _, KeyCode::Escape)
            if at
                .world
                .get_resource::<crate::app::xiangqi::duel::PuzzleDuel>()
                .is_some_and(|d| d.dialog) =>
        {
            Action::own(DuelCommand::Close)
        }
        (_, _, KeyCode::Escape) if model::mode_at(at) == Mode::Edit => Action::own(ToggleEditor),
        // A piece picked up is put back (as a right click does), before a puzzle or a lesson is left
        // or the program quits.
        (_, _, KeyCode::Escape)
            if at
                .world
                .get_resource::<Selection>()
                .is_some_and(|s| s.square.is_some()) =>
        {
            Action::Cancel
        }
        (_, _, KeyCode::Escape) if model::mode_at(at) == Mode::Train => {
            Action::own(TrainCommand::Leave)
        }
        (_, _, KeyCode::F2) => Action::own(ToggleEditor),
        (_, _, KeyCode::F3) => Action::own(TrainCommand::Open(None)),
        (false, _, KeyCode::KeyN) => Action::own(TrainCommand::Next),
        (false, _, KeyCode::KeyF) => Action::Flip,
        (false, _, KeyCode::KeyP) => Action::TogglePieces,
        (false, _, KeyCode::KeyA) => Action::own(EngineCommand::ToggleAnalysis),
        (false, _, KeyCode::KeyH) => Action::Hint,
        (false, _, KeyCode::KeyR) => Action::own(ReviewCommand::Toggle),
        (false, _, KeyCode::KeyL) => Action::own(LibraryCommand::Toggle),
        (false, _, KeyCode::KeyO) => Action::own(LibraryCommand::ToggleExplorer),
        (false, same_side, KeyCode::BracketRight) => Action::own(ReviewCommand::Next { same_side }),
        (false, same_side, KeyCode::BracketLeft) => {
            Action::own(ReviewCommand::Previous { same_side })
        }
        (false, _, KeyCode::ArrowUp) => Action::LineUp,
        (false, _, KeyCode::ArrowDown) => Action::LineDown,
        _ => return None,
    })
}

/// In training the keys keep their sense where it has one (Ctrl+Z takes a wrong move
/// back, H hints) and do nothing where it would change the puzzle into another game
/// (new game, paste, the editor, the engine).
fn in_training(action: Action) -> Option<Action> {
    match action {
        Action::Undo => Some(Action::own(TrainCommand::Retry)),
        Action::Hint => Some(Action::own(TrainCommand::Hint)),
        Action::Flip | Action::TogglePieces | Action::Cancel => Some(action),
        Action::Own(ref own) if own.is::<TrainCommand>() || own.is::<DuelCommand>() => Some(action),
        _ => None,
    }
}
