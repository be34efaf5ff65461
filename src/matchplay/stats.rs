//! A match's figures: the score, the Elo difference it means with its 95%
//! interval (from the per-game variance of the score, as cutechess
//! computes it), and the sequential probability ratio test that stops a
//! match once it has decided between two Elo differences.

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that a score (0..1) means: `-400 log10(1/s - 1)`
/// (infinite at 0 and 1).
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game: 1.0 a win, 0.5 a draw, 0.0 a loss.
    pub fn add(&mut self, points: f64) {
        if points >= 1.0 {
            self.wins += 1;
        } else if points > 0.0 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// The score, 0..1 (`None` before any game).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// The variance of one game's points around the score.
    pub fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = self.games() as f64;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
    }

    /// The Elo difference of the score and the half width of its 95%
    /// interval: the interval of the score (the score ± 1.96 standard
    /// errors of the mean) turned into Elo, halved. Infinite when the
    /// score or an end of its interval is 0 or 1.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let s = self.score()?;
        let n = self.games() as f64;
        let sd = (self.variance()? / n).sqrt();
        let (lo, hi) = (s - Z95 * sd, s + Z95 * sd);
        Some((elo(s), (elo(hi) - elo(lo)) / 2.0))
    }

    /// The log-likelihood ratio of "the difference is `elo1`" against "it
    /// is `elo0`" (the normal approximation of the generalised SPRT,
    /// logistic Elo, as Fishtest computes it): `n (s1 - s0) (2s - s0 - s1)
    /// / (2 var)`. `None` until each engine has won a game (as cutechess
    /// waits: before that the variance says nothing of one side).
    pub fn llr(&self, elo0: f64, elo1: f64) -> Option<f64> {
        if self.wins == 0 || self.losses == 0 {
            return None;
        }
        let s = self.score()?;
        let var = self.variance()?;
        if var <= 0.0 {
            return None;
        }
        let (s0, s1) = (expected(elo0), expected(elo1));
        let n = self.games() as f64;
        Some(n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var))
    }
}

/// The SPRT's bounds on the log-likelihood ratio for error rates alpha
/// (accepting H1 when H0 holds) and beta: `(ln(beta / (1 - alpha)),
/// ln((1 - beta) / alpha))`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// What the SPRT says after a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Go on: the ratio is between the bounds (or cannot be computed yet).
    Continue(Option<f64>),
    /// The ratio fell to the lower bound: the difference is `elo0`, not
    /// `elo1` (H0 accepted).
    H0(f64),
    /// The ratio rose to the upper bound: H1 accepted.
    H1(f64),
}

/// An SPRT of `elo0` against `elo1` at alpha = beta = 0.05.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

impl Sprt {
    pub const ALPHA: f64 = 0.05;
    pub const BETA: f64 = 0.05;

    pub fn bounds(&self) -> (f64, f64) {
        sprt_bounds(Self::ALPHA, Self::BETA)
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let (lower, upper) = self.bounds();
        match t.llr(self.elo0, self.elo1) {
            Some(l) if l >= upper => Verdict::H1(l),
            Some(l) if l <= lower => Verdict::H0(l),
            other => Verdict::Continue(other),
        }
    }

    /// Reads `ELO0,ELO1` (`elo0 < elo1`).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || {
            format!(
                "--sprt takes ELO0,ELO1 (two numbers, the first below the second), not {text:?}"
            )
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }
}

/// An Elo figure as the result line writes it: one decimal, a sign, `inf`.
pub fn elo_text(e: f64) -> String {
    if e.is_nan() {
        "nan".into()
    } else if e == f64::INFINITY {
        "+inf".into()
    } else if e == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        format!("{e:+.1}")
    }
}

/// The half width as the result line writes it (no sign).
pub fn margin_text(e: f64) -> String {
    if e.is_finite() {
        format!("{e:.1}")
    } else {
        "inf".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} is not {b} (within {eps})");
    }

    #[test]
    fn elo_of_known_scores() {
        close(elo(0.5), 0.0, 1e-12);
        // 3:1 odds are 400 log10(3).
        close(elo(0.75), 190.848_501_887_865, 1e-9);
        close(elo(0.25), -190.848_501_887_865, 1e-9);
        close(elo(0.9), 381.697_003_775_73, 1e-8);
        close(expected(190.848_501_887_865), 0.75, 1e-12);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_from_the_per_game_variance() {
        // 60 wins, 20 draws, 20 losses: s = 0.7, variance 0.16, standard
        // error 0.04; the score's interval 0.7 ± 0.0784 in Elo.
        let x = t(60, 20, 20);
        close(x.score().unwrap(), 0.7, 1e-12);
        close(x.variance().unwrap(), 0.16, 1e-12);
        let (e, m) = x.elo().unwrap();
        close(e, 147.190_714_117_838, 1e-9);
        let lo = 0.7 - Z95 * 0.04;
        let hi = 0.7 + Z95 * 0.04;
        let want = (-400.0 * (1.0 / hi - 1.0).log10() + 400.0 * (1.0 / lo - 1.0).log10()) / 2.0;
        close(m, want, 1e-9);
        close(m, 66.01, 0.01);
        // Even: 0 ± 95.2 over 10 wins and 10 losses (s = 0.5, sd 0.1118).
        let (e, m) = t(10, 0, 10).elo().unwrap();
        close(e, 0.0, 1e-12);
        close(
            m,
            400.0
                * ((0.5 + Z95 * 0.111_803_398_874_989) / (0.5 - Z95 * 0.111_803_398_874_989))
                    .log10(),
            1e-9,
        );
        // Every game won: infinite.
        let (e, m) = t(5, 0, 0).elo().unwrap();
        assert_eq!(e, f64::INFINITY);
        assert!(!m.is_finite());
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn sprt_bounds_and_llr_known_values() {
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        close(lo, -2.944_438_979_166_44, 1e-12);
        close(hi, 2.944_438_979_166_44, 1e-12);
        // 30-40-30 against [0, 10]: s = 0.5, variance 0.15, s0 = 0.5,
        // s1 = 0.514387...: n (s1 - s0)(2s - s0 - s1) / (2 var).
        let s1 = expected(10.0);
        close(s1, 0.514_387_184_165_999, 1e-12);
        let want = 100.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / 0.3;
        close(t(30, 40, 30).llr(0.0, 10.0).unwrap(), want, 1e-12);
        close(want, -0.068_995, 1e-5);
        // 60-20-20 against [0, 50]: a clear H1.
        let x = t(60, 20, 20);
        let l = x.llr(0.0, 50.0).unwrap();
        let s1 = expected(50.0);
        close(l, 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32, 1e-9);
        close(l, 7.337, 0.001);
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 50.0,
        };
        assert_eq!(sprt.verdict(&x), Verdict::H1(l));
        // The mirror image accepts H0.
        assert!(matches!(sprt.verdict(&t(20, 20, 60)), Verdict::H0(_)));
        // Too few games to say.
        assert!(matches!(
            sprt.verdict(&t(1, 0, 1)),
            Verdict::Continue(Some(_))
        ));
        assert_eq!(sprt.verdict(&t(3, 0, 0)), Verdict::Continue(None));
        assert_eq!(sprt.verdict(&t(0, 4, 9)), Verdict::Continue(None));
    }

    #[test]
    fn sprt_reads_its_bounds() {
        assert_eq!(
            Sprt::parse("0,5").unwrap(),
            Sprt {
                elo0: 0.0,
                elo1: 5.0
            }
        );
        assert_eq!(Sprt::parse("-3.5, 2").unwrap().elo0, -3.5);
        for bad in ["5,0", "5", "a,b", "1,1", "0,inf"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn figures_as_written() {
        assert_eq!(elo_text(147.19), "+147.2");
        assert_eq!(elo_text(-3.04), "-3.0");
        assert_eq!(elo_text(0.0), "+0.0");
        assert_eq!(elo_text(f64::INFINITY), "+inf");
        assert_eq!(margin_text(64.33), "64.3");
        assert_eq!(margin_text(f64::NAN), "inf");
    }
}
