//! Games and their moves.

use super::rows::*;
use super::{
    ensure_player, ensure_refs, list_of, logic, one_of, opts_to_json, params, AppendError, Backend,
    ChannelId, Conn, EndReason, GameId, GameResult, GameRow, GameState, Games, MatchId, NewGame,
    NewMove, OutMessage, ServerId, StoreError, StoredMove, UserId, Value, E, R,
};

/// A game's columns and then all its moves as one JSON list (the last
/// column, read by `load_one`): the moves of the game whose id is `$game`,
/// the games `$from`.
macro_rules! with_moves {
    ($game:literal, $from:literal) => {
        concat!(
            "SELECT ",
            game_columns!(),
            ", (SELECT coalesce({json_agg}({json_array}(number, text, player_id, at, \
             source_id) ORDER BY number), '[]') FROM moves WHERE game_id = ",
            $game,
            ") ",
            $from
        )
    };
}

impl<B: Backend> Games for B {
    fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        self.sql_write_plain(|c| insert_game_checked(c, game))
    }

    fn get_game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        self.on_read_game(id);
        self.one_game(
            concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1"),
            params![id],
        )
    }

    /// The header and its moves in one statement (one snapshot, one round
    /// trip instead of four: the move path's most frequent read).
    fn load_game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.on_read_game(id);
        // `{binary}`: see REPREPARE_NOTE in players.rs.
        self.sql_read(|c| {
            load_one(
                self,
                c,
                with_moves!("$1{binary}", "FROM games WHERE id = $1"),
                params![id],
            )
        })
    }

    fn load_active_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        // As load_game, found as active_game_in_channel finds it.
        self.sql_read(|c| {
            load_one(
                self,
                c,
                with_moves!(
                    "games.id",
                    "FROM games WHERE channel_id = $1 AND state = 'active'"
                ),
                params![channel_id],
            )
        })
    }

    fn load_latest_in_channel(
        &self,
        channel_id: &ChannelId,
    ) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.sql_read(|c| {
            load_one(
                self,
                c,
                with_moves!(
                    "games.id",
                    "FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
                ),
                params![channel_id],
            )
        })
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
            params![channel_id],
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
            params![channel_id],
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
            params![server_id, active_only, limit],
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
                games_of_player!(),
                "AND (NOT $2 OR state = 'active') ORDER BY id DESC LIMIT $3"
            ),
            params![player_id, active_only, limit],
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
                games_of_player!(),
                "AND server_id = $4 AND (NOT $2 OR state = 'active') ORDER BY id DESC LIMIT $3"
            ),
            params![player_id, active_only, limit, server_id],
        )
    }

    fn running_games_against_people(
        &self,
        a: &UserId,
        b: &UserId,
        bot: &UserId,
    ) -> Result<(u32, u32), StoreError> {
        // Each count reads the player's games through the two player
        // columns' indexes (as games_of_player! does), never the table.
        macro_rules! running {
            ($p:literal) => {
                concat!(
                    "(SELECT count(*) FROM games WHERE id IN ( \
                       SELECT id FROM games WHERE first_player = ",
                    $p,
                    " UNION SELECT id FROM games WHERE second_player = ",
                    $p,
                    ") AND state = 'active' AND tournament_match_id IS NULL \
                     AND first_player <> $3 AND second_player <> $3)"
                )
            };
        }
        self.sql_read(|c| {
            let Some(r) = c.query_opt(
                concat!("SELECT ", running!("$1"), ", ", running!("$2")),
                params![a, b, bot],
            )?
            else {
                return Ok((0, 0));
            };
            Ok((to_u32(r.get(0)?), to_u32(r.get(1)?)))
        })
    }

    fn games_of_match(&self, match_id: MatchId) -> Result<Vec<GameRow>, StoreError> {
        self.games(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE tournament_match_id = $1 ORDER BY id"
            ),
            params![match_id],
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
        end_game(
            self,
            id,
            expected_moves,
            GameState::Finished,
            Some(result),
            reason,
            at,
            &[],
        )
    }

    fn abort_game(&self, id: GameId, reason: EndReason, at: i64) -> Result<(), AppendError> {
        // Without a result, whatever the number of moves.
        end_game(self, id, None, GameState::Aborted, None, reason, at, &[])
    }

    fn moves(&self, game_id: GameId) -> Result<Vec<StoredMove>, StoreError> {
        self.sql_read(|c| read_moves(c, game_id))
    }
}

/// Reading games, for every area that lists them.
pub trait GameReads: Backend {
    /// The games of a query; one that cannot be read is skipped (and
    /// logged once).
    fn games(&self, sql: &'static str, params: &[Value<'_>]) -> Result<Vec<GameRow>, StoreError> {
        self.sql_read(|c| {
            list_of(
                self,
                crate::domain::Table::Games,
                &c.query(sql, params)?,
                game_from_row,
            )
        })
    }

    /// The game of a query of at most one row: one that cannot be read is
    /// an error naming it.
    fn one_game(
        &self,
        sql: &'static str,
        params: &[Value<'_>],
    ) -> Result<Option<GameRow>, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt(sql, params)?;
            one_of(self, crate::domain::Table::Games, r, game_from_row)
        })
    }
}

impl<B: Backend> GameReads for B {}

/// One game header with its moves as a JSON list in the last column (the
/// SQL of [`Games::load_game`] and its kin).
fn load_one<B: Backend>(
    b: &B,
    c: &mut dyn Conn,
    sql: &'static str,
    params: &[Value<'_>],
) -> R<Option<(GameRow, Vec<StoredMove>)>> {
    let Some(r) = c.query_opt(sql, params)? else {
        return Ok(None);
    };
    // The moves: the last column, after the header's.
    let moves_json: String = r.get(r.len() - 1)?;
    let Some(game) = one_of(b, crate::domain::Table::Games, Some(r), game_from_row)? else {
        return Ok(None);
    };
    Ok(Some((game, logic::moves_from_json(&moves_json)?)))
}

/// Ends a game (finished or aborted) in one transaction: the turn checked
/// ([`check_turn`]), the state, result, reason and times set, the deadline
/// and the standing offers cleared.
/// Ends a game in one transaction, with `out` (the messages telling of
/// it) put in the outbox in the same transaction.
#[allow(clippy::too_many_arguments)]
pub(super) fn end_game<B: Backend>(
    b: &B,
    id: GameId,
    expected_moves: Option<u32>,
    state: GameState,
    result: Option<GameResult>,
    reason: EndReason,
    at: i64,
    out: &[OutMessage],
) -> Result<(), AppendError> {
    b.sql_write(|c| {
        check_turn(c, id, expected_moves)?;
        c.exec(
            "UPDATE games SET state = $2, result = $3, reason = $4, finished_at = $5, \
             updated_at = $5, deadline = NULL, vacation_left = NULL WHERE id = $1",
            params![id, state, result, reason, at],
        )?;
        c.exec("DELETE FROM offers WHERE game_id = $1", params![id])?;
        super::outbox::enqueue_in(c, out, at)?;
        Ok(())
    })
}

/// A game's moves, in order.
pub fn read_moves(c: &mut dyn Conn, game_id: GameId) -> R<Vec<StoredMove>> {
    c.query(
        "SELECT number, text, player_id, at, source_id FROM moves \
         WHERE game_id = $1{binary} ORDER BY number",
        params![game_id],
    )?
    .iter()
    .map(|r| {
        Ok(StoredMove {
            number: to_u32(r.get(0)?),
            text: r.get(1)?,
            player_id: r.get(2)?,
            at: r.get(3)?,
            source_id: r.get(4)?,
        })
    })
    .collect()
}

/// Inserts a game, refusing a channel that has an active one. Inside the
/// caller's transaction; the unique index on active games per channel is
/// the guard between processes, its violation the same refusal.
pub fn insert_game_checked(c: &mut dyn Conn, g: &NewGame) -> R<GameId> {
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
    c.guard("SAVEPOINT new_game", &[])?;
    let inserted = c.query_opt(
        "INSERT INTO games (server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, created_at, updated_at, deadline, thread, bot_level, \
         start_position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, \
         $17, $18, $19) \
         RETURNING id",
        params![
            &g.server_id,
            &g.channel_id,
            &g.variant,
            opts_to_json(&g.options),
            g.seed as i64,
            g.first_side,
            &g.first_player,
            &g.second_player,
            g.challenge_id,
            g.tournament_match_id,
            g.rated,
            &g.time_control,
            g.bank_first,
            g.bank_second,
            g.created_at,
            g.deadline,
            g.settings.thread,
            g.settings.bot_level,
            g.settings.position.as_deref(),
        ],
    );
    match inserted {
        Ok(r) => {
            c.guard("RELEASE SAVEPOINT new_game", &[])?;
            super::challenges::returned_id(r)
        }
        Err(e) if e.is_unique_violation() => {
            c.guard("ROLLBACK TO SAVEPOINT new_game", &[])?;
            // The other writer has not necessarily committed: its game may
            // be invisible yet (0 then).
            let game = active_game_id(c, &g.channel_id)?.unwrap_or(GameId(0));
            Err(E::Store(StoreError::ChannelBusy {
                channel: g.channel_id.clone(),
                game,
            }))
        }
        Err(e) => Err(e),
    }
}

fn active_game_id(c: &mut dyn Conn, channel: &str) -> R<Option<GameId>> {
    c.query_opt(
        "SELECT id FROM games WHERE channel_id = $1 AND state = 'active'",
        params![channel],
    )?
    .map(|r| r.get(0))
    .transpose()
}

/// Locks a game's row for the rest of the transaction (PostgreSQL; on
/// SQLite the writer holds the whole database) and checks it: active, and
/// (with `expected`) exactly that many moves. Returns the move count and
/// whether the clock is paused. Every move-count-guarded change starts
/// here, so two of them on one game run one after the other (across
/// processes too) and the second sees the first's effect.
pub fn check_turn(c: &mut dyn Conn, game: GameId, expected: Option<u32>) -> R<(u32, bool)> {
    let Some(r) = c.query_opt(
        "SELECT state, move_count, paused FROM games WHERE id = $1{lock}",
        params![game],
    )?
    else {
        return Err(E::App(AppendError::NoSuchGame));
    };
    let state: String = r.get(0)?;
    let count = to_u32(r.get(1)?);
    let paused: bool = r.get(2)?;
    let active = state == GameState::Active.as_str();
    Ok((logic::check_turn(active, count, expected)?, paused))
}

/// Appends one move in the open transaction `c` (see
/// [`Clock::append_move_clocked`]): the game is read (and on PostgreSQL
/// locked) once, its source id recorded, the move written, the offers
/// voided and the game's row brought up to date with its clock
/// (`remind_at`, unless the move ends the game) in one UPDATE: six
/// statements. Refused, in this order: no such game, the clock is paused,
/// the source was applied before (also after a takeback), the game is
/// over or has another number of moves (a failed check rolls the whole
/// transaction back).
///
/// A game with waiting conditional lines has them dropped by the move (in
/// the same transaction); [`append_one`] and the conditional moves'
/// `append_move_answered` answer them instead.
pub fn append_move_in(c: &mut dyn Conn, mv: &NewMove<'_>, remind_at: Option<i64>) -> R<u32> {
    let (count, lines) = append_one(c, mv, remind_at)?;
    if lines {
        super::conditional::drop_lines_in(c, mv.game_id, mv.at)?;
    }
    Ok(count)
}

/// [`append_move_in`] without touching the game's conditional lines:
/// returns the new move count and whether the game had waiting lines
/// (read with the game's row, in the same statement: a game without any
/// costs no statement more).
pub fn append_one(c: &mut dyn Conn, mv: &NewMove<'_>, remind_at: Option<i64>) -> R<(u32, bool)> {
    let Some(r) = c.query_opt(
        "SELECT state, move_count, paused, first_player, second_player, \
         EXISTS (SELECT 1 FROM conditional_lines l \
         WHERE l.game_id = games.id AND l.state = 'waiting') \
         FROM games WHERE id = $1{lock}",
        params![mv.game_id],
    )?
    else {
        return Err(E::App(AppendError::NoSuchGame));
    };
    let state: String = r.get(0)?;
    let count = to_u32(r.get(1)?);
    let paused: bool = r.get(2)?;
    let players: [UserId; 2] = [r.get(3)?, r.get(4)?];
    let lines: bool = r.get(5)?;
    if paused {
        return Err(E::App(AppendError::Paused));
    }
    // A redelivered message is reported as such, not as stale; two games
    // racing for one source id (a message applied to two games cannot
    // happen from Discord, but the key says so) too.
    if c.exec(
        "INSERT INTO used_sources (source_id, game_id, at) VALUES ($1, $2, $3) \
         ON CONFLICT (source_id) DO NOTHING",
        params![mv.source_id, mv.game_id, mv.at],
    )? == 0
    {
        return Err(E::App(AppendError::Duplicate));
    }
    let active = state == GameState::Active.as_str();
    logic::check_turn(active, count, Some(mv.expected_number))?;
    // The game's players have their rows already (the game's keys say
    // so); anyone else moving for it gets one.
    if !players.iter().any(|p| p == mv.player_id) {
        ensure_player(c, mv.player_id)?;
    }
    c.exec(
        "INSERT INTO moves (game_id, number, text, player_id, at, source_id) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        params![
            mv.game_id,
            count,
            mv.text,
            mv.player_id,
            mv.at,
            mv.source_id
        ],
    )?;
    c.exec("DELETE FROM offers WHERE game_id = $1", params![mv.game_id])?;
    let (result, reason) = match mv.finished {
        Some((r, why)) => (Some(r), Some(why)),
        None => (None, None),
    };
    let [bank_first, bank_second] = mv.banks.unwrap_or([None, None]);
    c.exec(
        "UPDATE games SET move_count = $2, updated_at = $3, \
         deadline = CASE WHEN CAST($4 AS TEXT) IS NULL THEN CAST($5 AS BIGINT) ELSE NULL END, \
         reminders_sent = 0, \
         bank_first = CASE WHEN CAST($6 AS BOOLEAN) THEN CAST($7 AS BIGINT) ELSE bank_first END, \
         bank_second = CASE WHEN CAST($6 AS BOOLEAN) THEN CAST($8 AS BIGINT) ELSE bank_second END, \
         state = CASE WHEN CAST($4 AS TEXT) IS NULL THEN state ELSE 'finished' END, \
         result = COALESCE(CAST($4 AS TEXT), result), reason = COALESCE(CAST($9 AS TEXT), reason), \
         finished_at = CASE WHEN CAST($4 AS TEXT) IS NULL THEN finished_at ELSE $3 END, \
         remind_at = CASE WHEN CAST($4 AS TEXT) IS NULL THEN CAST($10 AS BIGINT) ELSE remind_at END, \
         vacation_left = CASE WHEN CAST($4 AS TEXT) IS NULL THEN CAST($11 AS BIGINT) ELSE NULL END \
         WHERE id = $1",
        params![
            mv.game_id,
            count + 1,
            mv.at,
            result,
            mv.deadline,
            mv.banks.is_some(),
            bank_first,
            bank_second,
            reason,
            remind_at,
            mv.vacation_left,
        ],
    )?;
    Ok((count + 1, lines))
}

/// A stored count as a `u32` (a count past it reads as the largest).
pub fn to_u32(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}
