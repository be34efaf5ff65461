//! Leases on timed work and the heartbeat per process, on SQLite (see
//! [`Leases`]). One process per file in practice ([`Leases::lock_for_bot`]),
//! but the same semantics, tested here with two handles on one file.

use super::*;

impl Leases for SqliteStore {
    /// Claims the item `kind`/`item` for `owner` until `now + lease`: the
    /// item is taken if nobody holds it, if its lease ended by `now` (the
    /// holder died or gave up), or if `owner` holds it already (the lease
    /// is extended). One statement, atomic across processes.
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
        self.query_list(
            "SELECT item, payload FROM leases WHERE kind = ?1 AND done_at IS NULL \
             AND until <= ?2 AND payload IS NOT NULL ORDER BY until, item LIMIT ?3",
            params![kind, now, limit],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    fn finish_claim(
        &self,
        kind: &str,
        item: &str,
        owner: &ProcessId,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "UPDATE leases SET done_at = ?4 \
                 WHERE kind = ?1 AND item = ?2 AND owner = ?3 AND done_at IS NULL",
            )?
            .execute(params![kind, item, owner, now])
            .map(|n| n == 1)
        })
    }

    /// Forgets every lease that ended before `before` (done or not): items
    /// that are still due are simply claimed again. Returns how many.
    fn prune_claims(&self, before: i64) -> Result<usize, StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("DELETE FROM leases WHERE until < ?1")?
                .execute([before])
        })
    }

    /// Who holds `kind`/`item`, until when, and whether it is done.
    fn claim_of(
        &self,
        kind: &str,
        item: &str,
    ) -> Result<Option<(ProcessId, i64, Option<i64>)>, StoreError> {
        self.conn()
            .prepare_cached(
                "SELECT owner, until, done_at FROM leases WHERE kind = ?1 AND item = ?2",
            )
            .and_then(|mut s| {
                s.query_row(params![kind, item], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .optional()
            })
            .map_err(|e| self.err(e))
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
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO processes (id, started_at, beat_at, shards) VALUES (?1, ?2, ?2, ?3) \
                 ON CONFLICT (id) DO UPDATE SET beat_at = MAX(beat_at, excluded.beat_at), \
                 shards = excluded.shards",
            )?
            .execute(params![id, now, shards])?;
            clock::beat_in(c, now, offline_after, extend)
        })
    }

    /// A process stopped cleanly: its row goes, and its unfinished claims
    /// end now (a job keeps its payload for whoever takes it over).
    fn process_stopped(&self, id: &ProcessId) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("UPDATE leases SET until = 0 WHERE owner = ?1 AND done_at IS NULL")?
                .execute([id])?;
            c.prepare_cached("DELETE FROM processes WHERE id = ?1")?
                .execute([id])?;
            Ok(())
        })
    }

    /// Forgets processes whose last beat is older than `before`.
    fn prune_processes(&self, before: i64) -> Result<usize, StoreError> {
        self.write_plain(|c| {
            c.prepare_cached("DELETE FROM processes WHERE beat_at < ?1")?
                .execute([before])
        })
    }

    fn lock_for_bot(&self) -> Result<BotLock, StoreError> {
        // The operating system's advisory lock on the file (`flock`),
        // released when the process ends however it ends. An in-memory
        // database is private: no lock.
        let label = &self.inner.label;
        if label == ":memory:" {
            return Ok(BotLock::none());
        }
        let f = std::fs::File::open(label).map_err(|e| StoreError::CannotOpen {
            path: label.clone(),
            detail: e.to_string(),
        })?;
        match f.try_lock() {
            Ok(()) => Ok(BotLock::file(f)),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse {
                path: label.clone(),
            }),
            Err(std::fs::TryLockError::Error(e)) => Err(StoreError::CannotOpen {
                path: label.clone(),
                detail: format!("could not lock the file for the bot: {e}"),
            }),
        }
    }
}

/// One claim inside a transaction (see [`Leases::claim`]).
fn claim_in(
    c: &Connection,
    kind: &str,
    item: &str,
    owner: &str,
    now: i64,
    lease: i64,
    payload: Option<&str>,
) -> rusqlite::Result<Claim> {
    let won: Option<String> = c
        .prepare_cached(
            "INSERT INTO leases (kind, item, owner, until, payload) \
                 VALUES (?1, ?2, ?3, ?4, ?6) \
                 ON CONFLICT (kind, item) DO UPDATE \
                 SET owner = excluded.owner, until = excluded.until, \
                 payload = COALESCE(excluded.payload, leases.payload) \
                 WHERE leases.done_at IS NULL \
                 AND (leases.until <= ?5 OR leases.owner = excluded.owner) \
                 RETURNING owner",
        )?
        .query_row(params![kind, item, owner, now + lease, now, payload], |r| {
            r.get(0)
        })
        .optional()?;
    if won.is_some() {
        return Ok(Claim::Mine);
    }
    let (holder, until, done): (ProcessId, i64, Option<i64>) = c
        .prepare_cached("SELECT owner, until, done_at FROM leases WHERE kind = ?1 AND item = ?2")?
        .query_row(params![kind, item], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
    Ok(logic::lost_claim(holder, until, done))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_is_held_until_its_lease_ends_then_taken_over() {
        let s = SqliteStore::open_in_memory().unwrap();
        assert_eq!(
            s.claim("deadline", "7@100", &"a".into(), 100, 60).unwrap(),
            Claim::Mine
        );
        assert_eq!(
            s.claim("deadline", "7@100", &"b".into(), 159, 60).unwrap(),
            Claim::Held {
                owner: "a".into(),
                until: 160
            }
        );
        // The holder may extend its own lease.
        assert_eq!(
            s.claim("deadline", "7@100", &"a".into(), 150, 60).unwrap(),
            Claim::Mine
        );
        assert!(matches!(
            s.claim("deadline", "7@100", &"b".into(), 209, 60).unwrap(),
            Claim::Held { until: 210, .. }
        ));
        // The lease ended: b takes the item over, and a no longer holds it.
        assert_eq!(
            s.claim("deadline", "7@100", &"b".into(), 210, 60).unwrap(),
            Claim::Mine
        );
        assert!(!s
            .finish_claim("deadline", "7@100", &"a".into(), 211)
            .unwrap());
        assert!(s
            .finish_claim("deadline", "7@100", &"b".into(), 211)
            .unwrap());
        // Done: nobody claims it again, not even after the lease.
        assert_eq!(
            s.claim("deadline", "7@100", &"a".into(), 999, 60).unwrap(),
            Claim::Done
        );
        assert_eq!(
            s.claim("deadline", "7@100", &"b".into(), 999, 60).unwrap(),
            Claim::Done
        );
        // Other items and kinds are separate.
        assert_eq!(
            s.claim("deadline", "7@200", &"a".into(), 999, 60).unwrap(),
            Claim::Mine
        );
        assert_eq!(
            s.claim("reminder", "7@100", &"a".into(), 999, 60).unwrap(),
            Claim::Mine
        );
    }

    #[test]
    fn released_and_pruned_claims_can_be_taken_at_once() {
        let s = SqliteStore::open_in_memory().unwrap();
        s.claim("bot_turn", "1@3", &"a".into(), 0, 600).unwrap();
        s.claim("bot_turn", "2@5", &"a".into(), 0, 600).unwrap();
        s.claim("bot_turn", "3@1", &"b".into(), 0, 600).unwrap();
        s.finish_claim("bot_turn", "2@5", &"a".into(), 1).unwrap();
        // a stops: its unfinished claim ends now, the done one stays done.
        s.process_stopped(&"a".into()).unwrap();
        assert_eq!(
            s.claim_of("bot_turn", "1@3").unwrap(),
            Some(("a".into(), 0, None))
        );
        assert_eq!(
            s.claim_of("bot_turn", "2@5").unwrap(),
            Some(("a".into(), 600, Some(1)))
        );
        assert_eq!(
            s.claim("bot_turn", "1@3", &"b".into(), 2, 600).unwrap(),
            Claim::Mine
        );
        // The done item stays done until pruned.
        assert_eq!(
            s.claim("bot_turn", "2@5", &"b".into(), 2, 600).unwrap(),
            Claim::Done
        );
        // Ended by 601: the done one and b's; a's taken over by b runs on.
        assert_eq!(s.prune_claims(601).unwrap(), 2);
        assert_eq!(s.claim_of("bot_turn", "2@5").unwrap(), None);
        assert!(s.claim_of("bot_turn", "1@3").unwrap().is_some());
        assert_eq!(s.prune_claims(10_000).unwrap(), 1);
    }

    #[test]
    fn a_dead_process_s_jobs_come_back_with_their_payload_once_the_lease_ends() {
        let s = SqliteStore::open_in_memory().unwrap();
        let job = |i: &str, who: &str, now: i64| {
            s.claim_job("analysis", i, &who.into(), now, 60, "{\"token\":\"t\"}")
        };
        assert_eq!(job("1", "a", 0).unwrap(), Claim::Mine);
        assert_eq!(job("2", "a", 10).unwrap(), Claim::Mine);
        assert_eq!(
            s.claim("analysis", "3", &"a".into(), 10, 60).unwrap(),
            Claim::Mine
        );
        s.finish_claim("analysis", "2", &"a".into(), 20).unwrap();
        assert!(s.orphan_jobs("analysis", 59, 10).unwrap().is_empty());
        // Job 1's lease ended; 2 is done; 3 carries nothing to take over.
        assert_eq!(
            s.orphan_jobs("analysis", 100, 10).unwrap(),
            [("1".to_string(), "{\"token\":\"t\"}".to_string())]
        );
        assert!(s.orphan_jobs("deadline", 100, 10).unwrap().is_empty());
        // Taken over (the payload stays), then no longer an orphan.
        assert_eq!(
            s.claim("analysis", "1", &"b".into(), 100, 60).unwrap(),
            Claim::Mine
        );
        assert!(s.orphan_jobs("analysis", 100, 10).unwrap().is_empty());
        assert_eq!(s.orphan_jobs("analysis", 160, 10).unwrap().len(), 1);
    }

    #[test]
    fn the_downtime_gap_counts_from_the_latest_beat_of_any_process() {
        let s = SqliteStore::open_in_memory().unwrap();
        let beat = |id: &str, at: i64| s.process_heartbeat(&id.into(), "x", at, 300, true).unwrap();
        assert_eq!(beat("a", 0), None);
        assert_eq!(beat("a", 250), None);
        // b's first beat comes 500 s after a's first, but a beat in between:
        // a process was running the clock, so that is no downtime.
        assert_eq!(beat("b", 500), None);
        assert_eq!(beat("a", 700), None);
        assert_eq!(beat("b", 900), None);
        // Nobody beat for 2000 s: downtime, made up for once.
        assert_eq!(beat("a", 2900), Some(2000));
        assert_eq!(beat("b", 3210), Some(310));
        assert_eq!(beat("a", 3300), None);
        // Each process's own row: when it started, its last beat.
        let rows = || -> Vec<(String, i64, i64)> {
            let c = s.conn();
            let mut q = c
                .prepare("SELECT id, started_at, beat_at FROM processes ORDER BY id")
                .unwrap();
            q.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        assert_eq!(
            rows(),
            [("a".to_string(), 0, 3300), ("b".to_string(), 500, 3210)]
        );
        s.process_stopped(&"b".into()).unwrap();
        assert_eq!(rows().len(), 1);
        assert_eq!(s.prune_processes(4000).unwrap(), 1);
    }

    #[test]
    fn two_handles_on_one_file_never_both_win_a_claim() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let a = SqliteStore::open(&path).unwrap();
        let b = SqliteStore::open(&path).unwrap();
        let items: Vec<String> = (0..200).map(|i| format!("{i}@0")).collect();
        let run = |s: SqliteStore, who: &'static str, items: Vec<String>| {
            std::thread::spawn(move || {
                items
                    .iter()
                    .filter(|i| s.claim("deadline", i, &who.into(), 0, 60).unwrap() == Claim::Mine)
                    .cloned()
                    .collect::<Vec<_>>()
            })
        };
        let ta = run(a, "a", items.clone());
        let tb = run(b, "b", items.iter().rev().cloned().collect());
        let (wa, wb) = (ta.join().unwrap(), tb.join().unwrap());
        assert_eq!(wa.len() + wb.len(), items.len());
        assert!(wa.iter().all(|i| !wb.contains(i)));
    }
}

#[cfg(test)]
mod lock_tests {
    use super::*;

    #[test]
    fn a_second_bot_on_one_sqlite_file_is_refused_until_the_first_stops() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let a = SqliteStore::open(&path).unwrap();
        let b = SqliteStore::open(&path).unwrap();
        let held = a.lock_for_bot().unwrap();
        let e = b.lock_for_bot().unwrap_err();
        assert!(matches!(e, StoreError::InUse { .. }), "{e:?}");
        let said = e.to_string();
        assert!(said.contains("already running"), "{said}");
        assert!(said.contains("PostgreSQL"), "{said}");
        assert!(said.contains("docs/scaling.md"), "{said}");
        drop(held);
        let _b = b.lock_for_bot().unwrap();
        assert!(a.lock_for_bot().is_err());
        // Memory stores are private: no lock to take.
        let m = SqliteStore::open_in_memory().unwrap();
        let _m1 = m.lock_for_bot().unwrap();
        let _m2 = m.lock_for_bot().unwrap();
    }
}
