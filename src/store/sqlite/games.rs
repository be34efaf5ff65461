//! The error of the SQLite store's own transactions (`open.rs`).

use super::*;

pub(super) enum AppendErrorOrSql {
    App(AppendError),
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for AppendErrorOrSql {
    fn from(e: rusqlite::Error) -> Self {
        AppendErrorOrSql::Sql(e)
    }
}
