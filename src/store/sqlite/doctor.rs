//! The doctor's operations: find every stored row this program cannot
//! read, and set such rows aside in the `quarantine` table (migration 7)
//! so that the operator can fix or drop them. `tawlbot doctor` runs them.
//!
//! A row is unreadable when the store's own reader for its table refuses
//! it (the same readers every other read uses): a word the program does
//! not know, options that are not a JSON list, a value of the wrong type.
//! A tournament whose data is not JSON is unreadable too.

use super::*;

/// The tables the doctor reads, in the order it reads and quarantines
/// them (a tournament before its matches).
use logic::DOCTOR_TABLES as TABLES;

/// Reads every row of `table` with its reader; the rows it refuses.
fn scan_table(c: &Connection, table: &'static str) -> rusqlite::Result<Vec<UnreadableRow>> {
    fn scan<T>(
        c: &Connection,
        table: &'static str,
        columns: &str,
        read: fn(&Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<Vec<UnreadableRow>> {
        let mut stmt = c.prepare(&format!("SELECT {columns} FROM {table} ORDER BY id"))?;
        let mut rows = stmt.query([])?;
        let mut bad = Vec::new();
        while let Some(r) = rows.next()? {
            if let Err(e) = read(r) {
                bad.push(UnreadableRow {
                    table,
                    id: unreadable::row_id(r),
                    problem: unreadable::what_is_wrong(r, &e),
                });
            }
        }
        Ok(bad)
    }
    let mut bad = match table {
        "games" => scan(c, table, GAME_COLUMNS, game_from_row)?,
        "challenges" => scan(c, table, CHALLENGE_COLUMNS, challenge_from_row)?,
        "tournaments" => scan(c, table, TOURNAMENT_COLUMNS, tournament_from_row)?,
        "tournament_matches" => scan(
            c,
            table,
            tournaments::MATCH_COLUMNS,
            tournaments::match_from_row,
        )?,
        _ => Vec::new(),
    };
    if table == "tournaments" {
        let mut stmt = c.prepare(
            "SELECT id FROM tournaments WHERE typeof(data) != 'text' OR NOT json_valid(data) \
             ORDER BY id",
        )?;
        for id in stmt.query_map([], |r| r.get::<_, i64>(0))? {
            let id = id?.to_string();
            if !bad.iter().any(|b| b.id == id) {
                bad.push(UnreadableRow {
                    table,
                    id,
                    problem: "data: not JSON".into(),
                });
            }
        }
        bad.sort_by_key(|b| b.id.parse::<i64>().unwrap_or(i64::MAX));
    }
    Ok(bad)
}

/// The rows of `table` matching `filter` (with `?1` = `param`) as a JSON
/// array of objects, one key per column (blobs as hex).
fn rows_json(
    c: &Connection,
    table: &str,
    filter: &str,
    param: &dyn rusqlite::ToSql,
) -> rusqlite::Result<String> {
    let columns: Vec<String> = c
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let pairs: Vec<String> = columns
        .iter()
        .map(|n| {
            format!("'{n}', CASE typeof(\"{n}\") WHEN 'blob' THEN hex(\"{n}\") ELSE \"{n}\" END")
        })
        .collect();
    c.query_row(
        &format!(
            "SELECT json_group_array(json_object({})) FROM {table} WHERE {filter}",
            pairs.join(", ")
        ),
        [param],
        |r| r.get(0),
    )
}

/// The ids of `table` rows where `column = ?1`, then that column set to NULL
/// (the link to a quarantined row is cut, and kept in its record).
fn unlink(
    c: &Connection,
    table: &str,
    column: &str,
    param: &dyn rusqlite::ToSql,
) -> rusqlite::Result<Vec<i64>> {
    let ids: Vec<i64> = c
        .prepare(&format!(
            "SELECT id FROM {table} WHERE {column} = ?1 ORDER BY id"
        ))?
        .query_map([param], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    c.execute(
        &format!("UPDATE {table} SET {column} = NULL WHERE {column} = ?1"),
        [param],
    )?;
    Ok(ids)
}

/// Moves one row to quarantine with what hangs on it; `false` if it is gone.
fn quarantine_one(c: &Connection, bad: &UnreadableRow, at: i64) -> rusqlite::Result<bool> {
    let id: i64 = match bad.id.parse() {
        Ok(i) => i,
        Err(_) => return Ok(false),
    };
    let exists: bool = c.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {} WHERE id = ?1)", bad.table),
        [id],
        |r| r.get(0),
    )?;
    if !exists {
        return Ok(false);
    }
    let one = rows_json(c, bad.table, "id = ?1", &id)?;
    let mut taken: Vec<(String, String)> = Vec::new();
    let mut take = |table: &str, column: &str| -> rusqlite::Result<()> {
        taken.push((
            table.to_string(),
            rows_json(c, table, &format!("{column} = ?1"), &id)?,
        ));
        c.execute(&format!("DELETE FROM {table} WHERE {column} = ?1"), [id])?;
        Ok(())
    };
    let mut unlinked: Vec<(String, Vec<i64>)> = Vec::new();
    match bad.table {
        "games" => {
            take("moves", "game_id")?;
            take("offers", "game_id")?;
            take("rating_history", "game_id")?;
            unlinked.push((
                "challenges.game_id".into(),
                unlink(c, "challenges", "game_id", &id)?,
            ));
        }
        "challenges" => {
            unlinked.push((
                "games.challenge_id".into(),
                unlink(c, "games", "challenge_id", &id)?,
            ));
        }
        "tournaments" => {
            let games: Vec<i64> = c
                .prepare(
                    "SELECT g.id FROM games g JOIN tournament_matches m \
                     ON g.tournament_match_id = m.id WHERE m.tournament_id = ?1 ORDER BY g.id",
                )?
                .query_map([id], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            c.execute(
                "UPDATE games SET tournament_match_id = NULL WHERE tournament_match_id IN \
                 (SELECT id FROM tournament_matches WHERE tournament_id = ?1)",
                [id],
            )?;
            unlinked.push(("games.tournament_match_id".into(), games));
            take("tournament_matches", "tournament_id")?;
            take("tournament_players", "tournament_id")?;
        }
        "tournament_matches" => {
            unlinked.push((
                "games.tournament_match_id".into(),
                unlink(c, "games", "tournament_match_id", &id)?,
            ));
        }
        _ => return Ok(false),
    }
    let content = logic::quarantine_content(&one, &taken, &unlinked);
    c.execute(
        "INSERT INTO quarantine (table_name, row_id, problem, content, at) \
         VALUES (?1, ?2, ?3, json(?4), ?5)",
        params![bad.table, bad.id, bad.problem, content, at],
    )?;
    c.execute(&format!("DELETE FROM {} WHERE id = ?1", bad.table), [id])?;
    Ok(true)
}

impl Doctor for SqliteStore {
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let mut all = Vec::new();
        for table in TABLES {
            all.extend(scan_table(&tx, table).map_err(|e| self.err(e))?);
        }
        Ok(all)
    }

    fn quarantine_unreadable(&self, at: i64) -> Result<Vec<UnreadableRow>, StoreError> {
        self.write_plain(|c| {
            logic::quarantine_all(
                &mut &*c,
                at,
                |c, t| scan_table(c, t),
                |c, bad, at| quarantine_one(c, bad, at),
            )
        })
    }

    fn quarantined(&self) -> Result<Vec<QuarantinedRow>, StoreError> {
        self.query_list(
            "SELECT id, table_name, row_id, problem, content, at FROM quarantine ORDER BY id",
            [],
            |r| {
                Ok(QuarantinedRow {
                    id: r.get(0)?,
                    table: r.get(1)?,
                    row_id: r.get(2)?,
                    problem: r.get(3)?,
                    content: r.get(4)?,
                    at: r.get(5)?,
                })
            },
        )
    }
}
