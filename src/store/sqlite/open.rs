//! Opening the database: options, pragmas, migrations, and the write helpers.

#[cfg(feature = "fault-injection")]
use super::error;
use super::{
    classify, migrate, AppendError, Arc, Connection, Duration, Mutex, MutexGuard, OpenFlags, Path,
    PathBuf, PoisonError, StoreError, TransactionBehavior,
};

impl SqliteStore {
    /// Opens (or creates) the database file at `path` with the default
    /// options, and brings its schema up to date.
    ///
    /// A file that is not an SQLite database, belongs to another program or
    /// has a newer schema is refused before anything is written to it.
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, &StoreOptions::default())
    }

    /// [`SqliteStore::open`] with explicit options.
    pub fn open_with(
        path: impl AsRef<Path>,
        opts: &StoreOptions,
    ) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref();
        let label = path.display().to_string();
        // Two processes that create the same new file at once: SQLite
        // answers the second's switch to WAL (or its first read of a
        // schema being written) "busy" at once, without waiting on its
        // busy handler. It opens again until the busy timeout is spent.
        let until = std::time::Instant::now() + opts.busy_timeout;
        loop {
            match SqliteStore::open_once(path, &label, opts) {
                Err(StoreError::Busy { .. }) if std::time::Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                done => return done,
            }
        }
    }

    fn open_once(path: &Path, label: &str, opts: &StoreOptions) -> Result<SqliteStore, StoreError> {
        check_file_magic(path, label)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn =
            Connection::open_with_flags(path, flags).map_err(|e| match classify(label, e) {
                StoreError::Fault { path, detail } => StoreError::CannotOpen { path, detail },
                other => other,
            })?;
        SqliteStore::setup(conn, label.to_string(), opts, true)
    }

    /// A private database in memory, for tests (only in test builds, like
    /// the other test hooks: feature `fault-injection`).
    #[cfg(any(test, feature = "fault-injection"))]
    pub fn open_in_memory() -> Result<SqliteStore, StoreError> {
        let conn = Connection::open_in_memory().map_err(|e| classify(":memory:", e))?;
        SqliteStore::setup(
            conn,
            ":memory:".to_string(),
            &StoreOptions::default(),
            false,
        )
    }

    pub(super) fn setup(
        mut conn: Connection,
        label: String,
        opts: &StoreOptions,
        wal: bool,
    ) -> Result<SqliteStore, StoreError> {
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
        Ok(SqliteStore {
            inner: Arc::new(Inner {
                conn: Mutex::new(conn),
                dialect: Mutex::default(),
                label,
                reported: Default::default(),
                #[cfg(feature = "fault-injection")]
                faults: Mutex::default(),
                #[cfg(feature = "fault-injection")]
                statements: Default::default(),
            }),
        })
    }

    /// Moves the WAL's checkpoints off the writers' path: SQLite's
    /// automatic checkpoint (every 1,000 pages of WAL) runs inside the
    /// commit that crosses the mark, so one move's reply in a few hundred
    /// copied the WAL into the file and waited for its fsync (20-130 ms
    /// on the test VM under load; docs/performance.md, "The checkpoint and the GIF builds").
    /// Instead a thread of its own, on a connection of its own, runs a
    /// passive checkpoint (it never waits for a writer nor holds one up)
    /// every [`CHECKPOINT_EVERY`], and ends with the store. The bot's store
    /// uses it (`discord::run`); a store in memory has no WAL and keeps
    /// the default.
    pub fn checkpoint_aside(&self) -> Result<(), StoreError> {
        if self.inner.label == ":memory:" {
            return Ok(());
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let other =
            Connection::open_with_flags(&self.inner.label, flags).map_err(|e| self.err(e))?;
        other
            .busy_timeout(Duration::from_secs(5))
            .map_err(|e| self.err(e))?;
        self.conn()
            .pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(|e| self.err(e))?;
        let store = Arc::downgrade(&self.inner);
        let spawned = std::thread::Builder::new()
            .name("tawlbot-checkpoint".into())
            .spawn(move || {
                let mut failed = false;
                loop {
                    std::thread::sleep(CHECKPOINT_EVERY);
                    let Some(inner) = store.upgrade() else {
                        return;
                    };
                    let done = other.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                    match done {
                        Ok(()) => failed = false,
                        Err(e) if !failed => {
                            // Logged once until one succeeds again.
                            tracing::warn!("{}: a WAL checkpoint failed: {e}", inner.label);
                            failed = true;
                        }
                        Err(_) => {}
                    }
                }
            });
        if let Err(e) = spawned {
            // No thread: SQLite's own checkpoints, as before.
            tracing::warn!("no thread for WAL checkpoints ({e}): they stay in the commits");
            self.conn()
                .pragma_update(None, "wal_autocheckpoint", 1000)
                .map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    /// The file this store was opened on (`:memory:` for in-memory stores).
    pub fn path(&self) -> &str {
        &self.inner.label
    }

    pub(super) fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction open
        // (rusqlite rolls back on drop), so the connection is still sound.
        self.inner
            .conn
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn err(&self, e: rusqlite::Error) -> StoreError {
        classify(&self.inner.label, e)
    }

    pub(super) fn app_err(&self, e: AppendErrorOrSql) -> AppendError {
        match e {
            AppendErrorOrSql::App(a) => a,
            AppendErrorOrSql::Sql(e) => AppendError::Store(self.err(e)),
        }
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction, committing on `Ok`.
    pub(super) fn write<T>(
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
}

/// What fails inside [`SqliteStore::write`]: a refusal, or SQLite.
pub(crate) enum AppendErrorOrSql {
    App(AppendError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for AppendErrorOrSql {
    fn from(e: rusqlite::Error) -> Self {
        AppendErrorOrSql::Sql(e)
    }
}

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
    /// process, an OS crash and a power cut (`DATABASE_SYNCHRONOUS=full`).
    Full,
    /// fsync only at checkpoints: survives a killed process, but a power
    /// cut or OS crash may lose the last commits (never corrupts). The
    /// default (docs/storage.md, Durability, says why).
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
pub struct SqliteStore {
    pub(super) inner: Arc<Inner>,
}

/// How often [`SqliteStore::checkpoint_aside`]'s thread checkpoints the
/// WAL (about what a busy bot commits in a second is copied each time).
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

pub(super) struct Inner {
    pub(super) conn: Mutex<Connection>,
    /// The shared SQL's statements in SQLite's dialect (`backend.rs`);
    /// locked after `conn`, never before.
    pub(super) dialect: Mutex<super::backend::Dialect>,
    pub(super) label: String,
    /// Unreadable rows already logged.
    pub(super) reported: crate::store::logic::Reported,
    #[cfg(feature = "fault-injection")]
    pub(super) faults: Mutex<error::Faults>,
    /// The statements counted (feature `fault-injection`); after `conn`,
    /// so that the connection, which reports to it, goes first.
    #[cfg(feature = "fault-injection")]
    pub(super) statements: crate::store::StatementLog,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.inner.label)
            .finish()
    }
}

/// Refuses an existing non-empty file that does not start with the SQLite
/// header, before SQLite opens it (an empty file is fine: SQLite treats it
/// as a new database).
pub(super) fn check_file_magic(path: &Path, label: &str) -> Result<(), StoreError> {
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
mod durability_tests {
    use super::*;

    /// The code's default durability is the one docs/storage.md names.
    #[test]
    fn the_documented_durability_is_the_default() {
        let doc = include_str!("../../../docs/storage.md");
        assert_eq!(StoreOptions::default().synchronous, Synchronous::Normal);
        assert!(
            doc.contains("**Choice: WAL with `synchronous = NORMAL`** (the default)"),
            "docs/storage.md, Durability, names another default"
        );
        assert!(doc.contains("`synchronous = NORMAL` unless"));
    }
}

#[cfg(test)]
mod checkpoint_tests {
    use super::*;
    use crate::store::Players;

    /// With the checkpoints aside, commits leave the database file as it
    /// was (SQLite's own checkpoint is off) and the store's thread copies
    /// the WAL into it within a few of its periods; it ends with the store.
    #[test]
    fn the_wal_is_checkpointed_by_the_stores_own_thread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let store = SqliteStore::open(&path).unwrap();
        store.checkpoint_aside().unwrap();
        let size = || std::fs::metadata(&path).unwrap().len();
        let before = size();
        for i in 0..400 {
            store
                .upsert_player(&format!("{i}").into(), &"x".repeat(500))
                .unwrap();
        }
        let deadline = std::time::Instant::now() + CHECKPOINT_EVERY * 10;
        while size() < before + 100_000 {
            assert!(
                std::time::Instant::now() < deadline,
                "the WAL was not checkpointed: the file is {} bytes",
                size()
            );
            std::thread::sleep(CHECKPOINT_EVERY / 4);
        }
        let inner = Arc::downgrade(&store.inner);
        drop(store);
        // A checkpoint under way holds the store for its length; once it
        // is over, nothing does.
        let deadline = std::time::Instant::now() + CHECKPOINT_EVERY * 10;
        while inner.strong_count() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the thread holds only a weak reference"
            );
            std::thread::sleep(CHECKPOINT_EVERY / 4);
        }
    }
}
