//! PostgreSQL schema migrations: the numbered SQL files in
//! `migrations/postgres/` (numbered like the SQLite ones), embedded at
//! compile time and applied in order at start-up.
//!
//! The applied versions are rows of `tawlbot_schema`. All pending steps run
//! in one transaction that first takes a transaction-level advisory lock,
//! so of two processes starting at once one migrates and the other waits,
//! then finds nothing left to do. DDL in PostgreSQL is transactional: a
//! failing step leaves the database as it was.

use postgres::{Client, GenericClient};

use super::super::StoreError;
use super::error::classify;

/// The advisory lock key of tawlbot's migrations ("TAWL" in ASCII, as the
/// SQLite files' application id).
pub const MIGRATION_LOCK: i64 = 0x5441_574C;

/// One schema step: applying `sql` to a schema `version - 1` database gives
/// schema `version`.
pub struct PgMigration {
    pub version: i64,
    pub sql: &'static str,
}

/// All migrations, in order. Append new files here; never edit a released one.
pub const PG_MIGRATIONS: &[PgMigration] = &[
    PgMigration {
        version: 1,
        sql: include_str!("../../../migrations/postgres/0001_init.sql"),
    },
    PgMigration {
        version: 2,
        sql: include_str!("../../../migrations/postgres/0002_clock.sql"),
    },
    PgMigration {
        version: 3,
        sql: include_str!("../../../migrations/postgres/0003_faults.sql"),
    },
    PgMigration {
        version: 4,
        sql: include_str!("../../../migrations/postgres/0004_tournaments.sql"),
    },
    PgMigration {
        version: 5,
        sql: include_str!("../../../migrations/postgres/0005_language.sql"),
    },
    PgMigration {
        version: 6,
        sql: include_str!("../../../migrations/postgres/0006_game_settings.sql"),
    },
    PgMigration {
        version: 7,
        sql: include_str!("../../../migrations/postgres/0007_quarantine.sql"),
    },
    PgMigration {
        version: 8,
        sql: include_str!("../../../migrations/postgres/0008_archive.sql"),
    },
    PgMigration {
        version: 9,
        sql: include_str!("../../../migrations/postgres/0009_organisers.sql"),
    },
    PgMigration {
        version: 11,
        sql: include_str!("../../../migrations/postgres/0011_leases.sql"),
    },
    PgMigration {
        version: 15,
        sql: include_str!("../../../migrations/postgres/0015_organiser_role.sql"),
    },
    PgMigration {
        version: 16,
        sql: include_str!("../../../migrations/postgres/0016_outbox.sql"),
    },
    PgMigration {
        version: 17,
        sql: include_str!("../../../migrations/postgres/0017_vacations.sql"),
    },
    PgMigration {
        version: 18,
        sql: include_str!("../../../migrations/postgres/0018_conditional.sql"),
    },
    PgMigration {
        version: 20,
        sql: include_str!("../../../migrations/postgres/0020_puzzles.sql"),
    },
];

/// The schema version this program writes.
pub const PG_LATEST: i64 = PG_MIGRATIONS[PG_MIGRATIONS.len() - 1].version;

const VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS tawlbot_schema (\
     version BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())";

/// The highest applied version, 0 for a database tawlbot never touched;
/// refuses a database that holds other tables but no `tawlbot_schema`, and
/// one with a newer schema. Reads only.
fn current(c: &mut impl GenericClient, label: &str, known: i64) -> Result<i64, StoreError> {
    let err = |e| classify(label, e);
    let ours: bool = c
        .query_one("SELECT to_regclass('tawlbot_schema') IS NOT NULL", &[])
        .map_err(err)?
        .get(0);
    let version = if ours {
        c.query_one("SELECT coalesce(max(version), 0) FROM tawlbot_schema", &[])
            .map_err(err)?
            .get(0)
    } else {
        let tables: i64 = c
            .query_one(
                "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()",
                &[],
            )
            .map_err(err)?
            .get(0);
        if tables > 0 {
            return Err(StoreError::ForeignDatabase {
                path: label.to_string(),
            });
        }
        0
    };
    if version > known {
        return Err(StoreError::NewerSchema {
            path: label.to_string(),
            found: version,
            known,
        });
    }
    Ok(version)
}

/// Brings the database up to [`PG_LATEST`]. Returns the versions applied
/// (empty when it was already current; then nothing is written).
pub(crate) fn migrate(c: &mut Client, label: &str) -> Result<Vec<i64>, StoreError> {
    migrate_with(c, label, PG_MIGRATIONS)
}

pub(crate) fn migrate_with(
    c: &mut Client,
    label: &str,
    migrations: &[PgMigration],
) -> Result<Vec<i64>, StoreError> {
    let err = |e| classify(label, e);
    let latest = migrations.last().map_or(0, |m| m.version);
    // Cheap look first: an up-to-date database takes no lock at all.
    if current(c, label, latest)? >= latest {
        return Ok(Vec::new());
    }
    let mut tx = c.transaction().map_err(err)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(err)?;
    // Look again under the lock: another process may have migrated
    // between our look and our lock.
    let from = current(&mut tx, label, latest)?;
    tx.batch_execute(VERSION_TABLE).map_err(err)?;
    let mut applied = Vec::new();
    for m in migrations.iter().filter(|m| m.version > from) {
        tx.batch_execute(m.sql).map_err(|e| StoreError::Migration {
            path: label.to_string(),
            version: m.version,
            detail: match e.as_db_error() {
                Some(db) => db.message().to_string(),
                None => e.to_string(),
            },
        })?;
        tx.execute(
            "INSERT INTO tawlbot_schema (version) VALUES ($1)",
            &[&m.version],
        )
        .map_err(err)?;
        applied.push(m.version);
    }
    tx.commit().map_err(err)?;
    if !applied.is_empty() {
        tracing::info!(database = label, ?applied, "database schema upgraded");
    }
    Ok(applied)
}
