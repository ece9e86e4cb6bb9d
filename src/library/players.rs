//! The household's players in the library: a name and the other names its games are
//! recorded under, and what the library's games say of each: wins, draws and losses
//! per game and per opponent, the last games, and a rating per game (Glicko-2,
//! `table::rating`). The games are found by the names in their records, so a family's
//! old files count too; deleting a player deletes none of them.

use std::collections::{BTreeMap, HashMap};

use rusqlite::{OptionalExtension, params};
use table::rating::ladder::Ladder;
use table::rating::{Rating, TAU};

use super::{Library, LibraryError};

/// A player as the library keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its row in the library: what the household's pages and commands name it by (its
    /// name may change; games name it as their records do).
    pub id: i64,
    /// The name shown and written into records.
    pub name: String,
    /// Other names its games are recorded under (a nickname, the name in another script).
    pub aliases: Vec<String>,
    /// The player's own look as kept (`lang=zh theme=wood …`; empty: none yet).
    pub look: String,
    /// Their colour on the cards (`#2e86de`; empty: none).
    pub colour: String,
}

impl Player {
    /// Whether `name` (as a record has it) is this player's.
    #[must_use]
    pub fn is(&self, name: &str) -> bool {
        let name = name.trim();
        !name.is_empty() && (self.name == name || self.aliases.iter().any(|a| a == name))
    }
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Score {
    fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games in all.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// One finished game of a player's.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Its id in the library.
    pub id: i64,
    /// `xiangqi`, `go`.
    pub kind: String,
    /// The other player's name as the record has it.
    pub opponent: String,
    /// 1 a win, ½ a draw, 0 a loss.
    pub points: f64,
    /// Its date, as recorded.
    pub date: String,
}

/// What the library's games say of a player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerRecord {
    /// Per game (`xiangqi`, `go`).
    pub per_game: BTreeMap<String, Score>,
    /// Per game and opponent: head to head.
    pub per_opponent: BTreeMap<(String, String), Score>,
    /// Per game, from every finished game between the names the library holds, in the
    /// order they were played (one game a rating period).
    pub ratings: BTreeMap<String, Rating>,
    /// The last games, newest first (at most 20).
    pub last: Vec<Played>,
    /// Per game, where the games against the computer's levels put the player on its
    /// ladder.
    pub ladders: BTreeMap<String, Ladder>,
    /// The puzzle duels played, newest first, each with the player's index in it.
    pub duels: Vec<(usize, super::DuelKept)>,
}

/// A player's columns, as [`player_of`] reads them.
const PLAYER: &str = "id, name, aliases, look, colour";

/// A player from a row of [`PLAYER`].
fn player_of(r: &rusqlite::Row) -> rusqlite::Result<Player> {
    let aliases: String = r.get(2)?;
    Ok(Player {
        id: r.get(0)?,
        name: r.get(1)?,
        aliases: aliases.lines().map(str::to_owned).collect(),
        look: r.get(3)?,
        colour: r.get(4)?,
    })
}

impl Library {
    /// Adds a player named `name` (trimmed), with `aliases`; `false` if the name is
    /// taken (nothing changes).
    pub fn add_player(&mut self, name: &str, aliases: &[String]) -> Result<bool, LibraryError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(LibraryError::NoName);
        }
        let aliases: Vec<&str> = aliases
            .iter()
            .map(|a| a.trim())
            .filter(|a| !a.is_empty())
            .collect();
        let added = self.conn.execute(
            "INSERT OR IGNORE INTO players (name, aliases) VALUES (?, ?)",
            params![name, aliases.join("\n")],
        )?;
        Ok(added == 1)
    }

    /// Keeps `look` as player `id`'s own; `false` if there is none.
    pub fn set_look(&mut self, id: i64, look: &str) -> Result<bool, LibraryError> {
        self.set_field("UPDATE players SET look = ? WHERE id = ?", id, look)
    }

    /// Keeps `colour` (`#2e86de`, empty: none) as player `id`'s; `false` if there is
    /// none.
    pub fn set_colour(&mut self, id: i64, colour: &str) -> Result<bool, LibraryError> {
        self.set_field("UPDATE players SET colour = ? WHERE id = ?", id, colour)
    }

    /// Runs `update` (a player's field set to a value) for player `id`.
    fn set_field(&mut self, update: &str, id: i64, value: &str) -> Result<bool, LibraryError> {
        let set = self.conn.execute(update, params![value.trim(), id])?;
        Ok(set == 1)
    }

    /// The player of id `id`.
    pub fn player_by_id(&self, id: i64) -> Result<Option<Player>, LibraryError> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {PLAYER} FROM players WHERE id = ?"),
                params![id],
                player_of,
            )
            .optional()?)
    }

    /// Renames player `id` to `new` (trimmed): the old name becomes one of their
    /// aliases, so the games that name them still count as theirs. `false` if there is
    /// no such player, or `new` is another player's name (nothing changes).
    pub fn rename_player(&mut self, id: i64, new: &str) -> Result<bool, LibraryError> {
        let new = new.trim();
        if new.is_empty() {
            return Err(LibraryError::NoName);
        }
        let Some(player) = self.player_by_id(id)? else {
            return Ok(false);
        };
        if new == player.name {
            return Ok(true);
        }
        if self.player(new)?.is_some_and(|p| p.id != id) {
            return Ok(false);
        }
        let mut aliases: Vec<String> = std::iter::once(player.name)
            .chain(player.aliases)
            .filter(|a| a != new)
            .collect();
        aliases.dedup();
        let set = self.conn.execute(
            "UPDATE players SET name = ?, aliases = ? WHERE id = ?",
            params![new, aliases.join("\n"), id],
        )?;
        Ok(set == 1)
    }

    /// Removes player `id` (its games stay); `false` if there is none.
    pub fn remove_player(&mut self, id: i64) -> Result<bool, LibraryError> {
        let removed = self
            .conn
            .execute("DELETE FROM players WHERE id = ?", params![id])?;
        Ok(removed == 1)
    }

    /// Every player, by name.
    pub fn players(&self) -> Result<Vec<Player>, LibraryError> {
        let mut query = self
            .conn
            .prepare(&format!("SELECT {PLAYER} FROM players ORDER BY name"))?;
        let rows = query.query_map([], player_of)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The player named `name` (or with it among its aliases).
    pub fn player(&self, name: &str) -> Result<Option<Player>, LibraryError> {
        let name = name.trim();
        let named = self
            .conn
            .query_row(
                &format!("SELECT {PLAYER} FROM players WHERE name = ?"),
                params![name],
                player_of,
            )
            .optional()?;
        match named {
            Some(p) => Ok(Some(p)),
            None => Ok(self.players()?.into_iter().find(|p| p.is(name))),
        }
    }

    /// What the library's games say of `player`.
    pub fn player_record(&self, player: &Player) -> Result<PlayerRecord, LibraryError> {
        let mut record = PlayerRecord::default();
        // Every finished game, oldest first: the ratings follow the games in order.
        let mut query = self.conn.prepare(
            "SELECT id, kind, first, second, result, date, key, first_level, second_level
             FROM games WHERE result NOT IN ('*', '') ORDER BY date, id",
        )?;
        let games = query.query_map([], |r| {
            let (kind, key) = (r.get::<_, String>(1)?, r.get::<_, String>(6)?);
            let even = self.format(&kind).is_some_and(|f| (f.even)(&key));
            let levels = [r.get::<_, Option<u8>>(7)?, r.get::<_, Option<u8>>(8)?];
            Ok((
                (r.get::<_, i64>(0)?, kind),
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                (r.get::<_, String>(4)?, r.get::<_, String>(5)?),
                even,
                levels,
            ))
        })?;
        // Each name's rating per game; a player's aliases are one name.
        let own = |name: &str| {
            if player.is(name) {
                player.name.clone()
            } else {
                name.trim().to_owned()
            }
        };
        let mut ratings: HashMap<(String, String), Rating> = HashMap::new();
        for game in games {
            let ((id, kind), first, second, (result, date), even, levels) = game?;
            // A game the library has no format for is not counted.
            let Some(format) = self.format(&kind) else {
                continue;
            };
            let Some(points) = (format.first_points)(&result) else {
                continue;
            };
            let (first, second) = (own(&first), own(&second));
            if first.is_empty() || second.is_empty() || first == second {
                continue;
            }
            // A handicap game counts in the record, not in the rating: it says nothing of
            // who is stronger at even terms.
            if even {
                let a = *ratings.entry((kind.clone(), first.clone())).or_default();
                let b = *ratings.entry((kind.clone(), second.clone())).or_default();
                ratings.insert((kind.clone(), first.clone()), a.after(&[(b, points)], TAU));
                ratings.insert(
                    (kind.clone(), second.clone()),
                    b.after(&[(a, 1.0 - points)], TAU),
                );
            }
            let (mine, opponent, level) = if first == player.name {
                (points, second, levels[1])
            } else if second == player.name {
                (1.0 - points, first, levels[0])
            } else {
                continue;
            };
            // The computer across the board, at a level: a rung of the player's ladder.
            if let Some(level) = level {
                let ladder = record.ladders.entry(kind.clone()).or_default();
                let levels = u8::try_from(format.levels).unwrap_or(u8::MAX);
                *ladder = ladder.after(level, mine, levels);
            }
            record.per_game.entry(kind.clone()).or_default().add(mine);
            record
                .per_opponent
                .entry((kind.clone(), opponent.clone()))
                .or_default()
                .add(mine);
            record.last.push(Played {
                id,
                kind,
                opponent,
                points: mine,
                date,
            });
        }
        for kind in record.per_game.keys() {
            if let Some(r) = ratings.get(&(kind.clone(), player.name.clone())) {
                record.ratings.insert(kind.clone(), *r);
            }
        }
        record.last.reverse();
        record.last.truncate(20);
        record.duels = self.duels_of(player)?;
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xiangqi::kept::Keeping;
    use crate::rules::record::GameRecord;
    use crate::rules::{Game, Move};

    /// A game between `red` and `black` of a few moves (each game's own, so the
    /// library keeps them apart).
    fn game(n: usize, red: &str, black: &str, result: &str) -> GameRecord {
        let openings = [
            "h2e2", "b2e2", "h0g2", "c3c4", "g3g4", "b0c2", "h2d2", "b2d2",
        ];
        let replies = ["h9g7", "b9c7", "c6c5", "g6g5", "h7e7", "b7e7"];
        let mut g = Game::new();
        for m in [
            openings[n % openings.len()],
            replies[n / openings.len() % replies.len()],
        ] {
            g.play(m.parse::<Move>().unwrap()).unwrap();
        }
        GameRecord {
            tags: vec![
                ("Red".into(), red.into()),
                ("Black".into(), black.into()),
                ("Result".into(), result.into()),
                ("Date".into(), format!("2026.11.{:02}", n % 28 + 1)),
            ],
            ..GameRecord::new(g)
        }
    }

    /// A game played here whose end is undone leaves the library; the same game
    /// opened from a file stays.
    #[test]
    fn a_played_game_taken_back_leaves_the_records_and_an_imported_one_stays() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("Dad", &[]).unwrap();
        let played = game(1, "Dad", "Mei", "1-0");
        let opened = game(2, "Dad", "Mei", "0-1");
        lib.add(&played, "played").unwrap();
        lib.add(&opened, "family.pgn").unwrap();
        let dad = lib.player("Dad").unwrap().unwrap();
        assert_eq!(
            lib.player_record(&dad).unwrap().per_game["xiangqi"].games(),
            2
        );
        assert!(lib.forget(&Keeping(played.clone())).unwrap());
        assert!(!lib.forget(&Keeping(played.clone())).unwrap(), "once");
        assert!(
            !lib.forget(&Keeping(opened.clone())).unwrap(),
            "not a game played here"
        );
        let record = lib.player_record(&dad).unwrap();
        let score = record.per_game["xiangqi"];
        assert_eq!((score.wins, score.losses), (0, 1));
        assert_eq!(lib.len().unwrap(), 1);
    }

    /// A game of a kind the library has no format for is kept, and not counted as
    /// Xiangqi (it was, before each game said how its results count).
    #[test]
    fn a_game_of_a_kind_without_a_format_is_not_counted() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("Dad", &[]).unwrap();
        lib.add(&game(1, "Dad", "Mei", "1-0"), "played").unwrap();
        lib.add(&game(2, "Dad", "Mei", "1-0"), "played").unwrap();
        lib.conn
            .execute(
                "UPDATE games SET kind = 'gomoku' WHERE id = (SELECT MAX(id) FROM games)",
                [],
            )
            .unwrap();
        let dad = lib.player("Dad").unwrap().unwrap();
        let record = lib.player_record(&dad).unwrap();
        assert_eq!(record.per_game["xiangqi"].games(), 1);
        assert!(
            !record.per_game.contains_key("gomoku"),
            "{:?}",
            record.per_game
        );
        assert_eq!(lib.len().unwrap(), 2, "kept");
    }

    /// A 让子 game counts as a win or a loss, and moves no rating.
    #[test]
    fn a_handicap_game_counts_in_the_record_and_not_in_the_rating() {
        use crate::games::xiangqi::handicap::Handicap;
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("Dad", &[]).unwrap();
        let mut given = Game::from_position(Handicap::Horse.position());
        given.play("b0c2".parse::<Move>().unwrap()).unwrap();
        let record = GameRecord {
            tags: vec![
                ("Red".into(), "Dad".into()),
                ("Black".into(), "Mei".into()),
                ("Result".into(), "0-1".into()),
            ],
            ..GameRecord::new(given)
        };
        lib.add(&record, "played").unwrap();
        let dad = lib.player("Dad").unwrap().unwrap();
        let got = lib.player_record(&dad).unwrap();
        assert_eq!(got.per_game["xiangqi"].losses, 1);
        assert!(!got.ratings.contains_key("xiangqi"), "{:?}", got.ratings);
        lib.add(&game(3, "Dad", "Mei", "1-0"), "played").unwrap();
        let got = lib.player_record(&dad).unwrap();
        assert!(
            got.ratings["xiangqi"].rating > 1500.0,
            "the even game is rated"
        );
    }

    #[test]
    fn a_player_renamed_keeps_their_games_and_a_taken_name_is_refused() {
        let mut lib = Library::in_memory().unwrap();
        assert!(lib.add_player("Mie", &[]).unwrap());
        assert!(lib.add_player("爸爸", &[]).unwrap());
        let id = |lib: &Library, name: &str| lib.player(name).unwrap().unwrap().id;
        let (mei, dad) = (id(&lib, "Mie"), id(&lib, "爸爸"));
        assert_ne!(mei, dad);
        // A typo mended: the old name stays as an alias, the games under it still count.
        assert!(lib.rename_player(mei, " 美美 ").unwrap());
        let p = lib.player("美美").unwrap().unwrap();
        assert_eq!(
            (p.name.as_str(), p.aliases.clone()),
            ("美美", vec!["Mie".to_owned()])
        );
        assert_eq!(lib.player("Mie").unwrap().unwrap().name, "美美");
        assert_eq!(p.id, mei, "the same player under the new name");
        // Another player's name, or nobody to rename: nothing changes.
        assert!(!lib.rename_player(mei, "爸爸").unwrap());
        assert!(!lib.rename_player(dad + mei + 1, "x").unwrap());
        assert!(matches!(
            lib.rename_player(mei, " "),
            Err(LibraryError::NoName)
        ));
        assert!(lib.remove_player(mei).unwrap());
        assert!(!lib.remove_player(mei).unwrap(), "once");
        let names: Vec<String> = lib.players().unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["爸爸"]);
    }

    #[test]
    fn players_are_kept_with_their_aliases_and_a_name_is_taken_once() {
        let mut lib = Library::in_memory().unwrap();
        assert!(lib.add_player(" 爸爸 ", &["Dad".into()]).unwrap());
        assert!(!lib.add_player("爸爸", &[]).unwrap(), "the name is taken");
        assert!(lib.add_player("美美", &[]).unwrap());
        assert!(matches!(
            lib.add_player("  ", &[]),
            Err(LibraryError::NoName)
        ));
        let names: Vec<String> = lib.players().unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["爸爸", "美美"]);
        assert_eq!(lib.player("Dad").unwrap().unwrap().name, "爸爸");
        let mei = lib.player("美美").unwrap().unwrap().id;
        assert!(lib.set_look(mei, "lang=en theme=dark").unwrap());
        assert!(!lib.set_look(mei + 100, "lang=en").unwrap());
        assert_eq!(
            lib.player("美美").unwrap().unwrap().look,
            "lang=en theme=dark"
        );
        assert_eq!(
            lib.player("爸爸").unwrap().unwrap().look,
            "",
            "none kept yet"
        );
        assert!(lib.player("nobody").unwrap().is_none());
    }

    /// Head to head and per game, against a count made over the same games here; a
    /// player's alias counts as the player; deleting the player keeps every game.
    #[test]
    fn the_record_agrees_with_a_count_over_the_games_and_survives_a_deletion() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("爸爸", &["Dad".into()]).unwrap();
        lib.add_player("美美", &[]).unwrap();
        let names = ["爸爸", "Dad", "美美", "奶奶"];
        let results = ["1-0", "0-1", "1/2-1/2", "*"];
        let mut games = Vec::new();
        for n in 0..40 {
            let (red, black) = (names[n % 4], names[(n / 4 + n + 1) % 4]);
            if red == black || (red, black) == ("爸爸", "Dad") || (red, black) == ("Dad", "爸爸")
            {
                continue;
            }
            let result = results[(n * 7) % 4];
            let record = game(n, red, black, result);
            assert!(lib.add(&record, "test").unwrap().1, "game {n} is new");
            games.push((red, black, result));
        }
        let dad = lib.player("爸爸").unwrap().unwrap();
        let got = lib.player_record(&dad).unwrap();
        // The count, made here: Dad is 爸爸.
        let is_dad = |n: &str| n == "爸爸" || n == "Dad";
        let mut want: BTreeMap<String, Score> = BTreeMap::new();
        let mut all = Score::default();
        for (red, black, result) in &games {
            let points = match *result {
                "1-0" => 1.0,
                "0-1" => 0.0,
                "1/2-1/2" => 0.5,
                _ => continue,
            };
            let (mine, other) = if is_dad(red) {
                (points, *black)
            } else if is_dad(black) {
                (1.0 - points, *red)
            } else {
                continue;
            };
            want.entry(other.to_owned()).or_default().add(mine);
            all.add(mine);
        }
        assert!(all.games() > 10, "a real count: {all:?}");
        assert_eq!(got.per_game.get("xiangqi"), Some(&all));
        let head_to_head: BTreeMap<String, Score> = got
            .per_opponent
            .iter()
            .map(|((_, o), s)| (o.clone(), *s))
            .collect();
        assert_eq!(head_to_head, want);
        assert_eq!(got.last.len(), 20.min(all.games() as usize));
        assert!(got.ratings.contains_key("xiangqi"));
        // Gone from the players, its games stay, and so do the names in them.
        let before = lib.len().unwrap();
        assert!(lib.remove_player(dad.id).unwrap());
        assert_eq!(lib.len().unwrap(), before);
        assert!(lib.player("爸爸").unwrap().is_none());
    }

    #[test]
    fn who_wins_every_game_is_rated_above_who_loses_them() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("爸爸", &[]).unwrap();
        lib.add_player("美美", &[]).unwrap();
        for n in 0..6 {
            let (red, black, result) = if n % 2 == 0 {
                ("美美", "爸爸", "1-0")
            } else {
                ("爸爸", "美美", "0-1")
            };
            lib.add(&game(n, red, black, result), "test").unwrap();
        }
        let rating = |name: &str| {
            let p = lib.player(name).unwrap().unwrap();
            lib.player_record(&p).unwrap().ratings["xiangqi"]
        };
        let (mei, dad) = (rating("美美"), rating("爸爸"));
        assert!(
            mei.rating > 1500.0 && dad.rating < 1500.0,
            "{mei:?} {dad:?}"
        );
        assert!(mei.deviation < 350.0);
    }

    /// The ladder follows a player's games against the computer's levels in the order
    /// played: three wins at level 2 move Mei to 3, three losses there back to 2.
    #[test]
    fn a_players_games_against_the_levels_move_their_ladder() {
        let mut lib = Library::in_memory().unwrap();
        lib.add_player("美美", &[]).unwrap();
        let computer = |n: u8| crate::games::xiangqi::kept::COMPUTER.named(n);
        // Mei plays red: 1-0 is her win.
        let results = [(2, "1-0"), (2, "1-0"), (2, "1-0"), (3, "0-1"), (3, "0-1")];
        for (n, &(level, result)) in results.iter().enumerate() {
            lib.add(&game(n, "美美", &computer(level), result), "test")
                .unwrap();
        }
        let ladder = |lib: &Library| {
            let p = lib.player("美美").unwrap().unwrap();
            lib.player_record(&p).unwrap().ladders["xiangqi"]
        };
        assert_eq!(
            ladder(&lib),
            Ladder {
                level: 3,
                wins: 0,
                losses: 2
            }
        );
        lib.add(&game(5, "美美", &computer(3), "0-1"), "test")
            .unwrap();
        assert_eq!(ladder(&lib).level, 2, "three losses in a row");
    }
}
