//! Ctrl+E copies the position as FEN, Ctrl+Shift+E the game as PGN, Ctrl+I pastes
//! whatever the clipboard holds through "paste anything". A clipboard that is empty,
//! holds no text or is missing altogether is a message, never a crash.

use crate::app::actions::ClipboardCommand;
use crate::app::schedule::Logic;
use bevy::prelude::*;

use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::Model;
use crate::app::{Import, Notice};
use crate::i18n::T;
use crate::slots;
use crate::storage::Stamp;

/// Why the clipboard gave no text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClipboardError {
    /// Nothing, or nothing that is text.
    Empty,
    /// No clipboard service (no display, a broken one…): why.
    Unavailable(String),
}

/// Where copies go and pastes come from.
pub trait ClipboardBackend: Send + Sync + 'static {
    /// The text on the clipboard.
    fn get(&mut self) -> Result<String, ClipboardError>;
    /// Puts `text` on the clipboard.
    fn set(&mut self, text: String) -> Result<(), ClipboardError>;
}

/// The clipboard the game uses.
#[derive(Resource)]
pub struct Clipboard(pub Box<dyn ClipboardBackend>);

impl Default for Clipboard {
    fn default() -> Self {
        Clipboard(Box::new(SystemClipboard::default()))
    }
}

/// The OS clipboard through arboard, opened on first use. It stays open: on X11 the
/// copied text is served by this process for as long as it runs.
#[derive(Default)]
struct SystemClipboard(Option<arboard::Clipboard>);

impl SystemClipboard {
    fn open(&mut self) -> Result<&mut arboard::Clipboard, ClipboardError> {
        if self.0.is_none() {
            let clipboard = arboard::Clipboard::new()
                .map_err(|e| ClipboardError::Unavailable(e.to_string()))?;
            self.0 = Some(clipboard);
        }
        Ok(self.0.as_mut().expect("opened above"))
    }
}

fn arboard_error(e: arboard::Error) -> ClipboardError {
    match e {
        arboard::Error::ContentNotAvailable | arboard::Error::ConversionFailure => {
            ClipboardError::Empty
        }
        other => ClipboardError::Unavailable(other.to_string()),
    }
}

impl ClipboardBackend for SystemClipboard {
    fn get(&mut self) -> Result<String, ClipboardError> {
        self.open()?.get_text().map_err(arboard_error)
    }

    fn set(&mut self, text: String) -> Result<(), ClipboardError> {
        self.open()?.set_text(text).map_err(arboard_error)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clipboard>()
        .add_systems(Update, clipboard.in_set(Logic::Clipboard));
}

fn clipboard(
    mut actions: MessageReader<ClipboardCommand>,
    mut clipboard: ResMut<Clipboard>,
    model: Res<Model>,
    settings: Res<Settings>,
    mut import: MessageWriter<Import>,
    mut notices: MessageWriter<Notice>,
    kind: Res<State<crate::app::schedule::GameKind>>,
    go: Res<crate::app::go::GoTable>,
) {
    let lang = settings.lang;
    let at_go = *kind.get() == crate::app::schedule::GameKind::Go;
    let unavailable = |why: String| Notice::warn(T::ClipboardFailed.fill(lang, &[&why]));
    for action in actions.read() {
        use crate::app::go::files as go_files;
        let copy = match action {
            // At the Go table: the game as SGF, and the board as text.
            ClipboardCommand::CopyFen if at_go => {
                Some((go_files::game_text(&go), go_files::copied(lang, true)))
            }
            ClipboardCommand::CopyGame if at_go => {
                Some((go_files::board_text(&go), go_files::copied(lang, false)))
            }
            // The position on the board: the reviewed one while reviewing.
            ClipboardCommand::CopyFen => Some((
                model.shown_position().to_fen(),
                T::CopiedFen.get(lang).to_owned(),
            )),
            ClipboardCommand::CopyGame => Some((
                slots::game_pgn(&model.record(), None, &Stamp::now()),
                T::CopiedGame.get(lang).to_owned(),
            )),
            ClipboardCommand::Paste => {
                match clipboard.0.get() {
                    Ok(text) if !text.trim().is_empty() => {
                        import.write(Import::Pasted(text));
                    }
                    Ok(_) | Err(ClipboardError::Empty) => {
                        info!("refused paste: the clipboard holds no text");
                        notices.write(Notice::warn(T::ClipboardEmpty.get(lang)));
                    }
                    Err(ClipboardError::Unavailable(why)) => {
                        warn!("clipboard: {why}");
                        notices.write(unavailable(why));
                    }
                }
                None
            }
        };
        let Some((text, said)) = copy else {
            continue;
        };
        let first_line = text.lines().next().unwrap_or_default().to_owned();
        match clipboard.0.set(text) {
            Ok(()) => {
                info!("copied {first_line}");
                notices.write(Notice::info(said));
            }
            Err(ClipboardError::Empty) => {
                notices.write(unavailable(String::new()));
            }
            Err(ClipboardError::Unavailable(why)) => {
                warn!("clipboard: {why}");
                notices.write(unavailable(why));
            }
        }
    }
}
