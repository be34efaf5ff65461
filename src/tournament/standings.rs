//! The standings table.
//!
//! Players are ordered by, in turn:
//!
//! 1. **points**: 1 per won match, 0.5 per drawn match, 1 per bye;
//! 2. **Sonneborn-Berger**: the sum of the final points of every opponent the
//!    player beat, plus half the points of every opponent they drew with;
//! 3. **Buchholz**: the sum of the final points of every opponent met;
//! 4. **split wins**: the number of 1-1 two-game matches in which the player
//!    won their game in fewer moves (as OpenTafl does);
//! 5. **seed**: the order players were entered in.
//!
//! Byes contribute points but nothing to Sonneborn-Berger or Buchholz (there
//! is no opponent). Forfeited games count like played ones. Only complete
//! matches are counted. Withdrawn players stay in the table, marked.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Match, PlayerId};

/// One row of the standings table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// Place, from 1; every player has a distinct place (seed breaks ties).
    pub rank: u32,
    pub player: PlayerId,
    pub points: f64,
    pub sonneborn_berger: f64,
    pub buchholz: f64,
    /// 1-1 two-game matches in which this player won in fewer moves.
    pub split_wins: u32,
    /// Complete matches played (byes excluded).
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub byes: u32,
    /// Game points over all games (1 per win, 0.5 per draw).
    pub game_points: f64,
    pub withdrawn: bool,
}

/// Compute the standings of `players` (in seed order) from the matches played.
/// Matches that are not complete, or involve unknown players, are ignored.
pub fn standings(
    players: &[PlayerId],
    matches: &[Match],
    withdrawn: &[PlayerId],
) -> Vec<StandingRow> {
    let seed: HashMap<PlayerId, usize> = players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut rows: Vec<StandingRow> = players
        .iter()
        .map(|&p| StandingRow {
            rank: 0,
            player: p,
            points: 0.0,
            sonneborn_berger: 0.0,
            buchholz: 0.0,
            split_wins: 0,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            byes: 0,
            game_points: 0.0,
            withdrawn: withdrawn.contains(&p),
        })
        .collect();

    // (player index, opponent index, match points of player)
    let mut meetings: Vec<(usize, usize, f64)> = Vec::new();
    for m in matches {
        let Some(o) = m.outcome() else { continue };
        let Some(&a) = seed.get(&m.pairing.first) else {
            continue;
        };
        match m.pairing.second {
            None => {
                rows[a].points += o.first_points;
                rows[a].byes += 1;
            }
            Some(bp) => {
                let Some(&b) = seed.get(&bp) else { continue };
                for (i, j, pts, gp) in [
                    (a, b, o.first_points, o.first_game_points),
                    (b, a, o.second_points, o.second_game_points),
                ] {
                    let r = &mut rows[i];
                    r.points += pts;
                    r.game_points += gp;
                    r.played += 1;
                    if pts == 1.0 {
                        r.won += 1;
                    } else if pts == 0.5 {
                        r.drawn += 1;
                    } else {
                        r.lost += 1;
                    }
                    meetings.push((i, j, pts));
                }
                if let Some(w) = o.split_winner {
                    rows[seed[&w]].split_wins += 1;
                }
            }
        }
    }
    let points: Vec<f64> = rows.iter().map(|r| r.points).collect();
    for (i, j, pts) in meetings {
        rows[i].buchholz += points[j];
        rows[i].sonneborn_berger += pts * points[j];
    }
    rows.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(y.sonneborn_berger.total_cmp(&x.sonneborn_berger))
            .then(y.buchholz.total_cmp(&x.buchholz))
            .then(y.split_wins.cmp(&x.split_wins))
            .then(seed[&x.player].cmp(&seed[&y.player]))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as u32 + 1;
    }
    rows
}
/// What put one player above another who has as many points, in the order
/// [`standings`] sorts by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TieBreak {
    /// Sonneborn-Berger (the two values).
    SonnebornBerger(f64, f64),
    /// Buchholz.
    Buchholz(f64, f64),
    /// Split wins (two-game matches).
    SplitWins(u32, u32),
    /// Every tie-break was level: the seeding (the order of entry).
    Seeding,
}

/// How `a`, ranked just above `b`, was put there when both have as many
/// points; `None` when `a` has more.
pub fn tie_break(a: &StandingRow, b: &StandingRow) -> Option<TieBreak> {
    if a.points != b.points {
        return None;
    }
    Some(if a.sonneborn_berger != b.sonneborn_berger {
        TieBreak::SonnebornBerger(a.sonneborn_berger, b.sonneborn_berger)
    } else if a.buchholz != b.buchholz {
        TieBreak::Buchholz(a.buchholz, b.buchholz)
    } else if a.split_wins != b.split_wins {
        TieBreak::SplitWins(a.split_wins, b.split_wins)
    } else {
        TieBreak::Seeding
    })
}
