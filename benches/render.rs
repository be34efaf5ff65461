//! Board-picture benchmarks: PNGs of the tawlbwrdd start (with a last move
//! highlighted) and of a game's moves, each a position not drawn before; a
//! 100-move GIF; the standings table. Prints the byte sizes first.
//!
//! Nothing of an earlier picture is kept but its parts drawn once per
//! theme (square sprites, the frame with its labels, caption words): every
//! board's pixels are put together and compressed whole.

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
    let frames = hundred_frames();
    // A game's moves, with a caption that changes every move as a game's
    // does: each picture a position the one before it was not.
    let moves: Vec<_> = frames
        .iter()
        .enumerate()
        .map(|(n, f)| {
            let mut f = f.clone();
            f.caption = format!("Move {} \u{b7} p{} to play", n / 2 + 1, 100 + n % 2);
            f
        })
        .collect();
    // `RENDER_PNG_LOOP=N cargo bench --bench render`: only draw N of the
    // game's moves in turn (PNGs) and exit, for instruction counts
    // (`valgrind --tool=callgrind`) or `perf stat` on a busy machine.
    if let Some(n) = std::env::var("RENDER_PNG_LOOP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        for k in 0..n {
            black_box(
                r.png(black_box(&moves[k % moves.len()]), &theme, &chunks)
                    .unwrap(),
            );
        }
        std::process::exit(0);
    }
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
    // Each picture one move after the one before, as in a game being
    // played (the board drawn cold: nothing of the move before is reused).
    let mut k = 0;
    c.bench_function("render a game's next move png (cold)", |b| {
        b.iter(|| {
            let png = r.png(black_box(&moves[k]), &theme, &chunks).unwrap();
            k = (k + 1) % moves.len();
            png
        })
    });
    c.bench_function("render tawlbwrdd start indexed (no encode)", |b| {
        b.iter(|| r.indexed(black_box(&start), &theme))
    });
    let img = r.indexed(&start, &theme);
    let stride = img.width as usize + 1;
    let raw: Vec<u8> = img
        .pixels
        .chunks_exact(img.width as usize)
        .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
        .collect();
    c.bench_function("render tawlbwrdd start zlib (scanlines only)", |b| {
        b.iter(|| tawlbot::render::zlib(black_box(&raw), stride))
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
