//! The state of one tournament.

use serde::{Deserialize, Serialize};

use super::pairing::{round_robin, round_robin_rounds, swiss_round_apart};
use super::standings::{standings, StandingRow};
use super::{Format, GameResult, Match, MatchKind, Pairing, PlayerId};

/// Why a tournament operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentError {
    /// Fewer than two players.
    TooFewPlayers,
    /// A player was entered twice.
    DuplicatePlayer(PlayerId),
    /// A Swiss tournament needs at least one round.
    NoRounds,
    /// The current round still has games to play.
    RoundInProgress,
    /// All rounds have been paired.
    Finished,
    /// The player is not in this tournament.
    UnknownPlayer(PlayerId),
    /// The player has already withdrawn.
    AlreadyWithdrawn(PlayerId),
    /// No unfinished game with these sides.
    NoSuchGame,
    /// The winner given is not one of the game's players.
    NotInGame(PlayerId),
    /// More Swiss rounds than the players can fill without a rematch: at
    /// most `max` (as many as a round robin of them has).
    TooManyRounds { rounds: u32, max: u32 },
    /// No match between two players at this round and board (a bye has
    /// no result to decide).
    NoSuchMatch { round: u32, board: u32 },
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TournamentError::TooFewPlayers => write!(f, "a tournament needs at least two players"),
            TournamentError::DuplicatePlayer(p) => write!(f, "player {p} is entered twice"),
            TournamentError::NoRounds => write!(f, "a Swiss tournament needs at least one round"),
            TournamentError::RoundInProgress => write!(f, "the current round is not finished"),
            TournamentError::Finished => write!(f, "all rounds have been paired"),
            TournamentError::UnknownPlayer(p) => write!(f, "player {p} is not in this tournament"),
            TournamentError::AlreadyWithdrawn(p) => write!(f, "player {p} has already withdrawn"),
            TournamentError::NoSuchGame => write!(f, "no unfinished game between these players"),
            TournamentError::NotInGame(p) => write!(f, "player {p} is not in this game"),
            TournamentError::TooManyRounds { rounds, max } => write!(
                f,
                "{rounds} Swiss rounds are more than these players can fill (at most {max})"
            ),
            TournamentError::NoSuchMatch { round, board } => {
                write!(
                    f,
                    "no match between two players at round {round}, board {board}"
                )
            }
        }
    }
}

impl std::error::Error for TournamentError {}

/// A game waiting for its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingGame {
    pub round: u32,
    pub board: u32,
    /// Index of the game within its match (0 or 1).
    pub game: usize,
    pub first_side: PlayerId,
    pub second_side: PlayerId,
}

/// One tournament: players, withdrawals and every round's matches.
///
/// Typical use: [`Tournament::new`], then repeatedly [`Tournament::next_round`]
/// and [`Tournament::record_game`] for each game, until
/// [`Tournament::is_finished`]. [`Tournament::withdraw`] may be called at any
/// time: the player forfeits their unfinished and future games (losses for
/// them, wins for their opponents), is no longer paired in Swiss rounds, and
/// the tournament goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub format: Format,
    pub kind: MatchKind,
    /// Players in seed order.
    pub players: Vec<PlayerId>,
    pub withdrawn: Vec<PlayerId>,
    /// The matches of each round paired so far.
    pub rounds: Vec<Vec<Match>>,
    /// Pairs of players the organiser keeps apart: Swiss rounds do not pair
    /// them while another pairing exists.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apart: Vec<(PlayerId, PlayerId)>,
}

impl Tournament {
    /// A new tournament with `players` in seed order.
    pub fn new(
        format: Format,
        kind: MatchKind,
        players: Vec<PlayerId>,
    ) -> Result<Self, TournamentError> {
        if players.len() < 2 {
            return Err(TournamentError::TooFewPlayers);
        }
        for (i, p) in players.iter().enumerate() {
            if players[..i].contains(p) {
                return Err(TournamentError::DuplicatePlayer(*p));
            }
        }
        if format == (Format::Swiss { rounds: 0 }) {
            return Err(TournamentError::NoRounds);
        }
        Ok(Tournament {
            format,
            kind,
            players,
            withdrawn: Vec::new(),
            rounds: Vec::new(),
            apart: Vec::new(),
        })
    }

    /// Number of rounds the tournament will have.
    pub fn total_rounds(&self) -> u32 {
        match self.format {
            Format::RoundRobin => round_robin_rounds(self.players.len()),
            Format::Swiss { rounds } => rounds,
        }
    }

    /// Number of rounds paired so far (the current round's number).
    pub fn current_round(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// Rounds whose every match is complete, counted from round 1: what
    /// "standings after round N" means (a round being played is not yet
    /// counted).
    pub fn finished_rounds(&self) -> u32 {
        self.rounds
            .iter()
            .take_while(|r| r.iter().all(Match::is_complete))
            .count() as u32
    }

    /// Every match of every round, in order.
    pub fn matches(&self) -> impl Iterator<Item = &Match> {
        self.rounds.iter().flatten()
    }

    fn all_matches(&self) -> Vec<Match> {
        self.matches().cloned().collect()
    }

    /// Whether `p` has withdrawn.
    pub fn is_withdrawn(&self, p: PlayerId) -> bool {
        self.withdrawn.contains(&p)
    }

    /// Whether every paired match is complete.
    pub fn round_complete(&self) -> bool {
        self.matches().all(Match::is_complete)
    }

    /// Pair the next round and return its pairings (byes and games of
    /// withdrawn players are already scored). Fails while a round is in
    /// progress or after the last round.
    pub fn next_round(&mut self) -> Result<Vec<Pairing>, TournamentError> {
        if self.current_round() >= self.total_rounds() {
            return Err(TournamentError::Finished);
        }
        if !self.round_complete() {
            return Err(TournamentError::RoundInProgress);
        }
        let pairings: Vec<Pairing> = match self.format {
            Format::RoundRobin => {
                let mut schedule = round_robin(&self.players, self.kind);
                let round = schedule.swap_remove(self.rounds.len());
                // A withdrawn player's bye is simply dropped.
                round
                    .into_iter()
                    .filter(|p| !(p.is_bye() && self.is_withdrawn(p.first)))
                    .collect()
            }
            Format::Swiss { .. } => swiss_round_apart(
                &self.players,
                &self.all_matches(),
                &self.withdrawn,
                self.kind,
                &self.apart,
            ),
        };
        let matches = pairings
            .iter()
            .map(|p| {
                let mut m = Match::new(p.clone());
                self.forfeit_withdrawn(&mut m);
                m
            })
            .collect();
        self.rounds.push(matches);
        Ok(pairings)
    }

    /// Score every unfinished game of `m` involving a withdrawn player as a
    /// forfeit (a double forfeit if both have withdrawn).
    fn forfeit_withdrawn(&self, m: &mut Match) {
        for (sides, result) in m.pairing.games.iter().zip(m.results.iter_mut()) {
            if result.is_some() {
                continue;
            }
            let a_out = self.is_withdrawn(sides.first_side);
            let b_out = self.is_withdrawn(sides.second_side);
            *result = match (a_out, b_out) {
                (false, false) => None,
                (true, false) => Some(GameResult::forfeit(Some(sides.second_side))),
                (false, true) => Some(GameResult::forfeit(Some(sides.first_side))),
                (true, true) => Some(GameResult::forfeit(None)),
            };
        }
    }

    /// Games of paired rounds still waiting for a result.
    pub fn pending_games(&self) -> Vec<PendingGame> {
        let mut out = Vec::new();
        for m in self.matches() {
            for (i, (s, r)) in m.pairing.games.iter().zip(&m.results).enumerate() {
                if r.is_none() {
                    out.push(PendingGame {
                        round: m.pairing.round,
                        board: m.pairing.board,
                        game: i,
                        first_side: s.first_side,
                        second_side: s.second_side,
                    });
                }
            }
        }
        out
    }

    /// Record the result of the unfinished game in which `first_side` took
    /// the first side against `second_side`. `winner` is `None` for a draw;
    /// `moves` is the game's length (the two-game tie-break uses it).
    pub fn record_game(
        &mut self,
        first_side: PlayerId,
        second_side: PlayerId,
        winner: Option<PlayerId>,
        moves: u32,
    ) -> Result<(), TournamentError> {
        if let Some(w) = winner {
            if w != first_side && w != second_side {
                return Err(TournamentError::NotInGame(w));
            }
        }
        let result = GameResult {
            winner,
            moves,
            forfeit: false,
        };
        for m in self.rounds.iter_mut().flatten() {
            for (s, r) in m.pairing.games.iter().zip(m.results.iter_mut()) {
                if r.is_none() && s.first_side == first_side && s.second_side == second_side {
                    *r = Some(result);
                    return Ok(());
                }
            }
        }
        Err(TournamentError::NoSuchGame)
    }

    /// Set (or correct) the result of the match at `round`, `board`: the
    /// organiser's decision. `winner` wins every game of the match; `None`
    /// draws every game. Results recorded before are replaced.
    pub fn decide(
        &mut self,
        round: u32,
        board: u32,
        winner: Option<PlayerId>,
    ) -> Result<(), TournamentError> {
        let m = self
            .rounds
            .get_mut(round.saturating_sub(1) as usize)
            .and_then(|r| r.iter_mut().find(|m| m.pairing.board == board))
            .filter(|m| !m.pairing.is_bye())
            .ok_or(TournamentError::NoSuchMatch { round, board })?;
        if let Some(w) = winner {
            if !m.pairing.involves(w) {
                return Err(TournamentError::NotInGame(w));
            }
        }
        let result = match winner {
            Some(w) => GameResult::win(w, 0),
            None => GameResult::draw(0),
        };
        for r in m.results.iter_mut() {
            *r = Some(result);
        }
        Ok(())
    }

    /// Keep `a` and `b` apart in the Swiss rounds still to pair (`keep`),
    /// or no longer (`!keep`). Returns whether anything changed.
    pub fn keep_apart(&mut self, a: PlayerId, b: PlayerId, keep: bool) -> bool {
        let is = |&(x, y): &(PlayerId, PlayerId)| (x, y) == (a, b) || (y, x) == (a, b);
        let there = self.apart.iter().any(is);
        match (keep, there) {
            (true, false) if a != b => {
                self.apart.push((a, b));
                true
            }
            (false, true) => {
                self.apart.retain(|p| !is(p));
                true
            }
            _ => false,
        }
    }

    /// Enter `p` late into a running Swiss tournament: they are paired from
    /// the next round on and score nothing for the rounds already paired.
    /// A round robin's schedule is fixed by its players, so it takes no
    /// late entry.
    pub fn add_late_player(&mut self, p: PlayerId) -> Result<(), TournamentError> {
        if self.players.contains(&p) {
            return Err(TournamentError::DuplicatePlayer(p));
        }
        match self.format {
            Format::Swiss { .. } if self.current_round() < self.total_rounds() => {
                self.players.push(p);
                Ok(())
            }
            _ => Err(TournamentError::Finished),
        }
    }

    /// Withdraw `p` (they left the server or chose to): their unfinished
    /// games are forfeited now, later ones as they are paired (round robin),
    /// and Swiss rounds no longer pair them. Their results so far stand.
    pub fn withdraw(&mut self, p: PlayerId) -> Result<(), TournamentError> {
        if !self.players.contains(&p) {
            return Err(TournamentError::UnknownPlayer(p));
        }
        if self.is_withdrawn(p) {
            return Err(TournamentError::AlreadyWithdrawn(p));
        }
        self.withdrawn.push(p);
        let mut rounds = std::mem::take(&mut self.rounds);
        for m in rounds.iter_mut().flatten() {
            self.forfeit_withdrawn(m);
        }
        self.rounds = rounds;
        Ok(())
    }

    /// The standings table (see [`super::standings`]).
    pub fn standings(&self) -> Vec<StandingRow> {
        standings(&self.players, &self.all_matches(), &self.withdrawn)
    }

    /// The standings after the first `rounds` rounds: what was scored in
    /// them and nothing of a later round (a bye of the round being played
    /// is not yet counted), as a table headed "after round N" says.
    pub fn standings_after(&self, rounds: u32) -> Vec<StandingRow> {
        let matches: Vec<Match> = self
            .rounds
            .iter()
            .take(rounds as usize)
            .flatten()
            .cloned()
            .collect();
        standings(&self.players, &matches, &self.withdrawn)
    }

    /// Whether every round has been paired and played.
    pub fn is_finished(&self) -> bool {
        self.current_round() >= self.total_rounds() && self.round_complete()
    }

    /// The winner (first in the standings) once the tournament is finished.
    pub fn winner(&self) -> Option<PlayerId> {
        if self.is_finished() {
            self.standings().first().map(|r| r.player)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u64) -> Vec<PlayerId> {
        (1..=n).map(PlayerId).collect()
    }

    #[test]
    fn new_checks_entries() {
        let rr = Format::RoundRobin;
        let single = MatchKind::Single;
        assert_eq!(
            Tournament::new(rr, single, ids(1)),
            Err(TournamentError::TooFewPlayers)
        );
        assert_eq!(
            Tournament::new(rr, single, vec![PlayerId(1), PlayerId(1)]),
            Err(TournamentError::DuplicatePlayer(PlayerId(1)))
        );
        assert_eq!(
            Tournament::new(Format::Swiss { rounds: 0 }, single, ids(4)),
            Err(TournamentError::NoRounds)
        );
    }

    #[test]
    fn rounds_wait_for_results() {
        let mut t =
            Tournament::new(Format::Swiss { rounds: 2 }, MatchKind::Single, ids(4)).unwrap();
        let r1 = t.next_round().unwrap();
        assert_eq!(t.next_round(), Err(TournamentError::RoundInProgress));
        let g = r1[0].games[0];
        assert_eq!(
            t.record_game(g.first_side, g.second_side, Some(PlayerId(99)), 10),
            Err(TournamentError::NotInGame(PlayerId(99)))
        );
        t.record_game(g.first_side, g.second_side, Some(g.first_side), 10)
            .unwrap();
        assert_eq!(
            t.record_game(g.first_side, g.second_side, None, 10),
            Err(TournamentError::NoSuchGame)
        );
        let g = r1[1].games[0];
        t.record_game(g.first_side, g.second_side, None, 10)
            .unwrap();
        t.next_round().unwrap();
        for g in t.pending_games() {
            t.record_game(g.first_side, g.second_side, Some(g.second_side), 10)
                .unwrap();
        }
        assert!(t.is_finished());
        assert_eq!(t.next_round(), Err(TournamentError::Finished));
    }

    #[test]
    fn standings_after_a_round_leave_out_the_next_rounds_bye() {
        // Five players: every round has a bye, scored when it is paired.
        let mut t =
            Tournament::new(Format::Swiss { rounds: 3 }, MatchKind::Single, ids(5)).unwrap();
        t.next_round().unwrap();
        for g in t.pending_games() {
            t.record_game(g.first_side, g.second_side, Some(g.first_side), 10)
                .unwrap();
        }
        let after_one = t.standings();
        let r2 = t.next_round().unwrap();
        let bye = r2.iter().find(|p| p.second.is_none()).unwrap();
        let who = bye.first;
        let points = |table: &[StandingRow]| table.iter().find(|r| r.player == who).unwrap().points;
        // The whole table already counts round 2's bye; after round 1 not.
        assert_eq!(points(&t.standings()), points(&after_one) + 1.0);
        assert_eq!(points(&t.standings_after(1)), points(&after_one));
        assert_eq!(t.finished_rounds(), 1);
    }

    #[test]
    fn withdrawal_forfeits_remaining_games() {
        let players = ids(4);
        let mut t =
            Tournament::new(Format::RoundRobin, MatchKind::TwoGame, players.clone()).unwrap();
        t.next_round().unwrap();
        // Player 1 plays one game of their match, then leaves.
        let g = t
            .pending_games()
            .into_iter()
            .find(|g| g.first_side == PlayerId(1))
            .unwrap();
        t.record_game(g.first_side, g.second_side, Some(PlayerId(1)), 30)
            .unwrap();
        t.withdraw(PlayerId(1)).unwrap();
        assert_eq!(
            t.withdraw(PlayerId(1)),
            Err(TournamentError::AlreadyWithdrawn(PlayerId(1)))
        );
        assert_eq!(
            t.withdraw(PlayerId(9)),
            Err(TournamentError::UnknownPlayer(PlayerId(9)))
        );
        assert!(t
            .pending_games()
            .iter()
            .all(|g| g.first_side != PlayerId(1) && g.second_side != PlayerId(1)));
        while !t.is_finished() {
            for g in t.pending_games() {
                t.record_game(g.first_side, g.second_side, Some(g.first_side), 30)
                    .unwrap();
            }
            if !t.is_finished() {
                t.next_round().unwrap();
            }
        }
        let table = t.standings();
        let one = table.iter().find(|r| r.player == PlayerId(1)).unwrap();
        assert!(one.withdrawn);
        // 1-1 in round 1 (a draw), then two lost matches by forfeit.
        assert_eq!((one.won, one.drawn, one.lost), (0, 1, 2));
        assert_eq!(one.points, 0.5);
    }

    #[test]
    fn standings_tiebreaks() {
        // Round robin of 3, single games: 1 beats 2, 2 beats 3, 3 beats 1.
        // All on 2 points (one win + one bye); SB and Buchholz equal: seed.
        let mut t = Tournament::new(Format::RoundRobin, MatchKind::Single, ids(3)).unwrap();
        while !t.is_finished() {
            t.next_round().unwrap();
            for g in t.pending_games() {
                let (a, b) = (g.first_side.0, g.second_side.0);
                let w = if (a % 3) + 1 == b { a } else { b };
                t.record_game(g.first_side, g.second_side, Some(PlayerId(w)), 30)
                    .unwrap();
            }
        }
        let table = t.standings();
        assert!(table
            .iter()
            .all(|r| r.points == 2.0 && r.sonneborn_berger == 2.0 && r.buchholz == 4.0));
        assert_eq!(
            table.iter().map(|r| r.player.0).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );

        // Swiss of 4: round 1 1-3 (1 wins), 2-4 (draw).
        let mut t =
            Tournament::new(Format::Swiss { rounds: 1 }, MatchKind::Single, ids(4)).unwrap();
        t.next_round().unwrap();
        t.record_game(PlayerId(1), PlayerId(3), Some(PlayerId(1)), 30)
            .unwrap();
        t.record_game(PlayerId(2), PlayerId(4), None, 30).unwrap();
        let table = t.standings();
        let order: Vec<u64> = table.iter().map(|r| r.player.0).collect();
        assert_eq!(order, vec![1, 2, 4, 3]);
        assert_eq!(table[0].sonneborn_berger, 0.0);
        assert_eq!(table[1].sonneborn_berger, 0.25);
        assert_eq!(table[1].buchholz, 0.5);
    }
}
