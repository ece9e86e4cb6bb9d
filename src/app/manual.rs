//! Help → Manual: the chapter of the game on the table, in the window's language. The
//! pages are written to the data folder (the whole manual, so its links work) and
//! handed to the system's browser; nothing is fetched.

use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::app::messages::Notice;
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::store::persist::DataDirs;

/// Help → Manual at a table: its chapter (`playing`, `go`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenManual(pub &'static str);

/// How a page is shown: the system's opener (`xdg-open`, Explorer, `open`). Tests put
/// a recorder in its place.
#[derive(Resource)]
pub struct Opener(pub Box<dyn Fn(&Path) -> io::Result<()> + Send + Sync>);

impl Default for Opener {
    fn default() -> Self {
        Opener(Box::new(system_open))
    }
}

/// Hands `page` to the desktop's program for it, without waiting for it; or to the
/// program `XIANGQI_OPENER` names (a browser of one's own; the window tests' `true`).
fn system_open(page: &Path) -> io::Result<()> {
    let program = std::env::var_os("XIANGQI_OPENER").unwrap_or_else(|| {
        if cfg!(windows) {
            "explorer"
        } else if cfg!(target_os = "macos") {
            "open"
        } else {
            "xdg-open"
        }
        .into()
    });
    let mut child = std::process::Command::new(program).arg(page).spawn()?;
    // Reaped when it ends (xdg-open returns once the browser has the page).
    std::thread::spawn(move || child.wait());
    Ok(())
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<OpenManual>()
        .init_resource::<Opener>()
        .add_systems(Update, open.in_set(Logic::Manual));
}

fn open(
    mut asked: MessageReader<OpenManual>,
    dirs: Option<Res<DataDirs>>,
    settings: Res<Settings>,
    opener: Res<Opener>,
    mut notices: MessageWriter<Notice>,
) {
    for OpenManual(chapter) in asked.read().copied() {
        let lang = settings.lang;
        let Some(dirs) = dirs.as_ref().and_then(|d| d.0.as_ref()) else {
            notices.write(Notice::warn(crate::i18n::T::NoManualFolder.get(lang)));
            continue;
        };
        let written: io::Result<PathBuf> =
            crate::manual::write(&dirs.data.join("manual"), lang, chapter);
        match written.and_then(|page| (opener.0)(&page).map(|()| page)) {
            Ok(page) => {
                info!("manual opened: {}", page.display());
                let shown = page.display().to_string();
                notices.write(Notice::info(
                    crate::i18n::T::ManualOpened.fill(lang, &[&shown]),
                ));
            }
            Err(e) => {
                warn!("manual: {e}");
                notices.write(Notice::warn(
                    crate::i18n::T::ManualFailed.fill(lang, &[&e.to_string()]),
                ));
            }
        }
    }
}
