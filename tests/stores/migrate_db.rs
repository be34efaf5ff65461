//! `tawlbot migrate-db`: an SQLite database with a row in every table is
//! copied into an empty PostgreSQL database and compared table by table.
//! Needs PostgreSQL (the throwaway server of the tests); skipped with one
//! line where it is not installed.

use std::process::Command;

use tawlbot::app::MAX_OPEN_CHALLENGES;
use tawlbot::domain::LeaseKind;
use tawlbot::store::dump;
use tawlbot::store::pg::throwaway;
use tawlbot::store::prelude::*;
use tawlbot::store::{
    EndReason, GameResult, GameSettings, MatchResult, MatchSpec, NewChallenge, NewGame, NewMove,
    NewTournament, OfferKind, PostgresStore, Rating, Side, SqliteStore, TimeControl,
    TournamentFormat, TournamentPhase,
};

const T: i64 = 1_800_000_000;

/// Writes at least one row into every table through the store's own
/// operations.
fn fill(s: &SqliteStore) {
    s.set_server_name(&"srv".into(), "Caerdydd").unwrap();
    s.set_server_language(&"srv".into(), Some(tawlbot::i18n::Lang::Cy))
        .unwrap();
    s.set_archive_public(&"srv".into(), true).unwrap();
    s.upsert_channel(&"thread".into(), &"srv".into(), Some(&"general".into()))
        .unwrap();
    s.upsert_player(&"alice".into(), "Alice").unwrap();
    s.upsert_player(&"bob".into(), "Bob").unwrap();
    s.set_player_setting(&"alice".into(), "dm_on_turn", "1")
        .unwrap();
    // An open challenge, and one accepted into a game with moves, offers
    // and a reminder time.
    let ch = |channel: &str| NewChallenge {
        server_id: "srv".into(),
        channel_id: channel.into(),
        challenger_id: "alice".into(),
        opponent_id: Some("bob".into()),
        variant: "tawlbwrdd".into(),
        options: vec![],
        challenger_side: Some(Side::First),
        time_control: TimeControl::Bank {
            bank: 3600,
            inc: 60,
            cap: 7200,
        },
        rated: true,
        created_at: T,
        expires_at: Some(T + 86_400),
        settings: GameSettings {
            thread: true,
            bot_level: Some(4),
            position: Some("start position text".into()),
        },
    };
    let challenge = |channel: &str| {
        s.create_challenge_capped(&ch(channel), MAX_OPEN_CHALLENGES)
            .unwrap()
            .unwrap()
    };
    challenge("general");
    let accepted = challenge("thread");
    let game = |channel: &str, seed: u64| NewGame {
        server_id: "srv".into(),
        channel_id: channel.into(),
        variant: "tawlbwrdd".into(),
        options: vec![],
        seed,
        first_side: Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        rated: true,
        time_control: TimeControl::PerMove(86_400),
        bank_first: Some(3600),
        bank_second: Some(3599),
        created_at: T,
        deadline: Some(T + 86_400),
        ..Default::default()
    };
    let g = s
        .start_game_from_challenge(accepted, &game("thread", u64::MAX - 5))
        .unwrap();
    for (i, m) in ["e2-c2", "g7-g9"].iter().enumerate() {
        s.append_move_clocked(
            &NewMove {
                game_id: g,
                expected_number: i as u32,
                text: m,
                player_id: if i == 0 { "alice" } else { "bob" },
                at: T + i as i64,
                source_id: &format!("msg{i}"),
                deadline: Some(T + 86_400 + i as i64),
                ..Default::default()
            },
            None,
        )
        .unwrap();
    }
    s.set_remind_at(g, Some(T + 80_000)).unwrap();
    // bob's conditional line, waiting for alice's move.
    assert!(s
        .add_conditional_line(
            g,
            &"bob".into(),
            2,
            &["c2-c3".to_string(), "f8-h8".to_string()],
            10,
            T + 3
        )
        .unwrap());
    assert!(s
        .set_offer_once(g, OfferKind::Draw, &"alice".into(), T + 5)
        .unwrap());
    s.set_pause_offer(g, &"bob".into(), T + 6, 3 * 86_400)
        .unwrap();
    // A finished, rated game with its ratings and rating history.
    let done = s.create_game(&game("other", 42)).unwrap();
    s.finish_game(
        done,
        None,
        GameResult::Won(Side::Second),
        EndReason::Resignation,
        T + 9,
    )
    .unwrap();
    let rating = |p: &str, r: f64| Rating {
        server_id: "srv".into(),
        variant: "tawlbwrdd".into(),
        player_id: p.into(),
        rating: r,
        rd: 200.25,
        vol: 0.06,
        games: 1,
        wins_first: 0,
        wins_second: u32::from(p == "bob"),
        losses: u32::from(p == "alice"),
        draws: 0,
        updated_at: T + 9,
    };
    assert!(s
        .rate_game(
            done,
            &"srv".into(),
            "tawlbwrdd",
            [&"alice".into(), &"bob".into()],
            T + 9,
            &|_| { [rating("alice", 1487.5), rating("bob", 1512.125)] }
        )
        .unwrap());
    // A tournament with entrants and pairings, one match decided.
    let t = s
        .create_tournament(&NewTournament {
            server_id: "srv".into(),
            channel_id: Some("general".into()),
            name: "Cwpan".into(),
            variant: "tawlbwrdd".into(),
            options: vec![],
            format: TournamentFormat::RoundRobin,
            data: "{\"rounds\":1}".into(),
            created_by: Some("alice".into()),
            created_at: T,
        })
        .unwrap();
    s.join_tournament(t, &"alice".into(), T, 8).unwrap();
    s.join_tournament(t, &"bob".into(), T + 1, 8).unwrap();
    let tour = s.get_tournament(t).unwrap().unwrap();
    assert!(s
        .commit_tournament(
            t,
            tour.version,
            TournamentPhase::Running,
            "{\"round\":1}",
            &[
                MatchSpec {
                    round: 1,
                    board: 1,
                    first_player: Some("alice".into()),
                    second_player: None,
                    result: Some(MatchResult::Bye),
                },
                MatchSpec {
                    round: 1,
                    board: 2,
                    first_player: Some("bob".into()),
                    second_player: Some("alice".into()),
                    result: None,
                },
            ],
            T + 2,
        )
        .unwrap());
    // A process's heartbeat, a finished claim and a job with its payload.
    s.process_heartbeat(&"proc-a".into(), "0-0/1", T + 11, 300, true)
        .unwrap();
    s.claim(
        LeaseKind::Deadline,
        &format!("{g}@{}", T + 86_400),
        &"proc-a".into(),
        T + 11,
        60,
    )
    .unwrap();
    s.finish_claim(
        LeaseKind::Deadline,
        &format!("{g}@{}", T + 86_400),
        &"proc-a".into(),
        T + 12,
    )
    .unwrap();
    s.claim_job(
        LeaseKind::Analysis,
        "job-1",
        &"proc-a".into(),
        T + 11,
        600,
        "{\"game\":1}",
    )
    .unwrap();
    // The outbox: a message waiting, and one claimed by a process.
    s.enqueue(
        &[
            tawlbot::store::OutMessage {
                target: "channel:ch-1".into(),
                body: "{\"text\":\"ran out of time\"}".into(),
            },
            tawlbot::store::OutMessage {
                target: "dm:alice".into(),
                body: "{\"text\":\"a reminder\"}".into(),
            },
        ],
        T + 12,
    )
    .unwrap();
    s.claim_outbox(&"proc-a".into(), T + 12, 60, 1).unwrap();
    // A vacation, running, and its player's setting.
    s.start_vacation(
        &tawlbot::store::VacationPlan {
            player: "bob".into(),
            extend: None,
            started_at: T + 13,
            ends_at: T + 13 + 5 * 86_400,
            days: 5,
            seen: vec![],
            seen_since: 0,
        },
        &[],
        &[],
        T + 13,
    )
    .unwrap();
    // A puzzle, a player on it and a rated attempt.
    let r = tawlbot::store::PuzzleRating {
        rating: 1400.5,
        rd: 350.0,
        vol: 0.06,
    };
    s.add_puzzles(&[tawlbot::store::PuzzleRow {
        id: 1,
        variant: "tawlbwrdd".into(),
        position: "/11/11/11/11/11/5K5/11/11/11/11/11/".into(),
        side: "defenders".into(),
        length: 1,
        solution: "f6-f11".into(),
        line: "f6-f11".into(),
        source: "test".into(),
        rating: r,
        plays: 0,
        wins: 0,
    }])
    .unwrap();
    s.set_current_puzzle(&"alice".into(), 1, T + 13).unwrap();
    s.save_puzzle_attempt(
        &tawlbot::store::PuzzleAttempt {
            player_id: "alice".into(),
            puzzle_id: 1,
            moves: vec!["f6-f11".into()],
            state: tawlbot::store::AttemptState::Solved,
            missed: false,
            rated: false,
        },
        T + 14,
        &|p, z, _| (p, z),
    )
    .unwrap();
}

fn url_database() -> Option<(
    throwaway::TestDatabase,
    tempfile::TempDir,
    std::path::PathBuf,
)> {
    let db = throwaway::database()?;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tawlbot.db");
    let s = SqliteStore::open(&path).unwrap();
    fill(&s);
    drop(s);
    // A row that `tawlbot doctor --quarantine` set aside (made by hand: the
    // store writes one only for a row it cannot read).
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "INSERT INTO quarantine (table_name, row_id, problem, content, at) \
             VALUES ('games', '99', 'unknown game state \"paused\"', '{\"row\":{}}', 5);",
        )
        .unwrap();
    Some((db, dir, path))
}

fn migrate_db(from: &std::path::Path, to: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .arg("migrate-db")
        .arg("--from")
        .arg(from)
        .arg("--to")
        .arg(to)
        .output()
        .unwrap()
}

#[test]
fn migrate_db_copies_every_table_and_row() {
    let Some((db, _dir, path)) = url_database() else {
        return;
    };
    let from = path.to_string_lossy().into_owned();
    // Every table of the source holds rows: the copy is tested on all of them.
    let empty = dump::empty_tables(&from).unwrap();
    assert!(empty.is_empty(), "tables without a row: {empty:?}");

    let out = migrate_db(&path, &db.url);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("every table compared equal"), "{stdout}");
    assert!(stdout.contains("moves: 2 rows"), "{stdout}");

    // Compared again here, table by table, from the outside.
    assert_eq!(dump::compare(&from, &db.url).unwrap(), Vec::<String>::new());

    // The copy is a working database: new rows get ids after the copied
    // ones, and the copied game goes on.
    let pg = PostgresStore::open(&db.url).unwrap();
    let g = pg
        .active_game_in_channel(&"thread".into())
        .unwrap()
        .unwrap();
    assert_eq!(g.move_count, 2);
    assert_eq!(g.seed, u64::MAX - 5);
    let new = pg
        .create_game(&NewGame {
            server_id: "srv".into(),
            channel_id: "new".into(),
            variant: "tawlbwrdd".into(),
            first_side: Side::First,
            first_player: "alice".into(),
            second_player: "bob".into(),
            created_at: T,
            ..Default::default()
        })
        .unwrap();
    assert!(new > g.id.max(GameId(2)), "{new}");

    // A second copy into the now full database is refused.
    let again = migrate_db(&path, &db.url);
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("empty database only"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

#[test]
fn the_comparison_finds_a_changed_row() {
    let Some((db, _dir, path)) = url_database() else {
        return;
    };
    let from = path.to_string_lossy().into_owned();
    assert!(migrate_db(&path, &db.url).status.success());
    let mut c = postgres::Client::connect(&db.url, postgres::NoTls).unwrap();
    c.batch_execute("UPDATE moves SET text = 'e2-d2' WHERE number = 0")
        .unwrap();
    let diff = dump::compare(&from, &db.url).unwrap();
    assert_eq!(diff.len(), 1, "{diff:?}");
    assert!(diff[0].starts_with("table moves differs"), "{diff:?}");
}

/// A row the copy cannot take is named: a reference that leads
/// nowhere (PostgreSQL checks it only at the commit, which names no row),
/// and a NUL (SQLite keeps it, PostgreSQL cannot) is removed with a line.
#[test]
fn migrate_db_names_the_row_it_cannot_copy_and_removes_a_nul() {
    let Some((db, _dir, path)) = url_database() else {
        return;
    };
    let raw = |sql: &str| {
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(sql)
            .unwrap()
    };
    raw("PRAGMA foreign_keys = OFF;
         UPDATE players SET display_name = 'Bo' || char(0) || 'b' WHERE id = 'bob';
         UPDATE games SET second_player = 'ghost' WHERE id = 1;");
    let out = migrate_db(&path, &db.url);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("games 1: second_player \"ghost\" is not in players"),
        "{stderr}"
    );
    // Nothing was copied. `tawlbot doctor` names the same row, and once it
    // has moved it aside the same target takes the copy.
    let doctor = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tawlbot"))
            .arg("doctor")
            .arg("--db")
            .arg(&path)
            .args(args)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap()
    };
    let listed = String::from_utf8_lossy(&doctor(&[]).stdout).into_owned();
    assert!(
        listed.contains("games 1: second_player \"ghost\" is not in players"),
        "{listed}"
    );
    assert!(doctor(&["--quarantine"]).status.code() == Some(1));
    assert!(doctor(&[]).status.success());
    let out = migrate_db(&path, &db.url);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("\nplayers bob display_name: a NUL removed\n"),
        "{stdout}"
    );
    assert!(stdout.contains("every table compared equal"), "{stdout}");
    let pg = PostgresStore::open(&db.url).unwrap();
    assert_eq!(
        pg.get_player(&"bob".into()).unwrap().unwrap().display_name,
        "Bob"
    );
}
