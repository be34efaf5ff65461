//! Challenges, and starting a game from one.

use super::*;

impl Challenges for SqliteStore {
    fn create_challenge_capped(
        &self,
        ch: &NewChallenge,
        max_open: u32,
    ) -> Result<Option<ChallengeId>, StoreError> {
        self.write_plain(|c| {
            let n: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM challenges WHERE challenger_id = ?1 \
                     AND server_id = ?2 AND state = 'open' \
                     AND (expires_at IS NULL OR expires_at > ?3)",
                )?
                .query_row(
                    params![ch.challenger_id, ch.server_id, ch.created_at],
                    |r| r.get(0),
                )?;
            if n >= i64::from(max_open) {
                return Ok(None);
            }
            insert_challenge(c, ch).map(Some)
        })
    }

    fn get_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1");
        self.query_row_of("challenges", &sql, [id], challenge_from_row)
    }

    fn open_challenges_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE channel_id = ?1 AND state = 'open' ORDER BY id"
        );
        self.query_rows("challenges", &sql, [channel_id], challenge_from_row)
    }

    fn set_challenge_state(
        &self,
        id: ChallengeId,
        from: ChallengeState,
        to: ChallengeState,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached(
                    "UPDATE challenges SET state = ?3, updated_at = ?4 \
                     WHERE id = ?1 AND state = ?2",
                )?
                .execute(params![id, from, to, at])?;
            Ok(n == 1)
        })
    }

    fn start_game_from_challenge(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<GameId, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let state: Option<ChallengeState> = tx
            .prepare_cached("SELECT state FROM challenges WHERE id = ?1")
            .and_then(|mut s| s.query_row([challenge], |r| r.get(0)).optional())
            .map_err(|e| self.err(e))?;
        match state {
            None => {
                return Err(StoreError::NotFound {
                    what: "challenge",
                    id: challenge.to_string(),
                })
            }
            Some(s) if s != ChallengeState::Open => {
                return Err(StoreError::ChallengeNotOpen {
                    challenge,
                    state: s,
                })
            }
            Some(_) => {}
        }
        let mut g = game.clone();
        g.challenge_id = Some(challenge);
        let id = self.insert_game_checked(&tx, &g)?;
        tx.prepare_cached(
            "UPDATE challenges SET state = 'accepted', game_id = ?2, updated_at = ?3 \
             WHERE id = ?1",
        )
        .and_then(|mut s| s.execute(params![challenge, id, g.created_at]))
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(id)
    }
}

/// Inserts an open challenge (and its server, channel and players if new).
fn insert_challenge(c: &Connection, ch: &NewChallenge) -> rusqlite::Result<ChallengeId> {
    let mut players = vec![ch.challenger_id.as_str()];
    if let Some(o) = &ch.opponent_id {
        players.push(o);
    }
    ensure_refs(c, &ch.server_id, Some(&ch.channel_id), &players)?;
    c.prepare_cached(
        "INSERT INTO challenges (server_id, channel_id, challenger_id, opponent_id, \
         variant, options, challenger_side, time_control, rated, state, created_at, \
         updated_at, expires_at, thread, bot_level, start_position) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?10, ?11, ?12, ?13, ?14)",
    )?
    .execute(params![
        ch.server_id,
        ch.channel_id,
        ch.challenger_id,
        ch.opponent_id,
        ch.variant,
        opts_to_json(&ch.options),
        ch.challenger_side,
        ch.time_control,
        ch.rated,
        ch.created_at,
        ch.expires_at,
        ch.settings.thread,
        ch.settings.bot_level,
        ch.settings.position,
    ])?;
    Ok(ChallengeId(c.last_insert_rowid()))
}
