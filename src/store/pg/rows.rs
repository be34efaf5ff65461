//! Reading PostgreSQL rows into the store's types, the error type the
//! store's closures use inside a transaction, and shared statements.

use postgres::Row;

use super::super::*;
use super::pool::PgConn;

/// What goes wrong inside one of the store's transactions: the database
/// failed, a row could not be read, or a rule of the operation refused.
pub(crate) enum E {
    Pg(postgres::Error),
    Store(StoreError),
    App(AppendError),
}

impl From<postgres::Error> for E {
    fn from(e: postgres::Error) -> Self {
        E::Pg(e)
    }
}

impl From<StoreError> for E {
    fn from(e: StoreError) -> Self {
        E::Store(e)
    }
}

impl From<BadValue> for E {
    fn from(e: BadValue) -> Self {
        E::Store(e.into())
    }
}

impl From<AppendError> for E {
    fn from(e: AppendError) -> Self {
        E::App(e)
    }
}

pub(crate) type R<T> = Result<T, E>;

pub(crate) fn to_u32(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

pub(crate) fn opts_to_json(options: &[String]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".to_string())
}

fn bad(column: &str, detail: impl std::fmt::Display) -> StoreError {
    StoreError::BadData {
        detail: format!("{column}: {detail}"),
    }
}

pub(crate) fn opts_from_json(s: &str, column: &str) -> Result<Vec<String>, StoreError> {
    serde_json::from_str(s).map_err(|e| bad(column, e))
}

/// A typed value read from its text column with its own parser.
fn word<T, X: std::fmt::Display>(r: &Row, i: usize, parse: impl Fn(&str) -> Result<T, X>) -> R<T> {
    let s: String = r.try_get(i)?;
    parse(&s).map_err(|e| E::Store(bad(r.columns()[i].name(), e)))
}

fn opt_word<T, X: std::fmt::Display>(
    r: &Row,
    i: usize,
    parse: impl Fn(&str) -> Result<T, X>,
) -> R<Option<T>> {
    let s: Option<String> = r.try_get(i)?;
    s.map(|s| parse(&s).map_err(|e| E::Store(bad(r.columns()[i].name(), e))))
        .transpose()
}

/// The columns [`game_from_row`] reads, in its order.
macro_rules! game_columns {
    () => {
        "id, server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, paused, state, result, reason, move_count, created_at, \
         updated_at, finished_at, deadline, reminders_sent, last_reminder_at, thread, bot_level, \
         start_position"
    };
}
pub(crate) use game_columns;

pub(crate) fn game_from_row(r: &Row) -> R<GameRow> {
    Ok(GameRow {
        id: r.try_get(0)?,
        server_id: r.try_get(1)?,
        channel_id: r.try_get(2)?,
        variant: r.try_get(3)?,
        options: opts_from_json(r.try_get(4)?, "options")?,
        seed: r.try_get::<_, i64>(5)? as u64,
        first_side: word(r, 6, side_of_word)?,
        first_player: r.try_get(7)?,
        second_player: r.try_get(8)?,
        challenge_id: r.try_get(9)?,
        tournament_match_id: r.try_get(10)?,
        rated: r.try_get(11)?,
        time_control: word(r, 12, TimeControl::from_stored)?,
        bank_first: r.try_get(13)?,
        bank_second: r.try_get(14)?,
        paused: r.try_get(15)?,
        state: word(r, 16, GameState::parse)?,
        result: opt_word(r, 17, GameResult::parse)?,
        reason: opt_word(r, 18, EndReason::parse)?,
        move_count: to_u32(r.try_get(19)?),
        created_at: r.try_get(20)?,
        updated_at: r.try_get(21)?,
        finished_at: r.try_get(22)?,
        deadline: r.try_get(23)?,
        reminders_sent: to_u32(r.try_get(24)?),
        last_reminder_at: r.try_get(25)?,
        settings: settings_from_row(r, 26)?,
    })
}

macro_rules! challenge_columns {
    () => {
        "id, server_id, channel_id, challenger_id, opponent_id, variant, \
         options, challenger_side, time_control, rated, state, game_id, created_at, updated_at, \
         expires_at, thread, bot_level, start_position"
    };
}
pub(crate) use challenge_columns;

pub(crate) fn challenge_from_row(r: &Row) -> R<Challenge> {
    Ok(Challenge {
        id: r.try_get(0)?,
        server_id: r.try_get(1)?,
        channel_id: r.try_get(2)?,
        challenger_id: r.try_get(3)?,
        opponent_id: r.try_get(4)?,
        variant: r.try_get(5)?,
        options: opts_from_json(r.try_get(6)?, "options")?,
        challenger_side: opt_word(r, 7, side_of_word)?,
        time_control: word(r, 8, TimeControl::from_stored)?,
        rated: r.try_get(9)?,
        state: word(r, 10, ChallengeState::parse)?,
        game_id: r.try_get(11)?,
        created_at: r.try_get(12)?,
        updated_at: r.try_get(13)?,
        expires_at: r.try_get(14)?,
        settings: settings_from_row(r, 15)?,
    })
}

/// The columns `thread, bot_level, start_position` from `first` on.
fn settings_from_row(r: &Row, first: usize) -> R<GameSettings> {
    let bot_level = match r.try_get::<_, Option<i64>>(first + 1)? {
        None => None,
        Some(l) => match u8::try_from(l).ok().filter(|l| BOT_LEVELS.contains(l)) {
            Some(l) => Some(l),
            None => {
                return Err(E::Store(bad(
                    "bot_level",
                    format!("bot level {l} is not 1 to 5"),
                )))
            }
        },
    };
    Ok(GameSettings {
        thread: r.try_get(first)?,
        bot_level,
        position: r.try_get(first + 2)?,
    })
}

macro_rules! tournament_columns {
    () => {
        "id, server_id, channel_id, name, variant, options, format, \
         state, data, created_by, created_at, updated_at, version"
    };
}
pub(crate) use tournament_columns;

pub(crate) fn tournament_from_row(r: &Row) -> R<Tournament> {
    Ok(Tournament {
        id: r.try_get(0)?,
        server_id: r.try_get(1)?,
        channel_id: r.try_get(2)?,
        name: r.try_get(3)?,
        variant: r.try_get(4)?,
        options: opts_from_json(r.try_get(5)?, "options")?,
        format: word(r, 6, TournamentFormat::parse)?,
        state: word(r, 7, TournamentPhase::parse)?,
        data: r.try_get(8)?,
        created_by: r.try_get(9)?,
        created_at: r.try_get(10)?,
        updated_at: r.try_get(11)?,
        version: r.try_get(12)?,
    })
}

macro_rules! rating_columns {
    () => {
        "server_id, variant, player_id, rating, rd, vol, games, wins_first, \
         wins_second, losses, draws, updated_at"
    };
}
pub(crate) use rating_columns;

pub(crate) fn rating_from_row(r: &Row) -> R<Rating> {
    Ok(Rating {
        server_id: r.try_get(0)?,
        variant: r.try_get(1)?,
        player_id: r.try_get(2)?,
        rating: r.try_get(3)?,
        rd: r.try_get(4)?,
        vol: r.try_get(5)?,
        games: to_u32(r.try_get(6)?),
        wins_first: to_u32(r.try_get(7)?),
        wins_second: to_u32(r.try_get(8)?),
        losses: to_u32(r.try_get(9)?),
        draws: to_u32(r.try_get(10)?),
        updated_at: r.try_get(11)?,
    })
}

macro_rules! match_columns {
    () => {
        "id, tournament_id, round, board, first_player, second_player, result"
    };
}
pub(crate) use match_columns;

pub(crate) fn match_from_row(r: &Row) -> R<TournamentMatch> {
    Ok(TournamentMatch {
        id: r.try_get(0)?,
        tournament_id: r.try_get(1)?,
        round: to_u32(r.try_get(2)?),
        board: to_u32(r.try_get(3)?),
        first_player: r.try_get(4)?,
        second_player: r.try_get(5)?,
        result: opt_word(r, 6, MatchResult::parse)?,
    })
}

/// Creates the server, channel and player rows a new game or challenge
/// refers to, if they are missing (named by their ids).
pub(crate) fn ensure_refs(
    c: &mut PgConn,
    server: &str,
    channel: Option<&str>,
    players: &[&str],
) -> R<()> {
    let s = c.prep("INSERT INTO servers (id) VALUES ($1) ON CONFLICT DO NOTHING")?;
    c.client.execute(&s, &[&server])?;
    if let Some(ch) = channel {
        let s =
            c.prep("INSERT INTO channels (id, server_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")?;
        c.client.execute(&s, &[&ch, &server])?;
    }
    for p in players {
        ensure_player(c, p)?;
    }
    Ok(())
}

pub(crate) fn ensure_player(c: &mut PgConn, p: &str) -> R<()> {
    let s =
        c.prep("INSERT INTO players (id, display_name) VALUES ($1, $1) ON CONFLICT DO NOTHING")?;
    c.client.execute(&s, &[&p])?;
    Ok(())
}

/// Runs one prepared statement and returns its rows.
pub(crate) fn rows(
    c: &mut PgConn,
    sql: &'static str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> R<Vec<Row>> {
    let s = c.prep(sql)?;
    Ok(c.client.query(&s, params)?)
}

/// Runs one prepared statement and returns its first row, if any.
pub(crate) fn row(
    c: &mut PgConn,
    sql: &'static str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> R<Option<Row>> {
    let s = c.prep(sql)?;
    Ok(c.client.query_opt(&s, params)?)
}

/// Runs one prepared statement; the number of rows it changed.
pub(crate) fn exec(
    c: &mut PgConn,
    sql: &'static str,
    params: &[&(dyn postgres::types::ToSql + Sync)],
) -> R<u64> {
    let s = c.prep(sql)?;
    Ok(c.client.execute(&s, params)?)
}

/// The id of an `INSERT ... RETURNING id`.
pub(crate) fn returned_id<T: for<'a> postgres::types::FromSql<'a>>(r: Option<Row>) -> R<T> {
    match r {
        Some(r) => Ok(r.try_get(0)?),
        None => Err(E::Store(StoreError::BadData {
            detail: "INSERT ... RETURNING gave no row".into(),
        })),
    }
}
