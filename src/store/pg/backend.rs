//! The PostgreSQL side of the shared SQL's seam (`store/sql`): a pooled
//! connection as a [`Conn`], transactions with retries as a [`Backend`],
//! and the seam's values as the `postgres` crate's.
//!
//! The client is strict about types (an `i64` binds only to BIGINT); a
//! [`Value`] binds to whatever type the statement asks for, converting
//! where nothing is lost (an integer to INTEGER if it fits, a `bool` to a
//! number) and failing otherwise.

use std::sync::Arc;

use bytes::{BufMut, BytesMut};
use postgres::types::{to_sql_checked, FromSql, IsNull, ToSql, Type};

use super::pool::PgConn;
use super::{classify, is_retryable, AppendError, PostgresStore, StoreError};
use crate::store::sql::{Backend, Conn, DbError, Row, Value, E, R};
use crate::store::BotLock;

type BoxError = Box<dyn std::error::Error + Sync + Send>;

/// A text-like type: the value's bytes are its text.
fn is_text(ty: &Type) -> bool {
    matches!(
        *ty,
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN | Type::JSON
    )
}

fn text(s: &str, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
    if *ty == Type::JSONB {
        out.put_u8(1);
    } else if !is_text(ty) {
        return Err(format!("cannot bind text to a {ty} parameter").into());
    }
    out.extend_from_slice(s.as_bytes());
    Ok(IsNull::No)
}

impl ToSql for Value<'_> {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(i) => match *ty {
                Type::INT8 => i.to_sql(ty, out),
                Type::INT4 => i32::try_from(*i)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*i)?.to_sql(ty, out),
                Type::FLOAT8 => (*i as f64).to_sql(ty, out),
                Type::BOOL => (*i != 0).to_sql(ty, out),
                _ => text(&i.to_string(), ty, out),
            },
            Value::Bool(b) => match *ty {
                Type::BOOL => b.to_sql(ty, out),
                Type::INT8 => i64::from(*b).to_sql(ty, out),
                Type::INT4 => i32::from(*b).to_sql(ty, out),
                Type::INT2 => i16::from(*b).to_sql(ty, out),
                _ => Err(format!("cannot bind a boolean to a {ty} parameter").into()),
            },
            Value::Real(f) => match *ty {
                Type::FLOAT8 => f.to_sql(ty, out),
                Type::FLOAT4 => (*f as f32).to_sql(ty, out),
                _ => Err(format!("cannot bind a real number to a {ty} parameter").into()),
            },
            Value::Text(s) => text(s, ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// A column of any type the schema uses, as a [`Value`].
struct Any(Value<'static>);

impl<'a> FromSql<'a> for Any {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        Ok(Any(match *ty {
            Type::BOOL => Value::Bool(bool::from_sql(ty, raw)?),
            Type::INT2 => Value::Int(i16::from_sql(ty, raw)?.into()),
            Type::INT4 => Value::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::FLOAT4 => Value::Real(f32::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Value::Real(f64::from_sql(ty, raw)?),
            Type::JSONB => Value::Text(
                std::str::from_utf8(raw.get(1..).unwrap_or(&[]))?
                    .to_string()
                    .into(),
            ),
            _ if is_text(ty) => Value::Text(std::str::from_utf8(raw)?.to_string().into()),
            _ => {
                return Err(format!("a column of type {ty}, which the store does not read").into())
            }
        }))
    }

    fn from_sql_null(_: &Type) -> Result<Self, BoxError> {
        Ok(Any(Value::Null))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

/// A pooled connection as the shared SQL sees it.
struct Pg<'c> {
    conn: &'c mut PgConn,
    label: &'c str,
}

/// A PostgreSQL error in the seam's words.
pub(crate) fn db(label: &str, e: postgres::Error) -> E {
    E::Db(DbError {
        unique: super::error::is_unique_violation(&e),
        retry: is_retryable(&e),
        error: classify(label, e),
    })
}

impl Pg<'_> {
    /// Runs a prepared statement; its rows as the seam's values.
    fn rows(&mut self, s: &postgres::Statement, params: &[Value<'_>]) -> R<Vec<Row>> {
        let label = self.label;
        let params: Vec<&(dyn ToSql + Sync)> = params.iter().map(|v| v as _).collect();
        let rows = self
            .conn
            .client
            .query(s, &params)
            .map_err(|e| db(label, e))?;
        let columns: Arc<[String]> = s.columns().iter().map(|c| c.name().to_string()).collect();
        rows.iter()
            .map(|r| {
                let values = (0..r.len())
                    .map(|i| {
                        r.try_get::<_, Any>(i).map(|a| a.0).map_err(|e| {
                            E::Store(StoreError::BadData {
                                detail: format!("{}: {e}", columns[i]),
                            })
                        })
                    })
                    .collect::<R<Vec<_>>>()?;
                Ok(Row {
                    columns: columns.clone(),
                    values,
                })
            })
            .collect()
    }

    /// Runs a prepared statement; the number of rows it changed.
    fn changed(&mut self, s: &postgres::Statement, params: &[Value<'_>]) -> R<usize> {
        let label = self.label;
        let params: Vec<&(dyn ToSql + Sync)> = params.iter().map(|v| v as _).collect();
        let n = self
            .conn
            .client
            .execute(s, &params)
            .map_err(|e| db(label, e))?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }
}

impl Conn for Pg<'_> {
    fn exec(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<usize> {
        let label = self.label;
        let s = self.conn.prep(sql).map_err(|e| db(label, e))?;
        self.changed(&s, params)
    }

    fn query(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<Vec<Row>> {
        let label = self.label;
        let s = self.conn.prep(sql).map_err(|e| db(label, e))?;
        self.rows(&s, params)
    }

    fn exec_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<usize> {
        let label = self.label;
        let s = self.conn.prep_once(sql).map_err(|e| db(label, e))?;
        self.changed(&s, params)
    }

    fn query_once(&mut self, sql: &str, params: &[Value<'_>]) -> R<Vec<Row>> {
        let label = self.label;
        let s = self.conn.prep_once(sql).map_err(|e| db(label, e))?;
        self.rows(&s, params)
    }

    fn guards(&self) -> bool {
        true
    }

    /// Savepoints go as plain text (as `BEGIN` and `COMMIT` do), row locks
    /// as prepared statements.
    fn guard(&mut self, sql: &'static str, params: &[Value<'_>]) -> R<()> {
        if sql.contains("SAVEPOINT") {
            let label = self.label;
            return self.conn.batch(sql).map_err(|e| db(label, e));
        }
        self.exec(sql, params).map(drop)
    }
}

impl PostgresStore {
    fn try_sql_write<T>(&self, c: &mut PgConn, f: &mut impl FnMut(&mut dyn Conn) -> R<T>) -> R<T> {
        let label = self.inner.label.as_str();
        c.in_tx = true;
        c.batch("BEGIN").map_err(|e| db(label, e))?;
        match f(&mut Pg { conn: c, label }) {
            Ok(v) => {
                c.batch("COMMIT").map_err(|e| db(label, e))?;
                c.in_tx = false;
                Ok(v)
            }
            Err(e) => {
                if c.batch("ROLLBACK").is_ok() {
                    c.in_tx = false;
                }
                Err(e)
            }
        }
    }
}

impl Backend for PostgresStore {
    fn label(&self) -> &str {
        &self.inner.label
    }

    fn sql_read<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError> {
        let label = self.inner.label.as_str();
        let mut c = self.conn()?;
        f(&mut Pg {
            conn: &mut c,
            label,
        })
        .map_err(|e| e.into_store(label))
    }

    fn sql_snapshot<T>(&self, f: impl FnOnce(&mut dyn Conn) -> R<T>) -> Result<T, StoreError> {
        let label = self.inner.label.as_str();
        let mut c = self.conn()?;
        let run = |c: &mut PgConn| -> R<T> {
            c.in_tx = true;
            c.batch("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .map_err(|e| db(label, e))?;
            let v = f(&mut Pg { conn: c, label })?;
            c.batch("COMMIT").map_err(|e| db(label, e))?;
            c.in_tx = false;
            Ok(v)
        };
        run(&mut c).map_err(|e| e.into_store(label))
    }

    /// A read-committed transaction; a deadlock between two writers is
    /// retried (twice) from the start, as PostgreSQL advises.
    fn sql_write<T>(&self, mut f: impl FnMut(&mut dyn Conn) -> R<T>) -> Result<T, AppendError> {
        let mut c = self.conn()?;
        let mut tries = 0;
        loop {
            tries += 1;
            match self.try_sql_write(&mut c, &mut f) {
                Ok(v) => return Ok(v),
                Err(E::Db(d)) if tries < 3 && d.retry => continue,
                Err(e) => return Err(e.into_append()),
            }
        }
    }

    /// A database server is shared by design: no lock.
    fn bot_lock(&self) -> Result<BotLock, StoreError> {
        Ok(BotLock::none())
    }

    fn reported(&self) -> (&crate::store::logic::Reported, &'static str) {
        (&self.inner.reported, "URL")
    }
}
