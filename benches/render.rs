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
    let frames = hundred_frames();
    // With a caption that changes every move, as a game's does.
    let moves: Vec<_> = frames
        .iter()
        .enumerate()
        .map(|(n, f)| {
            let mut f = f.clone();
            f.caption = format!("Move {} \u{b7} p{} to play", n / 2 + 1, 100 + n % 2);
            f
        })
        .collect();
    // `RENDER_PNG_LOOP=N cargo bench --bench render`: only encode N
    // pictures and exit, for instruction counts (`valgrind --tool=callgrind`)
    // on a busy machine. `RENDER_PNG_CASE`: `start` (the same start again:
    // every band cached), `cold` (the start, no band cached, its squares'
    // looks met before), `first` (nothing cached: as the first picture of
    // a process), `moves` (a game's moves in turn, each after the one
    // before).
    if let Some(n) = std::env::var("RENDER_PNG_LOOP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let case = std::env::var("RENDER_PNG_CASE").unwrap_or_default();
        // `flat`: the start's scanlines compressed as one block, as every
        // picture was before render/bands.rs.
        let img = r.indexed(&start, &theme);
        let stride = img.width as usize + 1;
        let raw: Vec<u8> = img
            .pixels
            .chunks_exact(img.width as usize)
            .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
            .collect();
        for k in 0..n {
            match case.as_str() {
                "cold" => {
                    tawlbot::render::forget_bands();
                    black_box(r.png(black_box(&start), &theme, &chunks).unwrap());
                }
                "first" => {
                    tawlbot::render::forget_bands_and_tiles();
                    black_box(r.png(black_box(&start), &theme, &chunks).unwrap());
                }
                "flat" => {
                    black_box(tawlbot::render::zlib(black_box(&raw), stride));
                }
                "moves" => {
                    if k % moves.len() == 0 {
                        tawlbot::render::forget_bands();
                    }
                    black_box(
                        r.png(black_box(&moves[k % moves.len()]), &theme, &chunks)
                            .unwrap(),
                    );
                }
                _ => {
                    black_box(r.png(black_box(&start), &theme, &chunks).unwrap());
                }
            }
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
    // Each picture is one move after the one before (drawn just before
    // it, as in a game being played): only the bands the move changed are
    // compressed. Back at the first frame, the cache is emptied.
    let mut k = 0;
    c.bench_function(
        "render a game's next move png (the move before drawn)",
        |b| {
            b.iter(|| {
                if k == 0 {
                    tawlbot::render::forget_bands();
                }
                let png = r.png(black_box(&moves[k]), &theme, &chunks).unwrap();
                k = (k + 1) % moves.len();
                png
            })
        },
    );
    // Nothing of the picture drawn before: every band compressed.
    c.bench_function("render tawlbwrdd start png (no band cached)", |b| {
        b.iter(|| {
            tawlbot::render::forget_bands();
            r.png(black_box(&start), &theme, &chunks).unwrap()
        })
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
