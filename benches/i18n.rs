//! Localising a message: a move reply with a nested status line and a
//! span, and a refusal, in English and Welsh.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tawlbot::i18n::{span, Lang, Localiser, Msg};

fn played() -> Msg {
    Msg::new("played")
        .str("player", "<@123456789012345678>")
        .str("move", "e1-e4xe5")
        .msg(
            "status",
            Msg::new("status-to-move")
                .str("player", "<@876543210987654321>")
                .str("side", "defenders")
                .num("number", 12),
        )
}

fn bench(c: &mut Criterion) {
    let l = Localiser::global();
    for lang in Lang::ALL {
        let m = played();
        c.bench_function(&format!("i18n played {}", lang.code()), |b| {
            b.iter(|| l.text(black_box(lang), black_box(&m)))
        });
        let m = Msg::new("time-left").msg("span", span(2 * 86_400 + 5 * 3600));
        c.bench_function(&format!("i18n time-left span {}", lang.code()), |b| {
            b.iter(|| l.text(black_box(lang), black_box(&m)))
        });
        let m = Msg::new("move-restricted")
            .str("square", "f6")
            .str("role", "throne");
        c.bench_function(&format!("i18n refusal {}", lang.code()), |b| {
            b.iter(|| l.text(black_box(lang), black_box(&m)))
        });
    }
    c.bench_function("i18n build and format (played, cy)", |b| {
        b.iter(|| l.text(Lang::Cy, &played()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
