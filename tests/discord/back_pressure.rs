//! Back-pressure: the real `tawlbot` program under a
//! burst of moves in many channels at once. Every handler used to take a
//! tokio blocking thread of its own (512 at most): at 200 channels the bot
//! ran about 200 threads, at 1,000 about 515, and its memory grew with the
//! queue. Now at most `WORKERS` app calls run at once (the rest wait as
//! small futures) and the runtime's blocking threads are capped.
//!
//! CI runs 200 channels. The figures in docs/performance.md come from the
//! same test by hand (the CPU a move: `cargo bench --bench gateway`): `TAWLBOT_LOAD_CHANNELS=1000 cargo test --release
//! --test discord back_pressure:: -- --nocapture`.

use crate::support;

use std::time::{Duration, Instant};

use support::bot::program;
use support::load::{
    attacker, cpu_ticks, moves_answered, seed, threads_and_memory, FIRST_CHANNEL, GUILD,
};
use support::{FakeDiscord, FakeUser};

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
    tokio::task::spawn_blocking(move || seed(&seed_db, channels))
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

    let mark = fake.request_count();
    // By hand: `TAWLBOT_PERF_DATA=/tmp/perf.data` records the bot's burst
    // with `perf` (call graphs unwound from DWARF: release builds keep no
    // frame pointers), for `perf report -i /tmp/perf.data`.
    let perf = std::env::var("TAWLBOT_PERF_DATA").ok().map(|out| {
        std::process::Command::new("perf")
            .args([
                "record",
                "-F",
                "2000",
                "--call-graph",
                "dwarf,16384",
                "-o",
                &out,
                "-p",
                &pid.to_string(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("perf starts")
    });
    if perf.is_some() {
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let cpu_before = cpu_ticks(pid);
    let started = Instant::now();
    for i in 0..channels {
        let a = FakeUser::new(attacker(i), &format!("p{}", attacker(i)));
        fake.send_message_create(FIRST_CHANNEL + i, GUILD, a, "e2-c2")
            .await;
    }
    // Every move answered in its channel, sampling the bot meanwhile.
    let mut most_threads = 0;
    let deadline = Instant::now() + Duration::from_secs(300);
    let answered = loop {
        let (threads, _, _) = threads_and_memory(pid);
        most_threads = most_threads.max(threads);
        let answered = moves_answered(&fake, mark);
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
    if let Some(mut perf) = perf {
        let _ = std::process::Command::new("kill")
            .args(["-INT", &perf.id().to_string()])
            .status();
        let _ = perf.wait();
    }
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
