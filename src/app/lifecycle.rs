//! One game lifecycle for challenge games and tournament games.
//!
//! * [`start`]: every game starts here: the coin toss, the clock of its time
//!   control (a fixed time per move, or both banks with the deadline of the
//!   first mover's bank), the first-move reminder, and the row in the store
//!   (for a challenge atomically with accepting it).
//! * [`finish`]: a game ended by resignation, agreement, time or forfeit is
//!   stored as finished (if no move arrived meanwhile), then [`ended`].
//! * [`ended`]: called once for every game that ended with a result, also
//!   by a final move: the rating, then the tournament's bookkeeping.
//! * [`abort`]: a game stopped without a result (nobody moved in time, a
//!   tournament cancelled).

use super::{clock, tournaments, App, LoadError, Loaded, Response, TimeControl};
use crate::rules::{Game, Ruleset, Side};
use crate::store::{AppendError, ChallengeId, EndReason, GameId, MatchId, NewGame, StoreError};

/// What a new game needs.
pub(crate) struct NewStart<'a> {
    pub server: &'a str,
    pub channel: &'a str,
    pub rules: &'a Ruleset,
    /// Options as stored with the game (may hold the thread flag).
    pub options: Vec<String>,
    pub seed: u64,
    /// Players by side: `[first side, second side]`.
    pub players: [String; 2],
    pub challenge: Option<ChallengeId>,
    pub tournament_match: Option<MatchId>,
    pub rated: bool,
    pub time: TimeControl,
    pub now: i64,
}

/// Why a game did not start.
#[derive(Debug)]
pub(crate) enum StartError {
    Store(StoreError),
    /// The game was stored but cannot be loaded again: its id, and why.
    Load(i64, LoadError),
}

/// Starts a game (see the module comment); returns it loaded.
pub(crate) fn start(app: &App, s: NewStart<'_>) -> Result<Loaded, StartError> {
    let first = Game::coin_toss(s.rules, s.seed);
    let mut turn = clock::start(s.time, first, s.now);
    // The bot has no clock: no deadline and no reminder while it is to move.
    if s.players[first.index()] == super::BOT_ID {
        turn.deadline = None;
        turn.remind_at = None;
    }
    let banks = turn.banks.unwrap_or([None, None]);
    let ng = NewGame {
        server_id: s.server.to_string(),
        channel_id: s.channel.to_string(),
        variant: s.rules.variant.to_string(),
        options: s.options,
        seed: s.seed,
        first_side: s.rules.side_name(first).to_string(),
        first_player: s.players[0].clone(),
        second_player: s.players[1].clone(),
        challenge_id: s.challenge,
        tournament_match_id: s.tournament_match,
        rated: s.rated,
        time_control: s.time,
        bank_first: banks[0],
        bank_second: banks[1],
        created_at: s.now,
        deadline: turn.deadline,
    };
    let id = match s.challenge {
        Some(c) => app.store.start_game_from_challenge(c, &ng),
        None => app.store.create_game(&ng),
    }
    .map_err(StartError::Store)?;
    if let Err(e) = app.store.set_remind_at(id, turn.remind_at) {
        // The game is on; only its reminder is missing.
        tracing::error!("first-move reminder of game {id}: {e}");
    }
    let row = match app.store.get_game(id) {
        Ok(Some(r)) => r,
        Ok(None) => {
            let gone = LoadError::Unreadable(format!("game {id} vanished once stored"));
            return Err(StartError::Load(id, gone));
        }
        Err(e) => return Err(StartError::Store(e)),
    };
    app.load(row).map_err(|e| StartError::Load(id, e))
}

/// Stores the end of an active game whose outcome `l.game` now holds, if it
/// still has `before` moves, then runs [`ended`]. Returns what [`ended`]
/// answers.
pub(crate) fn finish(
    app: &App,
    l: &mut Loaded,
    before: u32,
    now: i64,
) -> Result<Response, AppendError> {
    let Some((result, reason)) = super::outcomes::stored_outcome(&l.game) else {
        return Ok(Response::none());
    };
    app.store
        .finish_game(l.row.id, Some(before), result, reason, now)?;
    l.row.state = crate::store::GameState::Finished;
    l.row.result = Some(result);
    l.row.reason = Some(reason);
    l.row.finished_at = Some(now);
    Ok(ended(app, l, now))
}

/// Everything that follows the end of a game with a result, whatever ended
/// it: the ratings (once per game), then the tournament's results, next
/// game and next round. Replies are addressed to channels.
pub(crate) fn ended(app: &App, l: &Loaded, now: i64) -> Response {
    tournaments::rate(app, l, now);
    tournaments::on_game_end(app, l, now)
}

/// Ends an active game without a result.
pub(crate) fn abort(app: &App, id: GameId, reason: EndReason, now: i64) -> Result<(), AppendError> {
    app.store.abort_game(id, reason, now)
}

/// The players of a new game by side, from the side `first_player` asked
/// for (or a fair coin from the seed when `None`).
pub(crate) fn seat(a: &str, b: &str, a_side: Option<Side>, seed: u64) -> [String; 2] {
    let a_first = match a_side {
        Some(s) => s == Side::First,
        None => (seed >> 17) & 1 == 0,
    };
    if a_first {
        [a.to_string(), b.to_string()]
    } else {
        [b.to_string(), a.to_string()]
    }
}
