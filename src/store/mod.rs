//! Storage: every SQL statement of tawlbot lives in this module.
//!
//! One SQLite file (chosen by `DATABASE_PATH`, default `tawlbot.db`), opened
//! in WAL mode with foreign keys on and a busy timeout. The schema is the
//! numbered SQL files in `migrations/`, applied in order at start-up; the
//! version is kept in `PRAGMA user_version` and tawlbot files are marked
//! with `PRAGMA application_id`.
//!
//! * Ids from Discord (servers, channels, users, messages, interactions) are
//!   strings; the console front end uses plain names.
//! * Times are unix seconds given by the caller; the store never reads the
//!   clock.
//! * A game is stored as its header plus its moves as text; the app loads a
//!   game by replaying the moves through `rules`.
//! * Moves go in through [`Store::append_move`], which checks the caller's
//!   expected move number inside one `BEGIN IMMEDIATE` transaction: of two
//!   moves racing for the same game exactly one is applied and the other
//!   gets [`AppendError::Stale`].
//!
//! [`Store`] is `Clone + Send + Sync`: one connection behind a mutex; every
//! call is short and synchronous (well under a millisecond, plus one fsync
//! per committed change). Several processes may share the file; they wait
//! for each other up to the busy timeout.
//!
//! See `docs/storage.md` for the schema and the durability choice.

mod clock;
mod language;
pub(crate) use clock::DueColumn;
pub use clock::ReminderClaim;
use clock::TimeColumn;
pub use language::LANGUAGE_SETTING;
mod error;
mod migrate;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row, TransactionBehavior};

#[cfg(feature = "fault-injection")]
pub use error::Fault;
pub use error::{AppendError, StoreError};
pub use migrate::{APPLICATION_ID, LATEST as SCHEMA_VERSION};

use error::classify;

/// Row id of a game.
pub type GameId = i64;
/// Row id of a challenge.
pub type ChallengeId = i64;
/// Row id of a tournament.
pub type TournamentId = i64;
/// Row id of a tournament match.
pub type MatchId = i64;

/// The environment variable that names the database file.
pub const DATABASE_PATH_VAR: &str = "DATABASE_PATH";
/// The file used when `DATABASE_PATH` is unset or empty (in the working folder).
pub const DEFAULT_DATABASE_PATH: &str = "tawlbot.db";

/// The database file named by `DATABASE_PATH`, or `tawlbot.db`.
pub fn database_path_from_env() -> PathBuf {
    match std::env::var_os(DATABASE_PATH_VAR) {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(DEFAULT_DATABASE_PATH),
    }
}

/// `PRAGMA synchronous` in WAL mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Synchronous {
    /// fsync the WAL at every commit: a committed move survives a killed
    /// process, an OS crash and a power cut. The default.
    Full,
    /// fsync only at checkpoints: survives a killed process, but a power
    /// cut or OS crash may lose the last commits (never corrupts).
    Normal,
}

/// How to open the database.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    pub synchronous: Synchronous,
    /// How long to wait for another process holding the write lock.
    pub busy_timeout: Duration,
}

/// The environment variable that may raise durability to `full`.
pub const DATABASE_SYNCHRONOUS_VAR: &str = "DATABASE_SYNCHRONOUS";

impl StoreOptions {
    /// Default options, with `DATABASE_SYNCHRONOUS=full` (or `normal`, the
    /// default) choosing the durability. Unknown values keep `normal`.
    pub fn from_env() -> StoreOptions {
        let mut o = StoreOptions::default();
        if let Ok(v) = std::env::var(DATABASE_SYNCHRONOUS_VAR) {
            match v.trim().to_ascii_lowercase().as_str() {
                "full" => o.synchronous = Synchronous::Full,
                "normal" | "" => {}
                other => tracing::warn!(
                    value = other,
                    "DATABASE_SYNCHRONOUS must be full or normal; using normal"
                ),
            }
        }
        o
    }
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            synchronous: Synchronous::Normal,
            busy_timeout: Duration::from_secs(5),
        }
    }
}

/// Handle on the database. Cheap to clone; all clones share one connection.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    conn: Mutex<Connection>,
    label: String,
    #[cfg(feature = "fault-injection")]
    faults: Mutex<error::Faults>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.inner.label)
            .finish()
    }
}

/// State of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameState {
    Active,
    Finished,
    Aborted,
}

impl GameState {
    pub fn as_str(self) -> &'static str {
        match self {
            GameState::Active => "active",
            GameState::Finished => "finished",
            GameState::Aborted => "aborted",
        }
    }

    fn parse(s: &str) -> Result<GameState, StoreError> {
        match s {
            "active" => Ok(GameState::Active),
            "finished" => Ok(GameState::Finished),
            "aborted" => Ok(GameState::Aborted),
            other => Err(StoreError::BadData {
                detail: format!("unknown game state {other:?}"),
            }),
        }
    }
}

/// A new challenge. Missing servers, channels and players are created
/// (named by their ids until `upsert_*` gives them names).
#[derive(Debug, Clone, Default)]
pub struct NewChallenge {
    pub server_id: String,
    pub channel_id: String,
    pub challenger_id: String,
    /// `None`: an open challenge anybody may accept.
    pub opponent_id: Option<String>,
    pub variant: String,
    pub options: Vec<String>,
    /// The side the challenger asked for; `None` = random / either.
    pub challenger_side: Option<String>,
    pub time_control: String,
    pub rated: bool,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

/// A stored challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub server_id: String,
    pub channel_id: String,
    pub challenger_id: String,
    pub opponent_id: Option<String>,
    pub variant: String,
    pub options: Vec<String>,
    pub challenger_side: Option<String>,
    pub time_control: String,
    pub rated: bool,
    /// `"open"`, `"accepted"`, `"declined"`, `"withdrawn"`, `"expired"`, ...
    pub state: String,
    /// The game started from this challenge.
    pub game_id: Option<GameId>,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
}

/// A new game. Missing servers, channels and players are created.
#[derive(Debug, Clone, Default)]
pub struct NewGame {
    pub server_id: String,
    pub channel_id: String,
    pub variant: String,
    pub options: Vec<String>,
    pub seed: u64,
    /// Name of the side that moves first (e.g. `"attackers"`), for display.
    pub first_side: String,
    /// Player of the side that moves first.
    pub first_player: String,
    /// Player of the other side.
    pub second_player: String,
    pub challenge_id: Option<ChallengeId>,
    pub tournament_match_id: Option<MatchId>,
    pub rated: bool,
    pub time_control: String,
    /// Seconds in each side's bank, `None` when the control has no bank.
    pub bank_first: Option<i64>,
    pub bank_second: Option<i64>,
    pub created_at: i64,
    pub deadline: Option<i64>,
}

/// A stored game (header only; its moves come from [`Store::moves`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub server_id: String,
    pub channel_id: String,
    pub variant: String,
    pub options: Vec<String>,
    pub seed: u64,
    pub first_side: String,
    pub first_player: String,
    pub second_player: String,
    pub challenge_id: Option<ChallengeId>,
    pub tournament_match_id: Option<MatchId>,
    pub rated: bool,
    pub time_control: String,
    pub bank_first: Option<i64>,
    pub bank_second: Option<i64>,
    pub paused: bool,
    pub state: GameState,
    pub result: Option<String>,
    pub reason: Option<String>,
    /// Number of stored moves: the `expected_number` for the next move.
    pub move_count: u32,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub deadline: Option<i64>,
    pub reminders_sent: u32,
    pub last_reminder_at: Option<i64>,
}

/// One move to append; see [`Store::append_move`].
#[derive(Debug, Clone, Default)]
pub struct NewMove<'a> {
    pub game_id: GameId,
    /// The number of moves the caller saw (the new move's 0-based number).
    pub expected_number: u32,
    pub text: &'a str,
    pub player_id: &'a str,
    pub at: i64,
    /// The Discord message or interaction id that made the move; unique.
    pub source_id: &'a str,
    /// `Some((result, reason))` when this move ends the game.
    pub finished: Option<(&'a str, &'a str)>,
    /// The game's deadline after this move (`None`: no deadline). Cleared
    /// anyway when the move ends the game.
    pub deadline: Option<i64>,
    /// `Some([first, second])` sets both banks; `None` leaves them.
    pub banks: Option<[Option<i64>; 2]>,
}

/// A stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// 0-based.
    pub number: u32,
    pub text: String,
    pub player_id: String,
    pub at: i64,
    pub source_id: String,
}

/// Kind of offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Takeback,
    /// A request to stop the clock.
    Pause,
    /// A request to start it again.
    Resume,
}

impl OfferKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Pause => "pause",
            OfferKind::Resume => "resume",
        }
    }

    fn parse(s: &str) -> Result<OfferKind, StoreError> {
        match s {
            "draw" => Ok(OfferKind::Draw),
            "takeback" => Ok(OfferKind::Takeback),
            "pause" => Ok(OfferKind::Pause),
            "resume" => Ok(OfferKind::Resume),
            other => Err(StoreError::BadData {
                detail: format!("unknown offer kind {other:?}"),
            }),
        }
    }
}

/// A standing offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub kind: OfferKind,
    pub by_player: String,
    pub at: i64,
    /// The game's move count when the offer was made.
    pub move_count: u32,
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub display_name: String,
}

/// A new tournament.
#[derive(Debug, Clone, Default)]
pub struct NewTournament {
    pub server_id: String,
    pub channel_id: Option<String>,
    pub name: String,
    pub variant: String,
    pub options: Vec<String>,
    pub format: String,
    pub data: String,
    pub created_by: Option<String>,
    pub created_at: i64,
}

/// A stored tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub id: TournamentId,
    pub server_id: String,
    pub channel_id: Option<String>,
    pub name: String,
    pub variant: String,
    pub options: Vec<String>,
    pub format: String,
    pub state: String,
    /// JSON owned by the tournament module.
    pub data: String,
    pub created_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The compare-and-set counter: bumped by every change of the row.
    pub version: i64,
}

/// One pairing to write with [`Store::commit_tournament`]: inserted if the
/// tournament has no match at `(round, board)`, otherwise only its result
/// is filled in (a result once stored is never changed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSpec {
    pub round: u32,
    pub board: u32,
    pub first_player: Option<String>,
    pub second_player: Option<String>,
    pub result: Option<String>,
}

/// What [`Store::join_tournament`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinOutcome {
    /// Entered; the number of active entrants now.
    Joined(u32),
    /// Already entered.
    Already,
    /// Entered once and left: cannot come back.
    Left,
    /// `max` active entrants already.
    Full,
    /// The tournament is not in sign-up (or does not exist).
    Closed,
}

/// A tournament entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentPlayer {
    pub player_id: String,
    pub joined_at: i64,
    pub withdrawn_at: Option<i64>,
    pub seed: Option<i64>,
}

/// A tournament pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentMatch {
    pub id: MatchId,
    pub tournament_id: TournamentId,
    pub round: u32,
    pub board: u32,
    pub first_player: Option<String>,
    /// `None`: a bye.
    pub second_player: Option<String>,
    pub result: Option<String>,
}

/// A rating row (per server, variant and player).
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    pub server_id: String,
    pub variant: String,
    pub player_id: String,
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
    pub games: u32,
    pub wins_first: u32,
    pub wins_second: u32,
    pub losses: u32,
    pub draws: u32,
    pub updated_at: i64,
}

fn opts_to_json(options: &[String]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".to_string())
}

fn opts_from_json(s: &str) -> rusqlite::Result<Vec<String>> {
    serde_json::from_str(s).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })
}

fn to_u32(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

const GAME_COLUMNS: &str = "id, server_id, channel_id, variant, options, seed, first_side, \
     first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
     bank_first, bank_second, paused, state, result, reason, move_count, created_at, \
     updated_at, finished_at, deadline, reminders_sent, last_reminder_at";

fn game_from_row(r: &Row<'_>) -> rusqlite::Result<(GameRow, String)> {
    let state: String = r.get(16)?;
    let g = GameRow {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        variant: r.get(3)?,
        options: opts_from_json(&r.get::<_, String>(4)?)?,
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
        state: GameState::Active,
        result: r.get(17)?,
        reason: r.get(18)?,
        move_count: to_u32(r.get(19)?),
        created_at: r.get(20)?,
        updated_at: r.get(21)?,
        finished_at: r.get(22)?,
        deadline: r.get(23)?,
        reminders_sent: to_u32(r.get(24)?),
        last_reminder_at: r.get(25)?,
    };
    Ok((g, state))
}

fn finish_game_row((mut g, state): (GameRow, String)) -> Result<GameRow, StoreError> {
    g.state = GameState::parse(&state)?;
    Ok(g)
}

const CHALLENGE_COLUMNS: &str = "id, server_id, channel_id, challenger_id, opponent_id, variant, \
     options, challenger_side, time_control, rated, state, game_id, created_at, updated_at, \
     expires_at";

fn challenge_from_row(r: &Row<'_>) -> rusqlite::Result<Challenge> {
    Ok(Challenge {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        challenger_id: r.get(3)?,
        opponent_id: r.get(4)?,
        variant: r.get(5)?,
        options: opts_from_json(&r.get::<_, String>(6)?)?,
        challenger_side: r.get(7)?,
        time_control: r.get(8)?,
        rated: r.get(9)?,
        state: r.get(10)?,
        game_id: r.get(11)?,
        created_at: r.get(12)?,
        updated_at: r.get(13)?,
        expires_at: r.get(14)?,
    })
}

const TOURNAMENT_COLUMNS: &str = "id, server_id, channel_id, name, variant, options, format, \
     state, data, created_by, created_at, updated_at, version";

fn tournament_from_row(r: &Row<'_>) -> rusqlite::Result<Tournament> {
    Ok(Tournament {
        id: r.get(0)?,
        server_id: r.get(1)?,
        channel_id: r.get(2)?,
        name: r.get(3)?,
        variant: r.get(4)?,
        options: opts_from_json(&r.get::<_, String>(5)?)?,
        format: r.get(6)?,
        state: r.get(7)?,
        data: r.get(8)?,
        created_by: r.get(9)?,
        created_at: r.get(10)?,
        updated_at: r.get(11)?,
        version: r.get(12)?,
    })
}

const RATING_COLUMNS: &str = "server_id, variant, player_id, rating, rd, vol, games, wins_first, \
     wins_second, losses, draws, updated_at";

fn rating_from_row(r: &Row<'_>) -> rusqlite::Result<Rating> {
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
fn ensure_refs(
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

fn ensure_player(c: &Connection, p: &str) -> rusqlite::Result<()> {
    c.prepare_cached("INSERT OR IGNORE INTO players (id, display_name) VALUES (?1, ?1)")?
        .execute([p])?;
    Ok(())
}

fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::ConstraintViolation
                && (f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
    )
}

fn insert_game(c: &Connection, g: &NewGame) -> rusqlite::Result<GameId> {
    ensure_refs(
        c,
        &g.server_id,
        Some(&g.channel_id),
        &[&g.first_player, &g.second_player],
    )?;
    c.prepare_cached(
        "INSERT INTO games (server_id, channel_id, variant, options, seed, first_side, \
         first_player, second_player, challenge_id, tournament_match_id, rated, time_control, \
         bank_first, bank_second, created_at, updated_at, deadline) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15, ?16)",
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
    ])?;
    Ok(c.last_insert_rowid())
}

fn active_game_id(c: &Connection, channel: &str) -> rusqlite::Result<Option<GameId>> {
    c.prepare_cached("SELECT id FROM games WHERE channel_id = ?1 AND state = 'active'")?
        .query_row([channel], |r| r.get(0))
        .optional()
}

/// Reads `(state, move_count)` of a game inside a transaction.
fn game_state(c: &Connection, game: GameId) -> rusqlite::Result<Option<(String, i64)>> {
    c.prepare_cached("SELECT state, move_count FROM games WHERE id = ?1")?
        .query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
}

/// The checks shared by every move-count-guarded change.
fn check_turn(
    c: &Connection,
    game: GameId,
    expected: Option<u32>,
) -> Result<u32, AppendErrorOrSql> {
    let Some((state, count)) = game_state(c, game)? else {
        return Err(AppendErrorOrSql::App(AppendError::NoSuchGame));
    };
    check_state(&state, count, expected)
}

fn check_state(state: &str, count: i64, expected: Option<u32>) -> Result<u32, AppendErrorOrSql> {
    if state != "active" {
        return Err(AppendErrorOrSql::App(AppendError::GameOver));
    }
    let count = to_u32(count);
    match expected {
        Some(e) if e != count => Err(AppendErrorOrSql::App(AppendError::Stale { now: count })),
        _ => Ok(count),
    }
}

/// The statements of [`Store::append_move`], inside the caller's transaction.
fn append_move_in(c: &Connection, mv: &NewMove<'_>) -> Result<u32, AppendErrorOrSql> {
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

enum AppendErrorOrSql {
    App(AppendError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for AppendErrorOrSql {
    fn from(e: rusqlite::Error) -> Self {
        AppendErrorOrSql::Sql(e)
    }
}

impl Store {
    /// Opens (or creates) the database file at `path` with the default
    /// options, and brings its schema up to date.
    ///
    /// A file that is not an SQLite database, belongs to another program or
    /// has a newer schema is refused before anything is written to it.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::open_with(path, &StoreOptions::default())
    }

    /// Opens the file named by `DATABASE_PATH` (default `tawlbot.db`),
    /// with the durability from `DATABASE_SYNCHRONOUS` (default `full`).
    pub fn open_from_env() -> Result<Store, StoreError> {
        Store::open_with(database_path_from_env(), &StoreOptions::from_env())
    }

    /// [`Store::open`] with explicit options.
    pub fn open_with(path: impl AsRef<Path>, opts: &StoreOptions) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let label = path.display().to_string();
        check_file_magic(path, &label)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn =
            Connection::open_with_flags(path, flags).map_err(|e| match classify(&label, e) {
                StoreError::Sqlite { path, detail } => StoreError::CannotOpen { path, detail },
                other => other,
            })?;
        Store::setup(conn, label, opts, true)
    }

    /// A private database in memory, for tests.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory().map_err(|e| classify(":memory:", e))?;
        Store::setup(
            conn,
            ":memory:".to_string(),
            &StoreOptions::default(),
            false,
        )
    }

    fn setup(
        mut conn: Connection,
        label: String,
        opts: &StoreOptions,
        wal: bool,
    ) -> Result<Store, StoreError> {
        let err = |e| classify(&label, e);
        conn.busy_timeout(opts.busy_timeout).map_err(err)?;
        // Look before writing: refuse foreign, damaged and newer files.
        let header = migrate::read_header(&conn, &label)?;
        migrate::check_header(&header, &label, migrate::LATEST)?;
        if wal {
            let mode: String = conn
                .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
                .map_err(err)?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::CannotOpen {
                    path: label.clone(),
                    detail: format!("the file system refused WAL mode (got {mode})"),
                });
            }
        }
        let sync = match opts.synchronous {
            Synchronous::Full => "FULL",
            Synchronous::Normal => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", sync).map_err(err)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(err)?;
        migrate::migrate(&mut conn, &label)?;
        Ok(Store {
            inner: Arc::new(Inner {
                conn: Mutex::new(conn),
                label,
                #[cfg(feature = "fault-injection")]
                faults: Mutex::default(),
            }),
        })
    }

    /// The file this store was opened on (`:memory:` for in-memory stores).
    pub fn path(&self) -> &str {
        &self.inner.label
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction open
        // (rusqlite rolls back on drop), so the connection is still sound.
        self.inner
            .conn
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        classify(&self.inner.label, e)
    }

    fn app_err(&self, e: AppendErrorOrSql) -> AppendError {
        match e {
            AppendErrorOrSql::App(a) => a,
            AppendErrorOrSql::Sql(e) => AppendError::Store(self.err(e)),
        }
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction, committing on `Ok`.
    fn write<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, AppendErrorOrSql>,
    ) -> Result<T, AppendError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| AppendError::Store(self.err(e)))?;
        let v = f(&tx).map_err(|e| self.app_err(e))?;
        #[cfg(feature = "fault-injection")]
        if let Some(e) = self.faults().on_write(&self.inner.label) {
            drop(tx);
            return Err(AppendError::Store(e));
        }
        tx.commit().map_err(|e| AppendError::Store(self.err(e)))?;
        Ok(v)
    }

    /// Like [`Store::write`] for changes without move-count checks.
    fn write_plain<T>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.write(|c| f(c).map_err(AppendErrorOrSql::Sql))
            .map_err(|e| match e {
                AppendError::Store(s) => s,
                other => StoreError::Sqlite {
                    path: self.inner.label.clone(),
                    detail: other.to_string(),
                },
            })
    }

    // ----------------------------------------------------------------- admin

    /// The schema version of the open file.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.conn()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(|e| self.err(e))
    }

    /// Runs `PRAGMA integrity_check`; `Ok(())` when SQLite answers "ok".
    pub fn integrity_check(&self) -> Result<(), StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("PRAGMA integrity_check")
            .map_err(|e| self.err(e))?;
        let lines: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        if lines.len() == 1 && lines[0] == "ok" {
            Ok(())
        } else {
            Err(StoreError::Corrupt {
                path: self.inner.label.clone(),
                detail: lines.join("; "),
            })
        }
    }

    /// Current `journal_mode` and `synchronous` (as SQLite reports them).
    pub fn durability(&self) -> Result<(String, i64), StoreError> {
        let conn = self.conn();
        let mode = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .map_err(|e| self.err(e))?;
        let sync = conn
            .pragma_query_value(None, "synchronous", |r| r.get(0))
            .map_err(|e| self.err(e))?;
        Ok((mode, sync))
    }

    // ------------------------------------------------- servers, channels, players

    /// Creates or renames a server.
    pub fn upsert_server(&self, server_id: &str, name: Option<&str>) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO servers (id, name) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET name = COALESCE(excluded.name, name)",
            )?
            .execute(params![server_id, name])?;
            Ok(())
        })
    }

    /// Creates or updates a channel (and its server, if missing).
    /// `parent_channel_id` is the channel a thread hangs off.
    pub fn upsert_channel(
        &self,
        channel_id: &str,
        server_id: &str,
        parent_channel_id: Option<&str>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_refs(c, server_id, None, &[])?;
            c.prepare_cached(
                "INSERT INTO channels (id, server_id, parent_id) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (id) DO UPDATE SET server_id = excluded.server_id, \
                 parent_id = excluded.parent_id",
            )?
            .execute(params![channel_id, server_id, parent_channel_id])?;
            Ok(())
        })
    }

    /// The parent channel of a thread, if it has one.
    pub fn channel_parent(&self, channel_id: &str) -> Result<Option<String>, StoreError> {
        self.conn()
            .prepare_cached("SELECT parent_id FROM channels WHERE id = ?1")
            .and_then(|mut s| s.query_row([channel_id], |r| r.get(0)).optional())
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    /// Creates a player or updates their display name.
    pub fn upsert_player(&self, player_id: &str, display_name: &str) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO players (id, display_name) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name",
            )?
            .execute([player_id, display_name])?;
            Ok(())
        })
    }

    pub fn get_player(&self, player_id: &str) -> Result<Option<Player>, StoreError> {
        self.conn()
            .prepare_cached("SELECT id, display_name FROM players WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row([player_id], |r| {
                    Ok(Player {
                        id: r.get(0)?,
                        display_name: r.get(1)?,
                    })
                })
                .optional()
            })
            .map_err(|e| self.err(e))
    }

    /// Sets a per-player setting (notification preferences and the like).
    pub fn set_player_setting(
        &self,
        player_id: &str,
        key: &str,
        value: &str,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            ensure_player(c, player_id)?;
            c.prepare_cached(
                "INSERT INTO player_settings (player_id, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
            )?
            .execute([player_id, key, value])?;
            Ok(())
        })
    }

    pub fn player_setting(&self, player_id: &str, key: &str) -> Result<Option<String>, StoreError> {
        self.conn()
            .prepare_cached("SELECT value FROM player_settings WHERE player_id = ?1 AND key = ?2")
            .and_then(|mut s| s.query_row([player_id, key], |r| r.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    /// All settings of a player, sorted by key.
    pub fn player_settings(&self, player_id: &str) -> Result<Vec<(String, String)>, StoreError> {
        self.conn()
            .prepare_cached(
                "SELECT key, value FROM player_settings WHERE player_id = ?1 ORDER BY key",
            )
            .and_then(|mut s| {
                s.query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect()
            })
            .map_err(|e| self.err(e))
    }

    // ------------------------------------------------------------ challenges

    pub fn create_challenge(&self, ch: &NewChallenge) -> Result<ChallengeId, StoreError> {
        self.write_plain(|c| {
            let mut players = vec![ch.challenger_id.as_str()];
            if let Some(o) = &ch.opponent_id {
                players.push(o);
            }
            ensure_refs(c, &ch.server_id, Some(&ch.channel_id), &players)?;
            c.prepare_cached(
                "INSERT INTO challenges (server_id, channel_id, challenger_id, opponent_id, \
                 variant, options, challenger_side, time_control, rated, state, created_at, \
                 updated_at, expires_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?10, ?11)",
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
            ])?;
            Ok(c.last_insert_rowid())
        })
    }

    pub fn get_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1");
        self.conn()
            .prepare_cached(&sql)
            .and_then(|mut s| s.query_row([id], challenge_from_row).optional())
            .map_err(|e| self.err(e))
    }

    /// Open challenges in a channel, oldest first.
    pub fn open_challenges_in_channel(
        &self,
        channel_id: &str,
    ) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE channel_id = ?1 AND state = 'open' ORDER BY id"
        );
        self.query_list(&sql, [channel_id], challenge_from_row)
    }

    /// Open challenges a player made or received, oldest first.
    pub fn open_challenges_of_player(&self, player_id: &str) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE state = 'open' \
             AND (challenger_id = ?1 OR opponent_id = ?1) ORDER BY id"
        );
        self.query_list(&sql, [player_id], challenge_from_row)
    }

    /// Compare-and-set of a challenge's state: `true` if it was `from` and
    /// is now `to`; `false` if it was in another state (someone else won).
    pub fn set_challenge_state(
        &self,
        id: ChallengeId,
        from: &str,
        to: &str,
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

    /// The open challenge that expires first: `(id, expires_at)`. Uses an index.
    pub fn next_challenge_expiry(&self) -> Result<Option<(ChallengeId, i64)>, StoreError> {
        self.conn()
            .prepare_cached(
                "SELECT id, expires_at FROM challenges \
                 WHERE state = 'open' AND expires_at IS NOT NULL \
                 ORDER BY expires_at LIMIT 1",
            )
            .and_then(|mut s| s.query_row([], |r| Ok((r.get(0)?, r.get(1)?))).optional())
            .map_err(|e| self.err(e))
    }

    /// Accepts an open challenge and starts its game, atomically: the
    /// challenge goes from `open` to `accepted` and points at the new game.
    /// Fails with [`StoreError::ChallengeNotOpen`] if it was not open (two
    /// accepts cannot both win) and [`StoreError::ChannelBusy`] if the
    /// channel already has an active game (then nothing changes).
    pub fn start_game_from_challenge(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<GameId, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let state: Option<String> = tx
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
            Some(s) if s != "open" => {
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

    // ----------------------------------------------------------------- games

    fn insert_game_checked(&self, c: &Connection, g: &NewGame) -> Result<GameId, StoreError> {
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
                    game: 0,
                }
            } else {
                self.err(e)
            }
        })
    }

    /// Starts a game. Fails with [`StoreError::ChannelBusy`] when the
    /// channel already has an active game (enforced by a unique index).
    pub fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let id = self.insert_game_checked(&tx, game)?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(id)
    }

    pub fn get_game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        #[cfg(feature = "fault-injection")]
        self.faults().on_read_game(id);
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        let row = self
            .conn()
            .prepare_cached(&sql)
            .and_then(|mut s| s.query_row([id], game_from_row).optional())
            .map_err(|e| self.err(e))?;
        row.map(finish_game_row).transpose()
    }

    /// A game's header and all its moves, read in one consistent snapshot.
    /// This is what the app replays through `rules` to load a game.
    pub fn load_game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        let row = tx
            .prepare_cached(&sql)
            .and_then(|mut s| s.query_row([id], game_from_row).optional())
            .map_err(|e| self.err(e))?;
        let Some(row) = row else { return Ok(None) };
        let game = finish_game_row(row)?;
        let moves = read_moves(&tx, id).map_err(|e| self.err(e))?;
        drop(tx);
        Ok(Some((game, moves)))
    }

    /// The active game in a channel, if any.
    pub fn active_game_in_channel(&self, channel_id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql =
            format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND state = 'active'");
        self.query_one_game(&sql, [channel_id])
    }

    /// The most recent game in a channel, finished or not.
    pub fn latest_game_in_channel(&self, channel_id: &str) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 ORDER BY id DESC LIMIT 1"
        );
        self.query_one_game(&sql, [channel_id])
    }

    /// Games on a server, newest first; `active_only` keeps only active ones.
    pub fn games_on_server(
        &self,
        server_id: &str,
        active_only: bool,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE server_id = ?1 \
             AND (?2 = 0 OR state = 'active') ORDER BY id DESC LIMIT ?3"
        );
        self.query_games(&sql, params![server_id, active_only, limit])
    }

    /// Games a player plays or played, newest first.
    pub fn games_of_player(
        &self,
        player_id: &str,
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

    /// Games played for a tournament match, oldest first.
    pub fn games_of_match(&self, match_id: MatchId) -> Result<Vec<GameRow>, StoreError> {
        let sql =
            format!("SELECT {GAME_COLUMNS} FROM games WHERE tournament_match_id = ?1 ORDER BY id");
        self.query_games(&sql, params![match_id])
    }

    /// Ends an active game (resignation, timeout, agreed draw, a result the
    /// app decided). With `expected_moves`, refuses with `Stale` if a move
    /// arrived meanwhile (e.g. a timeout racing the last-second move).
    /// Clears the deadline and standing offers.
    pub fn finish_game(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        result: &str,
        reason: &str,
        at: i64,
    ) -> Result<(), AppendError> {
        self.end_game(id, expected_moves, "finished", Some(result), reason, at)
    }

    /// Ends an active game without a result.
    pub fn abort_game(&self, id: GameId, reason: &str, at: i64) -> Result<(), AppendError> {
        self.end_game(id, None, "aborted", None, reason, at)
    }

    fn end_game(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        state: &str,
        result: Option<&str>,
        reason: &str,
        at: i64,
    ) -> Result<(), AppendError> {
        self.write(|c| {
            check_turn(c, id, expected_moves)?;
            c.prepare_cached(
                "UPDATE games SET state = ?2, result = ?3, reason = ?4, finished_at = ?5, \
                 updated_at = ?5, deadline = NULL WHERE id = ?1",
            )?
            .execute(params![id, state, result, reason, at])?;
            c.prepare_cached("DELETE FROM offers WHERE game_id = ?1")?
                .execute([id])?;
            Ok(())
        })
    }

    // ----------------------------------------------------------------- moves

    /// Appends one move, atomically with the game's new `updated_at`,
    /// deadline, banks and (if the move ends the game) result.
    ///
    /// Refused with [`AppendError::Duplicate`] if `source_id` was ever
    /// applied (even if that move was later taken back), `GameOver` if the
    /// game is not active, and `Stale { now }` if the game does not have
    /// exactly `expected_number` moves. Returns the new move count. Standing
    /// offers are voided by the move.
    pub fn append_move(&self, mv: &NewMove<'_>) -> Result<u32, AppendError> {
        self.write(|c| append_move_in(c, mv))
    }

    /// All moves of a game, in order.
    pub fn moves(&self, game_id: GameId) -> Result<Vec<StoredMove>, StoreError> {
        read_moves(&self.conn(), game_id).map_err(|e| self.err(e))
    }

    /// Takes back the last `n` moves of an active game that has exactly
    /// `expected_count` moves. Their source ids stay used. Clears offers,
    /// resets reminders and sets the deadline. Returns the new count.
    pub fn delete_last_moves(
        &self,
        game_id: GameId,
        expected_count: u32,
        n: u32,
        at: i64,
        deadline: Option<i64>,
    ) -> Result<u32, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, Some(expected_count))?;
            let keep = count.saturating_sub(n);
            c.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND number >= ?2")?
                .execute(params![game_id, keep])?;
            c.prepare_cached("DELETE FROM offers WHERE game_id = ?1")?
                .execute([game_id])?;
            c.prepare_cached(
                "UPDATE games SET move_count = ?2, updated_at = ?3, deadline = ?4, \
                 reminders_sent = 0 WHERE id = ?1",
            )?
            .execute(params![game_id, keep, at, deadline])?;
            Ok(keep)
        })
    }

    // ---------------------------------------------------------------- offers

    /// Records (or replaces) an offer on an active game, stamped with the
    /// current move count. The next move, takeback or end of game voids it.
    pub fn set_offer(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &str,
        at: i64,
    ) -> Result<(), AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, None)?;
            c.prepare_cached(
                "INSERT INTO offers (game_id, kind, by_player, at, move_count) \
                 VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (game_id, kind) DO UPDATE SET by_player = excluded.by_player, \
                 at = excluded.at, move_count = excluded.move_count",
            )?
            .execute(params![game_id, kind.as_str(), by_player, at, count])?;
            Ok(())
        })
    }

    pub fn get_offer(&self, game_id: GameId, kind: OfferKind) -> Result<Option<Offer>, StoreError> {
        let row: Option<(String, i64, i64)> = self
            .conn()
            .prepare_cached(
                "SELECT by_player, at, move_count FROM offers WHERE game_id = ?1 AND kind = ?2",
            )
            .and_then(|mut s| {
                s.query_row(params![game_id, kind.as_str()], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .optional()
            })
            .map_err(|e| self.err(e))?;
        Ok(row.map(|(by_player, at, n)| Offer {
            kind,
            by_player,
            at,
            move_count: to_u32(n),
        }))
    }

    /// All standing offers of a game.
    pub fn offers(&self, game_id: GameId) -> Result<Vec<Offer>, StoreError> {
        let rows: Vec<(String, String, i64, i64)> = self.query_list(
            "SELECT kind, by_player, at, move_count FROM offers WHERE game_id = ?1 ORDER BY kind",
            [game_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        rows.into_iter()
            .map(|(k, by_player, at, n)| {
                Ok(Offer {
                    kind: OfferKind::parse(&k)?,
                    by_player,
                    at,
                    move_count: to_u32(n),
                })
            })
            .collect()
    }

    /// Withdraws or declines an offer; `true` if there was one.
    pub fn clear_offer(&self, game_id: GameId, kind: OfferKind) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached("DELETE FROM offers WHERE game_id = ?1 AND kind = ?2")?
                .execute(params![game_id, kind.as_str()])?;
            Ok(n > 0)
        })
    }

    // ------------------------------------------------------ deadlines, clocks

    /// The active, unpaused game whose deadline comes first: the
    /// scheduler's wake-up query. Reads one index entry.
    pub fn next_deadline(&self) -> Result<Option<(GameId, i64)>, StoreError> {
        self.earliest(TimeColumn::Deadline)
    }

    /// Active, unpaused games whose deadline is at or before `now`,
    /// earliest first.
    pub fn games_due(&self, now: i64, limit: u32) -> Result<Vec<(GameId, i64)>, StoreError> {
        self.due(TimeColumn::Deadline, now, limit)
    }

    /// Sets (or clears) a game's deadline and resets its reminder count.
    pub fn set_deadline(&self, game_id: GameId, deadline: Option<i64>) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "UPDATE games SET deadline = ?2, reminders_sent = 0 \
                 WHERE id = ?1",
            )?
            .execute(params![game_id, deadline])?;
            Ok(())
        })
    }

    /// Notes that a reminder was sent; returns the number sent this turn.
    pub fn record_reminder(&self, game_id: GameId, at: i64) -> Result<u32, StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = ?2 \
                 WHERE id = ?1 RETURNING reminders_sent",
            )?
            .query_row(params![game_id, at], |r| r.get::<_, i64>(0))
            .map(to_u32)
        })
    }

    /// Pauses or resumes a game's clock (a paused game has no due deadline).
    pub fn set_paused(&self, game_id: GameId, paused: bool, at: i64) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE games SET paused = ?2, updated_at = ?3 WHERE id = ?1")?
                .execute(params![game_id, paused, at])?;
            Ok(())
        })
    }

    /// Sets both sides' banks (seconds).
    pub fn set_banks(
        &self,
        game_id: GameId,
        bank_first: Option<i64>,
        bank_second: Option<i64>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE games SET bank_first = ?2, bank_second = ?3 WHERE id = ?1")?
                .execute(params![game_id, bank_first, bank_second])?;
            Ok(())
        })
    }

    // ----------------------------------------------------------- tournaments

    pub fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        self.write_plain(|c| {
            let players: Vec<&str> = t.created_by.as_deref().into_iter().collect();
            ensure_refs(c, &t.server_id, t.channel_id.as_deref(), &players)?;
            c.prepare_cached(
                "INSERT INTO tournaments (server_id, channel_id, name, variant, options, format, \
                 data, created_by, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
            )?
            .execute(params![
                t.server_id,
                t.channel_id,
                t.name,
                t.variant,
                opts_to_json(&t.options),
                t.format,
                if t.data.is_empty() { "{}" } else { &t.data },
                t.created_by,
                t.created_at,
            ])?;
            Ok(c.last_insert_rowid())
        })
    }

    pub fn get_tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1");
        self.conn()
            .prepare_cached(&sql)
            .and_then(|mut s| s.query_row([id], tournament_from_row).optional())
            .map_err(|e| self.err(e))
    }

    /// Tournaments of a server, newest first.
    pub fn tournaments_on_server(&self, server_id: &str) -> Result<Vec<Tournament>, StoreError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE server_id = ?1 ORDER BY id DESC"
        );
        self.query_list(&sql, [server_id], tournament_from_row)
    }

    /// Replaces a tournament's state and JSON data. With `expected_state`,
    /// only if the state was that (compare-and-set); returns whether it changed.
    pub fn update_tournament(
        &self,
        id: TournamentId,
        expected_state: Option<&str>,
        state: &str,
        data: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached(
                    "UPDATE tournaments SET state = ?3, data = ?4, updated_at = ?5, \
                     version = version + 1 WHERE id = ?1 AND (?2 IS NULL OR state = ?2)",
                )?
                .execute(params![id, expected_state, state, data, at])?;
            Ok(n == 1)
        })
    }

    /// Enters a player; `false` if they were already entered.
    pub fn add_tournament_player(
        &self,
        id: TournamentId,
        player_id: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            ensure_player(c, player_id)?;
            let n = c
                .prepare_cached(
                    "INSERT OR IGNORE INTO tournament_players (tournament_id, player_id, joined_at) \
                     VALUES (?1, ?2, ?3)",
                )?
                .execute(params![id, player_id, at])?;
            Ok(n == 1)
        })
    }

    /// Marks a player withdrawn; `false` if not entered or already withdrawn.
    pub fn withdraw_tournament_player(
        &self,
        id: TournamentId,
        player_id: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached(
                    "UPDATE tournament_players SET withdrawn_at = ?3 \
                     WHERE tournament_id = ?1 AND player_id = ?2 AND withdrawn_at IS NULL",
                )?
                .execute(params![id, player_id, at])?;
            if n == 1 {
                bump_tournament(c, id)?;
            }
            Ok(n == 1)
        })
    }

    /// Entrants in order of entry.
    pub fn tournament_players(
        &self,
        id: TournamentId,
    ) -> Result<Vec<TournamentPlayer>, StoreError> {
        self.query_list(
            "SELECT player_id, joined_at, withdrawn_at, seed FROM tournament_players \
             WHERE tournament_id = ?1 ORDER BY joined_at, player_id",
            [id],
            |r| {
                Ok(TournamentPlayer {
                    player_id: r.get(0)?,
                    joined_at: r.get(1)?,
                    withdrawn_at: r.get(2)?,
                    seed: r.get(3)?,
                })
            },
        )
    }

    /// Adds a pairing (`second_player` `None` = a bye).
    pub fn create_match(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        first_player: Option<&str>,
        second_player: Option<&str>,
    ) -> Result<MatchId, StoreError> {
        self.write_plain(|c| {
            for p in first_player.iter().chain(second_player.iter()) {
                ensure_player(c, p)?;
            }
            c.prepare_cached(
                "INSERT INTO tournament_matches (tournament_id, round, board, first_player, \
                 second_player) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![id, round, board, first_player, second_player])?;
            Ok(c.last_insert_rowid())
        })
    }

    pub fn set_match_result(
        &self,
        match_id: MatchId,
        result: Option<&str>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE tournament_matches SET result = ?2 WHERE id = ?1")?
                .execute(params![match_id, result])?;
            Ok(())
        })
    }

    /// A tournament's pairings by round and board.
    pub fn tournament_matches(&self, id: TournamentId) -> Result<Vec<TournamentMatch>, StoreError> {
        self.query_list(
            "SELECT id, tournament_id, round, board, first_player, second_player, result \
             FROM tournament_matches WHERE tournament_id = ?1 ORDER BY round, board",
            [id],
            |r| {
                Ok(TournamentMatch {
                    id: r.get(0)?,
                    tournament_id: r.get(1)?,
                    round: r.get(2)?,
                    board: r.get(3)?,
                    first_player: r.get(4)?,
                    second_player: r.get(5)?,
                    result: r.get(6)?,
                })
            },
        )
    }

    // --------------------------------------------------------------- ratings

    pub fn get_rating(
        &self,
        server_id: &str,
        variant: &str,
        player_id: &str,
    ) -> Result<Option<Rating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings \
             WHERE server_id = ?1 AND variant = ?2 AND player_id = ?3"
        );
        self.conn()
            .prepare_cached(&sql)
            .and_then(|mut s| {
                s.query_row([server_id, variant, player_id], rating_from_row)
                    .optional()
            })
            .map_err(|e| self.err(e))
    }

    /// The ratings of a server and variant, best first.
    pub fn leaderboard(
        &self,
        server_id: &str,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<Rating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE server_id = ?1 AND variant = ?2 \
             ORDER BY rating DESC, player_id LIMIT ?3"
        );
        self.query_list(&sql, params![server_id, variant, limit], rating_from_row)
    }

    /// Stores the new ratings after a rated game, once: if this game's
    /// ratings were already applied, changes nothing and returns `false`.
    /// Each `Rating` is the player's complete new row.
    pub fn apply_game_ratings(
        &self,
        game_id: GameId,
        new_ratings: &[Rating],
        at: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let done = c
                .prepare_cached("SELECT 1 FROM rating_history WHERE game_id = ?1")?
                .exists([game_id])?;
            if done {
                return Ok(false);
            }
            for r in new_ratings {
                ensure_refs(c, &r.server_id, None, &[&r.player_id])?;
                let before: f64 = c
                    .prepare_cached(
                        "SELECT rating FROM ratings \
                         WHERE server_id = ?1 AND variant = ?2 AND player_id = ?3",
                    )?
                    .query_row([&r.server_id, &r.variant, &r.player_id], |row| row.get(0))
                    .optional()?
                    .unwrap_or(1500.0);
                c.prepare_cached(
                    "INSERT OR REPLACE INTO ratings (server_id, variant, player_id, rating, rd, \
                     vol, games, wins_first, wins_second, losses, draws, updated_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )?
                .execute(params![
                    r.server_id,
                    r.variant,
                    r.player_id,
                    r.rating,
                    r.rd,
                    r.vol,
                    r.games,
                    r.wins_first,
                    r.wins_second,
                    r.losses,
                    r.draws,
                    at,
                ])?;
                c.prepare_cached(
                    "INSERT INTO rating_history (game_id, player_id, rating_before, \
                     rating_after, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                )?
                .execute(params![game_id, r.player_id, before, r.rating, at])?;
            }
            Ok(true)
        })
    }

    // ------------------------------------- issue 10: tournaments, ratings, limits

    /// Writes a tournament's new state and data together with its new or
    /// decided pairings, in one transaction, if its version is still
    /// `expected_version` (compare-and-set). Returns `false` (and writes
    /// nothing) when another writer changed the tournament since it was
    /// read: the caller reads it again and retries.
    pub fn commit_tournament(
        &self,
        id: TournamentId,
        expected_version: i64,
        state: &str,
        data: &str,
        matches: &[MatchSpec],
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.err(e))?;
        let run = |c: &Connection| -> rusqlite::Result<bool> {
            let n = c
                .prepare_cached(
                    "UPDATE tournaments SET state = ?3, data = ?4, updated_at = ?5, \
                     version = version + 1 WHERE id = ?1 AND version = ?2",
                )?
                .execute(params![id, expected_version, state, data, at])?;
            if n != 1 {
                return Ok(false);
            }
            for m in matches {
                for p in m.first_player.iter().chain(m.second_player.iter()) {
                    ensure_player(c, p)?;
                }
                c.prepare_cached(
                    "INSERT INTO tournament_matches (tournament_id, round, board, first_player, \
                     second_player, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                     ON CONFLICT (tournament_id, round, board) DO UPDATE SET \
                     result = COALESCE(tournament_matches.result, excluded.result)",
                )?
                .execute(params![
                    id,
                    m.round,
                    m.board,
                    m.first_player,
                    m.second_player,
                    m.result
                ])?;
            }
            Ok(true)
        };
        let done = run(&tx).map_err(|e| self.err(e))?;
        if done {
            tx.commit().map_err(|e| self.err(e))?;
        }
        Ok(done)
    }

    /// Enters a player in a tournament in sign-up, unless `max` active
    /// entrants are in already; checked and written in one transaction, so
    /// two processes cannot overfill it.
    pub fn join_tournament(
        &self,
        id: TournamentId,
        player_id: &str,
        at: i64,
        max: u32,
    ) -> Result<JoinOutcome, StoreError> {
        self.write_plain(|c| {
            let state: Option<String> = c
                .prepare_cached("SELECT state FROM tournaments WHERE id = ?1")?
                .query_row([id], |r| r.get(0))
                .optional()?;
            if state.as_deref() != Some("signup") {
                return Ok(JoinOutcome::Closed);
            }
            let entry: Option<Option<i64>> = c
                .prepare_cached(
                    "SELECT withdrawn_at FROM tournament_players \
                     WHERE tournament_id = ?1 AND player_id = ?2",
                )?
                .query_row(params![id, player_id], |r| r.get(0))
                .optional()?;
            match entry {
                Some(None) => return Ok(JoinOutcome::Already),
                Some(Some(_)) => return Ok(JoinOutcome::Left),
                None => {}
            }
            let n: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM tournament_players \
                     WHERE tournament_id = ?1 AND withdrawn_at IS NULL",
                )?
                .query_row([id], |r| r.get(0))?;
            if n >= i64::from(max) {
                return Ok(JoinOutcome::Full);
            }
            ensure_player(c, player_id)?;
            c.prepare_cached(
                "INSERT INTO tournament_players (tournament_id, player_id, joined_at) \
                 VALUES (?1, ?2, ?3)",
            )?
            .execute(params![id, player_id, at])?;
            // A start that read the entrants before this join must read again.
            bump_tournament(c, id)?;
            Ok(JoinOutcome::Joined(to_u32(n + 1)))
        })
    }

    /// The game of a tournament match with these players on these sides.
    pub fn game_of_match_sides(
        &self,
        match_id: MatchId,
        first_player: &str,
        second_player: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE tournament_match_id = ?1 \
             AND first_player = ?2 AND second_player = ?3"
        );
        self.query_one_game(&sql, params![match_id, first_player, second_player])
    }

    /// Creates a challenge unless its challenger already has `max_open`
    /// open, unexpired challenges on its server (counted and written in one
    /// transaction). `None` when the limit is reached.
    pub fn create_challenge_capped(
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
            let mut players = vec![ch.challenger_id.as_str()];
            if let Some(o) = &ch.opponent_id {
                players.push(o);
            }
            ensure_refs(c, &ch.server_id, Some(&ch.channel_id), &players)?;
            c.prepare_cached(
                "INSERT INTO challenges (server_id, channel_id, challenger_id, opponent_id, \
                 variant, options, challenger_side, time_control, rated, state, created_at, \
                 updated_at, expires_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?10, ?11)",
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
            ])?;
            Ok(Some(c.last_insert_rowid()))
        })
    }

    /// Records an offer on an active game only if no offer of that kind is
    /// pending (by either player): `false` when one is. Unlike
    /// [`Store::set_offer`] it never replaces a standing offer.
    pub fn set_offer_once(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &str,
        at: i64,
    ) -> Result<bool, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, None)?;
            let n = c
                .prepare_cached(
                    "INSERT INTO offers (game_id, kind, by_player, at, move_count) \
                     VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (game_id, kind) DO NOTHING",
                )?
                .execute(params![game_id, kind.as_str(), by_player, at, count])?;
            Ok(n == 1)
        })
    }

    /// Rates a finished game: reads both players' ratings (`None` for a
    /// player not yet rated), lets `f` compute their new rows, and writes
    /// them with the game's history, all in one `BEGIN IMMEDIATE`
    /// transaction. Two games ending at once (in two processes, too) are
    /// rated one after the other and neither update is lost. Once per game:
    /// `false` (and `f` not called) if the game was already rated.
    pub fn rate_game(
        &self,
        game_id: GameId,
        server_id: &str,
        variant: &str,
        players: [&str; 2],
        at: i64,
        f: impl FnOnce([Option<Rating>; 2]) -> [Rating; 2],
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let done = c
                .prepare_cached("SELECT 1 FROM rating_history WHERE game_id = ?1")?
                .exists([game_id])?;
            if done {
                return Ok(false);
            }
            let sql = format!(
                "SELECT {RATING_COLUMNS} FROM ratings \
                 WHERE server_id = ?1 AND variant = ?2 AND player_id = ?3"
            );
            let read = |p: &str| -> rusqlite::Result<Option<Rating>> {
                c.prepare_cached(&sql)?
                    .query_row([server_id, variant, p], rating_from_row)
                    .optional()
            };
            let before = [read(players[0])?, read(players[1])?];
            let old = [
                before[0].as_ref().map_or(1500.0, |r| r.rating),
                before[1].as_ref().map_or(1500.0, |r| r.rating),
            ];
            let new = f(before);
            for (r, old) in new.iter().zip(old) {
                ensure_refs(c, &r.server_id, None, &[&r.player_id])?;
                c.prepare_cached(
                    "INSERT OR REPLACE INTO ratings (server_id, variant, player_id, rating, rd, \
                     vol, games, wins_first, wins_second, losses, draws, updated_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )?
                .execute(params![
                    r.server_id,
                    r.variant,
                    r.player_id,
                    r.rating,
                    r.rd,
                    r.vol,
                    r.games,
                    r.wins_first,
                    r.wins_second,
                    r.losses,
                    r.draws,
                    r.updated_at,
                ])?;
                c.prepare_cached(
                    "INSERT INTO rating_history (game_id, player_id, rating_before, \
                     rating_after, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                )?
                .execute(params![game_id, r.player_id, old, r.rating, at])?;
            }
            Ok(true)
        })
    }

    /// Games a player plays or played on one server (or direct-message
    /// scope), newest first.
    pub fn games_of_player_on_server(
        &self,
        player_id: &str,
        server_id: &str,
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

    // --------------------------------------------------------------- helpers

    fn query_list<T, P: rusqlite::Params>(
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

    fn query_games<P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.query_list(sql, params, game_from_row)?
            .into_iter()
            .map(finish_game_row)
            .collect()
    }

    fn query_one_game<P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(self.query_games(sql, params)?.into_iter().next())
    }

    /// Test hook simulating a full disk: with `Some(n)` the database may not
    /// grow beyond `n` pages (`PRAGMA max_page_count`). Returns the current
    /// page count.
    #[doc(hidden)]
    pub fn debug_limit_pages(&self, max: Option<u32>) -> Result<u32, StoreError> {
        let conn = self.conn();
        if let Some(n) = max {
            conn.pragma_update(None, "max_page_count", n)
                .map_err(|e| self.err(e))?;
        }
        conn.pragma_query_value(None, "page_count", |r| r.get::<_, i64>(0))
            .map(to_u32)
            .map_err(|e| self.err(e))
    }

    /// `EXPLAIN QUERY PLAN` of the scheduler's queries (for tests: they
    /// must search an index, not scan the games table).
    #[doc(hidden)]
    pub fn deadline_query_plans(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for sql in [
            "EXPLAIN QUERY PLAN SELECT id, deadline FROM games \
             WHERE state = 'active' AND paused = 0 AND deadline IS NOT NULL \
             ORDER BY deadline LIMIT 1",
            "EXPLAIN QUERY PLAN SELECT id, expires_at FROM challenges \
             WHERE state = 'open' AND expires_at IS NOT NULL ORDER BY expires_at LIMIT 1",
        ] {
            let mut s = conn.prepare(sql).map_err(|e| self.err(e))?;
            let rows: Vec<String> = s
                .query_map([], |r| r.get(3))
                .and_then(|rows| rows.collect())
                .map_err(|e| self.err(e))?;
            out.push(rows.join(" | "));
        }
        Ok(out)
    }

    // ------------------------------------------- tournaments (app additions)

    /// One tournament pairing by id (the app finds a game's tournament
    /// through its `tournament_match_id`).
    pub fn get_match(&self, match_id: MatchId) -> Result<Option<TournamentMatch>, StoreError> {
        Ok(self
            .query_list(
                "SELECT id, tournament_id, round, board, first_player, second_player, result \
                 FROM tournament_matches WHERE id = ?1",
                [match_id],
                |r| {
                    Ok(TournamentMatch {
                        id: r.get(0)?,
                        tournament_id: r.get(1)?,
                        round: r.get(2)?,
                        board: r.get(3)?,
                        first_player: r.get(4)?,
                        second_player: r.get(5)?,
                        result: r.get(6)?,
                    })
                },
            )?
            .into_iter()
            .next())
    }

    /// Tournaments in a state (e.g. `"signup"`, for the clock's scheduled
    /// starts), oldest first. The tournaments table is small (a few rows per
    /// server), so this reads it whole rather than through an index.
    pub fn tournaments_in_state(&self, state: &str) -> Result<Vec<Tournament>, StoreError> {
        let sql =
            format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state = ?1 ORDER BY id");
        self.query_list(&sql, [state], tournament_from_row)
    }
}

/// Bumps a tournament's compare-and-set version: its entrants changed.
fn bump_tournament(c: &Connection, id: TournamentId) -> rusqlite::Result<()> {
    c.prepare_cached("UPDATE tournaments SET version = version + 1 WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

fn read_moves(c: &Connection, game_id: GameId) -> rusqlite::Result<Vec<StoredMove>> {
    c.prepare_cached(
        "SELECT number, text, player_id, at, source_id FROM moves \
         WHERE game_id = ?1 ORDER BY number",
    )?
    .query_map([game_id], |r| {
        Ok(StoredMove {
            number: to_u32(r.get(0)?),
            text: r.get(1)?,
            player_id: r.get(2)?,
            at: r.get(3)?,
            source_id: r.get(4)?,
        })
    })?
    .collect()
}

/// Refuses an existing non-empty file that does not start with the SQLite
/// header, before SQLite opens it (an empty file is fine: SQLite treats it
/// as a new database).
fn check_file_magic(path: &Path, label: &str) -> Result<(), StoreError> {
    use std::io::Read;
    const MAGIC: &[u8; 16] = b"SQLite format 3\0";
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(StoreError::CannotOpen {
                path: label.to_string(),
                detail: e.to_string(),
            })
        }
    };
    let meta = f.metadata().map_err(|e| StoreError::CannotOpen {
        path: label.to_string(),
        detail: e.to_string(),
    })?;
    if meta.is_dir() {
        return Err(StoreError::CannotOpen {
            path: label.to_string(),
            detail: "it is a folder".to_string(),
        });
    }
    if meta.len() == 0 {
        return Ok(());
    }
    let mut head = [0u8; 16];
    let ok = f.read_exact(&mut head).is_ok() && &head == MAGIC;
    if ok {
        Ok(())
    } else {
        Err(StoreError::NotADatabase {
            path: label.to_string(),
        })
    }
}

#[cfg(test)]
mod tests;
