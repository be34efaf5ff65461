//! The PostgreSQL half of `tawlbot migrate-db`: every table read into the
//! shared form of `store::dump`, and tables loaded from it.

use super::{PostgresStore, StoreError};
use crate::store::dump::{row_name, CopyReport, Table, Value};
use crate::store::sql::{params, scan_references, Backend, Conn, Row, Value as SqlValue, E, R};

const TABLES: &str = "SELECT table_name::text FROM information_schema.tables \
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
     AND table_name <> 'tawlbot_schema' ORDER BY table_name";

const COLUMNS: &str = "SELECT column_name::text, data_type::text FROM information_schema.columns \
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position";

/// Foreign keys between tables: (table, table it refers to).
const REFERENCES: &str = "SELECT c.conrelid::regclass::text, c.confrelid::regclass::text \
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
     WHERE c.contype = 'f' AND n.nspname = current_schema()";

const IDENTITIES: &str =
    "SELECT table_name::text, column_name::text FROM information_schema.columns \
     WHERE table_schema = current_schema() AND is_identity = 'YES'";

fn quote(ident: &str) -> String {
    format!("\"{}\"", ident.replace('"', "\"\""))
}

/// The first two columns of each row, as text.
fn pairs(rows: Vec<Row>) -> R<Vec<(String, String)>> {
    rows.iter().map(|r| Ok((r.get(0)?, r.get(1)?))).collect()
}

/// The first column of each row, as text.
fn names(rows: Vec<Row>) -> R<Vec<String>> {
    rows.iter().map(|r| r.get(0)).collect()
}

fn columns(c: &mut dyn Conn, table: &str) -> R<Vec<(String, String)>> {
    pairs(c.query(COLUMNS, params![table])?)
}

/// A value as read (booleans as 0/1, as SQLite has them).
fn dumped(v: &SqlValue<'_>) -> Value {
    match v {
        SqlValue::Null => Value::Null,
        SqlValue::Int(i) => Value::Int(*i),
        SqlValue::Bool(b) => Value::Int(i64::from(*b)),
        SqlValue::Real(f) => Value::Real(*f),
        SqlValue::Text(t) => Value::Text(t.to_string()),
    }
}

/// A value from the source as a parameter (the column's type converts it,
/// see `backend.rs`; a value that does not fit fails the copy).
fn param<'v>(v: &'v Value, table: &str, column: &str) -> R<SqlValue<'v>> {
    Ok(match v {
        Value::Null => SqlValue::Null,
        Value::Int(i) => SqlValue::Int(*i),
        Value::Real(f) => SqlValue::Real(*f),
        Value::Text(t) => SqlValue::from(t.as_str()),
        Value::Blob(_) => {
            return Err(E::Store(StoreError::BadData {
                detail: format!("{table}.{column}: {v} cannot be copied"),
            }))
        }
    })
}

/// The tables in an order where each comes after the tables it refers to
/// (as far as cycles allow; the copy defers the checks anyway).
fn copy_order(names: &[String], refs: &[(String, String)]) -> Vec<String> {
    let mut left: Vec<String> = names.to_vec();
    let mut out = Vec::new();
    while !left.is_empty() {
        let ready = left.iter().position(|t| {
            !refs
                .iter()
                .any(|(a, b)| a == t && b != t && left.contains(b))
        });
        // Stuck on a cycle: take the table the others left wait for most.
        let i = ready.unwrap_or_else(|| {
            let waited_for = |t: &String| {
                refs.iter()
                    .filter(|(a, b)| b == t && a != t && left.contains(a))
                    .count()
            };
            (0..left.len())
                .max_by_key(|&i| (waited_for(&left[i]), std::cmp::Reverse(i)))
                .unwrap_or(0)
        });
        out.push(left.remove(i));
    }
    out
}

impl PostgresStore {
    /// Every table (but the version table) with all its rows.
    pub(crate) fn dump_tables(&self) -> Result<Vec<Table>, StoreError> {
        self.sql_snapshot(|c| {
            let mut out = Vec::new();
            for name in names(c.query(TABLES, &[])?)? {
                let cols = columns(c, &name)?;
                let list: Vec<String> = cols.iter().map(|(n, _)| quote(n)).collect();
                let sql = format!("SELECT {} FROM {}", list.join(", "), quote(&name));
                let rows = c.query_once(&sql, &[])?;
                out.push(Table {
                    name,
                    columns: cols.into_iter().map(|(n, _)| n).collect(),
                    rows: rows
                        .iter()
                        .map(|r| r.values.iter().map(dumped).collect())
                        .collect(),
                });
            }
            Ok(out)
        })
    }

    /// Loads `tables` (read from another database) into this one, which
    /// must hold no rows yet, in one transaction with the foreign-key
    /// checks deferred to its commit; moves each identity column's
    /// sequence past the copied ids.
    pub(crate) fn load_tables(&self, tables: &[Table]) -> Result<CopyReport, StoreError> {
        self.sql_write_plain(|c| {
            c.exec_once("SET CONSTRAINTS ALL DEFERRED", &[])?;
            let ours = names(c.query(TABLES, &[])?)?;
            for t in &ours {
                let n: i64 = match c
                    .query_once(&format!("SELECT count(*) FROM {}", quote(t)), &[])?
                    .first()
                {
                    Some(r) => r.get(0)?,
                    None => 0,
                };
                if n > 0 {
                    return Err(E::Store(StoreError::Fault {
                        path: self.path().to_string(),
                        detail: format!(
                            "the database already holds tawlbot data (table {t} has {n} rows); \
                             migrate-db copies into an empty database only"
                        ),
                    }));
                }
            }
            for t in tables {
                if !ours.contains(&t.name) {
                    return Err(E::Store(StoreError::Fault {
                        path: self.path().to_string(),
                        detail: format!(
                            "the source has a table {} that the PostgreSQL schema lacks",
                            t.name
                        ),
                    }));
                }
            }
            let refs = pairs(c.query(REFERENCES, &[])?)?;
            let names: Vec<String> = tables.iter().map(|t| t.name.clone()).collect();
            let mut report = CopyReport::default();
            for name in copy_order(&names, &refs) {
                let t = tables.iter().find(|t| t.name == name).expect("named above");
                let cols = columns(c, &t.name)?;
                for col in &t.columns {
                    if !cols.iter().any(|(n, _)| n == col) {
                        return Err(E::Store(StoreError::Fault {
                            path: self.path().to_string(),
                            detail: format!(
                                "table {} has a column {col} that the PostgreSQL schema lacks",
                                t.name
                            ),
                        }));
                    }
                }
                let sql = format!(
                    "INSERT INTO {} ({}) VALUES ({})",
                    quote(&t.name),
                    t.columns
                        .iter()
                        .map(|n| quote(n))
                        .collect::<Vec<_>>()
                        .join(", "),
                    (1..=t.columns.len())
                        .map(|i| format!("${i}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for r in &t.rows {
                    // A row PostgreSQL refuses is named.
                    let named = |e: E| {
                        let detail = match e {
                            E::Db(d) => d.error.to_string(),
                            E::Store(s) => s.to_string(),
                            E::App(a) => a.to_string(),
                        };
                        E::Store(StoreError::Fault {
                            path: self.path().to_string(),
                            detail: format!("{} cannot be copied: {detail}", row_name(t, r)),
                        })
                    };
                    let params = r
                        .iter()
                        .zip(&t.columns)
                        .map(|(v, col)| param(v, &t.name, col))
                        .collect::<R<Vec<_>>>()
                        .map_err(named)?;
                    c.exec_once(&sql, &params).map_err(named)?;
                }
                report.tables.push((t.name.clone(), t.rows.len() as u64));
            }
            // The foreign keys are checked at the commit, which names no
            // row: the rows whose references lead nowhere are named first.
            let orphans = scan_references(c)?;
            if !orphans.is_empty() {
                let named: Vec<String> = orphans.iter().map(|o| o.to_string()).collect();
                return Err(E::Store(StoreError::Fault {
                    path: self.path().to_string(),
                    detail: format!(
                        "rows that cannot be copied, their references lead nowhere: {} \
                         (tawlbot doctor --quarantine on the source moves them aside)",
                        named.join("; ")
                    ),
                }));
            }
            for (table, col) in pairs(c.query(IDENTITIES, &[])?)? {
                c.query_once(
                    &format!(
                        "SELECT setval(pg_get_serial_sequence($1, $2), max({col})) FROM {t} \
                         HAVING max({col}) IS NOT NULL",
                        col = quote(&col),
                        t = quote(&table)
                    ),
                    params![quote(&table), col],
                )?;
            }
            Ok(report)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::copy_order;

    #[test]
    fn tables_come_after_the_tables_they_refer_to() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let names = s(&["moves", "games", "players", "challenges"]);
        let refs: Vec<(String, String)> = [
            ("moves", "games"),
            ("games", "players"),
            ("games", "challenges"),
            ("challenges", "games"),
            ("challenges", "players"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let order = copy_order(&names, &refs);
        let at = |t: &str| order.iter().position(|x| x == t).unwrap();
        assert!(at("players") < at("games"));
        assert!(at("games") < at("moves"));
        assert_eq!(order.len(), 4);
    }
}
