//! The SQLite side of the shared SQL's seam (`store/sql`): the one
//! connection as a [`Conn`], the transactions of `open.rs` as a
//! [`Backend`], and the seam's values as rusqlite's.

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::types::{ToSqlOutput, ValueRef};

#[cfg(feature = "fault-injection")]
use super::GameId;
use super::{
    classify, AppendError, AppendErrorOrSql, BotLock, Connection, MutexGuard, PoisonError,
    SqliteStore, StoreError,
};
use crate::store::sql::{self, Backend, Conn, DbError, Row, Value, E, R};

/// The statements of the shared SQL in SQLite's dialect, by the address
/// of their text (each is a `&'static str`): rewritten once, then handed
/// to rusqlite's cache of prepared statements, which is keyed by text.
#[derive(Default)]
pub(super) struct Dialect(HashMap<(usize, usize), Box<str>>);

impl Dialect {
    fn get(&mut self, sql: &'static str) -> &str {
        self.0
            .entry((sql.as_ptr() as usize, sql.len()))
            .or_insert_with(|| sql::dialect(sql, true).into_boxed_str())
    }
}

/// The connection (or the transaction on it) as the shared SQL sees it.
struct Lite<'c> {
    conn: &'c Connection,
    dialect: &'c mut Dialect,
    label: &'c str,
}

impl Lite<'_> {
    fn db(&self, e: rusqlite::Error) -> E {
        E::Db(DbError {
            unique: is_unique_violation(&e),
            retry: false,
            error: classify(self.label, e),
        })
    }
}

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(i) => ToSqlOutput::Borrowed(ValueRef::Integer(*i)),
            Value::Real(f) => ToSqlOutput::Borrowed(ValueRef::Real(*f)),
            Value::Text(t) => ToSqlOutput::Borrowed(ValueRef::Text(t.as_bytes())),
            Value::Bool(b) => ToSqlOutput::Borrowed(ValueRef::Integer(i64::from(*b))),
        })
    }
}

fn value_of(v: ValueRef<'_>) -> Value<'static> {
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(f) => Value::Real(f),
        ValueRef::Text(t) | ValueRef::Blob(t) => {
            Value::Text(String::from_utf8_lossy(t).into_owned().into())
        }
    }
}

/// The rows of a statement, as the seam's values.
fn rows_of(s: &mut rusqlite::Statement<'_>, params: &[Value<'_>]) -> rusqlite::Result<Vec<Row>> {
    let columns: Arc<[String]> = s.column_names().map(str::to_string).collect();
    let n = columns.len();
    let mut rows = s.query(rusqlite::params_from_iter(params))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        let mut values = Vec::with_capacity(n);
        for i in 0..n {
            values.push(value_of(r.get_ref(i)?));
        }
        out.push(Row {
            columns: columns.clone(),
            values,
        });
    }
    Ok(out)
}

impl Conn for Lite<'_> {
    fn exec(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<usize> {
        let text = self.dialect.get(sql);
        self.conn
            .prepare_cached(text)
            .and_then(|mut s| s.execute(rusqlite::params_from_iter(params)))
            .map_err(|e| self.db(e))
    }

    fn query(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<Vec<Row>> {
        let text = self.dialect.get(sql);
        self.conn
            .prepare_cached(text)
            .and_then(|mut s| rows_of(&mut s, params))
            .map_err(|e| self.db(e))
    }

    fn exec_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<usize> {
        self.conn
            .prepare(&sql::dialect(sql, true))
            .and_then(|mut s| s.execute(rusqlite::params_from_iter(params)))
            .map_err(|e| self.db(e))
    }

    fn query_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<Vec<Row>> {
        self.conn
            .prepare(&sql::dialect(sql, true))
            .and_then(|mut s| rows_of(&mut s, params))
            .map_err(|e| self.db(e))
    }

    fn guards(&self) -> bool {
        false
    }
}

impl SqliteStore {
    fn dialect(&self) -> MutexGuard<'_, Dialect> {
        self.inner
            .dialect
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl Backend for SqliteStore {
    fn label(&self) -> &str {
        &self.inner.label
    }

    fn sql_read<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError> {
        #[cfg(feature = "fault-injection")]
        if let Some(e) = self.faults().on_read(&self.inner.label) {
            return Err(e);
        }
        let conn = self.conn();
        let mut dialect = self.dialect();
        let mut c = Lite {
            conn: &conn,
            dialect: &mut dialect,
            label: &self.inner.label,
        };
        f(&mut c).map_err(|e| e.into_store(&self.inner.label))
    }

    /// A deferred transaction: its reads see one snapshot (WAL), and it
    /// ends without writing.
    fn sql_snapshot<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError> {
        #[cfg(feature = "fault-injection")]
        if let Some(e) = self.faults().on_read(&self.inner.label) {
            return Err(e);
        }
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let mut dialect = self.dialect();
        let mut c = Lite {
            conn: &tx,
            dialect: &mut dialect,
            label: &self.inner.label,
        };
        f(&mut c).map_err(|e| e.into_store(&self.inner.label))
    }

    fn sql_write<T>(&self, mut f: impl FnMut(&mut dyn Conn) -> R<T>) -> Result<T, AppendError> {
        self.write(|conn| {
            let mut dialect = self.dialect();
            let mut c = Lite {
                conn,
                dialect: &mut dialect,
                label: &self.inner.label,
            };
            f(&mut c).map_err(|e| AppendErrorOrSql::App(e.into_append()))
        })
    }

    #[cfg(feature = "fault-injection")]
    fn on_read_game(&self, id: GameId) {
        self.faults().on_read_game(id);
    }

    fn bot_lock(&self) -> Result<BotLock, StoreError> {
        // The operating system's advisory lock on the file (`flock`),
        // released when the process ends however it ends. An in-memory
        // database is private: no lock.
        let label = &self.inner.label;
        if label == ":memory:" {
            return Ok(BotLock::none());
        }
        let f = std::fs::File::open(label).map_err(|e| StoreError::CannotOpen {
            path: label.clone(),
            detail: e.to_string(),
        })?;
        match f.try_lock() {
            Ok(()) => Ok(BotLock::file(f)),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse {
                path: label.clone(),
            }),
            Err(std::fs::TryLockError::Error(e)) => Err(StoreError::CannotOpen {
                path: label.clone(),
                detail: format!("could not lock the file for the bot: {e}"),
            }),
        }
    }

    fn reported(&self) -> (&crate::store::logic::Reported, &'static str) {
        (&self.inner.reported, "PATH")
    }
}

/// Whether SQLite refused a row for a unique index or primary key.
fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::ConstraintViolation
                && (f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
    )
}
