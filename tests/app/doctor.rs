//! `tawlbot doctor` as a black box: the real binary over a database (an
//! SQLite file, or PostgreSQL in the `postgres::` twin) with rows damaged
//! by hand.

use std::process::Command;

use crate::backends;
use crate::console_support;
use console_support::Session;

use tawlbot::domain::{ChallengeId, GameId};
use tawlbot::store::{NewTournament, SqliteStore};

fn open(db: &str) -> tawlbot::store::SharedStore {
    tawlbot::store::open(db).unwrap()
}

struct Run {
    code: i32,
    stdout: String,
}

fn doctor(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .arg("doctor")
        .args(args)
        .env_remove("DATABASE_PATH")
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
    }
}

#[test]
fn doctor_lists_and_quarantines_unreadable_rows() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g1: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@g1: /accept",
        "alice@g1: e2-c2",
        "bob@g1: g7-g9",
        "alice@g2: /challenge opponent:@carol variant:tawlbwrdd side:attackers time:1d",
        "carol@g2: /accept",
        "alice@g2: e2-c2",
        "alice@c: /challenge opponent:@dave variant:tawlbwrdd",
    ]);
    assert!(out.contains("Challenge 3"), "{out}");
    {
        open(&s.db)
            .create_tournament(&NewTournament {
                server_id: "console".into(),
                name: "Spring".into(),
                variant: "tawlbwrdd".into(),
                format: tawlbot::store::TournamentFormat::RoundRobin,
                data: "{}".into(),
                created_at: 1,
                ..Default::default()
            })
            .unwrap();
    }
    let db = s.db.as_str();

    // A healthy database: nothing listed, exit 0; nothing in quarantine.
    let r = doctor(&["--db", db]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert_eq!(r.stdout, format!("{db}: every row can be read.\n"));
    let r = doctor(&["--db", db, "--show-quarantine"]);
    assert_eq!(
        (r.code, r.stdout),
        (0, format!("{db}: the quarantine table is empty.\n"))
    );
    let r = doctor(&["--db", db, "--quarantine", "--show-quarantine"]);
    assert_eq!(r.code, 2, "{}", r.stdout);

    // Damage by hand: the clock that once poisoned a game, a state word
    // nobody knows, data that is not JSON.
    backends::raw_sql(
        db,
        "UPDATE games SET time_control = 'bank:0d inc:0 cap:0d' WHERE id = 1;
         UPDATE challenges SET state = 'pending' WHERE id = 3;
         UPDATE tournaments SET data = '{\"kind\": ' WHERE id = 1;",
    );
    let r = doctor(&["--db", db]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(
        r.stdout,
        format!(
            "games 1: time_control: unknown time control \"bank:0d inc:0 cap:0d\"\n\
             challenges 3: state: unknown challenge state \"pending\"\n\
             tournaments 1: data: not JSON\n\
             {db}: 3 rows cannot be read.\n"
        )
    );
    // Listing changes nothing.
    assert_eq!(doctor(&["--db", db]).stdout, r.stdout);

    // Quarantined: listed once more, moved, and the next run finds none.
    let r = doctor(&["--db", db, "--quarantine"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.ends_with(
            "3 rows cannot be read.\nmoved 3 rows to the quarantine table (with the rows that hung on them).\n"
        ),
        "{}",
        r.stdout
    );
    let r = doctor(&["--db", db]);
    assert_eq!(
        (r.code, r.stdout),
        (
            0,
            format!(
                "{db}: every row can be read.\n\
                 {db}: 3 rows wait in the quarantine table \
                 (tawlbot doctor --show-quarantine lists them).\n"
            )
        )
    );
    // Listed for the operator, oldest first, each with when it was moved.
    let r = doctor(&["--db", db, "--show-quarantine"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let listed = [
        "games 1: time_control: unknown time control \"bank:0d inc:0 cap:0d\" (quarantined ",
        "challenges 3: state: unknown challenge state \"pending\" (quarantined ",
        "tournaments 1: data: not JSON (quarantined ",
    ];
    assert_eq!(lines.len(), listed.len() + 1, "{}", r.stdout);
    for (line, start) in lines.iter().zip(listed) {
        assert!(line.starts_with(start) && line.ends_with(" UTC)"), "{line}");
    }
    assert_eq!(
        lines[3],
        format!("{db}: 3 rows wait in the quarantine table.")
    );

    // What was moved is kept whole, with what hung on it, for the operator.
    let store = open(&s.db);
    let q = store.quarantined().unwrap();
    let rows: Vec<(&str, &str, &str)> = q
        .iter()
        .map(|q| (q.table.as_str(), q.row_id.as_str(), q.problem.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                "games",
                "1",
                "time_control: unknown time control \"bank:0d inc:0 cap:0d\""
            ),
            (
                "challenges",
                "3",
                "state: unknown challenge state \"pending\""
            ),
            ("tournaments", "1", "data: not JSON"),
        ]
    );
    let game: serde_json::Value = serde_json::from_str(&q[0].content).unwrap();
    assert_eq!(game["row"]["time_control"], "bank:0d inc:0 cap:0d");
    assert_eq!(game["row"]["channel_id"], "g1");
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2-c2", "g7-g9"]);
    assert_eq!(
        game["unlinked"]["challenges.game_id"],
        serde_json::json!([1])
    );
    let t: serde_json::Value = serde_json::from_str(&q[2].content).unwrap();
    assert_eq!(t["row"]["data"], "{\"kind\": ");
    // The rest is untouched: game 2 and its move, challenge 1 (its game
    // link cut), and the store's own check.
    assert!(store.get_game(GameId(1)).unwrap().is_none());
    assert_eq!(store.moves(GameId(2)).unwrap().len(), 1);
    assert_eq!(
        store
            .get_challenge(ChallengeId(1))
            .unwrap()
            .unwrap()
            .game_id,
        None
    );
    assert!(store.get_challenge(ChallengeId(3)).unwrap().is_none());
    drop(store);
    if backends::current() == backends::Backend::Sqlite {
        SqliteStore::open(&s.db).unwrap().integrity_check().unwrap();
    }
    // The channel of the quarantined game is free again.
    let out = s.run(&["alice@g1: /challenge opponent:@bob variant:tawlbwrdd"]);
    assert!(out.contains("g1> @alice challenges @bob"), "{out}");

    // No file: nothing is created, usage error (SQLite: a database URL is
    // the server's to judge).
    if backends::current() == backends::Backend::Postgres {
        return;
    }
    let missing = std::path::Path::new(&s.db).with_file_name("missing.db");
    let r = doctor(&["--db", missing.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(!missing.exists());
}

/// Every kind of bad row the doctor names: put in by hand, with
/// the foreign keys off (SQLite's pragma; PostgreSQL's replication role
/// skips their triggers), each named by the row it
/// belongs to; exit 1; `--quarantine` moves them all and the next run
/// finds none.
#[test]
fn doctor_replays_every_game_and_names_each_bad_row() {
    let s = Session::new();
    let mut lines = Vec::new();
    for g in 1..=8 {
        lines.push(format!(
            "alice@g{g}: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d"
        ));
        lines.push(format!("bob@g{g}: /accept"));
        lines.push(format!("alice@g{g}: e2-c2"));
        lines.push(format!("bob@g{g}: g7-g9"));
    }
    let out = s.run(&lines);
    assert!(out.contains("g8> @bob played **g7-g9**"), "{out}");
    open(&s.db)
        .create_tournament(&NewTournament {
            server_id: "console".into(),
            name: "Spring".into(),
            variant: "tawlbwrdd".into(),
            format: tawlbot::store::TournamentFormat::RoundRobin,
            data: "{}".into(),
            created_at: 1,
            ..Default::default()
        })
        .unwrap();
    let db = s.db.as_str();
    let r = doctor(&["--db", db]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, format!("{db}: every row can be read.\n").as_str())
    );

    let fk_off = match backends::current() {
        backends::Backend::Sqlite => "PRAGMA foreign_keys = OFF;",
        backends::Backend::Postgres => "SET session_replication_role = replica;",
    };
    backends::raw_sql(
        db,
        &format!(
            "{fk_off}
             UPDATE games SET variant = 'chess' WHERE id = 1;
             UPDATE moves SET text = 'zz-zz' WHERE game_id = 2 AND number = 1;
             UPDATE moves SET number = 2 WHERE game_id = 3 AND number = 1;
             UPDATE games SET move_count = 5 WHERE id = 4;
             UPDATE games SET start_position = 'not a position' WHERE id = 5;
             UPDATE games SET options = '[\"no-such-option\"]' WHERE id = 6;
             UPDATE games SET second_player = 'ghost' WHERE id = 7;
             UPDATE games SET state = 'finished', result = 'first', reason = 'king_captured',
                 finished_at = 1 WHERE id = 8;
             INSERT INTO player_settings (player_id, key, value) VALUES ('alice', 'theme', 'plaid');
             UPDATE servers SET language = 'klingon' WHERE id = 'console';
             INSERT INTO ratings (server_id, variant, player_id, rating, rd, vol, games,
                 wins_first, wins_second, losses, draws, updated_at)
                 VALUES ('console', 'tawlbwrdd', 'bob', 1500, -1, 0.06, 0, 0, 0, 0, 0, 1);
             INSERT INTO tournament_players (tournament_id, player_id, joined_at)
                 VALUES (1, 'nobody', 1);"
        ),
    );
    let r = doctor(&["--db", db]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let expected = [
        "games 1: variant/options: ",
        "games 2: move 1 zz-zz: ",
        "games 3: moves: move 1 is missing (numbers run 0..2)",
        "games 4: move_count: 5, but 2 moves are stored",
        "games 5: start_position: ",
        "games 6: variant/options: ",
        "games 7: second_player \"ghost\" is not in players",
        "games 8: result: the record says finished first king_captured, \
         the moves do not end the game",
        "tournaments 1: entrant nobody: player_id \"nobody\" is not in players",
        "players alice: setting theme: unknown value \"plaid\"",
        "players bob: rating on server console in tawlbwrdd: rd: -1 is not a rating deviation",
        "servers console: language: unknown language \"klingon\"",
    ];
    assert_eq!(lines.len(), expected.len() + 1, "{}", r.stdout);
    for (line, start) in lines.iter().zip(expected) {
        assert!(line.starts_with(start), "{line:?} is not {start:?}");
    }
    assert_eq!(lines[12], format!("{db}: 12 rows cannot be read."));

    let r = doctor(&["--db", db, "--quarantine"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.ends_with(
            "12 rows cannot be read.\nmoved 12 rows to the quarantine table (with the rows that hung on them).\n"
        ),
        "{}",
        r.stdout
    );
    let r = doctor(&["--db", db]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stdout
            .starts_with(&format!("{db}: every row can be read.\n{db}: 12 rows wait")),
        "{}",
        r.stdout
    );
    // The players stay (their settings and ratings went); the games went
    // with their moves.
    let store = open(&s.db);
    assert!(store.get_player(&"bob".into()).unwrap().is_some());
    assert!(store.get_game(GameId(7)).unwrap().is_none());
    let q = store.quarantined().unwrap();
    let bob = q.iter().find(|q| q.row_id == "bob").unwrap();
    let content: serde_json::Value = serde_json::from_str(&bob.content).unwrap();
    assert_eq!(content["ratings"][0]["rd"], -1.0);
    drop(store);
    if backends::current() == backends::Backend::Sqlite {
        let s = SqliteStore::open(&s.db).unwrap();
        s.integrity_check().unwrap();
    }
}

/// Moves whose game is gone (a foreign key off) are named by that game and
/// moved aside with it, though the game row itself is missing.
#[test]
fn moves_without_their_game_are_named_and_moved() {
    let s = Session::new();
    s.run(&[
        "alice@g1: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@g1: /accept",
        "alice@g1: e2-c2",
    ]);
    let db = s.db.as_str();
    let fk_off = match backends::current() {
        backends::Backend::Sqlite => "PRAGMA foreign_keys = OFF;",
        backends::Backend::Postgres => "SET session_replication_role = replica;",
    };
    backends::raw_sql(
        db,
        &format!("{fk_off} UPDATE moves SET game_id = 77 WHERE game_id = 1;"),
    );
    let r = doctor(&["--db", db]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(
        r.stdout,
        format!(
            "games 1: move_count: 1, but 0 moves are stored\n\
             games 77: move 0: game_id \"77\" is not in games\n\
             {db}: 2 rows cannot be read.\n"
        )
    );
    let r = doctor(&["--db", db, "--quarantine"]);
    assert!(r.stdout.contains("moved 2 rows"), "{}", r.stdout);
    let q = open(db).quarantined().unwrap();
    let gone: serde_json::Value = serde_json::from_str(&q[1].content).unwrap();
    assert!(gone["row"].is_null(), "{}", q[1].content);
    assert_eq!(gone["moves"][0]["text"], "e2-c2");
    assert_eq!(doctor(&["--db", db]).code, 0);
}

on_postgres!(
    moves_without_their_game_are_named_and_moved,
    doctor_lists_and_quarantines_unreadable_rows,
    doctor_replays_every_game_and_names_each_bad_row,
);
