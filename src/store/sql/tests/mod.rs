//! Tests of the shared SQL on an SQLite database in memory (the whole
//! interface runs on both databases in tests/store_api.rs and its kin).

use super::*;
use crate::store::SqliteStore;

mod clock;
mod leases;
