//! The game the move-to-reply benches share (`benches/app.rs`,
//! `benches/stores.rs`): a tawlbwrdd game ten moves in, then one move
//! message to its reply ready to send (parse, load from the store, rules,
//! commit, render and encode).
#![allow(dead_code)]

use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Ctx, Input, User};

pub fn ctx(user: &str, channel: &str, now: i64, source: String) -> Ctx {
    ctx_naming(user, channel, now, source, "bob")
}

/// [`ctx`], with `mentioned` the user named in the message.
pub fn ctx_naming(user: &str, channel: &str, now: i64, source: String, mentioned: &str) -> Ctx {
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
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: vec![User {
            id: mentioned.into(),
            name: mentioned.into(),
        }],
    }
}

pub fn slash(name: &str, args: &[(&str, &str)]) -> Input {
    Input::Slash {
        name: name.into(),
        args: args
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The first nine moves, so that loading replays a real record.
const OPENING: [&str; 9] = [
    "e2-c2", "g7-g9", "g2-i2", "f7-g7", "c2-c3", "f8-h8", "i2-i3", "g9-g8", "c3-c4",
];

/// The two players of the game in channel `ch`: a pair of its own, since
/// a player may have at most 30 games against people running at once.
pub fn players(ch: &str) -> (String, String) {
    (format!("alice-{ch}"), format!("bob-{ch}"))
}

/// Game `n` (in channel `c{n}`, its Alice attacking its Bob: see
/// [`players`]), nine moves in; returns its channel and the time of the
/// tenth move.
pub fn game_nine_moves_in(app: &App, n: u64) -> (String, i64) {
    let ch = format!("c{n}");
    let (alice, bob) = players(&ch);
    let now = 1_800_000_000 + n as i64 * 10;
    app.handle(
        &ctx_naming(&alice, &ch, now, format!("s{n}a"), &bob),
        slash(
            "challenge",
            &[
                ("opponent", bob.as_str()),
                ("variant", "tawlbwrdd"),
                ("side", "attackers"),
            ],
        ),
    );
    app.handle(
        &ctx_naming(&bob, &ch, now, format!("s{n}b"), &bob),
        slash("accept", &[]),
    );
    for (i, m) in OPENING.iter().enumerate() {
        let who = if i % 2 == 0 { &alice } else { &bob };
        app.handle(
            &ctx_naming(who, &ch, now + 1, format!("s{n}m{i}"), &bob),
            Input::Message {
                text: m.to_string(),
                addressed: false,
            },
        );
    }
    (ch, now + 2)
}

/// Bob's tenth move in the game of `ch`, to its reply (one message with
/// its picture).
pub fn tenth_move(app: &App, ch: &str, now: i64) -> Response {
    let bob = players(ch).1;
    let r = app.handle(
        &ctx_naming(&bob, ch, now, format!("{ch}-move"), &bob),
        Input::Message {
            text: "h8-h9".into(),
            addressed: false,
        },
    );
    assert_eq!(r.replies.len(), 1, "{r:?}");
    assert_eq!(r.replies[0].files.len(), 1, "{:?}", r.replies[0].text);
    r
}

/// One commit of the commit benches (`benches/store.rs`, `benches/stores.rs`):
/// move `n` of `game`, through the path a move takes (`append_move_clocked`),
/// alice and bob in turn, a day per move. The new move count.
pub fn commit_one<S: tawlbot::store::Clock + ?Sized>(
    store: &S,
    game: tawlbot::store::GameId,
    n: u32,
) -> u32 {
    let source = format!("s{n}");
    store
        .append_move_clocked(
            &tawlbot::store::NewMove {
                game_id: game,
                expected_number: n,
                text: "e1-e4",
                player_id: if n.is_multiple_of(2) { "alice" } else { "bob" },
                at: i64::from(n),
                source_id: &source,
                deadline: Some(i64::from(n) + 86_400),
                ..Default::default()
            },
            None,
        )
        .unwrap()
}

/// The benches' `main`: with `MOVE_TO_REPLY_COUNT=N`, `count(N)` (the
/// counting mode, no criterion: for callgrind and the statement counts);
/// otherwise the criterion groups.
pub fn count_or_bench(count: fn(u64), benches: fn()) {
    if let Some(n) = std::env::var("MOVE_TO_REPLY_COUNT")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        count(n);
        return;
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
