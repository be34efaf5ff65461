//! The outbox (see [`Outbox`]): messages written with the changes that
//! produce them, claimed, sent and deleted by any live process.

use super::challenges::set_challenge_state_in;
use super::clock::{claim_digest_in, claim_reminder_in};
use super::games::end_game;
use super::{
    params, AppendError, Backend, ChallengeId, ChallengeState, Conn, EndReason, GameId, GameResult,
    GameState, OutMessage, Outbox, OutboxRow, ProcessId, ReminderClaim, Row, StoreError, UserId, R,
};

/// Puts `out` in the outbox inside the caller's transaction, due at `now`,
/// in order (ids rise with each row).
pub(super) fn enqueue_in(c: &mut dyn Conn, out: &[OutMessage], now: i64) -> R<()> {
    for m in out {
        c.exec(
            "INSERT INTO outbox (target, body, created_at, due_at) VALUES ($1, $2, $3, $3)",
            params![m.target.as_str(), m.body.as_str(), now],
        )?;
    }
    Ok(())
}

/// A row of `id, target, body, created_at, attempts`.
fn row(r: &Row) -> R<OutboxRow> {
    Ok(OutboxRow {
        id: r.get(0)?,
        target: r.get(1)?,
        body: r.get(2)?,
        created_at: r.get(3)?,
        attempts: u32::try_from(r.get::<i64>(4)?).unwrap_or(u32::MAX),
    })
}

impl<B: Backend> Outbox for B {
    fn finish_game_with(
        &self,
        id: GameId,
        expected_moves: Option<u32>,
        result: GameResult,
        reason: EndReason,
        at: i64,
        out: &[OutMessage],
    ) -> Result<(), AppendError> {
        end_game(
            self,
            id,
            expected_moves,
            GameState::Finished,
            Some(result),
            reason,
            at,
            out,
        )
    }

    fn abort_game_with(
        &self,
        id: GameId,
        reason: EndReason,
        at: i64,
        out: &[OutMessage],
    ) -> Result<(), AppendError> {
        end_game(self, id, None, GameState::Aborted, None, reason, at, out)
    }

    fn claim_reminder_with(
        &self,
        game_id: GameId,
        now: i64,
        gap: i64,
        out: &[OutMessage],
    ) -> Result<ReminderClaim, StoreError> {
        self.sql_write_plain(|c| {
            let claim = claim_reminder_in(c, game_id, now, gap)?;
            if claim == ReminderClaim::Send {
                enqueue_in(c, out, now)?;
            }
            Ok(claim)
        })
    }

    fn claim_digest_with(
        &self,
        player: &UserId,
        key: &str,
        now: i64,
        gap: i64,
        out: &[OutMessage],
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            let due = claim_digest_in(c, player, key, now, gap)?;
            if due {
                enqueue_in(c, out, now)?;
            }
            Ok(due)
        })
    }

    fn set_challenge_state_with(
        &self,
        id: ChallengeId,
        from: ChallengeState,
        to: ChallengeState,
        at: i64,
        out: &[OutMessage],
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            let changed = set_challenge_state_in(c, id, from, to, at)?;
            if changed {
                enqueue_in(c, out, at)?;
            }
            Ok(changed)
        })
    }

    fn enqueue(&self, out: &[OutMessage], now: i64) -> Result<(), StoreError> {
        if out.is_empty() {
            return Ok(());
        }
        self.sql_write_plain(|c| enqueue_in(c, out, now))
    }

    /// One `UPDATE .. RETURNING`: the lease is checked again on the row
    /// itself (`lease_until <= $3` outside the subquery), so that on
    /// PostgreSQL, of two processes claiming at once, the one that waited
    /// for the other's row lock re-reads the row and skips it.
    fn claim_outbox(
        &self,
        owner: &ProcessId,
        now: i64,
        lease: i64,
        limit: u32,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        self.sql_write_plain(|c| {
            let mut rows = c
                .query(
                    "UPDATE outbox SET lease_owner = $1, lease_until = $2 \
                     WHERE lease_until <= $3 AND id IN (\
                     SELECT o.id FROM outbox o \
                     WHERE o.due_at <= $3 AND o.lease_until <= $3 \
                     AND o.id = (SELECT min(h.id) FROM outbox h WHERE h.target = o.target) \
                     ORDER BY o.id LIMIT $4) \
                     RETURNING id, target, body, created_at, attempts",
                    params![owner, now + lease, now, limit],
                )?
                .iter()
                .map(row)
                .collect::<R<Vec<_>>>()?;
            rows.sort_by_key(|r| r.id);
            Ok(rows)
        })
    }

    fn outbox_peek(&self, limit: u32) -> Result<Vec<OutboxRow>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT id, target, body, created_at, attempts FROM outbox ORDER BY id LIMIT $1",
                params![limit],
            )?
            .iter()
            .map(row)
            .collect()
        })
    }

    fn outbox_done(&self, id: i64) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| Ok(c.exec("DELETE FROM outbox WHERE id = $1", params![id])? == 1))
    }

    fn outbox_retry(&self, id: i64, owner: &ProcessId, due_at: i64) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "UPDATE outbox SET attempts = attempts + 1, due_at = $2, \
                 lease_owner = NULL, lease_until = 0 WHERE id = $1 AND lease_owner = $3",
                params![id, due_at, owner],
            )?;
            Ok(())
        })
    }

    fn outbox_release(&self, owner: &ProcessId) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "UPDATE outbox SET lease_owner = NULL, lease_until = 0 WHERE lease_owner = $1",
                params![owner],
            )?;
            Ok(())
        })
    }

    fn prune_outbox(&self, before: i64) -> Result<usize, StoreError> {
        self.sql_write_plain(|c| {
            c.exec("DELETE FROM outbox WHERE created_at < $1", params![before])
        })
    }

    fn outbox_len(&self) -> Result<u64, StoreError> {
        self.sql_read(|c| {
            let r = c.query_opt("SELECT count(*) FROM outbox", params![])?;
            Ok(r.map(|r| r.get::<i64>(0)).transpose()?.unwrap_or(0).max(0) as u64)
        })
    }
}
