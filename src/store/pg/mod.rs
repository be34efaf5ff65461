//! The PostgreSQL backend of the store (its SQL is `store/sql`'s, run
//! through `backend.rs`): a database server that many bot processes can
//! share.
//!
//! Selected by URL: `DATABASE_URL=postgres://user:password@host:port/db`
//! (or `--db postgres://...`). The client is the `postgres` crate
//! (rust-postgres, blocking), with a small pool of connections
//! ([`pool`]): the store's calls are short and run off the async runtime.
//! Connections are made without TLS (`NoTls`): run the database on the same
//! machine or a private network, or put a TLS tunnel in front of it.
//!
//! The schema is `migrations/postgres/`, numbered like the SQLite files and
//! applied at start-up under an advisory lock ([`migrate`]).

mod backend;
mod copy;
mod error;
pub(crate) mod migrate;
mod pool;
#[cfg(feature = "test-postgres")]
pub mod throwaway;
mod values;

use std::sync::Arc;
use std::time::Duration;

use super::{AppendError, StoreError};
pub(crate) use error::{classify, is_retryable, redact};
pub use migrate::{PgMigration, MIGRATION_LOCK, PG_LATEST, PG_MIGRATIONS};
use pool::{Pool, Pooled};

/// Whether `s` names a PostgreSQL database (a `postgres://` or
/// `postgresql://` URL) rather than an SQLite file.
pub fn is_postgres_url(s: &str) -> bool {
    let s = s.trim_start();
    s.starts_with("postgres://") || s.starts_with("postgresql://")
}

/// How to connect.
#[derive(Debug, Clone)]
pub struct PgOptions {
    /// Connections this process opens at most.
    pub max_connections: usize,
    /// How long a call waits for a free connection, and how long a
    /// statement may wait for a row lock, before it fails as busy.
    pub busy_timeout: Duration,
}

impl Default for PgOptions {
    fn default() -> Self {
        PgOptions {
            max_connections: 8,
            busy_timeout: Duration::from_secs(5),
        }
    }
}

/// Handle on a PostgreSQL database. Cheap to clone; clones share the pool.
#[derive(Clone)]
pub struct PostgresStore {
    pub(crate) inner: Arc<PgInner>,
}

pub(crate) struct PgInner {
    pub(crate) pool: Pool,
    pub(crate) label: String,
    /// The unreadable rows already logged (`Backend::unreadable_row`).
    pub(crate) reported: crate::store::logic::Reported,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore")
            .field("database", &self.inner.label)
            .finish()
    }
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its schema up to date.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::open_with(url, &PgOptions::default())
    }

    /// [`PostgresStore::open`] with explicit options.
    pub fn open_with(url: &str, opts: &PgOptions) -> Result<PostgresStore, StoreError> {
        let label = redact(url.trim());
        let mut config: postgres::Config =
            url.trim()
                .parse()
                .map_err(|e: postgres::Error| StoreError::CannotOpen {
                    path: label.clone(),
                    detail: e.to_string(),
                })?;
        if config.get_application_name().is_none() {
            config.application_name("tawlbot");
        }
        config.connect_timeout(opts.busy_timeout.max(Duration::from_secs(1)));
        // A statement waiting on a row lock gives up after the busy
        // timeout, as SQLite's busy timeout does.
        let lock_timeout = format!("-c lock_timeout={}", opts.busy_timeout.as_millis().max(1));
        let options = match config.get_options() {
            Some(o) if !o.trim().is_empty() => format!("{o} {lock_timeout}"),
            _ => lock_timeout,
        };
        config.options(&options);
        let pool = Pool::new(
            config,
            label.clone(),
            opts.max_connections,
            opts.busy_timeout,
        );
        let store = PostgresStore {
            inner: Arc::new(PgInner {
                pool,
                label,
                reported: Default::default(),
            }),
        };
        {
            let mut c = store.conn()?;
            migrate::migrate(&mut c.client, &store.inner.label)?;
        }
        Ok(store)
    }

    /// The database's URL, without its password.
    pub fn path(&self) -> &str {
        &self.inner.label
    }

    /// The schema version of the database (a test hook, as SQLite's).
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        let mut c = self.conn()?;
        c.client
            .query_one("SELECT coalesce(max(version), 0) FROM tawlbot_schema", &[])
            .map(|r| r.get(0))
            .map_err(|e| classify(&self.inner.label, e))
    }

    /// Counts every statement this store sends from now on, on any of its
    /// connections (feature `fault-injection`, see `store/statements.rs`).
    #[cfg(feature = "fault-injection")]
    pub fn count_statements(&self) -> crate::store::StatementLog {
        let log = self.inner.pool.log.clone();
        log.start();
        log
    }

    pub(crate) fn conn(&self) -> Result<Pooled<'_>, StoreError> {
        self.inner.pool.get()
    }
}

#[cfg(all(test, feature = "test-postgres"))]
mod tests;
