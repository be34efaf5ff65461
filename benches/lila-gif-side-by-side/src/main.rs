//! tawlbot's board PNG beside lila-gif's still GIF, in one criterion run
//! on the same machine at the same moment (see `run.sh`).
//!
//! * lila-gif: `Render::new_image` for a chess position, 720x720 (no
//!   player bars), its default theme and pieces, the last move
//!   highlighted, the whole GIF collected.
//! * tawlbot (its `src/render` compiled on its own, `render/lib.rs`):
//!   `Renderer::png` for a tawlbwrdd position with the last move
//!   highlighted and the position in a text chunk, 706x757, as the bot
//!   sends it. Each picture is the next of a 100-move game, so each is a
//!   position not drawn before it (nothing of a picture is kept but the
//!   parts drawn once per theme: sprites, frame, caption words).
#![allow(dead_code)]

#[path = "../lila-gif/src/api.rs"]
mod api;
#[path = "../lila-gif/src/assets.rs"]
mod assets;
#[path = "../lila-gif/src/render.rs"]
mod render;
#[path = "../lila-gif/src/theme.rs"]
mod theme;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tawlbot_render::render::{BoardView, PieceView, Renderer, SquareKind, Theme};

const TAWLBWRDD: &str = "4aaa4/4aaa4/11/5d5/aa2ddd2aa/aa1ddKdd1aa/aa2ddd2aa/5d5/11/4aaa4/4aaa4";

/// The tawlbwrdd start, then 100 moves of attackers and defenders in
/// turn (each one step into an empty neighbour), each with its caption.
fn game() -> Vec<BoardView> {
    let mut v = BoardView::from_rows(TAWLBWRDD).unwrap();
    v.set_kind(5, 5, SquareKind::Throne);
    v.set_hostile(5, 5);
    v.escape_edges = true;
    let mut out = Vec::new();
    let mut seed = 12345u32;
    let mut rnd = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed % n
    };
    for m in 0..=100u32 {
        let side = [PieceView::Attacker, PieceView::Defender][m as usize % 2];
        for _ in 0..500 {
            let i = rnd(121) as usize;
            let (f, r) = ((i % 11) as i32, (i / 11) as i32);
            let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][rnd(4) as usize];
            let (nf, nr) = (f + dx, r + dy);
            if v.cells[i] != Some(side) || !(0..11).contains(&nf) || !(0..11).contains(&nr) {
                continue;
            }
            let j = (nr * 11 + nf) as usize;
            if v.cells[j].is_none() && j != 60 {
                v.cells[j] = v.cells[i].take();
                v.last_move = Some(((f as u8, r as u8), (nf as u8, nr as u8)));
                break;
            }
        }
        v.caption = format!(
            "Tawlbwrdd \u{b7} move {} \u{b7} p{} to play",
            m / 2 + 1,
            m % 2
        );
        v.caption_piece = Some(side);
        out.push(v.clone());
    }
    out
}

fn bench(c: &mut Criterion) {
    let themes: &'static theme::Themes = Box::leak(Box::new(theme::Themes::new()));
    let params = || -> api::RequestParams {
        serde_json::from_value(serde_json::json!({
            "fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "lastMove": "g1f3",
        }))
        .unwrap()
    };
    let gif: Vec<u8> = render::Render::new_image(themes, params())
        .flatten()
        .collect();
    let moves = game();
    let r = Renderer::new();
    let light = Theme::light();
    let png = r
        .png(&moves[1], &light, &[("tawlbot-position", TAWLBWRDD)])
        .unwrap();
    println!(
        "lila-gif still: {} bytes; tawlbot board PNG: {} bytes",
        gif.len(),
        png.len()
    );
    let mut g = c.benchmark_group("side by side");
    g.bench_function("lila-gif still gif 720x720", |b| {
        b.iter_batched(
            params,
            |p| {
                render::Render::new_image(themes, black_box(p))
                    .map(|part| part.len())
                    .sum::<usize>()
            },
            BatchSize::SmallInput,
        )
    });
    let mut k = 0;
    g.bench_function(
        "tawlbot board png 706x757 (cold: a position not drawn before)",
        |b| {
            b.iter(|| {
                k = (k + 1) % moves.len();
                r.png(
                    black_box(&moves[k]),
                    &light,
                    &[("tawlbot-position", TAWLBWRDD)],
                )
                .unwrap()
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
