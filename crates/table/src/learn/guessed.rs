//! The games each player guessed the moves of, with their percentages: a small text file
//! in the data folder (`guesses.tsv`: player, game, the game's name, percent), a line a
//! game, so a person can read it and a damaged line costs only itself.

/// Every game guessed to its end, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guessed(pub Vec<(String, String, String, u32)>);

impl Guessed {
    /// The games a file holds; lines that do not read are skipped.
    ///
    /// ```
    /// use table::learn::guessed::Guessed;
    ///
    /// let mut g = Guessed::default();
    /// g.keep("Mei", "xiangqi", "a game", 64);
    /// g.keep("Mei", "xiangqi", "another", 80);
    /// assert_eq!(g.average("Mei", "xiangqi"), Some((2, 72)));
    /// assert_eq!(Guessed::from_text(&g.to_text()), g);
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Guessed {
        Guessed(
            text.lines()
                .filter_map(|line| {
                    let f: Vec<&str> = line.split('\t').collect();
                    let [player, game, source, percent] = f[..] else {
                        return None;
                    };
                    let percent = percent.trim().parse::<u32>().ok().filter(|p| *p <= 100)?;
                    Some((
                        player.to_owned(),
                        game.to_owned(),
                        source.to_owned(),
                        percent,
                    ))
                })
                .collect(),
        )
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.0
            .iter()
            .map(|(p, g, s, pc)| format!("{p}\t{g}\t{s}\t{pc}\n"))
            .collect()
    }

    /// Keeps a game guessed; tabs and line ends in its fields become spaces.
    pub fn keep(&mut self, player: &str, game: &str, source: &str, percent: u32) {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        self.0
            .push((clean(player), clean(game), clean(source), percent.min(100)));
    }

    /// `player`'s games guessed at `game`, and their average percentage.
    #[must_use]
    pub fn average(&self, player: &str, game: &str) -> Option<(usize, u32)> {
        let mine: Vec<u32> = self
            .0
            .iter()
            .filter(|(p, g, _, _)| p == player && g == game)
            .map(|(_, _, _, pc)| *pc)
            .collect();
        (!mine.is_empty()).then(|| (mine.len(), mine.iter().sum::<u32>() / mine.len() as u32))
    }
}
