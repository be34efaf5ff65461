//! The doctor's operations: find every stored row this program cannot
//! read.
//!
//! A row is unreadable when the store's own reader for its table refuses
//! it (the same readers every other read uses): a word the program does
//! not know, options that are not a JSON list, a value of the wrong type.
//! A tournament whose data is not JSON is unreadable too.

use super::*;

/// The tables the doctor reads, in the order it reads and quarantines
/// them (a tournament before its matches).
const TABLES: &[&str] = &["games", "challenges", "tournaments", "tournament_matches"];

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
}
