//! Games and their moves.

use super::rows::*;
use super::*;
use crate::store::*;

/// A game's columns and then all its moves as one JSON list (the last
/// column, read by `load_one`): the moves of the game whose id is `$game`,
/// the games `$from`.
macro_rules! with_moves {
    ($game:literal, $from:literal) => {
        concat!(
            "SELECT ",
            game_columns!(),
            ", (SELECT coalesce(json_agg(json_build_array(number, text, player_id, at, \
             source_id) ORDER BY number), '[]'::json)::text FROM moves WHERE game_id = ",
            $game,
            ") ",
            $from
        )
    };
}

impl Games for PostgresStore {
    fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        self.write_plain(|c| insert_game_checked(c, game))
    }

    fn get_game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        self.read(|c| {
            let r = row(
                c,
                concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1"),
                &[&id],
            )?;
            self.one_of("games", r, game_from_row)
        })
    }

    /// The header and its moves in one statement (one snapshot, one round
    /// trip instead of four: the move path's most frequent read).
    fn load_game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.load_one(with_moves!("$1", "FROM games WHERE id = $1"), &[&id])
    }

    fn load_active_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        // As load_game, found as active_game_in_channel finds it.
        self.load_one(
            with_moves!(
                "games.id",
                "FROM games WHERE channel_id = $1 AND state = 'active'"
            ),
            &[&channel_id],
        )
    }

    fn load_latest_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.load_one(
            with_moves!(
                "games.id",
                "FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
            ),
            &[&channel_id],
        )
    }

    fn active_game_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<GameRow>, StoreError> {
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE channel_id = $1 AND state = 'active'"
            ),
            &[&channel_id],
        )
    }

    fn latest_game_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<GameRow>, StoreError> {
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
            ),
            &[&channel_id],
        )
    }

    fn games_on_server(
        &self,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE server_id = $1 \
                 AND (NOT $2 OR state = 'active') ORDER BY id DESC LIMIT $3"
            ),
            &[&server_id, &active_only, &i64::from(limit)],
        )
    }

    fn games_of_player(
        &self,
        player_id: &UserId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE id IN ( \
                   SELECT id FROM games WHERE first_player = $1 \
                   UNION SELECT id FROM games WHERE second_player = $1) \
                 AND (NOT $2 OR state = 'active') ORDER BY id DESC LIMIT $3"
            ),
            &[&player_id, &active_only, &i64::from(limit)],
        )
    }

    fn games_of_player_on_server(
        &self,
        player_id: &UserId,
        server_id: &ServerId,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE id IN ( \
                   SELECT id FROM games WHERE first_player = $1 \
                   UNION SELECT id FROM games WHERE second_player = $1) \
                 AND server_id = $4 AND (NOT $2 OR state = 'active') ORDER BY id DESC LIMIT $3"
            ),
            &[&player_id, &active_only, &i64::from(limit), &server_id],
        )
    }

    fn games_of_match(&self, match_id: MatchId) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE tournament_match_id = $1 ORDER BY id"
            ),
            &[&match_id],
        )
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
        self.read(|c| read_moves(c, game_id))
    }
}

impl PostgresStore {
    pub(super) fn games(
        &self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<GameRow>, StoreError> {
        self.read(|c| self.list_of("games", &rows(c, sql, params)?, game_from_row))
    }

    /// The game of a query of at most one row: one that cannot be read is
    /// an error naming it.
    pub(super) fn one_game(
        &self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Option<GameRow>, StoreError> {
        self.read(|c| {
            let r = rows(c, sql, params)?.into_iter().next();
            self.one_of("games", r, game_from_row)
        })
    }
}

impl logic::EndGame for PostgresStore {
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
            exec(
                c,
                "UPDATE games SET state = $2, result = $3, reason = $4, finished_at = $5, \
                 updated_at = $5, deadline = NULL WHERE id = $1",
                &[
                    &id,
                    &state.as_str(),
                    &result.map(|r| r.as_str()),
                    &reason.as_str(),
                    &at,
                ],
            )?;
            exec(c, "DELETE FROM offers WHERE game_id = $1", &[&id])?;
            Ok(())
        })
    }
}

/// Inserts a game, refusing a channel that has an active one. Inside the
/// caller's transaction; the unique index on active games per channel is
/// the guard between processes, its violation the same refusal.
pub(super) fn insert_game_checked(c: &mut PgConn, g: &NewGame) -> R<GameId> {
    if let Some(game) = active_game_id(c, &g.channel_id)? {
        return Err(E::Store(StoreError::ChannelBusy {
            channel: g.channel_id.clone(),
            game,
        }));
    }
    ensure_refs(
        c,
        &g.server_id,
        Some(&g.channel_id),
        &[&g.first_player, &g.second_player],
    )?;
    // A savepoint, so that losing the race to another process's game in
    // this channel leaves the transaction usable to say which game won.
    c.batch("SAVEPOINT new_game")?;
    let inserted = row(
        c,
        "INSERT INTO games (server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, created_at, updated_at, deadline, thread, bot_level, \
         start_position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, \
         $17, $18, $19) \
         RETURNING id",
        &[
            &g.server_id,
            &g.channel_id,
            &g.variant,
            &opts_to_json(&g.options),
            &(g.seed as i64),
            &side_word(g.first_side),
            &g.first_player,
            &g.second_player,
            &g.challenge_id,
            &g.tournament_match_id,
            &g.rated,
            &g.time_control.to_string(),
            &g.bank_first,
            &g.bank_second,
            &g.created_at,
            &g.deadline,
            &g.settings.thread,
            &g.settings.bot_level.map(i64::from),
            &g.settings.position,
        ],
    );
    match inserted {
        Ok(r) => {
            c.batch("RELEASE SAVEPOINT new_game")?;
            let r = r.ok_or_else(|| {
                E::Store(StoreError::BadData {
                    detail: "INSERT ... RETURNING gave no row".into(),
                })
            })?;
            Ok(r.try_get(0)?)
        }
        Err(E::Pg(e)) if super::error::is_unique_violation(&e) => {
            c.batch("ROLLBACK TO SAVEPOINT new_game")?;
            // The other writer has not necessarily committed: its game may
            // be invisible yet (0 then, as the SQLite store says).
            let game = active_game_id(c, &g.channel_id)?.unwrap_or(GameId(0));
            Err(E::Store(StoreError::ChannelBusy {
                channel: g.channel_id.clone(),
                game,
            }))
        }
        Err(e) => Err(e),
    }
}

pub(super) fn active_game_id(c: &mut PgConn, channel: &str) -> R<Option<GameId>> {
    Ok(row(
        c,
        "SELECT id FROM games WHERE channel_id = $1 AND state = 'active'",
        &[&channel],
    )?
    .map(|r| r.get(0)))
}

/// Locks a game's row for the rest of the transaction and checks it:
/// active, and (with `expected`) exactly that many moves. Returns the move
/// count and whether the clock is paused. Every move-count-guarded change
/// starts here, so two of them on one game run one after the other (across
/// processes too) and the second sees the first's effect.
pub(super) fn check_turn(c: &mut PgConn, game: GameId, expected: Option<u32>) -> R<(u32, bool)> {
    let Some(r) = row(
        c,
        "SELECT state, move_count, paused FROM games WHERE id = $1 FOR NO KEY UPDATE",
        &[&game],
    )?
    else {
        return Err(E::App(AppendError::NoSuchGame));
    };
    let state: String = r.try_get(0)?;
    let count = to_u32(r.try_get(1)?);
    let paused: bool = r.try_get(2)?;
    let active = state == GameState::Active.as_str();
    Ok((logic::check_turn(active, count, expected)?, paused))
}

/// The statements of `append_move`, inside the caller's transaction.
pub(super) fn append_move_in(c: &mut PgConn, mv: &NewMove<'_>) -> R<u32> {
    let Some(r) = row(
        c,
        "SELECT state, move_count FROM games WHERE id = $1 FOR NO KEY UPDATE",
        &[&mv.game_id],
    )?
    else {
        return Err(E::App(AppendError::NoSuchGame));
    };
    let state: String = r.try_get(0)?;
    let count = to_u32(r.try_get(1)?);
    // A redelivered message is reported as such, not as stale.
    if row(
        c,
        "SELECT 1 FROM used_sources WHERE source_id = $1",
        &[&mv.source_id],
    )?
    .is_some()
    {
        return Err(E::App(AppendError::Duplicate));
    }
    let active = state == GameState::Active.as_str();
    logic::check_turn(active, count, Some(mv.expected_number))?;
    let n = i64::from(count);
    ensure_player(c, mv.player_id)?;
    // Two games racing for one source id (a message applied to two games
    // cannot happen from Discord, but the key says so): the loser sees the
    // unique violation as a duplicate.
    match exec(
        c,
        "INSERT INTO used_sources (source_id, game_id, at) VALUES ($1, $2, $3)",
        &[&mv.source_id, &mv.game_id, &mv.at],
    ) {
        Err(E::Pg(e)) if super::error::is_unique_violation(&e) => {
            return Err(E::App(AppendError::Duplicate))
        }
        other => other?,
    };
    exec(
        c,
        "INSERT INTO moves (game_id, number, text, player_id, at, source_id) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            &mv.game_id,
            &n,
            &mv.text,
            &mv.player_id,
            &mv.at,
            &mv.source_id,
        ],
    )?;
    exec(c, "DELETE FROM offers WHERE game_id = $1", &[&mv.game_id])?;
    let (result, reason) = match mv.finished {
        Some((r, why)) => (Some(r.as_str()), Some(why.as_str())),
        None => (None, None),
    };
    let [bank_first, bank_second] = mv.banks.unwrap_or([None, None]);
    exec(
        c,
        "UPDATE games SET move_count = $2, updated_at = $3, \
         deadline = CASE WHEN $4::text IS NULL THEN $5::bigint ELSE NULL END, \
         reminders_sent = 0, \
         bank_first = CASE WHEN $6::boolean THEN $7::bigint ELSE bank_first END, \
         bank_second = CASE WHEN $6::boolean THEN $8::bigint ELSE bank_second END, \
         state = CASE WHEN $4::text IS NULL THEN state ELSE 'finished' END, \
         result = COALESCE($4::text, result), reason = COALESCE($9::text, reason), \
         finished_at = CASE WHEN $4::text IS NULL THEN finished_at ELSE $3 END \
         WHERE id = $1",
        &[
            &mv.game_id,
            &(n + 1),
            &mv.at,
            &result,
            &mv.deadline,
            &mv.banks.is_some(),
            &bank_first,
            &bank_second,
            &reason,
        ],
    )?;
    Ok(count + 1)
}

impl PostgresStore {
    /// One game header with its moves as a JSON list in the last column
    /// (the SQL of [`Games::load_game`] and its kin).
    fn load_one(
        &self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.read(|c| {
            let Some(r) = row(c, sql, params)? else {
                return Ok(None);
            };
            // The moves: the last column, after the header's.
            let moves_json: String = r.try_get(r.len() - 1)?;
            let Some(game) = self.one_of("games", Some(r), game_from_row)? else {
                return Ok(None);
            };
            let moves = crate::store::logic::moves_from_json(&moves_json)?;
            Ok(Some((game, moves)))
        })
    }
}
