//! The whole path from a move message to the reply ready to send: parse,
//! load (replay from the store), rules, store commit, render + encode.

use criterion::{criterion_group, BatchSize, Criterion};
use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Input};
use tawlbot::store::SqliteStore;

#[path = "support/moves.rs"]
mod moves;
use moves::{ctx, ctx_naming, game_nine_moves_in, players, slash, tenth_move};

fn bench_move_path(c: &mut Criterion) {
    for welsh in [false, true] {
        move_path(c, welsh);
    }
}

/// The measured path: bob's tenth move as a plain message, to its reply
/// with the board. Never inlined, so that a profiler can count exactly
/// this (`valgrind --tool=callgrind --toggle-collect='app::move_to_reply'`,
/// see docs/performance.md).
#[inline(never)]
fn move_to_reply(app: &App, ch: &str, now: i64) -> Response {
    tenth_move(app, ch, now)
}

/// `MOVE_TO_REPLY_COUNT=N cargo bench --bench app`: no criterion, exactly
/// N games set up and N measured moves, the same every run, for counting
/// instructions and calls (load does not change them) instead of timing.
/// Prints the minor page faults the measured moves took.
fn count_moves(n: u64) {
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(SqliteStore::open(dir.path().join("bench.db")).unwrap());
    let mut faults = 0;
    for k in 1..=n {
        let (ch, now) = game_nine_moves_in(&app, k);
        let before = minor_faults();
        std::hint::black_box(move_to_reply(&app, &ch, now));
        faults += minor_faults() - before;
    }
    println!(
        "{n} moves to reply; page faults in them: {faults} ({:.1} a move)",
        faults as f64 / n as f64
    );
}

/// This process's minor page faults so far (Linux; 0 elsewhere): memory
/// the kernel had to map, which instruction counts do not show.
fn minor_faults() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    rest.split_whitespace()
        .nth(7)
        .and_then(|f| f.parse().ok())
        .unwrap_or(0)
}

/// One move and its reply; with `welsh` the mover has chosen Cymraeg, so the
/// reply is localised into Welsh (plural rules, mutations written out).
fn move_path(c: &mut Criterion, welsh: bool) {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("bench.db")).unwrap();
    let app = App::new(store);
    let name = if welsh {
        "move message to reply (tawlbwrdd, 10th move, Welsh)"
    } else {
        "move message to reply (tawlbwrdd, 10th move)"
    };
    let mut n = 0u64;
    c.bench_function(name, |b| {
        b.iter_batched(
            || {
                n += 1;
                if welsh {
                    // The mover has chosen Cymraeg (before the game).
                    let bob = players(&format!("c{n}")).1;
                    app.handle(
                        &ctx_naming(&bob, "lang", 1_800_000_000, format!("lang{n}"), &bob),
                        slash("language", &[("choice", "cymraeg")]),
                    );
                }
                game_nine_moves_in(&app, n)
            },
            |(ch, now)| move_to_reply(&app, &ch, now),
            BatchSize::PerIteration,
        )
    });
}

/// A game of `moves` moves in channel `ch`, played through the app: each move
/// keeps the game going, with a capture when the 100-move rule draws near.
fn long_game(app: &App, ch: &str, moves: usize) -> bool {
    let now = 1_700_000_000;
    app.handle(
        &ctx("alice", ch, now, format!("{ch}-c")),
        slash(
            "challenge",
            &[("opponent", "bob"), ("variant", "tawlbwrdd")],
        ),
    );
    app.handle(
        &ctx("bob", ch, now, format!("{ch}-a")),
        slash("accept", &[]),
    );
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15 ^ ch.len() as u64;
    for i in 0..moves {
        let Ok(Some(row)) = app.store().active_game_in_channel(&ch.into()) else {
            return false;
        };
        let l = app.load(row).unwrap();
        let g = &l.game;
        let Some(side) = g.to_move() else {
            return false;
        };
        let keeps_going = |m: &tawlbot::rules::Move| {
            let mut next = g.clone();
            next.play(*m).is_ok() && !next.is_over()
        };
        let legal: Vec<_> = g.legal_moves().into_iter().filter(keeps_going).collect();
        if legal.is_empty() {
            return false;
        }
        let captures: Vec<_> = legal
            .iter()
            .filter(|m| g.captures_of(**m).is_ok_and(|c| !c.is_empty()))
            .copied()
            .collect();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let pool = if g.since_capture() > 60 && !captures.is_empty() {
            &captures
        } else {
            &legal
        };
        let mv = pool[(seed >> 33) as usize % pool.len()];
        let text = tawlbot::notation::format_move(g.rules(), &mv);
        let who = l.players[side.index()].clone();
        app.handle(
            &ctx(&who, ch, now + 1 + i as i64, format!("{ch}-m{i}")),
            Input::Message {
                text,
                addressed: false,
            },
        );
    }
    true
}

/// `/export` of a 300-move game: the record and a GIF of every position.
/// "cold" draws them (a fresh app, so an empty cache); "cached" is a second
/// player asking for the same position.
fn bench_export(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path().join("bench.db")).unwrap();
    let app = App::new(store.clone());
    let ch = (0..20)
        .map(|k| format!("long{k}"))
        .find(|ch| long_game(&app, ch, 300))
        .expect("a 300-move game");
    let mut n = 0u64;
    let export = |app: &App, n: u64| {
        let r = app.handle(
            &ctx(&format!("viewer{n}"), &ch, 1_800_000_000, format!("x{n}")),
            slash("export", &[]),
        );
        assert_eq!(r.replies[0].files.len(), 2, "{:?}", r.replies[0].text);
        r
    };
    let mut group = c.benchmark_group("export");
    group.sample_size(10);
    group.bench_function("/export of a 300-move game (cold)", |b| {
        b.iter(|| {
            n += 1;
            export(&App::new(store.clone()), n)
        })
    });
    export(&app, 0);
    group.bench_function("/export of a 300-move game (cached)", |b| {
        b.iter(|| {
            n += 1;
            export(&app, n)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_move_path, bench_export);

fn main() {
    moves::count_or_bench(count_moves, benches);
}
