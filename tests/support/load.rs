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
    let ctx = ctx_of(channel, user, &format!("seed:{channel}:{name}"), n);
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
    let app = App::new(tawlbot::store::open(db.to_str().unwrap()).unwrap());
    let mut out = Vec::new();
    for i in first..first + channels {
        let channel = FIRST_CHANNEL + i;
        let players = [attacker(i), attacker(i) + 1];
        for p in players {
            slash(&app, channel, p, "settings", &[("board", "text".into())], 0);
        }
        let challenge = [
            ("opponent", players[1].to_string()),
            ("variant", "tawlbwrdd".to_string()),
            ("side", "attackers".to_string()),
        ];
        slash(&app, channel, players[0], "challenge", &challenge, 0);
        slash(&app, channel, players[1], "accept", &[], 1);
        // The game as the app started it, played along beside it.
        let row = app
            .store()
            .active_game_in_channel(&channel.to_string().into())
            .unwrap()
            .expect("the seeded game started");
        let mut g = app.load(row).unwrap().game;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d);
        let plies = 10 + random_below(&mut seed, 30);
        let mut next = |g: &mut tawlbot::rules::Game| {
            let side = g.to_move().expect("the seeded game goes on");
            let mv = random_move(g, &mut seed).expect("a move that keeps the game going");
            let text = tawlbot::notation::format_move(g.rules(), &mv);
            g.play(mv).expect("a legal move");
            Planned {
                channel,
                user: players[side.index()],
                text,
            }
        };
        for k in 0..plies {
            let m = next(&mut g);
            let ctx = ctx_of(channel, m.user, &format!("seed:{channel}:m{k}"), 2 + k);
            let input = Input::Message {
                text: m.text,
                addressed: false,
            };
            app.handle(&ctx, input);
        }
        let planned = [next(&mut g), next(&mut g)];
        for p in players {
            let picture = [("board", "picture".into())];
            slash(&app, channel, p, "settings", &picture, 3 + plies);
        }
        out.push(planned);
    }
    out
}

/// A number below `n` from the generator `seed`.
fn random_below(seed: &mut u64, n: usize) -> usize {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 33) as usize % n.max(1)
}

/// A random legal move of `g` after which the game goes on.
fn random_move(g: &tawlbot::rules::Game, seed: &mut u64) -> Option<tawlbot::rules::Move> {
    let keeps_going = |m: &tawlbot::rules::Move| {
        let mut after = g.clone();
        after.play(*m).is_ok() && !after.is_over()
    };
    let legal: Vec<_> = g.legal_moves().into_iter().filter(keeps_going).collect();
    (!legal.is_empty()).then(|| legal[random_below(seed, legal.len())])
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
        rights: Default::default(),
        roles: Vec::new(),
        mentioned: Vec::new(),
    }
}
