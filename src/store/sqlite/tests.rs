//! Unit tests of the migration runner with made-up migration lists.

use super::migrate::{migrate_with, Migration, APPLICATION_ID};
use super::StoreError;
use rusqlite::Connection;

const STEPS: &[Migration] = &[
    Migration {
        version: 1,
        sql: "CREATE TABLE a (x INTEGER);",
    },
    Migration {
        version: 2,
        sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z INTEGER);",
    },
    Migration {
        version: 3,
        sql: "INSERT INTO b VALUES (3);",
    },
];

fn version(c: &Connection) -> i64 {
    c.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

#[test]
fn steps_apply_in_order_from_any_version() {
    let mut c = Connection::open_in_memory().unwrap();
    assert_eq!(migrate_with(&mut c, "t", &STEPS[..1]).unwrap(), vec![1]);
    assert_eq!(version(&c), 1);
    assert_eq!(migrate_with(&mut c, "t", STEPS).unwrap(), vec![2, 3]);
    assert_eq!(version(&c), 3);
    let app: i64 = c
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app, APPLICATION_ID);
    assert!(migrate_with(&mut c, "t", STEPS).unwrap().is_empty());
    let z: i64 = c.query_row("SELECT z FROM b", [], |r| r.get(0)).unwrap();
    assert_eq!(z, 3);
}

#[test]
fn failing_step_rolls_back_every_step() {
    let bad: &[Migration] = &[
        STEPS[0].clone_static(),
        Migration {
            version: 2,
            sql: "CREATE TABLE c (q INTEGER); THIS IS NOT SQL;",
        },
    ];
    let mut c = Connection::open_in_memory().unwrap();
    let e = migrate_with(&mut c, "t.db", bad).unwrap_err();
    assert!(
        matches!(e, StoreError::Migration { version: 2, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("left as it was"), "{e}");
    assert_eq!(version(&c), 0);
    let tables: i64 = c
        .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
        .unwrap();
    assert_eq!(tables, 0, "nothing of the failed upgrade is kept");
}

#[test]
fn newer_schema_refused() {
    let mut c = Connection::open_in_memory().unwrap();
    migrate_with(&mut c, "t.db", STEPS).unwrap();
    let e = migrate_with(&mut c, "t.db", &STEPS[..2]).unwrap_err();
    assert_eq!(
        e,
        StoreError::NewerSchema {
            path: "t.db".into(),
            found: 3,
            known: 2
        }
    );
}

impl Migration {
    const fn clone_static(&self) -> Migration {
        Migration {
            version: self.version,
            sql: self.sql,
        }
    }
}

/// Whether the readers' statement is compiled again when its ids change
/// (see REPREPARE_NOTE in players.rs).
#[test]
fn readers_statement_is_not_prepared_again() {
    use crate::store::prelude::*;
    let s = crate::store::SqliteStore::open_in_memory().unwrap();
    for p in ["a", "b", "c"] {
        s.upsert_player(&p.into(), p).unwrap();
        s.set_player_setting(&p.into(), "theme", "dark").unwrap();
    }
    for (i, p) in ["a", "b", "c", "a"].iter().enumerate() {
        let server: crate::domain::ServerId = format!("s{i}").as_str().into();
        s.readers([&(*p).into(), &"b".into()], Some(&server))
            .unwrap();
    }
    let c = s.conn();
    let st = c.prepare_cached(crate::store::logic::READERS_SQL).unwrap();
    let n = st.get_status(rusqlite::StatementStatus::RePrepare);
    assert_eq!(n, 0, "prepared again {n} times");
}

/// A tawlbot file whose schema version was reset to 0 is called damaged
/// (its version lost), not "upgrading to schema 1 failed".
#[test]
fn a_lost_schema_version_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v0.db");
    drop(super::SqliteStore::open(&path).unwrap());
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 0)
        .unwrap();
    let Err(e) = super::SqliteStore::open(&path) else {
        panic!("a lost schema version was accepted");
    };
    assert!(matches!(e, StoreError::Corrupt { .. }), "{e:?}");
    assert!(e.to_string().contains("schema version"), "{e}");
}
