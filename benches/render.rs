//! Board-picture benchmarks: one PNG of the tawlbwrdd start (with a last
//! move highlighted) and a 100-move GIF. Prints the byte sizes first.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tawlbot::render::{Renderer, Theme};

#[path = "../tests/render_support/mod.rs"]
mod render_support;
use render_support::*;

fn bench(c: &mut Criterion) {
    let r = Renderer::new();
    let theme = Theme::light();
    let (_, mut start) = variants().remove(0);
    start.last_move = Some((sq("e2"), sq("e3")));
    let i = start.index(4, 1);
    let j = start.index(4, 2);
    start.cells[j] = start.cells[i].take();
    let chunks = [("tawlbot-position", TAWLBWRDD)];
    let png = r.png(&start, &theme, &chunks).unwrap();
    // `RENDER_PNG_LOOP=N cargo bench --bench render`: only encode the
    // start N times and exit, for `perf stat -e cycles:u` comparisons on a
    // busy machine (CPU cycles of this process, not wall time).
    if let Some(n) = std::env::var("RENDER_PNG_LOOP")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
    {
        for _ in 0..n {
            black_box(r.png(black_box(&start), &theme, &chunks).unwrap());
        }
        std::process::exit(0);
    }
    let frames = hundred_frames();
    let gif = r.gif(&frames, &theme, 60).unwrap();
    let dark = r.png(&start, &Theme::dark(), &chunks).unwrap();
    println!(
        "sizes: tawlbwrdd start PNG {} bytes (dark {}), {}-frame GIF {} bytes",
        png.len(),
        dark.len(),
        frames.len(),
        gif.len()
    );

    c.bench_function("render tawlbwrdd start png", |b| {
        b.iter(|| r.png(black_box(&start), &theme, &chunks).unwrap())
    });
    c.bench_function("render tawlbwrdd start indexed (no encode)", |b| {
        b.iter(|| r.indexed(black_box(&start), &theme))
    });
    let (title, headers, rows) = standings();
    c.bench_function("render standings table png (8 rows)", |b| {
        b.iter(|| tawlbot::render::table_png(black_box(&title), &headers, &rows))
    });
    let mut g = c.benchmark_group("slow");
    g.sample_size(20);
    g.bench_function("render 100-move gif", |b| {
        b.iter(|| r.gif(black_box(&frames), &theme, 60).unwrap())
    });
    g.sample_size(10);
    g.bench_function("render cold renderer first png (palette + sprites)", |b| {
        b.iter(|| Renderer::new().png(black_box(&start), &theme, &[]).unwrap())
    });
    g.bench_function("render cold renderer palette only", |b| {
        b.iter(|| Renderer::new().palette(black_box(&theme)))
    });
    g.finish();
    // Bytes per variant (start position, light theme).
    for (name, v) in every_start() {
        println!("bytes {name}: {}", r.png(&v, &theme, &[]).unwrap().len());
    }
    println!(
        "bytes midgame: {}",
        r.png(&midgame(), &theme, &[]).unwrap().len()
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
