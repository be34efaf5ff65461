//! The game the move-to-reply benches share (`benches/app.rs`,
//! `benches/stores.rs`): a tawlbwrdd game ten moves in, then one move
//! message to its reply ready to send (parse, load from the store, rules,
//! commit, render and encode).
#![allow(dead_code)]

use tawlbot::app::{App, Ctx, Input, Response, User};

pub fn ctx(user: &str, channel: &str, now: i64, source: String) -> Ctx {
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
        roles: Vec::new(),
        mentioned: vec![User {
            id: "bob".into(),
            name: "bob".into(),
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

/// Game `n` (in channel `c{n}`, Alice attacking Bob), nine moves in;
/// returns its channel and the time of the tenth move.
pub fn game_nine_moves_in(app: &App, n: u64) -> (String, i64) {
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
    for (i, m) in OPENING.iter().enumerate() {
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
}

/// Bob's tenth move in the game of `ch`, to its reply (one message with
/// its picture).
pub fn tenth_move(app: &App, ch: &str, now: i64) -> Response {
    let r = app.handle(
        &ctx("bob", ch, now, format!("{ch}-move")),
        Input::Message {
            text: "h8-h9".into(),
            addressed: false,
        },
    );
    assert_eq!(r.replies.len(), 1);
    assert_eq!(r.replies[0].files.len(), 1, "{:?}", r.replies[0].text);
    r
}
