//! Opening files: migrations from empty to latest, re-running, and refusing
//! files the program must not touch.

use std::path::Path;

use rusqlite::Connection;
use tawlbot::store::prelude::*;
use tawlbot::store::{SqliteStore, StoreError, APPLICATION_ID, SCHEMA_VERSION};

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

fn sidecars_absent(p: &Path) -> bool {
    let wal = p.with_extension("db-wal");
    let shm = p.with_extension("db-shm");
    !wal.exists() && !shm.exists()
}

fn schema_dump(p: &Path) -> Vec<(String, String)> {
    let c = Connection::open(p).unwrap();
    let mut s = c
        .prepare("SELECT name, coalesce(sql, '') FROM sqlite_schema ORDER BY name")
        .unwrap();
    let rows = s
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    rows
}

#[test]
fn missing_file_is_created_at_the_latest_schema() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    let store = SqliteStore::open(&p).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let (mode, sync) = store.durability().unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(sync, 1, "synchronous = NORMAL (the documented default)");
    store.integrity_check().unwrap();
    drop(store);
    let names: Vec<String> = schema_dump(&p).into_iter().map(|(n, _)| n).collect();
    for table in [
        "servers",
        "channels",
        "players",
        "player_settings",
        "challenges",
        "games",
        "moves",
        "used_sources",
        "offers",
        "tournaments",
        "tournament_players",
        "tournament_matches",
        "ratings",
        "rating_history",
        "games_one_active_per_channel",
        "games_deadline",
    ] {
        assert!(
            names.iter().any(|n| n == table),
            "{table} missing: {names:?}"
        );
    }
    let c = Connection::open(&p).unwrap();
    let app: i64 = c
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app, APPLICATION_ID);
}

#[test]
fn empty_file_is_initialised() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    std::fs::write(&p, b"").unwrap();
    let store = SqliteStore::open(&p).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn reopening_is_a_no_op() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    drop(SqliteStore::open(&p).unwrap());
    let before = bytes(&p);
    let schema = schema_dump(&p);
    for _ in 0..3 {
        let s = SqliteStore::open(&p).unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        drop(s);
    }
    assert_eq!(schema_dump(&p), schema);
    assert!(bytes(&p) == before, "reopening changed the file");
}

#[test]
fn newer_schema_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    {
        let c = Connection::open(&p).unwrap();
        c.execute_batch("CREATE TABLE future (x); INSERT INTO future VALUES (42);")
            .unwrap();
        c.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        c.pragma_update(None, "user_version", SCHEMA_VERSION + 4)
            .unwrap();
    }
    let before = bytes(&p);
    let err = SqliteStore::open(&p).unwrap_err();
    assert_eq!(
        err,
        StoreError::NewerSchema {
            path: p.display().to_string(),
            found: SCHEMA_VERSION + 4,
            known: SCHEMA_VERSION,
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains(&format!(
            "was written by a newer tawlbot (schema {}, this program knows {SCHEMA_VERSION})",
            SCHEMA_VERSION + 4
        )) && msg.contains("DATABASE_PATH"),
        "{msg}"
    );
    assert!(bytes(&p) == before, "the newer file was modified");
    assert!(sidecars_absent(&p), "the refused file got WAL files");
}

#[test]
fn a_text_file_is_refused_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    for content in [
        &b"these are my notes about the tournament, do not lose them\n"[..],
        &b"hi"[..],
        &[0u8; 4096][..],
    ] {
        let p = dir.path().join("tawlbot.db");
        std::fs::write(&p, content).unwrap();
        let err = SqliteStore::open(&p).unwrap_err();
        assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
        assert!(err.to_string().contains("left untouched"), "{err}");
        assert_eq!(bytes(&p), content);
        assert!(sidecars_absent(&p));
    }
}

#[test]
fn a_damaged_database_is_refused_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    let mut content = b"SQLite format 3\0".to_vec();
    content.extend((0..8000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    std::fs::write(&p, &content).unwrap();
    let err = SqliteStore::open(&p).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::NotADatabase { .. } | StoreError::Corrupt { .. }
        ),
        "{err:?}"
    );
    assert_eq!(bytes(&p), content);
}

#[test]
fn another_programs_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    {
        let c = Connection::open(&p).unwrap();
        c.execute_batch("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL);")
            .unwrap();
    }
    let before = bytes(&p);
    let err = SqliteStore::open(&p).unwrap_err();
    assert!(matches!(err, StoreError::ForeignDatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("another program"), "{err}");
    assert!(bytes(&p) == before);
}

#[test]
fn missing_folder_gives_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("no-such-folder").join("tawlbot.db");
    let err = SqliteStore::open(&p).unwrap_err();
    assert!(matches!(err, StoreError::CannotOpen { .. }), "{err:?}");
    assert!(err.to_string().contains("no-such-folder"), "{err}");
}

#[test]
fn two_processes_worth_of_connections_share_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("tawlbot.db");
    let a = SqliteStore::open(&p).unwrap();
    let b = SqliteStore::open(&p).unwrap();
    a.upsert_player(&"alice".into(), "Alice").unwrap();
    assert_eq!(
        b.get_player(&"alice".into()).unwrap().unwrap().display_name,
        "Alice"
    );
}

/// Set in the child run of [`database_path_comes_from_the_environment`]:
/// the path the child should read from `DATABASE_PATH`.
const EXPECT_PATH_VAR: &str = "TAWLBOT_TEST_EXPECT_DATABASE_PATH";

/// `DATABASE_PATH` is process-wide, and this binary runs many tests at once
/// (some start `tawlbot`, which would inherit it): the test changes the
/// variable only in child runs of itself (this binary again, `--exact`
/// this test, with the variable set or removed), never in this process.
#[test]
fn database_path_comes_from_the_environment() {
    use tawlbot::store::database_path_from_env;
    if let Some(expected) = std::env::var_os(EXPECT_PATH_VAR) {
        assert_eq!(database_path_from_env(), Path::new(&expected));
        return;
    }
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let name = format!("{module}::database_path_comes_from_the_environment");
    for (value, expected) in [
        (None, "tawlbot.db"),
        (Some(""), "tawlbot.db"),
        (
            Some("/var/lib/tawlbot/games.db"),
            "/var/lib/tawlbot/games.db",
        ),
    ] {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        child
            .args(["--exact", &name, "--test-threads=1"])
            .env(EXPECT_PATH_VAR, expected);
        match value {
            Some(v) => child.env("DATABASE_PATH", v),
            None => child.env_remove("DATABASE_PATH"),
        };
        let out = child.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "DATABASE_PATH={value:?}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A database made by the release before game settings had columns
/// (`tests/fixtures/release-5.db`, schema 5, made with the console from
/// `tests/fixtures/release-5.txt`) opens, migrates, and plays on: the
/// thread, the bot's level and the start position moved out of the options
/// into their columns, and every game, the open challenge, the tournament
/// and the ratings carry on.
#[test]
fn a_database_from_the_previous_release_migrates() {
    use tawlbot::domain::GameSettings;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.db");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/release-5.db");
    std::fs::copy(&fixture, &p).unwrap();
    assert_eq!(
        Connection::open(&p)
            .unwrap()
            .pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
            .unwrap(),
        5
    );
    let store = SqliteStore::open(&p).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    store.integrity_check().unwrap();
    let settings = |id: i64| {
        let g = store.get_game(GameId(id)).unwrap().unwrap();
        assert!(g.options.is_empty(), "game {id}: {:?}", g.options);
        g.settings
    };
    assert_eq!(
        settings(1),
        GameSettings {
            thread: true,
            ..Default::default()
        }
    );
    assert_eq!(
        settings(2),
        GameSettings {
            bot_level: Some(2),
            ..Default::default()
        }
    );
    assert_eq!(
        settings(3),
        GameSettings {
            position: Some("/11/11/11/3t7/11/5K5/11/11/3t7/11/11/".into()),
            ..Default::default()
        }
    );
    for id in 4..=6 {
        assert_eq!(settings(id), GameSettings::default());
    }
    let c1 = store.get_challenge(ChallengeId(1)).unwrap().unwrap();
    assert!(c1.settings.thread && c1.options.is_empty());
    assert_eq!(
        store
            .get_challenge(ChallengeId(2))
            .unwrap()
            .unwrap()
            .settings
            .level(),
        2
    );
    let open = store.get_challenge(ChallengeId(5)).unwrap().unwrap();
    assert_eq!(open.state, tawlbot::store::ChallengeState::Open);
    let before = store
        .get_rating(&"console".into(), "tawlbwrdd", &"carol".into())
        .unwrap()
        .unwrap();
    drop(store);

    // And the games go on where they were.
    let out_dir = dir.path().join("out");
    let mut lines = vec![
        "alice@general/alice-vs-bob-tawlbwrdd: e2-c2".to_string(),
        "alice@hall: g7-g9".to_string(),
        "dave@study: d4-c4".to_string(),
        "carol@study: f6-f1".to_string(),
        "frank@lobby: /accept".to_string(),
    ];
    let r2 = "club/autumn-cup-r2-alice-bob";
    for (i, m) in [
        "e2-c2", "g7-g9", "g2-i2", "f7-g7", "c2-c3", "f8-h8", "i2-i3", "f6-f9", "c3-c4", "f9-a9",
    ]
    .iter()
    .enumerate()
    {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        lines.push(format!("{who}@{r2}: {m}"));
    }
    let store = SqliteStore::open(&p).unwrap();
    let mut c = tawlbot::console::Console::new(store.clone(), out_dir, Vec::new());
    c.run(lines.join("\n").as_bytes());
    let out = tawlbot::i18n::without_isolation(&String::from_utf8(c.into_output()).unwrap());
    assert!(
        out.contains("general/alice-vs-bob-tawlbwrdd> @alice played **e2-c2**."),
        "{out}"
    );
    assert!(out.contains("hall> @alice played **g7-g9**."), "{out}");
    assert!(out.contains("hall> tawlbot played"), "{out}");
    assert!(
        out.lines().any(
            |l| l.starts_with("study> @carol played **f6-f1**") && l.contains("Defenders win!")
        ),
        "{out}"
    );
    assert!(out.contains("lobby> Game 7: Tawlbwrdd"), "{out}");
    assert!(
        out.contains(&format!("{r2}> Match over: @alice 0–1 @bob.")),
        "{out}"
    );
    let after = store
        .get_rating(&"console".into(), "tawlbwrdd", &"bob".into())
        .unwrap()
        .unwrap();
    assert_eq!(after.games, 2, "bob's second rated game counted");
    assert_eq!(before.games, 1);
}
