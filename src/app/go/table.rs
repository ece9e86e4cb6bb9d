//! The Go game at the table: the pure session (`games::go`) in a resource, with what the
//! goban shows besides the stones.

use bevy::prelude::*;

pub use crate::games::go::{Counting, GoSetup, Said, Session};

/// The next new game's setup as chosen in the panel or the new-game dialog (`None`:
/// the game on the table's).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct GoNext(pub Option<GoSetup>);

/// The Go game at the table.
#[derive(Resource, Default, Deref, DerefMut)]
pub struct GoTable {
    /// The game: its record, the move shown, its clock and count.
    #[deref]
    pub session: Session,
    /// What the board shows besides the stones (kept when another game is opened).
    pub look: GoLook,
}

impl From<Session> for GoTable {
    fn from(session: Session) -> GoTable {
        GoTable {
            session,
            look: GoLook::default(),
        }
    }
}

/// What the goban shows besides the stones, as the players choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLook {
    /// Each chain's liberties written on its stones.
    pub liberties: bool,
    /// The chains in atari ringed.
    pub atari: bool,
}
