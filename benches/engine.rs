//! Engine benchmarks.
//!
//! - `engine/nodes_tawlbwrdd_middle`: nodes per second of one search on a
//!   tawlbwrdd middle game (the first level-2 self-play game, seeds 1, 2, ..., still going after 30 moves), one
//!   thread; criterion's throughput line is the nodes per second (goal >= 1,000,000).
//! - `engine/level5_depth`: a level-5 search with its time cap cut to 1 s;
//!   prints the depth it completes (the depth in the full 5 s is in docs/engine.md).
//! - `engine/level1_move`, `engine/level3_move`: one move at levels 1 and 3.
//!
//! `cargo bench --bench engine -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tawlbot::engine::{best_move, play_game, Limits};
use tawlbot::rules::{Game, Ruleset};

/// A tawlbwrdd middle game: the first 30 moves of a level-2 self-play game.
fn middle_game() -> Game {
    let rules = Ruleset::from_spec("tawlbwrdd", &[]).expect("ruleset");
    let stop = AtomicBool::new(false);
    (1..)
        .map(|seed| play_game(&rules, seed, [2, 2], 30, &stop))
        .find(|g| !g.is_over())
        .expect("a game still going after 30 moves")
}

fn bench(c: &mut Criterion) {
    let game = middle_game();
    let stop = AtomicBool::new(false);
    let budget = Limits::nodes(300_000);
    let nodes = best_move(&game, &budget, 1, &stop).expect("a move").nodes;
    let mut g = c.benchmark_group("engine");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("nodes_tawlbwrdd_middle", |b| {
        b.iter(|| black_box(best_move(&game, &budget, 1, &stop)))
    });
    g.throughput(Throughput::Elements(1));
    let mut l5 = Limits::level(5);
    l5.time = Some(Duration::from_secs(1));
    let r = best_move(&game, &l5, 1, &stop).expect("a move");
    eprintln!(
        "level 5 capped at 1 s: depth {} in {} nodes",
        r.depth, r.nodes
    );
    g.bench_function("level5_depth", |b| {
        b.iter(|| black_box(best_move(&game, &l5, 1, &stop)))
    });
    for level in [1u8, 3] {
        let lim = Limits::level(level);
        g.bench_function(format!("level{level}_move"), |b| {
            b.iter(|| black_box(best_move(&game, &lim, 1, &stop)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
