//! Go games in the library: SGF files imported beside the Xiangqi ones and found by the
//! same filters (the first player is black, the second white) and by their own: the
//! board's size, and a result by its winner (`B` or `W`). What a Go game is as a row is
//! the game's own (`games::go::kept`); here, the Go file in and out by its type.

use super::{Library, LibraryError};
use crate::go::sgf::SgfGame;

impl Library {
    /// Adds the Go game `file` (from `source`), unless the library has it already: its
    /// id and whether it was new, or why its moves cannot be played.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn add_go(
        &mut self,
        file: &SgfGame,
        source: &str,
    ) -> Result<Result<(i64, bool), String>, LibraryError> {
        self.keep(&crate::games::go::kept::Keeping(file.clone()), source)
    }

    /// The Go game of id `id`, as it was added.
    ///
    /// # Errors
    /// SQLite refuses.
    pub fn go_game(&self, id: i64) -> Result<Option<SgfGame>, LibraryError> {
        Ok(self.fetch(id)?.and_then(|f| f.get::<SgfGame>().cloned()))
    }
}
