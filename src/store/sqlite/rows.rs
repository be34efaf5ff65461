//! Reading rows into the types of `types.rs`, and shared query helpers.

use super::*;

impl SqliteStore {
    pub(super) fn query_list<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        self.conn()
            .prepare_cached(sql)
            .and_then(|mut s| s.query_map(params, f)?.collect())
            .map_err(|e| self.err(e))
    }

    /// Games; one that cannot be read is skipped (and logged once).
    pub(super) fn query_games<P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.query_rows("games", sql, params, game_from_row)
    }
}

pub(super) fn opts_to_json(options: &[String]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".to_string())
}

/// Reads the JSON list of options in column `i`.
pub(super) fn opts_from_json(r: &Row<'_>, i: usize) -> rusqlite::Result<Vec<String>> {
    let s: String = r.get(i)?;
    serde_json::from_str(&s).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            Box::new(StoreError::BadData {
                detail: format!("options that are not a JSON list of words ({e})"),
            }),
        )
    })
}

pub(super) fn to_u32(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

pub(super) const GAME_COLUMNS: &str =
    "id, server_id, channel_id, variant, options, seed, first_side, \
     first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
     bank_first, bank_second, paused, state, result, reason, move_count, created_at, \
     updated_at, finished_at, deadline, reminders_sent, last_reminder_at, \
     thread, bot_level, start_position";

pub(super) fn game_from_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        variant: r.get(3)?,
        options: opts_from_json(r, 4)?,
        seed: r.get::<_, i64>(5)? as u64,
        first_side: r.get(6)?,
        first_player: r.get(7)?,
        second_player: r.get(8)?,
        challenge_id: r.get(9)?,
        tournament_match_id: r.get(10)?,
        rated: r.get(11)?,
        time_control: r.get(12)?,
        bank_first: r.get(13)?,
        bank_second: r.get(14)?,
        paused: r.get(15)?,
        state: r.get(16)?,
        result: r.get(17)?,
        reason: r.get(18)?,
        move_count: to_u32(r.get(19)?),
        created_at: r.get(20)?,
        updated_at: r.get(21)?,
        finished_at: r.get(22)?,
        deadline: r.get(23)?,
        reminders_sent: to_u32(r.get(24)?),
        last_reminder_at: r.get(25)?,
        settings: settings_from_row(r, 26)?,
    })
}

pub(super) const CHALLENGE_COLUMNS: &str =
    "id, server_id, channel_id, challenger_id, opponent_id, variant, \
     options, challenger_side, time_control, rated, state, game_id, created_at, updated_at, \
     expires_at, thread, bot_level, start_position";

pub(super) fn challenge_from_row(r: &Row<'_>) -> rusqlite::Result<Challenge> {
    Ok(Challenge {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        challenger_id: r.get(3)?,
        opponent_id: r.get(4)?,
        variant: r.get(5)?,
        options: opts_from_json(r, 6)?,
        challenger_side: r.get(7)?,
        time_control: r.get(8)?,
        rated: r.get(9)?,
        state: r.get(10)?,
        game_id: r.get(11)?,
        created_at: r.get(12)?,
        updated_at: r.get(13)?,
        expires_at: r.get(14)?,
        settings: settings_from_row(r, 15)?,
    })
}

/// The columns `thread, bot_level, start_position` from `first` on.
fn settings_from_row(r: &Row<'_>, first: usize) -> rusqlite::Result<GameSettings> {
    let bot_level = match r.get::<_, Option<i64>>(first + 1)? {
        None => None,
        Some(l) => match u8::try_from(l).ok().filter(|l| BOT_LEVELS.contains(l)) {
            Some(l) => Some(l),
            None => {
                return Err(rusqlite::Error::FromSqlConversionFailure(
                    first + 1,
                    rusqlite::types::Type::Integer,
                    Box::new(StoreError::BadData {
                        detail: format!("bot level {l} is not 1 to 5"),
                    }),
                ))
            }
        },
    };
    Ok(GameSettings {
        thread: r.get(first)?,
        bot_level,
        position: r.get(first + 2)?,
    })
}

pub(super) const TOURNAMENT_COLUMNS: &str =
    "id, server_id, channel_id, name, variant, options, format, \
     state, data, created_by, created_at, updated_at, version";

pub(super) fn tournament_from_row(r: &Row<'_>) -> rusqlite::Result<Tournament> {
    Ok(Tournament {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        name: r.get(3)?,
        variant: r.get(4)?,
        options: opts_from_json(r, 5)?,
        format: r.get(6)?,
        state: r.get(7)?,
        data: r.get(8)?,
        created_by: r.get(9)?,
        created_at: r.get(10)?,
        updated_at: r.get(11)?,
        version: r.get(12)?,
    })
}

pub(super) const RATING_COLUMNS: &str =
    "server_id, variant, player_id, rating, rd, vol, games, wins_first, \
     wins_second, losses, draws, updated_at";

pub(super) fn rating_from_row(r: &Row<'_>) -> rusqlite::Result<Rating> {
    Ok(Rating {
        server_id: r.get(0)?,
        variant: r.get(1)?,
        player_id: r.get(2)?,
        rating: r.get(3)?,
        rd: r.get(4)?,
        vol: r.get(5)?,
        games: to_u32(r.get(6)?),
        wins_first: to_u32(r.get(7)?),
        wins_second: to_u32(r.get(8)?),
        losses: to_u32(r.get(9)?),
        draws: to_u32(r.get(10)?),
        updated_at: r.get(11)?,
    })
}

/// Creates the server, channel and player rows a new game or challenge
/// refers to, if they are missing (named by their ids).
pub(super) fn ensure_refs(
    c: &Connection,
    server: &str,
    channel: Option<&str>,
    players: &[&str],
) -> rusqlite::Result<()> {
    c.prepare_cached("INSERT OR IGNORE INTO servers (id) VALUES (?1)")?
        .execute([server])?;
    if let Some(ch) = channel {
        c.prepare_cached("INSERT OR IGNORE INTO channels (id, server_id) VALUES (?1, ?2)")?
            .execute([ch, server])?;
    }
    for p in players {
        ensure_player(c, p)?;
    }
    Ok(())
}

pub(super) fn ensure_player(c: &Connection, p: &str) -> rusqlite::Result<()> {
    c.prepare_cached("INSERT OR IGNORE INTO players (id, display_name) VALUES (?1, ?1)")?
        .execute([p])?;
    Ok(())
}

pub(super) fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::ConstraintViolation
                && (f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
    )
}
