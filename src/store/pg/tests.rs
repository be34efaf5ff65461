//! The PostgreSQL store's own tests: the migration runner and the pool.
//! Skipped (with one line saying so) where PostgreSQL is not installed.

use super::migrate::{migrate, migrate_with, PgMigration, PG_LATEST, PG_MIGRATIONS};
use super::throwaway;
use super::{PgOptions, PostgresStore};
use crate::store::StoreError;

fn client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}

fn versions(url: &str) -> Vec<i64> {
    client(url)
        .query("SELECT version FROM tawlbot_schema ORDER BY version", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

const STEPS: &[PgMigration] = &[
    PgMigration {
        version: 1,
        sql: "CREATE TABLE a (x BIGINT);",
    },
    PgMigration {
        version: 2,
        sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z BIGINT);",
    },
    PgMigration {
        version: 3,
        sql: "INSERT INTO b VALUES (3);",
    },
];

#[test]
fn steps_apply_in_order_from_any_version() {
    let Some(db) = throwaway::database() else {
        return;
    };
    let mut c = client(&db.url);
    assert_eq!(migrate_with(&mut c, "t", &STEPS[..1]).unwrap(), vec![1]);
    assert_eq!(versions(&db.url), vec![1]);
    assert_eq!(migrate_with(&mut c, "t", STEPS).unwrap(), vec![2, 3]);
    assert_eq!(versions(&db.url), vec![1, 2, 3]);
    assert!(migrate_with(&mut c, "t", STEPS).unwrap().is_empty());
    let z: i64 = c.query_one("SELECT z FROM b", &[]).unwrap().get(0);
    assert_eq!(z, 3);
}

#[test]
fn failing_step_rolls_back_every_step() {
    let Some(db) = throwaway::database() else {
        return;
    };
    let bad = [
        PgMigration {
            version: 1,
            sql: STEPS[0].sql,
        },
        PgMigration {
            version: 2,
            sql: "CREATE TABLE c (q BIGINT); THIS IS NOT SQL;",
        },
    ];
    let mut c = client(&db.url);
    let e = migrate_with(&mut c, "pg", &bad).unwrap_err();
    assert!(
        matches!(e, StoreError::Migration { version: 2, .. }),
        "{e:?}"
    );
    let tables: i64 = c
        .query_one(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(tables, 0, "nothing of the failed upgrade is kept");
}

#[test]
fn newer_schema_and_foreign_databases_are_refused() {
    let Some(db) = throwaway::database() else {
        return;
    };
    let mut c = client(&db.url);
    migrate_with(&mut c, "pg", STEPS).unwrap();
    let e = migrate_with(&mut c, "pg", &STEPS[..2]).unwrap_err();
    assert_eq!(
        e,
        StoreError::NewerSchema {
            path: "pg".into(),
            found: 3,
            known: 2
        }
    );
    let Some(other) = throwaway::database() else {
        return;
    };
    let mut c = client(&other.url);
    c.batch_execute("CREATE TABLE invoices (n BIGINT)").unwrap();
    let e = migrate(&mut c, "pg").unwrap_err();
    assert_eq!(e, StoreError::ForeignDatabase { path: "pg".into() });
    let tables: i64 = c
        .query_one(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(tables, 1, "another program's database is left untouched");
}

/// Two processes starting at once migrate once: both open the same empty
/// database from two threads released together; one applies every step,
/// the other waits on the advisory lock and finds nothing left to do.
#[test]
fn two_processes_starting_at_once_migrate_once() {
    let Some(db) = throwaway::database() else {
        return;
    };
    for _round in 0..3 {
        let fresh = throwaway::server().unwrap().database();
        let barrier = std::sync::Barrier::new(2);
        let results: Vec<Vec<i64>> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut c = client(&fresh.url);
                        barrier.wait();
                        migrate(&mut c, "pg").unwrap()
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let all: Vec<i64> = PG_MIGRATIONS.iter().map(|m| m.version).collect();
        let mut sorted = results.clone();
        sorted.sort();
        assert_eq!(sorted, vec![vec![], all.clone()], "{results:?}");
        assert_eq!(versions(&fresh.url), all);
    }
    // And a store opened on a current database applies nothing.
    let s = PostgresStore::open(&db.url).unwrap();
    assert_eq!(s.schema_version().unwrap(), PG_LATEST);
    let mut c = client(&db.url);
    assert!(migrate(&mut c, "pg").unwrap().is_empty());
}

#[test]
fn a_pool_never_opens_more_than_its_size() {
    let Some(db) = throwaway::database() else {
        return;
    };
    let s = PostgresStore::open_with(
        &db.url,
        &PgOptions {
            max_connections: 2,
            busy_timeout: std::time::Duration::from_millis(200),
        },
    )
    .unwrap();
    let a = s.conn().unwrap();
    let b = s.conn().unwrap();
    // Both taken: the third checkout waits out the busy timeout.
    assert!(matches!(s.conn().err(), Some(StoreError::Busy { .. })));
    drop(a);
    let c = s.conn().unwrap();
    drop((b, c));
    let n: i64 = client(&db.url)
        .query_one(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'tawlbot'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(n, 2);
}

#[test]
fn an_unreachable_server_is_a_sentence_not_a_panic() {
    // A closed loopback port: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("postgres://bot:hunter2@127.0.0.1:{port}/tawl");
    let e = PostgresStore::open(&url).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, StoreError::CannotOpen { .. }), "{e:?}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("127.0.0.1"), "{text}");
}
