//! Many processes on one database: timed work claimed
//! with leases and done once, a dead process's claims taken over, and one
//! bot per SQLite file.

use std::io::Write;
use std::process::{Command, Stdio};

use tawlbot::domain::LeaseKind;
use tawlbot::store::prelude::*;
use tawlbot::store::Claim;

/// Opens a database (a file path or a `postgres://` URL) as the bot does.
fn open(db: &str) -> std::sync::Arc<dyn Store> {
    tawlbot::store::open(db).unwrap()
}

use crate::console_support;
use console_support::Session;

const GAMES: usize = 6;

/// Six games with a day per move (Alice has moved in each: Bob is to move)
/// and one open challenge, made by one console run.
fn six_clocked_games(s: &Session) {
    let mut script = Vec::new();
    for g in 1..=GAMES {
        script.push(format!(
            "alice@g{g}: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d"
        ));
        script.push(format!("bob@g{g}: /accept"));
        script.push(format!("alice@g{g}: e2-c2"));
    }
    script.push("carol@c: /challenge opponent:@dave variant:tawlbwrdd".into());
    let out = s.run(&script);
    let store = open(&s.db);
    for g in 1..=GAMES as i64 {
        let row = store
            .get_game(GameId(g))
            .unwrap()
            .unwrap_or_else(|| panic!("game {g}\n{out}"));
        assert_eq!(row.move_count, 1, "{out}");
        assert!(row.deadline.is_some(), "{out}");
    }
    assert!(!out.contains("ran out of time"), "{out}");
}

/// Starts `tawlbot console --db DB` with `lines` on its input.
fn console_process(db: &str, out: &std::path::Path, lines: &[&str]) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .arg("console")
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tawlbot program starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(lines.join("\n").as_bytes()).unwrap();
    drop(stdin);
    child
}

fn output_of(child: std::process::Child) -> String {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    // The words, without the catalogue's isolation marks.
    tawlbot::i18n::without_isolation(&String::from_utf8(out.stdout).unwrap())
}

#[test]
fn two_console_processes_announce_each_expiry_reminder_and_loss_on_time_once() {
    let s = Session::new();
    six_clocked_games(&s);
    // Both processes advance their clocks past the same reminders (18 h),
    // deadlines and the challenge's expiry (24 h), at the same time.
    let script = [
        ":clock +17h",
        ":clock +1h",
        ":clock +5h",
        ":clock +2h",
        ":clock +1d",
    ];
    let a = console_process(&s.db, &s.out, &script);
    let b = console_process(&s.db, &s.out, &script);
    let (a, b) = (output_of(a), output_of(b));
    let both = format!("{a}\n{b}");
    let count = |what: &str| both.matches(what).count();
    assert_eq!(
        count("a reminder: it is your move"),
        GAMES,
        "A:\n{a}\nB:\n{b}"
    );
    assert_eq!(count("ran out of time"), GAMES, "A:\n{a}\nB:\n{b}");
    assert_eq!(
        count("Challenge 7 from @carol expired."),
        1,
        "A:\n{a}\nB:\n{b}"
    );
    for g in 1..=GAMES {
        assert_eq!(
            count(&format!("@bob, a reminder: it is your move in game {g},")),
            1,
            "game {g}\nA:\n{a}\nB:\n{b}"
        );
    }
}

#[test]
fn a_dead_process_s_claim_is_taken_over_when_its_lease_ends() {
    let s = Session::new();
    six_clocked_games(&s);
    let store = open(&s.db);
    let game = store.get_game(GameId(1)).unwrap().unwrap();
    let deadline = game.deadline.unwrap();
    // A process claimed game 1's loss on time and died before doing it.
    assert_eq!(
        store
            .claim(
                LeaseKind::Deadline,
                &format!("1@{deadline}"),
                &"dead".into(),
                deadline,
                600
            )
            .unwrap(),
        Claim::Mine
    );
    drop(store);
    let out = s.run(&[":clock +1d"]);
    // Every other game's loss on time is announced; game 1's waits.
    assert_eq!(out.matches("ran out of time").count(), GAMES - 1, "{out}");
    assert_eq!(
        open(&s.db).get_game(GameId(1)).unwrap().unwrap().state,
        tawlbot::store::GameState::Active
    );
    // The lease has ended ten minutes after the deadline: taken over.
    let out = s.run(&[":clock +10m"]);
    assert_eq!(out.matches("ran out of time").count(), 1, "{out}");
    let out = s.run(&[":clock +1h"]);
    assert_eq!(out.matches("ran out of time").count(), 0, "{out}");
}

#[test]
fn a_second_bot_on_one_sqlite_file_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let store = open(db.to_str().unwrap());
    // The first bot holds the file (taken here the way the bot takes it).
    let _first = store.lock_for_bot().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("DATABASE_PATH", &db)
        .env_remove("DATABASE_URL")
        .env_remove("SHARDS")
        // Never reached: the refusal comes before any connection.
        .env("DISCORD_API_BASE", "http://127.0.0.1:9")
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("another tawlbot bot process is already running on"),
        "{err}"
    );
    assert!(err.contains("PostgreSQL"), "{err}");
    assert!(err.contains("DATABASE_URL=postgres://"), "{err}");
    assert!(!err.contains("not-a-real-token"), "{err}");
}

on_postgres!(
    two_console_processes_announce_each_expiry_reminder_and_loss_on_time_once,
    a_dead_process_s_claim_is_taken_over_when_its_lease_ends,
);
