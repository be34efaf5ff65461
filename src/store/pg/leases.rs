//! Leases on timed work and the heartbeat per process, on PostgreSQL (see
//! [`Leases`]): any number of bot processes share one database.

use super::clock::beat_in;
use super::rows::*;
use super::*;
use crate::store::*;

impl Leases for PostgresStore {
    /// One `INSERT .. ON CONFLICT DO UPDATE .. WHERE`: PostgreSQL locks the
    /// conflicting row, so of two processes claiming one item at once
    /// exactly one gets it.
    fn claim(
        &self,
        kind: &str,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
    ) -> Result<Claim, StoreError> {
        self.write_plain(|c| claim_in(c, kind, item, owner, now, lease, None))
    }

    fn claim_job(
        &self,
        kind: &str,
        item: &str,
        owner: &ProcessId,
        now: i64,
        lease: i64,
        payload: &str,
    ) -> Result<Claim, StoreError> {
        self.write_plain(|c| claim_in(c, kind, item, owner, now, lease, Some(payload)))
    }

    fn orphan_jobs(
        &self,
        kind: &str,
        now: i64,
        limit: u32,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.read(|c| {
            rows(
                c,
                "SELECT item, payload FROM leases WHERE kind = $1 AND done_at IS NULL \
                 AND until <= $2 AND payload IS NOT NULL ORDER BY until, item LIMIT $3",
                &[&kind, &now, &i64::from(limit)],
            )?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
        })
    }

    fn finish_claim(
        &self,
        kind: &str,
        item: &str,
        owner: &ProcessId,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            Ok(exec(
                c,
                "UPDATE leases SET done_at = $4 \
                 WHERE kind = $1 AND item = $2 AND owner = $3 AND done_at IS NULL",
                &[&kind, &item, &owner, &now],
            )? == 1)
        })
    }

    fn prune_claims(&self, before: i64) -> Result<usize, StoreError> {
        self.write_plain(|c| {
            Ok(exec(c, "DELETE FROM leases WHERE until < $1", &[&before])? as usize)
        })
    }

    fn claim_of(
        &self,
        kind: &str,
        item: &str,
    ) -> Result<Option<(ProcessId, i64, Option<i64>)>, StoreError> {
        self.read(|c| {
            row(
                c,
                "SELECT owner, until, done_at FROM leases WHERE kind = $1 AND item = $2",
                &[&kind, &item],
            )?
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .transpose()
        })
    }

    /// The process's row and the shared heartbeat in one transaction; the
    /// heartbeat row is locked (`FOR UPDATE`), so two processes never
    /// extend the clocks twice for one gap.
    fn process_heartbeat(
        &self,
        id: &ProcessId,
        shards: &str,
        now: i64,
        offline_after: i64,
        extend: bool,
    ) -> Result<Option<i64>, StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "INSERT INTO processes (id, started_at, beat_at, shards) VALUES ($1, $2, $2, $3) \
                 ON CONFLICT (id) DO UPDATE \
                 SET beat_at = GREATEST(processes.beat_at, excluded.beat_at), \
                 shards = excluded.shards",
                &[&id, &now, &shards],
            )?;
            beat_in(c, now, offline_after, extend)
        })
    }

    fn process_stopped(&self, id: &ProcessId) -> Result<(), StoreError> {
        self.write_plain(|c| {
            exec(
                c,
                "UPDATE leases SET until = 0 WHERE owner = $1 AND done_at IS NULL",
                &[&id],
            )?;
            exec(c, "DELETE FROM processes WHERE id = $1", &[&id])?;
            Ok(())
        })
    }

    fn prune_processes(&self, before: i64) -> Result<usize, StoreError> {
        self.write_plain(|c| {
            Ok(exec(c, "DELETE FROM processes WHERE beat_at < $1", &[&before])? as usize)
        })
    }

    /// A database server is shared by design: no lock.
    fn lock_for_bot(&self) -> Result<BotLock, StoreError> {
        Ok(BotLock::none())
    }
}

/// One claim inside a transaction (see [`Leases::claim`]).
fn claim_in(
    c: &mut PgConn,
    kind: &str,
    item: &str,
    owner: &str,
    now: i64,
    lease: i64,
    payload: Option<&str>,
) -> R<Claim> {
    let won = row(
        c,
        "INSERT INTO leases (kind, item, owner, until, payload) VALUES ($1, $2, $3, $4, $6) \
         ON CONFLICT (kind, item) DO UPDATE \
         SET owner = excluded.owner, until = excluded.until, \
         payload = COALESCE(excluded.payload, leases.payload) \
         WHERE leases.done_at IS NULL \
         AND (leases.until <= $5 OR leases.owner = excluded.owner) \
         RETURNING owner",
        &[&kind, &item, &owner, &(now + lease), &now, &payload],
    )?;
    if won.is_some() {
        return Ok(Claim::Mine);
    }
    // The conflicting row was locked by the statement above: it is there.
    let r = row(
        c,
        "SELECT owner, until, done_at FROM leases WHERE kind = $1 AND item = $2",
        &[&kind, &item],
    )?
    .ok_or_else(|| {
        E::Store(StoreError::BadData {
            detail: format!("the lease {kind}/{item} vanished while it was claimed"),
        })
    })?;
    Ok(logic::lost_claim(
        r.try_get(0)?,
        r.try_get(1)?,
        r.try_get(2)?,
    ))
}
