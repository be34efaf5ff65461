//! The clock's queries: reminder times and notification preferences.

use rusqlite::{params, OptionalExtension};

use super::{GameId, Store, StoreError};

/// The scheduler's time columns, each with a partial index
/// (`games_deadline`, `games_remind`).
#[derive(Clone, Copy)]
pub(super) enum TimeColumn {
    Deadline,
    RemindAt,
}

impl TimeColumn {
    fn name(self) -> &'static str {
        match self {
            TimeColumn::Deadline => "deadline",
            TimeColumn::RemindAt => "remind_at",
        }
    }
}

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
        self.earliest(TimeColumn::RemindAt)
    }

    /// Games whose reminder is due by `now`, earliest first.
    pub fn reminders_due(&self, now: i64, limit: u32) -> Result<Vec<(GameId, i64)>, StoreError> {
        self.due(TimeColumn::RemindAt, now, limit)
    }

    /// The first entry of a time column's partial index (active, running games).
    pub(super) fn earliest(&self, col: TimeColumn) -> Result<Option<(GameId, i64)>, StoreError> {
        let c = col.name();
        self.conn()
            .prepare_cached(&format!(
                "SELECT id, {c} FROM games \
                 WHERE state = 'active' AND paused = 0 AND {c} IS NOT NULL \
                 ORDER BY {c} LIMIT 1"
            ))
            .and_then(|mut s| s.query_row([], |r| Ok((r.get(0)?, r.get(1)?))).optional())
            .map_err(|e| self.err(e))
    }

    /// Active, running games whose time column is at or before `now`.
    pub(super) fn due(
        &self,
        col: TimeColumn,
        now: i64,
        limit: u32,
    ) -> Result<Vec<(GameId, i64)>, StoreError> {
        let c = col.name();
        self.query_list(
            &format!(
                "SELECT id, {c} FROM games \
                 WHERE state = 'active' AND paused = 0 AND {c} IS NOT NULL AND {c} <= ?1 \
                 ORDER BY {c} LIMIT ?2"
            ),
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
