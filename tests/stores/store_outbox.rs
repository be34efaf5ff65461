//! The outbox on both stores: messages written with the change
//! that produces them (and only when it is made), claimed one per target in
//! order, leased, retried, dropped when too old; two stores (two
//! processes) claiming at once never take one row twice.

use std::collections::HashSet;
use std::sync::{Arc, Barrier};

use tawlbot::store::{
    ChallengeState, EndReason, GameResult, MatchResult, MatchSpec, NewChallenge, NewGame,
    NewTournament, OutMessage, ProcessId, TournamentCommit, TournamentPhase,
};

use crate::backends;
use crate::common;

fn msg(target: &str, body: &str) -> OutMessage {
    OutMessage {
        target: target.into(),
        body: body.into(),
    }
}

fn game(channel: &str) -> NewGame {
    NewGame {
        server_id: "srv".into(),
        channel_id: channel.into(),
        variant: common::VARIANT.into(),
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        created_at: 0,
        ..Default::default()
    }
}

#[test]
fn an_ending_writes_its_messages_with_it_and_only_if_it_ends() {
    let db = backends::fresh_db();
    let s = db.open();
    let g = s.create_game(&game("c1")).unwrap();
    let out = [
        msg("channel:c1", "{\"text\":\"ended\"}"),
        msg("dm:bob", "{}"),
    ];
    s.finish_game_with(
        g,
        Some(0),
        GameResult::Won(tawlbot::rules::Side::First),
        EndReason::Timeout,
        100,
        &out,
    )
    .unwrap();
    assert_eq!(s.outbox_len().unwrap(), 2);
    // A second ending of the same game is refused, and writes nothing.
    assert!(s
        .finish_game_with(
            g,
            Some(0),
            GameResult::Won(tawlbot::rules::Side::First),
            EndReason::Timeout,
            101,
            &out
        )
        .is_err());
    assert_eq!(s.outbox_len().unwrap(), 2);
    let rows = s.outbox_peek(10).unwrap();
    assert_eq!(rows[0].target, "channel:c1");
    assert_eq!(rows[0].created_at, 100);
    assert_eq!(rows[1].target, "dm:bob");

    // A challenge's expiry: written when the state changes, not after.
    let ch = s
        .create_challenge_capped(
            &NewChallenge {
                server_id: "srv".into(),
                channel_id: "c2".into(),
                challenger_id: "alice".into(),
                variant: common::VARIANT.into(),
                ..Default::default()
            },
            5,
        )
        .unwrap()
        .unwrap();
    let exp = [msg("channel:c2", "{}")];
    assert!(s
        .set_challenge_state_with(ch, ChallengeState::Open, ChallengeState::Expired, 5, &exp)
        .unwrap());
    assert!(!s
        .set_challenge_state_with(ch, ChallengeState::Open, ChallengeState::Expired, 6, &exp)
        .unwrap());
    assert_eq!(s.outbox_len().unwrap(), 3);
}

#[test]
fn one_target_goes_in_order_and_a_lease_holds_it() {
    let db = backends::fresh_db();
    let s = db.open();
    let (a, b): (ProcessId, ProcessId) = ("a".into(), "b".into());
    s.enqueue(
        &[
            msg("channel:1", "first"),
            msg("channel:1", "second"),
            msg("channel:2", "other"),
        ],
        100,
    )
    .unwrap();
    // Of each target its oldest row only.
    let rows = s.claim_outbox(&a, 100, 10, 32).unwrap();
    let bodies: Vec<&str> = rows.iter().map(|r| r.body.as_str()).collect();
    assert_eq!(bodies, ["first", "other"]);
    // Held: nobody else gets them, nor the rows behind them.
    assert!(s.claim_outbox(&b, 105, 10, 32).unwrap().is_empty());
    // Channel 1's first failed for now: back in 2 s, the second waits.
    s.outbox_retry(rows[0].id, &a, 102).unwrap();
    assert!(s.claim_outbox(&b, 101, 10, 32).unwrap().is_empty());
    let again = s.claim_outbox(&b, 102, 10, 32).unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].body, "first");
    assert_eq!(again[0].attempts, 1);
    assert!(s.outbox_done(again[0].id).unwrap());
    assert!(!s.outbox_done(again[0].id).unwrap());
    // Channel 2's row: a's lease ended (a died), b takes it over.
    let next = s.claim_outbox(&b, 111, 10, 32).unwrap();
    let bodies: Vec<&str> = next.iter().map(|r| r.body.as_str()).collect();
    assert_eq!(bodies, ["second", "other"]);
    // A clean stop gives the leases up at once.
    s.outbox_release(&b).unwrap();
    assert_eq!(s.claim_outbox(&a, 112, 10, 32).unwrap().len(), 2);
    // Too old: dropped, counted.
    assert_eq!(s.prune_outbox(101).unwrap(), 2);
    assert_eq!(s.outbox_len().unwrap(), 0);
}

/// Two stores (two processes) claiming at once, many times: no row is
/// claimed by both, and every row is claimed.
#[test]
fn two_processes_claiming_at_once_never_share_a_row() {
    let db = backends::fresh_db();
    let stores = [db.open(), db.open()];
    let rows: Vec<OutMessage> = (0..200)
        .map(|i| msg(&format!("channel:{}", i % 40), &i.to_string()))
        .collect();
    stores[0].enqueue(&rows, 100).unwrap();
    let barrier = Arc::new(Barrier::new(2));
    let got: Vec<Vec<i64>> = std::thread::scope(|sc| {
        let handles: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let barrier = Arc::clone(&barrier);
                sc.spawn(move || {
                    let me: ProcessId = format!("p{i}").into();
                    let mut mine = Vec::new();
                    barrier.wait();
                    for _ in 0..400 {
                        let rows = s.claim_outbox(&me, 100, 60, 7).unwrap();
                        for r in rows {
                            mine.push(r.id);
                            assert!(s.outbox_done(r.id).unwrap(), "row {} was gone", r.id);
                        }
                        if s.outbox_len().unwrap() == 0 {
                            break;
                        }
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let all: Vec<i64> = got.iter().flatten().copied().collect();
    let unique: HashSet<i64> = all.iter().copied().collect();
    assert_eq!(all.len(), 200, "each row claimed once: {got:?}");
    assert_eq!(unique.len(), 200);
}

/// A round's end: the tournament's state, a corrected result
/// and the report are one transaction; a writer that lost the race writes
/// none of them.
#[test]
fn a_rounds_end_writes_its_report_and_corrections_with_it() {
    let db = backends::fresh_db();
    let s = db.open();
    let t = s
        .create_tournament(&NewTournament {
            server_id: "srv".into(),
            channel_id: Some("hall".into()),
            name: "Cup".into(),
            variant: common::VARIANT.into(),
            created_at: 1,
            ..Default::default()
        })
        .unwrap();
    let spec = |result| MatchSpec {
        round: 1,
        board: 1,
        first_player: Some("alice".into()),
        second_player: Some("bob".into()),
        result,
    };
    let v = s.get_tournament(t).unwrap().unwrap().version;
    assert!(s
        .commit_tournament(
            t,
            v,
            TournamentPhase::Running,
            "{}",
            &[spec(Some(MatchResult::score(1.0, 0.0)))],
            2
        )
        .unwrap());
    let corrected = [spec(Some(MatchResult::score(0.5, 0.5)))];
    let out = [msg("channel:hall", "{\"text\":\"round 1 is over\"}")];
    let commit = |version| TournamentCommit {
        id: t,
        expected_version: version,
        state: TournamentPhase::Running,
        data: "{\"round\":2}",
        matches: &[],
        corrected: &corrected,
        out: &out,
        at: 3,
    };
    // The old version: nothing is written.
    assert!(!s.commit_tournament_with(&commit(v)).unwrap());
    assert_eq!(s.outbox_len().unwrap(), 0);
    assert_eq!(
        s.tournament_matches(t).unwrap()[0].result,
        Some(MatchResult::score(1.0, 0.0))
    );
    // The current one: the result is replaced and the report queued.
    assert!(s.commit_tournament_with(&commit(v + 1)).unwrap());
    assert_eq!(s.outbox_len().unwrap(), 1);
    assert_eq!(
        s.tournament_matches(t).unwrap()[0].result,
        Some(MatchResult::score(0.5, 0.5))
    );
    assert_eq!(s.get_tournament(t).unwrap().unwrap().data, "{\"round\":2}");
}

on_postgres!(
    a_rounds_end_writes_its_report_and_corrections_with_it,
    an_ending_writes_its_messages_with_it_and_only_if_it_ends,
    one_target_goes_in_order_and_a_lease_holds_it,
    two_processes_claiming_at_once_never_share_a_row,
);
