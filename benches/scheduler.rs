//! The scheduler's wake-up cost with 100 and with 10,000 games that have
//! deadlines: it asks the database for the next due deadline / reminder /
//! challenge expiry (index look-ups), it never scans the games, so the cost
//! stays flat.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tawlbot::app::App;
use tawlbot::store::prelude::*;
use tawlbot::store::{NewGame, SqliteStore};

fn store_with(n: usize, dir: &std::path::Path) -> SqliteStore {
    let store = SqliteStore::open(dir.join(format!("s{n}.db"))).unwrap();
    for i in 0..n {
        let g = NewGame {
            server_id: "srv".into(),
            channel_id: format!("c{i}").into(),
            variant: "tawlbwrdd".into(),
            seed: i as u64,
            first_side: tawlbot::rules::Side::First,
            first_player: format!("p{}", i % 97).into(),
            second_player: format!("q{}", i % 89).into(),
            time_control: tawlbot::store::TimeControl::PerMove(3 * 86_400),
            created_at: 1_800_000_000,
            // Deadlines spread over a week, all in the future.
            deadline: Some(1_800_000_000 + 86_400 + (i as i64 * 61) % 604_800),
            ..Default::default()
        };
        let id = store.create_game(&g).unwrap();
        store
            .set_remind_at(id, g.deadline.map(|d| d - 3600))
            .unwrap();
    }
    store
}

fn wake_up(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("scheduler_wake_up");
    for n in [100usize, 10_000] {
        let app = App::new(store_with(n, dir.path()));
        // Nothing is due at this instant: a tick is the wake-up cost alone.
        let now = 1_800_000_000;
        group.bench_with_input(BenchmarkId::new("next_due", n), &n, |b, _| {
            b.iter(|| app.next_due().unwrap())
        });
        group.bench_with_input(BenchmarkId::new("tick_nothing_due", n), &n, |b, _| {
            b.iter(|| app.tick(now))
        });
    }
    group.finish();
}

criterion_group!(benches, wake_up);
criterion_main!(benches);
