//! Ids of the things tawlbot keeps.

/// Row id of a game.
pub type GameId = i64;

/// Row id of a challenge.
pub type ChallengeId = i64;

/// Row id of a tournament.
pub type TournamentId = i64;

/// Row id of a tournament match.
pub type MatchId = i64;
