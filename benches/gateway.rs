//! The move path's CPU (issue 29): the real `tawlbot` program against the
//! fake Discord of `tests/support/` on 127.0.0.1, through the whole
//! gateway path: a `MESSAGE_CREATE` "e2-c2" event's JSON in, the app, the
//! store (SQLite), the picture, and the multipart POST of the reply out.
//!
//! What is measured is the bot process's CPU time (user + system, from
//! `/proc/PID/stat`), not the wall clock: each iteration is one move in a
//! fresh channel (a game seeded there before the bot starts), and
//! criterion's "time" per iteration is the CPU the bot spent on it. The
//! goal (issue 29): at most 1.5 ms a move, in a release build; the
//! figures are in docs/performance.md.
//!
//! `cargo bench --bench gateway`. Linux only (it reads /proc).

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../tests/support/mod.rs"]
mod support;

use support::load::{attacker, cpu_ticks, moves_answered, seed, FIRST_CHANNEL, GUILD};
use support::{FakeDiscord, FakeUser};

/// Channels seeded: more than criterion asks for with the settings below
/// (about 1,300 moves at 2 ms each).
const POOL: u64 = 3_000;

fn gateway(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gateway.db");
    seed(&db, POOL);
    let fake = rt.block_on(FakeDiscord::start());
    let log = dir.path().join("bot.log");
    let mut child = rt.block_on(async {
        let child = tokio::process::Command::from(support::bot::program(&fake, dir.path(), &log))
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
        .measurement_time(Duration::from_secs(2));
    g.bench_function("a move, the bot's CPU", |b| {
        b.iter_custom(|iters| {
            assert!(
                next + iters <= POOL,
                "the benchmark ran out of seeded channels ({POOL}): raise POOL"
            );
            let first = next;
            next += iters;
            rt.block_on(async {
                let mark = fake.requests().len();
                let before = cpu_ticks(pid);
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
                // Ticks of 10 ms: at least a few dozen moves a sample keep
                // the rounding small.
                Duration::from_millis((cpu_ticks(pid) - before) * 10)
            })
        })
    });
    g.finish();
    println!("gateway: {next} moves in all");
    rt.block_on(async {
        let _ = child.start_kill();
        let _ = child.wait().await;
    });
    support::bot::assert_discord_had_nothing_to_refuse(&fake);
}

criterion_group!(benches, gateway);
criterion_main!(benches);
