//! What the library asks of Xiangqi games: the computer's levels, the first player's
//! points by a PGN result, and whether a game began from the usual start.

use crate::rules::record::GameRecord;

/// The `kind` column's name for Xiangqi games.
pub const XIANGQI: &str = "xiangqi";

pub(super) const FORMAT: super::Format = super::Format {
    kind: XIANGQI,
    levels: crate::engine::levels::LEVELS.len(),
    first_points: |result| match result.trim() {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    },
    // From the usual start: a 让子 game starts without the pieces given.
    even: |key| key.lines().next() == Some(crate::rules::Position::new().to_fen().as_str()),
    fetch: |library, id| {
        Ok(library
            .game(id)?
            .map(|r| super::Fetched(std::sync::Arc::new(r))))
    },
};

impl super::Keep for GameRecord {
    fn add(
        &self,
        library: &mut super::Library,
        source: &str,
    ) -> Result<Option<bool>, super::LibraryError> {
        library.add(self, source).map(|(_, new)| Some(new))
    }

    fn forget(&self, library: &mut super::Library) -> Result<bool, super::LibraryError> {
        library.forget_played(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::library::format;

    #[test]
    fn each_game_says_how_its_results_and_terms_count_and_a_third_is_not_taken_for_xiangqi() {
        let xq = format("xiangqi").unwrap();
        assert_eq!((xq.first_points)("1-0"), Some(1.0));
        assert_eq!((xq.first_points)("B+R"), None);
        let start = crate::rules::Position::new().to_fen();
        assert!((xq.even)(&format!("{start}\nh2e2")));
        assert!(!(xq.even)("4k4/9/9/9/9/9/9/9/9/4K4 w\n"));
        let go = format("go").unwrap();
        assert_eq!((go.first_points)("W+3.5"), Some(0.0));
        assert_eq!((go.first_points)("1-0"), None);
        assert!((go.even)("go\n(;SZ[9];B[ee])"));
        assert!(!(go.even)("go\n(;SZ[9]HA[2]AB[cc][gg])"));
        assert_eq!(xq.levels, crate::engine::levels::LEVELS.len());
        assert_eq!(go.levels, crate::matches::go_levels::GO_LEVELS.len());
        // A game the library keeps but has no format for is not counted as Xiangqi.
        assert!(format("gomoku").is_none());
    }
}
