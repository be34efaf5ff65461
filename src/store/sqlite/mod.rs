//! The SQLite backend of the store (its SQL is `store/sql`'s, run through
//! `backend.rs`): one file in WAL mode,
//! one connection behind a mutex; every call is short and synchronous (well
//! under a millisecond; with `synchronous = NORMAL`, the default, a commit
//! is fsynced only at checkpoints, which the bot's store runs on a thread
//! of its own: `checkpoint_aside`). Several
//! processes may share the file; they wait for each other up to the busy
//! timeout. The schema is `migrations/sqlite/`, its version kept in
//! `PRAGMA user_version`, and tawlbot files are marked with
//! `PRAGMA application_id`.
//!
//! rusqlite is used here and nowhere else.

mod admin;
mod backend;
mod dump;
mod error;
mod migrate;
mod open;
#[cfg(feature = "fault-injection")]
mod statements;
mod values;

pub use open::{
    database_path_from_env, SqliteStore, StoreOptions, Synchronous, DATABASE_PATH_VAR,
    DATABASE_SYNCHRONOUS_VAR, DEFAULT_DATABASE_PATH,
};

#[cfg(feature = "fault-injection")]
pub use error::Fault;
pub use migrate::{APPLICATION_ID, LATEST as SCHEMA_VERSION};

use super::*;
use open::AppendErrorOrSql;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use error::classify;

#[cfg(test)]
mod tests;
