//! By hand (`#[ignore]`): a burst of 100 GIF requests at once
//! from one address for the GIFs of 24 public games of 243 plies each:
//!
//! 1. `tawlbot web` alone, with the defaults, then with every per-client
//!    limit off (`WEB_RATE_LIMIT=0`, 1,000 connections per address: only
//!    the GIF builds and their cache hold the memory): the process's peak
//!    resident memory (`VmHWM`) stays under 150 MB, and every request is
//!    answered 200, 429 or 503 within a minute.
//! 2. The bot with `WEB_ADDR` (the archive in its process), against the
//!    fake Discord: its replies to plain moves, timed before and during the
//!    same burst (limits off), stay under 50 ms; its peak memory is printed.
//!
//! ```text
//! cargo test --release --test web gif_burst -- --ignored --nocapture --test-threads 1
//! ```
//!
//! The games are the same every run (`web_support::stored_game`: tawlbwrdd,
//! seed 7, the moves that `common::choose` picks with `pick = ply`). The
//! figures go in `docs/web.md` ("GIFs under a burst").

use crate::support;
use crate::web_support;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::bot::{program, send_challenge, wait_ready};
use support::{FakeDiscord, FakeUser, DEFAULT_TIMEOUT};
use tawlbot::app::App;
use tawlbot::store::prelude::*;
use tawlbot::store::SqliteStore;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const GAMES: usize = 24;
const PLIES: usize = 243;
const READERS: usize = 100;
const GUILD: u64 = 500;
const CHANNEL: u64 = 600;
const ALICE: u64 = 701;
const BOB: u64 = 702;
const PEAK_MB: u64 = 150;
const MINUTE: Duration = Duration::from_secs(60);
const MOVE_MS: u128 = 50;

/// The database: server `GUILD` public, 24 finished games of 243 plies on it.
fn database(dir: &Path) -> (PathBuf, Vec<GameId>) {
    let db = dir.join("burst.db");
    let store = SqliteStore::open(&db).unwrap();
    let server = GUILD.to_string();
    store
        .set_archive_public(&server.as_str().into(), true)
        .unwrap();
    let t = Instant::now();
    let ids: Vec<GameId> = (0..GAMES)
        .map(|i| {
            web_support::stored_game(
                &store,
                &server,
                &format!("burst-{i}"),
                ["p1", "p2"],
                PLIES,
                true,
                1_767_225_600 + i as i64,
            )
        })
        .collect();
    for id in &ids {
        let row = store.get_game(*id).unwrap().unwrap();
        assert_eq!(row.move_count as usize, PLIES, "game {id}");
    }
    println!(
        "{GAMES} games of {PLIES} plies written in {:?}",
        t.elapsed()
    );
    (db, ids)
}

/// A line of `/proc/{pid}/status` in kB (`VmHWM`: the peak resident set).
fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// `GET path` on a connection of its own: the status (0: no answer) and
/// how long the answer took.
async fn fetch(addr: SocketAddr, path: String) -> (u16, Duration, usize) {
    let t = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(120), async {
        let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
        let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        s.write_all(head.as_bytes()).await.ok()?;
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer).await;
        Some(answer)
    })
    .await
    .ok()
    .flatten()
    .unwrap_or_default();
    let status = std::str::from_utf8(&answer[..answer.len().min(12)])
        .ok()
        .and_then(|l| l.strip_prefix("HTTP/1.1 "))
        .and_then(|l| l.get(..3))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, t.elapsed(), answer.len())
}

struct Burst {
    counts: std::collections::BTreeMap<u16, usize>,
    slowest: Duration,
    /// The biggest answer (a GIF with its head).
    biggest: usize,
    peak_kb: u64,
    kept_kb: u64,
}

/// 100 GIF requests at once for `ids` (round the games) to `addr`, served
/// by process `pid`.
async fn burst(addr: SocketAddr, pid: u32, ids: Vec<GameId>) -> Burst {
    let asks: Vec<_> = (0..READERS)
        .map(|i| tokio::spawn(fetch(addr, format!("/g/{}/game.gif", ids[i % ids.len()]))))
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    let mut slowest = Duration::ZERO;
    let mut biggest = 0;
    for a in asks {
        let (status, took, len) = a.await.unwrap();
        *counts.entry(status).or_insert(0) += 1;
        slowest = slowest.max(took);
        biggest = biggest.max(len);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    Burst {
        counts,
        slowest,
        biggest,
        peak_kb: status_kb(pid, "VmHWM:"),
        kept_kb: status_kb(pid, "VmRSS:"),
    }
}

fn report(what: &str, b: &Burst) {
    println!(
        "{what}: answers {:?}, slowest {:.1} s, biggest {} kB, peak {} MB, kept {} MB",
        b.counts,
        b.slowest.as_secs_f64(),
        b.biggest / 1024,
        b.peak_kb / 1024,
        b.kept_kb / 1024
    );
}

fn assert_held(what: &str, b: &Burst) {
    assert!(
        b.counts.keys().all(|s| [200, 429, 503].contains(s)),
        "{what}: {:?}",
        b.counts
    );
    assert!(b.slowest <= MINUTE, "{what}: {:?}", b.slowest);
    assert!(b.peak_kb < PEAK_MB * 1024, "{what}: peak {} kB", b.peak_kb);
}

struct Kill(std::process::Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `tawlbot web` on `db` with `env`: the process and its address.
fn web(db: &Path, env: &[(&str, &str)]) -> (Kill, SocketAddr) {
    use std::io::BufRead;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_tawlbot"));
    cmd.args(["web", "--db"])
        .arg(db)
        .args(["--addr", "127.0.0.1:0"])
        .env_remove("DATABASE_PATH")
        .env_remove("WEB_RATE_LIMIT")
        .env_remove("WEB_CONNECTIONS_PER_ADDRESS")
        .env_remove("WEB_GIF_BUILDS")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("web archive on http://")
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap();
    (Kill(child), addr)
}

const LIMITS_OFF: [(&str, &str); 2] = [
    ("WEB_RATE_LIMIT", "0"),
    ("WEB_CONNECTIONS_PER_ADDRESS", "1000"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "by hand: a burst of GIF requests, measured (docs/web.md)"]
async fn gif_burst_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (db, ids) = database(dir.path());
    for (what, env) in [
        ("tawlbot web, defaults", &[][..]),
        ("tawlbot web, limits off", &LIMITS_OFF[..]),
    ] {
        let (child, addr) = web(&db, env);
        let b = burst(addr, child.0.id(), ids.clone()).await;
        report(what, &b);
        assert_held(what, &b);
    }
}

/// A plain move's reply, timed: from the message sent to the bot's POST.
struct Mover<'a> {
    fake: &'a FakeDiscord,
    db: &'a Path,
    users: [FakeUser; 2],
}

impl Mover<'_> {
    async fn play(&self, n: u64) -> Duration {
        let app = App::new(SqliteStore::open(self.db).unwrap());
        let row = app
            .store()
            .active_game_in_channel(&CHANNEL.to_string().into())
            .unwrap()
            .expect("the game goes on");
        let l = app.load(row).unwrap();
        let g = &l.game;
        let legal = g.legal_moves();
        let start = (n as usize * 7919) % legal.len();
        let mv = (0..legal.len())
            .map(|k| legal[(start + k) % legal.len()])
            .find(|m| {
                let mut after = g.clone();
                after.play(*m).is_ok() && !after.is_over()
            })
            .expect("a move that does not end the game");
        let text = tawlbot::notation::format_move(g.rules(), &mv);
        let to_move = &l.players[g.to_move().unwrap().index()];
        let mover = if *to_move == ALICE.to_string() {
            self.users[0].clone()
        } else {
            self.users[1].clone()
        };
        let path = format!("/channels/{CHANNEL}/messages");
        let mark = self.fake.requests().len();
        let t = Instant::now();
        self.fake
            .send_message_create(CHANNEL, GUILD, mover, &text)
            .await;
        self.fake
            .wait_for_request_after(mark, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
            .await;
        t.elapsed()
    }
}

fn ms(d: &[Duration]) -> String {
    let mut v: Vec<u128> = d.iter().map(Duration::as_millis).collect();
    v.sort_unstable();
    format!(
        "median {} ms, max {} ms (n = {})",
        v[v.len() / 2],
        v[v.len() - 1],
        v.len()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "by hand: a burst of GIF requests beside the bot, measured (docs/web.md)"]
async fn gif_burst_beside_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let (db, ids) = database(dir.path());
    let fake = FakeDiscord::start().await;
    let alice = fake.add_user(FakeUser::new(ALICE, "alice"));
    let bob = fake.add_user(FakeUser::new(BOB, "bob"));
    let web_addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let log = dir.path().join("stderr.log");
    let mut cmd = program(&fake, dir.path(), &log);
    cmd.env("DATABASE_PATH", &db)
        .env("DEV_GUILD_ID", GUILD.to_string())
        .env("WEB_ADDR", web_addr.to_string())
        .env("PUBLIC_URL", "https://archive.example");
    for (k, v) in LIMITS_OFF {
        cmd.env(k, v);
    }
    let child = tokio::process::Command::from(cmd)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let pid = child.id().unwrap();
    wait_ready(&fake, Some(GUILD)).await;
    fake.send_guild_create(GUILD, "Burst", &[(CHANNEL, "games")])
        .await;
    let id = send_challenge(&fake, CHANNEL, GUILD, alice.clone(), bob.clone(), vec![]).await;
    fake.wait_for_interaction_callback(id).await;
    let id = fake
        .send_slash_command(CHANNEL, GUILD, bob.clone(), "accept", Value::Null)
        .await;
    fake.wait_for_interaction_callback(id).await;
    for _ in 0..200 {
        if let Ok(Some(_)) = SqliteStore::open(&db)
            .unwrap()
            .active_game_in_channel(&CHANNEL.to_string().into())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mover = Mover {
        fake: &fake,
        db: &db,
        users: [alice, bob],
    };
    let mut before = Vec::new();
    for n in 0..10 {
        before.push(mover.play(n).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let rss_before = status_kb(pid, "VmRSS:");
    // The burst's clients on a runtime of their own, so that reading 100
    // GIFs does not share this test's two workers with the fake Discord
    // and the timing of the move replies (what is measured is the bot).
    let the_burst = {
        let ids = ids.clone();
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime for the burst")
                .block_on(burst(web_addr, pid, ids))
        })
    };
    let mut during = Vec::new();
    let mut n = 10;
    while !the_burst.is_finished() {
        during.push(mover.play(n).await);
        n += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let b = the_burst.join().expect("the burst ends");
    println!(
        "the bot's move replies: before the burst {}; during it {}",
        ms(&before),
        ms(&during)
    );
    println!(
        "the bot's memory before the burst: {} MB",
        rss_before / 1024
    );
    report("the bot with WEB_ADDR, limits off", &b);
    assert_held("beside the bot", &b);
    let worst = during.iter().max().copied().unwrap_or_default();
    let at = during.iter().position(|d| *d == worst).unwrap_or(0);
    println!("the slowest reply during the burst: {worst:?}, move {at} of it");
    assert!(
        worst.as_millis() < MOVE_MS,
        "a move reply took {worst:?} during the burst"
    );
}
