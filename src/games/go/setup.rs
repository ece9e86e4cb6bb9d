//! What a new Go game is set up with: the board's size, the rules preset and komi, the
//! handicap, the clock and the side GNU Go plays.

use crate::go::{Color, Game, Rules};

/// What a new game is set up with (the panel's chooser).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoSetup {
    /// The board's size.
    pub size: u8,
    /// Which of [`Rules::PRESETS`].
    pub rules: usize,
    /// Komi in half points (`15`: 7.5).
    pub komi_halves: i16,
    /// Handicap stones (0, or 2 to 9).
    pub handicap: u8,
    /// The clock, if the game has one.
    pub time: Option<crate::rules::Controls>,
    /// The side GNU Go plays, if it plays one.
    pub computer: Option<Color>,
    /// GNU Go's level (`matches::go_levels`); none: GNU Go's level 5, as before levels.
    pub level: Option<u8>,
}

impl Default for GoSetup {
    fn default() -> GoSetup {
        GoSetup::of(19, 0)
    }
}

impl GoSetup {
    /// A `size` board under the preset `rules` (an index of [`Rules::PRESETS`]) with
    /// its komi.
    ///
    /// ```
    /// use xiangqi::games::go::GoSetup;
    /// let setup = GoSetup::of(9, 0);
    /// assert_eq!((setup.size, setup.handicap), (9, 0));
    /// assert_eq!(setup.game().position().board().size(), 9);
    /// ```
    #[must_use]
    pub fn of(size: u8, rules: usize) -> GoSetup {
        let rules = rules.min(Rules::PRESETS.len() - 1);
        let preset = Rules::PRESETS[rules];
        GoSetup {
            size,
            rules,
            komi_halves: (preset.komi * 2.0).round() as i16,
            handicap: 0,
            time: None,
            computer: None,
            level: None,
        }
    }

    /// This setup with its level's handicap: against a level that gives stones the
    /// computer takes white and gives them (one: black and half a point of komi).
    ///
    /// ```
    /// use xiangqi::games::go::GoSetup;
    /// use xiangqi::go::Color;
    /// let setup = GoSetup { computer: Some(Color::Black), level: Some(1), ..GoSetup::of(9, 0) };
    /// let given = setup.with_level();
    /// assert_eq!((given.computer, given.handicap, given.komi_halves), (Some(Color::White), 6, 1));
    /// ```
    #[must_use]
    pub fn with_level(self) -> GoSetup {
        let level = self.level.and_then(crate::matches::go_levels::GoLevel::get);
        match level {
            Some(l) if self.computer.is_some() && l.stones > 0 => GoSetup {
                computer: Some(Color::White),
                handicap: if l.stones >= 2 { l.stones } else { 0 },
                komi_halves: 1,
                ..self
            },
            _ => self,
        }
    }

    /// Whether this setup's handicap and komi are its level's (the computer plays at a
    /// level that gives stones: [`with_level`](Self::with_level) set them).
    #[must_use]
    pub fn has_level_odds(&self) -> bool {
        self.computer.is_some()
            && self
                .level
                .and_then(crate::matches::go_levels::GoLevel::get)
                .is_some_and(|l| l.stones > 0)
    }

    /// The same game even: no handicap, the rules' own komi (what two players get once
    /// the computer that gave stones is gone; issue 91: an even 9×9 game kept 0.5).
    ///
    /// ```
    /// use xiangqi::games::go::GoSetup;
    /// use xiangqi::go::Color;
    /// let given = GoSetup { computer: Some(Color::Black), level: Some(1), ..GoSetup::of(9, 0) }.with_level();
    /// let even = given.even();
    /// assert_eq!((even.handicap, even.komi_halves), (0, GoSetup::of(9, 0).komi_halves));
    /// ```
    #[must_use]
    pub fn even(self) -> GoSetup {
        GoSetup {
            handicap: 0,
            komi_halves: GoSetup::of(self.size, self.rules).komi_halves,
            ..self
        }
    }

    /// This setup with `computer` playing (`None`: two people). The stones and komi a
    /// level gave go with the computer that gave them.
    ///
    /// ```
    /// use xiangqi::games::go::GoSetup;
    /// use xiangqi::go::Color;
    /// let given = GoSetup { computer: Some(Color::Black), level: Some(1), ..GoSetup::of(9, 0) }.with_level();
    /// let two = given.with_computer(None);
    /// assert_eq!((two.computer, two.handicap), (None, 0));
    /// assert_eq!(given.with_computer(Some(Color::White)).handicap, given.handicap);
    /// ```
    #[must_use]
    pub fn with_computer(self, computer: Option<Color>) -> GoSetup {
        let setup = if self.has_level_odds() && computer.is_none() {
            self.even()
        } else {
            self
        };
        GoSetup { computer, ..setup }
    }

    /// What `game` was set up with.
    #[must_use]
    pub fn of_game(game: &Game) -> GoSetup {
        let rules = game.rules();
        GoSetup {
            size: game.start().board().size(),
            rules: Rules::PRESETS
                .iter()
                .position(|r| r.name == rules.name)
                .unwrap_or(0),
            komi_halves: (rules.komi * 2.0).round() as i16,
            handicap: game.handicap(),
            time: None,
            computer: None,
            level: None,
        }
    }

    /// The rules it names, with its komi.
    #[must_use]
    pub fn rules(&self) -> Rules {
        Rules::PRESETS[self.rules.min(Rules::PRESETS.len() - 1)]
            .with_komi(f32::from(self.komi_halves) / 2.0)
    }

    /// The game it starts (a size the rules do not play starts 19×19).
    #[must_use]
    pub fn game(&self) -> Game {
        let rules = self.rules();
        let plain = || Game::new(19, rules).expect("19×19 is played");
        let Ok(empty) = Game::new(self.size, rules) else {
            return plain();
        };
        if self.handicap < 2 {
            return empty;
        }
        match crate::go::handicap::points(self.size, self.handicap) {
            Ok(points) => {
                let mut board = *empty.start().board();
                for p in points {
                    board.set(p, Some(Color::Black));
                }
                let start = crate::go::Position::from_board(board, Color::White);
                Game::from_position(start, rules, self.handicap)
            }
            Err(_) => empty,
        }
    }
}
