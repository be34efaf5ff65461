//! The web archive: every public game, tournament, player and server on a
//! page. A thin front end over [`App`](crate::app::App) (which decides what
//! is public and gathers the data) and [`render`](crate::render) (the
//! pictures): this module only lays pages out (maud templates, escaping on)
//! and speaks HTTP (axum on hyper).
//!
//! * `tawlbot web --db PATH --addr 127.0.0.1:8080` serves it alone; with
//!   `WEB_ADDR` set the bot serves it too. `PUBLIC_URL` is the address
//!   players reach it by (the bot's "View game" links).
//! * Routes: see `docs/web.md`. Every page but `/embed/g/{id}` refuses
//!   framing; a strict Content-Security-Policy allows only this site's own
//!   script, style sheet and pictures.
//! * Anything private (a private server's game, tournament, server page, a
//!   direct-message game, a player with nothing public) answers exactly the
//!   404 a missing id answers.
//! * Safe under load: a per-address rate limit ([`limit`]) that charges a
//!   GIF by its length, GIFs built once per game and at most two at once
//!   into a cache bounded in bytes ([`gif`]), a deadline for request heads
//!   and for whole connections, a cap on connections in all and per
//!   address, request heads of at most 64 KiB, `ETag`/`Last-Modified` and
//!   304s for finished games.

mod gif;
mod limit;
mod pages;
mod pngs;
mod query;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Request, Response, StatusCode};
use axum::routing::get;
use axum::Router;

use crate::app::archive::Download;
use crate::app::App;
use crate::domain::{GameId, ServerId, TournamentId, UserId};
use crate::i18n::Lang;

pub use gif::{Gifs, BESIDE_THE_BOT_BUILDS, DEFAULT_BUILDS};
pub use limit::RateLimit;
pub use pngs::Pngs;
use query::Query;

/// The environment variable naming the address the bot serves the archive on.
pub const WEB_ADDR_VAR: &str = "WEB_ADDR";
/// The environment variable naming the archive's public address.
pub const PUBLIC_URL_VAR: &str = "PUBLIC_URL";
/// The environment variable setting the per-address rate limit
/// (requests per second; `0`: no limit).
pub const WEB_RATE_VAR: &str = "WEB_RATE_LIMIT";

/// How long a client may take to send a request head.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one connection may stay open, however busy.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(120);
/// Connections served at once; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 1024;
/// Connections served at once from one address; more are closed at once
/// (with a 503 when the client reads it).
pub const CONNECTIONS_PER_ADDRESS: usize = 32;
/// The environment variable overriding [`CONNECTIONS_PER_ADDRESS`].
pub const CONNECTIONS_PER_ADDRESS_VAR: &str = "WEB_CONNECTIONS_PER_ADDRESS";
/// The longest request head (request line and headers) read; a longer one
/// is answered 431.
pub const MAX_HEAD: usize = 64 * 1024;
/// A GIF costs this many plies a token of the rate limit, beyond the
/// request's own one.
pub const GIF_PLIES_PER_TOKEN: u32 = 4;

/// The JavaScript and style sheet, served as files (the CSP allows no
/// inline script or style).
const SCRIPT: &str = include_str!("archive.js");
const STYLE: &str = include_str!("archive.css");

/// The policy of every page: this site's own pictures, style and script
/// only, no plugins, no forms elsewhere, and no framing.
/// The script may fetch this site's own pages (stepping through a game
/// without a reload) and the front page's search form goes to this site.
pub const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
     script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";
/// The policy of the embed: the same, but any site may frame it.
pub const CSP_EMBED: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
     script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors *";

/// What the handlers share.
#[derive(Clone)]
struct Web {
    app: App,
    limit: Arc<RateLimit>,
    gifs: Gifs,
    pngs: Pngs,
}

/// The archive's routes over `app`, with the rate limit `limit`.
pub fn router(app: App, limit: RateLimit) -> Router {
    router_with(app, limit, Gifs::default())
}

/// The archive's routes over `app`, with the rate limit `limit` and the
/// GIF builder and cache `gifs`.
pub fn router_with(app: App, limit: RateLimit, gifs: Gifs) -> Router {
    let state = Web {
        app,
        limit: Arc::new(limit),
        gifs,
        pngs: Pngs::default(),
    };
    Router::new()
        .route("/", get(home))
        .route("/g/{id}", get(game))
        .route("/g/{id}/board.png", get(board))
        .route(
            "/g/{id}/game.otn",
            get(|s, p, q| download(s, p, q, Download::Otn)),
        )
        .route(
            "/g/{id}/record.txt",
            get(|s, p, q| download(s, p, q, Download::Record)),
        )
        .route("/g/{id}/game.gif", get(gif))
        .route("/g/{id}/analysis.png", get(analysis_png))
        .route("/embed/g/{id}", get(embed))
        .route("/t/{id}", get(tournament))
        .route("/t/{id}/standings.png", get(standings_png))
        .route("/stats", get(stats))
        .route("/p/{id}", get(player))
        .route("/p/{id}/rating.png", get(rating_graph))
        .route("/s/{id}", get(server))
        .route("/puzzles/{n}", get(puzzle))
        .route("/puzzles/{n}/board.png", get(puzzle_board))
        .route("/static/archive.js", get(script))
        .route("/static/archive.css", get(style))
        .fallback(fallback)
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// The address a request came from, put in by [`serve`] (absent in tests
/// that call the router directly: those share one bucket).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub std::net::IpAddr);

/// The address of a request (unspecified when none was put in).
fn peer_ip(p: Option<&Peer>) -> std::net::IpAddr {
    p.map(|p| p.0)
        .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
}

/// A 429 that says how long to wait.
fn too_many(lang: Lang, wait: Duration) -> Response<Body> {
    let mut r = page_response(
        StatusCode::TOO_MANY_REQUESTS,
        pages::message(lang, "web-too-many"),
    );
    retry_after(&mut r, wait);
    r
}

fn retry_after(r: &mut Response<Body>, wait: Duration) {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    if let Ok(v) = HeaderValue::from_str(&secs.max(1).to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
}

/// Whether a path's percent escapes decode to UTF-8 (the router's own
/// rejection of one that does not would be a 400 in plain text).
fn decodable_path(path: &str) -> bool {
    let b = path.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (b[i], b.get(i + 1).copied(), b.get(i + 2).copied()) {
            (b'%', Some(h), Some(l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    std::str::from_utf8(&out).is_ok()
}

/// The rate limit, the paths that cannot be read, and the headers every
/// answer carries.
async fn guard(
    State(w): State<Web>,
    req: Request<Body>,
    next: axum::middleware::Next,
) -> Response<Body> {
    let lang = query::lang_of(&req);
    let peer = peer_ip(req.extensions().get::<Peer>());
    let embed = req.uri().path().starts_with("/embed/");
    let mut resp = if let Err(wait) = w.limit.check(peer, std::time::Instant::now()) {
        too_many(lang, wait)
    } else if !decodable_path(req.uri().path()) {
        not_found(lang)
    } else if req.method() != axum::http::Method::GET && req.method() != axum::http::Method::HEAD {
        let mut r = page_response(
            StatusCode::METHOD_NOT_ALLOWED,
            pages::message(lang, "web-not-found"),
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        r
    } else {
        next.run(req).await
    };
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(if embed { CSP_EMBED } else { CSP }),
    );
    if !embed {
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.entry(header::CONTENT_LANGUAGE)
        .or_insert(HeaderValue::from_static(lang.code()));
    resp
}

fn page_response(status: StatusCode, html: String) -> Response<Body> {
    let mut r = Response::new(Body::from(html));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    r
}

fn not_found(lang: Lang) -> Response<Body> {
    page_response(StatusCode::NOT_FOUND, pages::message(lang, "web-not-found"))
}

fn failed(lang: Lang, e: impl std::fmt::Display) -> Response<Body> {
    tracing::error!(
        "web archive: store error: {}",
        crate::store::clipped(&e.to_string())
    );
    page_response(
        StatusCode::SERVICE_UNAVAILABLE,
        pages::message(lang, "web-failed"),
    )
}

/// Runs `f` on the blocking pool (the store and the renderer are
/// synchronous); a panic there is a 500, never a dead server.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    match tokio::task::spawn_blocking(f).await {
        Ok(v) => Some(v),
        Err(e) => {
            tracing::error!("web archive: a request failed: {e}");
            None
        }
    }
}

fn internal(lang: Lang) -> Response<Body> {
    page_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        pages::message(lang, "web-failed"),
    )
}

/// A row id from the path: a number, else a 404 like any missing id.
fn row_id(s: &str) -> Option<i64> {
    s.parse::<i64>().ok().filter(|&n| n > 0)
}

/// A game's id from the path (see [`row_id`]).
fn game_id(s: &str) -> Option<GameId> {
    row_id(s).map(GameId)
}

/// Headers for a page that may be cached: finished games never change.
fn cache_headers(h: &mut HeaderMap, stamp: Option<&crate::app::archive::Stamp>) {
    match stamp {
        Some(s) => {
            if let Ok(v) = HeaderValue::from_str(&s.etag) {
                h.insert(header::ETAG, v);
            }
            let t = std::time::UNIX_EPOCH + Duration::from_secs(s.modified.max(0) as u64);
            if let Ok(v) = HeaderValue::from_str(&httpdate::fmt_http_date(t)) {
                h.insert(header::LAST_MODIFIED, v);
            }
            h.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=300"),
            );
        }
        None => {
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        }
    }
}

/// Whether the client's copy (by `If-None-Match`, else
/// `If-Modified-Since`) is still good.
fn fresh(req: &HeaderMap, stamp: &crate::app::archive::Stamp) -> bool {
    if let Some(inm) = req.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) {
        return inm.split(',').map(str::trim).any(|t| {
            t == "*" || t.trim_start_matches("W/") == stamp.etag.trim_start_matches("W/")
        });
    }
    if let Some(ims) = req
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| httpdate::parse_http_date(v).ok())
    {
        let t = std::time::UNIX_EPOCH + Duration::from_secs(stamp.modified.max(0) as u64);
        return t <= ims;
    }
    false
}

fn not_modified(stamp: &crate::app::archive::Stamp) -> Response<Body> {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = StatusCode::NOT_MODIFIED;
    cache_headers(r.headers_mut(), Some(stamp));
    r
}

async fn home(State(w): State<Web>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let done = blocking(move || {
        w.app
            .archive_front(q.page, q.search.as_deref(), lang)
            .map(|f| Some(pages::home(&f, &q, w.app.public_url())))
    })
    .await;
    html_result(lang, done)
}

async fn stats(State(w): State<Web>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let done = blocking(move || w.app.archive_balance().map(|s| Some(pages::stats(&s, &q)))).await;
    html_result(lang, done)
}

/// The width and height of a PNG, from its header.
fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let w = png.get(16..20)?;
    let h = png.get(20..24)?;
    (png.starts_with(b"\x89PNG")).then(|| {
        (
            u32::from_be_bytes([w[0], w[1], w[2], w[3]]),
            u32::from_be_bytes([h[0], h[1], h[2], h[3]]),
        )
    })
}

async fn analysis_png(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    headers: HeaderMap,
) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = game_id(&id) else {
        return not_found(lang);
    };
    let variant = format!("analysis:{}", lang.code());
    let done = blocking(move || {
        let stamp = w.app.archive_stamp(id, &variant)?;
        if let Some(s) = &stamp {
            if fresh(&headers, s) {
                return Ok::<_, crate::store::StoreError>(Err(not_modified(s)));
            }
        }
        Ok(Ok(w
            .app
            .archive_analysis_png(id, lang)?
            .map(|b| (b, stamp))))
    })
    .await;
    match done {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(Err(r))) => r,
        Some(Ok(Ok(None))) => not_found(lang),
        Some(Ok(Ok(Some((png, stamp))))) => {
            let mut r = file_response("image/png", png, None);
            cache_headers(r.headers_mut(), stamp.as_ref());
            r
        }
    }
}

async fn standings_png(State(w): State<Web>, Path(id): Path<String>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = row_id(&id).map(TournamentId) else {
        return not_found(lang);
    };
    match blocking(move || w.app.archive_standings_png(id, lang)).await {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(None)) => not_found(lang),
        Some(Ok(Some(png))) => {
            let mut r = file_response("image/png", png, None);
            cache_headers(r.headers_mut(), None);
            r
        }
    }
}

async fn fallback(q: Query) -> Response<Body> {
    not_found(q.lang)
}

/// `/g/{id}` and `/embed/g/{id}`.
async fn game_page(
    w: Web,
    id: String,
    q: Query,
    headers: HeaderMap,
    embed: bool,
) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = game_id(&id) else {
        return not_found(lang);
    };
    let variant = format!("{}:{}:{}", lang.code(), q.ply_key(), embed);
    let done = blocking(move || {
        let stamp = w.app.archive_stamp(id, &variant)?;
        if let Some(s) = &stamp {
            if fresh(&headers, s) {
                return Ok::<_, crate::store::StoreError>(Err(not_modified(s)));
            }
        }
        let sheet = w.app.archive_game(id, q.ply, lang)?;
        Ok(Ok(sheet.map(|s| {
            let html = if embed {
                pages::embed(&s, &q)
            } else {
                pages::game(&s, &q, w.app.public_url())
            };
            (html, stamp)
        })))
    })
    .await;
    match done {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(Err(not_modified))) => not_modified,
        Some(Ok(Ok(None))) => not_found(lang),
        Some(Ok(Ok(Some((html, stamp))))) => {
            let mut r = page_response(StatusCode::OK, html);
            cache_headers(r.headers_mut(), stamp.as_ref());
            r
        }
    }
}

async fn game(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    headers: HeaderMap,
) -> Response<Body> {
    game_page(w, id, q, headers, false).await
}

async fn embed(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    headers: HeaderMap,
) -> Response<Body> {
    game_page(w, id, q, headers, true).await
}

fn file_response(content_type: &'static str, bytes: Vec<u8>, name: Option<&str>) -> Response<Body> {
    let mut r = Response::new(Body::from(bytes));
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Some(n) = name {
        if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{n}\"")) {
            r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
        }
    }
    r
}

async fn board(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    headers: HeaderMap,
) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = game_id(&id) else {
        return not_found(lang);
    };
    let variant = format!("png:{}:{}:{}", lang.code(), q.ply_key(), q.small);
    let done = blocking(move || {
        let stamp = w.app.archive_stamp(id, &variant)?;
        if let Some(s) = &stamp {
            if fresh(&headers, s) {
                return Ok::<_, crate::store::StoreError>(Err(not_modified(s)));
            }
        }
        // A finished game's pictures never change: kept by their tag.
        if let Some(png) = stamp.as_ref().and_then(|s| w.pngs.get(&s.etag)) {
            return Ok(Ok(Some((png.to_vec(), stamp))));
        }
        let png = w.app.archive_board_sized(id, q.ply, lang, q.small)?;
        if let (Some(p), Some(s)) = (&png, &stamp) {
            w.pngs.put(s.etag.clone(), p.clone().into());
        }
        Ok(Ok(png.map(|b| (b, stamp))))
    })
    .await;
    match done {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(Err(r))) => r,
        Some(Ok(Ok(None))) => not_found(lang),
        Some(Ok(Ok(Some((png, stamp))))) => {
            let mut r = file_response("image/png", png, None);
            cache_headers(r.headers_mut(), stamp.as_ref());
            r
        }
    }
}

async fn download(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    what: Download,
) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = game_id(&id) else {
        return not_found(lang);
    };
    match blocking(move || w.app.archive_download(id, what)).await {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(None)) => not_found(lang),
        Some(Ok(Some(f))) => file_response(f.content_type, f.bytes, Some(&f.name)),
    }
}

/// `/g/{id}/game.gif`: charged by the game's length (see
/// [`GIF_PLIES_PER_TOKEN`]), built by [`gif`] once per game.
async fn gif(
    State(w): State<Web>,
    Path(id): Path<String>,
    q: Query,
    peer: Option<axum::Extension<Peer>>,
) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = game_id(&id) else {
        return not_found(lang);
    };
    // The game's length (a public game's only, so that the cost tells
    // nothing of a private one) and, for a finished game, its version.
    let app = w.app.clone();
    let seen = blocking(move || {
        let Some(row) = app.store().public_game_row(id)? else {
            return Ok(None);
        };
        let key = app.archive_stamp(id, "gif")?.map(|s| s.etag);
        Ok::<_, crate::store::StoreError>(Some((row.move_count, key)))
    })
    .await;
    let (plies, key) = match seen {
        None => return internal(lang),
        Some(Err(e)) => return failed(lang, e),
        Some(Ok(None)) => return not_found(lang),
        Some(Ok(Some(seen))) => seen,
    };
    let peer = peer_ip(peer.as_ref().map(|p| &p.0));
    let cost = plies / GIF_PLIES_PER_TOKEN;
    if let Err(wait) = w.limit.charge(peer, std::time::Instant::now(), cost) {
        return too_many(lang, wait);
    }
    let app = w.app.clone();
    let built = w
        .gifs
        .get(id, key, move || {
            match app.archive_download(id, Download::Gif) {
                Ok(Some(f)) => gif::Built::Gif(gif::Gif {
                    name: f.name,
                    bytes: f.bytes.into(),
                }),
                Ok(None) => gif::Built::Missing,
                Err(e) => gif::Built::Failed(e.to_string()),
            }
        })
        .await;
    match built {
        gif::Outcome::Busy => {
            // Many readers ask for GIFs now: theirs is still being built.
            let mut r = page_response(
                StatusCode::SERVICE_UNAVAILABLE,
                pages::message(lang, "web-too-many"),
            );
            retry_after(&mut r, gif::WAIT);
            r
        }
        gif::Outcome::Built(gif::Built::Gif(g)) => {
            let mut r = Response::new(Body::from(g.bytes));
            let h = r.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/gif"));
            if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{}\"", g.name)) {
                h.insert(header::CONTENT_DISPOSITION, v);
            }
            r
        }
        gif::Outcome::Built(gif::Built::Missing) => not_found(lang),
        gif::Outcome::Built(gif::Built::Failed(e)) => failed(lang, e),
        gif::Outcome::Built(gif::Built::Panicked) => internal(lang),
    }
}

async fn tournament(State(w): State<Web>, Path(id): Path<String>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let Some(id) = row_id(&id).map(TournamentId) else {
        return not_found(lang);
    };
    let done = blocking(move || {
        let Some(t) = w.app.archive_tournament(id, lang)? else {
            return Ok(None);
        };
        // The standings picture's size, for the link preview (drawn once
        // more when a preview fetches it).
        let image = if t.standings.is_empty() || w.app.public_url().is_none() {
            None
        } else {
            w.app
                .archive_standings_png(id, lang)?
                .and_then(|p| png_size(&p))
        };
        Ok::<_, crate::store::StoreError>(Some(pages::tournament(
            &t,
            &q,
            w.app.public_url(),
            image,
        )))
    })
    .await;
    html_result(lang, done)
}

/// `/puzzles/{n}`: a puzzle's position, and with `?solution=1` its solution.
async fn puzzle(State(w): State<Web>, Path(n): Path<String>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let Some(n) = row_id(&n).and_then(|n| u32::try_from(n).ok()) else {
        return not_found(lang);
    };
    let done = blocking(move || {
        Ok::<_, std::convert::Infallible>(
            w.app.puzzle_sheet(n, lang).map(|s| pages::puzzle(&s, &q)),
        )
    })
    .await;
    html_result(lang, done)
}

/// `/puzzles/{n}/board.png`: the picture of a puzzle's position.
async fn puzzle_board(State(w): State<Web>, Path(n): Path<String>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let Some(n) = row_id(&n).and_then(|n| u32::try_from(n).ok()) else {
        return not_found(lang);
    };
    match blocking(move || w.app.puzzle_png(n, lang)).await {
        None => internal(lang),
        Some(None) => not_found(lang),
        Some(Some(png)) => file_response("image/png", png, None),
    }
}

fn html_result<E: std::fmt::Display>(
    lang: Lang,
    done: Option<Result<Option<String>, E>>,
) -> Response<Body> {
    match done {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(None)) => not_found(lang),
        Some(Ok(Some(html))) => {
            let mut r = page_response(StatusCode::OK, html);
            cache_headers(r.headers_mut(), None);
            r
        }
    }
}

async fn player(State(w): State<Web>, Path(id): Path<UserId>, q: Query) -> Response<Body> {
    let lang = q.lang;
    if !query::plain_id(&id) {
        return not_found(lang);
    }
    let done = blocking(move || {
        let sheet = w.app.archive_player(&id, q.page)?;
        let Some(sheet) = sheet else { return Ok(None) };
        let alts = sheet
            .ratings
            .iter()
            .map(|(server, _, r)| {
                w.app
                    .archive_rating_alt(&sheet.id, server, &r.variant, lang)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok::<_, crate::store::StoreError>(Some(pages::player(
            &sheet,
            &alts,
            &q,
            w.app.public_url(),
        )))
    })
    .await;
    html_result(lang, done)
}

async fn rating_graph(State(w): State<Web>, Path(id): Path<UserId>, q: Query) -> Response<Body> {
    let lang = q.lang;
    let (Some(server), Some(variant)) = (q.server.clone(), q.variant.clone()) else {
        return not_found(lang);
    };
    if !query::plain_id(&id) {
        return not_found(lang);
    }
    match blocking(move || {
        reachable(&w.app, &server)?;
        w.app.archive_rating_graph(&id, &server, &variant, lang)
    })
    .await
    {
        None => internal(lang),
        Some(Err(e)) => failed(lang, e),
        Some(Ok(None)) => not_found(lang),
        Some(Ok(Some(png))) => {
            let mut r = file_response("image/png", png, None);
            cache_headers(r.headers_mut(), None);
            r
        }
    }
}

async fn server(State(w): State<Web>, Path(id): Path<ServerId>, q: Query) -> Response<Body> {
    let lang = q.lang;
    if !query::plain_id(&id) {
        return not_found(lang);
    }
    let done = blocking(move || {
        reachable(&w.app, &id)?;
        w.app
            .archive_server(&id, q.page)
            .map(|s| s.map(|s| pages::server(&s, &q)))
    })
    .await;
    html_result(lang, done)
}

/// Whether the store answers about `server`: the app reads a store error
/// there as "not public" (right for the bot's links), which on a page
/// would be a 404 during an outage where every other page says 503.
fn reachable(app: &App, server: &ServerId) -> Result<(), crate::store::StoreError> {
    app.store().archive_public(server).map(|_| ())
}

fn asset(content_type: &'static str, body: &'static str) -> Response<Body> {
    let mut r = Response::new(Body::from(body));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    r
}

async fn script() -> Response<Body> {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

async fn style() -> Response<Body> {
    asset("text/css; charset=utf-8", STYLE)
}

/// The open connections of each address, bounded.
struct PerAddress {
    limit: usize,
    open: std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>,
}

/// One open connection of an address; closing it frees the place.
struct AddressSlot {
    of: Arc<PerAddress>,
    ip: std::net::IpAddr,
}

impl PerAddress {
    fn enter(self: &Arc<Self>, ip: std::net::IpAddr) -> Option<AddressSlot> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = open.entry(ip).or_insert(0);
        if *n >= self.limit {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            of: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self
            .of
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// What a connection beyond its address's share is told before it is
/// closed.
const TOO_MANY_CONNECTIONS: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
    Retry-After: 1\r\n\
    Content-Type: text/plain; charset=utf-8\r\n\
    Content-Length: 22\r\n\
    Connection: close\r\n\
    \r\n\
    Too many connections.\n";

/// The connections per address from `WEB_CONNECTIONS_PER_ADDRESS`, else
/// [`CONNECTIONS_PER_ADDRESS`].
pub fn connections_per_address_from_env() -> usize {
    std::env::var(CONNECTIONS_PER_ADDRESS_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(CONNECTIONS_PER_ADDRESS)
}

/// Serves `router` on `listener` until `shutdown` resolves, with
/// `WEB_CONNECTIONS_PER_ADDRESS` (see [`serve_with`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    serve_with(
        listener,
        router,
        connections_per_address_from_env(),
        shutdown,
    )
    .await
}

/// Serves `router` on `listener` until `shutdown` resolves: each
/// connection gets [`HEADER_TIMEOUT`] to send a request head of at most
/// [`MAX_HEAD`] bytes and [`CONNECTION_TIMEOUT`] in all; at most
/// [`MAX_CONNECTIONS`] at once, and `per_address` from one address (one
/// client's idle sockets cannot keep the others waiting).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    router: Router,
    per_address: usize,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let addresses = Arc::new(PerAddress {
        limit: per_address.max(1),
        open: Default::default(),
    });
    tokio::pin!(shutdown);
    loop {
        let Ok(permit) = Arc::clone(&slots).acquire_owned().await else {
            return;
        };
        let (stream, peer) = tokio::select! {
            _ = &mut shutdown => return,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait, go on.
                    tracing::warn!("web archive: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Some(address_slot) = addresses.enter(peer.ip()) else {
            // Told without waiting (a fresh socket's buffer takes it), and
            // closed: the place goes to another address.
            let _ = stream.try_write(TOO_MANY_CONNECTIONS);
            drop(permit);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let _address_slot = address_slot;
            let svc = hyper::service::service_fn(move |mut req: Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(Peer(peer.ip()));
                let mut router = router.clone();
                async move {
                    use tower::Service;
                    router.call(req.map(Body::new)).await
                }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_header_size(MAX_HEAD)
                .serve_connection(TokioIo::new(stream), svc);
            match tokio::time::timeout(CONNECTION_TIMEOUT, conn).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::debug!("web archive: connection from {peer}: {e}"),
                Err(_) => tracing::debug!("web archive: connection from {peer} timed out"),
            }
        });
    }
}

/// The rate limit from `WEB_RATE_LIMIT` (requests per second per address;
/// `0` turns it off), else the default.
pub fn rate_limit_from_env() -> RateLimit {
    match std::env::var(WEB_RATE_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
    {
        Some(0) => RateLimit::off(),
        Some(n) => RateLimit::per_second(n),
        None => RateLimit::default(),
    }
}

/// With `WEB_ADDR` set, the bot serves the archive beside Discord: binds
/// now (a bad address is an error at start-up) and returns the task.
pub async fn spawn_from_env(app: App) -> Result<Option<tokio::task::JoinHandle<()>>, String> {
    let Some(addr) = std::env::var(WEB_ADDR_VAR)
        .ok()
        .filter(|s| !s.trim().is_empty())
    else {
        return Ok(None);
    };
    let addr: SocketAddr = addr.trim().parse().map_err(|_| {
        format!("{WEB_ADDR_VAR} must be an address like 127.0.0.1:8080, not {addr:?}")
    })?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("the web archive cannot listen on {addr}: {e}"))?;
    tracing::info!("web archive on http://{addr}");
    // Beside the bot, one GIF build at a time: the bot's move replies
    // keep a core (docs/web.md, "GIFs under a burst").
    let gifs = Gifs::from_env(BESIDE_THE_BOT_BUILDS);
    let router = router_with(app.with_web_analysis(true), rate_limit_from_env(), gifs);
    Ok(Some(tokio::spawn(serve(
        listener,
        router,
        std::future::pending(),
    ))))
}

const USAGE: &str = "usage: tawlbot web [--db PATH|URL] [--addr 127.0.0.1:8080]
  serves the web archive alone (PUBLIC_URL: the address players reach it by;
  WEB_RATE_LIMIT: requests per second per address, 0 = none;
  WEB_CONNECTIONS_PER_ADDRESS: connections at once per address, default 32;
  WEB_GIF_BUILDS: GIFs built at once, default 2)";

/// `tawlbot web --db PATH|URL --addr ADDR`.
pub fn main(args: Vec<String>) -> crate::cli::Exit {
    use crate::cli::Exit;
    let _ = dotenvy::dotenv();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
    let mut db = None;
    let mut addr = "127.0.0.1:8080".to_string();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--db" => match it.next() {
                Some(v) => db = Some(v),
                None => return Exit::Usage(format!("--db needs a path\n\n{USAGE}")),
            },
            "--addr" => match it.next() {
                Some(v) => addr = v,
                None => return Exit::Usage(format!("--addr needs an address\n\n{USAGE}")),
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return Exit::Ok;
            }
            other => return Exit::Usage(format!("unknown argument {other:?}\n\n{USAGE}")),
        }
    }
    let Ok(addr) = addr.parse::<SocketAddr>() else {
        return Exit::Usage(format!(
            "--addr must be like 127.0.0.1:8080, not {addr:?}\n\n{USAGE}"
        ));
    };
    let target = db.unwrap_or_else(crate::store::database_target_from_env);
    let store = match crate::store::open(&target) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return Exit::Refused;
        }
    };
    let app = App::new(store)
        .with_public_url(std::env::var(PUBLIC_URL_VAR).ok())
        .with_web_analysis(true);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("could not start the async runtime: {e}");
            return Exit::Refused;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("cannot listen on {addr}: {e}");
                return Exit::Refused;
            }
        };
        // The address really bound (`--addr 127.0.0.1:0` picks a port).
        let bound = listener.local_addr().unwrap_or(addr);
        println!("web archive on http://{bound}");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let gifs = Gifs::from_env(DEFAULT_BUILDS);
        serve(
            listener,
            router_with(app, rate_limit_from_env(), gifs),
            async {
                let _ = tokio::signal::ctrl_c().await;
            },
        )
        .await;
        Exit::Ok
    })
}
