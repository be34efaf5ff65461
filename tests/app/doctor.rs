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

    // Damage by hand: the clock that started issue 19, a state word
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

on_postgres!(doctor_lists_and_quarantines_unreadable_rows);
