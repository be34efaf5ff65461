//! The SQLite half of `tawlbot migrate-db`: every table read into the
//! shared form of `store::dump`.

use rusqlite::types::ValueRef;

use super::{SqliteStore, StoreError};
use crate::store::dump::{Table, Value};

impl SqliteStore {
    /// Every table of the file with all its rows, read in one snapshot.
    pub(crate) fn dump_tables(&self) -> Result<Vec<Table>, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let names: Vec<String> = tx
            .prepare(
                "SELECT name FROM sqlite_schema WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' ORDER BY name",
            )
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        for name in names {
            let sql = format!("SELECT * FROM \"{}\"", name.replace('"', "\"\""));
            let mut stmt = tx.prepare(&sql).map_err(|e| self.err(e))?;
            let columns: Vec<String> = stmt.column_names().map(|c| c.to_string()).collect();
            let n = columns.len();
            let rows: Vec<Vec<Value>> = stmt
                .query_map([], |r| {
                    (0..n)
                        .map(|i| {
                            Ok(match r.get_ref(i)? {
                                ValueRef::Null => Value::Null,
                                ValueRef::Integer(v) => Value::Int(v),
                                ValueRef::Real(v) => Value::Real(v),
                                ValueRef::Text(t) => {
                                    Value::Text(String::from_utf8_lossy(t).into_owned())
                                }
                                ValueRef::Blob(b) => Value::Blob(b.to_vec()),
                            })
                        })
                        .collect()
                })
                .and_then(|rows| rows.collect())
                .map_err(|e| self.err(e))?;
            out.push(Table {
                name,
                columns,
                rows,
            });
        }
        Ok(out)
    }
}
