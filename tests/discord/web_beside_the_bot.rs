//! The web archive served by the bot process itself ("with
//! `WEB_ADDR` set, the bot serves it too"): the real `tawlbot` program
//! against the fake Discord, with `WEB_ADDR` on a free loopback port and
//! `PUBLIC_URL`. A game is played through Discord; its message links to
//! the archive, and the same process answers that link's page over TCP.

use crate::support;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::bot::{
    assert_discord_had_nothing_to_refuse, program, send_challenge, terminate, wait_ready,
};
use support::{opt, FakeDiscord, FakeUser, DEFAULT_TIMEOUT};
use tawlbot::app::App;
use tawlbot::store::prelude::*;
use tawlbot::store::SqliteStore;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const GUILD: u64 = 500;
const CHANNEL: u64 = 600;
const ALICE: u64 = 701;
const BOB: u64 = 702;
const PUBLIC_URL: &str = "https://archive.example";

/// A loopback address no one listens on now (the port the system gave a
/// listener that is then closed).
fn free_loopback() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    l.local_addr().unwrap()
}

/// `GET path` over TCP: the status line, the head and the body.
async fn get(addr: SocketAddr, path: &str) -> (String, String) {
    let mut s = tokio::time::timeout(DEFAULT_TIMEOUT, tokio::net::TcpStream::connect(addr))
        .await
        .expect("connecting to WEB_ADDR timed out")
        .unwrap_or_else(|e| panic!("nothing listens on WEB_ADDR {addr}: {e}"));
    let head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(DEFAULT_TIMEOUT, s.read_to_end(&mut answer))
        .await
        .expect("the archive did not answer in time")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (head.to_string(), body.to_string())
}

/// The game in the channel, read from the database the bot is using
/// (SQLite in WAL mode: a second connection reads beside it).
fn game_in(db: &Path) -> (GameId, tawlbot::rules::Game, [String; 2]) {
    let app = App::new(SqliteStore::open(db).expect("open the bot's database"));
    let row = app
        .store()
        .active_game_in_channel(&CHANNEL.to_string().into())
        .expect("store")
        .expect("an active game");
    let id = row.id;
    let l = app.load(row).expect("load the game");
    (id, l.game, l.players.map(String::from))
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_web_addr_the_bot_process_serves_the_archive() {
    support::init_tracing();
    let fake = FakeDiscord::start().await;
    let alice = fake.add_user(FakeUser::new(ALICE, "alice"));
    let bob = fake.add_user(FakeUser::new(BOB, "bob"));
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // The server made its archive public (what `/settings archive:public`
    // stores), before the bot starts.
    SqliteStore::open(&db)
        .unwrap()
        .set_archive_public(&GUILD.to_string().into(), true)
        .unwrap();
    let web = free_loopback();
    let log = dir.path().join("stderr.log");
    let mut cmd = program(&fake, dir.path(), &log);
    cmd.env("DATABASE_PATH", &db)
        .env("DEV_GUILD_ID", GUILD.to_string())
        .env("WEB_ADDR", web.to_string())
        .env("PUBLIC_URL", PUBLIC_URL);
    let mut child = tokio::process::Command::from(cmd)
        .kill_on_drop(true)
        .spawn()
        .expect("the tawlbot program starts");
    let log_text = || std::fs::read_to_string(&log).unwrap_or_default();
    wait_ready(&fake, Some(GUILD)).await;
    // Discord names the server on connecting (GUILD_CREATE): the archive
    // shows that name, not the server's number.
    fake.send_guild_create(GUILD, "Clwb Tawlbwrdd", &[(CHANNEL, "games")])
        .await;

    // alice challenges bob, bob accepts: a game in the channel.
    let id = send_challenge(
        &fake,
        CHANNEL,
        GUILD,
        alice.clone(),
        bob.clone(),
        vec![opt::string("side", "defenders")],
    )
    .await;
    fake.wait_for_interaction_callback(id).await;
    let id = fake
        .send_slash_command(CHANNEL, GUILD, bob.clone(), "accept", Value::Null)
        .await;
    fake.wait_for_interaction_callback(id).await;
    let mut started = None;
    for _ in 0..200 {
        if let Ok(Some(_)) = SqliteStore::open(&db)
            .unwrap()
            .active_game_in_channel(&CHANNEL.to_string().into())
        {
            started = Some(());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(started.is_some(), "no game started\n{}", log_text());

    // The first move, as a plain message; its answer links to the archive.
    let (game_id, g, players) = game_in(&db);
    let mv = tawlbot::notation::format_move(g.rules(), &g.legal_moves()[0]);
    let mover = if players[g.to_move().unwrap().index()] == ALICE.to_string() {
        alice.clone()
    } else {
        bob.clone()
    };
    let mark = fake.requests().len();
    let path = format!("/channels/{CHANNEL}/messages");
    fake.send_message_create(CHANNEL, GUILD, mover, &mv).await;
    let reply = fake
        .wait_for_request_after(mark, |r| r.is("POST", &path), DEFAULT_TIMEOUT)
        .await;
    let l = reply.link_buttons();
    assert_eq!(l.len(), 1, "{}", reply.body());
    let url = format!("{PUBLIC_URL}/g/{game_id}");
    assert_eq!(l[0]["url"], url.as_str());

    // The link's path, asked of WEB_ADDR: the same process serves the page
    // of the game it has just answered on Discord.
    let (head, body) = get(web, &format!("/g/{game_id}")).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{}", log_text());
    assert!(
        head.to_lowercase()
            .contains("content-security-policy: default-src 'none'"),
        "{head}"
    );
    // The words, without the catalogue's isolation marks.
    let body = tawlbot::i18n::without_isolation(&body);
    assert!(body.contains("alice") && body.contains("bob"), "{body}");
    // One ply played: move 1, the second side to move (numbered by turn).
    assert!(body.contains("Move 1 · "), "{body}");
    assert!(
        body.contains(&mv),
        "the move {mv} is not on the page: {body}"
    );
    let (head, body) = get(web, &format!("/s/{GUILD}")).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{}", log_text());
    let body = tawlbot::i18n::without_isolation(&body);
    assert!(body.contains("Clwb Tawlbwrdd"), "{body}");
    // Anything else stays as private as ever: a missing game is a 404.
    let (missing, _) = get(web, &format!("/g/{}", game_id.get() + 1000)).await;
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");

    // SIGTERM stops the bot and its archive together.
    let status = terminate(&mut child).await;
    assert_eq!(status.code(), Some(0), "{}", log_text());
    assert!(
        tokio::net::TcpStream::connect(web).await.is_err(),
        "the archive still answers after the bot stopped"
    );
    assert_discord_had_nothing_to_refuse(&fake);
}
