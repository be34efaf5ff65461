//! One test suite, both stores: the same test bodies run on SQLite and on
//! PostgreSQL.
//!
//! A test binary's root declares this module first, with `#[macro_use]`
//! (`tests/app.rs`, `tests/stores.rs`, ...). A suite (a module of the
//! binary) keeps its `#[test]` functions as they are (they run on SQLite,
//! the default) and lists them once more at its end:
//!
//! ```ignore
//! use crate::backends; // when it calls backends::fresh_db() and the like
//! ...
//! on_postgres!(first_test, second_test);
//! ```
//!
//! which makes `postgres::first_test` and so on, inside the suite's module
//! (`store_api::postgres::first_test`): the same functions, run with
//! PostgreSQL as the current backend. Tests get their database from
//! [`fresh_db`] (or a session built on it), which gives an SQLite file or a
//! database of its own on the throwaway PostgreSQL server
//! (`tawlbot::store::pg::throwaway`) by the current backend. Where no
//! PostgreSQL is installed the PostgreSQL twins pass after one line saying
//! they were skipped; with `TAWLBOT_REQUIRE_POSTGRES=1` they fail.
#![allow(dead_code)]

use std::cell::Cell;

use tawlbot::store::pg::throwaway::{self, TestDatabase};
use tawlbot::store::SharedStore;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

thread_local! {
    static CURRENT: Cell<Backend> = const { Cell::new(Backend::Sqlite) };
}

/// The backend the running test uses.
pub fn current() -> Backend {
    CURRENT.with(Cell::get)
}

/// Runs `test` with PostgreSQL as the current backend (or skips it, see
/// the module's notes).
pub fn run_on_postgres(test: fn()) {
    if throwaway::server().is_none() {
        return;
    }
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(Backend::Sqlite));
        }
    }
    let _reset = Reset;
    CURRENT.with(|c| c.set(Backend::Postgres));
    test();
}

/// A fresh, empty database of the current backend, kept as long as this
/// value lives.
pub struct TestDb {
    /// What `tawlbot::store::open` and `--db` take: a file path or a
    /// `postgres://` URL.
    pub target: String,
    _dir: Option<tempfile::TempDir>,
    _pg: Option<TestDatabase>,
}

impl TestDb {
    /// Opens (another handle on) the database, as a new process would.
    pub fn open(&self) -> SharedStore {
        tawlbot::store::open(&self.target)
            .unwrap_or_else(|e| panic!("cannot open {}: {e}", self.target))
    }

    pub fn is_postgres(&self) -> bool {
        self._pg.is_some()
    }
}

/// A fresh database of the current backend.
pub fn fresh_db() -> TestDb {
    match current() {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let target = dir.path().join("t.db").to_string_lossy().into_owned();
            TestDb {
                target,
                _dir: Some(dir),
                _pg: None,
            }
        }
        Backend::Postgres => {
            let db = throwaway::database().expect("run_on_postgres checked the server");
            TestDb {
                target: db.url.clone(),
                _dir: None,
                _pg: Some(db),
            }
        }
    }
}

/// Runs `sql` (statements separated by `;`) on the database `target` (a
/// file path or a `postgres://` URL) as an operator's own client would:
/// the tests' way to damage rows by hand, under the store's back.
pub fn raw_sql(target: &str, sql: &str) {
    try_raw_sql(target, sql).unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// [`raw_sql`], with the database's refusal as an error.
pub fn try_raw_sql(target: &str, sql: &str) -> Result<(), String> {
    if tawlbot::store::pg::is_postgres_url(target) {
        let mut c = postgres::Client::connect(target, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to {target}: {e}"));
        c.batch_execute(sql).map_err(|e| e.to_string())
    } else {
        rusqlite::Connection::open(target)
            .unwrap()
            .execute_batch(sql)
            .map_err(|e| e.to_string())
    }
}

/// The first row of the query `sql` (no parameters) on the database
/// `target`, every column read as text.
pub fn raw_texts(target: &str, sql: &str) -> Vec<String> {
    if tawlbot::store::pg::is_postgres_url(target) {
        let mut c = postgres::Client::connect(target, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to {target}: {e}"));
        let r = c.query_one(sql, &[]).unwrap();
        (0..r.len()).map(|i| r.get(i)).collect()
    } else {
        let c = rusqlite::Connection::open(target).unwrap();
        let mut stmt = c.prepare(sql).unwrap();
        let n = stmt.column_count();
        stmt.query_row([], |r| (0..n).map(|i| r.get(i)).collect())
            .unwrap()
    }
}

/// Makes `postgres::<name>` for each test function named: the same test,
/// run with PostgreSQL as the current backend.
macro_rules! on_postgres {
    ($($name:ident),+ $(,)?) => {
        mod postgres {
            $(
                #[test]
                fn $name() {
                    $crate::backends::run_on_postgres(super::$name);
                }
            )+
        }
    };
}

/// A fresh store of the current backend (SQLite in memory, or a database
/// of its own on the PostgreSQL server) and what keeps its database alive.
pub fn store() -> (SharedStore, Option<TestDb>) {
    match current() {
        Backend::Sqlite => (
            std::sync::Arc::new(tawlbot::store::SqliteStore::open_in_memory().unwrap()),
            None,
        ),
        Backend::Postgres => {
            let db = fresh_db();
            (db.open(), Some(db))
        }
    }
}

/// A fresh store of the current backend for a test that needs no other
/// handle on its database: SQLite in memory, or a PostgreSQL database of
/// its own (kept until the test binary's server goes, at its exit).
pub fn any_store() -> SharedStore {
    let (store, db) = store();
    std::mem::forget(db);
    store
}
