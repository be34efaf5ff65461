//! Challenges, and starting a game from one.

use super::games::insert_game_checked;
use super::rows::*;
use super::{
    ensure_refs, list_of, one_of, opts_to_json, params, Backend, Challenge, ChallengeId,
    ChallengeState, Challenges, ChannelId, Conn, FromValue, GameId, NewChallenge, NewGame, Row,
    StoreError, UserId, E, R,
};

impl<B: Backend> Challenges for B {
    fn create_challenge_capped(
        &self,
        ch: &NewChallenge,
        max_open: u32,
    ) -> Result<Option<ChallengeId>, StoreError> {
        self.sql_write_plain(|c| {
            if c.guards() {
                // The challenger's row is the lock: two challenges of one
                // player (from two processes) are counted one after the
                // other.
                ensure_refs(c, &ch.server_id, Some(&ch.channel_id), &[&ch.challenger_id])?;
                c.guard(
                    "SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE",
                    params![&ch.challenger_id],
                )?;
            }
            let n: i64 = match c.query_opt(
                "SELECT count(*) FROM challenges WHERE challenger_id = $1 \
                 AND server_id = $2 AND state = 'open' \
                 AND (expires_at IS NULL OR expires_at > $3)",
                params![&ch.challenger_id, &ch.server_id, ch.created_at],
            )? {
                Some(r) => r.get(0)?,
                None => 0,
            };
            if n >= i64::from(max_open) {
                return Ok(None);
            }
            insert_challenge(c, ch).map(Some)
        })
    }

    fn get_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt(
                concat!(
                    "SELECT ",
                    challenge_columns!(),
                    " FROM challenges WHERE id = $1"
                ),
                params![id],
            )?;
            one_of(
                self,
                crate::domain::Table::Challenges,
                r,
                challenge_from_row,
            )
        })
    }

    fn open_challenges_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.sql_read(|c| {
            let r = c.query(
                concat!(
                    "SELECT ",
                    challenge_columns!(),
                    " FROM challenges WHERE channel_id = $1 AND state = 'open' ORDER BY id"
                ),
                params![channel_id],
            )?;
            list_of(
                self,
                crate::domain::Table::Challenges,
                &r,
                challenge_from_row,
            )
        })
    }

    fn open_challenges_of_player(
        &self,
        player: &UserId,
        limit: u32,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.sql_read(|c| {
            // Two indexed lookups (challenges_open_by_challenger,
            // challenges_by_opponent), one list.
            let r = c.query(
                concat!(
                    "SELECT ",
                    challenge_columns!(),
                    " FROM challenges WHERE state = 'open' AND (challenger_id = $1 \
                     OR opponent_id = $1) ORDER BY id LIMIT $2"
                ),
                params![player, i64::from(limit)],
            )?;
            list_of(
                self,
                crate::domain::Table::Challenges,
                &r,
                challenge_from_row,
            )
        })
    }

    fn set_challenge_state(
        &self,
        id: ChallengeId,
        from: ChallengeState,
        to: ChallengeState,
        at: i64,
    ) -> Result<bool, StoreError> {
        // One UPDATE checks and changes: PostgreSQL re-reads the row after
        // waiting for a concurrent writer, so exactly one of two racing
        // changes from `from` wins.
        self.sql_write_plain(|c| set_challenge_state_in(c, id, from, to, at))
    }

    fn start_game_from_challenge(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<GameId, StoreError> {
        self.sql_write_plain(|c| {
            let Some(r) = c.query_opt(
                "SELECT state FROM challenges WHERE id = $1{lock}",
                params![challenge],
            )?
            else {
                return Err(E::Store(StoreError::NotFound {
                    what: "challenge",
                    id: challenge.to_string(),
                }));
            };
            let state: ChallengeState = r.get(0)?;
            if state != ChallengeState::Open {
                return Err(E::Store(StoreError::ChallengeNotOpen { challenge, state }));
            }
            let mut g = game.clone();
            g.challenge_id = Some(challenge);
            let id = insert_game_checked(c, &g)?;
            c.exec(
                "UPDATE challenges SET state = 'accepted', game_id = $2, updated_at = $3 \
                 WHERE id = $1",
                params![challenge, id, g.created_at],
            )?;
            Ok(id)
        })
    }
}

/// Inserts an open challenge (and its server, channel and players if new).
fn insert_challenge(c: &mut dyn Conn, ch: &NewChallenge) -> R<ChallengeId> {
    let mut players = vec![ch.challenger_id.as_str()];
    if let Some(o) = &ch.opponent_id {
        players.push(o);
    }
    ensure_refs(c, &ch.server_id, Some(&ch.channel_id), &players)?;
    let r = c.query_opt(
        "INSERT INTO challenges (server_id, channel_id, challenger_id, opponent_id, \
         variant, options, challenger_side, time_control, rated, state, created_at, \
         updated_at, expires_at, thread, bot_level, start_position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, $10, $11, $12, $13, $14) \
         RETURNING id",
        params![
            &ch.server_id,
            &ch.channel_id,
            &ch.challenger_id,
            ch.opponent_id.as_ref(),
            &ch.variant,
            opts_to_json(&ch.options),
            ch.challenger_side,
            &ch.time_control,
            ch.rated,
            ch.created_at,
            ch.expires_at,
            ch.settings.thread,
            ch.settings.bot_level,
            ch.settings.position.as_deref(),
        ],
    )?;
    returned_id(r)
}

/// The id of an `INSERT ... RETURNING id`.
pub fn returned_id<T: FromValue>(r: Option<Row>) -> R<T> {
    match r {
        Some(r) => r.get(0),
        None => Err(E::Store(StoreError::BadData {
            detail: "INSERT ... RETURNING gave no row".into(),
        })),
    }
}

/// [`Challenges::set_challenge_state`] inside the caller's transaction.
pub(super) fn set_challenge_state_in(
    c: &mut dyn Conn,
    id: ChallengeId,
    from: ChallengeState,
    to: ChallengeState,
    at: i64,
) -> R<bool> {
    let n = c.exec(
        "UPDATE challenges SET state = $3, updated_at = $4 WHERE id = $1 AND state = $2",
        params![id, from, to, at],
    )?;
    Ok(n == 1)
}
