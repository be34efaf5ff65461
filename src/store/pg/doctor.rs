//! The doctor's operations on PostgreSQL, as on SQLite
//! (`src/store/sqlite/doctor.rs`): find every stored row this program
//! cannot read, with the same readers every other read uses, and set such
//! rows aside in the `quarantine` table with the rows that hang on them.

use postgres::Row;

use super::rows::*;
use super::unreadable::{row_id, what_is_wrong};
use super::*;
use crate::store::*;

/// The tables the doctor reads, in the order it reads and quarantines
/// them (a tournament before its matches).
use logic::DOCTOR_TABLES as TABLES;

/// Reads every row of `table` with its reader; the rows it refuses.
fn scan_table(c: &mut PgConn, table: &'static str) -> R<Vec<UnreadableRow>> {
    fn scan<T>(
        c: &mut PgConn,
        table: &'static str,
        sql: &'static str,
        read: fn(&Row) -> R<T>,
        bad: &mut Vec<UnreadableRow>,
    ) -> R<()> {
        for r in rows(c, sql, &[])? {
            if let Err(e) = read(&r) {
                let Some(problem) = what_is_wrong(&e) else {
                    return Err(e);
                };
                bad.push(UnreadableRow {
                    table,
                    id: row_id(&r),
                    problem,
                });
            }
        }
        Ok(())
    }
    let mut bad = Vec::new();
    match table {
        "games" => scan(
            c,
            table,
            concat!("SELECT ", game_columns!(), " FROM games ORDER BY id"),
            game_from_row,
            &mut bad,
        )?,
        "challenges" => scan(
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
        "tournaments" => {
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
            for r in rows(c, "SELECT id, data FROM tournaments ORDER BY id", &[])? {
                let id: i64 = r.try_get(0)?;
                let data: String = r.try_get(1)?;
                let id = id.to_string();
                if serde_json::from_str::<serde_json::Value>(&data).is_err()
                    && !bad.iter().any(|b| b.id == id)
                {
                    bad.push(UnreadableRow {
                        table,
                        id,
                        problem: "data: not JSON".into(),
                    });
                }
            }
            bad.sort_by_key(|b| b.id.parse::<i64>().unwrap_or(i64::MAX));
        }
        "tournament_matches" => scan(
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
        _ => {}
    }
    Ok(bad)
}

/// The rows of `table` whose `column` is `id`, as a JSON array of objects
/// (one key per column). `table` and `column` are the doctor's own names,
/// never input.
fn rows_json(c: &mut PgConn, table: &str, column: &str, id: i64) -> R<String> {
    let sql = format!(
        "SELECT coalesce(json_agg(to_jsonb(t) ORDER BY t.{column}), '[]'::json)::text \
         FROM {table} t WHERE t.{column} = $1"
    );
    Ok(c.client.query_one(&sql, &[&id])?.try_get(0)?)
}

/// The ids of `table` rows where `column = id`, then that column set to
/// NULL (the link to a quarantined row is cut, and kept in its record).
fn unlink(c: &mut PgConn, table: &str, column: &str, id: i64) -> R<Vec<i64>> {
    let ids = c
        .client
        .query(
            &format!("SELECT id FROM {table} WHERE {column} = $1 ORDER BY id"),
            &[&id],
        )?
        .iter()
        .map(|r| r.try_get(0))
        .collect::<Result<Vec<i64>, _>>()?;
    c.client.execute(
        &format!("UPDATE {table} SET {column} = NULL WHERE {column} = $1"),
        &[&id],
    )?;
    Ok(ids)
}

/// Moves one row to quarantine with what hangs on it; `false` if it is gone.
fn quarantine_one(c: &mut PgConn, bad: &UnreadableRow, at: i64) -> R<bool> {
    let Ok(id) = bad.id.parse::<i64>() else {
        return Ok(false);
    };
    // Locked, so that two doctors never move one row twice.
    let locked = c.client.query_opt(
        &format!("SELECT id FROM {} WHERE id = $1 FOR UPDATE", bad.table),
        &[&id],
    )?;
    if locked.is_none() {
        return Ok(false);
    }
    let one = rows_json(c, bad.table, "id", id)?;
    let mut taken: Vec<(String, String)> = Vec::new();
    let mut take = |c: &mut PgConn, table: &str, column: &str| -> R<()> {
        taken.push((table.to_string(), rows_json(c, table, column, id)?));
        c.client
            .execute(&format!("DELETE FROM {table} WHERE {column} = $1"), &[&id])?;
        Ok(())
    };
    let mut unlinked: Vec<(String, Vec<i64>)> = Vec::new();
    match bad.table {
        "games" => {
            take(c, "moves", "game_id")?;
            take(c, "offers", "game_id")?;
            take(c, "rating_history", "game_id")?;
            unlinked.push((
                "challenges.game_id".into(),
                unlink(c, "challenges", "game_id", id)?,
            ));
        }
        "challenges" => {
            unlinked.push((
                "games.challenge_id".into(),
                unlink(c, "games", "challenge_id", id)?,
            ));
        }
        "tournaments" => {
            let games = c
                .client
                .query(
                    "SELECT g.id FROM games g JOIN tournament_matches m \
                     ON g.tournament_match_id = m.id WHERE m.tournament_id = $1 ORDER BY g.id",
                    &[&id],
                )?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<Vec<i64>, _>>()?;
            c.client.execute(
                "UPDATE games SET tournament_match_id = NULL WHERE tournament_match_id IN \
                 (SELECT id FROM tournament_matches WHERE tournament_id = $1)",
                &[&id],
            )?;
            unlinked.push(("games.tournament_match_id".into(), games));
            take(c, "tournament_matches", "tournament_id")?;
            take(c, "tournament_players", "tournament_id")?;
        }
        "tournament_matches" => {
            unlinked.push((
                "games.tournament_match_id".into(),
                unlink(c, "games", "tournament_match_id", id)?,
            ));
        }
        _ => return Ok(false),
    }
    let content = logic::quarantine_content(&one, &taken, &unlinked);
    c.client.execute(
        "INSERT INTO quarantine (table_name, row_id, problem, content, at) \
         VALUES ($1, $2, $3, $4, $5)",
        &[&bad.table, &bad.id, &bad.problem, &content, &at],
    )?;
    c.client
        .execute(&format!("DELETE FROM {} WHERE id = $1", bad.table), &[&id])?;
    Ok(true)
}

impl Doctor for PostgresStore {
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError> {
        self.snapshot(|c| {
            let mut all = Vec::new();
            for table in TABLES {
                all.extend(scan_table(c, table)?);
            }
            Ok(all)
        })
    }

    fn quarantine_unreadable(&self, at: i64) -> Result<Vec<UnreadableRow>, StoreError> {
        self.write_plain(|c| logic::quarantine_all(c, at, scan_table, quarantine_one))
    }

    fn quarantined(&self) -> Result<Vec<QuarantinedRow>, StoreError> {
        self.read(|c| {
            rows(
                c,
                "SELECT id, table_name, row_id, problem, content, at FROM quarantine \
                 ORDER BY id",
                &[],
            )?
            .iter()
            .map(|r| {
                Ok(QuarantinedRow {
                    id: r.try_get(0)?,
                    table: r.try_get(1)?,
                    row_id: r.try_get(2)?,
                    problem: r.try_get(3)?,
                    content: r.try_get(4)?,
                    at: r.try_get(5)?,
                })
            })
            .collect()
        })
    }
}
