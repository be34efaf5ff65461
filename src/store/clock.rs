//! The clock's queries: reminder times and notification preferences.

use rusqlite::{params, OptionalExtension};

use super::{GameId, Store, StoreError};

impl Store {
    /// Sets when the player to move of `game_id` is reminded (`None`: never).
    pub fn set_remind_at(&self, game_id: GameId, at: Option<i64>) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE games SET remind_at = ?2 WHERE id = ?1")?
                .execute(params![game_id, at])?;
            Ok(())
        })
    }

    /// The earliest reminder of an active, running game (indexed: the
    /// scheduler's wake-up cost does not grow with the number of games).
    pub fn next_reminder(&self) -> Result<Option<(GameId, i64)>, StoreError> {
        self.conn()
            .prepare_cached(
                "SELECT id, remind_at FROM games \
                 WHERE state = 'active' AND paused = 0 AND remind_at IS NOT NULL \
                 ORDER BY remind_at LIMIT 1",
            )
            .and_then(|mut s| s.query_row([], |r| Ok((r.get(0)?, r.get(1)?))).optional())
            .map_err(|e| self.err(e))
    }

    /// Games whose reminder is due by `now`, earliest first.
    pub fn reminders_due(&self, now: i64, limit: u32) -> Result<Vec<(GameId, i64)>, StoreError> {
        self.query_list(
            "SELECT id, remind_at FROM games \
             WHERE state = 'active' AND paused = 0 AND remind_at IS NOT NULL AND remind_at <= ?1 \
             ORDER BY remind_at LIMIT ?2",
            params![now, limit],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    /// Players whose setting `key` has `value` (indexed by key and value).
    pub fn players_with_setting(&self, key: &str, value: &str) -> Result<Vec<String>, StoreError> {
        self.query_list(
            "SELECT player_id FROM player_settings WHERE key = ?1 AND value = ?2 ORDER BY player_id",
            params![key, value],
            |r| r.get(0),
        )
    }

    /// The reminder time of a game.
    pub fn remind_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.conn()
            .prepare_cached("SELECT remind_at FROM games WHERE id = ?1")
            .and_then(|mut s| s.query_row([game_id], |r| r.get(0)).optional())
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }
}
