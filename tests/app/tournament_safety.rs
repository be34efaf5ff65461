//! Tournaments survive crashes and concurrency (point 6) and
//! start their games through the one game lifecycle (point 11): a round is
//! one commit, a crash in the middle resumes cleanly, a scheduled start is
//! cancelled only for too few players, unreadable data is never
//! overwritten, two processes on one database lose nothing, entrants are
//! capped, a failed match thread plays in the tournament's channel, and a
//! tournament runs on a bank clock. The `postgres::` twins run them on
//! PostgreSQL (tests/backends).

use std::sync::{Arc, Barrier};

use crate::backends;
use crate::console_support;
use backends::TestDb;
use console_support::direct::{self, slash, text};

use tawlbot::app::presentation::rendered::Response;
use tawlbot::app::{App, Ctx, Effect, Input};
use tawlbot::store::prelude::*;
use tawlbot::store::{MatchResult, TimeControl, TournamentPhase};

const SERVER: &str = "srv";
const T0: i64 = 1_767_225_600; // 2026-01-01

/// `user` in `channel` of the one server at `now`; `admin`: with Manage
/// Server.
fn ctx(channel: &str, user: &str, now: i64, admin: bool) -> Ctx {
    Ctx {
        manage_server: admin,
        rights: Default::default(),
        ..direct::ctx(SERVER, channel, user, now)
    }
}

/// olga, the organiser (Manage Server), in `general` at `now`.
fn organiser(now: i64) -> Ctx {
    ctx("general", "olga", now, true)
}

/// `user`, a player (no Manage Server), in `general` at `now`.
fn player(user: &str, now: i64) -> Ctx {
    ctx("general", user, now, false)
}

/// Opens the match threads a response asks for (as a front end does);
/// returns the thread names with everything they answered.
fn open_threads(app: &App, c: &Ctx, r: &Response) -> (Vec<String>, String) {
    let mut threads = Vec::new();
    let mut out = String::new();
    for e in &r.effects {
        if let Effect::OpenMatchThread {
            parent,
            name,
            match_id,
        } = e
        {
            let thread = format!("{parent}/{name}");
            let r = app.start_match_in_thread(c, *match_id, &thread.as_str().into());
            out.push_str(&text(&r));
            out.push('\n');
            threads.push(thread);
        }
    }
    (threads, out)
}

/// Creates tournament 1 in `general` and enters `players`.
fn setup(app: &App, players: &[&str], extra: &[(&str, &str)]) {
    let mut args = vec![
        ("name", "Spring"),
        ("variant", "tawlbwrdd"),
        ("format", "round-robin"),
        ("match", "single"),
    ];
    args.extend_from_slice(extra);
    let r = slash(app, &organiser(T0), "tournament create", &args);
    assert!(text(&r).contains("Tournament 1"), "{r:?}");
    for p in players {
        let r = slash(app, &player(p, T0 + 1), "tournament join", &[]);
        assert!(text(&r).contains("joins"), "{r:?}");
    }
}

fn matches_of(store: &dyn Store) -> Vec<(u32, u32)> {
    store
        .tournament_matches(TournamentId(1))
        .unwrap()
        .iter()
        .map(|m| (m.round, m.board))
        .collect()
}

/// A trigger that makes writing board 2 of any round fail: a fault in the
/// middle of writing a round.
fn break_board_two(db: &TestDb) {
    let sql = if db.is_postgres() {
        "CREATE FUNCTION fail_board_two() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN IF NEW.board = 2 THEN RAISE EXCEPTION 'injected fault'; END IF; \
         RETURN NEW; END $$; \
         CREATE TRIGGER fail_board_two BEFORE INSERT ON tournament_matches \
         FOR EACH ROW EXECUTE FUNCTION fail_board_two();"
    } else {
        "CREATE TRIGGER fail_board_two BEFORE INSERT ON tournament_matches \
         WHEN NEW.board = 2 BEGIN SELECT RAISE(ABORT, 'injected fault'); END;"
    };
    backends::raw_sql(&db.target, sql);
}

fn mend(db: &TestDb) {
    let sql = if db.is_postgres() {
        "DROP TRIGGER fail_board_two ON tournament_matches; DROP FUNCTION fail_board_two();"
    } else {
        "DROP TRIGGER fail_board_two;"
    };
    backends::raw_sql(&db.target, sql);
}

#[test]
fn a_round_is_written_whole_or_not_at_all_and_resumes() {
    let (db, app) = direct::app();
    setup(&app, &["alice", "bob", "carol", "dave"], &[]);
    let before = app
        .store()
        .get_tournament(TournamentId(1))
        .unwrap()
        .unwrap();

    // The fault strikes after board 1 of round 1 is written.
    break_board_two(&db);
    let olga = organiser(T0 + 10);
    let r = slash(&app, &olga, "tournament start", &[]);
    assert!(
        text(&r).contains("the game database failed, so nothing was changed"),
        "{r:?}"
    );
    assert!(r.effects.is_empty());
    let after = app
        .store()
        .get_tournament(TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(after.state, TournamentPhase::Signup);
    assert_eq!(after.version, before.version);
    assert_eq!(after.data, before.data);
    assert!(matches_of(app.store()).is_empty(), "no half round");

    // Mended, the same command starts it cleanly.
    mend(&db);
    let r = slash(&app, &olga, "tournament start", &[]);
    assert!(text(&r).contains("round 1 of 3"), "{r:?}");
    assert_eq!(matches_of(app.store()), vec![(1, 1), (1, 2)]);
    assert_eq!(r.effects.len(), 2);
}

#[test]
fn a_crash_between_the_round_and_its_games_resumes_once() {
    let (db, app) = direct::app();
    setup(&app, &["alice", "bob", "carol", "dave"], &[]);
    let olga = organiser(T0 + 10);
    let r = slash(&app, &olga, "tournament start", &[]);
    assert_eq!(r.effects.len(), 2);
    // The process dies before the front end opened any thread.
    drop(app);

    let app = App::new(db.open());
    let r = slash(&app, &organiser(T0 + 20), "tournament start", &[]);
    assert!(text(&r).contains("Opening 2 match threads again"), "{r:?}");
    let c = organiser(T0 + 21);
    let (threads, out) = open_threads(&app, &c, &r);
    assert_eq!(threads.len(), 2, "{out}");
    // A second report of the same thread (a retried front end) starts nothing more.
    let again = open_threads(&app, &c, &r).1;
    assert!(again.contains("Nothing to play"), "{again}");
    let matches = app.store().tournament_matches(TournamentId(1)).unwrap();
    for m in &matches {
        assert_eq!(app.store().games_of_match(m.id).unwrap().len(), 1);
    }
    // And again after everything is in place: nothing to reopen.
    let r = slash(&app, &organiser(T0 + 30), "tournament start", &[]);
    assert!(
        text(&r).contains("Every match of the round has its games."),
        "{r:?}"
    );
    assert!(r.effects.is_empty());
}

#[test]
fn a_scheduled_start_is_retried_after_a_fault_and_cancelled_only_for_too_few() {
    let (db, app) = direct::app();
    setup(&app, &["alice", "bob", "carol", "dave"], &[("start", "1h")]);
    break_board_two(&db);
    let r = app.tick(T0 + 2 * 3600);
    assert!(r.replies.is_empty(), "{r:?}");
    assert_eq!(
        app.store()
            .get_tournament(TournamentId(1))
            .unwrap()
            .unwrap()
            .state,
        TournamentPhase::Signup
    );
    // The clock does not hammer the broken database: the next try is a minute on.
    assert!(app.tick(T0 + 2 * 3600 + 10).replies.is_empty());
    assert!(app.next_due().unwrap() >= T0 + 2 * 3600 + 60);
    mend(&db);
    let r = app.tick(T0 + 2 * 3600 + 61);
    assert!(
        text(&r).contains("**Spring** begins with 4 players"),
        "{r:?}"
    );
    assert_eq!(
        app.store()
            .get_tournament(TournamentId(1))
            .unwrap()
            .unwrap()
            .state,
        TournamentPhase::Running
    );

    // Too few players: that alone cancels a scheduled start.
    let r = slash(
        &app,
        &ctx("lobby", "olga", T0, true),
        "tournament create",
        &[("name", "Lonely"), ("format", "swiss"), ("start", "1h")],
    );
    assert!(text(&r).contains("Tournament 2"), "{r:?}");
    slash(
        &app,
        &ctx("lobby", "alice", T0 + 1, false),
        "tournament join",
        &[("id", "2")],
    );
    let r = app.tick(T0 + 2 * 3600 + 100);
    assert!(
        text(&r).contains("**Lonely** cannot start") && text(&r).contains("It is cancelled."),
        "{r:?}"
    );
    assert_eq!(
        app.store()
            .get_tournament(TournamentId(2))
            .unwrap()
            .unwrap()
            .state,
        TournamentPhase::Cancelled
    );
}

#[test]
fn unreadable_tournament_data_is_never_overwritten() {
    let (db, app) = direct::app();
    setup(&app, &["alice", "bob"], &[("start", "1h")]);
    let bad = "{\"entrants\": [\"alice\", oops";
    backends::raw_sql(
        &db.target,
        &format!("UPDATE tournaments SET data = '{bad}'"),
    );
    let olga = organiser(T0 + 10);
    for sub in [
        "tournament start",
        "tournament join",
        "tournament cancel",
        "tournament info",
    ] {
        let r = slash(&app, &olga, sub, &[("id", "1")]);
        assert!(text(&r).contains("cannot be read"), "{sub}: {r:?}");
    }
    let r = slash(&app, &olga, "tournament list", &[]);
    assert!(text(&r).contains("its records cannot be read"), "{r:?}");
    app.tick(T0 + 5 * 3600);
    let row = app
        .store()
        .get_tournament(TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(row.data, bad);
    assert_eq!(row.state, TournamentPhase::Signup);
}

#[test]
fn two_processes_on_one_database_lose_no_result() {
    let db = backends::fresh_db();
    let one = App::new(db.open());
    // A second handle on the same file: another process.
    let two = App::new(db.open());
    setup(&one, &["alice", "bob", "carol", "dave"], &[]);
    let r = slash(&one, &organiser(T0 + 10), "tournament start", &[]);
    let (mut threads, _) = open_threads(&one, &organiser(T0 + 11), &r);
    let mut now = T0 + 100;
    for round in 1..=3 {
        assert_eq!(threads.len(), 2, "round {round}");
        // Both games of the round end at the same moment, one in each process.
        let barrier = Arc::new(Barrier::new(2));
        let mut handles = Vec::new();
        for (app, thread) in [
            (one.clone(), threads[0].clone()),
            (two.clone(), threads[1].clone()),
        ] {
            let barrier = barrier.clone();
            handles.push(std::thread::spawn(move || {
                let g = app
                    .store()
                    .active_game_in_channel(&thread.as_str().into())
                    .unwrap()
                    .unwrap();
                let c = ctx(&thread, &g.second_player, now, false);
                barrier.wait();
                slash(&app, &c, "resign", &[])
            }));
        }
        let rs: Vec<Response> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        now += 100;
        let paired: Vec<&Response> = rs
            .iter()
            .filter(|r| {
                r.replies
                    .iter()
                    .any(|x| tawlbot::i18n::without_isolation(&x.text).contains(", round "))
            })
            .collect();
        let over: usize = rs
            .iter()
            .filter(|r| {
                r.replies.iter().any(|x| {
                    tawlbot::i18n::without_isolation(&x.text).contains("is over. The winner")
                })
            })
            .count();
        if round < 3 {
            // Exactly one of the two pairs the next round, once.
            assert_eq!(paired.len(), 1, "round {round}: {rs:?}");
            let (t, _) = open_threads(&one, &organiser(now), paired[0]);
            threads = t;
        } else {
            assert_eq!(over, 1, "{rs:?}");
        }
    }
    let t = one
        .store()
        .get_tournament(TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(t.state, TournamentPhase::Finished);
    let matches = one.store().tournament_matches(TournamentId(1)).unwrap();
    assert_eq!(matches.len(), 6);
    assert!(
        matches
            .iter()
            .all(|m| m.result == Some(MatchResult::score(1.0, 0.0))),
        "{matches:?}"
    );
    // Every game rated: 3 games each.
    for p in ["alice", "bob", "carol", "dave"] {
        let r = one
            .store()
            .get_rating(&SERVER.into(), "tawlbwrdd", &p.into())
            .unwrap()
            .unwrap();
        assert_eq!(r.games, 3, "{p}");
    }
}

#[test]
fn a_stale_version_is_refused_by_the_store() {
    let db = backends::fresh_db();
    let one = db.open();
    let two = db.open();
    let app = App::new(one.clone());
    setup(&app, &["alice", "bob"], &[]);
    let seen = two.get_tournament(TournamentId(1)).unwrap().unwrap();
    assert!(one
        .commit_tournament(
            TournamentId(1),
            seen.version,
            TournamentPhase::Signup,
            &seen.data,
            &[],
            T0
        )
        .unwrap());
    // The other process still holds the old version: refused, nothing written.
    let spec = tawlbot::store::MatchSpec {
        round: 1,
        board: 1,
        first_player: Some("alice".into()),
        second_player: Some("bob".into()),
        result: None,
    };
    assert!(!two
        .commit_tournament(
            TournamentId(1),
            seen.version,
            TournamentPhase::Running,
            "{}",
            &[spec],
            T0
        )
        .unwrap());
    let now = two.get_tournament(TournamentId(1)).unwrap().unwrap();
    assert_eq!(now.state, TournamentPhase::Signup);
    assert_eq!(now.version, seen.version + 1);
    assert!(two.tournament_matches(TournamentId(1)).unwrap().is_empty());
}

#[test]
fn entrants_are_capped() {
    let (_db, app) = direct::app();
    setup(&app, &["alice", "bob"], &[("max", "3")]);
    let r = slash(&app, &player("carol", T0 + 5), "tournament join", &[]);
    assert!(text(&r).contains("(3 players)"), "{r:?}");
    let r = slash(&app, &player("dave", T0 + 6), "tournament join", &[]);
    assert!(
        text(&r).contains("**Spring** is full (3 players)."),
        "{r:?}"
    );

    let r = slash(
        &app,
        &ctx("lobby", "olga", T0, true),
        "tournament create",
        &[("name", "Big"), ("max", "500")],
    );
    assert!(text(&r).contains("from 2 to 128"), "{r:?}");
    // Without max: 128.
    let r = slash(
        &app,
        &ctx("lobby", "olga", T0, true),
        "tournament create",
        &[("name", "Big")],
    );
    assert!(text(&r).contains("At most 128 players."), "{r:?}");
    for i in 0..128 {
        let r = slash(
            &app,
            &ctx("lobby", &format!("p{i}"), T0 + 10, false),
            "tournament join",
            &[("id", "2")],
        );
        assert!(text(&r).contains("joins"), "{i}: {r:?}");
    }
    let r = slash(
        &app,
        &ctx("lobby", "late", T0 + 10, false),
        "tournament join",
        &[("id", "2")],
    );
    assert!(text(&r).contains("is full (128 players)"), "{r:?}");
}

/// Round 1 of a four-player round robin with threads that cannot be opened.
#[test]
fn a_match_whose_thread_fails_is_played_in_the_channel() {
    let (_db, app) = direct::app();
    setup(&app, &["alice", "bob", "carol", "dave"], &[]);
    let olga = organiser(T0 + 10);
    let r = slash(&app, &olga, "tournament start", &[]);
    let ids: Vec<MatchId> = r
        .effects
        .iter()
        .map(|e| match e {
            Effect::OpenMatchThread { match_id, .. } => *match_id,
            _ => panic!("{e:?}"),
        })
        .collect();
    // Both threads fail (the bot lacks the permission).
    let first = app.match_thread_failed(&olga, ids[0]);
    assert!(
        text(&first).contains("I could not open a thread for round 1, board 1")
            && text(&first).contains("the game is played here"),
        "{first:?}"
    );
    let g = app
        .store()
        .active_game_in_channel(&"general".into())
        .unwrap()
        .unwrap();
    assert_eq!(g.tournament_match_id, Some(ids[0]));
    let second = app.match_thread_failed(&olga, ids[1]);
    assert!(
        text(&second).contains("this channel has a game in progress")
            && text(&second).contains("/tournament start"),
        "{second:?}"
    );
    // The first game is played in the channel; then the organiser tries the
    // second thread again, which now opens.
    let c = player(&g.second_player, T0 + 20);
    slash(&app, &c, "resign", &[]);
    let r = slash(&app, &organiser(T0 + 30), "tournament start", &[]);
    assert!(text(&r).contains("Opening 1 match thread again"), "{r:?}");
    let (threads, _) = open_threads(&app, &olga, &r);
    assert_eq!(threads.len(), 1);
    assert!(app
        .store()
        .active_game_in_channel(&threads[0].as_str().into())
        .unwrap()
        .is_some());
}

#[test]
fn a_tournament_on_a_bank_clock_starts_like_a_challenge() {
    let (_db, app) = direct::app();
    let bank = "bank:7d inc:1d cap:14d";
    setup(&app, &["alice", "bob"], &[("time", bank)]);
    let olga = organiser(T0 + 10);
    let r = slash(&app, &olga, "tournament start", &[]);
    let (threads, out) = open_threads(&app, &olga, &r);
    let g = app
        .store()
        .active_game_in_channel(&threads[0].as_str().into())
        .unwrap()
        .unwrap();
    let day = 86_400;
    assert_eq!(Some(g.time_control), TimeControl::read(bank), "{out}");
    assert_eq!(g.bank_first, Some(7 * day));
    assert_eq!(g.bank_second, Some(7 * day));
    assert_eq!(g.deadline, Some(T0 + 10 + 7 * day));
    let remind = app.store().remind_at(g.id).unwrap();
    assert_eq!(
        remind,
        Some(T0 + 10 + 7 * day - 7 * day / 4),
        "first-move reminder"
    );

    // A challenge game on the same clock starts the same way.
    let c = ctx("casual", "carol", T0 + 10, false);
    slash(
        &app,
        &c,
        "challenge",
        &[("opponent", "dave"), ("time", bank)],
    );
    slash(&app, &ctx("casual", "dave", T0 + 10, false), "accept", &[]);
    let h = app
        .store()
        .active_game_in_channel(&"casual".into())
        .unwrap()
        .unwrap();
    assert_eq!(
        (h.time_control, h.bank_first, h.bank_second, h.deadline),
        (g.time_control, g.bank_first, g.bank_second, g.deadline)
    );
    assert_eq!(app.store().remind_at(h.id).unwrap(), remind);

    // The first move a day later: the mover's bank is what was left plus a day.
    let l = app.load(g.clone()).unwrap();
    let side = l.game.turn();
    let mover = l.players[side.index()].clone();
    let first_move = tawlbot::notation::format_move(l.game.rules(), &l.game.legal_moves()[0]);
    let m = app.handle(
        &ctx(&threads[0], &mover, T0 + 10 + day, false),
        Input::Message {
            text: first_move,
            addressed: false,
        },
    );
    let g2 = app.store().get_game(g.id).unwrap().unwrap();
    assert_eq!(g2.move_count, 1, "{m:?}");
    let banks = [g2.bank_first, g2.bank_second];
    assert_eq!(
        banks[side.index()],
        Some(7 * day),
        "6 days left + 1 day: {m:?}"
    );
    assert_eq!(g2.deadline, Some(T0 + 10 + day + 7 * day));

    // The game ends through the one end of a game: rated, and the
    // tournament is over.
    let r = slash(
        &app,
        &ctx(&threads[0], &mover, T0 + 2 * day, false),
        "resign",
        &[],
    );
    assert!(text(&r).contains("is over. The winner"), "{r:?}");
    assert_eq!(
        app.store()
            .get_rating(&SERVER.into(), "tawlbwrdd", &mover)
            .unwrap()
            .unwrap()
            .games,
        1
    );
}

on_postgres!(
    a_round_is_written_whole_or_not_at_all_and_resumes,
    a_crash_between_the_round_and_its_games_resumes_once,
    a_scheduled_start_is_retried_after_a_fault_and_cancelled_only_for_too_few,
    unreadable_tournament_data_is_never_overwritten,
    two_processes_on_one_database_lose_no_result,
    a_stale_version_is_refused_by_the_store,
    entrants_are_capped,
    a_match_whose_thread_fails_is_played_in_the_channel,
    a_tournament_on_a_bank_clock_starts_like_a_challenge,
);
