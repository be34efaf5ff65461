//! Tournaments: pairings, standings and ratings.
//!
//! This module is pure: no I/O, no database, no Discord, and no dependency on
//! the rest of the crate. Every type is plain data with serde
//! `Serialize`/`Deserialize`, so the store can persist it as JSON.
//!
//! Because the two sides of a tafl game are unequal, a *pairing* is a match of
//! one game ([`MatchKind::Single`]) or of two games with the sides swapped
//! ([`MatchKind::TwoGame`]). "First side" below means the side that moves
//! first: the attackers in the tafl games, white in gwyddbwyll.
//!
//! * [`pairing`]: round robin by Berger tables, Swiss by score groups.
//! * [`standings`]: match scoring and the standings table (points, then
//!   Sonneborn-Berger, then Buchholz; see `docs/tournaments.md`).
//! * [`glicko`]: Glicko-2 ratings.
//! * [`Tournament`]: the state of one tournament, tying these together.
//!
//! # Scoring
//!
//! A match is worth 1 point to its winner and 0.5 to each player of a drawn
//! match; a bye is worth 1 point and counts as a won match. Games are scored
//! 1 / 0.5 / 0 ("game points"); the player with more game points wins the
//! match. In a two-game match 2-0 and 1.5-0.5 are won matches, and 1-1 is a
//! drawn match. When a 1-1 is a *split* (each player won one game, both on the
//! board), the player who won their game in fewer moves is credited with a
//! "split win", which is the tie-break after Buchholz, as OpenTafl does.

pub mod crosstable;
pub mod glicko;
pub mod pairing;
pub mod standings;
mod state;

use serde::{Deserialize, Serialize};

pub use crosstable::{crosstable, CrossRow, Mark};
pub use glicko::Rating;
pub use pairing::{round_robin, round_robin_rounds, swiss_round};
pub use standings::{standings, tie_break, StandingRow, TieBreak};
pub use state::{PendingGame, Tournament, TournamentError};

/// An opaque player id (a Discord user id in practice).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct PlayerId(pub u64);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How the players are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone once (n - 1 rounds, or n when n is odd).
    RoundRobin,
    /// A fixed number of Swiss rounds.
    Swiss { rounds: u32 },
}

/// How many games make a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// One game; sides are balanced over the tournament.
    Single,
    /// Two games, each player taking the first side once.
    #[default]
    TwoGame,
}

impl MatchKind {
    /// Number of games in a match of this kind.
    pub fn games(self) -> usize {
        match self {
            MatchKind::Single => 1,
            MatchKind::TwoGame => 2,
        }
    }
}

/// Who plays which side in one game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sides {
    /// Takes the first side (attackers in tafl, white in gwyddbwyll).
    pub first_side: PlayerId,
    /// Takes the second side (defenders in tafl, black in gwyddbwyll).
    pub second_side: PlayerId,
}

/// One pairing of a round: a match between two players, or a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Round number, from 1.
    pub round: u32,
    /// Board number within the round, from 1.
    pub board: u32,
    /// The player taking the first side in the first game (or the bye).
    pub first: PlayerId,
    /// The opponent; `None` for a bye.
    pub second: Option<PlayerId>,
    /// The games of the match in playing order; empty for a bye.
    pub games: Vec<Sides>,
}

impl Pairing {
    /// Whether this pairing is a bye.
    pub fn is_bye(&self) -> bool {
        self.second.is_none()
    }

    /// Whether `p` plays in this pairing (or has this bye).
    pub fn involves(&self, p: PlayerId) -> bool {
        self.first == p || self.second == Some(p)
    }

    /// The opponent of `p`, if `p` is in this pairing and it is not a bye.
    pub fn opponent(&self, p: PlayerId) -> Option<PlayerId> {
        if self.first == p {
            self.second
        } else if self.second == Some(p) {
            Some(self.first)
        } else {
            None
        }
    }
}

/// The result of one finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw (or a double forfeit).
    pub winner: Option<PlayerId>,
    /// Number of moves played (0 for a forfeit).
    pub moves: u32,
    /// The game was not played: a player withdrew or left the server. With
    /// `winner == None` it is a double forfeit, worth nothing to either.
    pub forfeit: bool,
}

impl GameResult {
    /// A game won on the board.
    pub fn win(winner: PlayerId, moves: u32) -> Self {
        GameResult {
            winner: Some(winner),
            moves,
            forfeit: false,
        }
    }

    /// A drawn game.
    pub fn draw(moves: u32) -> Self {
        GameResult {
            winner: None,
            moves,
            forfeit: false,
        }
    }

    /// A game forfeited to `winner` (or by both players if `None`).
    pub fn forfeit(winner: Option<PlayerId>) -> Self {
        GameResult {
            winner,
            moves: 0,
            forfeit: true,
        }
    }

    /// Game points earned by `p` in this game (1, 0.5 or 0).
    pub fn points_for(&self, p: PlayerId) -> f64 {
        match self.winner {
            Some(w) if w == p => 1.0,
            Some(_) => 0.0,
            None if self.forfeit => 0.0,
            None => 0.5,
        }
    }
}

/// A pairing together with the results of its games so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub pairing: Pairing,
    /// One entry per game of `pairing.games`; `None` until the game ends.
    pub results: Vec<Option<GameResult>>,
}

/// The scored outcome of a complete match.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MatchOutcome {
    /// Match points of `pairing.first` (1, 0.5 or 0).
    pub first_points: f64,
    /// Match points of `pairing.second` (0 for a bye).
    pub second_points: f64,
    /// Game points of `pairing.first`.
    pub first_game_points: f64,
    /// Game points of `pairing.second`.
    pub second_game_points: f64,
    /// In a 1-1 split of a two-game match, the player who won their game in
    /// fewer moves (`None` if the lengths are equal or a win was a forfeit).
    pub split_winner: Option<PlayerId>,
}

impl Match {
    /// A match with no results yet (a bye is complete at once).
    pub fn new(pairing: Pairing) -> Self {
        let results = vec![None; pairing.games.len()];
        Match { pairing, results }
    }

    /// Whether every game has a result.
    pub fn is_complete(&self) -> bool {
        self.results.iter().all(Option::is_some)
    }

    /// The score of the match, once complete.
    ///
    /// The player with more game points wins the match (1 point, 0 to the
    /// loser); equal game points make a drawn match (0.5 each), except that a
    /// match of nothing but double forfeits scores 0 for both. A bye scores 1.
    pub fn outcome(&self) -> Option<MatchOutcome> {
        if !self.is_complete() {
            return None;
        }
        let a = self.pairing.first;
        let Some(b) = self.pairing.second else {
            return Some(MatchOutcome {
                first_points: 1.0,
                second_points: 0.0,
                first_game_points: 0.0,
                second_game_points: 0.0,
                split_winner: None,
            });
        };
        let results: Vec<GameResult> = self.results.iter().flatten().copied().collect();
        let ga: f64 = results.iter().map(|r| r.points_for(a)).sum();
        let gb: f64 = results.iter().map(|r| r.points_for(b)).sum();
        let (pa, pb) = if ga > gb {
            (1.0, 0.0)
        } else if gb > ga {
            (0.0, 1.0)
        } else if ga == 0.0 {
            // Only double forfeits.
            (0.0, 0.0)
        } else {
            (0.5, 0.5)
        };
        let mut split_winner = None;
        if results.len() == 2 {
            let wa = results.iter().find(|r| r.winner == Some(a));
            let wb = results.iter().find(|r| r.winner == Some(b));
            if let (Some(wa), Some(wb)) = (wa, wb) {
                if !wa.forfeit && !wb.forfeit && wa.moves != wb.moves {
                    split_winner = Some(if wa.moves < wb.moves { a } else { b });
                }
            }
        }
        Some(MatchOutcome {
            first_points: pa,
            second_points: pb,
            first_game_points: ga,
            second_game_points: gb,
            split_winner,
        })
    }

    /// Match points of `p` once complete (`None` if incomplete or not `p`'s).
    pub fn points_for(&self, p: PlayerId) -> Option<f64> {
        let o = self.outcome()?;
        if self.pairing.first == p {
            Some(o.first_points)
        } else if self.pairing.second == Some(p) {
            Some(o.second_points)
        } else {
            None
        }
    }
}
