//! Back-pressure (issue 29, item 7): the real `tawlbot` program under a
//! burst of moves in many channels at once. Every handler used to take a
//! tokio blocking thread of its own (512 at most): at 200 channels the bot
//! ran about 200 threads, at 1,000 about 515, and its memory grew with the
//! queue. Now at most `WORKERS` app calls run at once (the rest wait as
//! small futures) and the runtime's blocking threads are capped.
//!
//! CI runs 200 channels. The figures in docs/performance.md come from the
//! same test by hand: `TAWLBOT_LOAD_CHANNELS=1000 cargo test --release
//! --test discord back_pressure:: -- --nocapture`.

use crate::support;

use std::time::{Duration, Instant};

use support::bot::program;
use support::{FakeDiscord, FakeUser};
use tawlbot::app::{App, Ctx, Input, User};

const GUILD: u64 = 40 << 22;
const FIRST_CHANNEL: u64 = 900_000;
/// Each channel's players: ids FIRST_PLAYER + 2i (attackers) and + 2i + 1.
const FIRST_PLAYER: u64 = 5_000_000;

/// The CPU time the bot has used so far (user + system, in clock ticks of
/// 1/100 s), from /proc/PID/stat.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which may hold spaces) in ( ).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|v| v.parse().unwrap_or(0))
        .collect();
    // utime and stime are fields 14 and 15 of the line: 12 and 13 here.
    f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)
}

/// The bot's threads and resident memory now, and its peak memory (kB),
/// from /proc.
fn threads_and_memory(pid: u32) -> (u64, u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (field("Threads:"), field("VmRSS:"), field("VmHWM:"))
}

/// Now, in seconds: the seeded games must not have run out of time by the
/// time the bot starts (its scheduler would end them first).
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn slash(app: &App, channel: u64, user: u64, name: &str, args: &[(&str, String)], n: usize) {
    let ctx = Ctx {
        server: GUILD.to_string().into(),
        channel: channel.to_string().into(),
        user: User {
            id: user.to_string().into(),
            name: format!("p{user}"),
        },
        now: now() + n as i64,
        source: format!("seed:{channel}:{name}"),
        manage_server: false,
        roles: Vec::new(),
        mentioned: Vec::new(),
    };
    let input = Input::Slash {
        name: name.to_string(),
        args: args
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    app.handle(&ctx, input);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_moves_in_many_channels_keeps_threads_and_memory_flat() {
    let channels: u64 = std::env::var("TAWLBOT_LOAD_CHANNELS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    // A game in every channel, made before the bot starts.
    let seed_db = db.clone();
    tokio::task::spawn_blocking(move || {
        let app = App::new(tawlbot::store::open(seed_db.to_str().unwrap()).unwrap());
        for i in 0..channels {
            let channel = FIRST_CHANNEL + i;
            let (a, b) = (FIRST_PLAYER + 2 * i, FIRST_PLAYER + 2 * i + 1);
            let challenge = [
                ("opponent", b.to_string()),
                ("variant", "tawlbwrdd".to_string()),
                ("side", "attackers".to_string()),
            ];
            slash(&app, channel, a, "challenge", &challenge, 0);
            slash(&app, channel, b, "accept", &[], 1);
        }
    })
    .await
    .unwrap();

    let fake = FakeDiscord::start().await;
    let log = dir.path().join("bot.log");
    let mut child = tokio::process::Command::from(program(&fake, dir.path(), &log))
        .env("DATABASE_PATH", &db)
        .kill_on_drop(true)
        .spawn()
        .expect("the tawlbot program starts");
    let pid = child.id().unwrap();
    support::bot::wait_ready(&fake, None).await;
    let idle = threads_and_memory(pid);

    let mark = fake.requests().len();
    let cpu_before = cpu_ticks(pid);
    let started = Instant::now();
    for i in 0..channels {
        let a = FakeUser::new(FIRST_PLAYER + 2 * i, &format!("p{}", FIRST_PLAYER + 2 * i));
        fake.send_message_create(FIRST_CHANNEL + i, GUILD, a, "e2-c2")
            .await;
    }
    // Every move answered in its channel, sampling the bot meanwhile.
    let mut most_threads = 0;
    let deadline = Instant::now() + Duration::from_secs(300);
    let answered = loop {
        let (threads, _, _) = threads_and_memory(pid);
        most_threads = most_threads.max(threads);
        let answered = fake.requests()[mark..]
            .iter()
            .filter(|r| {
                r.is("POST", "/channels/*/messages")
                    && r.content().is_some_and(|c| c.contains("played **"))
            })
            .count() as u64;
        if answered >= channels || Instant::now() > deadline {
            break answered;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let elapsed = started.elapsed();
    // The CPU of the whole gateway path a move takes (event JSON in, app,
    // store, picture, multipart POST out), over the burst: a figure for
    // docs/performance.md, not a test of speed.
    let cpu_ms = (cpu_ticks(pid) - cpu_before) as f64 * 10.0 / channels.max(1) as f64;
    let (_, rss, peak) = threads_and_memory(pid);
    println!(
        "{channels} channels: answered {answered} in {:.1} s ({cpu_ms:.2} ms of CPU a move); threads idle {}, at most {most_threads}; memory idle {} MB, after {} MB, peak {} MB",
        elapsed.as_secs_f64(),
        idle.0,
        idle.1 / 1024,
        rss / 1024,
        peak / 1024,
    );
    let _ = child.start_kill();
    let _ = child.wait().await;
    let bot_log = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(
        answered, channels,
        "every move is answered; the bot's log:\n{bot_log}"
    );
    assert!(
        most_threads < 64,
        "the bot ran {most_threads} threads for {channels} channels"
    );
    support::bot::assert_discord_had_nothing_to_refuse(&fake);
}
