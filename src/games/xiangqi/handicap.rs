//! 让子: a stronger player gives a weaker one pieces, or the first move. The pieces
//! given are those XQWizard's (象棋巫师) new-game choices take off, and its 让九子 is the
//! start of 许银川让九子对聂卫平 (1999): the two advisors, the two elephants and the five
//! soldiers. The one chariot and the chariot-and-horse presets take pieces off the same
//! wing as the one horse, so the side giving them keeps one whole wing. The side giving
//! pieces is red and moves first (先走让子, as XQWizard and the books play it); 让先 gives
//! the first move, so the stronger player takes black.
//!
//! ```
//! use xiangqi::games::xiangqi::handicap::Handicap;
//! use xiangqi::rules::{Color, Piece, Role};
//!
//! let nine = Handicap::Nine.position();
//! assert_eq!(nine.board().count(Piece::new(Color::Red, Role::Soldier)), 0);
//! assert_eq!(nine.board().count(Piece::new(Color::Red, Role::Horse)), 2);
//! assert_eq!(Handicap::Horse.giver(), Some(Color::Red));
//! assert_eq!(Handicap::Move.giver(), Some(Color::Black));
//! ```

use crate::i18n::Lang;
use crate::rules::{Color, Position};

/// What the stronger player gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// 不让子: an even game.
    #[default]
    None,
    /// 让先: the first move (the stronger player takes black).
    Move,
    /// 让单马: a horse.
    Horse,
    /// 让双马: both horses.
    TwoHorses,
    /// 让单车: a chariot.
    Chariot,
    /// 让车马: a chariot and the horse beside it.
    ChariotHorse,
    /// 让九子: the advisors, the elephants and the soldiers.
    Nine,
}

impl Handicap {
    /// Every handicap, smallest first.
    pub const ALL: [Handicap; 7] = [
        Handicap::None,
        Handicap::Move,
        Handicap::Horse,
        Handicap::TwoHorses,
        Handicap::Chariot,
        Handicap::ChariotHorse,
        Handicap::Nine,
    ];

    /// The start position.
    const fn fen(self) -> &'static str {
        match self {
            Handicap::None | Handicap::Move => {
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
            }
            Handicap::Horse => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w",
            Handicap::TwoHorses => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w",
            Handicap::Chariot => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w",
            Handicap::ChariotHorse => {
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB2 w"
            }
            Handicap::Nine => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w",
        }
    }

    /// The position the game starts from.
    #[must_use]
    pub fn position(self) -> Position {
        // Each is a legal position (the tests read every one).
        Position::from_fen(self.fen()).unwrap_or_default()
    }

    /// The side the stronger player takes (`None`: an even game).
    #[must_use]
    pub const fn giver(self) -> Option<Color> {
        match self {
            Handicap::None => None,
            Handicap::Move => Some(Color::Black),
            _ => Some(Color::Red),
        }
    }

    /// Its name in the log and on the command line (`horse`, `nine`).
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Handicap::None => "none",
            Handicap::Move => "move",
            Handicap::Horse => "horse",
            Handicap::TwoHorses => "two-horses",
            Handicap::Chariot => "chariot",
            Handicap::ChariotHorse => "chariot-horse",
            Handicap::Nine => "nine",
        }
    }

    /// Its name as players say it (让单马, "a horse").
    #[must_use]
    pub const fn name(self, lang: Lang) -> &'static str {
        let [zh, en, hant, vi] = match self {
            Handicap::None => ["不让子", "even game", "不讓子", "không chấp"],
            Handicap::Move => ["让先", "the first move", "讓先", "chấp tiên"],
            Handicap::Horse => ["让单马", "a horse", "讓單馬", "chấp một Mã"],
            Handicap::TwoHorses => ["让双马", "both horses", "讓雙馬", "chấp hai Mã"],
            Handicap::Chariot => ["让单车", "a chariot", "讓單車", "chấp một Xe"],
            Handicap::ChariotHorse => {
                ["让车马", "a chariot and a horse", "讓車馬", "chấp Xe và Mã"]
            }
            Handicap::Nine => ["让九子", "nine pieces", "讓九子", "chấp chín quân"],
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
            Lang::Hant => hant,
            Lang::Vi => vi,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Piece, Role};

    /// A side's pieces of `role`.
    fn count(pos: &Position, side: Color, role: Role) -> usize {
        pos.board().count(Piece::new(side, role))
    }

    #[test]
    fn each_handicap_takes_off_exactly_its_pieces_and_leaves_black_whole() {
        use Role::*;
        let even = Position::new();
        for h in Handicap::ALL {
            let pos = h.position();
            assert_eq!(pos.turn(), Color::Red, "{h:?}: red moves first");
            assert!(!pos.legal_moves().is_empty(), "{h:?}");
            for role in [General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier] {
                assert_eq!(
                    count(&pos, Color::Black, role),
                    count(&even, Color::Black, role),
                    "{h:?}: black keeps its {role:?}s"
                );
            }
            let missing = |role| count(&even, Color::Red, role) - count(&pos, Color::Red, role);
            let want: &[(Role, usize)] = match h {
                Handicap::None | Handicap::Move => &[],
                Handicap::Horse => &[(Horse, 1)],
                Handicap::TwoHorses => &[(Horse, 2)],
                Handicap::Chariot => &[(Chariot, 1)],
                Handicap::ChariotHorse => &[(Chariot, 1), (Horse, 1)],
                Handicap::Nine => &[(Advisor, 2), (Elephant, 2), (Soldier, 5)],
            };
            for role in [General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier] {
                let n = want.iter().find(|(r, _)| *r == role).map_or(0, |(_, n)| *n);
                assert_eq!(missing(role), n, "{h:?}: red gives {n} {role:?}");
            }
        }
    }
}
