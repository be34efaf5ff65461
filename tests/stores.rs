//! The stores on both backends: the store API, migrations, concurrency,
//! crashes, injected faults, values written and read back, statements
//! counted per request, and `tawlbot migrate-db` from SQLite to PostgreSQL.
//!
//! One test binary of modules: each file of `tests/stores/` is a
//! module here, and the helpers (`backends`, `common`) compile once. Run one
//! suite with `cargo test --test stores store_api::`. `store_crash` and
//! `store_migrations` change a process's state (a killed writer,
//! `DATABASE_PATH`) only in child runs of this binary.

#[macro_use]
mod backends;
mod common;

#[path = "stores/faults.rs"]
mod faults;
#[path = "stores/migrate_db.rs"]
mod migrate_db;
#[path = "stores/round_trip.rs"]
mod round_trip;
#[path = "stores/statements.rs"]
mod statements;
#[path = "stores/store_api.rs"]
mod store_api;
#[path = "stores/store_concurrency.rs"]
mod store_concurrency;
#[path = "stores/store_crash.rs"]
mod store_crash;
#[path = "stores/store_migrations.rs"]
mod store_migrations;
#[path = "stores/store_outbox.rs"]
mod store_outbox;
#[path = "stores/store_puzzles.rs"]
mod store_puzzles;
