//! The clock's queries: reminder times and notification preferences.

use rusqlite::{params, Connection, OptionalExtension};

use crate::store::logic;

use super::{
    append_move_in, check_turn, AppendError, AppendErrorOrSql, Clock, DueColumn, GameId, NewMove,
    ReminderClaim, SqliteStore, StoreError, UserId,
};

/// The scheduler's query for one time column ([`Clock::due_after`]):
/// `?1` now, `?2`/`?3` the `(time, id)` it pages after, `?4` the limit.
/// Each reads a partial index (see `SqliteStore::deadline_query_plans`).
pub(super) fn due_sql(col: DueColumn) -> String {
    let (c, paused) = match col {
        DueColumn::Deadline => ("deadline", 0),
        DueColumn::RemindAt => ("remind_at", 0),
        DueColumn::PauseEnd => ("paused_until", 1),
        DueColumn::ChallengeExpiry => {
            return "SELECT id, expires_at FROM challenges \
                    WHERE state = 'open' AND expires_at IS NOT NULL AND expires_at <= ?1 \
                    AND (expires_at > ?2 OR (expires_at = ?2 AND id > ?3)) \
                    ORDER BY expires_at, id LIMIT ?4"
                .into()
        }
    };
    format!(
        "SELECT id, {c} FROM games \
         WHERE state = 'active' AND paused = {paused} AND {c} IS NOT NULL \
         AND {c} <= ?1 AND ({c} > ?2 OR ({c} = ?2 AND id > ?3)) \
         ORDER BY {c}, id LIMIT ?4"
    )
}

/// Reads `paused` of a game inside a transaction.
fn is_paused(c: &Connection, game: GameId) -> rusqlite::Result<bool> {
    c.prepare_cached("SELECT paused FROM games WHERE id = ?1")?
        .query_row([game], |r| r.get(0))
        .optional()
        .map(|p| p.unwrap_or(false))
}

fn refuse_paused(c: &Connection, game: GameId) -> Result<(), AppendErrorOrSql> {
    if is_paused(c, game)? {
        return Err(AppendErrorOrSql::App(AppendError::Paused));
    }
    Ok(())
}

impl Clock for SqliteStore {
    fn set_remind_at(&self, game_id: GameId, at: Option<i64>) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE games SET remind_at = ?2 WHERE id = ?1")?
                .execute(params![game_id, at])?;
            Ok(())
        })
    }

    fn players_with_setting(&self, key: &str, value: &str) -> Result<Vec<UserId>, StoreError> {
        self.query_list(
            "SELECT player_id FROM player_settings WHERE key = ?1 AND value = ?2 ORDER BY player_id",
            params![key, value],
            |r| r.get(0),
        )
    }

    fn remind_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.conn()
            .prepare_cached("SELECT remind_at FROM games WHERE id = ?1")
            .and_then(|mut s| s.query_row([game_id], |r| r.get(0)).optional())
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn append_move_clocked(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError> {
        self.write(|c| {
            refuse_paused(c, mv.game_id)?;
            let n = append_move_in(c, mv)?;
            if mv.finished.is_none() {
                c.prepare_cached("UPDATE games SET remind_at = ?2 WHERE id = ?1")?
                    .execute(params![mv.game_id, remind_at])?;
            }
            Ok(n)
        })
    }

    fn take_back_clocked(
        &self,
        game_id: GameId,
        expected_count: u32,
        n: u32,
        at: i64,
        deadline: Option<i64>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, Some(expected_count))?;
            refuse_paused(c, game_id)?;
            let keep = count.saturating_sub(n);
            c.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND number >= ?2")?
                .execute(params![game_id, keep])?;
            c.prepare_cached("DELETE FROM offers WHERE game_id = ?1")?
                .execute([game_id])?;
            c.prepare_cached(
                "UPDATE games SET move_count = ?2, updated_at = ?3, deadline = ?4, \
                 remind_at = ?5, reminders_sent = 0 WHERE id = ?1",
            )?
            .execute(params![game_id, keep, at, deadline, remind_at])?;
            Ok(keep)
        })
    }

    fn set_pause_offer(
        &self,
        game_id: GameId,
        by_player: &UserId,
        at: i64,
        span: i64,
    ) -> Result<bool, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, None)?;
            refuse_paused(c, game_id)?;
            let n = c
                .prepare_cached(
                    "INSERT INTO offers (game_id, kind, by_player, at, move_count, span) \
                     VALUES (?1, 'pause', ?2, ?3, ?4, ?5) ON CONFLICT (game_id, kind) DO NOTHING",
                )?
                .execute(params![game_id, by_player, at, count, span])?;
            Ok(n == 1)
        })
    }

    fn pause_offer_span(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.conn()
            .prepare_cached("SELECT span FROM offers WHERE game_id = ?1 AND kind = 'pause'")
            .and_then(|mut s| s.query_row([game_id], |r| r.get(0)).optional())
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn pause_clock(
        &self,
        game_id: GameId,
        expected_moves: u32,
        offer_by: &UserId,
        at: i64,
        left: Option<i64>,
        until: i64,
    ) -> Result<(), AppendError> {
        self.write(|c| {
            check_turn(c, game_id, Some(expected_moves))?;
            refuse_paused(c, game_id)?;
            let n = c
                .prepare_cached(
                    "DELETE FROM offers WHERE game_id = ?1 AND kind = 'pause' AND by_player = ?2",
                )?
                .execute(params![game_id, offer_by])?;
            if n == 0 {
                return Err(AppendErrorOrSql::App(AppendError::NoOffer));
            }
            c.prepare_cached(
                "UPDATE games SET paused = 1, paused_left = ?3, paused_until = ?4, \
                 updated_at = ?2 WHERE id = ?1",
            )?
            .execute(params![game_id, at, left, until])?;
            Ok(())
        })
    }

    fn resume_clock(
        &self,
        game_id: GameId,
        at: i64,
        offer_by: Option<&UserId>,
        legacy_left: Option<i64>,
        remind: &dyn Fn(i64, i64) -> Option<i64>,
    ) -> Result<Option<i64>, AppendError> {
        self.write(|c| {
            check_turn(c, game_id, None)?;
            if !is_paused(c, game_id)? {
                return Err(AppendErrorOrSql::App(AppendError::NotPaused));
            }
            if let Some(by) = offer_by {
                let n = c
                    .prepare_cached(
                        "DELETE FROM offers WHERE game_id = ?1 AND kind = 'resume' \
                         AND by_player = ?2",
                    )?
                    .execute(params![game_id, by])?;
                if n == 0 {
                    return Err(AppendErrorOrSql::App(AppendError::NoOffer));
                }
            }
            let kept: Option<i64> = c
                .prepare_cached("SELECT paused_left FROM games WHERE id = ?1")?
                .query_row([game_id], |r| r.get(0))?;
            let left = kept.or(legacy_left);
            let deadline = left.map(|l| at + l);
            let remind_at = match (deadline, left) {
                (Some(d), Some(l)) => remind(d, l),
                _ => None,
            };
            c.prepare_cached(
                "DELETE FROM offers WHERE game_id = ?1 AND kind IN ('pause', 'resume')",
            )?
            .execute([game_id])?;
            c.prepare_cached(
                "UPDATE games SET paused = 0, paused_left = NULL, paused_until = NULL, \
                 deadline = ?3, remind_at = ?4, reminders_sent = 0, updated_at = ?2 \
                 WHERE id = ?1",
            )?
            .execute(params![game_id, at, deadline, remind_at])?;
            Ok(left)
        })
    }

    fn pause_info(&self, game_id: GameId) -> Result<Option<(i64, Option<i64>)>, StoreError> {
        self.conn()
            .prepare_cached(
                "SELECT paused_until, paused_left FROM games WHERE id = ?1 AND paused = 1",
            )
            .and_then(|mut s| {
                s.query_row([game_id], |r| {
                    Ok(r.get::<_, Option<i64>>(0)?
                        .map(|u| (u, r.get(1).ok().flatten())))
                })
                .optional()
            })
            .map(Option::flatten)
            .map_err(|e| self.err(e))
    }

    fn claim_reminder(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
    ) -> Result<ReminderClaim, StoreError> {
        self.write_plain(|c| {
            let row: Option<(Option<i64>, Option<i64>, Option<i64>)> = c
                .prepare_cached(
                    "SELECT remind_at, last_reminder_at, deadline FROM games \
                     WHERE id = ?1 AND state = 'active' AND paused = 0",
                )?
                .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .optional()?;
            let Some((at, last, deadline)) = row else {
                return Ok(ReminderClaim::NotDue);
            };
            let claim = logic::reminder_claim(at, last, deadline, now, gap);
            match claim {
                ReminderClaim::NotDue => {}
                ReminderClaim::Deferred(next) => {
                    c.prepare_cached("UPDATE games SET remind_at = ?2 WHERE id = ?1")?
                        .execute(params![game_id, next])?;
                }
                ReminderClaim::Send => {
                    c.prepare_cached(
                        "UPDATE games SET remind_at = NULL, last_reminder_at = ?2, \
                         reminders_sent = reminders_sent + 1 WHERE id = ?1",
                    )?
                    .execute(params![game_id, now])?;
                }
            }
            Ok(claim)
        })
    }

    fn claim_digest(
        &self,
        player: &UserId,
        key: &str,
        now: i64,
        gap: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let last: Option<String> = c
                .prepare_cached(
                    "SELECT value FROM player_settings WHERE player_id = ?1 AND key = ?2",
                )?
                .query_row(params![player, key], |r| r.get(0))
                .optional()?;
            if !logic::digest_due(last.as_deref(), now, gap) {
                return Ok(false);
            }
            c.prepare_cached(
                "INSERT INTO player_settings (player_id, key, value) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
            )?
            .execute(params![player, key, now.to_string()])?;
            Ok(true)
        })
    }

    /// Entries of a time column due by `now`, after `after` (`(time, id)`,
    /// exclusive) in `(time, id)` order: the scheduler pages through them so
    /// that rows it cannot handle never hide the ones behind them.
    fn due_after(
        &self,
        col: DueColumn,
        now: i64,
        after: Option<(i64, i64)>,
        limit: u32,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        let (t, id) = after.unwrap_or((i64::MIN, i64::MIN));
        self.query_list(&due_sql(col), params![now, t, id, limit], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
    }
}

/// The shared heartbeat inside a transaction: see
/// [`super::Leases::process_heartbeat`].
pub(super) fn beat_in(
    c: &Connection,
    now: i64,
    offline_after: i64,
    extend: bool,
) -> rusqlite::Result<Option<i64>> {
    let last: Option<i64> = c
        .prepare_cached("SELECT at FROM heartbeat WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    c.prepare_cached(
        "INSERT INTO heartbeat (id, at) VALUES (1, ?1) \
             ON CONFLICT (id) DO UPDATE SET at = MAX(at, excluded.at)",
    )?
    .execute([now])?;
    let gap = logic::downtime(last, now, offline_after, extend);
    if let Some(g) = gap {
        c.prepare_cached(
            "UPDATE games SET deadline = deadline + ?1, remind_at = remind_at + ?1 \
                 WHERE state = 'active' AND paused = 0 AND deadline IS NOT NULL",
        )?
        .execute([g])?;
        c.prepare_cached(
            "UPDATE games SET paused_until = paused_until + ?1 \
                 WHERE state = 'active' AND paused = 1 AND paused_until IS NOT NULL",
        )?
        .execute([g])?;
    }
    Ok(gap)
}

#[cfg(test)]
mod tests;
