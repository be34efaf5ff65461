//! The balance page (`/stats`): for each game and option set, how often
//! each side wins the finished rated games of public servers, with 95%
//! Wilson score intervals, the number of games and their average length;
//! over the whole archive and per server. Plain data for `src/web`.

use crate::app::{presentation::escape, rules_spec, App, StoreError};
use crate::domain::{GameResult, Side};
use crate::store::{BalanceCount, ServerId};

/// The normal quantile of a 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A rate with its 95% Wilson score interval, as fractions of 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub count: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// `k` of `n` with its 95% Wilson score interval (`n` = 0: all zero).
pub fn wilson(k: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            count: k,
            rate: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let (k, nf) = (k.min(n), n as f64);
    let p = k as f64 / nf;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
    let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / (1.0 + z2 / nf);
    Rate {
        count: k,
        rate: p,
        // Exactly 0 and 1 at the ends (rounding would leave 0.9999…).
        low: if k == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if k == n {
            1.0
        } else {
            (centre + half).min(1.0)
        },
    }
}

/// One game and option set.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceRow {
    /// The game's name ("Tawlbwrdd").
    pub game: String,
    pub options: Vec<String>,
    /// The first side (attackers, assailants, white) and the second
    /// (defenders, princes, black): their words in the rules.
    pub sides: (&'static str, &'static str),
    pub games: u64,
    pub first: Rate,
    pub second: Rate,
    pub draws: Rate,
    /// Average length in moves (turns, as lichess counts them).
    pub average_moves: f64,
}

/// The balance page.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceSheet {
    /// Over every public server.
    pub whole: Vec<BalanceRow>,
    /// `(server id, server name, rows)`.
    pub servers: Vec<(ServerId, String, Vec<BalanceRow>)>,
}

#[derive(Default)]
struct Tally {
    first: u64,
    second: u64,
    draws: u64,
    plies: u64,
}

impl Tally {
    fn add(&mut self, c: &BalanceCount) {
        match c.result {
            Some(GameResult::Won(Side::First)) => self.first += c.games,
            Some(GameResult::Won(Side::Second)) => self.second += c.games,
            Some(GameResult::Draw) => self.draws += c.games,
            None => return,
        }
        self.plies += c.plies;
    }

    fn games(&self) -> u64 {
        self.first + self.second + self.draws
    }
}

/// Groups `counts` by game and option set, in a stable order.
fn rows<'a>(counts: impl Iterator<Item = &'a BalanceCount>) -> Vec<BalanceRow> {
    let mut groups: std::collections::BTreeMap<(String, Vec<String>), Tally> = Default::default();
    for c in counts {
        let mut options = c.options.clone();
        options.sort();
        groups
            .entry((c.variant.clone(), options))
            .or_default()
            .add(c);
    }
    groups
        .into_iter()
        .filter(|(_, t)| t.games() > 0)
        .map(|((variant, options), t)| {
            let n = t.games();
            let (game, sides) = match rules_spec(&variant, &options) {
                Ok(r) => (
                    r.name.to_string(),
                    (r.side_word(Side::First), r.side_word(Side::Second)),
                ),
                Err(_) => (variant.clone(), ("attackers", "defenders")),
            };
            // Plies to moves: a move is a turn, one ply of each side.
            let average_moves = t.plies as f64 / n as f64 / 2.0;
            BalanceRow {
                game,
                options,
                sides,
                games: n,
                first: wilson(t.first, n),
                second: wilson(t.second, n),
                draws: wilson(t.draws, n),
                average_moves,
            }
        })
        .collect()
}

impl App {
    /// The balance page's figures.
    pub fn archive_balance(&self) -> Result<BalanceSheet, StoreError> {
        let counts = self.store.balance_counts()?;
        let whole = rows(counts.iter());
        let mut ids: Vec<&ServerId> = counts.iter().map(|c| &c.server_id).collect();
        ids.dedup();
        let mut servers = Vec::new();
        for id in ids {
            let name = self
                .store
                .server_name(id)?
                .map(|n| escape::clean_name(&n))
                .unwrap_or_else(|| id.to_string());
            let r = rows(counts.iter().filter(|c| c.server_id == *id));
            if !r.is_empty() {
                servers.push((id.clone(), name, r));
            }
        }
        Ok(BalanceSheet { whole, servers })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_textbook() {
        // 10 of 20: 50%, interval 29.9% to 70.1%.
        let r = wilson(10, 20);
        assert!(
            (r.low - 0.2993).abs() < 1e-3 && (r.high - 0.7007).abs() < 1e-3,
            "{r:?}"
        );
        // 0 of 10: 0% to 27.8%.
        let r = wilson(0, 10);
        assert!(r.low == 0.0 && (r.high - 0.2775).abs() < 1e-3, "{r:?}");
        // 10 of 10: 72.2% to 100%.
        let r = wilson(10, 10);
        assert!((r.low - 0.7225).abs() < 1e-3 && r.high == 1.0, "{r:?}");
        assert_eq!(wilson(0, 0).rate, 0.0);
    }
}
