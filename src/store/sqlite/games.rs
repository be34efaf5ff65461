//! Games and their moves.

use super::*;

impl Games for SqliteStore {
    fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let id = self.insert_game_checked(&tx, game)?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(id)
    }

    fn get_game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        #[cfg(feature = "fault-injection")]
        self.faults().on_read_game(id);
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        self.query_one_game(&sql, [id])
    }

    fn load_game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        #[cfg(feature = "fault-injection")]
        self.faults().on_read_game(id);
        // The header and its moves in one statement: one snapshot, as
        // PostgreSQL's (`?1 COLLATE BINARY`: see REPREPARE_NOTE).
        let sql = with_moves("?1 COLLATE BINARY", "FROM games WHERE id = ?1");
        self.load_one(&sql, [id])
    }

    fn load_active_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        // As load_game, found as active_game_in_channel finds it.
        let sql = with_moves(
            "games.id",
            "FROM games WHERE channel_id = ?1 AND state = 'active'",
        );
        self.load_one(&sql, [channel_id])
    }

    fn load_latest_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        let sql = with_moves(
            "games.id",
            "FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1",
        );
        self.load_one(&sql, [channel_id])
    }

    fn active_game_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<GameRow>, StoreError> {
        let sql =
            format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND state = 'active'");
        self.query_one_game(&sql, [channel_id])
    }

    fn latest_game_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1"
        );
        self.query_one_game(&sql, [channel_id])
    }

    fn games_on_server(
        &self,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE server_id = ?1 \
             AND (?2 = 0 OR state = 'active') ORDER BY id DESC LIMIT ?3"
        );
        self.query_games(&sql, params![server_id, active_only, limit])
    }

    fn games_of_player(
        &self,
        player_id: &UserId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN ( \
               SELECT id FROM games WHERE first_player = ?1 \
               UNION SELECT id FROM games WHERE second_player = ?1) \
             AND (?2 = 0 OR state = 'active') ORDER BY id DESC LIMIT ?3"
        );
        self.query_games(&sql, params![player_id, active_only, limit])
    }

    fn games_of_player_on_server(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN ( \
               SELECT id FROM games WHERE first_player = ?1 \
               UNION SELECT id FROM games WHERE second_player = ?1) \
             AND server_id = ?4 AND (?2 = 0 OR state = 'active') ORDER BY id DESC LIMIT ?3"
        );
        self.query_games(&sql, params![player_id, active_only, limit, server_id])
    }

    fn games_of_match(&self, match_id: MatchId) -> Result<Vec<GameRow>, StoreError> {
        let sql =
            format!("SELECT {GAME_COLUMNS} FROM games WHERE tournament_match_id = ?1 ORDER BY id");
        self.query_games(&sql, params![match_id])
    }

    fn finish_game(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        result: GameResult,
        reason: EndReason,
        at: i64,
    ) -> Result<(), AppendError> {
        logic::finish_game(self, id, expected_moves, result, reason, at)
    }

    fn abort_game(&self, id: GameId, reason: EndReason, at: i64) -> Result<(), AppendError> {
        logic::abort_game(self, id, reason, at)
    }

    fn moves(&self, game_id: GameId) -> Result<Vec<StoredMove>, StoreError> {
        read_moves(&self.conn(), game_id).map_err(|e| self.err(e))
    }
}

impl SqliteStore {
    /// One game header with its moves as a JSON list in the last column
    /// (the SQL of [`Games::load_game`] and its kin).
    fn load_one<P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        let conn = self.conn();
        let row = self
            .read_rows_on(
                &conn,
                "games",
                sql,
                params,
                |r| {
                    let game = game_from_row(r)?;
                    let moves: String = r.get(r.as_ref().column_count() - 1)?;
                    Ok((game, moves))
                },
                false,
            )?
            .into_iter()
            .next();
        drop(conn);
        let Some((game, moves)) = row else {
            return Ok(None);
        };
        Ok(Some((game, crate::store::logic::moves_from_json(&moves)?)))
    }

    pub(super) fn insert_game_checked(
        &self,
        c: &Connection,
        g: &NewGame,
    ) -> Result<GameId, StoreError> {
        if let Some(game) = active_game_id(c, &g.channel_id).map_err(|e| self.err(e))? {
            return Err(StoreError::ChannelBusy {
                channel: g.channel_id.clone(),
                game,
            });
        }
        insert_game(c, g).map_err(|e| {
            if is_unique_violation(&e) {
                // Unreachable while we hold the write lock, but the index
                // is the real guard.
                StoreError::ChannelBusy {
                    channel: g.channel_id.clone(),
                    game: GameId(0),
                }
            } else {
                self.err(e)
            }
        })
    }
}

impl logic::EndGame for SqliteStore {
    fn end_game(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        state: GameState,
        result: Option<GameResult>,
        reason: EndReason,
        at: i64,
    ) -> Result<(), AppendError> {
        self.write(|c| {
            check_turn(c, id, expected_moves)?;
            c.prepare_cached(
                "UPDATE games SET state = ?2, result = ?3, reason = ?4, finished_at = ?5, \
                 updated_at = ?5, deadline = NULL WHERE id = ?1",
            )?
            .execute(params![id, state.as_str(), result, reason, at])?;
            c.prepare_cached("DELETE FROM offers WHERE game_id = ?1")?
                .execute([id])?;
            Ok(())
        })
    }
}

/// A game's columns and then all its moves as one JSON list (the last
/// column, read by `load_one`): the moves of the game whose id is `game`,
/// the games `from`.
fn with_moves(game: &str, from: &str) -> String {
    format!(
        "SELECT {GAME_COLUMNS}, (SELECT json_group_array(json_array(number, text, \
         player_id, at, source_id) ORDER BY number) FROM moves WHERE game_id = {game}) {from}"
    )
}

pub(super) fn insert_game(c: &Connection, g: &NewGame) -> rusqlite::Result<GameId> {
    ensure_refs(
        c,
        &g.server_id,
        Some(&g.channel_id),
        &[&g.first_player, &g.second_player],
    )?;
    c.prepare_cached(
        "INSERT INTO games (server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, created_at, updated_at, deadline, thread, bot_level, \
         start_position) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15, ?16, \
         ?17, ?18, ?19)",
    )?
    .execute(params![
        g.server_id,
        g.channel_id,
        g.variant,
        opts_to_json(&g.options),
        g.seed as i64,
        g.first_side,
        g.first_player,
        g.second_player,
        g.challenge_id,
        g.tournament_match_id,
        g.rated,
        g.time_control,
        g.bank_first,
        g.bank_second,
        g.created_at,
        g.deadline,
        g.settings.thread,
        g.settings.bot_level,
        g.settings.position,
    ])?;
    Ok(GameId(c.last_insert_rowid()))
}

pub(super) fn active_game_id(c: &Connection, channel: &str) -> rusqlite::Result<Option<GameId>> {
    c.prepare_cached("SELECT id FROM games WHERE channel_id = ?1 AND state = 'active'")?
        .query_row([channel], |r| r.get(0))
        .optional()
}

/// Reads `(state, move_count)` of a game inside a transaction.
pub(super) fn game_state(c: &Connection, game: GameId) -> rusqlite::Result<Option<(String, i64)>> {
    c.prepare_cached("SELECT state, move_count FROM games WHERE id = ?1")?
        .query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
}

/// The checks shared by every move-count-guarded change.
pub(super) fn check_turn(
    c: &Connection,
    game: GameId,
    expected: Option<u32>,
) -> Result<u32, AppendErrorOrSql> {
    let Some((state, count)) = game_state(c, game)? else {
        return Err(AppendErrorOrSql::App(AppendError::NoSuchGame));
    };
    check_state(&state, count, expected)
}

/// [`logic::check_turn`] on a game's `(state, move_count)` as read.
pub(super) fn check_state(
    state: &str,
    count: i64,
    expected: Option<u32>,
) -> Result<u32, AppendErrorOrSql> {
    let active = state == GameState::Active.as_str();
    logic::check_turn(active, to_u32(count), expected).map_err(AppendErrorOrSql::App)
}

/// The statements of [`SqliteStore::append_move`], inside the caller's transaction.
pub(super) fn append_move_in(c: &Connection, mv: &NewMove<'_>) -> Result<u32, AppendErrorOrSql> {
    let Some((state, count)) = game_state(c, mv.game_id)? else {
        return Err(AppendErrorOrSql::App(AppendError::NoSuchGame));
    };
    // A redelivered message is reported as such, not as stale.
    let dup = c
        .prepare_cached("SELECT 1 FROM used_sources WHERE source_id = ?1")?
        .exists([mv.source_id])?;
    if dup {
        return Err(AppendErrorOrSql::App(AppendError::Duplicate));
    }
    let n = check_state(&state, count, Some(mv.expected_number))?;
    ensure_player(c, mv.player_id)?;
    c.prepare_cached("INSERT INTO used_sources (source_id, game_id, at) VALUES (?1, ?2, ?3)")?
        .execute(params![mv.source_id, mv.game_id, mv.at])?;
    c.prepare_cached(
        "INSERT INTO moves (game_id, number, text, player_id, at, source_id) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        mv.game_id,
        n,
        mv.text,
        mv.player_id,
        mv.at,
        mv.source_id
    ])?;
    c.prepare_cached("DELETE FROM offers WHERE game_id = ?1")?
        .execute([mv.game_id])?;
    let (result, reason) = match mv.finished {
        Some((r, why)) => (Some(r), Some(why)),
        None => (None, None),
    };
    let [bank_first, bank_second] = mv.banks.unwrap_or([None, None]);
    c.prepare_cached(
        "UPDATE games SET move_count = ?2, updated_at = ?3, \
         deadline = CASE WHEN ?4 IS NULL THEN ?5 ELSE NULL END, \
         reminders_sent = 0, \
         bank_first = CASE WHEN ?6 THEN ?7 ELSE bank_first END, \
         bank_second = CASE WHEN ?6 THEN ?8 ELSE bank_second END, \
         state = CASE WHEN ?4 IS NULL THEN state ELSE 'finished' END, \
         result = COALESCE(?4, result), reason = COALESCE(?9, reason), \
         finished_at = CASE WHEN ?4 IS NULL THEN finished_at ELSE ?3 END \
         WHERE id = ?1",
    )?
    .execute(params![
        mv.game_id,
        n + 1,
        mv.at,
        result,
        mv.deadline,
        mv.banks.is_some(),
        bank_first,
        bank_second,
        reason,
    ])?;
    Ok(n + 1)
}

pub(super) enum AppendErrorOrSql {
    App(AppendError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for AppendErrorOrSql {
    fn from(e: rusqlite::Error) -> Self {
        AppendErrorOrSql::Sql(e)
    }
}
