//! Crash test: a child process appends moves as fast as it can, printing
//! "committed ..." after each commit; the parent kills it with SIGKILL at a
//! random moment, again and again. After every kill the file must open,
//! pass `PRAGMA integrity_check`, and hold every move the child reported.
//!
//! The child is the ignored test `crash_child_writer` of this same binary,
//! re-run through `std::env::current_exe()` with `CRASH_CHILD_DB` set.
//! (The binary is `tests/stores.rs`: the child's name there carries this
//! module's path, see [`child_test`].)

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tawlbot::store::prelude::*;
use tawlbot::store::{
    AppendError, EndReason, GameResult, GameState, NewGame, NewMove, SqliteStore,
};

/// What these games end with (the rules are not consulted).
const OVER: (GameResult, EndReason) = (GameResult::Draw, EndReason::NoLegalMove);

use crate::common;

const CHILD_ENV: &str = "CRASH_CHILD_DB";
const CHANNELS: usize = 3;
const ROUNDS: u64 = 12;

fn new_game(channel: usize, seed: u64) -> NewGame {
    NewGame {
        server_id: "srv".into(),
        channel_id: format!("ch{channel}").into(),
        variant: common::VARIANT.into(),
        seed,
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        ..Default::default()
    }
}

/// The child's test name in this binary (`store_crash::crash_child_writer`):
/// the module's path without the crate's name, as the harness lists it.
fn child_test() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    format!("{module}::crash_child_writer")
}

#[test]
#[ignore = "child process of sigkill_mid_stream_loses_no_committed_move"]
fn crash_child_writer() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let store = SqliteStore::open(&path).unwrap();
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(out, "opened").unwrap();
    out.flush().unwrap();
    let pid = std::process::id();
    let mut seq = 0u64;
    loop {
        for ch in 0..CHANNELS {
            seq += 1;
            let channel = format!("ch{ch}");
            let row = match store
                .active_game_in_channel(&channel.as_str().into())
                .unwrap()
            {
                Some(row) => row,
                None => {
                    let id = store.create_game(&new_game(ch, seq)).unwrap();
                    store.get_game(id).unwrap().unwrap()
                }
            };
            let texts: Vec<String> = store
                .moves(row.id)
                .unwrap()
                .into_iter()
                .map(|m| m.text)
                .collect();
            let Some((text, ends)) = common::choose(&row, &texts, seq, false) else {
                store
                    .finish_game(row.id, Some(row.move_count), OVER.0, OVER.1, seq as i64)
                    .unwrap();
                continue;
            };
            let source = format!("{pid}-{seq}");
            let player = if row.move_count.is_multiple_of(2) {
                "alice"
            } else {
                "bob"
            };
            match store.append_move_clocked(
                &NewMove {
                    game_id: row.id,
                    expected_number: row.move_count,
                    text: &text,
                    player_id: player,
                    at: seq as i64,
                    source_id: &source,
                    finished: ends.then_some(OVER),
                    ..Default::default()
                },
                None,
            ) {
                Ok(n) => {
                    writeln!(out, "committed {} {} {source}", row.id, n - 1).unwrap();
                    out.flush().unwrap();
                }
                Err(AppendError::GameOver) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
}

/// A small xorshift generator seeded from the clock (printed, to replay).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn sigkill_mid_stream_loses_no_committed_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let seed = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        });
    eprintln!("CRASH_SEED={seed}");
    let mut rng = Rng(seed);
    let exe = std::env::current_exe().unwrap();
    let mut reported: Vec<(GameId, u32, String)> = Vec::new();
    for round in 0..ROUNDS {
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                &child_test(),
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        if round == 0 {
            // The first kill may land anywhere, even while the schema is
            // being created.
            std::thread::sleep(Duration::from_micros(rng.next() % 30_000));
        } else {
            let kill_after = 1 + rng.next() % 150;
            let mut seen = 0;
            while seen < kill_after {
                let Some(line) = lines.next() else { break };
                let line = line.unwrap();
                if let Some(r) = parse(&line) {
                    reported.push(r);
                    seen += 1;
                }
            }
        }
        child.kill().unwrap(); // SIGKILL
        let status = child.wait().unwrap();
        assert!(!status.success(), "the child should have been killed");
        // Lines already in the pipe were printed after their commit too.
        for line in lines {
            let Ok(line) = line else { break };
            if let Some(r) = parse(&line) {
                reported.push(r);
            }
        }

        let store = SqliteStore::open(&path).unwrap_or_else(|e| panic!("round {round}: {e}"));
        store.integrity_check().unwrap();
        for (game, number, source) in &reported {
            let moves = store.moves(*game).unwrap();
            let m = moves
                .get(*number as usize)
                .unwrap_or_else(|| panic!("round {round}: move {number} of game {game} lost"));
            assert_eq!(&m.source_id, source, "round {round}: move replaced");
        }
        for ch in 0..CHANNELS {
            if let Some(row) = store
                .latest_game_in_channel(&format!("ch{ch}").into())
                .unwrap()
            {
                let (row, moves) = store.load_game(row.id).unwrap().unwrap();
                assert_eq!(row.move_count as usize, moves.len());
                for (i, m) in moves.iter().enumerate() {
                    assert_eq!(m.number as usize, i);
                }
                // every stored move is one the rules allow, and a game the
                // rules call over is not left active
                let over = common::replay(&row, &moves);
                assert!(!over || row.state == GameState::Finished);
            }
        }
        drop(store);
    }
    assert!(reported.len() > 50, "the child committed too little");
    eprintln!(
        "{} committed moves checked over {ROUNDS} kills",
        reported.len()
    );
}

fn parse(line: &str) -> Option<(GameId, u32, String)> {
    let mut it = line.strip_prefix("committed ")?.split(' ');
    let game = it.next()?.parse().ok()?;
    let number = it.next()?.parse().ok()?;
    let source = it.next()?.to_string();
    Some((game, number, source))
}
