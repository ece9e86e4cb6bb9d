//! A player's ladder against the computer: the level they play at moves up after three
//! wins in a row and down after three losses in a row. It is never kept: it follows
//! from the player's games against the computer's levels, replayed in order.

/// Wins in a row that move a player up a level.
pub const UP: u8 = 3;
/// Losses in a row that move a player down a level.
pub const DOWN: u8 = 3;

/// Where a player stands on the ladder of one game.
///
/// ```
/// use table::rating::ladder::Ladder;
/// // Three wins at level 1, then two losses at level 2.
/// let mut l = Ladder::default();
/// for points in [1.0, 1.0, 1.0, 0.0, 0.0] {
///     l = l.after(l.level, points, 17);
/// }
/// assert_eq!((l.level, l.wins, l.losses), (2, 0, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ladder {
    /// The level to play at next (1 the easiest).
    pub level: u8,
    /// Wins in a row at it.
    pub wins: u8,
    /// Losses in a row at it.
    pub losses: u8,
}

impl Default for Ladder {
    fn default() -> Ladder {
        Ladder {
            level: 1,
            wins: 0,
            losses: 0,
        }
    }
}

impl Ladder {
    /// After a game against the computer at `level` that scored `points` (1 a win, ½
    /// a draw, 0 a loss), with `most` levels in all. A game at another level than the
    /// ladder's moves the ladder there (the player chose it), its run begun afresh; a
    /// draw ends a run.
    #[must_use]
    pub fn after(self, level: u8, points: f64, most: u8) -> Ladder {
        let level = level.clamp(1, most.max(1));
        let mut l = if level == self.level {
            self
        } else {
            Ladder {
                level,
                wins: 0,
                losses: 0,
            }
        };
        if points >= 1.0 {
            l.wins += 1;
            l.losses = 0;
            if l.wins >= UP {
                l = Ladder {
                    level: (l.level + 1).min(most.max(1)),
                    ..Ladder::default()
                };
            }
        } else if points <= 0.0 {
            l.losses += 1;
            l.wins = 0;
            if l.losses >= DOWN {
                l = Ladder {
                    level: l.level.saturating_sub(1).max(1),
                    ..Ladder::default()
                };
            }
        } else {
            l.wins = 0;
            l.losses = 0;
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_wins_move_up_three_losses_down_and_a_draw_ends_a_run() {
        let mut l = Ladder::default();
        for p in [1.0, 1.0, 0.5, 1.0, 1.0] {
            l = l.after(l.level, p, 5);
        }
        assert_eq!((l.level, l.wins), (1, 2), "a draw broke the run");
        l = l.after(1, 1.0, 5);
        assert_eq!(
            l,
            Ladder {
                level: 2,
                wins: 0,
                losses: 0
            }
        );
        for _ in 0..3 {
            l = l.after(l.level, 0.0, 5);
        }
        assert_eq!(l.level, 1);
        // Never below 1, never above the top.
        for _ in 0..3 {
            l = l.after(l.level, 0.0, 5);
        }
        assert_eq!(l.level, 1);
        let top = Ladder::default()
            .after(5, 1.0, 5)
            .after(5, 1.0, 5)
            .after(5, 1.0, 5);
        assert_eq!(top.level, 5);
        // Another level chosen: the ladder follows.
        assert_eq!(
            l.after(4, 0.0, 5),
            Ladder {
                level: 4,
                wins: 0,
                losses: 1
            }
        );
    }
}
