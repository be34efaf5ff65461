//! Schema migrations: numbered SQL files in `migrations/sqlite/`, embedded at
//! compile time and applied in order, each inside the same transaction as
//! the `PRAGMA user_version` bump.

use rusqlite::{Connection, TransactionBehavior};

use super::error::classify;
use super::StoreError;

/// `PRAGMA application_id` of tawlbot databases ("TAWL" in ASCII).
pub const APPLICATION_ID: i64 = 0x5441_574C;

/// One schema step: applying `sql` to a schema `version - 1` database gives
/// schema `version`.
pub struct Migration {
    pub version: i64,
    pub sql: &'static str,
}

/// All migrations, in order. Append new files here; never edit a released one.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        sql: include_str!("../../../migrations/sqlite/0001_init.sql"),
    },
    Migration {
        version: 2,
        sql: include_str!("../../../migrations/sqlite/0002_clock.sql"),
    },
    Migration {
        version: 3,
        sql: include_str!("../../../migrations/sqlite/0003_faults.sql"),
    },
    Migration {
        version: 4,
        sql: include_str!("../../../migrations/sqlite/0004_tournaments.sql"),
    },
    Migration {
        version: 5,
        sql: include_str!("../../../migrations/sqlite/0005_language.sql"),
    },
    Migration {
        version: 6,
        sql: include_str!("../../../migrations/sqlite/0006_game_settings.sql"),
    },
    Migration {
        version: 7,
        sql: include_str!("../../../migrations/sqlite/0007_quarantine.sql"),
    },
    Migration {
        version: 8,
        sql: include_str!("../../../migrations/sqlite/0008_archive.sql"),
    },
    Migration {
        version: 9,
        sql: include_str!("../../../migrations/sqlite/0009_organisers.sql"),
    },
    Migration {
        version: 11,
        sql: include_str!("../../../migrations/sqlite/0011_leases.sql"),
    },
    Migration {
        version: 15,
        sql: include_str!("../../../migrations/sqlite/0015_organiser_role.sql"),
    },
    Migration {
        version: 16,
        sql: include_str!("../../../migrations/sqlite/0016_outbox.sql"),
    },
    Migration {
        version: 17,
        sql: include_str!("../../../migrations/sqlite/0017_vacations.sql"),
    },
    Migration {
        version: 18,
        sql: include_str!("../../../migrations/sqlite/0018_conditional.sql"),
    },
    Migration {
        version: 20,
        sql: include_str!("../../../migrations/sqlite/0020_puzzles.sql"),
    },
];

/// The schema version this program writes.
pub const LATEST: i64 = MIGRATIONS[MIGRATIONS.len() - 1].version;

/// What an existing file holds, read without writing anything.
#[derive(Debug)]
pub(crate) struct Header {
    pub user_version: i64,
    pub application_id: i64,
    pub objects: i64,
}

pub(crate) fn read_header(conn: &Connection, path: &str) -> Result<Header, StoreError> {
    // One statement, so one snapshot: read apart, another process's
    // first migration could commit between them (a version of 0 read
    // before it, its tables after), which would look like a lost version.
    // Reading the schema table makes SQLite parse the whole first page and
    // the schema: a damaged or foreign file fails here, before any write.
    conn.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version), \
         (SELECT application_id FROM pragma_application_id), \
         (SELECT count(*) FROM sqlite_schema)",
        [],
        |r| {
            Ok(Header {
                user_version: r.get(0)?,
                application_id: r.get(1)?,
                objects: r.get(2)?,
            })
        },
    )
    .map_err(|e| classify(path, e))
}

/// Refuses files that are not ours or are too new. Writes nothing.
pub(crate) fn check_header(h: &Header, path: &str, known: i64) -> Result<(), StoreError> {
    let ours = h.application_id == APPLICATION_ID;
    let blank = h.application_id == 0 && h.user_version == 0 && h.objects == 0;
    if !ours && !blank {
        return Err(StoreError::ForeignDatabase {
            path: path.to_string(),
        });
    }
    // Ours, with tables, yet at schema 0: its version was lost, and
    // migrating would try to create the tables it already has.
    if ours && h.user_version == 0 && h.objects > 0 {
        return Err(StoreError::Corrupt {
            path: path.to_string(),
            detail: format!(
                "its schema version (PRAGMA user_version) is 0, yet it holds {} tables and indexes",
                h.objects
            ),
        });
    }
    if h.user_version > known {
        return Err(StoreError::NewerSchema {
            path: path.to_string(),
            found: h.user_version,
            known,
        });
    }
    Ok(())
}

/// Brings the database up to `LATEST`. Returns the versions applied (empty
/// when the file was already current; then nothing is written).
pub(crate) fn migrate(conn: &mut Connection, path: &str) -> Result<Vec<i64>, StoreError> {
    migrate_with(conn, path, MIGRATIONS)
}

pub(crate) fn migrate_with(
    conn: &mut Connection,
    path: &str,
    migrations: &[Migration],
) -> Result<Vec<i64>, StoreError> {
    let err = |e| classify(path, e);
    // Cheap check first, so an up-to-date file takes no write lock at all.
    let latest = migrations.last().map_or(0, |m| m.version);
    let h = read_header(conn, path)?;
    check_header(&h, path, latest)?;
    if h.user_version >= latest {
        return Ok(Vec::new());
    }
    // IMMEDIATE: take the write lock, then look again (another process may
    // have migrated between our read and our lock).
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    let h = read_header(&tx, path)?;
    check_header(&h, path, latest)?;
    let mut applied = Vec::new();
    for m in migrations.iter().filter(|m| m.version > h.user_version) {
        tx.execute_batch(m.sql).map_err(|e| StoreError::Migration {
            path: path.to_string(),
            version: m.version,
            detail: e.to_string(),
        })?;
        tx.pragma_update(None, "user_version", m.version)
            .map_err(err)?;
        applied.push(m.version);
    }
    if !applied.is_empty() {
        tx.pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(err)?;
        tx.commit().map_err(err)?;
        tracing::info!(path, ?applied, "database schema upgraded");
    }
    Ok(applied)
}
