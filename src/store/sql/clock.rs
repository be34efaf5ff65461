//! The clock: reminder times, pauses, claims and the heartbeat.

use super::games::{append_move_in, check_turn};
use super::{
    ensure_player, logic, params, AppendError, Backend, Clock, Conn, DueColumn, FromValue, GameId,
    NewMove, ReminderClaim, Row, StoreError, UserId, E, R,
};

/// Locks the game (see `check_turn`) and refuses a paused clock.
pub(super) fn refuse_paused(c: &mut dyn Conn, game: GameId, expected: Option<u32>) -> R<u32> {
    let (count, paused) = check_turn(c, game, expected)?;
    if paused {
        return Err(E::App(AppendError::Paused));
    }
    Ok(count)
}

/// The scheduler's query for one time column ([`Clock::due_after`]): `$1`
/// now, `$2`/`$3` the `(time, id)` it pages after, `$4` the limit. Each
/// reads a partial index, whose condition it repeats word for word
/// (`{not_paused}`: SQLite's index says `paused = 0`; see
/// `SqliteStore::deadline_query_plans`).
pub fn due_sql(col: DueColumn) -> &'static str {
    match col {
        DueColumn::Deadline => {
            "SELECT id, deadline FROM games \
             WHERE state = 'active' AND {not_paused} AND deadline IS NOT NULL \
             AND deadline <= $1 AND (deadline > $2 OR (deadline = $2 AND id > $3)) \
             ORDER BY deadline, id LIMIT $4"
        }
        DueColumn::RemindAt => {
            "SELECT id, remind_at FROM games \
             WHERE state = 'active' AND {not_paused} AND remind_at IS NOT NULL \
             AND remind_at <= $1 AND (remind_at > $2 OR (remind_at = $2 AND id > $3)) \
             ORDER BY remind_at, id LIMIT $4"
        }
        DueColumn::PauseEnd => {
            "SELECT id, paused_until FROM games \
             WHERE state = 'active' AND {paused} AND paused_until IS NOT NULL \
             AND paused_until <= $1 \
             AND (paused_until > $2 OR (paused_until = $2 AND id > $3)) \
             ORDER BY paused_until, id LIMIT $4"
        }
        DueColumn::ChallengeExpiry => {
            "SELECT id, expires_at FROM challenges \
             WHERE state = 'open' AND expires_at IS NOT NULL AND expires_at <= $1 \
             AND (expires_at > $2 OR (expires_at = $2 AND id > $3)) \
             ORDER BY expires_at, id LIMIT $4"
        }
    }
}

/// The first column of each row.
fn firsts<T: FromValue>(rows: Vec<Row>) -> R<Vec<T>> {
    rows.iter().map(|r| r.get(0)).collect()
}

/// The first column of the row, if there is one (NULL reads as none).
fn first<T: FromValue>(row: Option<Row>) -> R<Option<T>> {
    match row {
        Some(r) => r.get(0),
        None => Ok(None),
    }
}

impl<B: Backend> Clock for B {
    fn set_remind_at(&self, game_id: GameId, at: Option<i64>) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "UPDATE games SET remind_at = $2 WHERE id = $1",
                params![game_id, at],
            )?;
            Ok(())
        })
    }

    fn players_with_setting(&self, key: &str, value: &str) -> Result<Vec<UserId>, StoreError> {
        self.sql_read(|c| {
            firsts(c.query(
                "SELECT player_id FROM player_settings WHERE key = $1 AND value = $2 \
                 ORDER BY player_id{bytewise}",
                params![key, value],
            )?)
        })
    }

    fn remind_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.sql_read(|c| {
            first(c.query_opt(
                "SELECT remind_at FROM games WHERE id = $1",
                params![game_id],
            )?)
        })
    }

    fn append_move_clocked(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError> {
        self.sql_write(|c| append_move_in(c, mv, remind_at))
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
        self.sql_write(|c| {
            let count = refuse_paused(c, game_id, Some(expected_count))?;
            let keep = count.saturating_sub(n);
            c.exec(
                "DELETE FROM moves WHERE game_id = $1 AND number >= $2",
                params![game_id, keep],
            )?;
            c.exec("DELETE FROM offers WHERE game_id = $1", params![game_id])?;
            // A takeback changes the position: the lines go.
            super::conditional::drop_lines_in(c, game_id, at)?;
            c.exec(
                "UPDATE games SET move_count = $2, updated_at = $3, deadline = $4, \
                 remind_at = $5, reminders_sent = 0 WHERE id = $1",
                params![game_id, keep, at, deadline, remind_at],
            )?;
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
        self.sql_write(|c| {
            let count = refuse_paused(c, game_id, None)?;
            let n = c.exec(
                "INSERT INTO offers (game_id, kind, by_player, at, move_count, span) \
                 VALUES ($1, 'pause', $2, $3, $4, $5) ON CONFLICT (game_id, kind) DO NOTHING",
                params![game_id, by_player, at, count, span],
            )?;
            Ok(n == 1)
        })
    }

    fn pause_offer_span(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.sql_read(|c| {
            first(c.query_opt(
                "SELECT span FROM offers WHERE game_id = $1 AND kind = 'pause'",
                params![game_id],
            )?)
        })
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
        self.sql_write(|c| {
            refuse_paused(c, game_id, Some(expected_moves))?;
            let n = c.exec(
                "DELETE FROM offers WHERE game_id = $1 AND kind = 'pause' AND by_player = $2",
                params![game_id, offer_by],
            )?;
            if n == 0 {
                return Err(E::App(AppendError::NoOffer));
            }
            // A pause drops the conditional lines.
            super::conditional::drop_lines_in(c, game_id, at)?;
            c.exec(
                "UPDATE games SET paused = $5, paused_left = $3, paused_until = $4, \
                 vacation_left = NULL, updated_at = $2 WHERE id = $1",
                params![game_id, at, left, until, true],
            )?;
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
        self.sql_write(|c| {
            let (_, paused) = check_turn(c, game_id, None)?;
            if !paused {
                return Err(E::App(AppendError::NotPaused));
            }
            if let Some(by) = offer_by {
                let n = c.exec(
                    "DELETE FROM offers WHERE game_id = $1 AND kind = 'resume' \
                     AND by_player = $2",
                    params![game_id, by],
                )?;
                if n == 0 {
                    return Err(E::App(AppendError::NoOffer));
                }
            }
            let kept: Option<i64> = first(c.query_opt(
                "SELECT paused_left FROM games WHERE id = $1",
                params![game_id],
            )?)?;
            let left = kept.or(legacy_left);
            let deadline = left.map(|l| at + l);
            let remind_at = match (deadline, left) {
                (Some(d), Some(l)) => remind(d, l),
                _ => None,
            };
            c.exec(
                "DELETE FROM offers WHERE game_id = $1 AND kind IN ('pause', 'resume')",
                params![game_id],
            )?;
            c.exec(
                "UPDATE games SET paused = $5, paused_left = NULL, paused_until = NULL, \
                 deadline = $3, remind_at = $4, reminders_sent = 0, updated_at = $2 \
                 WHERE id = $1",
                params![game_id, at, deadline, remind_at, false],
            )?;
            Ok(left)
        })
    }

    fn pause_info(&self, game_id: GameId) -> Result<Option<(i64, Option<i64>)>, StoreError> {
        self.sql_read(|c| {
            let Some(r) = c.query_opt(
                "SELECT paused_until, paused_left FROM games WHERE id = $1 AND {paused}",
                params![game_id],
            )?
            else {
                return Ok(None);
            };
            let until: Option<i64> = r.get(0)?;
            match until {
                Some(u) => Ok(Some((u, r.get(1)?))),
                None => Ok(None),
            }
        })
    }

    fn claim_reminder(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
    ) -> Result<ReminderClaim, StoreError> {
        self.sql_write_plain(|c| claim_reminder_in(c, game_id, now, gap))
    }

    fn claim_digest(
        &self,
        player: &UserId,
        key: &str,
        now: i64,
        gap: i64,
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| claim_digest_in(c, player, key, now, gap))
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
        self.sql_read(|c| {
            c.query(due_sql(col), params![now, t, id, limit])?
                .iter()
                .map(|r| Ok((r.get(0)?, r.get(1)?)))
                .collect()
        })
    }
}

/// The shared heartbeat at `now`, inside a transaction (see
/// [`Leases::process_heartbeat`]): on PostgreSQL the heartbeat row is made
/// once and locked, so two processes never measure the same gap and extend
/// the clocks twice (SQLite's writer holds the whole database).
pub fn beat_in(c: &mut dyn Conn, now: i64, offline_after: i64, extend: bool) -> R<Option<i64>> {
    c.guard(
        "INSERT INTO heartbeat (id, at) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        params![now],
    )?;
    // The row just made (by this call) is no gap.
    let last: Option<i64> =
        first::<i64>(c.query_opt("SELECT at FROM heartbeat WHERE id = 1{lock_update}", &[])?)?
            .filter(|&at| at != now);
    c.exec(
        "INSERT INTO heartbeat (id, at) VALUES (1, $1) \
         ON CONFLICT (id) DO UPDATE SET at = {greatest}(heartbeat.at, excluded.at)",
        params![now],
    )?;
    let gap = logic::downtime(last, now, offline_after, extend);
    if let Some(g) = gap {
        c.exec(
            "UPDATE games SET deadline = deadline + $1, remind_at = remind_at + $1 \
             WHERE state = 'active' AND {not_paused} AND deadline IS NOT NULL",
            params![g],
        )?;
        c.exec(
            "UPDATE games SET paused_until = paused_until + $1 \
             WHERE state = 'active' AND {paused} AND paused_until IS NOT NULL",
            params![g],
        )?;
    }
    Ok(gap)
}

/// [`Clock::claim_reminder`] inside the caller's transaction.
pub(super) fn claim_reminder_in(
    c: &mut dyn Conn,
    game_id: GameId,
    now: i64,
    gap: i64,
) -> R<ReminderClaim> {
    // The game's row locked: of two processes claiming one
    // reminder, the second sees it claimed.
    let Some(r) = c.query_opt(
        "SELECT remind_at, last_reminder_at, deadline FROM games \
         WHERE id = $1 AND state = 'active' AND {not_paused}{lock}",
        params![game_id],
    )?
    else {
        return Ok(ReminderClaim::NotDue);
    };
    let claim = logic::reminder_claim(r.get(0)?, r.get(1)?, r.get(2)?, now, gap);
    match claim {
        ReminderClaim::NotDue => {}
        ReminderClaim::Deferred(next) => {
            c.exec(
                "UPDATE games SET remind_at = $2 WHERE id = $1",
                params![game_id, next],
            )?;
        }
        ReminderClaim::Send => {
            c.exec(
                "UPDATE games SET remind_at = NULL, last_reminder_at = $2, \
                 reminders_sent = reminders_sent + 1 WHERE id = $1",
                params![game_id, now],
            )?;
        }
    }
    Ok(claim)
}

/// [`Clock::claim_digest`] inside the caller's transaction.
pub(super) fn claim_digest_in(
    c: &mut dyn Conn,
    player: &UserId,
    key: &str,
    now: i64,
    gap: i64,
) -> R<bool> {
    if c.guards() {
        // The player's row is the lock: one digest per gap,
        // whichever process claims it first.
        ensure_player(c, player)?;
        c.guard(
            "SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE",
            params![player],
        )?;
    }
    let last: Option<String> = first(c.query_opt(
        "SELECT value FROM player_settings WHERE player_id = $1 AND key = $2",
        params![player, key],
    )?)?;
    if !logic::digest_due(last.as_deref(), now, gap) {
        return Ok(false);
    }
    c.exec(
        "INSERT INTO player_settings (player_id, key, value) VALUES ($1, $2, $3) \
         ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
        params![player, key, now.to_string()],
    )?;
    Ok(true)
}
