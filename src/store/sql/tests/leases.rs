//! Leases and heartbeats of the shared SQL, on SQLite (the PostgreSQL
//! half runs in tests/store_concurrency.rs on a throwaway server).

use super::{Backend, Claim, Leases, SqliteStore, StoreError};
use crate::domain::LeaseKind;

#[test]
fn a_claim_is_held_until_its_lease_ends_then_taken_over() {
    let s = SqliteStore::open_in_memory().unwrap();
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"a".into(), 100, 60)
            .unwrap(),
        Claim::Mine
    );
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"b".into(), 159, 60)
            .unwrap(),
        Claim::Held {
            owner: "a".into(),
            until: 160
        }
    );
    // The holder may extend its own lease.
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"a".into(), 150, 60)
            .unwrap(),
        Claim::Mine
    );
    assert!(matches!(
        s.claim(LeaseKind::Deadline, "7@100", &"b".into(), 209, 60)
            .unwrap(),
        Claim::Held { until: 210, .. }
    ));
    // The lease ended: b takes the item over, and a no longer holds it.
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"b".into(), 210, 60)
            .unwrap(),
        Claim::Mine
    );
    assert!(!s
        .finish_claim(LeaseKind::Deadline, "7@100", &"a".into(), 211)
        .unwrap());
    assert!(s
        .finish_claim(LeaseKind::Deadline, "7@100", &"b".into(), 211)
        .unwrap());
    // Done: nobody claims it again, not even after the lease.
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"a".into(), 999, 60)
            .unwrap(),
        Claim::Done
    );
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@100", &"b".into(), 999, 60)
            .unwrap(),
        Claim::Done
    );
    // Other items and kinds are separate.
    assert_eq!(
        s.claim(LeaseKind::Deadline, "7@200", &"a".into(), 999, 60)
            .unwrap(),
        Claim::Mine
    );
    assert_eq!(
        s.claim(LeaseKind::Reminder, "7@100", &"a".into(), 999, 60)
            .unwrap(),
        Claim::Mine
    );
}

#[test]
fn released_and_pruned_claims_can_be_taken_at_once() {
    let s = SqliteStore::open_in_memory().unwrap();
    s.claim(LeaseKind::BotTurn, "1@3", &"a".into(), 0, 600)
        .unwrap();
    s.claim(LeaseKind::BotTurn, "2@5", &"a".into(), 0, 600)
        .unwrap();
    s.claim(LeaseKind::BotTurn, "3@1", &"b".into(), 0, 600)
        .unwrap();
    s.finish_claim(LeaseKind::BotTurn, "2@5", &"a".into(), 1)
        .unwrap();
    // a stops: its unfinished claim ends now, the done one stays done.
    s.process_stopped(&"a".into()).unwrap();
    assert_eq!(
        s.claim_of(LeaseKind::BotTurn, "1@3").unwrap(),
        Some(("a".into(), 0, None))
    );
    assert_eq!(
        s.claim_of(LeaseKind::BotTurn, "2@5").unwrap(),
        Some(("a".into(), 600, Some(1)))
    );
    assert_eq!(
        s.claim(LeaseKind::BotTurn, "1@3", &"b".into(), 2, 600)
            .unwrap(),
        Claim::Mine
    );
    // The done item stays done until pruned.
    assert_eq!(
        s.claim(LeaseKind::BotTurn, "2@5", &"b".into(), 2, 600)
            .unwrap(),
        Claim::Done
    );
    // Ended by 601: the done one and b's; a's taken over by b runs on.
    assert_eq!(s.prune_claims(601).unwrap(), 2);
    assert_eq!(s.claim_of(LeaseKind::BotTurn, "2@5").unwrap(), None);
    assert!(s.claim_of(LeaseKind::BotTurn, "1@3").unwrap().is_some());
    assert_eq!(s.prune_claims(10_000).unwrap(), 1);
}

#[test]
fn a_dead_process_s_jobs_come_back_with_their_payload_once_the_lease_ends() {
    let s = SqliteStore::open_in_memory().unwrap();
    let job = |i: &str, who: &str, now: i64| {
        s.claim_job(
            LeaseKind::Analysis,
            i,
            &who.into(),
            now,
            60,
            "{\"token\":\"t\"}",
        )
    };
    assert_eq!(job("1", "a", 0).unwrap(), Claim::Mine);
    assert_eq!(job("2", "a", 10).unwrap(), Claim::Mine);
    assert_eq!(
        s.claim(LeaseKind::Analysis, "3", &"a".into(), 10, 60)
            .unwrap(),
        Claim::Mine
    );
    s.finish_claim(LeaseKind::Analysis, "2", &"a".into(), 20)
        .unwrap();
    assert!(s
        .orphan_jobs(LeaseKind::Analysis, 59, 10)
        .unwrap()
        .is_empty());
    // Job 1's lease ended; 2 is done; 3 carries nothing to take over.
    assert_eq!(
        s.orphan_jobs(LeaseKind::Analysis, 100, 10).unwrap(),
        [("1".to_string(), "{\"token\":\"t\"}".to_string())]
    );
    assert!(s
        .orphan_jobs(LeaseKind::Deadline, 100, 10)
        .unwrap()
        .is_empty());
    // Taken over (the payload stays), then no longer an orphan.
    assert_eq!(
        s.claim(LeaseKind::Analysis, "1", &"b".into(), 100, 60)
            .unwrap(),
        Claim::Mine
    );
    assert!(s
        .orphan_jobs(LeaseKind::Analysis, 100, 10)
        .unwrap()
        .is_empty());
    assert_eq!(
        s.orphan_jobs(LeaseKind::Analysis, 160, 10).unwrap().len(),
        1
    );
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
        s.sql_read(|c| {
            c.query(
                "SELECT id, started_at, beat_at FROM processes ORDER BY id",
                &[],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .collect()
        })
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
                .filter(|i| {
                    s.claim(LeaseKind::Deadline, i, &who.into(), 0, 60).unwrap() == Claim::Mine
                })
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
