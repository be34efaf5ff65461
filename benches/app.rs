//! The whole path from a move message to the reply ready to send: parse,
//! load (replay from the store), rules, store commit, render + encode.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use tawlbot::app::{App, Ctx, Input, User};
use tawlbot::store::Store;

fn ctx(user: &str, channel: &str, now: i64, source: String) -> Ctx {
    Ctx {
        server: "bench".into(),
        channel: channel.into(),
        user: User {
            id: user.into(),
            name: user.into(),
        },
        now,
        source,
        manage_server: false,
        mentioned: vec![User {
            id: "bob".into(),
            name: "bob".into(),
        }],
    }
}

fn slash(name: &str, args: &[(&str, &str)]) -> Input {
    Input::Slash {
        name: name.into(),
        args: args
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn bench_move_path(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("bench.db")).unwrap();
    let app = App::new(store);
    let mut n = 0u64;
    // A game ten moves in, so loading replays a real record.
    let opening = [
        "e2-c2", "g7-g9", "g2-i2", "f7-g7", "c2-c3", "f8-h8", "i2-i3", "g9-g8", "c3-c4",
    ];
    c.bench_function("move message to reply (tawlbwrdd, 10th move)", |b| {
        b.iter_batched(
            || {
                n += 1;
                let ch = format!("c{n}");
                let now = 1_800_000_000 + n as i64 * 10;
                app.handle(
                    &ctx("alice", &ch, now, format!("s{n}a")),
                    slash(
                        "challenge",
                        &[
                            ("opponent", "bob"),
                            ("variant", "tawlbwrdd"),
                            ("side", "attackers"),
                        ],
                    ),
                );
                app.handle(
                    &ctx("bob", &ch, now, format!("s{n}b")),
                    slash("accept", &[]),
                );
                for (i, m) in opening.iter().enumerate() {
                    let who = if i % 2 == 0 { "alice" } else { "bob" };
                    app.handle(
                        &ctx(who, &ch, now + 1, format!("s{n}m{i}")),
                        Input::Message {
                            text: m.to_string(),
                            addressed: false,
                        },
                    );
                }
                (ch, now + 2)
            },
            |(ch, now)| {
                let r = app.handle(
                    &ctx("bob", &ch, now, format!("{ch}-move")),
                    Input::Message {
                        text: "h8-h9".into(),
                        addressed: false,
                    },
                );
                assert_eq!(r.replies.len(), 1);
                assert_eq!(r.replies[0].files.len(), 1, "{:?}", r.replies[0].text);
                r
            },
            BatchSize::PerIteration,
        )
    });
}

criterion_group!(benches, bench_move_path);
criterion_main!(benches);
