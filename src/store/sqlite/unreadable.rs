//! Rows that cannot be read: a stored value this program does not know
//! (written by hand, by an old bug, by a disk fault). Lists skip such a
//! row and go on; a read of that one row fails with
//! [`StoreError::Unreadable`] naming its table and id; either way the row
//! is logged once (per process) with its table, id and what is wrong.
//! `tawlbot doctor` lists them all (see `doctor.rs`).

use super::*;

/// A conversion failure: the row is there but a value in it cannot be read.
pub(super) fn is_unreadable(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::IntegralValueOutOfRange(..)
    )
}

/// What is wrong with a row, naming the column: `time_control: unknown
/// time control "soon"`.
pub(super) fn what_is_wrong(r: &Row<'_>, e: &rusqlite::Error) -> String {
    let column = |i: usize| {
        r.as_ref()
            .column_name(i)
            .map(str::to_string)
            .unwrap_or_else(|_| format!("column {i}"))
    };
    match e {
        rusqlite::Error::FromSqlConversionFailure(i, _, inner) => {
            let what = match inner.downcast_ref::<StoreError>() {
                Some(StoreError::BadData { detail }) => detail.clone(),
                _ => inner.to_string(),
            };
            format!("{}: {what}", column(*i))
        }
        rusqlite::Error::InvalidColumnType(i, _, ty) => {
            format!("{}: a value of the wrong type ({ty})", column(*i))
        }
        rusqlite::Error::IntegralValueOutOfRange(i, v) => {
            format!("{}: {v} is out of range", column(*i))
        }
        other => other.to_string(),
    }
}

/// The id of a row whose first column is its id (as text).
pub(super) fn row_id(r: &Row<'_>) -> String {
    use rusqlite::types::ValueRef;
    match r.get_ref(0) {
        Ok(ValueRef::Integer(i)) => i.to_string(),
        Ok(ValueRef::Text(t)) => String::from_utf8_lossy(t).into_owned(),
        Ok(ValueRef::Real(f)) => f.to_string(),
        _ => "?".to_string(),
    }
}

impl SqliteStore {
    /// The error for row `id` of `table`, logged the first time this
    /// store meets that row.
    pub(super) fn unreadable(&self, table: &'static str, id: String, detail: String) -> StoreError {
        self.inner.reported.unreadable(table, id, detail, "PATH")
    }

    /// Runs a query of `table` whose first column is the row id, reading
    /// each row with `f`. A row that cannot be read is skipped (and logged
    /// once); the others are returned.
    pub(super) fn query_rows<T, P: rusqlite::Params>(
        &self,
        table: &'static str,
        sql: &str,
        params: P,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        self.read_rows(table, sql, params, f, true)
    }

    /// [`Store::query_rows`] for a query of at most one row (by id or by a
    /// unique key): a row that cannot be read is an error,
    /// [`StoreError::Unreadable`], so the caller can say which.
    pub(super) fn query_row_of<T, P: rusqlite::Params>(
        &self,
        table: &'static str,
        sql: &str,
        params: P,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        Ok(self
            .read_rows(table, sql, params, f, false)?
            .into_iter()
            .next())
    }

    fn read_rows<T, P: rusqlite::Params>(
        &self,
        table: &'static str,
        sql: &str,
        params: P,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
        skip: bool,
    ) -> Result<Vec<T>, StoreError> {
        let conn = self.conn();
        self.read_rows_on(&conn, table, sql, params, f, skip)
    }

    /// [`Store::read_rows`] on a connection (or transaction) already held.
    pub(super) fn read_rows_on<T, P: rusqlite::Params>(
        &self,
        c: &Connection,
        table: &'static str,
        sql: &str,
        params: P,
        mut f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
        skip: bool,
    ) -> Result<Vec<T>, StoreError> {
        let mut stmt = c.prepare_cached(sql).map_err(|e| self.err(e))?;
        let mut rows = stmt.query(params).map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().map_err(|e| self.err(e))? {
            match f(r) {
                Ok(v) => out.push(v),
                Err(e) if is_unreadable(&e) => {
                    let err = self.unreadable(table, row_id(r), what_is_wrong(r, &e));
                    if !skip {
                        return Err(err);
                    }
                }
                Err(e) => return Err(self.err(e)),
            }
        }
        Ok(out)
    }
}
