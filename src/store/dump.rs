//! Every row of every table, in a form both databases share: what
//! `tawlbot migrate-db` copies from SQLite into PostgreSQL and what it
//! compares afterwards, table by table.

use std::cmp::Ordering;
use std::fmt;

use super::StoreError;

/// One stored value. Booleans are `Int` 0/1 (SQLite has no booleans;
/// PostgreSQL's are read as such).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

impl Value {
    fn rank(&self) -> u8 {
        match self {
            Value::Null => 0,
            Value::Int(_) => 1,
            Value::Real(_) => 2,
            Value::Text(_) => 3,
            Value::Blob(_) => 4,
        }
    }

    /// A total order (reals by their bits' order), to sort rows.
    pub fn total_cmp(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a.cmp(b),
            (Value::Real(a), Value::Real(b)) => a.total_cmp(b),
            (Value::Text(a), Value::Text(b)) => a.cmp(b),
            (Value::Blob(a), Value::Blob(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("NULL"),
            Value::Int(v) => write!(f, "{v}"),
            Value::Real(v) => write!(f, "{v}"),
            Value::Text(v) => write!(f, "{v:?}"),
            Value::Blob(v) => write!(f, "<{} bytes>", v.len()),
        }
    }
}

/// One table: its columns (in the source's order) and its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub name: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl Table {
    /// The rows in one order that does not depend on the database.
    pub fn sort(&mut self) {
        self.rows.sort_by(|a, b| {
            a.iter()
                .zip(b)
                .map(|(x, y)| x.total_cmp(y))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        });
    }

    /// The columns of `self` in the order of `columns` (a table read from
    /// the other database), or `None` if the two have different columns.
    pub fn reorder(&self, columns: &[String]) -> Option<Table> {
        if columns.len() != self.columns.len() {
            return None;
        }
        let idx: Option<Vec<usize>> = columns
            .iter()
            .map(|c| self.columns.iter().position(|x| x == c))
            .collect();
        let idx = idx?;
        Some(Table {
            name: self.name.clone(),
            columns: columns.to_vec(),
            rows: self
                .rows
                .iter()
                .map(|r| idx.iter().map(|&i| r[i].clone()).collect())
                .collect(),
        })
    }
}

/// How two databases differ, table by table (empty: identical).
pub fn differences(a: &[Table], b: &[Table]) -> Vec<String> {
    let mut out = Vec::new();
    for t in a {
        let Some(u) = b.iter().find(|u| u.name == t.name) else {
            out.push(format!("table {} is missing from the copy", t.name));
            continue;
        };
        let Some(u) = u.reorder(&t.columns) else {
            out.push(format!(
                "table {} has columns ({}) in one and ({}) in the other",
                t.name,
                t.columns.join(", "),
                u.columns.join(", ")
            ));
            continue;
        };
        let (mut t, mut u) = (t.clone(), u);
        t.sort();
        u.sort();
        if t.rows.len() != u.rows.len() {
            out.push(format!(
                "table {} has {} rows in one and {} in the other",
                t.name,
                t.rows.len(),
                u.rows.len()
            ));
            continue;
        }
        if let Some((x, y)) = t.rows.iter().zip(&u.rows).find(|(x, y)| x != y) {
            let show = |r: &Vec<Value>| {
                r.iter()
                    .zip(&t.columns)
                    .map(|(v, c)| format!("{c}={v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push(format!(
                "table {} differs: ({}) against ({})",
                t.name,
                show(x),
                show(y)
            ));
        }
    }
    for u in b {
        if !a.iter().any(|t| t.name == u.name) {
            out.push(format!("table {} is only in the copy", u.name));
        }
    }
    out
}

/// What `tawlbot migrate-db` did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CopyReport {
    /// `(table, rows)` in the order copied.
    pub tables: Vec<(String, u64)>,
    /// What was changed on the way, one line each (a NUL removed from a
    /// text, which PostgreSQL cannot hold: `players alice display_name: a
    /// NUL removed`).
    pub notes: Vec<String>,
}

/// How a row of `t` is named in a report: `games 4` (a table with an `id`),
/// else its first two columns (`moves (game_id=4, number=2)`).
pub fn row_name(t: &Table, row: &[Value]) -> String {
    let show = |v: &Value| match v {
        Value::Text(s) => s.clone(),
        v => v.to_string(),
    };
    if let Some(i) = t.columns.iter().position(|c| c == "id") {
        if let Some(v) = row.get(i) {
            return format!("{} {}", t.name, show(v));
        }
    }
    let key: Vec<String> = t
        .columns
        .iter()
        .zip(row)
        .take(2)
        .map(|(c, v)| format!("{c}={}", show(v)))
        .collect();
    format!("{} ({})", t.name, key.join(", "))
}

/// Removes every NUL from the texts of `tables` (PostgreSQL's texts cannot
/// hold one; SQLite's can): one note per value changed.
pub fn remove_nuls(tables: &mut [Table]) -> Vec<String> {
    let mut notes = Vec::new();
    for t in tables.iter_mut() {
        for i in 0..t.rows.len() {
            for c in 0..t.columns.len() {
                let Some(Value::Text(s)) = t.rows[i].get(c) else {
                    continue;
                };
                if !s.contains('\0') {
                    continue;
                }
                let clean = s.replace('\0', "");
                notes.push(format!(
                    "{} {}: a NUL removed",
                    row_name(t, &t.rows[i]),
                    t.columns[c]
                ));
                t.rows[i][c] = Value::Text(clean);
            }
        }
    }
    notes
}

impl CopyReport {
    pub fn rows(&self) -> u64 {
        self.tables.iter().map(|(_, n)| n).sum()
    }
}

/// Copies every table of the SQLite database `from` into the empty
/// PostgreSQL database `to` (both brought to the current schema first),
/// in one transaction, then reads both back and compares them table by
/// table. Refuses a target that already holds rows. A NUL in a text is
/// removed (noted in the report); a row that cannot be copied (a value
/// PostgreSQL refuses, a reference that leads nowhere) is named in the
/// error.
pub fn migrate_db(from: &str, to: &str) -> Result<CopyReport, StoreError> {
    let src = super::SqliteStore::open(from)?;
    let dst = super::PostgresStore::open(to)?;
    let mut tables = src.dump_tables()?;
    let notes = remove_nuls(&mut tables);
    let mut report = dst.load_tables(&tables)?;
    report.notes = notes;
    let copied = dst.dump_tables()?;
    let diff = differences(&tables, &copied);
    if !diff.is_empty() {
        return Err(StoreError::Fault {
            path: dst.path().to_string(),
            detail: format!("the copy differs from {from}: {}", diff.join("; ")),
        });
    }
    Ok(report)
}

/// The tables of an SQLite database that hold no row (a test hook:
/// `tests/migrate_db.rs` checks its source fills every table).
#[cfg(feature = "fault-injection")]
#[doc(hidden)]
pub fn empty_tables(sqlite: &str) -> Result<Vec<String>, StoreError> {
    let src = super::SqliteStore::open(sqlite)?;
    Ok(src
        .dump_tables()?
        .into_iter()
        .filter(|t| t.rows.is_empty())
        .map(|t| t.name)
        .collect())
}

/// How an SQLite database and a PostgreSQL database differ, table by
/// table (empty: the same rows in every table).
pub fn compare(sqlite: &str, postgres: &str) -> Result<Vec<String>, StoreError> {
    let a = super::SqliteStore::open(sqlite)?.dump_tables()?;
    let b = super::PostgresStore::open(postgres)?.dump_tables()?;
    Ok(differences(&a, &b))
}
