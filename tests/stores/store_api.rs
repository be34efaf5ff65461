//! Behaviour of the store API: games, moves, challenges, offers, deadlines,
//! tournaments, ratings. The `postgres::` twins run the same tests on
//! PostgreSQL (tests/backends).

use crate::backends;

use tawlbot::app::MAX_OPEN_CHALLENGES;
use tawlbot::store::prelude::*;
use tawlbot::store::{
    AppendError, ChallengeState, DueColumn, EndReason, GameResult, GameState, MatchResult,
    NewChallenge, NewGame, NewMove, NewTournament, OfferKind, Rating, ReminderClaim, SqliteStore,
    StoreError, TimeControl, TournamentPhase,
};

fn game_in(channel: &str) -> NewGame {
    NewGame {
        server_id: "srv".into(),
        channel_id: channel.into(),
        variant: "tablut".into(),
        options: vec!["edge-escape".into()],
        seed: u64::MAX - 7,
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        time_control: TimeControl::PerMove(3 * 86_400),
        created_at: 1000,
        deadline: Some(5000),
        ..Default::default()
    }
}

fn mv<'a>(game: GameId, n: u32, text: &'a str, player: &'a str, source: &'a str) -> NewMove<'a> {
    NewMove {
        game_id: game,
        expected_number: n,
        text,
        player_id: player,
        at: 2000 + i64::from(n),
        source_id: source,
        deadline: Some(9000 + i64::from(n)),
        ..Default::default()
    }
}

#[test]
fn game_round_trip_and_moves() {
    let (s, _db) = backends::store();
    let id = s.create_game(&game_in("general")).unwrap();
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!(g.seed, u64::MAX - 7);
    assert_eq!(g.options, vec!["edge-escape".to_string()]);
    assert_eq!(g.state, GameState::Active);
    assert_eq!(g.move_count, 0);
    assert_eq!(g.deadline, Some(5000));

    assert_eq!(
        s.append_move_clocked(&mv(id, 0, "e1-e4", "alice", "m1"), None)
            .unwrap(),
        1
    );
    assert_eq!(
        s.append_move_clocked(&mv(id, 1, "d5-d7", "bob", "m2"), None)
            .unwrap(),
        2
    );
    let (g, moves) = s.load_game(id).unwrap().unwrap();
    assert_eq!(g.move_count, 2);
    assert_eq!(g.updated_at, 2001);
    assert_eq!(g.deadline, Some(9001));
    let texts: Vec<_> = moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["e1-e4", "d5-d7"]);
    assert_eq!(moves[1].number, 1);
    assert_eq!(moves[1].player_id, "bob");
    assert_eq!(moves[1].source_id, "m2");
    assert!(s.load_game(GameId(999)).unwrap().is_none());
    // Found by channel, in the same one read: the active game, the latest.
    let general = "general".into();
    let by_id = s.load_game(id).unwrap();
    assert_eq!(s.load_active_in_channel(&general).unwrap(), by_id);
    assert_eq!(s.load_latest_in_channel(&general).unwrap(), by_id);
    s.finish_game(id, Some(2), GameResult::Draw, EndReason::DrawAgreed, 3000)
        .unwrap();
    assert!(s.load_active_in_channel(&general).unwrap().is_none());
    let (g, moves) = s.load_latest_in_channel(&general).unwrap().unwrap();
    assert_eq!((g.id, g.state, moves.len()), (id, GameState::Finished, 2));
    assert!(s
        .load_latest_in_channel(&"nowhere".into())
        .unwrap()
        .is_none());
}

#[test]
fn stale_duplicate_and_game_over_are_refused() {
    let (s, _db) = backends::store();
    let id = s.create_game(&game_in("general")).unwrap();
    s.append_move_clocked(&mv(id, 0, "a", "alice", "m1"), None)
        .unwrap();
    assert_eq!(
        s.append_move_clocked(&mv(id, 0, "b", "bob", "m2"), None),
        Err(AppendError::Stale { now: 1 })
    );
    assert!(AppendError::Stale { now: 1 }
        .to_string()
        .contains("the position changed"));
    assert_eq!(
        s.append_move_clocked(&mv(id, 1, "b", "bob", "m1"), None),
        Err(AppendError::Duplicate)
    );
    assert_eq!(
        s.append_move_clocked(&mv(GameId(77), 0, "b", "bob", "m9"), None),
        Err(AppendError::NoSuchGame)
    );
    let mut last = mv(id, 1, "b", "bob", "m2");
    last.finished = Some((
        GameResult::Won(tawlbot::rules::Side::Second),
        EndReason::KingCaptured,
    ));
    assert_eq!(s.append_move_clocked(&last, None).unwrap(), 2);
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!(g.state, GameState::Finished);
    assert_eq!(
        g.result,
        Some(GameResult::Won(tawlbot::rules::Side::Second))
    );
    assert_eq!(g.reason, Some(EndReason::KingCaptured));
    assert_eq!(g.finished_at, Some(2001));
    assert_eq!(g.deadline, None);
    assert_eq!(
        s.append_move_clocked(&mv(id, 2, "c", "alice", "m3"), None),
        Err(AppendError::GameOver)
    );
    assert_eq!(s.moves(id).unwrap().len(), 2);
    // finished games stay queryable
    assert!(s
        .active_game_in_channel(&"general".into())
        .unwrap()
        .is_none());
    assert_eq!(
        s.latest_game_in_channel(&"general".into())
            .unwrap()
            .unwrap()
            .id,
        id
    );
}

#[test]
fn one_active_game_per_channel() {
    let (s, _db) = backends::store();
    let a = s.create_game(&game_in("general")).unwrap();
    let err = s.create_game(&game_in("general")).unwrap_err();
    assert_eq!(
        err,
        StoreError::ChannelBusy {
            channel: "general".into(),
            game: a
        }
    );
    let b = s.create_game(&game_in("random")).unwrap();
    assert_ne!(a, b);
    s.finish_game(a, None, GameResult::Draw, EndReason::DrawAgreed, 3000)
        .unwrap();
    let c = s.create_game(&game_in("general")).unwrap();
    assert_eq!(
        s.active_game_in_channel(&"general".into())
            .unwrap()
            .unwrap()
            .id,
        c
    );
    assert_eq!(
        s.latest_game_in_channel(&"general".into())
            .unwrap()
            .unwrap()
            .id,
        c
    );
    assert_eq!(
        s.games_on_server(&"srv".into(), false, 10).unwrap().len(),
        3
    );
    assert_eq!(s.games_on_server(&"srv".into(), true, 10).unwrap().len(), 2);
    assert_eq!(
        s.games_of_player(&"bob".into(), false, 10).unwrap().len(),
        3
    );
    assert_eq!(
        s.games_of_player(&"carol".into(), false, 10).unwrap().len(),
        0
    );
}

#[test]
fn the_schema_itself_enforces_one_active_game_per_channel() {
    // Bypass the store's friendly check: the unique index must still hold.
    let db = backends::fresh_db();
    let s = db.open();
    s.create_game(&game_in("general")).unwrap();
    drop(s);
    let r = backends::try_raw_sql(
        &db.target,
        "INSERT INTO games (server_id, channel_id, variant, seed, first_side, first_player, \
         second_player, created_at, updated_at) \
         VALUES ('srv', 'general', 'tablut', 1, 'attackers', 'alice', 'bob', 0, 0)",
    );
    assert!(r.is_err(), "second active game in a channel was accepted");
}

#[test]
fn stored_values_that_cannot_be_read_are_bad_data() {
    let db = backends::fresh_db();
    let s = db.open();
    let id = s.create_game(&game_in("general")).unwrap();
    s.finish_game(
        id,
        None,
        GameResult::Won(tawlbot::rules::Side::First),
        EndReason::Timeout,
        3000,
    )
    .unwrap();
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!(g.result, Some(GameResult::Won(tawlbot::rules::Side::First)));
    assert_eq!(g.time_control, TimeControl::PerMove(3 * 86_400));
    let text = backends::raw_texts(
        &db.target,
        &format!("SELECT result, reason, time_control FROM games WHERE id = {id}"),
    );
    assert_eq!(
        text,
        ["first", "timeout", "3d"],
        "sides are stored as first and second"
    );
    for damage in [
        "UPDATE games SET result = 'white'",
        "UPDATE games SET result = 'second', reason = 'resigned'",
        "UPDATE games SET reason = 'timeout', time_control = 'soon'",
    ] {
        backends::raw_sql(&db.target, damage);
        match s.get_game(id) {
            Err(StoreError::Unreadable {
                table,
                id: row,
                detail,
            }) => {
                assert_eq!((table.as_str(), row), ("games", id.to_string()));
                assert!(detail.contains("unknown"), "{detail}");
            }
            other => panic!("{damage}: {other:?}"),
        }
    }
    let t = s
        .create_tournament(&NewTournament {
            server_id: "srv".into(),
            name: "T".into(),
            created_at: 1,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(
        s.get_tournament(t).unwrap().unwrap().state,
        TournamentPhase::Signup
    );
    backends::raw_sql(&db.target, "UPDATE tournaments SET state = 'paused'");
    assert!(matches!(
        s.get_tournament(t),
        Err(StoreError::Unreadable {
            table: tawlbot::domain::Table::Tournaments,
            ..
        })
    ));
}

#[test]
fn finish_game_checks_state_and_move_count() {
    let (s, _db) = backends::store();
    let id = s.create_game(&game_in("general")).unwrap();
    s.append_move_clocked(&mv(id, 0, "a", "alice", "m1"), None)
        .unwrap();
    assert_eq!(
        s.finish_game(
            id,
            Some(0),
            GameResult::Won(tawlbot::rules::Side::Second),
            EndReason::Timeout,
            3000
        ),
        Err(AppendError::Stale { now: 1 })
    );
    s.finish_game(
        id,
        Some(1),
        GameResult::Won(tawlbot::rules::Side::Second),
        EndReason::Timeout,
        3000,
    )
    .unwrap();
    assert_eq!(
        s.finish_game(
            id,
            None,
            GameResult::Won(tawlbot::rules::Side::First),
            EndReason::Resignation,
            3001
        ),
        Err(AppendError::GameOver)
    );
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!(g.reason, Some(EndReason::Timeout));
    let id2 = s.create_game(&game_in("general")).unwrap();
    s.abort_game(id2, EndReason::Aborted, 4000).unwrap();
    let g2 = s.get_game(id2).unwrap().unwrap();
    assert_eq!(g2.state, GameState::Aborted);
    assert_eq!(g2.result, None);
}

#[test]
fn takeback_deletes_moves_but_keeps_source_ids_used() {
    let (s, _db) = backends::store();
    let id = s.create_game(&game_in("general")).unwrap();
    for (i, src) in ["m0", "m1", "m2"].iter().enumerate() {
        s.append_move_clocked(&mv(id, i as u32, "x", "alice", src), None)
            .unwrap();
    }
    assert_eq!(
        s.take_back_clocked(id, 2, 2, 3000, None, None),
        Err(AppendError::Stale { now: 3 })
    );
    assert_eq!(
        s.take_back_clocked(id, 3, 2, 3000, Some(7000), Some(6000))
            .unwrap(),
        1
    );
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!((g.move_count, g.deadline), (1, Some(7000)));
    assert_eq!(s.remind_at(id).unwrap(), Some(6000));
    assert_eq!(s.moves(id).unwrap().len(), 1);
    // a redelivered message whose move was taken back is still a duplicate
    assert_eq!(
        s.append_move_clocked(&mv(id, 1, "x", "alice", "m2"), None),
        Err(AppendError::Duplicate)
    );
    assert_eq!(
        s.append_move_clocked(&mv(id, 1, "y", "alice", "m3"), None)
            .unwrap(),
        2
    );
}

#[test]
fn offers_are_voided_by_moves() {
    let (s, _db) = backends::store();
    let id = s.create_game(&game_in("general")).unwrap();
    let standing = |s: &dyn Store| {
        OfferKind::ALL
            .iter()
            .filter(|&&k| s.get_offer(id, k).unwrap().is_some())
            .count()
    };
    s.append_move_clocked(&mv(id, 0, "a", "alice", "m1"), None)
        .unwrap();
    assert!(s
        .set_offer_once(id, OfferKind::Draw, &"alice".into(), 2500)
        .unwrap());
    let o = s.get_offer(id, OfferKind::Draw).unwrap().unwrap();
    assert_eq!(
        (o.by_player.as_str(), o.at, o.move_count),
        ("alice", 2500, 1)
    );
    // One standing offer of a kind: never replaced, by either player.
    assert!(!s
        .set_offer_once(id, OfferKind::Draw, &"bob".into(), 2501)
        .unwrap());
    assert_eq!(
        s.get_offer(id, OfferKind::Draw).unwrap().unwrap().by_player,
        "alice"
    );
    assert!(s
        .set_offer_once(id, OfferKind::Takeback, &"alice".into(), 2501)
        .unwrap());
    assert_eq!(standing(&*s), 2);
    assert!(s.clear_offer(id, OfferKind::Takeback).unwrap());
    assert!(!s.clear_offer(id, OfferKind::Takeback).unwrap());
    s.append_move_clocked(&mv(id, 1, "b", "bob", "m2"), None)
        .unwrap();
    assert!(s.get_offer(id, OfferKind::Draw).unwrap().is_none());
    assert!(s
        .set_offer_once(id, OfferKind::Draw, &"bob".into(), 2600)
        .unwrap());
    s.finish_game(id, Some(2), GameResult::Draw, EndReason::DrawAgreed, 2700)
        .unwrap();
    assert_eq!(standing(&*s), 0);
    assert_eq!(
        s.set_offer_once(id, OfferKind::Draw, &"bob".into(), 2800),
        Err(AppendError::GameOver)
    );
}

#[test]
fn challenges_compare_and_set() {
    let (s, _db) = backends::store();
    let ch = NewChallenge {
        server_id: "srv".into(),
        channel_id: "general".into(),
        challenger_id: "alice".into(),
        opponent_id: None,
        variant: "brandubh".into(),
        options: vec![],
        settings: Default::default(),
        challenger_side: Some(tawlbot::rules::Side::Second),
        time_control: TimeControl::PerMove(86_400),
        rated: true,
        created_at: 100,
        expires_at: Some(500),
    };
    let create = |ch: &NewChallenge| {
        s.create_challenge_capped(ch, MAX_OPEN_CHALLENGES)
            .unwrap()
            .unwrap()
    };
    let a = create(&ch);
    let b = create(&NewChallenge {
        opponent_id: Some("bob".into()),
        expires_at: Some(300),
        ..ch.clone()
    });
    assert_eq!(
        s.open_challenges_in_channel(&"general".into())
            .unwrap()
            .len(),
        2
    );
    // The scheduler's expiry pass: open challenges by expiry time.
    let expiring = |now| {
        s.due_after(DueColumn::ChallengeExpiry, now, None, 10)
            .unwrap()
    };
    assert_eq!(expiring(i64::MAX), [(b.get(), 300), (a.get(), 500)]);
    assert_eq!(expiring(300), [(b.get(), 300)]);
    assert!(expiring(299).is_empty());
    use ChallengeState::*;
    assert!(s.set_challenge_state(b, Open, Declined, 150).unwrap());
    assert!(!s.set_challenge_state(b, Open, Accepted, 151).unwrap());
    assert_eq!(s.get_challenge(b).unwrap().unwrap().state, Declined);
    assert_eq!(expiring(i64::MAX), [(a.get(), 500)]);

    let g = NewGame {
        first_player: "bob".into(),
        second_player: "alice".into(),
        ..game_in("general")
    };
    let gid = s.start_game_from_challenge(a, &g).unwrap();
    let c = s.get_challenge(a).unwrap().unwrap();
    assert_eq!((c.state, c.game_id), (Accepted, Some(gid)));
    assert_eq!(s.get_game(gid).unwrap().unwrap().challenge_id, Some(a));
    // a second accept loses
    let err = s.start_game_from_challenge(a, &g).unwrap_err();
    assert!(
        matches!(err, StoreError::ChallengeNotOpen { .. }),
        "{err:?}"
    );
    // accepting into a busy channel changes nothing
    let c2 = create(&ch);
    let err = s.start_game_from_challenge(c2, &g).unwrap_err();
    assert!(matches!(err, StoreError::ChannelBusy { .. }), "{err:?}");
    assert_eq!(s.get_challenge(c2).unwrap().unwrap().state, Open);
}

/// The scheduler's reads (`due_after`) and what moves games on and off
/// them: a pause, a reminder claimed, a move with or without a deadline.
#[test]
fn deadlines_come_from_an_index() {
    let (s, _db) = backends::store();
    let mut ids = Vec::new();
    for (i, d) in [7000, 3000, 5000].iter().enumerate() {
        let g = NewGame {
            deadline: Some(*d),
            ..game_in(&format!("ch{i}"))
        };
        ids.push(s.create_game(&g).unwrap());
    }
    // The scheduler's first look: the earliest deadline of all.
    let first = |col| s.due_after(col, i64::MAX, None, 1).unwrap();
    let due = |col, now| s.due_after(col, now, None, 10).unwrap();
    assert_eq!(first(DueColumn::Deadline), [(ids[1].get(), 3000)]);
    // A pause agreed through the offer takes the game off the deadlines
    // and puts it on the ends of pauses.
    assert!(s
        .set_pause_offer(ids[1], &"alice".into(), 100, 86_400)
        .unwrap());
    s.pause_clock(ids[1], 0, &"alice".into(), 100, Some(2900), 100 + 86_400)
        .unwrap();
    assert_eq!(first(DueColumn::Deadline), [(ids[2].get(), 5000)]);
    assert_eq!(due(DueColumn::Deadline, 6000), [(ids[2].get(), 5000)]);
    assert_eq!(
        due(DueColumn::PauseEnd, 100 + 86_400),
        [(ids[1].get(), 100 + 86_400)]
    );
    assert!(due(DueColumn::PauseEnd, 100 + 86_399).is_empty());
    // Reminders claimed count up until the next move.
    for at in [4000, 4500] {
        s.set_remind_at(ids[2], Some(at)).unwrap();
        assert_eq!(due(DueColumn::RemindAt, at), [(ids[2].get(), at)]);
        assert_eq!(
            s.claim_reminder(ids[2], at, 100).unwrap(),
            ReminderClaim::Send
        );
        assert!(due(DueColumn::RemindAt, at).is_empty());
    }
    let g = s.get_game(ids[2]).unwrap().unwrap();
    assert_eq!((g.reminders_sent, g.last_reminder_at), (2, Some(4500)));
    s.append_move_clocked(
        &NewMove {
            deadline: Some(8000),
            banks: Some([Some(100), Some(200)]),
            ..mv(ids[2], 0, "a", "alice", "x")
        },
        Some(7000),
    )
    .unwrap();
    let g = s.get_game(ids[2]).unwrap().unwrap();
    assert_eq!((g.reminders_sent, g.deadline), (0, Some(8000)));
    assert_eq!((g.bank_first, g.bank_second), (Some(100), Some(200)));
    assert_eq!(first(DueColumn::RemindAt), [(ids[2].get(), 7000)]);
    assert_eq!(first(DueColumn::Deadline), [(ids[0].get(), 7000)]);
    // A move that sets no deadline (a game without a clock) leaves the index.
    s.append_move_clocked(
        &NewMove {
            deadline: None,
            ..mv(ids[0], 0, "a", "alice", "y")
        },
        None,
    )
    .unwrap();
    assert_eq!(first(DueColumn::Deadline), [(ids[2].get(), 8000)]);
    // Paged in (time, id) order past equal times.
    let page = s
        .due_after(
            DueColumn::Deadline,
            9000,
            Some((8000, ids[2].get() - 1)),
            10,
        )
        .unwrap();
    assert_eq!(page, [(ids[2].get(), 8000)]);
    assert!(s
        .due_after(DueColumn::Deadline, 9000, Some((8000, ids[2].get())), 10)
        .unwrap()
        .is_empty());
    // The query plans of those very queries are SQLite's (they depend on
    // the schema alone): each searches its partial index, without a sort.
    let plans = match backends::current() {
        backends::Backend::Sqlite => SqliteStore::open_in_memory()
            .unwrap()
            .deadline_query_plans()
            .unwrap(),
        backends::Backend::Postgres => Vec::new(),
    };
    for (col, plan) in plans {
        let index = match col {
            DueColumn::Deadline => "INDEX games_deadline",
            DueColumn::RemindAt => "INDEX games_remind",
            DueColumn::PauseEnd => "INDEX games_pause_end",
            DueColumn::ChallengeExpiry => "INDEX challenges_open_expiry",
        };
        assert!(plan.contains(index), "{col:?}: {plan}");
        assert!(!plan.contains("TEMP B-TREE"), "{col:?}: {plan}");
    }
}

#[test]
fn players_channels_and_settings() {
    let (s, _db) = backends::store();
    s.upsert_player(&"123".into(), "Alice").unwrap();
    s.upsert_player(&"123".into(), "Alys").unwrap();
    assert_eq!(
        s.get_player(&"123".into()).unwrap().unwrap().display_name,
        "Alys"
    );
    s.upsert_channel(&"thread-1".into(), &"srv".into(), Some(&"general".into()))
        .unwrap();
    assert_eq!(
        s.channel_parent(&"thread-1".into()).unwrap().as_deref(),
        Some("general")
    );
    s.set_player_setting(&"123".into(), "dm_on_turn", "1")
        .unwrap();
    s.set_player_setting(&"123".into(), "dm_on_turn", "0")
        .unwrap();
    s.set_player_setting(&"123".into(), "reminders", "1")
        .unwrap();
    assert_eq!(
        s.player_setting(&"123".into(), "dm_on_turn")
            .unwrap()
            .as_deref(),
        Some("0")
    );
    assert_eq!(s.player_settings(&"123".into()).unwrap().len(), 2);
}

#[test]
fn tournaments_and_ratings() {
    use tawlbot::store::{JoinOutcome, MatchSpec};
    use TournamentPhase::*;
    let (s, _db) = backends::store();
    let t = s
        .create_tournament(&NewTournament {
            server_id: "srv".into(),
            channel_id: Some("tourney".into()),
            name: "Winter cup".into(),
            variant: "tablut".into(),
            format: tawlbot::store::TournamentFormat::RoundRobin,
            created_by: Some("alice".into()),
            created_at: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(
        s.join_tournament(t, &"alice".into(), 11, 8).unwrap(),
        JoinOutcome::Joined(1)
    );
    assert_eq!(
        s.join_tournament(t, &"bob".into(), 12, 8).unwrap(),
        JoinOutcome::Joined(2)
    );
    assert_eq!(
        s.join_tournament(t, &"bob".into(), 13, 8).unwrap(),
        JoinOutcome::Already
    );
    assert!(s.withdraw_tournament_player(t, &"bob".into(), 14).unwrap());
    assert_eq!(s.tournament_players(t).unwrap().len(), 2);
    // The start: state, data and the first round's pairings in one
    // compare-and-set; a writer holding the old version changes nothing.
    let v = s.get_tournament(t).unwrap().unwrap().version;
    let pairing = |board: u32, first: &str, second: Option<&str>, result| MatchSpec {
        round: 1,
        board,
        first_player: Some(first.into()),
        second_player: second.map(Into::into),
        result,
    };
    let round = [
        pairing(1, "alice", Some("bob"), None),
        pairing(2, "carol", None, None),
    ];
    assert!(s
        .commit_tournament(t, v, Running, "{\"round\":1}", &round, 20)
        .unwrap());
    assert!(!s
        .commit_tournament(t, v, Running, "{}", &round, 21)
        .unwrap());
    let tt = s.get_tournament(t).unwrap().unwrap();
    assert_eq!((tt.state, tt.data.as_str()), (Running, "{\"round\":1}"));
    let m = s.tournament_matches(t).unwrap()[0].id;
    let gid = s
        .create_game(&NewGame {
            tournament_match_id: Some(m),
            rated: true,
            ..game_in("tourney")
        })
        .unwrap();
    assert_eq!(s.games_of_match(m).unwrap()[0].id, gid);
    // The match decided, with the tournament's new data.
    assert!(s
        .commit_tournament(
            t,
            tt.version,
            Running,
            "{\"round\":1}",
            &[pairing(
                1,
                "alice",
                Some("bob"),
                Some(MatchResult::score(1.0, 0.0))
            )],
            22
        )
        .unwrap());
    let matches = s.tournament_matches(t).unwrap();
    assert_eq!(matches.len(), 2);
    assert_eq!(matches[0].result, Some(MatchResult::score(1.0, 0.0)));
    assert_eq!(s.tournaments_on_server(&"srv".into()).unwrap().len(), 1);

    let r = |p: &str, rating: f64| Rating {
        server_id: "srv".into(),
        variant: "tablut".into(),
        player_id: p.into(),
        rating,
        rd: 200.0,
        vol: 0.06,
        games: 1,
        wins_first: u32::from(p == "alice"),
        wins_second: 0,
        losses: u32::from(p == "bob"),
        draws: 0,
        updated_at: 30,
    };
    let (alice, bob) = (UserId::from("alice"), UserId::from("bob"));
    let players = [&alice, &bob];
    let rated = std::cell::Cell::new(0);
    assert!(s
        .rate_game(gid, &"srv".into(), "tablut", players, 30, &|before| {
            assert_eq!(before, [None, None], "nobody was rated yet");
            rated.set(rated.get() + 1);
            [r("alice", 1600.0), r("bob", 1400.0)]
        })
        .unwrap());
    // Once per game: the second call changes nothing and computes nothing.
    assert!(!s
        .rate_game(gid, &"srv".into(), "tablut", players, 31, &|_| {
            rated.set(rated.get() + 1);
            [r("alice", 1700.0), r("bob", 1300.0)]
        })
        .unwrap());
    assert_eq!(rated.get(), 1);
    let a = s
        .get_rating(&"srv".into(), "tablut", &"alice".into())
        .unwrap()
        .unwrap();
    assert_eq!((a.rating, a.wins_first, a.updated_at), (1600.0, 1, 30));
    let board = s.leaderboard(&"srv".into(), "tablut", 10).unwrap();
    assert_eq!(board[0].player_id, "alice");
    assert_eq!(board.len(), 2);
}

#[test]
fn a_full_disk_loses_nothing_already_saved() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.db");
    let s = SqliteStore::open(&p).unwrap();
    let id = s.create_game(&game_in("general")).unwrap();
    let pages = s.debug_limit_pages(None).unwrap();
    // Let the file grow by a few pages only, then fill it.
    s.debug_limit_pages(Some(pages + 2)).unwrap();
    let long = "x".repeat(3000);
    let mut saved = 0u32;
    let err = loop {
        let src = format!("m{saved}");
        match s.append_move_clocked(
            &NewMove {
                text: &long,
                ..mv(id, saved, "", "alice", &src)
            },
            None,
        ) {
            Ok(n) => saved = n,
            Err(e) => break e,
        }
        assert!(saved < 1000, "the page limit did not bite");
    };
    let AppendError::Store(e) = err else {
        panic!("{err:?}")
    };
    assert!(matches!(e, StoreError::DiskFull { .. }), "{e:?}");
    assert!(e.to_string().contains("full"), "{e}");
    assert_eq!(s.get_game(id).unwrap().unwrap().move_count, saved);
    assert_eq!(s.moves(id).unwrap().len() as u32, saved);
    // space comes back: the game continues where it was
    s.debug_limit_pages(Some(1 << 30)).unwrap();
    let src = format!("m{saved}");
    assert_eq!(
        s.append_move_clocked(&mv(id, saved, "y", "alice", &src), None)
            .unwrap(),
        saved + 1
    );
    drop(s);
    let s = SqliteStore::open(&p).unwrap();
    s.integrity_check().unwrap();
    assert_eq!(s.moves(id).unwrap().len() as u32, saved + 1);
}

#[test]
fn store_is_clone_send_sync() {
    fn check<T: Clone + Send + Sync + 'static>() {}
    check::<SqliteStore>();
}

/// Joins capped and closed in one transaction, the version bumped
/// by every change, a round's pairings written with the state, a match's
/// game with given sides started once, challenges capped per user and
/// server.
#[test]
fn capped_joins_versions_rounds_and_challenges() {
    use tawlbot::store::{JoinOutcome, MatchSpec};
    let (s, _db) = backends::store();
    let t = s
        .create_tournament(&NewTournament {
            server_id: "srv".into(),
            channel_id: Some("tourney".into()),
            name: "Cup".into(),
            variant: "tawlbwrdd".into(),
            format: tawlbot::store::TournamentFormat::Swiss,
            created_at: 10,
            ..Default::default()
        })
        .unwrap();
    let v0 = s.get_tournament(t).unwrap().unwrap().version;
    assert_eq!(
        s.join_tournament(t, &"alice".into(), 11, 2).unwrap(),
        JoinOutcome::Joined(1)
    );
    assert_eq!(
        s.join_tournament(t, &"alice".into(), 12, 2).unwrap(),
        JoinOutcome::Already
    );
    assert_eq!(
        s.join_tournament(t, &"bob".into(), 12, 2).unwrap(),
        JoinOutcome::Joined(2)
    );
    assert_eq!(
        s.join_tournament(t, &"carol".into(), 13, 2).unwrap(),
        JoinOutcome::Full
    );
    assert!(s.withdraw_tournament_player(t, &"bob".into(), 14).unwrap());
    assert_eq!(
        s.join_tournament(t, &"carol".into(), 15, 2).unwrap(),
        JoinOutcome::Joined(2)
    );
    // During sign-up a player who left may join again, if there is room.
    assert_eq!(
        s.join_tournament(t, &"bob".into(), 16, 2).unwrap(),
        JoinOutcome::Full
    );
    assert!(s
        .withdraw_tournament_player(t, &"carol".into(), 17)
        .unwrap());
    assert_eq!(
        s.join_tournament(t, &"bob".into(), 18, 2).unwrap(),
        JoinOutcome::Joined(2)
    );
    let names: Vec<UserId> = s
        .tournament_players(t)
        .unwrap()
        .into_iter()
        .filter(|p| p.withdrawn_at.is_none())
        .map(|p| p.player_id)
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    let v1 = s.get_tournament(t).unwrap().unwrap().version;
    assert_eq!(v1, v0 + 6, "each entry change bumps the version");

    let spec = |board: u32, second: Option<&str>, result: Option<MatchResult>| MatchSpec {
        round: 1,
        board,
        first_player: Some("alice".into()),
        second_player: second.map(Into::into),
        result,
    };
    assert!(s
        .commit_tournament(
            t,
            v1,
            TournamentPhase::Running,
            "{}",
            &[
                spec(1, Some("carol"), None),
                spec(2, None, Some(MatchResult::Bye))
            ],
            20
        )
        .unwrap());
    assert_eq!(
        s.join_tournament(t, &"dave".into(), 21, 9).unwrap(),
        JoinOutcome::Closed
    );
    // A result once stored is kept; a missing one is filled in.
    assert!(s
        .commit_tournament(
            t,
            v1 + 1,
            TournamentPhase::Running,
            "{}",
            &[
                spec(1, Some("carol"), Some(MatchResult::score(1.0, 0.0))),
                spec(2, None, Some(MatchResult::score(0.0, 1.0)))
            ],
            30
        )
        .unwrap());
    let rows = s.tournament_matches(t).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].result, Some(MatchResult::score(1.0, 0.0)));
    assert_eq!(rows[1].result, Some(MatchResult::Bye));

    // One game per match and sides, even in another channel.
    let g = NewGame {
        tournament_match_id: Some(rows[0].id),
        first_player: "alice".into(),
        second_player: "carol".into(),
        ..game_in("thread-1")
    };
    let id = s.create_game(&g).unwrap();
    assert!(s
        .create_game(&NewGame {
            channel_id: "thread-2".into(),
            ..g.clone()
        })
        .is_err());
    let games: Vec<_> = s
        .games_of_match(rows[0].id)
        .unwrap()
        .into_iter()
        .map(|g| (g.id, g.first_player, g.second_player))
        .collect();
    assert_eq!(games, [(id, "alice".into(), "carol".into())]);

    // Challenges: at most `max` open, unexpired ones per challenger and server.
    let ch = |server: &str, at: i64| NewChallenge {
        server_id: server.into(),
        channel_id: format!("{server}-general").into(),
        challenger_id: "alice".into(),
        variant: "tawlbwrdd".into(),
        created_at: at,
        expires_at: Some(at + 100),
        ..Default::default()
    };
    assert!(s.create_challenge_capped(&ch("a", 1), 2).unwrap().is_some());
    assert!(s.create_challenge_capped(&ch("a", 2), 2).unwrap().is_some());
    assert!(s.create_challenge_capped(&ch("a", 3), 2).unwrap().is_none());
    assert!(s.create_challenge_capped(&ch("b", 3), 2).unwrap().is_some());
    assert!(
        s.create_challenge_capped(&ch("a", 101), 2)
            .unwrap()
            .is_some(),
        "the first expired"
    );
}

// Not on PostgreSQL: a full disk is the SQLite store's fault hook, and
// `store_is_clone_send_sync` is about the SQLite type itself.
on_postgres!(
    game_round_trip_and_moves,
    stale_duplicate_and_game_over_are_refused,
    one_active_game_per_channel,
    the_schema_itself_enforces_one_active_game_per_channel,
    stored_values_that_cannot_be_read_are_bad_data,
    finish_game_checks_state_and_move_count,
    takeback_deletes_moves_but_keeps_source_ids_used,
    offers_are_voided_by_moves,
    challenges_compare_and_set,
    deadlines_come_from_an_index,
    players_channels_and_settings,
    tournaments_and_ratings,
    capped_joins_versions_rounds_and_challenges,
);
