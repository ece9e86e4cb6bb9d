//! Puzzle duels kept in the library: one row a duel, found by either player's name (or
//! an alias of theirs), for both players' pages.

use rusqlite::params;

use super::{Library, LibraryError, Player};

/// The most duels a page lists.
pub const LISTED: usize = 10;

/// One duel as the library keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DuelKept {
    /// The game whose puzzles (`xiangqi`).
    pub kind: String,
    /// The day it was played (`2026-11-29`).
    pub date: String,
    /// The players, the first to solve first.
    pub players: [String; 2],
    /// How many puzzles each met.
    pub puzzles: u32,
    /// How many each solved.
    pub solved: [u32; 2],
    /// Each one's time used, in milliseconds.
    pub used_ms: [u64; 2],
}

impl DuelKept {
    /// Who won, by the duel's own rule ([`table::together::duel::ranked`]); `None`: even.
    #[must_use]
    pub fn winner(&self) -> Option<usize> {
        let score = |i: usize| table::together::duel::Score {
            solved: self.solved[i] as usize,
            used: std::time::Duration::from_millis(self.used_ms[i]),
        };
        table::together::duel::ranked([score(0), score(1)])
    }
}

impl Library {
    /// Keeps a duel.
    pub fn add_duel(&mut self, duel: &DuelKept) -> Result<(), LibraryError> {
        let ms = |i: usize| i64::try_from(duel.used_ms[i]).unwrap_or(i64::MAX);
        self.conn.execute(
            "INSERT INTO duels (kind, date, first, second, puzzles, first_solved,
                 second_solved, first_ms, second_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            params![
                duel.kind,
                duel.date,
                duel.players[0].trim(),
                duel.players[1].trim(),
                duel.puzzles,
                duel.solved[0],
                duel.solved[1],
                ms(0),
                ms(1)
            ],
        )?;
        Ok(())
    }

    /// The duels `player` played (under any of their names), newest first, at most
    /// [`LISTED`]; each with the player's index among its two.
    pub fn duels_of(&self, player: &Player) -> Result<Vec<(usize, DuelKept)>, LibraryError> {
        let mut query = self.conn.prepare(
            "SELECT kind, date, first, second, puzzles, first_solved, second_solved,
                 first_ms, second_ms FROM duels ORDER BY id DESC",
        )?;
        let rows = query.query_map([], |r| {
            let ms = |i| r.get::<_, i64>(i).map(|v| u64::try_from(v).unwrap_or(0));
            Ok(DuelKept {
                kind: r.get(0)?,
                date: r.get(1)?,
                players: [r.get(2)?, r.get(3)?],
                puzzles: r.get(4)?,
                solved: [r.get(5)?, r.get(6)?],
                used_ms: [ms(7)?, ms(8)?],
            })
        })?;
        let mut out = Vec::new();
        for duel in rows {
            let duel = duel?;
            if let Some(me) = duel.players.iter().position(|n| player.is(n)) {
                out.push((me, duel));
                if out.len() == LISTED {
                    break;
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel(first: &str, second: &str, solved: [u32; 2], used_ms: [u64; 2]) -> DuelKept {
        DuelKept {
            kind: "xiangqi".into(),
            date: "2026-11-29".into(),
            players: [first.into(), second.into()],
            puzzles: 5,
            solved,
            used_ms,
        }
    }

    #[test]
    fn a_duel_is_on_both_players_pages_and_an_alias_finds_it() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("Mei", &["小美".to_owned()]).unwrap();
        lib.add_player("Dad", &[]).unwrap();
        lib.add_duel(&duel("小美", "Dad", [4, 3], [90_000, 80_000]))
            .unwrap();
        lib.add_duel(&duel("Dad", "Grandpa", [2, 2], [60_040, 60_090]))
            .unwrap();
        let mei = lib.player("Mei").unwrap().unwrap();
        let dad = lib.player("Dad").unwrap().unwrap();
        let mine = lib.duels_of(&mei).unwrap();
        assert_eq!(mine.len(), 1, "under her alias");
        assert_eq!(mine[0].0, 0);
        assert_eq!(mine[0].1.winner(), Some(0), "four solved beat three");
        let his = lib.duels_of(&dad).unwrap();
        assert_eq!(his.len(), 2);
        assert_eq!(his[0].1.players[1], "Grandpa", "newest first");
        assert_eq!(
            his[0].1.winner(),
            None,
            "as many solved, the same tenth: even"
        );
        assert_eq!(his[1].0, 1, "Dad was the second to solve against Mei");
        let record = lib.player_record(&dad).unwrap();
        assert_eq!(record.duels.len(), 2, "the page's record has them");
    }
}
