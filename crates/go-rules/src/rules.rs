//! The rule sets, as KataGo names them: how ko and suicide are judged, how the game is
//! counted, komi and what white gets for a handicap.

use std::fmt;
use std::str::FromStr;

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate retaking of a single-stone ko.
    Simple,
    /// No board position may come again.
    Positional,
    /// No board position may come again with the same side to move.
    Situational,
}

/// How the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board and the empty points they surround.
    Area,
    /// The empty points surrounded and the prisoners; eyes in seki count nothing.
    Territory,
}

/// What white gets for each handicap stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    /// Nothing.
    None,
    /// A point a stone (Chinese counting).
    N,
    /// A point a stone but the first (AGA).
    NMinusOne,
}

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Its name, as KataGo's presets have them (`custom` when changed).
    pub name: &'static str,
    /// The ko rule.
    pub ko: KoRule,
    /// Whether a move may take its own chain of two stones or more off the board (a
    /// single stone never may: under any superko it would repeat the position).
    pub suicide: bool,
    /// Area or territory.
    pub scoring: Scoring,
    /// White's compensation.
    pub komi: f32,
    /// White's points for a handicap.
    pub handicap_bonus: HandicapBonus,
}

impl Rules {
    /// Chinese: area, simple ko, no suicide, komi 7.5, a point a handicap stone.
    pub const CHINESE: Rules = Rules {
        name: "chinese",
        ko: KoRule::Simple,
        suicide: false,
        scoring: Scoring::Area,
        komi: 7.5,
        handicap_bonus: HandicapBonus::N,
    };
    /// Japanese: territory, simple ko, no suicide, komi 6.5.
    pub const JAPANESE: Rules = Rules {
        name: "japanese",
        ko: KoRule::Simple,
        suicide: false,
        scoring: Scoring::Territory,
        komi: 6.5,
        handicap_bonus: HandicapBonus::None,
    };
    /// Korean: as Japanese.
    pub const KOREAN: Rules = Rules {
        name: "korean",
        ..Rules::JAPANESE
    };
    /// AGA: area, situational superko, no suicide, komi 7.5, a point a handicap stone
    /// but the first.
    pub const AGA: Rules = Rules {
        name: "aga",
        ko: KoRule::Situational,
        suicide: false,
        scoring: Scoring::Area,
        komi: 7.5,
        handicap_bonus: HandicapBonus::NMinusOne,
    };
    /// New Zealand: area, situational superko, suicide allowed, komi 7.
    pub const NEW_ZEALAND: Rules = Rules {
        name: "new-zealand",
        ko: KoRule::Situational,
        suicide: true,
        scoring: Scoring::Area,
        komi: 7.0,
        handicap_bonus: HandicapBonus::None,
    };
    /// Tromp-Taylor: area, positional superko, suicide allowed, komi 7.5.
    pub const TROMP_TAYLOR: Rules = Rules {
        name: "tromp-taylor",
        ko: KoRule::Positional,
        suicide: true,
        scoring: Scoring::Area,
        komi: 7.5,
        handicap_bonus: HandicapBonus::None,
    };

    /// Every preset.
    pub const PRESETS: [Rules; 6] = [
        Rules::CHINESE,
        Rules::JAPANESE,
        Rules::KOREAN,
        Rules::AGA,
        Rules::NEW_ZEALAND,
        Rules::TROMP_TAYLOR,
    ];

    /// These rules with another komi.
    #[must_use]
    pub fn with_komi(mut self, komi: f32) -> Rules {
        self.komi = komi;
        self
    }

    /// What white gets for `handicap` stones.
    #[must_use]
    pub fn handicap_points(&self, handicap: u8) -> f32 {
        let n = f32::from(handicap);
        match (self.handicap_bonus, handicap) {
            (_, 0 | 1) | (HandicapBonus::None, _) => 0.0,
            (HandicapBonus::N, _) => n,
            (HandicapBonus::NMinusOne, _) => n - 1.0,
        }
    }
}

/// A name that is no preset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a rule set: chinese, japanese, korean, aga, new-zealand or tromp-taylor")]
pub struct ParseRulesError(pub String);

impl FromStr for Rules {
    type Err = ParseRulesError;
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let name = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Rules::PRESETS
            .into_iter()
            .find(|r| r.name == name || (name == "nz" && r.name == "new-zealand"))
            .ok_or_else(|| ParseRulesError(s.to_owned()))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}
