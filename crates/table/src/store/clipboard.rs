//! Ctrl+E copies the position as FEN, Ctrl+Shift+E the game as PGN, Ctrl+I pastes
//! whatever the clipboard holds through "paste anything". A clipboard that is empty,
//! holds no text or is missing altogether is a message, never a crash.

use crate::actions::ClipboardCommand;
use crate::schedule::Logic;
use bevy::prelude::*;

use bevy::ecs::message::Messages;
use bevy::ecs::system::SystemState;

use crate::i18n::Word;
use crate::messages::Import;
use crate::messages::Notice;
use crate::settings::Settings;
use crate::shell::table::{Copied, Tables};

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

/// The text fields' Ctrl+C, Ctrl+X and Ctrl+V go through the game's one clipboard
/// (egui's own is not built in: a second clipboard stack). A name, a search or a
/// comment in any script is pasted whole, as a player copies it from elsewhere.
pub(crate) fn text_field_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        text_field_keys
            .in_set(bevy_egui::EguiInputSet::ReadBevyMessages)
            // Headless (tests) there are no key messages and no egui input.
            .run_if(resource_exists::<Messages<bevy::input::keyboard::KeyboardInput>>)
            .run_if(resource_exists::<Messages<bevy_egui::input::EguiInputEvent>>),
    )
    .add_systems(
        PostUpdate,
        text_field_copied.after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
    );
}

/// Ctrl (⌘) with C, X or V while a text field has the keyboard: egui's copy, cut and
/// paste, the paste with the clipboard's text. Ctrl is followed through the key
/// messages in order (a quick chord presses and lets go within one frame).
fn text_field_keys(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut held: Local<crate::shell::input::Modifiers>,
    typing: Res<crate::shell::model::TypingInPanel>,
    mut clipboard: ResMut<Clipboard>,
    context: Option<Single<Entity, With<bevy_egui::PrimaryEguiContext>>>,
    mut egui: MessageWriter<bevy_egui::input::EguiInputEvent>,
) {
    for key in keys.read() {
        let down = key.state.is_pressed();
        if held.follow(key.key_code, down) || !down || !held.ctrl() || !typing.0 {
            continue;
        }
        let Some(context) = context.as_deref().copied() else {
            continue;
        };
        let event = match key.key_code {
            KeyCode::KeyC => bevy_egui::egui::Event::Copy,
            KeyCode::KeyX => bevy_egui::egui::Event::Cut,
            KeyCode::KeyV => match clipboard.0.get() {
                Ok(text) => bevy_egui::egui::Event::Paste(text),
                Err(why) => {
                    info!("nothing pasted: {why:?}");
                    continue;
                }
            },
            _ => continue,
        };
        egui.write(bevy_egui::input::EguiInputEvent { context, event });
    }
}

/// What egui copied or cut out of a text field goes on the clipboard.
fn text_field_copied(outputs: Query<&bevy_egui::EguiOutput>, mut clipboard: ResMut<Clipboard>) {
    for output in &outputs {
        for command in &output.platform_output.commands {
            if let bevy_egui::egui::OutputCommand::CopyText(text) = command
                && !text.is_empty()
                && let Err(why) = clipboard.0.set(text.clone())
            {
                warn!("clipboard: {why:?}");
            }
        }
    }
}

/// Ctrl+E, Ctrl+Shift+E: what the game on the table copies goes on the clipboard;
/// Ctrl+I: what the clipboard holds is opened. Exclusive: the game reads its own state
/// out of the world.
fn clipboard(
    world: &mut World,
    params: &mut SystemState<(MessageReader<ClipboardCommand>, Res<Settings>)>,
) {
    let (asked, lang) = {
        let Ok((mut asked, settings)) = params.get_mut(world) else {
            return;
        };
        let asked: Vec<ClipboardCommand> = asked.read().copied().collect();
        (asked, settings.lang)
    };
    let unavailable = |why: String| Notice::warn(Word::ClipboardFailed.fill(lang, &[&why]));
    for action in asked {
        let shifted = match action {
            ClipboardCommand::CopyPosition => false,
            ClipboardCommand::CopyRecord => true,
            ClipboardCommand::Paste => {
                let got = world.resource_mut::<Clipboard>().0.get();
                match got {
                    Ok(text) if !text.trim().is_empty() => {
                        world.write_message(Import::Pasted(text));
                    }
                    Ok(_) | Err(ClipboardError::Empty) => {
                        info!("refused paste: the clipboard holds no text");
                        world.write_message(Notice::warn(Word::ClipboardEmpty.get(lang)));
                    }
                    Err(ClipboardError::Unavailable(why)) => {
                        warn!("clipboard: {why}");
                        world.write_message(unavailable(why));
                    }
                }
                continue;
            }
        };
        let Some(Copied { text, said }) = Tables::copy(world, shifted, lang) else {
            continue;
        };
        let first_line = text.lines().next().unwrap_or_default().to_owned();
        let set = world.resource_mut::<Clipboard>().0.set(text);
        match set {
            Ok(()) => {
                info!("copied {first_line}");
                world.write_message(Notice::info(said));
            }
            Err(ClipboardError::Empty) => {
                world.write_message(unavailable(String::new()));
            }
            Err(ClipboardError::Unavailable(why)) => {
                warn!("clipboard: {why}");
                world.write_message(unavailable(why));
            }
        }
    }
}
