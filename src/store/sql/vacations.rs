//! Vacations (see [`Vacations`]): the rows, and the games whose clocks
//! they stop and start, each change in one transaction with what it tells.

use super::outbox::enqueue_in;
use super::{
    ensure_player, params, Backend, ClockHold, ClockRelease, Conn, OutMessage, Row, StoreError,
    UserId, VacationPlan, VacationRow, Vacations, R,
};

/// The columns [`vacation`] reads, in its order.
macro_rules! columns {
    () => {
        "id, player_id, started_at, ends_at, days, closed"
    };
}

fn vacation(r: &Row) -> R<VacationRow> {
    Ok(VacationRow {
        id: r.get(0)?,
        player_id: r.get(1)?,
        started_at: r.get(2)?,
        ends_at: r.get(3)?,
        days: r.get(4)?,
        closed: r.get(5)?,
    })
}

/// Stops one game's clock (see [`Vacations::hold_clock`]) inside the
/// caller's transaction.
fn hold_in(c: &mut dyn Conn, h: &ClockHold) -> R<bool> {
    let n = c.exec(
        "UPDATE games SET vacation_left = $3, deadline = NULL, remind_at = NULL \
         WHERE id = $1 AND move_count = $2 AND state = 'active' AND {not_paused} \
         AND deadline IS NOT NULL",
        params![h.game, h.moves, h.left],
    )?;
    Ok(n == 1)
}

/// [`Vacations::vacations_of`] on `c`.
fn vacations_in(c: &mut dyn Conn, player: &UserId, since: i64) -> R<Vec<VacationRow>> {
    c.query(
        concat!(
            "SELECT ",
            columns!(),
            " FROM vacations WHERE player_id = $1 AND ends_at > $2 ORDER BY started_at, id"
        ),
        params![player, since],
    )?
    .iter()
    .map(vacation)
    .collect()
}

impl<B: Backend> Vacations for B {
    fn vacations_of(&self, player: &UserId, since: i64) -> Result<Vec<VacationRow>, StoreError> {
        self.sql_read(|c| vacations_in(c, player, since))
    }

    fn start_vacation(
        &self,
        plan: &VacationPlan,
        holds: &[ClockHold],
        out: &[OutMessage],
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let (player, started_at, ends_at, days) =
            (&plan.player, plan.started_at, plan.ends_at, plan.days);
        self.sql_write_plain(|c| {
            // The player's row, locked: two grants for one player take
            // turns (SQLite's writer holds the whole database already), and
            // the second reads what the first wrote.
            ensure_player(c, player)?;
            c.query_opt(
                "SELECT id FROM players WHERE id = $1{lock_update}",
                params![player],
            )?;
            if vacations_in(c, player, plan.seen_since)? != plan.seen {
                return Ok(None);
            }
            let id = match plan.extend {
                Some(id) => {
                    c.exec(
                        "UPDATE vacations SET ends_at = $2, days = $3 WHERE id = $1",
                        params![id, ends_at, days],
                    )?;
                    id
                }
                None => {
                    let r = c.query_opt(
                        "INSERT INTO vacations (player_id, started_at, ends_at, days, closed) \
                         VALUES ($1, $2, $3, $4, $5) RETURNING id",
                        params![player, started_at, ends_at, days, false],
                    )?;
                    match r {
                        Some(r) => r.get(0)?,
                        None => 0,
                    }
                }
            };
            // The player's setting, read with their other choices.
            c.exec(
                "INSERT INTO player_settings (player_id, key, value) VALUES ($1, 'vacation', $2) \
                 ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                params![player, ends_at.to_string()],
            )?;
            for h in holds {
                hold_in(c, h)?;
            }
            enqueue_in(c, out, now)?;
            Ok(Some(id))
        })
    }

    fn end_vacation(
        &self,
        id: i64,
        ends_at: i64,
        days: i64,
        releases: &[ClockRelease],
        out: &[OutMessage],
        now: i64,
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            let n = c.exec(
                "UPDATE vacations SET ends_at = $2, days = $3, closed = $4 \
                 WHERE id = $1 AND closed = $5",
                params![id, ends_at, days, true, false],
            )?;
            if n == 0 {
                return Ok(false);
            }
            c.exec(
                "UPDATE player_settings SET value = $2 WHERE key = 'vacation' \
                 AND player_id = (SELECT player_id FROM vacations WHERE id = $1)",
                params![id, ends_at.to_string()],
            )?;
            for r in releases {
                c.exec(
                    "UPDATE games SET deadline = $2, remind_at = $3, vacation_left = NULL, \
                     reminders_sent = 0, updated_at = $4 \
                     WHERE id = $1 AND state = 'active' AND vacation_left IS NOT NULL",
                    params![r.game, r.deadline, r.remind_at, now],
                )?;
            }
            enqueue_in(c, out, now)?;
            Ok(true)
        })
    }

    fn hold_clock(&self, hold: &ClockHold) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| hold_in(c, hold))
    }

    fn vacations_due(&self, now: i64, limit: u32) -> Result<Vec<(i64, i64)>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT id, ends_at FROM vacations WHERE closed = $1 AND ends_at <= $2 \
                 ORDER BY ends_at, id LIMIT $3",
                params![false, now, limit],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
        })
    }

    fn get_vacation(&self, id: i64) -> Result<Option<VacationRow>, StoreError> {
        self.sql_read(|c| {
            match c.query_opt(
                concat!("SELECT ", columns!(), " FROM vacations WHERE id = $1"),
                params![id],
            )? {
                Some(r) => Ok(Some(vacation(&r)?)),
                None => Ok(None),
            }
        })
    }
}
