//! The web archive in a real browser: Debian's headless Chromium, driven
//! through chromedriver's WebDriver HTTP API on loopback (a small client of
//! our own below). A game page is loaded, "next" pressed three times, the
//! ply shown and the board picture's alt text read; a screenshot is written
//! under `target/web-browser/`. axe-core (npm, `tests/browser/`) is run in
//! the pages: no WCAG 2 A/AA violations.
//!
//! Without Chromium the test says so in one line and passes, unless
//! `TAWLBOT_REQUIRE_BROWSER=1` (CI sets it): then it fails.

use crate::web_support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tawlbot::i18n::Lang;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// WebDriver's key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long anything may take before the test gives up (a failure
/// deadline on a loaded machine, not a speed goal).
const PATIENCE: Duration = Duration::from_secs(120);

fn required() -> bool {
    std::env::var("TAWLBOT_REQUIRE_BROWSER").is_ok_and(|v| v.trim() == "1")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target"))
}

// ------------------------------------------------------------ a tiny client

/// One HTTP/1.1 request on loopback; the status and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(addr).expect("connect to chromedriver");
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n",
        payload.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(payload.as_bytes()).unwrap();
    // Read the head, then exactly Content-Length bytes (chromedriver may
    // keep the connection open whatever we ask).
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    let split = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = s
            .read(&mut buf)
            .unwrap_or_else(|e| panic!("{method} {path}: reading the head: {e}"));
        assert!(n > 0, "{method} {path}: closed before the head");
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut body = raw[split + 4..].to_vec();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let length = head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim()
            .eq_ignore_ascii_case("content-length")
            .then(|| v.trim().parse::<usize>().ok())?
    });
    match length {
        Some(len) => {
            while body.len() < len {
                let n = s
                    .read(&mut buf)
                    .unwrap_or_else(|e| panic!("{method} {path}: reading the body: {e}"));
                assert!(n > 0, "{method} {path}: closed in the body");
                body.extend_from_slice(&buf[..n]);
            }
            body.truncate(len);
        }
        None => {
            let _ = s.read_to_end(&mut body);
        }
    }
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = unchunk(&body);
    }
    (status, body)
}

fn unchunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&b[..eol])
                .split(';')
                .next()
                .unwrap()
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[eol + 2 + size + 2..];
    }
}

/// A WebDriver session.
struct Driver {
    addr: SocketAddr,
    session: String,
    child: Child,
    _profile: tempfile::TempDir,
}

impl Driver {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let full = format!("/session/{}{path}", self.session);
        let (status, bytes) = http(self.addr, method, &full, body.as_ref());
        let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        assert_eq!(status, 200, "{method} {path}: {v}");
        v["value"].clone()
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        let text = self.call("GET", &format!("/element/{e}/text"), None);
        // The words, without the catalogue's isolation marks.
        tawlbot::i18n::without_isolation(text.as_str().unwrap_or_default())
    }

    fn attr(&self, css: &str, name: &str) -> String {
        let e = self.find(css);
        let value = self.call("GET", &format!("/element/{e}/attribute/{name}"), None);
        tawlbot::i18n::without_isolation(value.as_str().unwrap_or_default())
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    fn key(&self, key: &str) {
        self.call(
            "POST",
            "/actions",
            Some(
                json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                    { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }
                ]}]}),
            ),
        );
    }

    /// Waits until `#ply` says `want` (a click or key loads a new page).
    fn wait_ply(&self, want: &str) {
        let start = Instant::now();
        loop {
            let now = self.text("#ply");
            if now == want {
                return;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "#ply says {now:?}, not {want:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs `script` (a function body) in the page; its return value.
    fn exec(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// The window's size, in CSS pixels of the viewport (headless: the
    /// window is the viewport).
    fn resize(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    fn screenshot(&self, name: &str) -> PathBuf {
        let b64 = self.call("GET", "/screenshot", None);
        let png = base64_decode(b64.as_str().expect("base64"));
        assert!(png.starts_with(b"\x89PNG"));
        let dir = target_dir().join("web-browser");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        path
    }

    /// axe-core's WCAG 2 A and AA violations in the page, as a list.
    fn axe(&self, source: &str) -> Vec<Value> {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": format!("{source}\n;return true;"), "args": [] })),
        );
        let out = self.call(
            "POST",
            "/execute/async",
            Some(json!({
                "script": "var done = arguments[arguments.length - 1];\
                    axe.run(document, { runOnly: { type: 'tag', values: \
                    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })\
                    .then(function (r) { done(JSON.stringify(r.violations)); })\
                    .catch(function (e) { done('ERROR ' + e); });",
                "args": []
            })),
        );
        let s = out.as_str().unwrap_or_default();
        assert!(!s.starts_with("ERROR"), "axe failed: {s}");
        serde_json::from_str(s).expect("axe's violations")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = http(
            self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter_map(val) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromedriver on a free loopback port and a headless Chromium session.
fn start_browser() -> Driver {
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let start = Instant::now();
    loop {
        if let Ok(s) = TcpStream::connect(addr) {
            drop(s);
            let (status, body) = http(addr, "GET", "/status", None);
            let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            if status == 200 && v["value"]["ready"] == true {
                break;
            }
        }
        assert!(
            start.elapsed() < PATIENCE,
            "chromedriver never became ready"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let profile = tempfile::tempdir().unwrap();
    let caps = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,1100",
                format!("--user-data-dir={}", profile.path().display()),
            ]
        }
    }}});
    let (status, body) = http(addr, "POST", "/session", Some(&caps));
    let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    assert_eq!(status, 200, "new session: {v}");
    let session = v["value"]["sessionId"]
        .as_str()
        .expect("a session id")
        .to_string();
    Driver {
        addr,
        session,
        child,
        _profile: profile,
    }
}

#[test]
fn a_reader_steps_through_a_game_in_chromium() {
    let present =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    if !present {
        assert!(
            !required(),
            "TAWLBOT_REQUIRE_BROWSER=1 but {CHROMIUM} or {CHROMEDRIVER} is missing"
        );
        eprintln!("web_browser: skipped: no {CHROMIUM} / {CHROMEDRIVER} (apt-get install chromium chromium-driver)");
        return;
    }
    let axe_path = repo().join("tests/browser/node_modules/axe-core/axe.min.js");
    let axe = std::fs::read_to_string(&axe_path).ok();
    assert!(
        axe.is_some() || !required(),
        "TAWLBOT_REQUIRE_BROWSER=1 but {} is missing (npm install in tests/browser)",
        axe_path.display()
    );

    // The archive on a loopback port.
    let f = web_support::fixture();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let web = listener.local_addr().unwrap();
    // PUBLIC_URL is the server's own address, so the previews' absolute
    // picture addresses can be fetched.
    let app = tawlbot::app::App::new(f.store.clone())
        .with_public_url(Some(format!("http://{web}")))
        .with_web_analysis(true);
    let router = tawlbot::web::router(app.clone(), tawlbot::web::RateLimit::off());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    rt.spawn(tawlbot::web::serve(listener, router, async move {
        let _ = stopped.await;
    }));

    let d = start_browser();
    let base = format!("http://{web}");
    let game = f.finished;
    d.go(&format!("{base}/g/{game}?ply=0"));
    // The position's words are the picture's caption (moves numbered by
    // turn, as OTN): ply n is move n / 2 + 1.
    let caption = |n: u64| {
        let sheet = f
            .app
            .archive_game(game, Some(n), Lang::En)
            .unwrap()
            .unwrap();
        let caption = tawlbot::i18n::without_isolation(&sheet.caption);
        assert!(
            caption.starts_with(&format!("Move {} · ", n / 2 + 1)),
            "{caption}"
        );
        caption
    };
    d.wait_ply(&format!(
        "The starting position (5 moves in all) · {}",
        caption(0)
    ));
    // A mark in the page's script state: a reload would lose it.
    d.exec("window.__stayed = 'yes'; return true;");
    for n in 1..=3 {
        d.click("#next");
        d.wait_ply(&caption(n));
    }
    assert_eq!(
        d.exec("return window.__stayed || 'reloaded';"),
        json!("yes"),
        "stepping reloaded the page"
    );
    // Each step has its own address (pushState), and the move list shows it.
    assert_eq!(d.exec("return location.search;"), json!("?ply=3"));
    assert_eq!(
        d.exec("var a = document.querySelector('ol.moves a[aria-current]'); return a && a.getAttribute('href');"),
        json!("/g/".to_string() + &game.to_string() + "?ply=3")
    );
    // A move in the list steps there too, and Back goes back a step.
    d.click("ol.moves li:first-child a");
    d.wait_ply(&caption(1));
    d.exec("history.back(); return true;");
    d.wait_ply(&caption(3));
    assert_eq!(
        d.exec("return window.__stayed || 'reloaded';"),
        json!("yes")
    );
    let alt = d.attr("#board", "alt");
    let want = f
        .app
        .archive_game(game, Some(3), Lang::En)
        .unwrap()
        .unwrap();
    assert_eq!(alt, tawlbot::i18n::without_isolation(&want.alt));
    // Three plies played: move 2 (numbered by turn, as OTN).
    assert!(alt.starts_with("Tawlbwrdd, move 2."), "{alt}");
    // The picture really loaded (a broken image has no natural width).
    let loaded = d.call(
        "POST",
        "/execute/sync",
        Some(json!({ "script": "var i = document.getElementById('board'); return i.complete && i.naturalWidth;", "args": [] })),
    );
    assert!(
        loaded.as_u64().unwrap_or(0) > 100,
        "board not loaded: {loaded}"
    );
    let shot = d.screenshot("game-ply-3.png");
    eprintln!("web_browser: screenshot at {}", shot.display());
    // The script: the arrow keys step too (the CSP let it run).
    d.key("\u{E012}"); // ArrowLeft
    d.wait_ply(&caption(2));
    d.key("\u{E014}"); // ArrowRight
    d.wait_ply(&caption(3));
    assert_eq!(
        d.exec("return window.__stayed || 'reloaded';"),
        json!("yes")
    );

    // The link preview: og:image is an absolute address of a PNG of the
    // board at this ply, of the size the tags say.
    let meta = |p: &str| {
        d.exec(&format!(
            "var m = document.querySelector('meta[property=\"{p}\"], meta[name=\"{p}\"]'); return m ? m.getAttribute('content') : null;"
        ))
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| panic!("no {p}"))
    };
    let image = meta("og:image");
    assert!(
        image.starts_with(&format!("http://{web}/g/{game}/board.png?ply=3")),
        "{image}"
    );
    assert_eq!(meta("twitter:card"), "summary_large_image");
    assert!(meta("og:title").contains(" v "), "{}", meta("og:title"));
    assert!(!meta("og:description").is_empty());
    assert!(!meta("og:image:alt").is_empty());
    let (status, png) = http(web, "GET", &image[format!("http://{web}").len()..], None);
    assert_eq!(status, 200);
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "og:image is not a PNG"
    );
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    assert_eq!(be(&png[16..20]).to_string(), meta("og:image:width"));
    assert_eq!(be(&png[20..24]).to_string(), meta("og:image:height"));
    // And it loads in the browser as a picture.
    d.exec(&format!("var i = new Image(); i.id = 'og'; i.alt = ''; i.src = {}; document.body.appendChild(i); return true;", json!(image)));
    let start = Instant::now();
    while d
        .exec("var i = document.getElementById('og'); return i.complete && i.naturalWidth;")
        .as_u64()
        .unwrap_or(0)
        == 0
    {
        assert!(start.elapsed() < PATIENCE, "og:image did not load");
        std::thread::sleep(Duration::from_millis(50));
    }

    // Every page at a phone's width and a desktop's, in both languages:
    // nothing scrolls sideways, and (below) axe finds nothing.
    let pages = [
        ("front", "/".to_string()),
        ("game", format!("/g/{game}?ply=3")),
        ("tournament", format!("/t/{}", f.tournament)),
        ("player", "/p/alice".to_string()),
        ("server", "/s/console".to_string()),
        ("stats", "/stats".to_string()),
    ];
    let shots = target_dir().join("web-browser");
    // The finished game's analysis, started by the first visit in the
    // background, is ready before the pictures are taken.
    let start = Instant::now();
    while !app.analysis_ready(game, 10) {
        assert!(start.elapsed() < PATIENCE, "the analysis never came");
        std::thread::sleep(Duration::from_millis(200));
    }
    for (w, h) in [(390, 844), (1280, 800)] {
        d.resize(w, h);
        let inner = d.exec("return window.innerWidth;").as_u64().unwrap_or(0);
        assert!(
            inner <= u64::from(w) && inner + 20 >= u64::from(w),
            "viewport {inner} at {w}"
        );
        for lang in ["en", "cy"] {
            for (name, path) in &pages {
                let sep = if path.contains('?') { '&' } else { '?' };
                d.go(&format!("{base}{path}{sep}lang={lang}"));
                let wide = d.exec("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];");
                let (sw, cw) = (wide[0].as_u64().unwrap_or(0), wide[1].as_u64().unwrap_or(0));
                assert!(
                    sw <= cw,
                    "{path} ({lang}) at {w} px is {sw} px wide (viewport {cw})"
                );
                d.screenshot(&format!("{name}-{lang}-{w}.png"));
                if *name == "game" {
                    // The move list right under the board on a phone,
                    // beside it on a desktop, and the facts beside both
                    // at 1280 px (in Welsh too).
                    let r = d.exec("function r(s) { var b = document.querySelector(s).getBoundingClientRect(); return [b.left, b.top, b.bottom]; } return [r('section.board'), r('section.moves'), r('section.facts')];");
                    let at = |i: usize, j: usize| r[i][j].as_f64().unwrap_or(-1.0);
                    if w < 700 {
                        assert!(
                            at(1, 1) >= at(0, 2) - 1.0 && at(1, 1) < at(2, 1),
                            "{lang} at {w}: {r}"
                        );
                    } else {
                        assert!(
                            at(1, 0) > at(0, 0) && at(1, 1) < at(0, 2),
                            "{lang} at {w}: moves not beside the board: {r}"
                        );
                        assert!(
                            at(2, 0) > at(1, 0) && at(2, 1) < at(0, 2),
                            "{lang} at {w}: facts not beside the board: {r}"
                        );
                    }
                }
            }
        }
    }
    eprintln!("web_browser: screenshots in {}", shots.display());
    d.resize(1280, 1100);

    if let Some(axe) = axe {
        let mut problems = Vec::new();
        let mut checked = Vec::new();
        for (w, h) in [(390, 844), (1280, 800)] {
            for lang in ["en", "cy"] {
                for (_, path) in &pages {
                    let sep = if path.contains('?') { '&' } else { '?' };
                    checked.push((w, h, format!("{path}{sep}lang={lang}")));
                }
            }
        }
        for path in [
            format!("/g/{}", f.running),
            format!("/embed/g/{game}?ply=2"),
            "/g/987654".to_string(),
            "/?q=ali".to_string(),
        ] {
            checked.push((1280, 1100, path));
        }
        for (w, h, path) in checked {
            d.resize(w, h);
            d.go(&format!("{base}{path}"));
            for v in d.axe(&axe) {
                let nodes: Vec<String> = v["nodes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|n| n["html"].as_str().unwrap_or("").chars().take(120).collect())
                    .collect();
                problems.push(format!(
                    "{path} at {w} px: {} ({}): {nodes:?}",
                    v["id"], v["impact"]
                ));
            }
        }
        assert!(problems.is_empty(), "axe-core:\n{}", problems.join("\n"));
        // The check can fail: a picture without alt text is reported.
        d.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": "var i = document.createElement('img'); i.src = '/g/1/board.png'; document.querySelector('main').appendChild(i); return true;", "args": [] })),
        );
        let found = d.axe(&axe);
        assert!(found.iter().any(|v| v["id"] == "image-alt"), "{found:?}");
    } else {
        eprintln!("web_browser: axe-core not installed (npm install in tests/browser): accessibility not checked");
    }
    drop(d);
    let _ = stop.send(());
    rt.shutdown_timeout(Duration::from_secs(5));
}
