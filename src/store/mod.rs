//! Storage: every SQL statement of tawlbot lives in this module, behind one
//! interface.
//!
//! * [`Store`] (in `interface.rs`) is the interface: one trait per area
//!   ([`Games`], [`Challenges`], [`Tournaments`], [`Clock`], [`Players`],
//!   [`Ratings`], [`Offers`], [`Language`], [`Archive`]); `use crate::store::prelude::*`
//!   brings their methods into scope. The app, the scheduler and the front
//!   ends hold an `Arc<dyn Store>` and see nothing else.
//! * `sql/` implements it once: every statement and row mapping, over a
//!   small seam for what differs between the databases (connections and
//!   transactions, values, a few dialect words, error codes).
//! * [`SqliteStore`] (in `sqlite/`) is that seam on one SQLite file
//!   (chosen by `DATABASE_PATH`, default `tawlbot.db`), opened in WAL mode
//!   with foreign keys on and a busy timeout. Its schema is the numbered SQL
//!   files in `migrations/sqlite/`, applied in order at start-up.
//!   [`PostgresStore`] (in `pg/`) is the seam on a PostgreSQL server, its
//!   schema in `migrations/postgres/`.
//! * [`open`] takes the text that names a database and opens the right
//!   implementation: this is the one place a second database is added.
//! * Errors are the store's own kinds ([`StoreError`], [`AppendError`]):
//!   nothing of rusqlite leaves `sqlite/`.
//! * Ids from Discord (servers, channels, users, messages, interactions) are
//!   strings; the console front end uses plain names.
//! * Times are unix seconds given by the caller; the store never reads the
//!   clock.
//! * A game is stored as its header plus its moves as text; the app loads a
//!   game by replaying the moves through `rules`.
//! * Moves go in through [`Clock::append_move_clocked`], which checks the caller's
//!   expected move number inside one transaction: of two moves racing for
//!   the same game exactly one is applied and the other gets
//!   [`AppendError::Stale`].
//!
//! See `docs/storage.md` for the interface, the schema and the durability
//! choice.

pub mod dump;
mod error;
mod interface;
mod logic;
pub mod pg;
mod sql;
pub mod sqlite;
#[cfg(feature = "fault-injection")]
mod statements;
mod types;

use std::sync::Arc;

pub use crate::domain::*;
pub use error::{clipped, AppendError, StoreError, LOGGED_CHARS};
pub use interface::*;
pub use pg::{is_postgres_url, PgOptions, PostgresStore};
#[cfg(feature = "fault-injection")]
pub use sqlite::Fault;
pub use sqlite::{
    database_path_from_env, SqliteStore, StoreOptions, Synchronous, APPLICATION_ID,
    DATABASE_PATH_VAR, DATABASE_SYNCHRONOUS_VAR, DEFAULT_DATABASE_PATH, SCHEMA_VERSION,
};
#[cfg(feature = "fault-injection")]
pub use statements::{open_counted, StatementLog};
pub use types::*;

/// The store's traits, to call their methods, and the ids they take:
/// `use crate::store::prelude::*`.
pub mod prelude {
    pub use super::interface::{
        Archive, Challenges, Clock, Conditionals, Doctor, Games, Language, Leases, Offers, Outbox,
        Players, Puzzles, Ratings, Store, Tournaments, Vacations,
    };
    pub use crate::domain::{
        ChallengeId, ChannelId, GameId, MatchId, ProcessId, RoleId, ServerId, TournamentId, UserId,
    };
}

/// The player setting that holds a player's language (`en`, `cy`).
pub const LANGUAGE_SETTING: &str = "language";

/// A shared handle on any store.
pub type SharedStore = Arc<dyn Store>;

impl From<PostgresStore> for Arc<dyn Store> {
    fn from(s: PostgresStore) -> Self {
        Arc::new(s)
    }
}

/// A database URL or path as it may be shown: the password replaced by `***`.
pub fn redact_url(target: &str) -> String {
    pg::redact(target)
}

/// The environment variable naming a PostgreSQL database
/// (`postgres://user:password@host:port/database`); when set it wins over
/// `DATABASE_PATH`.
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";

/// What the bot opens: `DATABASE_URL` when set, else `DATABASE_PATH`
/// (default `tawlbot.db`).
pub fn database_target_from_env() -> String {
    match std::env::var(DATABASE_URL_VAR) {
        Ok(u) if !u.trim().is_empty() => u.trim().to_string(),
        _ => database_path_from_env().to_string_lossy().into_owned(),
    }
}

impl From<SqliteStore> for Arc<dyn Store> {
    fn from(s: SqliteStore) -> Self {
        Arc::new(s)
    }
}

/// [`open`] for the bot: an SQLite file's WAL checkpoints run on a
/// thread of their own, not inside a move's commit
/// ([`SqliteStore::checkpoint_aside`]; if that cannot start, logged, and
/// SQLite's own as before).
pub fn open_for_bot(target: &str) -> Result<Arc<dyn Store>, StoreError> {
    if is_postgres_url(target) {
        return open(target);
    }
    let s = SqliteStore::open_with(target, &StoreOptions::from_env())?;
    if let Err(e) = s.checkpoint_aside() {
        // The bot still runs: SQLite checkpoints inside the commits.
        tracing::warn!("WAL checkpoints stay in the commits: {e}");
    }
    Ok(Arc::new(s))
}

/// Opens the database named by `target`: a `postgres://` (or
/// `postgresql://`) URL opens PostgreSQL, anything else is an SQLite file
/// (created if missing), with the options from the environment.
pub fn open(target: &str) -> Result<Arc<dyn Store>, StoreError> {
    if is_postgres_url(target) {
        return Ok(Arc::new(PostgresStore::open_with(
            target,
            &PgOptions::default(),
        )?));
    }
    Ok(Arc::new(SqliteStore::open_with(
        target,
        &StoreOptions::from_env(),
    )?))
}
