//! Hooks for tests (feature `fault-injection`, on in every test build, off
//! in the program): the schema version, the integrity check, the durability
//! settings, a full disk and the scheduler's query plans.

use super::SqliteStore;
#[cfg(feature = "fault-injection")]
use super::{DueColumn, StoreError};

impl SqliteStore {
    /// The schema version of the open file.
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.conn()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(|e| self.err(e))
    }

    /// Runs `PRAGMA integrity_check`; `Ok(())` when SQLite answers "ok".
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn integrity_check(&self) -> Result<(), StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("PRAGMA integrity_check")
            .map_err(|e| self.err(e))?;
        let lines: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.err(e))?;
        if lines.len() == 1 && lines[0] == "ok" {
            Ok(())
        } else {
            Err(StoreError::Corrupt {
                path: self.inner.label.clone(),
                detail: lines.join("; "),
            })
        }
    }

    /// Current `journal_mode` and `synchronous` (as SQLite reports them).
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn durability(&self) -> Result<(String, i64), StoreError> {
        let conn = self.conn();
        let mode = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .map_err(|e| self.err(e))?;
        let sync = conn
            .pragma_query_value(None, "synchronous", |r| r.get(0))
            .map_err(|e| self.err(e))?;
        Ok((mode, sync))
    }

    /// Test hook simulating a full disk: with `Some(n)` the database may not
    /// grow beyond `n` pages (`PRAGMA max_page_count`). Returns the current
    /// page count.
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn debug_limit_pages(&self, max: Option<u32>) -> Result<u32, StoreError> {
        let conn = self.conn();
        if let Some(n) = max {
            conn.pragma_update(None, "max_page_count", n)
                .map_err(|e| self.err(e))?;
        }
        conn.pragma_query_value(None, "page_count", |r| r.get::<_, i64>(0))
            .map(crate::store::sql::to_u32)
            .map_err(|e| self.err(e))
    }

    /// `EXPLAIN QUERY PLAN` of the scheduler's queries, the very SQL
    /// [`Clock::due_after`] runs for each [`DueColumn`] (for tests: each
    /// must search its partial index, not scan a table or sort).
    #[cfg(feature = "fault-injection")]
    #[doc(hidden)]
    pub fn deadline_query_plans(&self) -> Result<Vec<(DueColumn, String)>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for col in [
            DueColumn::Deadline,
            DueColumn::RemindAt,
            DueColumn::PauseEnd,
            DueColumn::ChallengeExpiry,
        ] {
            let sql = format!(
                "EXPLAIN QUERY PLAN {}",
                crate::store::sql::dialect(crate::store::sql::clock::due_sql(col), true)
            );
            let mut s = conn.prepare(&sql).map_err(|e| self.err(e))?;
            let rows: Vec<String> = s
                .query_map(rusqlite::params![0, 0, 0, 10], |r| r.get(3))
                .and_then(|rows| rows.collect())
                .map_err(|e| self.err(e))?;
            out.push((col, rows.join(" | ")));
        }
        Ok(out)
    }
}
