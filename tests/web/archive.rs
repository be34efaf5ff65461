//! The web archive through axum's `oneshot`: status codes, headers (CSP,
//! framing, caching), the pages of a finished game, a running game, a
//! tournament, a player and a server, privacy (a private server's pages and
//! a DM game answer the very 404 a missing id does) and escaping. The
//! `postgres::` twins serve the same archive from PostgreSQL.

use crate::backends;
use crate::web_support;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use tawlbot::store::prelude::*;
use tawlbot::store::{EndReason, GameResult, NewGame, NewMove};
use tower::ServiceExt;

use tawlbot::web::{router, RateLimit};
use web_support::{Fixture, QUOTE_NAME, SCRIPT_NAME};

/// The archive's database on the current backend: on PostgreSQL, the
/// SQLite fixture copied there by `migrate-db` (every id kept), the app
/// over a PostgresStore.
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

/// Runs `f` on a thread of its own: the PostgreSQL store's blocking client
/// may not run on an async test's runtime (the web server itself calls
/// the store in `spawn_blocking`).
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

struct Got {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Got {
    /// The body as text, without the catalogue's isolation marks.
    fn text(&self) -> String {
        tawlbot::i18n::without_isolation(&String::from_utf8(self.body.clone()).expect("utf-8"))
    }
    fn header(&self, h: header::HeaderName) -> &str {
        self.headers
            .get(&h)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("no {h} header: {:?}", self.headers))
    }
}

async fn get_with(r: &Router, path: &str, headers: &[(header::HeaderName, &str)]) -> Got {
    let mut req = Request::builder().uri(path);
    for (k, v) in headers {
        req = req.header(k, *v);
    }
    let resp = r
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = axum::body::to_bytes(resp.into_body(), 64 << 20)
        .await
        .unwrap()
        .to_vec();
    Got {
        status,
        headers,
        body,
    }
}

async fn get(r: &Router, path: &str) -> Got {
    get_with(r, path, &[]).await
}

fn app_router(f: &Fixture) -> Router {
    router(f.app.clone(), RateLimit::off())
}

/// Every page: the strict policy, no framing, no sniffing, no inline script.
fn assert_strict(g: &Got) {
    let csp = g.header(header::CONTENT_SECURITY_POLICY);
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(g.header(header::X_FRAME_OPTIONS), "DENY");
    assert_eq!(g.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    let html = g.text();
    for (i, _) in html.match_indices("<script") {
        let tag = &html[i..i + html[i..].find('>').unwrap()];
        assert!(tag.contains(" src=\"/static/"), "inline script: {tag}");
    }
    assert!(!html.contains(" style=\""), "inline style");
    // No event-handler attribute in any tag.
    for name in attribute_names(&html) {
        assert!(!name.starts_with("on"), "an event attribute: {name}");
    }
}

/// The names of every attribute of every tag (values skipped, quoted or not).
fn attribute_names(html: &str) -> Vec<String> {
    let b = html.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        // The tag's name.
        i += 1;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'>' {
            i += 1;
        }
        // Its attributes.
        while i < b.len() && b[i] != b'>' {
            while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
                i += 1;
            }
            let start = i;
            while i < b.len() && !b" =>".contains(&b[i]) {
                i += 1;
            }
            if i > start {
                names.push(html[start..i].to_ascii_lowercase());
            }
            if i < b.len() && b[i] == b'=' {
                i += 1;
                if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                    let q = b[i];
                    i += 1;
                    while i < b.len() && b[i] != q {
                        i += 1;
                    }
                    i += 1;
                } else {
                    while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'>' {
                        i += 1;
                    }
                }
            }
        }
    }
    names
}

/// No name reaches the page unescaped.
fn assert_escaped(html: &str) {
    assert!(!html.contains(SCRIPT_NAME), "{html}");
    assert!(!html.contains(QUOTE_NAME), "{html}");
    assert!(!html.contains("<b>Cup"), "{html}");
    assert!(!html.contains("<i>Tafl"), "{html}");
}

#[tokio::test]
async fn a_finished_game_at_every_ply_with_caching() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, &format!("/g/{}", f.finished)).await;
    assert_eq!(g.status, StatusCode::OK, "{}", g.text());
    assert_eq!(g.header(header::CONTENT_TYPE), "text/html; charset=utf-8");
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    assert!(html.contains("<html lang=\"en\">"), "{html}");
    // The title names both players, escaped.
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(
        html.contains("&quot;onmouseover=alert(1) x=&quot;"),
        "{html}"
    );
    // Ten moves in five numbered rows (by turn, as OTN: "1. e1-e4
    // e9-e6"), each move a link to its ply; the last one is current.
    let ply_link = format!("<a href=\"/g/{}?ply=", f.finished);
    let list = html.split("<ol class=\"moves\">").nth(1).expect(&html);
    assert_eq!(list.matches(&ply_link).count(), 10, "{html}");
    assert_eq!(
        html.matches("<li><span class=\"turn\">").count(),
        5,
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "<li><span class=\"turn\">2.</span> <a href=\"/g/{0}?ply=3\">",
            f.finished
        )),
        "{html}"
    );
    assert!(
        html.contains(&format!("<a href=\"/g/{0}?ply=4\">", f.finished)),
        "{html}"
    );
    assert!(html.contains(&format!(
        "href=\"/g/{}?ply=10\" aria-current=\"step\"",
        f.finished
    )));
    assert!(
        html.contains("5 moves · Defenders win: king escaped"),
        "{html}"
    );
    assert!(html.contains("Tawlbwrdd"), "{html}");
    assert!(html.contains("king"), "the result and its reason: {html}");
    // The board picture and its alt text, the step links, the downloads.
    assert!(html.contains(&format!("src=\"/g/{}/board.png?ply=10\"", f.finished)));
    assert!(html.contains("<img id=\"board\""), "{html}");
    assert!(
        html.contains(&format!("id=\"prev\" href=\"/g/{}?ply=9\"", f.finished)),
        "{html}"
    );
    assert!(
        html.contains("id=\"next\" aria-disabled=\"true\""),
        "{html}"
    );
    for d in ["game.otn", "record.txt", "game.gif"] {
        assert!(html.contains(&format!("/g/{}/{d}", f.finished)), "{d}");
    }
    // Finished: cacheable, and a 304 for a client that has it.
    let etag = g.header(header::ETAG).to_string();
    let modified = g.header(header::LAST_MODIFIED).to_string();
    assert!(etag.starts_with("W/\""), "{etag}");
    assert!(g.header(header::CACHE_CONTROL).contains("max-age"));
    let again = get_with(
        &r,
        &format!("/g/{}", f.finished),
        &[(header::IF_NONE_MATCH, &etag)],
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header(header::ETAG), etag);
    let since = get_with(
        &r,
        &format!("/g/{}", f.finished),
        &[(header::IF_MODIFIED_SINCE, &modified)],
    )
    .await;
    assert_eq!(since.status, StatusCode::NOT_MODIFIED);
    // Another ply is another page with another tag.
    let p3 = get_with(
        &r,
        &format!("/g/{}?ply=3", f.finished),
        &[(header::IF_NONE_MATCH, &etag)],
    )
    .await;
    assert_eq!(p3.status, StatusCode::OK);
    assert_ne!(p3.header(header::ETAG), etag);
    let html3 = p3.text();
    assert!(
        html3.contains("<p id=\"ply\" aria-live=\"polite\">Move 2 · "),
        "{html3}"
    );
    assert!(html3.contains("to move (defenders)</p>"), "{html3}");
    assert!(html3.contains(&format!("id=\"next\" href=\"/g/{}?ply=4\"", f.finished)));
    // The board at ply 3 is a PNG, cacheable too.
    let png = get(&r, &format!("/g/{}/board.png?ply=3", f.finished)).await;
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.header(header::CONTENT_TYPE), "image/png");
    assert!(png.body.starts_with(b"\x89PNG"));
    assert!(png.headers.contains_key(header::ETAG));
}

#[tokio::test]
async fn query_values_are_bounded() {
    let f = fixture();
    let r = app_router(&f);
    for q in [
        "ply=99999999",
        "ply=18446744073709551616",
        "ply=-1",
        "ply=abc",
        "ply=%ff",
    ] {
        let g = get(&r, &format!("/g/{}?{q}", f.finished)).await;
        assert_eq!(g.status, StatusCode::OK, "{q}");
        assert!(
            g.text().contains("5 moves · Defenders win: king escaped"),
            "{q}"
        );
        let png = get(&r, &format!("/g/{}/board.png?{q}", f.finished)).await;
        assert_eq!(png.status, StatusCode::OK, "{q}");
    }
    let start = get(&r, &format!("/g/{}?ply=0", f.finished)).await;
    assert!(start
        .text()
        .contains("The starting position (5 moves in all) · Move 1 · "));
    assert!(start.text().contains("id=\"prev\" aria-disabled=\"true\""));
    for path in [
        "/g/0".to_string(),
        "/g/-5".to_string(),
        "/g/99999999999999999999999".to_string(),
        "/g/abc".to_string(),
        format!("/p/alice?page=4294967296&{}", "x=".repeat(1000)),
        "/p/%3Cscript%3E".to_string(),
        "/nothing/here".to_string(),
    ] {
        let g = get(&r, &path).await;
        assert!(
            g.status == StatusCode::NOT_FOUND || g.status == StatusCode::OK,
            "{path}: {}",
            g.status
        );
        assert_strict(&g);
    }
    assert_eq!(get(&r, "/g/abc").await.status, StatusCode::NOT_FOUND);
    // A huge page number is the last page the archive goes to, not a panic.
    let p = get(&r, "/p/alice?page=99999999").await;
    assert_eq!(p.status, StatusCode::OK);
}

#[tokio::test]
async fn a_running_game_is_never_cached() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, &format!("/g/{}", f.running)).await;
    assert_eq!(g.status, StatusCode::OK);
    assert_strict(&g);
    let html = g.text();
    assert!(html.contains("In play"), "{html}");
    assert!(
        html.contains("<p id=\"ply\" aria-live=\"polite\">Move 2 · "),
        "{html}"
    );
    assert!(html.contains("The player to move has until"), "{html}");
    assert!(!g.headers.contains_key(header::ETAG));
    assert_eq!(g.header(header::CACHE_CONTROL), "no-cache");
    let again = get_with(
        &r,
        &format!("/g/{}", f.running),
        &[(header::IF_NONE_MATCH, "*")],
    )
    .await;
    assert_eq!(again.status, StatusCode::OK);
}

#[tokio::test]
async fn a_tournament_page_has_standings_crosstable_and_rounds() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, &format!("/t/{}", f.tournament)).await;
    assert_eq!(g.status, StatusCode::OK, "{}", g.text());
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    assert!(html.contains("Spring &lt;b&gt;Cup&lt;/b&gt;"), "{html}");
    for s in ["Standings", "Crosstable", "Round 1", "round robin"] {
        assert!(
            html.to_lowercase().contains(&s.to_lowercase()),
            "{s}: {html}"
        );
    }
    assert!(
        html.contains(&format!("href=\"/g/{}\"", f.tournament_game)),
        "{html}"
    );
    assert!(html.contains("href=\"/p/alice\""), "{html}");
    // The game links back to its tournament.
    let game = get(&r, &format!("/g/{}", f.tournament_game)).await.text();
    assert!(
        game.contains(&format!("href=\"/t/{}\"", f.tournament)),
        "{game}"
    );
    assert!(game.contains("round 1"), "{game}");
}

#[tokio::test]
async fn a_player_page_has_ratings_a_graph_and_games() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, "/p/alice").await;
    assert_eq!(g.status, StatusCode::OK, "{}", g.text());
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    assert!(html.contains("Player: &lt;script&gt;"), "{html}");
    assert!(html.contains("Ratings"), "{html}");
    let src = "/p/alice/rating.png?server=console&amp;variant=tawlbwrdd";
    assert!(html.contains(src), "{html}");
    assert!(
        html.contains("Rating after each of 2 rated games"),
        "{html}"
    );
    for id in [f.finished, f.running, f.tournament_game] {
        assert!(html.contains(&format!("href=\"/g/{id}\"")), "{id}: {html}");
    }
    // Not the private server's game, nor the DM game.
    for id in [f.private, f.dm] {
        assert!(!html.contains(&format!("href=\"/g/{id}\"")), "{id}: {html}");
    }
    let png = get(&r, "/p/alice/rating.png?server=console&variant=tawlbwrdd").await;
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.header(header::CONTENT_TYPE), "image/png");
    // Paging: bob has two games on the public server, one page.
    let bob = get(&r, "/p/bob").await.text();
    assert!(!bob.contains("rel=\"next\""), "{bob}");
    let empty = get(&r, "/p/bob?page=3").await.text();
    assert!(
        empty.contains("No games yet.") && empty.contains("rel=\"prev\""),
        "{empty}"
    );
}

#[tokio::test]
async fn a_server_page_has_leaderboards_tournaments_and_games() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, "/s/console").await;
    assert_eq!(g.status, StatusCode::OK);
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    assert!(html.contains("The &lt;i&gt;Tafl&lt;/i&gt; Hall"), "{html}");
    assert!(
        html.contains("Leaderboards") && html.contains("Tawlbwrdd"),
        "{html}"
    );
    assert!(
        html.contains(&format!("href=\"/t/{}\"", f.tournament)),
        "{html}"
    );
    assert!(html.contains(&format!("href=\"/g/{}\"", f.long)), "{html}");
}

#[tokio::test]
async fn private_and_direct_message_pages_are_missing_pages() {
    let f = fixture();
    let r = app_router(&f);
    let missing = get(&r, "/g/987654").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_strict(&missing);
    let same = |g: &Got, what: &str| {
        assert_eq!(g.status, StatusCode::NOT_FOUND, "{what}");
        assert_eq!(g.body, missing.body, "{what}");
        let mut a = g.headers.clone();
        let mut b = missing.headers.clone();
        a.remove(header::CONTENT_LENGTH);
        b.remove(header::CONTENT_LENGTH);
        assert_eq!(a, b, "{what}");
    };
    for path in [
        format!("/g/{}", f.private),
        format!("/g/{}/board.png", f.private),
        format!("/g/{}/game.otn", f.private),
        format!("/embed/g/{}", f.private),
        format!("/g/{}", f.dm),
        format!("/g/{}/record.txt", f.dm),
        "/s/guild-private".into(),
        "/s/dm:alice".into(),
        "/p/bot".into(),
    ] {
        let g = get(&r, &path).await;
        if path.starts_with("/embed/") {
            assert_eq!(g.status, StatusCode::NOT_FOUND);
            assert_eq!(g.body, missing.body);
        } else {
            same(&g, &path);
        }
    }
    // DM games stay private even if a row says otherwise.
    off_runtime(|| {
        f.store
            .set_archive_public(&"dm:alice".into(), true)
            .unwrap()
    });
    same(&get(&r, &format!("/g/{}", f.dm)).await, "dm, flag set");
    // A private server: its games are missing; made public, there.
    off_runtime(|| {
        f.store
            .set_archive_public(&web_support::PRIVATE.into(), true)
            .unwrap()
    });
    assert_eq!(
        get(&r, &format!("/g/{}", f.private)).await.status,
        StatusCode::OK
    );
    // The whole public server made private again: everything is missing.
    off_runtime(|| {
        f.store
            .set_archive_public(&web_support::PUBLIC.into(), false)
            .unwrap()
    });
    for path in [
        format!("/g/{}", f.finished),
        format!("/t/{}", f.tournament),
        "/s/console".into(),
        "/p/carol".into(),
    ] {
        same(&get(&r, &path).await, &path);
    }
}

#[tokio::test]
async fn only_the_embed_may_be_framed() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, &format!("/embed/g/{}?ply=2", f.finished)).await;
    assert_eq!(g.status, StatusCode::OK);
    let csp = g.header(header::CONTENT_SECURITY_POLICY);
    assert!(csp.contains("frame-ancestors *"), "{csp}");
    assert!(!g.headers.contains_key(header::X_FRAME_OPTIONS));
    let html = g.text();
    assert_escaped(&html);
    assert!(
        html.contains("<p id=\"ply\" aria-live=\"polite\">Move 2 · "),
        "{html}"
    );
    assert!(html.contains("to move (attackers)</p>"), "{html}");
    assert!(html.contains(&format!("href=\"/embed/g/{}?ply=3\"", f.finished)));
    assert!(html.contains(&format!("href=\"/g/{}?ply=2\"", f.finished)));
    for path in [format!("/g/{}", f.finished), "/p/alice".into(), "/".into()] {
        let g = get(&r, &path).await;
        assert!(g
            .header(header::CONTENT_SECURITY_POLICY)
            .contains("frame-ancestors 'none'"));
    }
}

#[tokio::test]
async fn pages_speak_welsh_by_query_or_header() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, &format!("/g/{}?lang=cy&ply=3", f.finished)).await;
    let html = g.text();
    assert!(html.contains("<html lang=\"cy\">"), "{html}");
    assert!(
        html.contains("<p id=\"ply\" aria-live=\"polite\">Symudiad 2 · "),
        "{html}"
    );
    assert!(html.contains("Nesaf"), "{html}");
    // Links keep the chosen language.
    assert!(
        html.contains(&format!("href=\"/g/{}?ply=4&amp;lang=cy\"", f.finished)),
        "{html}"
    );
    assert_eq!(g.header(header::CONTENT_LANGUAGE), "cy");
    let h = get_with(
        &r,
        &format!("/g/{}", f.finished),
        &[(header::ACCEPT_LANGUAGE, "cy-GB,cy;q=0.9,en;q=0.5")],
    )
    .await;
    assert!(h.text().contains("<html lang=\"cy\">"));
    // ?lang=en wins over the header; the 404 page is Welsh too.
    let e = get_with(&r, "/g/1?lang=en", &[(header::ACCEPT_LANGUAGE, "cy")]).await;
    assert!(e.text().contains("<html lang=\"en\">"));
    let nf = get_with(&r, "/g/9999", &[(header::ACCEPT_LANGUAGE, "cy")]).await;
    assert!(nf.text().contains("Does dim byd yma"), "{}", nf.text());
}

#[tokio::test]
async fn downloads_and_assets() {
    let f = fixture();
    let r = app_router(&f);
    let otn = get(&r, &format!("/g/{}/game.otn", f.finished)).await;
    assert_eq!(otn.status, StatusCode::OK);
    assert!(otn
        .header(header::CONTENT_DISPOSITION)
        .contains("attachment"));
    assert!(
        otn.text().contains("e2-c2") || otn.text().contains("[Variant"),
        "{}",
        otn.text()
    );
    let rec = get(&r, &format!("/g/{}/record.txt", f.finished)).await;
    assert!(rec.text().contains("Variant"), "{}", rec.text());
    let gif = get(&r, &format!("/g/{}/game.gif", f.finished)).await;
    assert_eq!(gif.header(header::CONTENT_TYPE), "image/gif");
    assert!(gif.body.starts_with(b"GIF89a"));
    let js = get(&r, "/static/archive.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js
        .header(header::CONTENT_TYPE)
        .starts_with("text/javascript"));
    let css = get(&r, "/static/archive.css").await;
    assert!(css.header(header::CONTENT_TYPE).starts_with("text/css"));
    // Only GET and HEAD.
    let post = r
        .clone()
        .oneshot(
            Request::builder()
                .method("POST")
                .uri(format!("/g/{}", f.finished))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn the_rate_limit_answers_429_per_address() {
    let f = fixture();
    let r = router(f.app.clone(), RateLimit::new(1, 3));
    let from = |ip: &str| {
        let mut req = Request::builder()
            .uri("/static/archive.css")
            .body(Body::empty())
            .unwrap();
        req.extensions_mut()
            .insert(tawlbot::web::Peer(ip.parse().unwrap()));
        req
    };
    for _ in 0..3 {
        let resp = r.clone().oneshot(from("10.1.1.1")).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
    }
    let resp = r.clone().oneshot(from("10.1.1.1")).await.unwrap();
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.headers().contains_key(header::RETRY_AFTER));
    assert!(resp.headers().contains_key(header::CONTENT_SECURITY_POLICY));
    let other = r.clone().oneshot(from("10.1.1.2")).await.unwrap();
    assert_eq!(other.status(), StatusCode::OK);
}

/// `/settings archive:` through the console: Manage Server only; the
/// answer names the link when there is a public URL.
#[test]
fn settings_archive_needs_manage_server() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    let store = tawlbot::store::SqliteStore::open(&db).unwrap();
    let mut c = tawlbot::console::Console::new(store.clone(), dir.path().join("out"), Vec::new());
    c.run(
        [
            "alice@general: /settings archive:public",
            ":admin olga",
            "olga@general: /settings archive:sideways",
            "olga@general: /settings archive:public",
        ]
        .join("\n")
        .as_bytes(),
    );
    let out = tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap());
    assert!(
        out.contains("(to alice) Only someone with the Manage Server permission"),
        "{out}"
    );
    assert!(
        out.contains("(to olga) The archive can be public or private"),
        "{out}"
    );
    assert!(
        out.contains("general> This server's games, tournaments and players are now public"),
        "{out}"
    );
    assert!(store
        .archive_public(&tawlbot::console::SERVER.into())
        .unwrap());
    let mut c = tawlbot::console::Console::new(store.clone(), dir.path().join("out"), Vec::new());
    c.run(":admin olga\nolga@general: /settings archive:private".as_bytes());
    assert!(!store
        .archive_public(&tawlbot::console::SERVER.into())
        .unwrap());
}

/// With a public URL and a public server, `/export` and `/tournament info`
/// carry the link; while private, they do not.
#[test]
fn export_and_tournament_info_link_to_the_archive() {
    let f = fixture();
    let mut c =
        tawlbot::console::Console::with_app(f.app.clone(), f.dir.path().join("out2"), Vec::new());
    c.run(
        [
            "carol@long: /export format:otn",
            "carol@general: /tournament info",
        ]
        .join("\n")
        .as_bytes(),
    );
    let out = tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap());
    assert!(
        out.contains(&format!("On the web: https://archive.example/g/{}", f.long)),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "On the web: https://archive.example/t/{}",
            f.tournament
        )),
        "{out}"
    );
    f.store
        .set_archive_public(&web_support::PUBLIC.into(), false)
        .unwrap();
    let mut c =
        tawlbot::console::Console::with_app(f.app.clone(), f.dir.path().join("out3"), Vec::new());
    c.run("carol@long: /export format:otn".as_bytes());
    let out = tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap());
    assert!(!out.contains("On the web"), "{out}");
}

/// Writes the fixture's database to `$TAWLBOT_WEB_DB_DIR/web.db` and keeps
/// it: the database of the `wrk` run in docs/web.md.
#[test]
#[ignore = "writes a database for the wrk run (docs/web.md)"]
fn write_the_database_for_wrk() {
    let dir = std::env::var("TAWLBOT_WEB_DB_DIR").expect("TAWLBOT_WEB_DB_DIR");
    let tmp = tempfile::Builder::new().tempdir_in(&dir).unwrap();
    let f = web_support::fixture_in(tmp);
    // A player who plays only on a private server and in DMs (the timing
    // of their 404 against a missing id's, docs/web.md "Privacy").
    web_support::stored_game(
        &*f.store,
        web_support::PRIVATE,
        "secret-room",
        ["secretplayer", "dora"],
        6,
        true,
        1_767_300_000,
    );
    web_support::stored_game(
        &*f.store,
        "dm:secretplayer",
        "dm-secret",
        ["secretplayer", "bot"],
        4,
        false,
        1_767_300_000,
    );
    let kept = f.dir.keep();
    println!(
        "database {} game {} private game {}",
        kept.join("web.db").display(),
        f.long,
        f.private
    );
}

/// `tawlbot web --db PATH --addr 127.0.0.1:0`: the real server (hyper, the
/// accept loop, the guard) answers over TCP; a client that sends half a
/// request head does not hold up the next one.
#[test]
fn the_web_command_serves_the_archive() {
    use std::io::{BufRead, BufReader, Read, Write};
    let f = fixture();
    let db = &f.db;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .args(["web", "--db"])
        .arg(db)
        .args(["--addr", "127.0.0.1:0"])
        .env("WEB_RATE_LIMIT", "0")
        .env_remove("DATABASE_PATH")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let _child = Kill(child);
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("web archive on http://")
        .unwrap_or_else(|| panic!("{line:?}"))
        .to_string();
    // A slow client: half a head, left open.
    let mut slow = std::net::TcpStream::connect(&addr).unwrap();
    slow.write_all(b"GET /g/1 HTTP/1.1\r\nHost: x\r\n").unwrap();
    let get = |path: &str| {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    };
    let page = get(&format!("/g/{}?ply=4", f.finished));
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    let page = tawlbot::i18n::without_isolation(&page);
    assert!(page.contains("Move 3 · "), "{page}");
    assert!(page
        .to_lowercase()
        .contains("content-security-policy: default-src 'none'"));
    let missing = get(&format!("/g/{}", f.private));
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    drop(slow);
}

/// A game against the bot shows the bot's level.
#[tokio::test]
async fn a_bot_game_shows_the_bots_level() {
    let f = fixture();
    let store = f.store.clone();
    let id = off_runtime(move || {
        store
            .create_game(&tawlbot::store::NewGame {
                server_id: web_support::PUBLIC.into(),
                channel_id: "bots".into(),
                variant: "tawlbwrdd".into(),
                seed: 3,
                first_side: tawlbot::rules::Side::First,
                first_player: "alice".into(),
                second_player: tawlbot::app::BOT_ID.into(),
                settings: tawlbot::domain::GameSettings {
                    bot_level: Some(4),
                    ..Default::default()
                },
                created_at: 1_767_300_000,
                ..tawlbot::store::NewGame::default()
            })
            .unwrap()
    });
    let r = app_router(&f);
    let g = get(&r, &format!("/g/{id}")).await;
    assert_eq!(g.status, StatusCode::OK);
    let html = g.text();
    assert!(html.contains("tawlbot (level 4)"), "{html}");
}

/// `/puzzles/{n}`: the position (title, OTN, the board's
/// picture with alt text) under the strict policy; the solution only once
/// asked, by a plain link; a missing number is a 404; Welsh by the query.
#[tokio::test]
async fn a_puzzle_page_shows_its_position_and_its_solution_once_asked() {
    let f = fixture();
    let r = app_router(&f);
    let p = tawlbot::puzzles::shipped().unwrap()[4].clone();
    let g = get(&r, "/puzzles/5").await;
    assert_eq!(g.status, StatusCode::OK);
    assert_strict(&g);
    let html = g.text();
    assert!(html.contains("<h1>Puzzle 5: "), "{html}");
    assert!(
        html.contains(&format!("to play and win in {}.", p.length)),
        "{html}"
    );
    assert!(html.contains(&p.position), "{html}");
    assert!(
        html.contains("src=\"/puzzles/5/board.png\" alt=\""),
        "{html}"
    );
    assert!(html.contains("href=\"/puzzles/5?solution=1\""), "{html}");
    assert!(!html.contains("<ol>"), "{html}");
    let game = p.game().unwrap();
    let first = tawlbot::notation::format_move(game.rules(), &p.main_line()[0]);
    assert!(!html.contains(&format!("<li>{first}</li>")), "{html}");
    let s = get(&r, "/puzzles/5?solution=1").await;
    assert_strict(&s);
    assert!(
        s.text().contains(&format!("<li>{first}</li>")),
        "{}",
        s.text()
    );
    let png = get(&r, "/puzzles/5/board.png").await;
    assert_eq!(png.status, StatusCode::OK);
    assert!(png.body.starts_with(b"\x89PNG"));
    assert_eq!(
        get(&r, "/puzzles/100000").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(get(&r, "/puzzles/x").await.status, StatusCode::NOT_FOUND);
    let cy = get(&r, "/puzzles/5?lang=cy").await.text();
    assert!(cy.contains("<h1>Pos 5: "), "{cy}");
    assert!(cy.contains("Dangos yr ateb"), "{cy}");
}

/// The `content` of the first `<meta>` whose property or name is `key`.
fn meta(html: &str, key: &str) -> String {
    for attr in ["property", "name"] {
        let pat = format!("<meta {attr}=\"{key}\" content=\"");
        if let Some(i) = html.find(&pat) {
            let rest = &html[i + pat.len()..];
            return rest[..rest.find('"').unwrap()].replace("&amp;", "&");
        }
    }
    panic!("no meta {key}: {html}")
}

/// The width and height in a PNG's header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&png[16..20]), be(&png[20..24]))
}

#[tokio::test]
async fn the_front_page_lists_public_games_tournaments_servers_and_finds_players() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, "/").await;
    assert_eq!(g.status, StatusCode::OK, "{}", g.text());
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    // Running and finished games of the public server, newest first.
    for id in [f.finished, f.running, f.tournament_game, f.long] {
        assert!(html.contains(&format!("href=\"/g/{id}\"")), "{id}: {html}");
    }
    let at = |id: GameId| html.find(&format!("href=\"/g/{id}\"")).unwrap();
    assert!(at(f.long) < at(f.finished), "newest first: {html}");
    // Never the private server's, nor a direct message's.
    for id in [f.private, f.dm] {
        assert!(!html.contains(&format!("href=\"/g/{id}\"")), "{id}: {html}");
    }
    assert!(
        html.contains(&format!("href=\"/t/{}\"", f.tournament)),
        "{html}"
    );
    assert!(html.contains("href=\"/s/console\""), "{html}");
    assert!(html.contains("The &lt;i&gt;Tafl&lt;/i&gt; Hall"), "{html}");
    assert!(!html.contains(web_support::PRIVATE), "{html}");
    assert!(html.contains("href=\"/stats\""), "{html}");
    // The search form goes to this site (the CSP allows it).
    assert!(
        html.contains("<form class=\"search\" action=\"/\" method=\"get\""),
        "{html}"
    );
    assert!(g
        .header(header::CONTENT_SECURITY_POLICY)
        .contains("form-action 'self'"));
    // A search by part of a name, in any case.
    let found = get(&r, "/?q=SCRIPT").await.text();
    assert_escaped(&found);
    assert!(found.contains("href=\"/p/alice\""), "{found}");
    assert!(
        !found.contains("Players whose name contains “SCRIPT”</h2><ul><li><a href=\"/p/bob\""),
        "{found}"
    );
    let none = get(&r, "/?q=zzzz").await.text();
    assert!(
        none.contains("No public player has a name like that."),
        "{none}"
    );
    // `%` and `_` are letters, not patterns.
    let pct = get(&r, "/?q=%25").await.text();
    assert!(
        pct.contains("No public player has a name like that."),
        "{pct}"
    );
    // Olga only organised: she has no public game, so no page to find.
    let olga = get(&r, "/?q=olga").await.text();
    assert!(
        olga.contains("No public player has a name like that."),
        "{olga}"
    );
    // Paged: a page past the end has no games and a link back.
    let far = get(&r, "/?page=7").await.text();
    assert!(
        far.contains("No games yet.") && far.contains("rel=\"prev\""),
        "{far}"
    );
    // The puzzle of the day, from the shipped set: a link to
    // its page, its title in words.
    assert!(
        html.contains("<p class=\"puzzle\"><a href=\"/puzzles/")
            && html.contains("Puzzle of the day — Puzzle "),
        "{html}"
    );
    // Welsh.
    let cy = get(&r, "/?lang=cy&q=script").await.text();
    assert!(cy.contains("Chwaraewyr y mae eu henw yn cynnwys"), "{cy}");
    assert!(cy.contains("href=\"/p/alice?lang=cy\""), "{cy}");
    assert!(cy.contains("Pos y dydd — Pos "), "{cy}");
}

#[tokio::test]
async fn pages_carry_link_previews_with_a_picture() {
    let f = fixture();
    let r = app_router(&f);
    let html = get(&r, &format!("/g/{}?ply=3", f.finished)).await.text();
    assert_eq!(
        meta(&html, "og:title"),
        "&quot;onmouseover=alert(1) x=&quot; v &lt;script&gt;alert(1)&lt;/script&gt; · Tawlbwrdd"
    );
    assert!(
        meta(&html, "og:description").starts_with("Move 2 · "),
        "{html}"
    );
    let image = meta(&html, "og:image");
    let path = format!("/g/{}/board.png?ply=3&lang=en", f.finished);
    assert_eq!(image, format!("https://archive.example{path}"));
    assert_eq!(meta(&html, "twitter:card"), "summary_large_image");
    assert!(
        meta(&html, "og:image:alt").starts_with("Tawlbwrdd, move 2."),
        "{html}"
    );
    assert_eq!(
        meta(&html, "og:url"),
        format!("https://archive.example/g/{}?ply=3", f.finished)
    );
    // The picture is a PNG of the size the tags give; the second fetch
    // comes from the cache (the same bytes).
    let t0 = std::time::Instant::now();
    let png = get(&r, &path).await;
    let first = t0.elapsed();
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.header(header::CONTENT_TYPE), "image/png");
    let (w, h) = png_size(&png.body);
    assert_eq!(
        (w.to_string(), h.to_string()),
        (
            meta(&html, "og:image:width"),
            meta(&html, "og:image:height")
        )
    );
    let t1 = std::time::Instant::now();
    let again = get(&r, &path).await;
    let second = t1.elapsed();
    assert_eq!(again.body, png.body);
    eprintln!("board.png: drawn {first:?}, from the cache {second:?}");
    // At the end: the result in words.
    let end = get(&r, &format!("/g/{}", f.finished)).await.text();
    assert!(
        meta(&end, "og:description").contains("Defenders win"),
        "{end}"
    );
    // A tournament: the standings picture.
    let t = get(&r, &format!("/t/{}", f.tournament)).await.text();
    let timage = meta(&t, "og:image");
    assert!(
        timage.starts_with(&format!(
            "https://archive.example/t/{}/standings.png",
            f.tournament
        )),
        "{timage}"
    );
    let tpng = get(&r, &timage["https://archive.example".len()..]).await;
    assert_eq!(tpng.status, StatusCode::OK);
    let (w, h) = png_size(&tpng.body);
    assert_eq!(
        (w.to_string(), h.to_string()),
        (meta(&t, "og:image:width"), meta(&t, "og:image:height"))
    );
    // A player: their rating graph.
    let p = get(&r, "/p/alice").await.text();
    let pimage = meta(&p, "og:image");
    assert!(
        pimage.contains("/p/alice/rating.png?server=console"),
        "{pimage}"
    );
    let ppng = get(&r, &pimage["https://archive.example".len()..]).await;
    assert_eq!(png_size(&ppng.body), (900, 420));
}

#[tokio::test]
async fn the_game_page_has_its_moves_beside_the_board_and_its_server() {
    let f = fixture();
    let r = app_router(&f);
    let html = get(&r, &format!("/g/{}?ply=3", f.finished)).await.text();
    // Board, moves, facts: in that order (the moves right under the board
    // on a phone).
    let board = html.find("class=\"board\"").unwrap();
    let moves = html.find("class=\"moves\"").unwrap();
    let facts = html.find("class=\"facts\"").unwrap();
    assert!(board < moves && moves < facts, "{html}");
    assert!(
        html.contains("href=\"/s/console\">The &lt;i&gt;Tafl&lt;/i&gt; Hall</a>"),
        "{html}"
    );
    // The clock knew each move's time (the console's moves a second apart).
    assert!(
        html.contains("g2-i2 <span class=\"time\">0:01</span>"),
        "{html}"
    );
    // No analysis is made unless the archive asks for it (the test's app
    // does not): no section.
    assert!(!html.contains("Analysis"), "{html}");
}

#[tokio::test]
async fn the_tournament_page_names_the_winner_and_links_the_crosstable() {
    let f = fixture();
    let r = app_router(&f);
    let html = get(&r, &format!("/t/{}", f.tournament)).await.text();
    let cross = &html[html.find("<table class=\"cross\"").unwrap()..];
    let cross = &cross[..cross.find("</table>").unwrap()];
    assert!(cross.contains("<th scope=\"col\">Points</th>"), "{cross}");
    assert!(
        cross.contains(&format!("<a href=\"/g/{}\">1</a>", f.tournament_game)),
        "{cross}"
    );
    assert!(
        cross.contains(&format!("<a href=\"/g/{}\">0</a>", f.tournament_game)),
        "{cross}"
    );
    assert!(cross.contains("<td class=\"pts\">1</td>"), "{cross}");
    assert!(html.contains("Winner and podium"), "{html}");
    assert!(html.contains("1st <a href=\"/p/alice\">"), "{html}");
    assert!(html.contains("2nd <a href=\"/p/carol\">"), "{html}");
    assert!(html.contains("href=\"/s/console\""), "{html}");
}

#[tokio::test]
async fn the_balance_page_gives_rates_with_intervals() {
    let f = fixture();
    let r = app_router(&f);
    let g = get(&r, "/stats").await;
    assert_eq!(g.status, StatusCode::OK, "{}", g.text());
    assert_strict(&g);
    let html = g.text();
    assert_escaped(&html);
    // The figures, counted here from the store (finished rated games of
    // public servers), and their Wilson intervals.
    let store = f.store.clone();
    let (n, first, second) = off_runtime(move || {
        let games: Vec<_> = store
            .games_on_server_paged(&web_support::PUBLIC.into(), 0, 1000)
            .unwrap()
            .into_iter()
            .filter(|g| {
                g.rated && g.state == tawlbot::store::GameState::Finished && g.result.is_some()
            })
            .collect();
        let won = |i| {
            games
                .iter()
                .filter(|g| g.result.unwrap().winner_index() == Some(i))
                .count() as u64
        };
        (games.len() as u64, won(0), won(1))
    });
    assert!(n >= 2, "{html}");
    for (k, what) in [(first, "attackers"), (second, "defenders")] {
        let w = tawlbot::app::archive::balance::wilson(k, n);
        let cell = format!(
            "{:.1}% ({:.1}–{:.1}%)",
            100.0 * w.rate,
            100.0 * w.low,
            100.0 * w.high
        );
        assert!(html.contains(&cell), "{what}: {cell}: {html}");
    }
    assert!(
        html.contains(&format!("<td class=\"num\">{n}</td>")),
        "{html}"
    );
    assert!(html.contains("The whole archive"), "{html}");
    assert!(html.contains("The &lt;i&gt;Tafl&lt;/i&gt; Hall"), "{html}");
    let cy = get(&r, "/stats?lang=cy").await.text();
    assert!(cy.contains("Yr archif gyfan"), "{cy}");
}

on_postgres!(
    a_puzzle_page_shows_its_position_and_its_solution_once_asked,
    a_finished_game_at_every_ply_with_caching,
    a_running_game_is_never_cached,
    a_tournament_page_has_standings_crosstable_and_rounds,
    a_player_page_has_ratings_a_graph_and_games,
    a_server_page_has_leaderboards_tournaments_and_games,
    private_and_direct_message_pages_are_missing_pages,
    export_and_tournament_info_link_to_the_archive,
    the_web_command_serves_the_archive,
    query_values_are_bounded,
    only_the_embed_may_be_framed,
    pages_speak_welsh_by_query_or_header,
    downloads_and_assets,
    the_front_page_lists_public_games_tournaments_servers_and_finds_players,
    pages_carry_link_previews_with_a_picture,
    the_game_page_has_its_moves_beside_the_board_and_its_server,
    the_tournament_page_names_the_winner_and_links_the_crosstable,
    the_balance_page_gives_rates_with_intervals,
    private_and_missing_ids_cost_the_same_statements,
    a_positioned_games_records_replay,
    search_folds_case_beyond_ascii,
);

/// A player who plays only on private servers (or in DMs) and an id that
/// never played: the same 404 (`private_and_direct_message_pages_are_
/// missing_pages`), and the same statements, each finding nothing public,
/// so that the answer's cost does not tell them apart either (docs/web.md,
/// "Privacy", has the times). The same for a private game and a missing
/// one.
#[test]
fn private_and_missing_ids_cost_the_same_statements() {
    let f = fixture();
    web_support::stored_game(
        &*f.store,
        web_support::PRIVATE,
        "secret-room",
        ["secretplayer", "dora"],
        6,
        true,
        1_767_300_000,
    );
    web_support::stored_game(
        &*f.store,
        "dm:secretplayer",
        "dm-secret",
        ["secretplayer", "bot"],
        4,
        false,
        1_767_300_000,
    );
    let (store, log) = tawlbot::store::open_counted(&f.db).unwrap();
    let app = tawlbot::app::App::new(store);
    let during = |what: &dyn Fn(&tawlbot::app::App) -> bool| {
        log.clear();
        assert!(!what(&app));
        log.take()
    };
    for page in [0, 3] {
        let private = during(&|a| {
            a.archive_player(&"secretplayer".into(), page)
                .unwrap()
                .is_some()
        });
        let missing = during(&|a| {
            a.archive_player(&"nobodyxyz".into(), page)
                .unwrap()
                .is_some()
        });
        assert_eq!(private, missing, "page {page}");
    }
    let lang = tawlbot::i18n::Lang::En;
    for id in [f.private, f.dm] {
        let private = during(&|a| a.archive_game(id, None, lang).unwrap().is_some());
        let missing = during(&|a| {
            a.archive_game(tawlbot::store::GameId(999_999), None, lang)
                .unwrap()
                .is_some()
        });
        assert_eq!(private, missing);
        let private = during(&|a| a.archive_stamp(id, "en").unwrap().is_some());
        let missing = during(&|a| {
            a.archive_stamp(tawlbot::store::GameId(999_999), "en")
                .unwrap()
                .is_some()
        });
        assert_eq!(private, missing);
    }
}

/// A game started from a position (`/challenge position:`): its text record
/// carries the position and the side to move, and its OTN record's rules
/// start there, so that `tawlbot replay --record` replays either.
#[tokio::test]
async fn a_positioned_games_records_replay() {
    let f = fixture();
    let store = f.store.clone();
    let id = off_runtime(move || {
        let id = store
            .create_game(&NewGame {
                server_id: web_support::PUBLIC.into(),
                channel_id: "positioned".into(),
                variant: "tallfwrdd".into(),
                seed: 5,
                first_side: tawlbot::rules::Side::First,
                first_player: "bob".into(),
                second_player: "alice".into(),
                created_at: 1_767_300_000,
                settings: tawlbot::store::GameSettings {
                    position: Some("/9/9/9/9/4K4/9/9/9/1t7/".into()),
                    ..Default::default()
                },
                ..NewGame::default()
            })
            .unwrap();
        for (i, (mv, who)) in [("b9-b8", "bob"), ("e5-e6", "alice")].iter().enumerate() {
            store
                .append_move_clocked(
                    &NewMove {
                        game_id: id,
                        expected_number: i as u32,
                        text: mv,
                        player_id: who,
                        at: 1_767_300_000 + i as i64,
                        source_id: &format!("positioned-{i}"),
                        ..NewMove::default()
                    },
                    None,
                )
                .unwrap();
        }
        store
            .finish_game(
                id,
                None,
                GameResult::Won(tawlbot::rules::Side::Second),
                EndReason::Resignation,
                1_767_300_100,
            )
            .unwrap();
        id
    });
    let r = app_router(&f);
    let record = get(&r, &format!("/g/{id}/record.txt")).await;
    assert_eq!(record.status, StatusCode::OK, "{}", record.text());
    assert!(record.text().contains("[Position "), "{}", record.text());
    let otn = get(&r, &format!("/g/{id}/game.otn")).await;
    assert_eq!(otn.status, StatusCode::OK);
    let rules_line = otn
        .text()
        .lines()
        .find(|l| l.starts_with("[rules:"))
        .unwrap_or_default()
        .to_string();
    assert!(
        rules_line.contains("start:/9/9/9/9/4K4/9/9/9/1t7/"),
        "{rules_line}"
    );
    for (name, body) in [("game.txt", record.body), ("game.otn", otn.body)] {
        let path = f.dir.path().join(name);
        std::fs::write(&path, body).unwrap();
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_tawlbot"))
            .args(["replay", "--record"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{name}: {}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

/// Player search folds case as Unicode does (SQLite's `LOWER` folds ASCII
/// only): each name finds itself in capitals and in small letters.
#[tokio::test]
async fn search_folds_case_beyond_ascii() {
    let f = fixture();
    let names = [("uni", "Ünïcödé"), ("sis", "ΣΊΣΥΦΟΣ"), ("dze", "ǅemal")];
    let store = f.store.clone();
    off_runtime(move || {
        for (i, (id, name)) in names.iter().enumerate() {
            web_support::stored_game(
                &*store,
                web_support::PUBLIC,
                &format!("search-{i}"),
                [id, "bob"],
                2,
                true,
                1_767_300_000,
            );
            store.upsert_player(&(*id).into(), name).unwrap();
        }
    });
    let r = app_router(&f);
    for (id, name) in names {
        for q in [name.to_string(), name.to_lowercase(), name.to_uppercase()] {
            let enc: String = q.bytes().map(|b| format!("%{b:02X}")).collect();
            let found = get(&r, &format!("/?q={enc}")).await.text();
            assert!(found.contains(&format!("href=\"/p/{id}\"")), "{q}: {found}");
        }
    }
}

/// A player on vacation is shown so on their page and on the
/// pages of their running games, with the end of the vacation.
#[tokio::test]
async fn a_player_on_vacation_is_shown_so() {
    let f = fixture();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let r = app_router(&f);
    let before = get(&r, &format!("/g/{}", f.running)).await.text();
    assert!(!before.contains("on vacation until"), "{before}");
    f.store
        .start_vacation(
            &tawlbot::store::VacationPlan {
                player: "carol".into(),
                extend: None,
                started_at: now,
                ends_at: now + 5 * 86_400,
                days: 5,
                seen: vec![],
                seen_since: 0,
            },
            &[],
            &[],
            now,
        )
        .unwrap();
    let r = app_router(&f);
    let game = get(&r, &format!("/g/{}", f.running)).await;
    assert_strict(&game);
    let game = game.text();
    assert!(game.contains("on vacation until"), "{game}");
    let carol = get(&r, "/p/carol").await.text();
    assert!(carol.contains("on vacation until"), "{carol}");
    // Not on a finished game's page, nor on another player's.
    let alice = get(&r, "/p/alice").await.text();
    assert!(!alice.contains("on vacation until"), "{alice}");
    let finished = get(&r, &format!("/g/{}", f.finished)).await.text();
    assert!(!finished.contains("on vacation until"), "{finished}");
}
