//! Load on the real `tawlbot` program: many channels with a game each,
//! seeded before the bot starts, and the bot's CPU and memory read from
//! `/proc`. Used by the back-pressure test (`tests/discord/back_pressure.rs`)
//! and the gateway benchmark (`benches/gateway.rs`).

use std::path::Path;

use tawlbot::app::{App, Ctx, Input, User};

use super::FakeDiscord;

pub const GUILD: u64 = 40 << 22;
pub const FIRST_CHANNEL: u64 = 900_000;
/// Each channel's players: ids FIRST_PLAYER + 2i (attackers) and + 2i + 1.
pub const FIRST_PLAYER: u64 = 5_000_000;

/// The attackers' player of channel `i` (the one who moves first).
pub fn attacker(i: u64) -> u64 {
    FIRST_PLAYER + 2 * i
}

/// The CPU time a process has used so far (user + system, in clock ticks
/// of 1/100 s), from /proc/PID/stat.
pub fn cpu_ticks(pid: u32) -> u64 {
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

/// The CPU time a process's threads have used so far, in nanoseconds:
/// the sum of `/proc/PID/task/*/schedstat` (finer than [`cpu_ticks`]'
/// 10 ms; a thread that has exited no longer counts, so measure over
/// spans in which the process keeps its threads).
pub fn cpu_ns(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}

/// A process's threads and resident memory now, and its peak memory (kB),
/// from /proc.
pub fn threads_and_memory(pid: u32) -> (u64, u64, u64) {
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
pub fn now() -> i64 {
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

/// A tawlbwrdd game in each of `channels` channels (from FIRST_CHANNEL),
/// the attackers to move, in the SQLite file `db`.
pub fn seed(db: &Path, channels: u64) {
    let app = App::new(tawlbot::store::open(db.to_str().unwrap()).unwrap());
    for i in 0..channels {
        let channel = FIRST_CHANNEL + i;
        let (a, b) = (attacker(i), attacker(i) + 1);
        let challenge = [
            ("opponent", b.to_string()),
            ("variant", "tawlbwrdd".to_string()),
            ("side", "attackers".to_string()),
        ];
        slash(&app, channel, a, "challenge", &challenge, 0);
        slash(&app, channel, b, "accept", &[], 1);
    }
}

/// The move replies ("played **...**") the fake Discord has been sent
/// since its request number `mark`.
pub fn moves_answered(fake: &FakeDiscord, mark: usize) -> u64 {
    fake.count_requests_since(mark, |r| {
        r.is("POST", "/channels/*/messages") && r.content().is_some_and(|c| c.contains("played **"))
    }) as u64
}

/// A move to send: who sends it and its text.
#[derive(Clone, Debug)]
pub struct Planned {
    pub channel: u64,
    pub user: u64,
    pub text: String,
}

/// A tawlbwrdd game in each of `channels` channels from `first`, played
/// `10..40` random plies in (seeded by the channel), in the SQLite file
/// `db`; returns for each channel the next two moves (each keeps the game
/// going), to send in turn. The seeding players read text boards (no
/// picture is drawn while seeding) and are set back to pictures at the end.
pub fn seed_midgames(db: &Path, first: u64, channels: u64) -> Vec<[Planned; 2]> {
    use tawlbot::rules::Move;
    let app = App::new(tawlbot::store::open(db.to_str().unwrap()).unwrap());
    let mut out = Vec::new();
    let mut n = 0;
    for i in first..first + channels {
        let channel = FIRST_CHANNEL + i;
        let (a, b) = (attacker(i), attacker(i) + 1);
        for p in [a, b] {
            slash(&app, channel, p, "settings", &[("board", "text".into())], 0);
        }
        let challenge = [
            ("opponent", b.to_string()),
            ("variant", "tawlbwrdd".to_string()),
            ("side", "attackers".to_string()),
        ];
        slash(&app, channel, a, "challenge", &challenge, 0);
        slash(&app, channel, b, "accept", &[], 1);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d);
        let mut rnd = |m: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % m.max(1)
        };
        let plies = 10 + rnd(30);
        let mut planned = Vec::new();
        for k in 0..plies + 2 {
            let Ok(Some(row)) = app
                .store()
                .active_game_in_channel(&channel.to_string().into())
            else {
                break;
            };
            let l = app.load(row).unwrap();
            let g = &l.game;
            let Some(side) = g.to_move() else { break };
            let keeps_going = |m: &Move| {
                let mut next = g.clone();
                next.play(*m).is_ok() && !next.is_over()
            };
            let legal: Vec<Move> = g.legal_moves().into_iter().filter(keeps_going).collect();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rnd(legal.len())];
            let text = tawlbot::notation::format_move(g.rules(), &mv);
            let user: u64 = l.players[side.index()].to_string().parse().unwrap();
            if k < plies {
                let ctx = ctx_of(channel, user, &format!("seed:{channel}:m{k}"), 2 + k);
                app.handle(
                    &ctx,
                    Input::Message {
                        text,
                        addressed: false,
                    },
                );
            } else {
                planned.push(Planned {
                    channel,
                    user,
                    text,
                });
                // The second planned move follows the first: play the first
                // here only in a copy of the game.
                let mut next = g.clone();
                next.play(mv).unwrap();
                let Some(side) = next.to_move() else { break };
                let keeps = |m: &Move| {
                    let mut n2 = next.clone();
                    n2.play(*m).is_ok() && !n2.is_over()
                };
                let legal: Vec<Move> = next.legal_moves().into_iter().filter(keeps).collect();
                if legal.is_empty() {
                    break;
                }
                let mv2 = legal[rnd(legal.len())];
                planned.push(Planned {
                    channel,
                    user: l.players[side.index()].to_string().parse().unwrap(),
                    text: tawlbot::notation::format_move(next.rules(), &mv2),
                });
                break;
            }
        }
        for p in [a, b] {
            slash(
                &app,
                channel,
                p,
                "settings",
                &[("board", "picture".into())],
                3 + plies,
            );
        }
        if let [x, y] = &planned[..] {
            out.push([x.clone(), y.clone()]);
        }
        n += 1;
    }
    assert_eq!(out.len(), n, "every seeded midgame has two moves planned");
    out
}

fn ctx_of(channel: u64, user: u64, source: &str, n: usize) -> Ctx {
    Ctx {
        server: GUILD.to_string().into(),
        channel: channel.to_string().into(),
        user: User {
            id: user.to_string().into(),
            name: format!("p{user}"),
        },
        now: now() + n as i64,
        source: source.to_string(),
        manage_server: false,
        roles: Vec::new(),
        mentioned: Vec::new(),
    }
}
