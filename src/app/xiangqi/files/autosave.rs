//! Nothing of a Xiangqi game is lost: the session (with its whole undo history) is
//! written after every change and resumed at the next start, also after a crash or a
//! kill. Puzzles (`Mode::Train`) put the game aside untouched, as last written: the
//! autosave rests until the game is back.

use bevy::prelude::*;

use crate::app::schedule::{Begin, Present};
use crate::app::shell::model::Settings;
use crate::app::store::persist::DataDirs;
use crate::app::xiangqi::model::Mode;
use crate::app::xiangqi::model::Model;
use crate::app::{BoardChanged, Notice, RecordChanged};
use crate::i18n::{Lang, T};
use crate::storage::{BackgroundWriter, read_autosave};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Autosaved>()
        .add_systems(Startup, resume.in_set(Begin::Resume))
        .add_systems(
            Update,
            autosave
                .run_if(not(in_state(Mode::Train)).and_then(not(in_state(Mode::Lesson))))
                .in_set(Present::Persist),
        )
        .add_systems(Last, autosave_on_exit);
}

/// The last autosave handed to the writer, to skip writes that would change nothing,
/// and the writer: the disk is never waited for on the main thread.
#[derive(Resource, Default)]
struct Autosaved {
    text: String,
    writer: BackgroundWriter,
    /// A failure is said once, not on every move.
    failed: Option<String>,
}

/// Takes up the autosaved session, if there is one.
fn resume(
    dirs: Res<DataDirs>,
    mut model: ResMut<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<BoardChanged>,
) {
    // No folder: the shell said so (store/persist.rs).
    let Some(dirs) = &dirs.0 else {
        return;
    };
    let path = dirs.autosave();
    let lang = settings.lang;
    match read_autosave(&path) {
        Ok(None) => {}
        Ok(Some((session, text))) => {
            info!(
                "resumed {} plies from {}",
                session.game().ply_count(),
                path.display()
            );
            let resumed_something = session.game().ply_count() > 0 || session.can_undo();
            **model = session;
            autosaved.text = text;
            changed.write(BoardChanged);
            if resumed_something {
                notices.write(Notice::info(T::Resumed.get(lang)));
            }
        }
        Err(d) => {
            warn!("autosave {}: {}", path.display(), d.reason);
            let text = T::ResumeFailed.fill(lang, &[&d.reason, &d.kept_text()]);
            notices.write(Notice::warn(text));
        }
    }
}

/// Writes the session when it may have changed; `force` for the last write at exit.
fn write_autosave(
    dirs: &DataDirs,
    model: &Model,
    autosaved: &mut Autosaved,
    lang: Lang,
    notices: &mut MessageWriter<Notice>,
) {
    let Some(dirs) = &dirs.0 else {
        return;
    };
    let text = model.to_snapshot();
    if text != autosaved.text {
        autosaved
            .writer
            .write(dirs.autosave(), text.clone().into_bytes());
        autosaved.text = text;
    }
    say_failures(autosaved, lang, notices);
}

/// Says a failed autosave once (until it fails for another reason).
fn say_failures(autosaved: &mut Autosaved, lang: Lang, notices: &mut MessageWriter<Notice>) {
    for (path, e) in autosaved.writer.errors() {
        warn!("autosave {}: {e}", path.display());
        if autosaved.failed.as_ref() != Some(&e) {
            notices.write(Notice::warn(T::AutosaveFailed.fill(lang, &[&e])));
            autosaved.failed = Some(e);
        }
    }
}

fn autosave(
    mut changed: MessageReader<BoardChanged>,
    mut recorded: MessageReader<RecordChanged>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    // Both read to the end: a frame with either writes once.
    let board = changed.read().count() > 0;
    if recorded.read().count() > 0 || board {
        write_autosave(&dirs, &model, &mut autosaved, settings.lang, &mut notices);
    } else {
        say_failures(&mut autosaved, settings.lang, &mut notices);
    }
}

fn autosave_on_exit(
    exit: MessageReader<AppExit>,
    dirs: Res<DataDirs>,
    model: Res<Model>,
    mode: Res<State<Mode>>,
    mut autosaved: ResMut<Autosaved>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if !exit.is_empty() {
        // A puzzle on the table: the game put aside was written before it came.
        if !mode.get().aside() {
            write_autosave(&dirs, &model, &mut autosaved, settings.lang, &mut notices);
        }
        // The process ends after this frame: the last write must be on disk first.
        autosaved.writer.flush();
    }
}
