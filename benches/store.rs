//! SqliteStore benchmarks: committed moves per second (WAL, synchronous FULL and
//! NORMAL, on a temporary file) and loading a 300-move game (read rows and
//! replay them).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tawlbot::store::prelude::*;
use tawlbot::store::{GameId, NewGame, NewMove, SqliteStore, StoreOptions, Synchronous};

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/moves.rs"]
mod moves;

fn new_game(channel: &str) -> NewGame {
    NewGame {
        server_id: "srv".into(),
        channel_id: channel.into(),
        variant: common::VARIANT.into(),
        seed: 7,
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        ..Default::default()
    }
}

fn commits(c: &mut Criterion) {
    let mut group = c.benchmark_group("store_commit");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(6));
    for (name, sync) in [("full", Synchronous::Full), ("normal", Synchronous::Normal)] {
        let dir = tempfile::tempdir().unwrap();
        let opts = StoreOptions {
            synchronous: sync,
            ..Default::default()
        };
        let store = SqliteStore::open_with(dir.path().join("bench.db"), &opts).unwrap();
        let game = store.create_game(&new_game("general")).unwrap();
        let mut n = 0u32;
        group.bench_function(BenchmarkId::new("append_move_clocked", name), |b| {
            b.iter(|| n = moves::commit_one(&store, game, n))
        });
    }
    group.finish();
}

/// Stores a game of (up to) 300 moves chosen by the test player.
fn game_of_300(store: &SqliteStore) -> GameId {
    let id = store.create_game(&new_game("long")).unwrap();
    let mut texts: Vec<String> = Vec::new();
    for i in 0..300u32 {
        let row = store.get_game(id).unwrap().unwrap();
        let Some((text, _)) = common::choose(&row, &texts, u64::from(i), true) else {
            break;
        };
        let source = format!("l{i}");
        store
            .append_move_clocked(
                &NewMove {
                    game_id: id,
                    expected_number: i,
                    text: &text,
                    player_id: if i.is_multiple_of(2) { "alice" } else { "bob" },
                    at: i64::from(i),
                    source_id: &source,
                    ..Default::default()
                },
                None,
            )
            .unwrap();
        texts.push(text);
    }
    id
}

fn load(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let opts = StoreOptions {
        synchronous: Synchronous::Normal,
        ..Default::default()
    };
    let store = SqliteStore::open_with(dir.path().join("load.db"), &opts).unwrap();
    let id = game_of_300(&store);
    let n = store.moves(id).unwrap().len();
    eprintln!("load benchmark game has {n} moves");
    let mut group = c.benchmark_group("store_load");
    group.bench_function("read_rows_300", |b| {
        b.iter(|| store.load_game(id).unwrap().unwrap())
    });
    group.bench_function("read_and_replay_300", |b| {
        b.iter(|| {
            let (row, moves) = store.load_game(id).unwrap().unwrap();
            common::replay(&row, &moves)
        })
    });
    // What the bot does: `App::load` (rows, then the trusted-record replay).
    let app = tawlbot::app::App::new(store.clone());
    group.bench_function("app_load_300", |b| {
        b.iter(|| {
            let row = store.get_game(id).unwrap().unwrap();
            app.load(row).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, commits, load);
criterion_main!(benches);
