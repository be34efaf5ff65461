//! The doctor's operations: find every stored row this program cannot
//! read, and set such rows aside in the `quarantine` table (migration 7)
//! so that the operator can fix or drop them. `tawlbot doctor` runs them.
//!
//! A row is unreadable when the store's own reader for its table refuses
//! it (the same readers every other read uses): a word the program does
//! not know, options that are not a JSON list, a value of the wrong type.
//! A tournament whose data is not JSON is unreadable too.
//!
//! The statements here name their table at run time (always one of the
//! doctor's own names, never input), so they run once each
//! ([`Conn::query_once`]) instead of being kept prepared.

use super::rows::*;
use super::{
    logic, params, what_is_wrong, Backend, Conn, Doctor, QuarantinedRow, Row, StoreError,
    UnreadableRow, Value, R,
};

use crate::domain::Table;
/// The tables the doctor reads, in the order it reads and quarantines
/// them (a tournament before its matches).
use logic::DOCTOR_TABLES as TABLES;

/// Reads every row of `table` with its reader; the rows it refuses.
fn scan_table(c: &mut dyn Conn, table: Table) -> R<Vec<UnreadableRow>> {
    fn scan<T>(
        c: &mut dyn Conn,
        table: Table,
        sql: &'static str,
        read: fn(&Row) -> R<T>,
        bad: &mut Vec<UnreadableRow>,
    ) -> R<()> {
        for r in c.query(sql, &[])? {
            if let Err(e) = read(&r) {
                let Some(problem) = what_is_wrong(&e) else {
                    return Err(e);
                };
                bad.push(UnreadableRow {
                    table,
                    id: r.id_text(),
                    problem,
                });
            }
        }
        Ok(())
    }
    let mut bad = Vec::new();
    match table {
        Table::Games => scan(
            c,
            table,
            concat!("SELECT ", game_columns!(), " FROM games ORDER BY id"),
            game_from_row,
            &mut bad,
        )?,
        Table::Challenges => scan(
            c,
            table,
            concat!(
                "SELECT ",
                challenge_columns!(),
                " FROM challenges ORDER BY id"
            ),
            challenge_from_row,
            &mut bad,
        )?,
        Table::Tournaments => {
            scan(
                c,
                table,
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments ORDER BY id"
                ),
                tournament_from_row,
                &mut bad,
            )?;
            for r in c.query("SELECT id, data FROM tournaments ORDER BY id", &[])? {
                let id = r.id_text();
                let json = r
                    .get::<String>(1)
                    .is_ok_and(|d| serde_json::from_str::<serde_json::Value>(&d).is_ok());
                if !json && !bad.iter().any(|b| b.id == id) {
                    bad.push(UnreadableRow {
                        table,
                        id,
                        problem: "data: not JSON".into(),
                    });
                }
            }
            bad.sort_by_key(|b| b.id.parse::<i64>().unwrap_or(i64::MAX));
        }
        Table::TournamentMatches => scan(
            c,
            table,
            concat!(
                "SELECT ",
                match_columns!(),
                " FROM tournament_matches ORDER BY id"
            ),
            match_from_row,
            &mut bad,
        )?,
    }
    Ok(bad)
}

/// A stored value as JSON (as the database's own JSON functions give it).
fn json_of(v: &Value<'_>) -> serde_json::Value {
    match v {
        Value::Null => serde_json::Value::Null,
        Value::Int(i) => (*i).into(),
        Value::Real(f) => (*f).into(),
        Value::Text(t) => t.as_ref().into(),
        Value::Bool(b) => (*b).into(),
    }
}

/// The rows of `table` whose `column` is `id`, as a JSON array of objects
/// (one key per column, in the table's order).
fn rows_json(c: &mut dyn Conn, table: &str, column: &str, id: i64) -> R<String> {
    let rows = c.query_once(
        &format!("SELECT * FROM {table} WHERE {column} = $1 ORDER BY {column}"),
        params![id],
    )?;
    let objects: Vec<String> = rows
        .iter()
        .map(|r| {
            let pairs: Vec<String> = r
                .columns
                .iter()
                .zip(&r.values)
                .map(|(k, v)| format!("{}: {}", serde_json::json!(k), json_of(v)))
                .collect();
            format!("{{{}}}", pairs.join(", "))
        })
        .collect();
    Ok(format!("[{}]", objects.join(", ")))
}

/// The ids of `table` rows where `column = id`, then that column set to
/// NULL (the link to a quarantined row is cut, and kept in its record).
fn unlink(c: &mut dyn Conn, table: &str, column: &str, id: i64) -> R<Vec<i64>> {
    let ids = c
        .query_once(
            &format!("SELECT id FROM {table} WHERE {column} = $1 ORDER BY id"),
            params![id],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<R<Vec<i64>>>()?;
    c.exec_once(
        &format!("UPDATE {table} SET {column} = NULL WHERE {column} = $1"),
        params![id],
    )?;
    Ok(ids)
}

/// Moves one row to quarantine with what hangs on it; `false` if it is gone.
fn quarantine_one(c: &mut dyn Conn, bad: &UnreadableRow, at: i64) -> R<bool> {
    let Ok(id) = bad.id.parse::<i64>() else {
        return Ok(false);
    };
    // Locked, so that two doctors never move one row twice.
    let there = c.query_once(
        &format!("SELECT id FROM {} WHERE id = $1{{lock_update}}", bad.table),
        params![id],
    )?;
    if there.is_empty() {
        return Ok(false);
    }
    let one = rows_json(c, bad.table.as_str(), "id", id)?;
    let mut taken: Vec<(String, String)> = Vec::new();
    let mut take = |c: &mut dyn Conn, table: &str, column: &str| -> R<()> {
        taken.push((table.to_string(), rows_json(c, table, column, id)?));
        c.exec_once(
            &format!("DELETE FROM {table} WHERE {column} = $1"),
            params![id],
        )?;
        Ok(())
    };
    let mut unlinked: Vec<(String, Vec<i64>)> = Vec::new();
    match bad.table {
        Table::Games => {
            take(c, "moves", "game_id")?;
            take(c, "offers", "game_id")?;
            take(c, "rating_history", "game_id")?;
            unlinked.push((
                "challenges.game_id".into(),
                unlink(c, "challenges", "game_id", id)?,
            ));
        }
        Table::Challenges => {
            unlinked.push((
                "games.challenge_id".into(),
                unlink(c, "games", "challenge_id", id)?,
            ));
        }
        Table::Tournaments => {
            let games = c
                .query(
                    "SELECT g.id FROM games g JOIN tournament_matches m \
                     ON g.tournament_match_id = m.id WHERE m.tournament_id = $1 ORDER BY g.id",
                    params![id],
                )?
                .iter()
                .map(|r| r.get(0))
                .collect::<R<Vec<i64>>>()?;
            c.exec(
                "UPDATE games SET tournament_match_id = NULL WHERE tournament_match_id IN \
                 (SELECT id FROM tournament_matches WHERE tournament_id = $1)",
                params![id],
            )?;
            unlinked.push(("games.tournament_match_id".into(), games));
            take(c, "tournament_matches", "tournament_id")?;
            take(c, "tournament_players", "tournament_id")?;
        }
        Table::TournamentMatches => {
            unlinked.push((
                "games.tournament_match_id".into(),
                unlink(c, "games", "tournament_match_id", id)?,
            ));
        }
    }
    let content = logic::quarantine_content(&one, &taken, &unlinked);
    c.exec(
        "INSERT INTO quarantine (table_name, row_id, problem, content, at) \
         VALUES ($1, $2, $3, $4, $5)",
        params![bad.table.as_str(), &bad.id, &bad.problem, content, at],
    )?;
    c.exec_once(
        &format!("DELETE FROM {} WHERE id = $1", bad.table),
        params![id],
    )?;
    Ok(true)
}

impl<B: Backend> Doctor for B {
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError> {
        self.sql_snapshot(|c| {
            let mut all = Vec::new();
            for table in TABLES {
                all.extend(scan_table(c, *table)?);
            }
            Ok(all)
        })
    }

    // The closures let the connection's `dyn Conn + '_` meet the
    // functions' shorter lifetime (the functions themselves do not).
    #[allow(clippy::redundant_closure)]
    fn quarantine_unreadable(&self, at: i64) -> Result<Vec<UnreadableRow>, StoreError> {
        self.sql_write_plain(|c| {
            logic::quarantine_all(
                c,
                at,
                |c, t| scan_table(c, t),
                |c, bad, at| quarantine_one(c, bad, at),
            )
        })
    }

    fn quarantined(&self) -> Result<Vec<QuarantinedRow>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT id, table_name, row_id, problem, content, at FROM quarantine \
                 ORDER BY id",
                &[],
            )?
            .iter()
            .map(|r| {
                Ok(QuarantinedRow {
                    id: r.get(0)?,
                    table: r.get(1)?,
                    row_id: r.get(2)?,
                    problem: r.get(3)?,
                    content: r.get(4)?,
                    at: r.get(5)?,
                })
            })
            .collect()
        })
    }
}
