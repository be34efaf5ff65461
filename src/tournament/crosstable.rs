//! The crosstable: every player against every other, in standings order,
//! with the result of each game they played (as lichess and
//! aagenielsen.dk show a tournament). Pure data: the app draws it as text
//! and as a picture, the web archive as a page.

use serde::{Deserialize, Serialize};

use super::{PlayerId, Tournament};

/// One game's result for the row's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    Win,
    Draw,
    Loss,
    /// Won because the opponent forfeited (withdrew, left the server).
    ForfeitWin,
    /// Lost by forfeit (or a double forfeit).
    ForfeitLoss,
    /// Not played yet (a match in progress).
    Pending,
}

impl Mark {
    /// The mark as a crosstable shows it: `1`, `½`, `0`, `+`, `-`, `*`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Win => "1",
            Mark::Draw => "½",
            Mark::Loss => "0",
            Mark::ForfeitWin => "+",
            Mark::ForfeitLoss => "-",
            Mark::Pending => "*",
        }
    }
}

/// One row: a player, their place and points, and their games against
/// each player of the table (by column, the table's order; their own
/// column is `None`, as is the column of anyone they have not met).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CrossRow {
    pub rank: u32,
    pub player: PlayerId,
    pub points: f64,
    pub withdrawn: bool,
    /// Byes received.
    pub byes: u32,
    /// Per column: the games against that player, in the order played.
    pub cells: Vec<Option<Vec<Mark>>>,
}

/// The crosstable of `t`, in standings order: row `i` and column `i` are
/// the same player.
pub fn crosstable(t: &Tournament) -> Vec<CrossRow> {
    let table = t.standings();
    let order: Vec<PlayerId> = table.iter().map(|r| r.player).collect();
    let col = |p: PlayerId| order.iter().position(|&q| q == p);
    let mut rows: Vec<CrossRow> = table
        .iter()
        .map(|r| CrossRow {
            rank: r.rank,
            player: r.player,
            points: r.points,
            withdrawn: r.withdrawn,
            byes: r.byes,
            cells: vec![None; order.len()],
        })
        .collect();
    for m in t.matches() {
        let a = m.pairing.first;
        let Some(b) = m.pairing.second else { continue };
        let (Some(ia), Some(ib)) = (col(a), col(b)) else {
            continue;
        };
        for r in &m.results {
            for (me, i, j) in [(a, ia, ib), (b, ib, ia)] {
                let mark = match r {
                    None => Mark::Pending,
                    Some(g) => match (g.winner, g.forfeit) {
                        (Some(w), false) if w == me => Mark::Win,
                        (Some(_), false) => Mark::Loss,
                        (None, false) => Mark::Draw,
                        (Some(w), true) if w == me => Mark::ForfeitWin,
                        (_, true) => Mark::ForfeitLoss,
                    },
                };
                rows[i].cells[j].get_or_insert_with(Vec::new).push(mark);
            }
        }
    }
    rows
}

/// The text of a cell: its marks run together (`1½` for a two-game match),
/// empty for a pair that has not met, `×` on the diagonal.
pub fn cell_text(row: usize, col: usize, cell: &Option<Vec<Mark>>) -> String {
    if row == col {
        return "×".into();
    }
    match cell {
        None => String::new(),
        Some(marks) => marks.iter().map(|m| m.symbol()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Format, MatchKind};

    #[test]
    fn every_game_is_in_both_rows() {
        let p = [PlayerId(1), PlayerId(2), PlayerId(3)];
        let mut t = Tournament::new(Format::RoundRobin, MatchKind::TwoGame, p.to_vec()).unwrap();
        t.next_round().unwrap();
        let games = t.pending_games();
        // Every pending game of round 1: the first side wins the first game,
        // the second is drawn.
        for (i, g) in games.iter().enumerate() {
            let winner = (i % 2 == 0).then_some(g.first_side);
            t.record_game(g.first_side, g.second_side, winner, 30)
                .unwrap();
        }
        let x = crosstable(&t);
        assert_eq!(x.len(), 3);
        let played: usize = x
            .iter()
            .map(|r| r.cells.iter().flatten().map(Vec::len).sum::<usize>())
            .sum();
        assert_eq!(played, 2 * games.len());
        for (i, r) in x.iter().enumerate() {
            assert!(r.cells[i].is_none());
            for (j, c) in r.cells.iter().enumerate() {
                // Symmetric: a win on one side is a loss on the other.
                let back = &x[j].cells[i];
                assert_eq!(c.as_ref().map(Vec::len), back.as_ref().map(Vec::len));
                if let (Some(c), Some(back)) = (c, back) {
                    for (m, n) in c.iter().zip(back) {
                        let pair = (*m, *n);
                        assert!(
                            matches!(
                                pair,
                                (Mark::Win, Mark::Loss)
                                    | (Mark::Loss, Mark::Win)
                                    | (Mark::Draw, Mark::Draw)
                            ),
                            "{pair:?}"
                        );
                    }
                }
            }
        }
    }
}
