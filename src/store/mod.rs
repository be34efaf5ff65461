//! Storage: every SQL statement of tawlbot lives in this module.
//!
//! One SQLite file (chosen by `DATABASE_PATH`, default `tawlbot.db`), opened
//! in WAL mode with foreign keys on and a busy timeout. The schema is the
//! numbered SQL files in `migrations/`, applied in order at start-up; the
//! version is kept in `PRAGMA user_version` and tawlbot files are marked
//! with `PRAGMA application_id`.
//!
//! * Ids from Discord (servers, channels, users, messages, interactions) are
//!   strings; the console front end uses plain names.
//! * Times are unix seconds given by the caller; the store never reads the
//!   clock.
//! * A game is stored as its header plus its moves as text; the app loads a
//!   game by replaying the moves through `rules`.
//! * Moves go in through [`Store::append_move`], which checks the caller's
//!   expected move number inside one `BEGIN IMMEDIATE` transaction: of two
//!   moves racing for the same game exactly one is applied and the other
//!   gets [`AppendError::Stale`].
//!
//! [`Store`] is `Clone + Send + Sync`: one connection behind a mutex; every
//! call is short and synchronous (well under a millisecond, plus one fsync
//! per committed change). Several processes may share the file; they wait
//! for each other up to the busy timeout.
//!
//! See `docs/storage.md` for the schema and the durability choice.

mod clock;
mod language;
pub(crate) use clock::DueColumn;
pub use clock::ReminderClaim;
use clock::TimeColumn;
pub use language::LANGUAGE_SETTING;
mod admin;
mod archive;
mod challenges;
mod error;
mod games;
mod migrate;
mod offers;
mod open;
mod players;
mod ratings;
mod rows;
mod tournaments;
mod types;
mod values;

pub use archive::RatingPoint;
pub use open::{
    database_path_from_env, Store, StoreOptions, Synchronous, DATABASE_PATH_VAR,
    DATABASE_SYNCHRONOUS_VAR, DEFAULT_DATABASE_PATH,
};
pub use types::*;
pub use values::*;

use games::*;
use rows::*;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row, TransactionBehavior};

#[cfg(feature = "fault-injection")]
pub use error::Fault;
pub use error::{AppendError, StoreError};
pub use migrate::{APPLICATION_ID, LATEST as SCHEMA_VERSION};

use error::classify;

#[cfg(test)]
mod tests;
