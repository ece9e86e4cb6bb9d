//! Ratings by Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
//! rating, how sure it is (the deviation) and how erratic the player is (the
//! volatility), brought up to date after each rating period from the games played in
//! it. Pure arithmetic: the library says which games, the table shows the numbers.
//!
//! ```
//! use table::rating::Rating;
//!
//! // The paper's worked example: 1500 (deviation 200) beats a 1400, loses to a 1550 and
//! // to a 1700.
//! let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
//! let games = [
//!     (Rating { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
//!     (Rating { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
//!     (Rating { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
//! ];
//! let after = player.after(&games, 0.5);
//! assert!((after.rating - 1464.06).abs() < 0.01);
//! assert!((after.deviation - 151.52).abs() < 0.01);
//! assert!((after.volatility - 0.05999).abs() < 0.00001);
//! ```

pub mod kept;
pub mod ladder;

use std::f64::consts::PI;

/// Glicko-2's scale: 173.7178 rating points a unit.
const SCALE: f64 = 173.7178;

/// How close the volatility's iteration comes (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// The system's constant τ the table uses: how much the volatility may change in a
/// period (the paper suggests 0.3 to 1.2; smaller for games whose players change slowly).
pub const TAU: f64 = 0.5;

/// A player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 a new player).
    pub rating: f64,
    /// Its deviation: 350 for a new player, smaller as games are played.
    pub deviation: f64,
    /// Its volatility (0.06 a new player).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::NEW
    }
}

impl Rating {
    /// A player with no games.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The rating after a period of `games` (each the opponent's rating before the
    /// period and the score: 1 a win, ½ a draw, 0 a loss), with the system constant
    /// `tau`. With no games only the deviation grows.
    #[must_use]
    pub fn after(self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if games.is_empty() {
            let phi = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: phi * SCALE,
                ..self
            };
        }
        let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt();
        // Each game: g of the opponent's deviation, the expected score, the score.
        let seen: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(other, score)| {
                let (mu_j, phi_j) = ((other.rating - 1500.0) / SCALE, other.deviation / SCALE);
                let g_j = g(phi_j);
                let expected = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
                (g_j, expected, *score)
            })
            .collect();
        let v = 1.0
            / seen
                .iter()
                .map(|(g_j, e, _)| g_j * g_j * e * (1.0 - e))
                .sum::<f64>();
        let sum: f64 = seen.iter().map(|(g_j, e, s)| g_j * (s - e)).sum();
        let delta = v * sum;
        let volatility = volatility(self.volatility, delta, phi, v, tau);
        let phi_star = (phi * phi + volatility * volatility).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: SCALE * mu_new + 1500.0,
            deviation: SCALE * phi_new,
            volatility,
        }
    }

    /// The expected score against `other` (0 to 1).
    #[must_use]
    pub fn expected(self, other: Rating) -> f64 {
        let phi_j = other.deviation / SCALE;
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
        let (mu, mu_j) = (
            (self.rating - 1500.0) / SCALE,
            (other.rating - 1500.0) / SCALE,
        );
        1.0 / (1.0 + (-g * (mu - mu_j)).exp())
    }
}

/// The new volatility: the paper's step 5, by the Illinois algorithm.
fn volatility(sigma: f64, delta: f64, phi: f64, v: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    // Bounded: the iteration converges in a few dozen steps; a hundred is plenty.
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let r = Rating {
            rating: 1600.0,
            deviation: 50.0,
            volatility: 0.06,
        };
        let after = r.after(&[], TAU);
        assert_eq!(after.rating, 1600.0);
        // sqrt(50² + (0.06 × 173.7178)²) ≈ 51.07.
        assert!((after.deviation - 51.07).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_equal_players_expect_half() {
        let new = Rating::NEW;
        assert!((new.expected(new) - 0.5).abs() < 1e-12);
        assert!(new.after(&[(new, 1.0)], TAU).rating > 1500.0);
        assert!(new.after(&[(new, 0.0)], TAU).rating < 1500.0);
        let drawn = new.after(&[(new, 0.5)], TAU);
        assert!((drawn.rating - 1500.0).abs() < 1e-9);
        assert!(drawn.deviation < 350.0);
    }
}
