//! The table's settings, whatever game is on it: sound, animation, the look, the
//! language, the panel's zoom, the voice. Each game keeps a section of its own beside
//! them in the same file (the program reads and writes the file:
//! `store::persist::SettingsFile`).

use crate::i18n::Lang;
pub use crate::theme::{Coordinates, PieceStyle, Theme};

/// The player's preferences at any table.
#[cfg_attr(feature = "shell", derive(bevy::prelude::Resource))]
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Sound on.
    pub sound: bool,
    /// 0.0–1.0.
    pub volume: f32,
    /// Pieces slide.
    pub animation: bool,
    /// How long a slide takes.
    pub animation_ms: u32,
    /// Coordinates around the board.
    pub coordinates: Coordinates,
    /// The board seen from the other side (a game that has no sides ignores it).
    pub flipped: bool,
    /// Interface language.
    pub lang: Lang,
    /// The panel's zoom on top of the screen's scale factor (Ctrl+= / Ctrl+- / Ctrl+0).
    pub zoom: f32,
    /// The board's and the panel's colours.
    pub theme: Theme,
    /// Characters or symbols on the pieces.
    pub pieces: PieceStyle,
    /// Each move said aloud (speech-dispatcher or espeak-ng, when installed).
    pub speak: bool,
    /// Who sat at each side of the last new game, by their players' names (empty: a
    /// guest): the next new game's default. Seat 0 is the side that moves first in the
    /// game's own order (Xiangqi's red, Go's black).
    pub seats: [String; 2],
    /// The board turns to the side to move after each move, for two people facing one
    /// screen.
    pub turn_board: bool,
    /// The help each seat is given (seat 0 moves first, as in `seats`); it follows the
    /// person when the seats are swapped.
    pub help: [crate::learn::Help; 2],
    /// How many times the tutor takes a move back at one position before it stands.
    pub tutor_tries: u8,
    /// The player chosen as "me" (empty: nobody): their own look (language, board,
    /// pieces, sound) is the table's, and a change of it is kept as theirs.
    pub me: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sound: true,
            volume: 0.8,
            animation: true,
            animation_ms: 200,
            coordinates: Coordinates::Iccs,
            flipped: false,
            lang: Lang::from_locale(sys_locale::get_locale().as_deref()),
            zoom: 1.0,
            theme: Theme::Wood,
            pieces: PieceStyle::Traditional,
            speak: false,
            seats: Default::default(),
            turn_board: false,
            help: Default::default(),
            tutor_tries: 2,
            me: String::new(),
        }
    }
}

/// The zoom steps Ctrl+= and Ctrl+- go through, as browsers do.
pub const ZOOMS: [f32; 11] = [0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5];

/// The zoom `steps` steps from `zoom` (0: back to 1).
#[must_use]
pub fn zoom_step(zoom: f32, steps: i8) -> f32 {
    if steps == 0 {
        return 1.0;
    }
    let at = ZOOMS
        .iter()
        .position(|&z| z >= zoom - 0.001)
        .unwrap_or(ZOOMS.len() - 1) as i32;
    ZOOMS[(at + i32::from(steps)).clamp(0, ZOOMS.len() as i32 - 1) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_goes_by_steps_and_stays_within_them() {
        assert_eq!(zoom_step(1.0, 1), 1.1);
        assert_eq!(zoom_step(1.0, -1), 0.9);
        assert_eq!(zoom_step(2.5, 1), 2.5, "the largest stays");
        assert_eq!(zoom_step(0.67, -1), 0.67, "the smallest stays");
        assert_eq!(zoom_step(1.75, 0), 1.0);
        // A value between steps goes to the next one up or down.
        assert_eq!(zoom_step(1.2, 1), 1.5);
    }
}
