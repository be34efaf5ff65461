//! Rows that cannot be read, on PostgreSQL as on SQLite
//! (`src/store/sqlite/unreadable.rs`): a list skips such a row and goes
//! on; a read of that one row fails with [`StoreError::Unreadable`] naming
//! its table and id; either way the row is logged once (per process) with
//! its table, id and what is wrong. `tawlbot doctor` lists them all
//! (`doctor.rs`).

use postgres::Row;

use super::rows::{E, R};
use super::*;

/// What is wrong with a row, if the reader's error is the row's fault (a
/// value it cannot read) rather than the database's: `time_control:
/// unknown time control "soon"`.
pub(crate) fn what_is_wrong(e: &E) -> Option<String> {
    match e {
        E::Store(StoreError::BadData { detail }) => Some(detail.clone()),
        E::Store(StoreError::Unreadable { detail, .. }) => Some(detail.clone()),
        // A reader only takes values out of a row it was given: its
        // client errors are values of the wrong type (or NULL).
        E::Pg(e) if e.as_db_error().is_none() && !e.is_closed() => {
            Some(match std::error::Error::source(e) {
                Some(inner) => format!("{e}: {inner}"),
                None => e.to_string(),
            })
        }
        _ => None,
    }
}

/// The id of a row whose first column is its id (as text).
pub(crate) fn row_id(r: &Row) -> String {
    if let Ok(i) = r.try_get::<_, i64>(0) {
        return i.to_string();
    }
    if let Ok(s) = r.try_get::<_, String>(0) {
        return s;
    }
    "?".to_string()
}

impl PostgresStore {
    /// The error for row `id` of `table`, logged the first time this
    /// store meets that row.
    pub(crate) fn unreadable(&self, table: &'static str, id: String, detail: String) -> StoreError {
        self.inner.reported.unreadable(table, id, detail, "URL")
    }

    /// The rows of a query of `table` (first column: the row id), each
    /// read with `f`; a row that cannot be read is skipped (and logged
    /// once).
    pub(crate) fn list_of<T>(
        &self,
        table: &'static str,
        rows: &[Row],
        f: impl Fn(&Row) -> R<T>,
    ) -> R<Vec<T>> {
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            match f(r) {
                Ok(v) => out.push(v),
                Err(e) => match what_is_wrong(&e) {
                    Some(detail) => {
                        self.unreadable(table, row_id(r), detail);
                    }
                    None => return Err(e),
                },
            }
        }
        Ok(out)
    }

    /// The one row of a query of `table` by id or unique key, read with
    /// `f`: a row that cannot be read is [`StoreError::Unreadable`] (and
    /// logged once), so the caller can say which.
    pub(crate) fn one_of<T>(
        &self,
        table: &'static str,
        row: Option<Row>,
        f: impl Fn(&Row) -> R<T>,
    ) -> R<Option<T>> {
        let Some(r) = row else { return Ok(None) };
        match f(&r) {
            Ok(v) => Ok(Some(v)),
            Err(e) => match what_is_wrong(&e) {
                Some(detail) => Err(E::Store(self.unreadable(table, row_id(&r), detail))),
                None => Err(e),
            },
        }
    }
}
