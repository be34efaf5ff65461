//! Errors of the store, worded for the person running the bot.

use std::fmt;

/// Something went wrong opening or using the database.
///
/// `Display` gives a sentence a server admin can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The file exists but is not an SQLite database. It was not touched.
    NotADatabase { path: String },
    /// The file is an SQLite database of some other program. It was not touched.
    ForeignDatabase { path: String },
    /// The file was written by a newer tawlbot. It was not touched.
    NewerSchema {
        path: String,
        found: i64,
        known: i64,
    },
    /// The database file could not be opened or created.
    CannotOpen { path: String, detail: String },
    /// The disk (or the file system quota) is full: the change was not saved.
    DiskFull { path: String },
    /// Another process held the database longer than the busy timeout.
    Busy { path: String },
    /// The file or its folder is read-only.
    ReadOnly { path: String },
    /// SQLite found the file damaged.
    Corrupt { path: String, detail: String },
    /// An input/output error from the operating system.
    Io { path: String, detail: String },
    /// Applying migration `version` failed; nothing of it was kept.
    Migration {
        path: String,
        version: i64,
        detail: String,
    },
    /// The channel already has an active game.
    ChannelBusy { channel: String, game: i64 },
    /// The challenge is not in the state the caller expected (someone else
    /// accepted, declined or withdrew it first).
    ChallengeNotOpen {
        challenge: i64,
        state: super::ChallengeState,
    },
    /// No such row (game, challenge, tournament ...).
    NotFound { what: &'static str, id: String },
    /// Stored data that the program cannot read (e.g. options that are not JSON).
    BadData { detail: String },
    /// Any other SQLite error.
    Sqlite { path: String, detail: String },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotADatabase { path } => write!(
                f,
                "{path} is not a tawlbot database (it is not an SQLite file at all); \
                 it was left untouched: move it away or set DATABASE_PATH to another file"
            ),
            StoreError::ForeignDatabase { path } => write!(
                f,
                "{path} is an SQLite database of another program; it was left untouched: \
                 set DATABASE_PATH to another file"
            ),
            StoreError::NewerSchema { path, found, known } => write!(
                f,
                "{path} was written by a newer tawlbot (schema {found}, this program knows {known}); \
                 it was left untouched: upgrade tawlbot or use another DATABASE_PATH"
            ),
            StoreError::CannotOpen { path, detail } => write!(
                f,
                "cannot open or create the database {path} ({detail}): check that the folder \
                 exists and is writable, or set DATABASE_PATH"
            ),
            StoreError::DiskFull { path } => write!(
                f,
                "the disk holding {path} is full, so the change was not saved; \
                 free some space and try again"
            ),
            StoreError::Busy { path } => write!(
                f,
                "the database {path} stayed locked by another process for too long; \
                 the change was not saved, try again"
            ),
            StoreError::ReadOnly { path } => write!(
                f,
                "the database {path} (or its folder) is read-only, so nothing can be saved; \
                 check the file permissions"
            ),
            StoreError::Corrupt { path, detail } => write!(
                f,
                "the database {path} is damaged ({detail}); stop the bot and restore it from a backup"
            ),
            StoreError::Io { path, detail } => write!(
                f,
                "the operating system reported an input/output error on {path} ({detail}); \
                 the change was not saved"
            ),
            StoreError::Migration { path, version, detail } => write!(
                f,
                "upgrading {path} to schema {version} failed ({detail}); the file was left as it was"
            ),
            StoreError::ChannelBusy { channel, game } => write!(
                f,
                "channel {channel} already has an active game (game {game}); \
                 finish it or play in another channel"
            ),
            StoreError::ChallengeNotOpen { challenge, state } => write!(
                f,
                "challenge {challenge} is no longer open (it is {state})"
            ),
            StoreError::NotFound { what, id } => write!(f, "there is no {what} {id}"),
            StoreError::BadData { detail } => {
                write!(f, "the database holds data this program cannot read: {detail}")
            }
            StoreError::Sqlite { path, detail } => {
                write!(f, "database error on {path}: {detail}")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// Why `append_move` (or another move-count-checked change) was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppendError {
    /// The game has `now` moves, not the number the caller expected:
    /// somebody else moved first. Reload the game and look again.
    Stale { now: u32 },
    /// A move from this Discord message or interaction was already applied.
    Duplicate,
    /// The game is finished or aborted.
    GameOver,
    /// There is no such game.
    NoSuchGame,
    /// The game's clock is paused: no move, takeback or second pause.
    Paused,
    /// The game's clock is not paused (a resume came twice).
    NotPaused,
    /// The offer being accepted is no longer standing (withdrawn, declined
    /// or accepted by someone else first).
    NoOffer,
    /// The database failed; nothing was saved.
    Store(StoreError),
}

impl fmt::Display for AppendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppendError::Stale { now } => write!(
                f,
                "the position changed (the game now has {now} moves), look again"
            ),
            AppendError::Duplicate => write!(f, "this message was already applied"),
            AppendError::GameOver => write!(f, "the game is over"),
            AppendError::NoSuchGame => write!(f, "there is no such game"),
            AppendError::Paused => write!(f, "the game's clock is paused"),
            AppendError::NotPaused => write!(f, "the game's clock is not paused"),
            AppendError::NoOffer => write!(f, "the offer is no longer standing"),
            AppendError::Store(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AppendError {}

impl From<StoreError> for AppendError {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}

/// Turns an SQLite error into a [`StoreError`] naming the file.
pub(crate) fn classify(path: &str, e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode as C;
    let path = path.to_string();
    let detail = e.to_string();
    if let rusqlite::Error::FromSqlConversionFailure(column, _, inner) = &e {
        // A stored value this program cannot read (see `values.rs`).
        return match inner.downcast_ref::<StoreError>() {
            Some(StoreError::BadData { detail }) => StoreError::BadData {
                detail: format!("{detail} (column {column})"),
            },
            _ => StoreError::BadData { detail },
        };
    }
    match e.sqlite_error_code() {
        Some(C::DiskFull) => StoreError::DiskFull { path },
        Some(C::DatabaseBusy) | Some(C::DatabaseLocked) => StoreError::Busy { path },
        Some(C::ReadOnly) | Some(C::PermissionDenied) => StoreError::ReadOnly { path },
        Some(C::NotADatabase) => StoreError::NotADatabase { path },
        Some(C::DatabaseCorrupt) => StoreError::Corrupt { path, detail },
        Some(C::SystemIoFailure) => StoreError::Io { path, detail },
        Some(C::CannotOpen) => StoreError::CannotOpen { path, detail },
        _ => StoreError::Sqlite { path, detail },
    }
}

/// What an armed fault makes a write fail with (feature `fault-injection`).
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `SQLITE_FULL`: the disk is full.
    DiskFull,
    /// `SQLITE_BUSY`: another process held the lock past the busy timeout.
    Busy,
    /// `SQLITE_IOERR`: the operating system failed a read or write.
    Io,
}

/// The armed faults of one store (feature `fault-injection` only; nothing
/// of this exists in a normal build).
#[cfg(feature = "fault-injection")]
#[derive(Debug, Default)]
pub(crate) struct Faults {
    /// Writes (transactions) attempted so far.
    writes: u64,
    /// Fail the write with this number (counted from 1 over the store's life).
    fail_at: Option<(u64, Fault)>,
    /// Fail every write.
    fail_all: Option<Fault>,
    /// Panic when this game is read.
    panic_on_game: Option<i64>,
}

#[cfg(feature = "fault-injection")]
impl Faults {
    /// Called once per write, after its statements ran and before the
    /// commit: `Some` makes the write roll back with that error.
    pub(crate) fn on_write(&mut self, path: &str) -> Option<StoreError> {
        self.writes += 1;
        let f = match self.fail_at {
            Some((n, f)) if n == self.writes => Some(f),
            _ => self.fail_all,
        }?;
        let path = path.to_string();
        Some(match f {
            Fault::DiskFull => StoreError::DiskFull { path },
            Fault::Busy => StoreError::Busy { path },
            Fault::Io => StoreError::Io {
                path,
                detail: "disk I/O error (injected)".into(),
            },
        })
    }

    pub(crate) fn on_read_game(&self, id: i64) {
        if self.panic_on_game == Some(id) {
            panic!("injected panic reading game {id}");
        }
    }
}

#[cfg(feature = "fault-injection")]
impl super::Store {
    pub(super) fn faults(&self) -> std::sync::MutexGuard<'_, Faults> {
        self.inner
            .faults
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
    /// The number of writes (transactions) this store attempted so far.
    pub fn fault_writes(&self) -> u64 {
        self.faults().writes
    }
    /// The `n`th write from now (1: the next) fails and rolls back.
    pub fn fault_fail_nth_write(&self, n: u64, fault: Fault) {
        let mut f = self.faults();
        f.fail_at = Some((f.writes + n, fault));
    }
    /// Every write fails (`None`: writes work again).
    pub fn fault_fail_writes(&self, fault: Option<Fault>) {
        self.faults().fail_all = fault;
    }
    /// Reading game `id` panics (`None`: no panic).
    pub fn fault_panic_on_game(&self, id: Option<i64>) {
        self.faults().panic_on_game = id;
    }
    /// Runs raw SQL on the store's connection (to damage a row on purpose).
    pub fn fault_execute(&self, sql: &str) -> Result<(), StoreError> {
        self.conn().execute_batch(sql).map_err(|e| self.err(e))
    }
}
