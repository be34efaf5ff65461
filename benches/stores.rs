//! SQLite and PostgreSQL side by side, in one run: a move
//! message to its reply through the whole app, committed moves per second
//! in the store alone, and the scheduler's pass over 10,000 running games.
//!
//! PostgreSQL is a throwaway server on loopback started by the bench
//! (`tawlbot::store::pg::throwaway`); where none is installed only the
//! SQLite half runs. Durability: SQLite as the bot runs it (WAL,
//! `synchronous=NORMAL`: a commit survives a killed process, not a power
//! cut) and with `FULL`; PostgreSQL with its defaults (fsync and
//! `synchronous_commit=on`: every commit is flushed) and with
//! `synchronous_commit=off` (the same promise as SQLite's NORMAL).

use std::time::Duration;

use criterion::{criterion_group, BatchSize, BenchmarkId, Criterion, Throughput};
use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::App;
use tawlbot::store::pg::throwaway;
use tawlbot::store::{
    NewGame, PgOptions, PostgresStore, SharedStore, Side, SqliteStore, StatementLog, StoreOptions,
    Synchronous,
};

#[path = "support/moves.rs"]
mod moves;
use moves::{game_nine_moves_in, tenth_move};

/// A database for one bench: `(label, store, guard)`.
struct Db {
    label: &'static str,
    store: SharedStore,
    _guard: Box<dyn std::any::Any>,
}

fn sqlite(label: &'static str, sync: Synchronous) -> Db {
    let dir = tempfile::tempdir().unwrap();
    let opts = StoreOptions {
        synchronous: sync,
        ..Default::default()
    };
    let store = SqliteStore::open_with(dir.path().join("bench.db"), &opts).unwrap();
    Db {
        label,
        store: std::sync::Arc::new(store),
        _guard: Box::new(dir),
    }
}

/// A database on the durable throwaway server; with `async_commit` every
/// connection runs with `synchronous_commit=off`.
fn postgres(label: &'static str, async_commit: bool) -> Option<Db> {
    let server = throwaway::durable_server()?;
    let db = server.database();
    let url = if async_commit {
        format!("{}?options=-c%20synchronous_commit%3Doff", db.url)
    } else {
        db.url.clone()
    };
    let store = PostgresStore::open_with(&url, &PgOptions::default()).unwrap();
    Some(Db {
        label,
        store: std::sync::Arc::new(store),
        _guard: Box::new(db),
    })
}

/// Every store the benches compare, in the order they are shown.
fn stores() -> Vec<Db> {
    let mut v = vec![
        sqlite("sqlite (normal)", Synchronous::Normal),
        sqlite("sqlite (full)", Synchronous::Full),
    ];
    v.extend(postgres("postgres (synchronous_commit on)", false));
    v.extend(postgres("postgres (synchronous_commit off)", true));
    v
}

/// A move message to the reply ready to send (parse, load from the store,
/// rules, commit, render and encode), ten moves into a game.
fn move_to_reply(c: &mut Criterion) {
    let mut group = c.benchmark_group("move_to_reply");
    for db in stores() {
        let app = App::new(db.store.clone());
        let mut n = 0u64;
        group.bench_function(db.label, |b| {
            b.iter_batched(
                || {
                    n += 1;
                    game_nine_moves_in(&app, n)
                },
                |(ch, now)| tenth_move(&app, &ch, now),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// Committed moves per second: `append_move_clocked` (the app's path) alone, one after another.
fn commits(c: &mut Criterion) {
    let mut group = c.benchmark_group("store_commit");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(6));
    for db in stores() {
        let store = db.store.clone();
        let game = store
            .create_game(&NewGame {
                server_id: "srv".into(),
                channel_id: "general".into(),
                variant: "tawlbwrdd".into(),
                seed: 7,
                first_side: Side::First,
                first_player: "alice".into(),
                second_player: "bob".into(),
                ..Default::default()
            })
            .unwrap();
        let mut n = 0u32;
        group.bench_function(BenchmarkId::new("append_move_clocked", db.label), |b| {
            b.iter(|| n = moves::commit_one(&*store, game, n))
        });
    }
    group.finish();
}

/// 10,000 running games with deadlines and reminders spread over a week.
fn fill(store: &SharedStore, n: usize) {
    for i in 0..n {
        let g = NewGame {
            server_id: "srv".into(),
            channel_id: format!("c{i}").into(),
            variant: "tawlbwrdd".into(),
            seed: i as u64,
            first_side: Side::First,
            first_player: format!("p{}", i % 97).into(),
            second_player: format!("q{}", i % 89).into(),
            time_control: tawlbot::store::TimeControl::PerMove(3 * 86_400),
            created_at: 1_800_000_000,
            deadline: Some(1_800_000_000 + 86_400 + (i as i64 * 61) % 604_800),
            ..Default::default()
        };
        let id = store.create_game(&g).unwrap();
        store
            .set_remind_at(id, g.deadline.map(|d| d - 3600))
            .unwrap();
    }
}

/// The scheduler's pass (`App::tick` when nothing is due, and its wake-up
/// query) over 10,000 running games. Filled once per store with
/// asynchronous commits (only the reads are measured).
fn scheduler(c: &mut Criterion) {
    let mut group = c.benchmark_group("scheduler_10000_games");
    let dbs = vec![
        Some(sqlite("sqlite (normal)", Synchronous::Normal)),
        postgres("postgres", true),
    ];
    for db in dbs.into_iter().flatten() {
        fill(&db.store, 10_000);
        let app = App::new(db.store.clone());
        let now = 1_800_000_000;
        group.bench_function(BenchmarkId::new("tick_nothing_due", db.label), |b| {
            b.iter(|| app.tick(now))
        });
        group.bench_function(BenchmarkId::new("next_due", db.label), |b| {
            b.iter(|| app.next_due().unwrap())
        });
    }
    group.finish();
}

/// `MOVE_TO_REPLY_COUNT=N cargo bench --bench stores`: no criterion, on
/// SQLite (NORMAL) and PostgreSQL (synchronous commit on) each: the
/// statements of one move to its reply (each a round trip on PostgreSQL),
/// then exactly N games set up and N measured moves (`move_to_reply_on`,
/// never inlined), for counting instructions without timing:
/// `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='stores::move_to_reply_on'` (this process only: the
/// PostgreSQL server's own work is not in it). See docs/performance.md.
fn count_moves(n: u64) {
    let dir = tempfile::tempdir().unwrap();
    let sqlite =
        SqliteStore::open_with(dir.path().join("bench.db"), &StoreOptions::default()).unwrap();
    let log = sqlite.count_statements();
    counted_moves("sqlite (normal)", std::sync::Arc::new(sqlite), &log, n);
    if let Some(server) = throwaway::durable_server() {
        let db = server.database();
        let pg = PostgresStore::open_with(&db.url, &PgOptions::default()).unwrap();
        let log = pg.count_statements();
        counted_moves(
            "postgres (synchronous_commit on)",
            std::sync::Arc::new(pg),
            &log,
            n,
        );
    }
}

fn counted_moves(label: &str, store: SharedStore, log: &StatementLog, n: u64) {
    let app = App::new(store);
    let (ch, now) = game_nine_moves_in(&app, 0);
    log.clear();
    tenth_move(&app, &ch, now);
    let sql = log.take();
    let begins = sql.iter().filter(|s| s.starts_with("BEGIN")).count();
    log.stop();
    for k in 1..=n {
        let (ch, now) = game_nine_moves_in(&app, k);
        std::hint::black_box(move_to_reply_on(&app, &ch, now));
    }
    println!(
        "{label}: a move to its reply runs {} statements ({begins} transactions); {n} more moves measured",
        sql.len()
    );
}

/// The measured move of the counting mode.
#[inline(never)]
fn move_to_reply_on(app: &App, ch: &str, now: i64) -> Response {
    tenth_move(app, ch, now)
}

criterion_group!(benches, move_to_reply, commits, scheduler);

fn main() {
    moves::count_or_bench(count_moves, benches);
}
