//! The actions that flip a preference or an overlay: flip the board (F), sound on and off
//! (M), the key help (F1). They change state, so they run in the logic like every other
//! change; the board, the sound and the panel only read the result, and the status line
//! says what it now is.

use crate::actions::ViewCommand;
use crate::schedule::Logic;
use bevy::prelude::*;

use crate::i18n::Word;
use crate::messages::Notice;
use crate::messages::SettingsEdited;
use crate::settings::Settings;
use crate::shell::model::Overlay;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (toggle, edited).chain().in_set(Logic::Modes))
        .add_systems(Update, turn.in_set(crate::schedule::Present::Turn));
}

/// A board that turns to the side to move (the setting, for two people facing one
/// screen): once the game says whose move it is with the last move's slide over, the
/// board is turned that side up. It runs after the pieces are drawn, so that a move
/// played this frame has its slide begun and is not turned under it (the slide's last
/// frame asks for one more, where the board turns).
fn turn(world: &mut World) {
    if !world.resource::<Settings>().turn_board {
        return;
    }
    if let Some(seat) = crate::shell::table::Tables::facing(world) {
        let up = seat == 1;
        if world.resource::<Settings>().flipped != up {
            info!("board turns to seat {seat}");
            world.resource_mut::<Settings>().flipped = up;
            world.write_message(bevy::window::RequestRedraw);
        }
    }
}

fn toggle(
    mut actions: MessageReader<ViewCommand>,
    mut settings: ResMut<Settings>,
    mut overlay: ResMut<Overlay>,
    mut notices: MessageWriter<Notice>,
) {
    for action in actions.read() {
        match action {
            ViewCommand::Flip => settings.flipped = !settings.flipped,
            ViewCommand::ToggleMute => {
                settings.sound = !settings.sound;
                let said = if settings.sound {
                    Word::Unmuted
                } else {
                    Word::Muted
                };
                notices.write(Notice::info(said.get(settings.lang)));
            }
            ViewCommand::ToggleHelp => overlay.help = !overlay.help,
            ViewCommand::MoveBox(open) => {
                overlay.move_box = *open;
                info!("move box {}", if *open { "open" } else { "closed" });
            }
            ViewCommand::ToggleGameInfo => overlay.info = !overlay.info,
            ViewCommand::ToggleSettings => {
                overlay.settings = !overlay.settings;
                info!(
                    "settings {}",
                    if overlay.settings { "open" } else { "closed" }
                );
            }
            ViewCommand::Zoom(steps) => {
                let zoom = crate::settings::zoom_step(settings.zoom, *steps);
                if zoom != settings.zoom {
                    settings.zoom = zoom;
                    info!("zoom {:.0}%", zoom * 100.0);
                }
                let said = Word::Zoomed.fill(settings.lang, &[&format!("{:.0}", zoom * 100.0)]);
                notices.write(Notice::info(said));
            }
            ViewCommand::NextTheme => {
                let all = crate::theme::Theme::ALL;
                let at = all.iter().position(|t| *t == settings.theme).unwrap_or(0);
                settings.theme = all[(at + 1) % all.len()];
                info!("theme {}", settings.theme);
                let name = crate::i18n::theme_name(settings.theme, settings.lang);
                notices.write(Notice::info(Word::MenuTheme.fill(settings.lang, &[&name])));
            }
            ViewCommand::NewGameDialog(open) => {
                overlay.new_game = *open;
                info!("new game dialog {}", if *open { "open" } else { "closed" });
            }
            ViewCommand::ToggleLearn => {
                overlay.learn = !overlay.learn;
                info!("learn {}", if overlay.learn { "open" } else { "closed" });
            }
            ViewCommand::BoardClock(open) => {
                overlay.board_clock = *open;
                info!("board clock {}", if *open { "open" } else { "closed" });
            }
            ViewCommand::TogglePlayers => {
                overlay.players = !overlay.players;
                info!(
                    "players {}",
                    if overlay.players { "open" } else { "closed" }
                );
            }
            ViewCommand::Language(lang) => {
                if settings.lang != *lang {
                    settings.lang = *lang;
                    info!("language {lang:?}");
                }
            }
            ViewCommand::TogglePieces => {
                use crate::theme::PieceStyle;
                settings.pieces = match settings.pieces {
                    PieceStyle::Traditional => PieceStyle::International,
                    PieceStyle::International => PieceStyle::Traditional,
                };
                info!("pieces {}", settings.pieces);
                let name = crate::i18n::pieces_name(settings.pieces, settings.lang);
                notices.write(Notice::info(Word::MenuPieces.fill(settings.lang, &[&name])));
            }
        }
    }
}

/// Settings edited in the panel. Only a real change is written: the board, pieces and
/// marks are rebuilt on one.
fn edited(mut edits: MessageReader<SettingsEdited>, mut settings: ResMut<Settings>) {
    for SettingsEdited(edited) in edits.read() {
        if **edited != *settings {
            *settings = (**edited).clone();
        }
    }
}
