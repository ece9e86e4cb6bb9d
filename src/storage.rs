//! Files: the table's (see [`table::storage`]), Xiangqi's autosave reader, and the
//! append of a record to a log (a match's games).

use std::path::Path;

pub use table::storage::*;

use crate::games::xiangqi::session::Session;

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

/// Appends `bytes` to the file at `path` (made if missing), flushed to the disk before
/// returning. Only for logs whose reader skips a record cut short (a match's PGN: a
/// kill during the write leaves the games before whole, and the cut one is played
/// again); anything else is written whole with [`atomic_write`].
pub fn append(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_data()
}
