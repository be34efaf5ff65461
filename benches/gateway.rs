//! The move path's CPU: the real `tawlbot` program against the fake
//! Discord of `tests/support/` on 127.0.0.1, through the whole gateway
//! path: a `MESSAGE_CREATE` "e2-c2" event's JSON in, the app, the store
//! (SQLite), the picture, and the multipart POST of the reply out.
//!
//! What is measured is the bot process's CPU time (user + system, from
//! `/proc/PID/task/*/schedstat`, in nanoseconds), not the wall clock: each iteration is one move in a
//! fresh channel (a game seeded there before the bot starts), and
//! criterion's "time" per iteration is the CPU the bot spent on it. The
//! figures are in docs/performance.md.
//!
//! Three cases: "a move, the bot's CPU" is the same move from the start
//! in every channel; "no picture of it drawn before" a move in a midgame
//! seeded straight into the database; "the move before drawn just before"
//! the second of two moves in such a midgame, only the second measured (a
//! game being played). Every board is drawn and compressed whole, so the
//! two midgame cases differ only in what the store and the app have seen.
//!
//! `cargo bench --bench gateway`. Linux only (it reads /proc).

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../tests/support/mod.rs"]
mod support;

use support::load::{
    attacker, cpu_ns, moves_answered, seed, seed_midgames, Planned, FIRST_CHANNEL, GUILD,
};
use support::{FakeDiscord, FakeUser};

/// Channels seeded: more than criterion asks for with the settings below
/// (about 1,900 moves at 2 ms each).
const POOL: u64 = 3_000;
/// Midgames seeded for each of the two midgame benchmarks.
const MID: u64 = 1_600;
/// Moves sent at once in the midgame benchmarks.
const BATCH: usize = 100;
fn gateway(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gateway.db");
    seed(&db, POOL);
    // Two sets of midgames after the start games: "cold" plays one move in
    // each (no picture of the game drawn before: its position was seeded),
    // "live" two, measuring only the second (the move before it drawn
    // just before, as in a game being played).
    let cold_games = seed_midgames(&db, POOL, MID);
    let live_games = seed_midgames(&db, POOL + MID, MID);
    let fake = rt.block_on(FakeDiscord::start());
    let log = dir.path().join("bot.log");
    let mut child = rt.block_on(async {
        // `GATEWAY_BOT=PATH`: measure that build of the program instead
        // (two builds compared in turns, as the VM's speed drifts).
        let exe = std::env::var_os("GATEWAY_BOT")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_tawlbot").into());
        let bot = support::bot::program_at(&exe, &fake, dir.path(), &log);
        let child = tokio::process::Command::from(bot)
            .env("DATABASE_PATH", &db)
            .kill_on_drop(true)
            .spawn()
            .expect("the tawlbot program starts");
        support::bot::wait_ready(&fake, None).await;
        child
    });
    let pid = child.id().expect("the bot's pid");
    let mut next = 0u64;

    let mut g = c.benchmark_group("gateway");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("a move, the bot's CPU", |b| {
        b.iter_custom(|iters| {
            assert!(
                next + iters <= POOL,
                "the benchmark ran out of seeded channels ({POOL}): raise POOL"
            );
            let first = next;
            next += iters;
            rt.block_on(async {
                let mark = fake.request_count();
                let before = cpu_ns(pid);
                for i in first..first + iters {
                    let a = FakeUser::new(attacker(i), &format!("p{}", attacker(i)));
                    fake.send_message_create(FIRST_CHANNEL + i, GUILD, a, "e2-c2")
                        .await;
                }
                let deadline = Instant::now() + Duration::from_secs(120);
                loop {
                    let answered = moves_answered(&fake, mark);
                    if answered >= iters {
                        break;
                    }
                    assert!(
                        Instant::now() < deadline,
                        "{answered} of {iters} moves answered in two minutes; the bot's log:\n{}",
                        std::fs::read_to_string(&log).unwrap_or_default()
                    );
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                Duration::from_nanos(cpu_ns(pid).saturating_sub(before))
            })
        })
    });
    g.measurement_time(Duration::from_secs(2));
    // Sends `moves` and waits until each is answered.
    let send = |moves: &[Planned]| {
        rt.block_on(async {
            let mark = fake.request_count();
            for m in moves {
                let u = FakeUser::new(m.user, &format!("p{}", m.user));
                fake.send_message_create(m.channel, GUILD, u, &m.text).await;
            }
            let deadline = Instant::now() + Duration::from_secs(120);
            while moves_answered(&fake, mark) < moves.len() as u64 {
                assert!(
                    Instant::now() < deadline,
                    "midgame moves not answered in two minutes; the bot's log:\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    // The bot's CPU for the moves of `games`: the first of each, or with
    // `drawn_before` the second (the first sent, unmeasured, just before).
    let midgames = |games: &[[Planned; 2]], drawn_before: bool| {
        let mut cpu = 0;
        for part in games.chunks(BATCH) {
            let [first, second]: [Vec<Planned>; 2] =
                [0, 1].map(|k| part.iter().map(|m| m[k].clone()).collect());
            let measured = if drawn_before {
                send(&first);
                second
            } else {
                first
            };
            let before = cpu_ns(pid);
            send(&measured);
            cpu += cpu_ns(pid).saturating_sub(before);
        }
        Duration::from_nanos(cpu)
    };
    for (name, games, drawn_before) in [
        (
            "a move in a midgame, no picture of it drawn before",
            &cold_games,
            false,
        ),
        (
            "a move in a midgame, the move before drawn just before",
            &live_games,
            true,
        ),
    ] {
        let mut used = 0usize;
        // By hand: `GATEWAY_PERF_DATA=/tmp/perf.data` records the bot with
        // `perf` (call graphs from DWARF) during one midgame case: the move
        // in a game being played, or with `GATEWAY_PERF_CASE=cold` the one
        // never drawn before; `perf report -i /tmp/perf.data`.
        let cold = std::env::var("GATEWAY_PERF_CASE").is_ok_and(|c| c == "cold");
        let perf = std::env::var("GATEWAY_PERF_DATA")
            .ok()
            .filter(|_| drawn_before != cold)
            .map(|out| {
                let p = std::process::Command::new("perf")
                    .args(["record", "-F", "4000", "--call-graph", "dwarf,16384", "-o"])
                    .arg(&out)
                    .args(["-p", &pid.to_string()])
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .expect("perf starts");
                std::thread::sleep(Duration::from_millis(500));
                p
            });
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let iters = iters as usize;
                assert!(
                    used + iters <= games.len(),
                    "the benchmark ran out of seeded midgames ({MID}): raise MID"
                );
                let cpu = midgames(&games[used..used + iters], drawn_before);
                used += iters;
                next += (iters * (1 + drawn_before as usize)) as u64;
                cpu
            })
        });
        if let Some(mut p) = perf {
            // SIGINT: perf writes its file and exits.
            let _ = std::process::Command::new("kill")
                .args(["-INT", &p.id().to_string()])
                .status();
            let _ = p.wait();
        }
    }
    g.finish();
    // What the bot asked of Discord, a move: one POST of its reply
    // (anything more is CPU the move path spends on requests).
    let mut asked: std::collections::BTreeMap<String, u64> = Default::default();
    for r in fake.requests() {
        let path: String = r
            .path
            .split('/')
            .map(|p| {
                if p.chars().all(|c| c.is_ascii_digit()) && !p.is_empty() {
                    "*"
                } else {
                    p
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        *asked.entry(format!("{} {path}", r.method)).or_default() += 1;
    }
    println!("gateway: {next} moves in all; the requests the bot made:");
    for (what, n) in asked {
        println!("  {what}: {n}");
    }
    rt.block_on(async {
        let _ = child.start_kill();
        let _ = child.wait().await;
    });
    support::bot::assert_discord_had_nothing_to_refuse(&fake);
}

criterion_group!(benches, gateway);
criterion_main!(benches);
