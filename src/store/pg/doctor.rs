//! The doctor's operations on PostgreSQL. Listing and quarantining
//! unreadable rows is not written for PostgreSQL yet: both say so in a
//! sentence instead of answering "none" (which would be a lie).

use super::rows::*;
use super::*;
use crate::store::*;

impl PostgresStore {
    fn doctor_not_yet(&self) -> StoreError {
        StoreError::Fault {
            path: self.inner.label.clone(),
            detail: "tawlbot doctor cannot look for unreadable rows in a PostgreSQL \
                     database yet (only in an SQLite file)"
                .to_string(),
        }
    }
}

impl Doctor for PostgresStore {
    fn unreadable_rows(&self) -> Result<Vec<UnreadableRow>, StoreError> {
        Err(self.doctor_not_yet())
    }

    fn quarantine_unreadable(&self, _at: i64) -> Result<Vec<UnreadableRow>, StoreError> {
        Err(self.doctor_not_yet())
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
