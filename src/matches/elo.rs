//! What a match's wins, draws and losses say: the Elo difference with its 95 % interval,
//! the likelihood of superiority, and a sequential test (SPRT) between two hypotheses, as
//! cutechess and c-chess-cli print them. The interval is the normal approximation of
//! the score's mean; the test is the GSPRT approximation of the log-likelihood ratio
//! (Michel Van den Bergh, as c-chess-cli and fishtest use it).
//!
//! ```
//! use xiangqi::matches::elo::Score;
//!
//! // 60 wins, 20 draws, 20 losses: a score of 70 %.
//! let s = Score { wins: 60, draws: 20, losses: 20 };
//! let (elo, low, high) = s.elo().unwrap();
//! assert!((elo - 147.2).abs() < 0.1);
//! assert!(low < elo && elo < high);
//! assert!(s.los() > 0.999);
//! ```

/// A match's results from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// 1.959964…: the 97.5th percentile of the normal distribution (a two-sided 95 %).
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference an expected score `score` (strictly between 0 and 1) stands for.
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Score {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score (1 a win, ½ a draw).
    #[must_use]
    pub fn mean(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n)
    }

    /// The variance of one game's score about the mean.
    fn variance(&self) -> Option<f64> {
        let n = f64::from(self.games());
        let m = self.mean()?;
        let part = |count: u32, points: f64| f64::from(count) * (points - m).powi(2);
        Some((part(self.wins, 1.0) + part(self.draws, 0.5) + part(self.losses, 0.0)) / n)
    }

    /// The Elo difference and the bounds of its 95 % interval (a bound past a score of 0
    /// or 1 is infinite); `None` before a game, or while every game is won or every
    /// game lost (the difference is then unbounded).
    #[must_use]
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let m = self.mean()?;
        if m <= 0.0 || m >= 1.0 {
            return None;
        }
        let margin = Z95 * (self.variance()? / f64::from(self.games())).sqrt();
        let bound = |s: f64| {
            if s <= 0.0 {
                f64::NEG_INFINITY
            } else if s >= 1.0 {
                f64::INFINITY
            } else {
                elo_of(s)
            }
        };
        Some((elo_of(m), bound(m - margin), bound(m + margin)))
    }

    /// The likelihood of superiority: how sure the wins and losses make it that this
    /// player is the stronger (draws say nothing of it).
    #[must_use]
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The sequential test of `elo1` against `elo0` (H1 against H0), with its error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The difference under H0.
    pub elo0: f64,
    /// The difference under H1.
    pub elo1: f64,
    /// The chance of taking H1 when H0 holds.
    pub alpha: f64,
    /// The chance of taking H0 when H1 holds.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 is taken: the difference is `elo1` or more.
    H1,
    /// H0 is taken: the difference is `elo0` or less.
    H0,
    /// More games are needed.
    Continue,
}

impl Sprt {
    /// The test at the usual error rates (5 % each).
    #[must_use]
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The bounds of the log-likelihood ratio: below the first H0 is taken, above the
    /// second H1.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 to H0 given `score` (0 before the results vary:
    /// all wins or all losses say nothing of the spread yet).
    #[must_use]
    pub fn llr(&self, score: &Score) -> f64 {
        let n = f64::from(score.games());
        if n == 0.0 {
            return 0.0;
        }
        // Every game alike (all won, say) has no variance and the approximation says
        // nothing: half a game of each result is added (a prior that keeps the variance
        // above zero), so that a one-sided match still decides.
        let [w, d, l] = [score.wins, score.draws, score.losses].map(f64::from);
        let [w, d, l] = if [w, d, l].iter().filter(|&&c| c > 0.0).count() < 2 {
            [w + 0.5, d + 0.5, l + 0.5]
        } else {
            [w, d, l]
        };
        let total = w + d + l;
        let m = (w + d / 2.0) / total;
        let var = (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / total;
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    /// What the test says of `score`.
    #[must_use]
    pub fn verdict(&self, score: &Score) -> Verdict {
        let (low, high) = self.bounds();
        let llr = self.llr(score);
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The error function (Abramowitz and Stegun 7.1.26: within 1.5e-7, plenty for a
/// percentage).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 60–20–20 by hand: mean 0.7, so Elo = -400·log10(1/0.7 − 1) = 147.19; the
    /// per-game variance (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, the mean's standard
    /// error 0.04, the interval 0.7 ± 0.0784 → 0.6216…0.7784 → 86.23…218.25.
    #[test]
    fn the_elo_and_its_interval_agree_with_a_hand_computation() {
        let s = Score {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (elo, low, high) = s.elo().unwrap();
        assert!((elo - 147.19).abs() < 0.01, "{elo}");
        assert!((low - elo_of(0.7 - Z95 * 0.04)).abs() < 1e-9);
        assert!((low - 86.23).abs() < 0.01, "{low}");
        assert!((high - 218.25).abs() < 0.01, "{high}");
        // LOS: 0.5·(1 + erf(40 / √160)) = 0.5·(1 + erf(3.162)) = 0.999996.
        assert!((s.los() - 0.999_996).abs() < 1e-6, "{}", s.los());
        let even = Score {
            wins: 10,
            draws: 5,
            losses: 10,
        };
        assert_eq!(even.elo().unwrap().0, 0.0);
        assert!((even.los() - 0.5).abs() < 1e-9);
        assert_eq!(Score::default().elo(), None);
        let sweep = Score {
            wins: 10,
            ..Score::default()
        };
        assert_eq!(sweep.elo(), None, "unbounded");
    }

    #[test]
    fn erf_is_close_to_its_table() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_9),
            (1.0, 0.842_700_8),
            (2.0, 0.995_322_3),
        ] {
            assert!((erf(x) - want).abs() < 2e-7, "erf({x})");
            assert!((erf(-x) + want).abs() < 2e-7);
        }
    }

    /// The test's bounds at 5 %/5 % are ±ln(19) = ±2.944; its LLR by hand for 60–20–20
    /// between 0 and 100 Elo: s0 = 0.5, s1 = 0.6401, N·(s1−s0)(2m−s0−s1)/(2σ²) =
    /// 100 · 0.1401 · 0.2599 / 0.32 = 11.38: H1. A level score leans to H0, and a long
    /// one takes it.
    #[test]
    fn a_match_of_one_result_only_still_decides() {
        let sprt = Sprt::new(0.0, 100.0);
        let all_won = Score {
            wins: 44,
            draws: 0,
            losses: 0,
        };
        assert_eq!(
            sprt.verdict(&all_won),
            Verdict::H1,
            "{}",
            sprt.llr(&all_won)
        );
        let few = Score {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sprt.verdict(&few), Verdict::Continue);
        let all_drawn = Score {
            wins: 0,
            draws: 100,
            losses: 0,
        };
        assert_eq!(sprt.verdict(&all_drawn), Verdict::H0);
    }

    #[test]
    fn the_sprt_takes_h1_on_a_clear_lead_and_h0_on_an_even_score() {
        let sprt = Sprt::new(0.0, 100.0);
        let (low, high) = sprt.bounds();
        assert!((high - 19f64.ln()).abs() < 1e-12 && (low + 19f64.ln()).abs() < 1e-12);
        let lead = Score {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let s1 = expected(100.0);
        let want = 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / (2.0 * 0.16);
        assert!((sprt.llr(&lead) - want).abs() < 1e-9);
        assert!((want - 11.38).abs() < 0.01, "{want}");
        assert_eq!(sprt.verdict(&lead), Verdict::H1);
        let even = Score {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        assert_eq!(sprt.verdict(&even), Verdict::H0);
        let short = Score {
            wins: 3,
            draws: 2,
            losses: 2,
        };
        assert_eq!(sprt.verdict(&short), Verdict::Continue);
    }
}
