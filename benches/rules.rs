//! Rules engine benchmarks: legal-move generation at the start of every
//! variant (goal: tawlbwrdd under 5 µs on one core), and whole random games.
//!
//! `cargo bench --bench rules -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tawlbot::rules::{Game, Ruleset};

const VARIANTS: &[(&str, &[&str])] = &[
    ("tawlbwrdd", &[]),
    ("tawlbwrdd-walker", &[]),
    ("tallfwrdd", &[]),
    ("goedhboell", &[]),
    ("gwyddbwyll", &[]),
    ("gwyddbwyll", &["dux-jump"]),
];

fn rules(variant: &str, opts: &[&str]) -> Ruleset {
    Ruleset::from_spec(
        variant,
        &opts.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("ruleset")
}

fn name(variant: &str, opts: &[&str]) -> String {
    std::iter::once(variant)
        .chain(opts.iter().copied())
        .collect::<Vec<_>>()
        .join("+")
}

/// A fixed xorshift64 for move choice: every iteration plays the same game.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// One whole random game from the start; returns its length in moves.
fn playout(r: &Ruleset) -> usize {
    let mut g = Game::new(r.clone(), 1);
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    while !g.is_over() && g.record().len() < 1000 {
        let legal = g.legal_moves();
        let m = legal[(rng.next() % legal.len() as u64) as usize];
        g.play(m).expect("legal move");
    }
    g.record().len()
}

fn legal_moves_at_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves_start");
    for (v, opts) in VARIANTS {
        let g = Game::new(rules(v, opts), 0);
        eprintln!(
            "{}: {} legal moves at the start",
            name(v, opts),
            g.legal_moves().len()
        );
        group.bench_function(name(v, opts), |b| b.iter(|| black_box(&g).legal_moves()));
    }
    group.finish();
}

fn random_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for (v, opts) in VARIANTS {
        let r = rules(v, opts);
        let g = {
            let n = playout(&r);
            let mut g = Game::new(r.clone(), 1);
            let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
            for _ in 0..n {
                let legal = g.legal_moves();
                g.play(legal[(rng.next() % legal.len() as u64) as usize])
                    .unwrap();
            }
            g
        };
        eprintln!(
            "{}: playout of {} moves, {:?}",
            name(v, opts),
            g.record().len(),
            g.outcome().map(|o| o.reason)
        );
        group.bench_function(name(v, opts), |b| b.iter(|| playout(black_box(&r))));
    }
    group.finish();
}

criterion_group!(benches, legal_moves_at_start, random_playouts);
criterion_main!(benches);
