//! The clock: reminder times, pauses, claims and the heartbeat.

use super::games::{append_move_in, check_turn};
use super::rows::*;
use super::*;
use crate::store::*;

fn id_times<I: for<'a> postgres::types::FromSql<'a>>(rows: Vec<postgres::Row>) -> R<Vec<(I, i64)>> {
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect()
}

/// Locks the game (see `check_turn`) and refuses a paused clock.
fn refuse_paused(c: &mut PgConn, game: GameId, expected: Option<u32>) -> R<u32> {
    let (count, paused) = check_turn(c, game, expected)?;
    if paused {
        return Err(E::App(AppendError::Paused));
    }
    Ok(count)
}

impl Clock for PostgresStore {
    fn set_remind_at(&self, game_id: GameId, at: Option<i64>) -> Result<(), StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "UPDATE games SET remind_at = $2 WHERE id = $1",
                &[&game_id, &at],
            )?;
            Ok(())
        })
    }

    fn players_with_setting(&self, key: &str, value: &str) -> Result<Vec<UserId>, StoreError> {
        self.read(|c| {
            Ok(rows(
                c,
                "SELECT player_id FROM player_settings WHERE key = $1 AND value = $2 \
                 ORDER BY player_id COLLATE \"C\"",
                &[&key, &value],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }

    fn remind_at(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.read(|c| {
            Ok(
                row(c, "SELECT remind_at FROM games WHERE id = $1", &[&game_id])?
                    .and_then(|r| r.get(0)),
            )
        })
    }

    fn append_move_clocked(
        &self,
        mv: &NewMove<'_>,
        remind_at: Option<i64>,
    ) -> Result<u32, AppendError> {
        self.write(|c| {
            // Locks the game; a missing or finished game is left for
            // append_move_in to name (duplicate before stale, as SQLite).
            let paused = row(
                c,
                "SELECT paused FROM games WHERE id = $1 FOR NO KEY UPDATE",
                &[&mv.game_id],
            )?
            .is_some_and(|r| r.get::<_, bool>(0));
            if paused {
                return Err(E::App(AppendError::Paused));
            }
            let n = append_move_in(c, mv)?;
            if mv.finished.is_none() {
                exec(
                    c,
                    "UPDATE games SET remind_at = $2 WHERE id = $1",
                    &[&mv.game_id, &remind_at],
                )?;
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
            let count = refuse_paused(c, game_id, Some(expected_count))?;
            let keep = count.saturating_sub(n);
            exec(
                c,
                "DELETE FROM moves WHERE game_id = $1 AND number >= $2",
                &[&game_id, &i64::from(keep)],
            )?;
            exec(c, "DELETE FROM offers WHERE game_id = $1", &[&game_id])?;
            exec(
                c,
                "UPDATE games SET move_count = $2, updated_at = $3, deadline = $4, \
                 remind_at = $5, reminders_sent = 0 WHERE id = $1",
                &[&game_id, &i64::from(keep), &at, &deadline, &remind_at],
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
        self.write(|c| {
            let count = refuse_paused(c, game_id, None)?;
            let n = exec(
                c,
                "INSERT INTO offers (game_id, kind, by_player, at, move_count, span) \
                 VALUES ($1, 'pause', $2, $3, $4, $5) ON CONFLICT (game_id, kind) DO NOTHING",
                &[&game_id, &by_player, &at, &i64::from(count), &span],
            )?;
            Ok(n == 1)
        })
    }

    fn pause_offer_span(&self, game_id: GameId) -> Result<Option<i64>, StoreError> {
        self.read(|c| {
            Ok(row(
                c,
                "SELECT span FROM offers WHERE game_id = $1 AND kind = 'pause'",
                &[&game_id],
            )?
            .and_then(|r| r.get(0)))
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
        self.write(|c| {
            refuse_paused(c, game_id, Some(expected_moves))?;
            let n = exec(
                c,
                "DELETE FROM offers WHERE game_id = $1 AND kind = 'pause' AND by_player = $2",
                &[&game_id, &offer_by],
            )?;
            if n == 0 {
                return Err(E::App(AppendError::NoOffer));
            }
            exec(
                c,
                "UPDATE games SET paused = TRUE, paused_left = $3, paused_until = $4, \
                 updated_at = $2 WHERE id = $1",
                &[&game_id, &at, &left, &until],
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
        self.write(|c| {
            let (_, paused) = check_turn(c, game_id, None)?;
            if !paused {
                return Err(E::App(AppendError::NotPaused));
            }
            if let Some(by) = offer_by {
                let n = exec(
                    c,
                    "DELETE FROM offers WHERE game_id = $1 AND kind = 'resume' \
                     AND by_player = $2",
                    &[&game_id, &by],
                )?;
                if n == 0 {
                    return Err(E::App(AppendError::NoOffer));
                }
            }
            let kept: Option<i64> = row(
                c,
                "SELECT paused_left FROM games WHERE id = $1",
                &[&game_id],
            )?
            .and_then(|r| r.get(0));
            let left = kept.or(legacy_left);
            let deadline = left.map(|l| at + l);
            let remind_at = match (deadline, left) {
                (Some(d), Some(l)) => remind(d, l),
                _ => None,
            };
            exec(
                c,
                "DELETE FROM offers WHERE game_id = $1 AND kind IN ('pause', 'resume')",
                &[&game_id],
            )?;
            exec(
                c,
                "UPDATE games SET paused = FALSE, paused_left = NULL, paused_until = NULL, \
                 deadline = $3, remind_at = $4, reminders_sent = 0, updated_at = $2 \
                 WHERE id = $1",
                &[&game_id, &at, &deadline, &remind_at],
            )?;
            Ok(left)
        })
    }

    fn pause_info(&self, game_id: GameId) -> Result<Option<(i64, Option<i64>)>, StoreError> {
        self.read(|c| {
            let r = row(
                c,
                "SELECT paused_until, paused_left FROM games WHERE id = $1 AND paused",
                &[&game_id],
            )?;
            Ok(r.and_then(|r| {
                r.get::<_, Option<i64>>(0)
                    .map(|u| (u, r.get::<_, Option<i64>>(1)))
            }))
        })
    }

    fn claim_reminder(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
    ) -> Result<ReminderClaim, StoreError> {
        self.write_plain(|c| {
            // The game's row locked: of two processes claiming one
            // reminder, the second sees it claimed.
            let r = row(
                c,
                "SELECT remind_at, last_reminder_at, deadline FROM games \
                 WHERE id = $1 AND state = 'active' AND NOT paused FOR NO KEY UPDATE",
                &[&game_id],
            )?;
            let Some(r) = r else {
                return Ok(ReminderClaim::NotDue);
            };
            let (at, last, deadline): (Option<i64>, Option<i64>, Option<i64>) =
                (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
            let claim = logic::reminder_claim(at, last, deadline, now, gap);
            match claim {
                ReminderClaim::NotDue => {}
                ReminderClaim::Deferred(next) => {
                    exec(
                        c,
                        "UPDATE games SET remind_at = $2 WHERE id = $1",
                        &[&game_id, &next],
                    )?;
                }
                ReminderClaim::Send => {
                    exec(
                        c,
                        "UPDATE games SET remind_at = NULL, last_reminder_at = $2, \
                         reminders_sent = reminders_sent + 1 WHERE id = $1",
                        &[&game_id, &now],
                    )?;
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
            ensure_player(c, player)?;
            // The player's row is the lock: one digest per gap, whichever
            // process claims it first.
            exec(
                c,
                "SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE",
                &[&player],
            )?;
            let last: Option<String> = row(
                c,
                "SELECT value FROM player_settings WHERE player_id = $1 AND key = $2",
                &[&player, &key],
            )?
            .map(|r| r.get(0));
            if !logic::digest_due(last.as_deref(), now, gap) {
                return Ok(false);
            }
            exec(
                c,
                "INSERT INTO player_settings (player_id, key, value) VALUES ($1, $2, $3) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                &[&player, &key, &now.to_string()],
            )?;
            Ok(true)
        })
    }

    fn due_after(
        &self,
        col: DueColumn,
        now: i64,
        after: Option<(i64, i64)>,
        limit: u32,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        let sql = match col {
            DueColumn::Deadline => {
                "SELECT id, deadline FROM games \
                 WHERE state = 'active' AND NOT paused AND deadline IS NOT NULL \
                 AND deadline <= $1 AND (deadline > $2 OR (deadline = $2 AND id > $3)) \
                 ORDER BY deadline, id LIMIT $4"
            }
            DueColumn::RemindAt => {
                "SELECT id, remind_at FROM games \
                 WHERE state = 'active' AND NOT paused AND remind_at IS NOT NULL \
                 AND remind_at <= $1 AND (remind_at > $2 OR (remind_at = $2 AND id > $3)) \
                 ORDER BY remind_at, id LIMIT $4"
            }
            DueColumn::PauseEnd => {
                "SELECT id, paused_until FROM games \
                 WHERE state = 'active' AND paused AND paused_until IS NOT NULL \
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
        };
        let (t, id) = after.unwrap_or((i64::MIN, i64::MIN));
        self.read(|c| id_times(rows(c, sql, &[&now, &t, &id, &i64::from(limit)])?))
    }
}

/// The shared heartbeat at `now`, inside a transaction (see
/// [`Leases::process_heartbeat`]): the heartbeat row is locked, so two processes
/// never measure the same gap and extend the clocks twice.
pub(crate) fn beat_in(
    c: &mut PgConn,
    now: i64,
    offline_after: i64,
    extend: bool,
) -> R<Option<i64>> {
    // The row (made once, then locked) serialises heartbeats.
    exec(
        c,
        "INSERT INTO heartbeat (id, at) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        &[&now],
    )?;
    let r = row(c, "SELECT at FROM heartbeat WHERE id = 1 FOR UPDATE", &[])?;
    let last: Option<i64> = r.map(|r| r.get(0)).filter(|&at: &i64| at != now);
    exec(
        c,
        "UPDATE heartbeat SET at = GREATEST(at, $1) WHERE id = 1",
        &[&now],
    )?;
    let gap = logic::downtime(last, now, offline_after, extend);
    if let Some(g) = gap {
        exec(
            c,
            "UPDATE games SET deadline = deadline + $1, remind_at = remind_at + $1 \
             WHERE state = 'active' AND NOT paused AND deadline IS NOT NULL",
            &[&g],
        )?;
        exec(
            c,
            "UPDATE games SET paused_until = paused_until + $1 \
             WHERE state = 'active' AND paused AND paused_until IS NOT NULL",
            &[&g],
        )?;
    }
    Ok(gap)
}
