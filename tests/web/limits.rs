//! The web holds its memory: a GIF is built once however many
//! readers ask for it at once, and costs the rate limit by its length; one
//! address's connections are bounded; request heads stop at 64 KiB (431);
//! a path that does not decode is a 404 page; during a store outage every
//! page answers 503, the server page too. The `postgres::` twins serve
//! the same from PostgreSQL (the outage: its tables renamed away).

use crate::backends;
use crate::web_support;

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use tawlbot::web::{router, router_with, Gifs, RateLimit};
use web_support::Fixture;

/// The archive's database on the current backend (as in `archive.rs`).
fn fixture() -> Fixture {
    let f = web_support::fixture();
    if backends::current() == backends::Backend::Sqlite {
        return f;
    }
    off_runtime(move || {
        let db = tawlbot::store::pg::throwaway::database().expect("run_on_postgres checked");
        let url = db.url.clone();
        f.moved_to(&url, Box::new(db))
    })
}

/// Runs `f` on a thread of its own (PostgreSQL's blocking client may not
/// run on an async test's runtime).
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

async fn get(r: &Router, path: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let resp = r
        .clone()
        .oneshot(Request::builder().uri(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = axum::body::to_bytes(resp.into_body(), 64 << 20)
        .await
        .unwrap()
        .to_vec();
    (status, headers, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readers_of_one_gif_at_once_build_it_once() {
    let f = fixture();
    let gifs = Gifs::default();
    let r = router_with(f.app.clone(), RateLimit::off(), gifs.clone());
    let path = format!("/g/{}/game.gif", f.long);
    let asks: Vec<_> = (0..20)
        .map(|_| {
            let r = r.clone();
            let path = path.clone();
            tokio::spawn(async move { get(&r, &path).await })
        })
        .collect();
    let mut bodies = Vec::new();
    for a in asks {
        let (status, headers, body) = a.await.unwrap();
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers[header::CONTENT_TYPE], "image/gif");
        assert!(body.starts_with(b"GIF89a"));
        bodies.push(body);
    }
    assert!(bodies.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(gifs.builds_started(), 1, "20 readers at once, one build");
    // A finished game's GIF is kept: later readers build nothing.
    let (status, _, _) = get(&r, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(gifs.builds_started(), 1);
    assert!(gifs.cached_bytes() >= bodies[0].len());
    // A running game's GIF is built anew (it changes with each move).
    for _ in 0..2 {
        let (status, _, _) = get(&r, &format!("/g/{}/game.gif", f.running)).await;
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(gifs.builds_started(), 3);
    // Private: the very 404 of a missing game, nothing built.
    let (status, _, _) = get(&r, &format!("/g/{}/game.gif", f.private)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(gifs.builds_started(), 3);
}

#[tokio::test]
async fn a_gif_costs_the_rate_limit_by_its_length() {
    let f = fixture();
    // 100 plies: 1 + 100 / 4 = 26 tokens of a burst of 30.
    let r = router(f.app.clone(), RateLimit::new(1, 30));
    let gif = format!("/g/{}/game.gif", f.long);
    let (status, _, _) = get(&r, &gif).await;
    assert_eq!(status, StatusCode::OK);
    // At most 4 tokens left (plus one a second since): the next GIF waits.
    let (status, headers, _) = get(&r, &gif).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((2..=25).contains(&wait), "Retry-After: {wait}");
    // A page costs one token: served.
    let (status, _, _) = get(&r, &format!("/g/{}", f.finished)).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_path_that_does_not_decode_is_a_404_page() {
    let f = fixture();
    let r = router(f.app.clone(), RateLimit::off());
    for path in ["/g/%FF", "/s/%C3%28", "/p/%E2%82", "/t/%80/x", "/%FF%FE"] {
        let (status, headers, body) = get(&r, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            headers[header::CONTENT_TYPE],
            "text/html; charset=utf-8",
            "{path}"
        );
        let body = String::from_utf8(body).unwrap();
        assert!(body.contains("There is nothing here"), "{path}: {body}");
    }
    // A path that decodes is read as ever.
    let (status, _, _) = get(&r, "/p/%61lice").await;
    assert_eq!(status, StatusCode::OK);
}

/// Every table of the fixture's database renamed from under the archive:
/// each read fails, as when the database is down.
fn outage(f: &Fixture) {
    if f.db.starts_with("postgres") {
        let url = f.db.clone();
        return off_runtime(move || {
            let mut c = ::postgres::Client::connect(&url, ::postgres::NoTls).unwrap();
            let tables: Vec<String> = c
                .query(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
                    &[],
                )
                .unwrap()
                .iter()
                .map(|r| r.get(0))
                .collect();
            for t in tables {
                c.batch_execute(&format!("ALTER TABLE \"{t}\" RENAME TO \"gone_{t}\""))
                    .unwrap();
            }
        });
    }
    let c = rusqlite::Connection::open(&f.db).unwrap();
    let tables: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for t in tables {
        c.execute_batch(&format!("ALTER TABLE \"{t}\" RENAME TO \"gone_{t}\""))
            .unwrap();
    }
}

#[tokio::test]
async fn during_an_outage_every_page_is_a_503() {
    let f = fixture();
    let r = router(f.app.clone(), RateLimit::off());
    let pages = [
        format!("/g/{}", f.finished),
        format!("/embed/g/{}", f.finished),
        format!("/g/{}/board.png", f.finished),
        format!("/g/{}/game.gif", f.finished),
        format!("/g/{}/game.otn", f.finished),
        format!("/t/{}", f.tournament),
        "/p/alice".to_string(),
        "/p/alice/rating.png?server=console&variant=tawlbwrdd".to_string(),
        format!("/s/{}", web_support::PUBLIC),
        "/".to_string(),
        "/?q=alice".to_string(),
        "/stats".to_string(),
        format!("/t/{}/standings.png", f.tournament),
    ];
    for p in &pages {
        let (status, _, _) = get(&r, p).await;
        assert_eq!(status, StatusCode::OK, "{p} before the outage");
    }
    outage(&f);
    for p in &pages {
        let (status, headers, body) = get(&r, p).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{p}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    }
}

/// The real server on a loopback port, `per_address` connections each.
async fn serving(f: &Fixture, per_address: usize) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let r = router(f.app.clone(), RateLimit::off());
    tokio::spawn(tawlbot::web::serve_with(
        listener,
        r,
        per_address,
        std::future::pending(),
    ));
    addr
}

/// A connection to `to` from the loopback address `from`.
async fn connect_from(from: &str, to: SocketAddr) -> tokio::net::TcpStream {
    let s = tokio::net::TcpSocket::new_v4().unwrap();
    s.bind(format!("{from}:0").parse().unwrap()).unwrap();
    s.connect(to).await.unwrap()
}

/// Sends `head` (a whole request head) and reads the answer to its end.
async fn ask(mut s: tokio::net::TcpStream, head: &str) -> String {
    let _ = s.write_all(head.as_bytes()).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).to_string()
}

fn head(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_bounded_number_of_connections() {
    let f = fixture();
    let addr = serving(&f, 4).await;
    let page = head(&format!("/g/{}", f.finished));
    // Four idle sockets from one address: its share.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(connect_from("127.0.0.1", addr).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A fifth from that address is told so and closed at once.
    let fifth = ask(connect_from("127.0.0.1", addr).await, &page).await;
    assert!(
        fifth.is_empty() || fifth.starts_with("HTTP/1.1 503"),
        "{fifth}"
    );
    // Another address is served without waiting.
    let t = std::time::Instant::now();
    let other = ask(connect_from("127.0.0.2", addr).await, &page).await;
    assert!(other.starts_with("HTTP/1.1 200"), "{other}");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    // One idle socket closed: its place is free again.
    drop(idle.pop());
    let mut served = String::new();
    for _ in 0..50 {
        served = ask(connect_from("127.0.0.1", addr).await, &page).await;
        if served.starts_with("HTTP/1.1 200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(served.starts_with("HTTP/1.1 200"), "{served}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_heads_stop_at_64_kib() {
    let f = fixture();
    let addr = serving(&f, 32).await;
    let path = format!("/g/{}", f.finished);
    let padded = |n: usize| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nX-Pad: {}\r\nConnection: close\r\n\r\n",
            "a".repeat(n)
        )
    };
    let fits = ask(connect_from("127.0.0.1", addr).await, &padded(60_000)).await;
    assert!(
        fits.starts_with("HTTP/1.1 200"),
        "{}",
        &fits[..fits.len().min(200)]
    );
    for n in [70_000, 100_000] {
        let big = ask(connect_from("127.0.0.1", addr).await, &padded(n)).await;
        assert!(
            big.starts_with("HTTP/1.1 431"),
            "a head of {n} bytes: {}",
            &big[..big.len().min(200)]
        );
    }
}

/// A public game whose stored move is 10 MB of nonsense: its page is a
/// 503 (the archive failed to read it; a 404 would say it is missing), and
/// what is logged of it, or said in the error, is its first 200
/// characters, not 10 MB a request.
#[tokio::test]
async fn an_unreadable_game_is_a_503_with_a_short_log_line() {
    let f = fixture();
    let huge = "z".repeat(10 << 20);
    let id = f.finished;
    if f.db.starts_with("postgres") {
        let (url, huge) = (f.db.clone(), huge.clone());
        off_runtime(move || {
            let mut c = ::postgres::Client::connect(&url, ::postgres::NoTls).unwrap();
            c.execute(
                "UPDATE moves SET text = $1 WHERE game_id = $2 AND number = 0",
                &[&huge, &id.0],
            )
            .unwrap();
        });
    } else {
        let c = rusqlite::Connection::open(&f.db).unwrap();
        c.execute(
            "UPDATE moves SET text = ?1 WHERE game_id = ?2 AND number = 0",
            rusqlite::params![huge, id.0],
        )
        .unwrap();
    }
    let r = router(f.app.clone(), RateLimit::off());
    for p in [
        format!("/g/{id}"),
        format!("/g/{id}/board.png"),
        format!("/g/{id}/game.otn"),
    ] {
        let (status, _, _) = get(&r, &p).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{p}");
    }
    // What this thread logs while the app reads the game, and the error.
    #[derive(Clone, Default)]
    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let sink = Sink::default();
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    let app = f.app.clone();
    let e = off_runtime(move || {
        tracing::subscriber::with_default(subscriber, || {
            app.archive_game(id, None, tawlbot::i18n::Lang::En)
                .map(|_| ())
                .unwrap_err()
        })
    });
    let said = e.to_string();
    assert!(said.len() < 1_000, "{} bytes", said.len());
    assert!(said.contains("more characters"), "{said}");
    let logged = sink.0.lock().unwrap().len();
    assert!(logged < 4_000, "{logged} bytes logged");
}

on_postgres!(
    an_unreadable_game_is_a_503_with_a_short_log_line,
    readers_of_one_gif_at_once_build_it_once,
    a_gif_costs_the_rate_limit_by_its_length,
    a_path_that_does_not_decode_is_a_404_page,
    during_an_outage_every_page_is_a_503,
);
