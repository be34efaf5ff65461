//! The PostgreSQL half of `tawlbot migrate-db`: every table read into the
//! shared form of `store::dump`, and tables loaded from it.

use postgres::types::ToSql;

use super::rows::*;
use super::*;
use crate::store::dump::{CopyReport, Table, Value};

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

fn columns(c: &mut PgConn, table: &str) -> R<Vec<(String, String)>> {
    Ok(rows(c, COLUMNS, &[&table])?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect())
}

fn read_value(r: &postgres::Row, i: usize, ty: &str) -> R<Value> {
    Ok(match ty {
        "bigint" => r.try_get::<_, Option<i64>>(i)?.map(Value::Int),
        "integer" => r
            .try_get::<_, Option<i32>>(i)?
            .map(|v| Value::Int(v.into())),
        "smallint" => r
            .try_get::<_, Option<i16>>(i)?
            .map(|v| Value::Int(v.into())),
        "boolean" => r
            .try_get::<_, Option<bool>>(i)?
            .map(|v| Value::Int(i64::from(v))),
        "double precision" => r.try_get::<_, Option<f64>>(i)?.map(Value::Real),
        "real" => r
            .try_get::<_, Option<f32>>(i)?
            .map(|v| Value::Real(v.into())),
        "text" | "character varying" => r.try_get::<_, Option<String>>(i)?.map(Value::Text),
        "bytea" => r.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob),
        other => {
            return Err(E::Store(StoreError::BadData {
                detail: format!(
                    "column {} has type {other}, which migrate-db cannot copy",
                    r.columns()[i].name()
                ),
            }))
        }
    }
    .unwrap_or(Value::Null))
}

/// A value from the source as the parameter for a column of type `ty`.
fn param(v: &Value, ty: &str, table: &str, column: &str) -> R<Box<dyn ToSql + Sync>> {
    let wrong = || {
        E::Store(StoreError::BadData {
            detail: format!("{table}.{column}: {v} does not fit a {ty} column"),
        })
    };
    Ok(match (ty, v) {
        ("bigint", Value::Null) => Box::new(None::<i64>),
        ("bigint", Value::Int(i)) => Box::new(*i),
        ("integer", Value::Null) => Box::new(None::<i32>),
        ("integer", Value::Int(i)) => Box::new(i32::try_from(*i).map_err(|_| wrong())?),
        ("boolean", Value::Null) => Box::new(None::<bool>),
        ("boolean", Value::Int(i)) => Box::new(*i != 0),
        ("double precision", Value::Null) => Box::new(None::<f64>),
        ("double precision", Value::Real(f)) => Box::new(*f),
        ("double precision", Value::Int(i)) => Box::new(*i as f64),
        ("text" | "character varying", Value::Null) => Box::new(None::<String>),
        ("text" | "character varying", Value::Text(s)) => Box::new(s.clone()),
        ("text" | "character varying", Value::Int(i)) => Box::new(i.to_string()),
        ("text" | "character varying", Value::Real(f)) => Box::new(f.to_string()),
        ("bytea", Value::Null) => Box::new(None::<Vec<u8>>),
        ("bytea", Value::Blob(b)) => Box::new(b.clone()),
        _ => return Err(wrong()),
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
        self.snapshot(|c| {
            let names: Vec<String> = rows(c, TABLES, &[])?.iter().map(|r| r.get(0)).collect();
            let mut out = Vec::new();
            for name in names {
                let cols = columns(c, &name)?;
                let list: Vec<String> = cols.iter().map(|(n, _)| quote(n)).collect();
                let sql = format!("SELECT {} FROM {}", list.join(", "), quote(&name));
                let mut table = Table {
                    name: name.clone(),
                    columns: cols.iter().map(|(n, _)| n.clone()).collect(),
                    rows: Vec::new(),
                };
                for r in c.client.query(sql.as_str(), &[])? {
                    let row: R<Vec<Value>> = cols
                        .iter()
                        .enumerate()
                        .map(|(i, (_, ty))| read_value(&r, i, ty))
                        .collect();
                    table.rows.push(row?);
                }
                out.push(table);
            }
            Ok(out)
        })
    }

    /// Loads `tables` (read from another database) into this one, which
    /// must hold no rows yet, in one transaction with the foreign-key
    /// checks deferred to its commit; moves each identity column's
    /// sequence past the copied ids.
    pub(crate) fn load_tables(&self, tables: &[Table]) -> Result<CopyReport, StoreError> {
        self.write_plain(|c| {
            c.client.batch_execute("SET CONSTRAINTS ALL DEFERRED")?;
            let ours: Vec<String> = rows(c, TABLES, &[])?.iter().map(|r| r.get(0)).collect();
            for t in &ours {
                let n: i64 = c
                    .client
                    .query_one(format!("SELECT count(*) FROM {}", quote(t)).as_str(), &[])?
                    .get(0);
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
            let refs: Vec<(String, String)> = rows(c, REFERENCES, &[])?
                .iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            let names: Vec<String> = tables.iter().map(|t| t.name.clone()).collect();
            let mut report = CopyReport { tables: Vec::new() };
            for name in copy_order(&names, &refs) {
                let t = tables.iter().find(|t| t.name == name).expect("named above");
                let cols = columns(c, &t.name)?;
                let mut types = Vec::new();
                for col in &t.columns {
                    match cols.iter().find(|(n, _)| n == col) {
                        Some((_, ty)) => types.push(ty.clone()),
                        None => {
                            return Err(E::Store(StoreError::Fault {
                                path: self.path().to_string(),
                                detail: format!(
                                    "table {} has a column {col} that the PostgreSQL schema lacks",
                                    t.name
                                ),
                            }))
                        }
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
                let stmt = c.client.prepare(&sql)?;
                for r in &t.rows {
                    let params: R<Vec<Box<dyn ToSql + Sync>>> = r
                        .iter()
                        .zip(&types)
                        .zip(&t.columns)
                        .map(|((v, ty), col)| param(v, ty, &t.name, col))
                        .collect();
                    let params = params?;
                    let refs: Vec<&(dyn ToSql + Sync)> =
                        params.iter().map(|b| b.as_ref()).collect();
                    c.client.execute(&stmt, &refs)?;
                }
                report.tables.push((t.name.clone(), t.rows.len() as u64));
            }
            let ids: Vec<(String, String)> = rows(c, IDENTITIES, &[])?
                .iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            for (table, col) in ids {
                c.client.execute(
                    format!(
                        "SELECT setval(pg_get_serial_sequence($1, $2), max({col})) FROM {t} \
                         HAVING max({col}) IS NOT NULL",
                        col = quote(&col),
                        t = quote(&table)
                    )
                    .as_str(),
                    &[&quote(&table), &col],
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
