//! Many tasks submitting moves at once, to the same game and to different
//! games, through two connections on one file: every game ends up with
//! moves numbered 0..n, no gaps, no duplicates, exactly the accepted ones.
//! The `postgres::` twins: two stores (two pools) on one PostgreSQL
//! database, like two processes.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Barrier, Mutex};

use tawlbot::store::{
    AppendError, EndReason, GameId, GameResult, GameState, NewGame, NewMove, SqliteStore,
    StoredMove, VacationPlan,
};

use crate::backends;
use crate::common;

const GAMES: usize = 6;
const TASKS_PER_GAME: usize = 6;
const TARGET_MOVES: u32 = 40;

fn new_game(i: usize) -> NewGame {
    NewGame {
        server_id: "srv".into(),
        channel_id: format!("ch{i}").into(),
        variant: common::VARIANT.into(),
        options: vec![],
        seed: 1000 + i as u64,
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        created_at: 0,
        ..Default::default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Accepted {
    number: u32,
    text: String,
    source: String,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_tasks_never_lose_or_duplicate_a_move() {
    // Two connections on the same database, like two processes. (The
    // store's calls are blocking: on this async test's own threads they
    // run in `block_in_place`, as the tasks run theirs in `spawn_blocking`.)
    let db = tokio::task::block_in_place(backends::fresh_db);
    let stores = tokio::task::block_in_place(|| [db.open(), db.open()]);
    let games: Vec<GameId> = tokio::task::block_in_place(|| {
        (0..GAMES)
            .map(|i| stores[0].create_game(&new_game(i)).unwrap())
            .collect()
    });

    let accepted: Arc<Mutex<BTreeMap<GameId, Vec<Accepted>>>> = Arc::default();
    let stale = Arc::new(Mutex::new(0u32));
    let mut handles = Vec::new();
    for (gi, &game) in games.iter().enumerate() {
        for t in 0..TASKS_PER_GAME {
            let store = stores[(gi + t) % 2].clone();
            let accepted = accepted.clone();
            let stale = stale.clone();
            handles.push(tokio::spawn(async move {
                let mut attempt = 0u32;
                loop {
                    attempt += 1;
                    let s = store.clone();
                    let outcome = tokio::task::spawn_blocking(move || {
                        let (row, moves) = s.load_game(game).unwrap().unwrap();
                        if row.move_count >= TARGET_MOVES {
                            return None;
                        }
                        let texts: Vec<String> = moves.into_iter().map(|m| m.text).collect();
                        let (text, ends) =
                            common::choose(&row, &texts, u64::from(attempt) + t as u64, false)?;
                        let source = format!("g{game}-t{t}-a{attempt}");
                        let player = if row.move_count.is_multiple_of(2) {
                            "alice"
                        } else {
                            "bob"
                        };
                        let r = s.append_move_clocked(
                            &NewMove {
                                game_id: game,
                                expected_number: row.move_count,
                                text: &text,
                                player_id: player,
                                at: i64::from(row.move_count),
                                source_id: &source,
                                finished: ends
                                    .then_some((GameResult::Draw, EndReason::NoLegalMove)),
                                ..Default::default()
                            },
                            None,
                        );
                        Some((row.move_count, text, source, r))
                    })
                    .await
                    .unwrap();
                    let Some((expected, text, source, r)) = outcome else {
                        break;
                    };
                    match r {
                        Ok(n) => {
                            assert_eq!(n, expected + 1);
                            accepted
                                .lock()
                                .unwrap()
                                .entry(game)
                                .or_default()
                                .push(Accepted {
                                    number: expected,
                                    text,
                                    source,
                                });
                        }
                        Err(AppendError::Stale { now }) => {
                            assert!(now > expected, "stale but count did not grow");
                            *stale.lock().unwrap() += 1;
                        }
                        // another task's move ended the game meanwhile
                        Err(AppendError::GameOver) => break,
                        Err(e) => panic!("unexpected refusal: {e:?}"),
                    }
                    tokio::task::yield_now().await;
                }
            }));
        }
    }
    for h in handles {
        h.await.unwrap();
    }

    let accepted = accepted.lock().unwrap().clone();
    let mut all_sources = HashSet::new();
    tokio::task::block_in_place(|| {
        for &game in &games {
            let (row, stored) = stores[1].load_game(game).unwrap().unwrap();
            let mut mine = accepted.get(&game).cloned().unwrap_or_default();
            mine.sort_by_key(|a| a.number);
            assert_eq!(row.move_count as usize, stored.len());
            assert_eq!(mine.len(), stored.len(), "accepted and stored differ");
            for (i, (m, a)) in stored.iter().zip(&mine).enumerate() {
                assert_eq!(m.number as usize, i, "gap or duplicate in move numbers");
                assert_eq!((&m.text, &m.source_id), (&a.text, &a.source));
                assert!(all_sources.insert(m.source_id.clone()));
            }
            // Every stored move is legal, and the store's state agrees with
            // the rules about whether the game is over.
            let over = common::replay(&row, &stored);
            assert_eq!(over, row.state == GameState::Finished, "game {game}");
            assert!(
                over || stored.len() == TARGET_MOVES as usize,
                "game {game} stopped early without being over"
            );
            // Redelivering any accepted message is refused.
            let m: &StoredMove = &stored[0];
            let again = stores[0].append_move_clocked(
                &NewMove {
                    game_id: game,
                    expected_number: row.move_count,
                    text: &m.text,
                    player_id: &m.player_id,
                    at: 0,
                    source_id: &m.source_id,
                    ..Default::default()
                },
                None,
            );
            assert_eq!(again, Err(AppendError::Duplicate));
        }
    });
    if !db.is_postgres() {
        SqliteStore::open(&db.target)
            .unwrap()
            .integrity_check()
            .unwrap();
    }
    let stale = *stale.lock().unwrap();
    eprintln!(
        "{} moves applied, {stale} stale refusals",
        all_sources.len()
    );
    assert!(stale > 0, "no race happened: the test proved nothing");
}

/// Two threads that both saw the same position submit at the same instant:
/// exactly one move is applied, the other is told to look again.
#[test]
fn two_simultaneous_moves_give_one_move_and_one_refusal() {
    let db = backends::fresh_db();
    let a = db.open();
    let b = db.open();
    let game = a.create_game(&new_game(0)).unwrap();
    for round in 0..30u32 {
        let barrier = Arc::new(Barrier::new(2));
        // Even rounds: two connections; odd rounds: one shared connection.
        let pair = if round.is_multiple_of(2) {
            [a.clone(), b.clone()]
        } else {
            [a.clone(), a.clone()]
        };
        let results: Vec<_> = pair
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    let (row, moves) = s.load_game(game).unwrap().unwrap();
                    let texts: Vec<String> = moves.into_iter().map(|m| m.text).collect();
                    let text = common::next_move(&row, &texts, i as u64).unwrap();
                    let src = format!("r{round}-{i}");
                    barrier.wait();
                    s.append_move_clocked(
                        &NewMove {
                            game_id: game,
                            expected_number: row.move_count,
                            text: &text,
                            player_id: "alice",
                            at: 0,
                            source_id: &src,
                            ..Default::default()
                        },
                        None,
                    )
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect();
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let stale = results
            .iter()
            .filter(|r| matches!(r, Err(AppendError::Stale { now }) if *now == round + 1))
            .count();
        assert_eq!((ok, stale), (1, 1), "round {round}: {results:?}");
    }
    assert_eq!(a.moves(game).unwrap().len(), 30);
}

/// Two processes grant the same player the same vacation at the same
/// instant, both from the same reading of the player's vacations: one is
/// granted, the other is told that the vacations changed; one vacation is
/// on record.
#[test]
fn two_simultaneous_vacation_grants_give_one_vacation() {
    let db = backends::fresh_db();
    let a = db.open();
    let b = db.open();
    let t = 1_000_000_000;
    for round in 0..20u32 {
        let player = format!("v{round}");
        // Half the rounds for a player the store has never seen.
        if round.is_multiple_of(2) {
            a.upsert_player(&player.as_str().into(), &player).unwrap();
        }
        let plan = VacationPlan {
            player: player.as_str().into(),
            extend: None,
            started_at: t,
            ends_at: t + 30 * 86_400,
            days: 30,
            seen: a
                .vacations_of(&player.as_str().into(), t - 365 * 86_400)
                .unwrap(),
            seen_since: t - 365 * 86_400,
        };
        let barrier = Arc::new(Barrier::new(2));
        let results: Vec<_> = [a.clone(), b.clone()]
            .into_iter()
            .map(|s| {
                let (barrier, plan) = (barrier.clone(), plan.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    s.start_vacation(&plan, &[], &[], t)
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect();
        let granted = results.iter().filter(|r| r.is_some()).count();
        assert_eq!(granted, 1, "round {round}: {results:?}");
        let rows = b
            .vacations_of(&player.as_str().into(), t - 365 * 86_400)
            .unwrap();
        assert_eq!(rows.len(), 1, "round {round}: {rows:?}");
        assert_eq!(rows[0].days, 30);
        // Asked again on the old reading: refused.
        assert_eq!(a.start_vacation(&plan, &[], &[], t).unwrap(), None);
    }
}

/// Two processes started together on a database file that does not exist
/// yet: the second waits for the first's schema and both run (before, the
/// second could exit at once, "locked by another process for too long").
#[test]
fn two_processes_creating_one_database_both_start() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..20 {
        let db = dir.path().join(format!("new-{round}.db"));
        let start = || {
            std::process::Command::new(env!("CARGO_BIN_EXE_tawlbot"))
                .args(["console", "--db"])
                .arg(&db)
                .env_remove("DATABASE_URL")
                .env_remove("DATABASE_PATH")
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (start(), start());
        for c in [a, b] {
            let out = c.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

on_postgres!(
    racing_tasks_never_lose_or_duplicate_a_move,
    two_simultaneous_moves_give_one_move_and_one_refusal,
    two_simultaneous_vacation_grants_give_one_vacation,
);
