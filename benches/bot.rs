//! Engine move to posted reply: `App::bot_turn` on a tawlbwrdd middle game
//! (20 plies in) at levels 1 and 2 -- load the game, search, store the move,
//! render the board: everything but the network.

use std::sync::atomic::AtomicBool;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use tawlbot::app::{App, Ctx, Effect, Input, User};
use tawlbot::engine::{self, Limits};
use tawlbot::notation::format_move;
use tawlbot::store::{GameId, SqliteStore};

fn ctx(channel: &str, now: i64, source: String) -> Ctx {
    Ctx {
        server: "bench".into(),
        channel: channel.into(),
        user: User {
            id: "alice".into(),
            name: "alice".into(),
        },
        now,
        source,
        manage_server: false,
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: vec![],
    }
}

/// A new bot game at `level` in channel `ch`, 20 plies in, with the bot to
/// move: returns (game id, moves played), or `None` when the game ended
/// in the opening.
fn middle_game(app: &App, ch: &str, level: u8, now: i64) -> Option<(GameId, u32)> {
    let stop = AtomicBool::new(false);
    let resp = app.handle(
        &ctx(ch, now, format!("{ch}:c")),
        Input::Slash {
            name: "challenge".into(),
            args: vec![
                ("opponent".into(), "tawlbot".into()),
                ("variant".into(), "tawlbwrdd".into()),
                ("side".into(), "attackers".into()),
                ("level".into(), level.to_string()),
            ],
        },
    );
    assert!(resp.effects.is_empty(), "the attackers move first");
    let mut pending: Vec<Effect>;
    for ply in 0..10u32 {
        let row = app.store().active_game_in_channel(&ch.into()).unwrap()?;
        let l = app.load(row).unwrap();
        let r = engine::best_move(&l.game, &Limits::level(1), ply as u64 + 1, &stop).unwrap();
        let mv = format_move(l.game.rules(), &r.mv);
        let resp = app.handle(
            &ctx(ch, now + ply as i64 * 2, format!("{ch}:{ply}")),
            Input::Message {
                text: mv,
                addressed: false,
            },
        );
        pending = resp.effects;
        let Some(Effect::BotTurn {
            game,
            expected_moves,
        }) = pending.pop()
        else {
            return None;
        };
        if ply == 9 {
            return Some((game, expected_moves));
        }
        let r = app.bot_turn(game, expected_moves, now + ply as i64 * 2 + 1, &stop);
        assert!(!r.replies.is_empty());
    }
    unreachable!()
}

fn bench_bot_turn(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(SqliteStore::open(dir.path().join("bench.db")).unwrap());
    let stop = AtomicBool::new(false);
    let mut n = 0u64;
    for level in [1u8, 2] {
        c.bench_function(
            &format!("bot move to reply (tawlbwrdd middle game, level {level})"),
            |b| {
                b.iter_batched(
                    || loop {
                        n += 1;
                        let now = 1_800_000_000 + n as i64 * 100;
                        if let Some((g, e)) = middle_game(&app, &format!("c{n}"), level, now) {
                            break (g, e, now + 50);
                        }
                    },
                    |(g, e, now)| {
                        let r = app.bot_turn(g, e, now, &stop);
                        assert_eq!(r.replies.len(), 1);
                        r
                    },
                    BatchSize::PerIteration,
                )
            },
        );
    }
}

/// `/analysis` of a 100-move (100-ply) tawlbwrdd game at the fixed budget.
fn bench_analysis(c: &mut Criterion) {
    let rules = tawlbot::rules::Ruleset::from_spec("tawlbwrdd", &[]).unwrap();
    let stop = AtomicBool::new(false);
    let game = (1..200u64)
        .map(|seed| engine::play_game(&rules, seed, [1, 1], 100, &stop))
        .find(|g| g.record().len() == 100)
        .expect("a 100-move game");
    let limits = Limits::nodes(tawlbot::app::use_cases::analysis::ANALYSIS_NODES);
    c.bench_function("analysis of a 100-move tawlbwrdd game", |b| {
        b.iter(|| {
            let a = engine::analyse(&game, &limits, &stop, &mut |_, _| {});
            assert_eq!(a.chances.len(), 101);
            a
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_bot_turn, bench_analysis
}
criterion_main!(benches);
