//! Each player's own mistakes, kept to be practised: after a review, every move of a
//! player's the review marks `?` or `??` becomes a position to find a better move in,
//! queued per player and per game across games, and spaced as flash cards are (Leitner's
//! boxes): found, it comes back later and later; missed, it comes back at once. A small
//! text file in the data folder (`mistakes.tsv`), a line a position, so a person can
//! read it and a damaged line costs only itself. The games say what a position and a
//! move are (a FEN and ICCS for Xiangqi); the queue only keeps them.

use std::collections::BTreeMap;

/// Days until a position found in each box comes back: a box a find.
pub const INTERVALS: [i64; 5] = [1, 3, 7, 14, 30];

/// One position to practise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The move played there (the mistake).
    pub played: String,
    /// The engine's better move.
    pub best: String,
    /// `?` or `??`.
    pub mark: String,
    /// Where it comes from (the game's players and date).
    pub source: String,
    /// The day it is due, in days since 1970-01-01.
    pub due: i64,
    /// Its box: 0 (new or missed) to the last of [`INTERVALS`].
    pub step: u8,
    /// Times found.
    pub found: u32,
}

/// Today, in days since 1970-01-01 (UTC): the queue's calendar.
#[must_use]
pub fn today() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| (d.as_secs() / 86_400) as i64)
}

/// Every player's mistakes, by (player, game, position).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Queue {
    entries: BTreeMap<(String, String, String), Mistake>,
}

/// A name or a field with its tabs and line ends made spaces, so the file stays a table.
fn clean(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

impl Queue {
    /// The queue a file holds; lines that do not read are skipped.
    ///
    /// ```
    /// use table::learn::mistakes::{Mistake, Queue};
    ///
    /// let mut q = Queue::default();
    /// let m = Mistake { played: "a0a6".into(), best: "a0a1".into(), mark: "?".into(),
    ///     source: "Dad–Mei 2026-11-27".into(), due: 0, step: 0, found: 0 };
    /// assert!(q.add("Mei", "xiangqi", "3k5/9/2n6/9/9/9/9/9/9/R3K4 w", m, 20000));
    /// assert_eq!(q.due("Mei", "xiangqi", 20000).len(), 1);
    /// // Found: not due again until tomorrow.
    /// q.answer("Mei", "xiangqi", "3k5/9/2n6/9/9/9/9/9/9/R3K4 w", true, 20000);
    /// assert!(q.due("Mei", "xiangqi", 20000).is_empty());
    /// assert_eq!(q.due("Mei", "xiangqi", 20001).len(), 1);
    /// assert_eq!(Queue::from_text(&q.to_text()), q);
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Queue {
        let mut q = Queue::default();
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let [
                player,
                game,
                position,
                played,
                best,
                mark,
                source,
                due,
                step,
                found,
            ] = f[..]
            else {
                continue;
            };
            let (Ok(due), Ok(step), Ok(found)) = (
                due.trim().parse::<i64>(),
                step.trim().parse::<u8>(),
                found.trim().parse::<u32>(),
            ) else {
                continue;
            };
            if position.trim().is_empty() || usize::from(step) >= INTERVALS.len() {
                continue;
            }
            q.entries.insert(
                (player.to_owned(), game.to_owned(), position.to_owned()),
                Mistake {
                    played: played.to_owned(),
                    best: best.to_owned(),
                    mark: mark.to_owned(),
                    source: source.to_owned(),
                    due,
                    step,
                    found,
                },
            );
        }
        q
    }

    /// The file's text: a line a position, sorted.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|((player, game, position), m)| {
                format!(
                    "{player}\t{game}\t{position}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                    m.played, m.best, m.mark, m.source, m.due, m.step, m.found
                )
            })
            .collect()
    }

    /// Queues `mistake` for `player` at `game`, due `today`. A position already queued
    /// keeps its own schedule. Whether it is new.
    pub fn add(
        &mut self,
        player: &str,
        game: &str,
        position: &str,
        mistake: Mistake,
        today: i64,
    ) -> bool {
        let key = (clean(player), clean(game), clean(position));
        if self.entries.contains_key(&key) {
            return false;
        }
        let mistake = Mistake {
            played: clean(&mistake.played),
            best: clean(&mistake.best),
            mark: clean(&mistake.mark),
            source: clean(&mistake.source),
            due: today,
            step: 0,
            found: 0,
        };
        self.entries.insert(key, mistake);
        true
    }

    /// The positions of `player` at `game` due by `today`, the longest waiting first.
    #[must_use]
    pub fn due(&self, player: &str, game: &str, today: i64) -> Vec<(&str, &Mistake)> {
        let mut due: Vec<(&str, &Mistake)> = self
            .entries
            .iter()
            .filter(|((p, g, _), m)| p == player && g == game && m.due <= today)
            .map(|((_, _, position), m)| (position.as_str(), m))
            .collect();
        due.sort_by_key(|(_, m)| (m.due, m.step));
        due
    }

    /// A try at a position: found, it goes up a box and comes back that many days
    /// later; missed, it goes back to the first box and is due at once.
    pub fn answer(&mut self, player: &str, game: &str, position: &str, found: bool, today: i64) {
        let key = (player.to_owned(), game.to_owned(), position.to_owned());
        let Some(m) = self.entries.get_mut(&key) else {
            return;
        };
        if found {
            m.found += 1;
            m.due = today + INTERVALS[usize::from(m.step)];
            m.step = (m.step + 1).min(INTERVALS.len() as u8 - 1);
        } else {
            m.step = 0;
            m.due = today;
        }
    }

    /// `player`'s positions at `game`: how many, how many due by `today`, how many
    /// found at least once.
    #[must_use]
    pub fn counts(&self, player: &str, game: &str, today: i64) -> (usize, usize, usize) {
        let mine: Vec<&Mistake> = self
            .entries
            .iter()
            .filter(|((p, g, _), _)| p == player && g == game)
            .map(|(_, m)| m)
            .collect();
        (
            mine.len(),
            mine.iter().filter(|m| m.due <= today).count(),
            mine.iter().filter(|m| m.found > 0).count(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mistake() -> Mistake {
        Mistake {
            played: "e2e6".into(),
            best: "h0g2".into(),
            mark: "?".into(),
            source: "a\tgame".into(),
            due: 0,
            step: 0,
            found: 0,
        }
    }

    #[test]
    fn found_ones_come_back_later_and_later_missed_ones_at_once() {
        let mut q = Queue::default();
        q.add("Mei", "xiangqi", "P", mistake(), 100);
        let mut day = 100;
        for wait in INTERVALS {
            assert_eq!(q.due("Mei", "xiangqi", day).len(), 1, "day {day}");
            q.answer("Mei", "xiangqi", "P", true, day);
            assert!(q.due("Mei", "xiangqi", day + wait - 1).is_empty());
            day += wait;
        }
        // Missed: back at once, in the first box.
        q.answer("Mei", "xiangqi", "P", false, day);
        assert_eq!(q.due("Mei", "xiangqi", day)[0].1.step, 0);
        assert_eq!(q.counts("Mei", "xiangqi", day), (1, 1, 1));
        assert_eq!(q.counts("Dad", "xiangqi", day), (0, 0, 0));
    }

    #[test]
    fn a_position_queued_again_keeps_its_schedule_and_damaged_lines_cost_themselves() {
        let mut q = Queue::default();
        assert!(q.add("Mei", "go", "P", mistake(), 1));
        q.answer("Mei", "go", "P", true, 1);
        assert!(!q.add("Mei", "go", "P", mistake(), 5));
        assert_eq!(q.due("Mei", "go", 1).len(), 0);
        let text = q.to_text();
        assert!(text.contains("a game"), "tabs become spaces: {text}");
        let damaged = format!("{text}junk\nMei\tgo\tQ\tx\ty\t?\ts\tnot-a-day\t0\t0\n");
        assert_eq!(Queue::from_text(&damaged), q);
    }
}
