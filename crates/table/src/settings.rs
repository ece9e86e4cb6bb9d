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
    /// The help each seat is given now (seat 0 moves first, as in `seats`): the seated
    /// player's own ([`Settings::help_of`]), a guest's seat's ([`Settings::guest_help`]).
    pub help: [crate::learn::Help; 2],
    /// Each household player's help, by name: it follows them to whichever seat they
    /// take (the parent who takes the child's seat does not get the child's tutor).
    pub help_of: std::collections::BTreeMap<String, crate::learn::Help>,
    /// The help a guest gets at each seat.
    pub guest_help: [crate::learn::Help; 2],
    /// How many times the tutor takes a move back at one position before it stands.
    pub tutor_tries: u8,
    /// The player chosen as "me" (empty: nobody): their own look (language, board,
    /// pieces, sound) is the table's, and a change of it is kept as theirs.
    pub me: String,
    /// Face to face (对坐): two players across the screen laid flat, the far side's
    /// pieces, card and questions turned for the player sitting there.
    pub face_to_face: bool,
    /// A replay's pace (演播): milliseconds a move, 500–10,000.
    pub replay_ms: u32,
    /// A replay pauses at each comment.
    pub replay_comments: bool,
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
            help_of: std::collections::BTreeMap::new(),
            guest_help: Default::default(),
            tutor_tries: 2,
            me: String::new(),
            face_to_face: false,
            replay_ms: 2000,
            replay_comments: true,
        }
    }
}

impl Settings {
    /// A replay's pace: the time between its moves (0.5–10 s).
    #[must_use]
    pub fn replay_pace(&self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::from(self.replay_ms.clamp(500, 10_000)))
    }

    /// Seats `name` (a household player's, or empty: a guest) at `seat`. One person
    /// sits on one side: seated where the other one sits, the two change sides. The
    /// help of each seat follows who sits there.
    pub fn seat(&mut self, seat: usize, name: &str) {
        let seat = seat.min(1);
        let other = 1 - seat;
        if self.seats[seat] == name {
            return;
        }
        if !name.is_empty() && self.seats[other] == name {
            self.seats.swap(0, 1);
        } else {
            name.clone_into(&mut self.seats[seat]);
        }
        self.settle_help();
    }

    /// The seats the other way round; each person keeps their help, a guest takes the
    /// help of the seat they come to.
    pub fn swap_seats(&mut self) {
        self.seats.swap(0, 1);
        self.settle_help();
    }

    /// The help at `seat` chosen: kept as the seated player's own, or the seat's for a
    /// guest.
    pub fn set_help(&mut self, seat: usize, help: crate::learn::Help) {
        let seat = seat.min(1);
        self.help[seat] = help;
        if self.seats[seat].is_empty() {
            self.guest_help[seat] = help;
        } else {
            self.help_of.insert(self.seats[seat].clone(), help);
        }
    }

    /// Each seat's help from who sits there (a player never given help has none).
    pub fn settle_help(&mut self) {
        for seat in 0..2 {
            self.help[seat] = match self.seats[seat].as_str() {
                "" => self.guest_help[seat],
                name => self.help_of.get(name).copied().unwrap_or_default(),
            };
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
    fn help_follows_the_person_and_a_guest_gets_the_seats() {
        use crate::learn::Help;
        let mut s = Settings::default();
        // The child at red with the tutor, the parent at black with none.
        s.seat(0, "美美");
        s.set_help(0, Help::Tutor);
        s.seat(1, "爸爸");
        assert_eq!(s.help, [Help::Tutor, Help::None]);
        // 爸爸 takes the red seat: the two change sides, each with their own help.
        s.seat(0, "爸爸");
        assert_eq!(s.seats, ["爸爸".to_owned(), "美美".to_owned()]);
        assert_eq!(s.help, [Help::None, Help::Tutor]);
        // A guest at black gets the black seat's guest help, not 美美's.
        s.set_help(0, Help::Warnings);
        s.seat(1, "");
        assert_eq!(s.help, [Help::Warnings, Help::None]);
        s.set_help(1, Help::TutorBlunders);
        s.swap_seats();
        assert_eq!(s.seats, [String::new(), "爸爸".to_owned()]);
        assert_eq!(
            s.help,
            [Help::None, Help::Warnings],
            "the guest takes red's"
        );
        s.seat(0, "美美");
        assert_eq!(s.help, [Help::Tutor, Help::Warnings]);
    }

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
