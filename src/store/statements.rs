//! Counting the statements a store runs, for the tests and benches that pin
//! how many a request takes (feature `fault-injection`; nothing of this
//! exists in a normal build). SQLite reports every statement it starts
//! (`sqlite3_trace_v2`); the PostgreSQL store notes every statement it
//! sends on any of its connections (prepared statements and transaction
//! control: `BEGIN`, `COMMIT`, savepoints).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::{SharedStore, StoreError};

/// The statements one store ran since counting began (or since the last
/// [`StatementLog::take`]), in order, as their SQL text.
#[derive(Clone, Debug, Default)]
pub struct StatementLog(Arc<LogInner>);

#[derive(Debug, Default)]
pub(crate) struct LogInner {
    on: AtomicBool,
    list: Mutex<Vec<String>>,
}

impl StatementLog {
    /// Notes one statement, if counting is on.
    pub(crate) fn note(&self, sql: &str) {
        self.0.note(sql);
    }

    /// Whether counting is on (to skip the work of noting when it is off).
    pub(crate) fn is_on(&self) -> bool {
        self.0.on.load(Ordering::Relaxed)
    }

    /// Starts counting (statements run before are not kept).
    pub(crate) fn start(&self) {
        self.0.on.store(true, Ordering::SeqCst);
    }

    pub(crate) fn inner_ptr(&self) -> *const LogInner {
        Arc::as_ptr(&self.0)
    }

    /// Stops counting (a bench's measured part runs without the counter's
    /// own work).
    pub fn stop(&self) {
        self.0.on.store(false, Ordering::SeqCst);
    }

    /// The statements noted so far, and a fresh start.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock())
    }

    /// Forgets the statements noted so far.
    pub fn clear(&self) {
        self.0.lock().clear();
    }
}

impl LogInner {
    pub(crate) fn note(&self, sql: &str) {
        if self.on.load(Ordering::Relaxed) {
            // One line per statement, whitespace folded.
            let one: Vec<&str> = sql.split_whitespace().collect();
            self.lock().push(one.join(" "));
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.list.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Opens the database `target` (as [`super::open`] does: an SQLite file or
/// a `postgres://` URL) with its statements counted from now on.
pub fn open_counted(target: &str) -> Result<(SharedStore, StatementLog), StoreError> {
    if super::pg::is_postgres_url(target) {
        let s = super::PostgresStore::open(target)?;
        let log = s.count_statements();
        Ok((Arc::new(s), log))
    } else {
        let s = super::SqliteStore::open_with(target, &super::StoreOptions::from_env())?;
        let log = s.count_statements();
        Ok((Arc::new(s), log))
    }
}
