//! Files: the table's (see [`table::storage`]) and Xiangqi's autosave reader.

use std::path::Path;

pub use table::storage::*;

use crate::session::Session;

/// Reads the autosaved session at `path`: the session and the text it was read from, or
/// nothing when there is no file; a damaged one is kept aside.
pub fn read_autosave(path: &Path) -> Result<Option<(Session, String)>, Damaged> {
    read_or_keep_aside(path, |bytes| {
        let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
        Session::from_snapshot(text)
            .map(|s| (s, text.to_owned()))
            .map_err(|e| e.to_string())
    })
}
