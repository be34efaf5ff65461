//! Leases on timed work and the heartbeat per process (see [`Leases`]):
//! any number of bot processes share one PostgreSQL database; SQLite runs
//! one bot per file in practice ([`Leases::lock_for_bot`]), with the same
//! semantics.

use super::clock::beat_in;
use super::{logic, params, Backend, BotLock, Claim, Conn, Leases, ProcessId, StoreError, E, R};
use crate::domain::LeaseKind;

impl<B: Backend> Leases for B {
    /// Claims the item `kind`/`item` for `owner` until `now + lease`: the
    /// item is taken if nobody holds it, if its lease ended by `now` (the
    /// holder died or gave up), or if `owner` holds it already (the lease
    /// is extended). One `INSERT .. ON CONFLICT DO UPDATE .. WHERE`, atomic
    /// across processes: of two claiming one item at once exactly one gets
    /// it.
    fn claim(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
    ) -> Result<Claim, StoreError> {
        self.sql_write_plain(|c| claim_in(c, kind, item, owner, now, lease, None))
    }

    fn claim_job(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
        payload: &str,
    ) -> Result<Claim, StoreError> {
        self.sql_write_plain(|c| claim_in(c, kind, item, owner, now, lease, Some(payload)))
    }

    fn orphan_jobs(
        &self,
        kind: LeaseKind,
        now: i64,
        limit: u32,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.sql_read(|c| {
            c.query(
                "SELECT item, payload FROM leases WHERE kind = $1 AND done_at IS NULL \
                 AND until <= $2 AND payload IS NOT NULL ORDER BY until, item LIMIT $3",
                params![kind, now, limit],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
        })
    }

    fn finish_claim(
        &self,
        kind: LeaseKind,
        item: &str,
        owner: &ProcessId,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            Ok(c.exec(
                "UPDATE leases SET done_at = $4 \
                 WHERE kind = $1 AND item = $2 AND owner = $3 AND done_at IS NULL",
                params![kind, item, owner, now],
            )? == 1)
        })
    }

    /// Forgets every lease that ended before `before` (done or not): items
    /// that are still due are simply claimed again. Returns how many.
    fn prune_claims(&self, before: i64) -> Result<usize, StoreError> {
        self.sql_write_plain(|c| c.exec("DELETE FROM leases WHERE until < $1", params![before]))
    }

    /// Who holds `kind`/`item`, until when, and whether it is done.
    fn claim_of(
        &self,
        kind: LeaseKind,
        item: &str,
    ) -> Result<Option<(ProcessId, i64, Option<i64>)>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                "SELECT owner, until, done_at FROM leases WHERE kind = $1 AND item = $2",
                params![kind, item],
            )?
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .transpose()
        })
    }

    /// Records that process `id` (running `shards`) is alive at `now`, and
    /// the shared heartbeat with it, in one transaction: see
    /// [`Store::heartbeat`]. The downtime gap is measured from the latest
    /// beat of any process, so time counts as downtime only when no
    /// process was running the clock.
    fn process_heartbeat(
        &self,
        id: &ProcessId,
        shards: &str,
        now: i64,
        offline_after: i64,
        extend: bool,
    ) -> Result<Option<i64>, StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "INSERT INTO processes (id, started_at, beat_at, shards) VALUES ($1, $2, $2, $3) \
                 ON CONFLICT (id) DO UPDATE \
                 SET beat_at = {greatest}(processes.beat_at, excluded.beat_at), \
                 shards = excluded.shards",
                params![id, now, shards],
            )?;
            beat_in(c, now, offline_after, extend)
        })
    }

    /// A process stopped cleanly: its row goes, and its unfinished claims
    /// end now (a job keeps its payload for whoever takes it over).
    fn process_stopped(&self, id: &ProcessId) -> Result<(), StoreError> {
        self.sql_write_plain(|c| {
            c.exec(
                "UPDATE leases SET until = 0 WHERE owner = $1 AND done_at IS NULL",
                params![id],
            )?;
            c.exec("DELETE FROM processes WHERE id = $1", params![id])?;
            Ok(())
        })
    }

    /// Forgets processes whose last beat is older than `before`.
    fn prune_processes(&self, before: i64) -> Result<usize, StoreError> {
        self.sql_write_plain(|c| {
            c.exec("DELETE FROM processes WHERE beat_at < $1", params![before])
        })
    }

    fn lock_for_bot(&self) -> Result<BotLock, StoreError> {
        self.bot_lock()
    }
}

/// One claim inside a transaction (see [`Leases::claim`]).
fn claim_in(
    c: &mut dyn Conn,
    kind: LeaseKind,
    item: &str,
    owner: &str,
    now: i64,
    lease: i64,
    payload: Option<&str>,
) -> R<Claim> {
    let won = c.query_opt(
        "INSERT INTO leases (kind, item, owner, until, payload) VALUES ($1, $2, $3, $4, $6) \
         ON CONFLICT (kind, item) DO UPDATE \
         SET owner = excluded.owner, until = excluded.until, \
         payload = COALESCE(excluded.payload, leases.payload) \
         WHERE leases.done_at IS NULL \
         AND (leases.until <= $5 OR leases.owner = excluded.owner) \
         RETURNING owner",
        params![kind, item, owner, now + lease, now, payload],
    )?;
    if won.is_some() {
        return Ok(Claim::Mine);
    }
    // The conflicting row was locked by the statement above: it is there.
    let r = c
        .query_opt(
            "SELECT owner, until, done_at FROM leases WHERE kind = $1 AND item = $2",
            params![kind, item],
        )?
        .ok_or_else(|| {
            E::Store(StoreError::BadData {
                detail: format!("the lease {kind}/{item} vanished while it was claimed"),
            })
        })?;
    Ok(logic::lost_claim(r.get(0)?, r.get(1)?, r.get(2)?))
}
