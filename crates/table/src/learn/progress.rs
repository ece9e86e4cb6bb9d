//! Each player's best stars per level, for every game: a small text file in the data
//! folder (`lessons.tsv`), one line a level passed — player, game, level, stars — so a
//! person can read it and a damaged line costs only itself.

use std::collections::BTreeMap;

/// Stars per (player, game, level): the best each player earned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    best: BTreeMap<(String, String, String), u8>,
}

impl Progress {
    /// The progress a file holds. Lines that do not read (a damaged or foreign line) are
    /// skipped, and the rest kept.
    ///
    /// ```
    /// use table::learn::progress::Progress;
    ///
    /// let mut p = Progress::default();
    /// p.record("Mei", "xiangqi", "horse-1", 2);
    /// p.record("Mei", "xiangqi", "horse-1", 1);
    /// let read = Progress::from_text(&p.to_text());
    /// assert_eq!(read.stars("Mei", "xiangqi", "horse-1"), 2);
    /// assert_eq!(read, p);
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Progress {
        let mut progress = Progress::default();
        for line in text.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            if let [player, slug, id, stars] = fields[..]
                && let Ok(stars @ 1..=3) = stars.trim().parse::<u8>()
            {
                progress.record(player, slug, id, stars);
            }
        }
        progress
    }

    /// The file's text: a line a level, sorted.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.best
            .iter()
            .map(|((player, slug, id), stars)| format!("{player}\t{slug}\t{id}\t{stars}\n"))
            .collect()
    }

    /// Keeps `stars` for the level if they are more than before. Says whether they were.
    /// Tabs and line ends in a name become spaces, so the file stays a table.
    pub fn record(&mut self, player: &str, slug: &str, id: &str, stars: u8) -> bool {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let key = (clean(player), clean(slug), clean(id));
        let old = self.best.get(&key).copied().unwrap_or(0);
        if stars > old {
            self.best.insert(key, stars.min(3));
            true
        } else {
            false
        }
    }

    /// The best stars `player` earned at the level (0: not passed).
    #[must_use]
    pub fn stars(&self, player: &str, slug: &str, id: &str) -> u8 {
        self.best
            .get(&(player.to_owned(), slug.to_owned(), id.to_owned()))
            .copied()
            .unwrap_or(0)
    }

    /// The levels `player` passed at the game, and the stars earned in all.
    #[must_use]
    pub fn totals(&self, player: &str, slug: &str) -> (usize, u32) {
        self.of(player, slug)
            .fold((0, 0), |(n, s), (_, stars)| (n + 1, s + u32::from(stars)))
    }

    /// The levels `player` passed at the game, with their stars.
    pub fn of<'a>(&'a self, player: &'a str, slug: &'a str) -> impl Iterator<Item = (&'a str, u8)> {
        self.best
            .iter()
            .filter(move |((p, g, _), _)| p == player && g == slug)
            .map(|((_, _, id), &stars)| (id.as_str(), stars))
    }

    /// Forgets `player`'s progress at the game (the map's Start again).
    ///
    /// ```
    /// use table::learn::progress::Progress;
    ///
    /// let mut p = Progress::default();
    /// p.record("Mei", "go", "liberties-1", 3);
    /// p.record("Dad", "go", "liberties-1", 1);
    /// p.reset("Mei", "go");
    /// assert_eq!(p.totals("Mei", "go"), (0, 0));
    /// assert_eq!(p.totals("Dad", "go"), (1, 1));
    /// ```
    pub fn reset(&mut self, player: &str, slug: &str) {
        self.best.retain(|(p, g, _), _| !(p == player && g == slug));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_lines_cost_only_themselves() {
        let text = "Mei\txiangqi\thorse-1\t3\nbroken line\nMei\txiangqi\thorse-2\t9\n\
                    Mei\tgo\tatari-1\t1\n";
        let p = Progress::from_text(text);
        assert_eq!(p.stars("Mei", "xiangqi", "horse-1"), 3);
        assert_eq!(p.stars("Mei", "xiangqi", "horse-2"), 0);
        assert_eq!(p.totals("Mei", "go"), (1, 1));
    }

    #[test]
    fn a_name_with_a_tab_stays_one_field() {
        let mut p = Progress::default();
        p.record("Mei\tLi", "go", "eyes-1", 2);
        let read = Progress::from_text(&p.to_text());
        assert_eq!(read.stars("Mei Li", "go", "eyes-1"), 2);
    }
}
