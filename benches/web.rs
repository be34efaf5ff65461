//! The web archive's page of a 100-move game: the whole request through
//! the router (store read, replay through the rules, alt text, HTML),
//! English and Welsh; and the 304 a returning reader of a finished game
//! gets. Goal: the page in under 2 ms.

#[path = "../tests/web_support/mod.rs"]
mod web_support;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use criterion::{criterion_group, criterion_main, Criterion};
use tower::ServiceExt;

fn bench_game_page(c: &mut Criterion) {
    let f = web_support::fixture();
    let rows = f.store.moves(f.long).unwrap();
    assert_eq!(rows.len(), 100, "the long game has 100 moves");
    let router = tawlbot::web::router(f.app.clone(), tawlbot::web::RateLimit::off());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let get = |path: String, etag: Option<String>| {
        let router = router.clone();
        async move {
            let mut req = Request::builder().uri(path);
            if let Some(e) = etag {
                req = req.header(header::IF_NONE_MATCH, e);
            }
            let resp = router
                .oneshot(req.body(Body::empty()).unwrap())
                .await
                .unwrap();
            let status = resp.status();
            let etag = resp
                .headers()
                .get(header::ETAG)
                .map(|v| v.to_str().unwrap().to_string());
            let body = axum::body::to_bytes(resp.into_body(), 1 << 24)
                .await
                .unwrap();
            (status, etag, body.len())
        }
    };
    let page = format!("/g/{}?ply=57", f.long);
    let (status, etag, len) = rt.block_on(get(page.clone(), None));
    assert_eq!(status, StatusCode::OK);
    assert!(len > 5_000, "{len} bytes");
    let mut g = c.benchmark_group("web");
    g.bench_function("game page, 100 moves (request through the router)", |b| {
        b.iter(|| rt.block_on(get(page.clone(), None)))
    });
    let welsh = format!("/g/{}?ply=57&lang=cy", f.long);
    g.bench_function("game page, 100 moves, Welsh", |b| {
        b.iter(|| rt.block_on(get(welsh.clone(), None)))
    });
    assert_eq!(
        rt.block_on(get(page.clone(), etag.clone())).0,
        StatusCode::NOT_MODIFIED
    );
    g.bench_function("game page, 100 moves, 304 Not Modified", |b| {
        b.iter(|| rt.block_on(get(page.clone(), etag.clone())))
    });
    g.finish();
}

criterion_group!(benches, bench_game_page);
criterion_main!(benches);
