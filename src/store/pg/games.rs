//! What the clock (`clock.rs`) and the lists of archive and ratings still
//! share with the games of `store/sql`, on PostgreSQL.

use super::rows::*;
use super::*;
use crate::store::*;

impl PostgresStore {
    pub(super) fn games(
        &self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<GameRow>, StoreError> {
        self.read(|c| self.list_of("games", &rows(c, sql, params)?, game_from_row))
    }
}
