//! SQLite errors in the store's words, and the fault-injection hooks.

use super::StoreError;

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
        _ => StoreError::Fault { path, detail },
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
    panic_on_game: Option<crate::store::GameId>,
    /// Reads (statements outside a write) attempted so far.
    reads: u64,
    /// Fail the read with this number (counted from 1 over the store's life).
    fail_read_at: Option<(u64, Fault)>,
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
        Some(Self::error(f, path))
    }

    /// Called once per read, before it runs: `Some` fails it with that error.
    pub(crate) fn on_read(&mut self, path: &str) -> Option<StoreError> {
        self.reads += 1;
        match self.fail_read_at {
            Some((n, f)) if n == self.reads => Some(Self::error(f, path)),
            _ => None,
        }
    }

    fn error(f: Fault, path: &str) -> StoreError {
        let path = path.to_string();
        match f {
            Fault::DiskFull => StoreError::DiskFull { path },
            Fault::Busy => StoreError::Busy { path },
            Fault::Io => StoreError::Io {
                path,
                detail: "disk I/O error (injected)".into(),
            },
        }
    }

    pub(crate) fn on_read_game(&self, id: crate::store::GameId) {
        if self.panic_on_game == Some(id) {
            panic!("injected panic reading game {id}");
        }
    }
}

#[cfg(feature = "fault-injection")]
impl super::SqliteStore {
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
    /// The number of reads (outside writes) this store attempted so far.
    pub fn fault_reads(&self) -> u64 {
        self.faults().reads
    }
    /// The `n`th read from now (1: the next) fails.
    pub fn fault_fail_nth_read(&self, n: u64, fault: Fault) {
        let mut f = self.faults();
        f.fail_read_at = Some((f.reads + n, fault));
    }
    /// No armed read fails any more.
    pub fn fault_reads_work(&self) {
        self.faults().fail_read_at = None;
    }
    /// Every write fails (`None`: writes work again).
    pub fn fault_fail_writes(&self, fault: Option<Fault>) {
        self.faults().fail_all = fault;
    }
    /// Reading game `id` panics (`None`: no panic).
    pub fn fault_panic_on_game(&self, id: Option<crate::store::GameId>) {
        self.faults().panic_on_game = id;
    }
    /// Runs raw SQL on the store's connection (to damage a row on purpose).
    pub fn fault_execute(&self, sql: &str) -> Result<(), StoreError> {
        self.conn().execute_batch(sql).map_err(|e| self.err(e))
    }
}
