//! The status line of each table (what just happened: a move refused, a file saved, a
//! notice), with every line the player is told written to the log.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::i18n::Word;
use crate::messages::GameSaid;
use crate::messages::NewGameStarted;
use crate::messages::NothingToDo;
use crate::messages::Notice;
use crate::schedule::{GameKind, Present};
use crate::settings::Settings;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StatusLines>().add_systems(
        Update,
        (
            // Exclusive, to ask each game whether its board is lent; it writes only the
            // status lines, which `status` (after it) writes too, and reads what no
            // presentation writes: its order beside the other status systems is no matter.
            fresh_line_when_the_board_is_lent.ambiguous_with_all(),
            status,
        )
            .chain()
            .in_set(Present::Status),
    );
}

/// A lesson, practice or problems taking the board, or giving it back, start with an
/// empty status line: what was said of the game (GNU Go's hint for it) is not said of a
/// problem (issue 91: the Go problems showed the game's 「GNU Go 会下 H6…」).
fn fresh_line_when_the_board_is_lent(
    world: &mut World,
    mut last: Local<Vec<crate::shell::table::Lent>>,
) {
    use crate::shell::table::Lent;
    let lent: Vec<Lent> = crate::shell::tables::Tables::lent_on_table(world)
        .into_iter()
        .map(|l| l.lent)
        .filter(|&l| l != Lent::Asking)
        .collect();
    if lent == *last {
        return;
    }
    *last = lent;
    let Some(kind) = world.get_resource::<State<GameKind>>().map(|k| *k.get()) else {
        return;
    };
    if let Some(mut lines) = world.get_resource_mut::<StatusLines>() {
        *lines.of_mut(kind) = Status::default();
    }
}

/// The status line: what just happened.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The text.
    pub text: String,
    /// Shown as a warning.
    pub warning: bool,
}

/// Each table's status line: it speaks of its own game, and is there again when the
/// table comes back.
#[derive(Resource, Default, Debug, Clone)]
pub struct StatusLines(Vec<(GameKind, Status)>);

impl StatusLines {
    /// The status line of the table of `kind`.
    #[must_use]
    pub fn of(&self, kind: GameKind) -> &Status {
        static EMPTY: Status = Status {
            text: String::new(),
            warning: false,
        };
        self.0
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(&EMPTY, |(_, s)| s)
    }

    fn of_mut(&mut self, kind: GameKind) -> &mut Status {
        let at = match self.0.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                self.0.push((kind, Status::default()));
                self.0.len() - 1
            }
        };
        &mut self.0[at].1
    }
}

/// Puts what just happened into the status line.
fn status(
    mut lines: ResMut<StatusLines>,
    table: Res<State<GameKind>>,
    settings: Res<Settings>,
    mut game_said: MessageReader<GameSaid>,
    mut nothing: MessageReader<NothingToDo>,
    mut started: MessageReader<NewGameStarted>,
    mut notices: MessageReader<Notice>,
    mut said: MessageWriter<crate::shell::access::Spoken>,
) {
    let lang = settings.lang;
    // Every line the player is told is logged (a record of the session, read by the
    // real-window tests) and said to a screen reader.
    let status = lines.of_mut(*table.get());
    let mut set = |text: String, warning: bool| {
        if !text.is_empty() {
            info!("notice {text}");
            said.write(crate::shell::access::Spoken::from(text.clone()));
        }
        *status = Status { text, warning };
    };
    // The game's own words first (its moves are its own to tell).
    for said in game_said.read() {
        set(said.text.clone(), said.warning);
    }
    for n in nothing.read() {
        let t = if n.redo {
            Word::NothingToRedo
        } else {
            Word::NothingToUndo
        };
        set(t.get(lang).to_owned(), true);
    }
    if started.read().count() > 0 {
        set(Word::Started.get(lang).to_owned(), false);
    }
    // Saves, clipboard, files and toggles speak last: they answer the player's latest
    // request.
    for n in notices.read() {
        set(n.text.clone(), n.warning);
    }
}

/// The status line: what just happened, a warning in its colour. An empty line keeps
/// its height, so the panel does not jump.
pub fn status_line(ui: &mut egui::Ui, status: &Status) {
    let color = if status.warning {
        crate::panel::parts::warning(ui)
    } else {
        ui.visuals().text_color()
    };
    let text = if status.text.is_empty() {
        " "
    } else {
        &status.text
    };
    crate::panel::sentence::sentence(ui, text, |t| t.color(color));
}
