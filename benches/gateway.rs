//! The move path's CPU (issue 29): the real `tawlbot` program against the
//! fake Discord of `tests/support/` on 127.0.0.1, through the whole
//! gateway path: a `MESSAGE_CREATE` "e2-c2" event's JSON in, the app, the
//! store (SQLite), the picture, and the multipart POST of the reply out.
//!
//! What is measured is the bot process's CPU time (user + system, from
//! `/proc/PID/task/*/schedstat`, in nanoseconds), not the wall clock: each iteration is one move in a
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

use support::load::{attacker, cpu_ns, moves_answered, seed, FIRST_CHANNEL, GUILD};
use support::{FakeDiscord, FakeUser};

/// Channels seeded: more than criterion asks for with the settings below
/// (about 1,900 moves at 2 ms each).
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
