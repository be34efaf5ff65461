//! The clock of the shared SQL, on SQLite in memory.

use super::{
    AppendError, Backend, Clock, DueColumn, GameId, Games, Leases, NewMove, Offers, ReminderClaim,
    SqliteStore,
};
use crate::store::{NewGame, OfferKind, TimeControl};

const DAY: i64 = 86_400;

fn game(s: &SqliteStore, channel: &str, deadline: Option<i64>) -> GameId {
    s.create_game(&NewGame {
        server_id: "s".into(),
        channel_id: channel.into(),
        variant: "tawlbwrdd".into(),
        options: vec![],
        settings: Default::default(),
        seed: 1,
        first_side: crate::rules::Side::First,
        first_player: "a".into(),
        second_player: "b".into(),
        challenge_id: None,
        tournament_match_id: None,
        rated: false,
        time_control: TimeControl::PerMove(DAY),
        bank_first: None,
        bank_second: None,
        created_at: 0,
        deadline,
    })
    .unwrap()
}

fn mv<'a>(id: GameId, n: u32, src: &'a str) -> NewMove<'a> {
    NewMove {
        game_id: id,
        expected_number: n,
        text: "e2-c2",
        player_id: "a",
        at: 10,
        source_id: src,
        finished: None,
        deadline: Some(10 + DAY),
        banks: None,
        vacation_left: None,
    }
}

#[test]
fn downtime_extends_every_running_clock_once() {
    let s = SqliteStore::open_in_memory().unwrap();
    let running = game(&s, "g", Some(1000 + DAY));
    s.set_remind_at(running, Some(1000 + DAY - 100)).unwrap();
    let paused = game(&s, "h", Some(2000));
    s.set_pause_offer(paused, &"a".into(), 0, 3 * DAY).unwrap();
    s.pause_clock(paused, 0, &"a".into(), 0, Some(500), 3 * DAY)
        .unwrap();
    let casual = game(&s, "i", None);
    // The shared heartbeat row, as the next beat will measure from it.
    let last_beat = || {
        s.sql_read(|c| {
            c.query_opt("SELECT at FROM heartbeat WHERE id = 1", &[])?
                .map_or(Ok(0), |r| r.get::<i64>(0))
        })
        .unwrap()
    };
    // The first heartbeat: nothing to compare with.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", 1000, 300, true)
            .unwrap(),
        None
    );
    // A minute later, five minutes later: not downtime.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", 1060, 300, true)
            .unwrap(),
        None
    );
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", 1360, 300, true)
            .unwrap(),
        None
    );
    // The console's clock jumping on is not downtime either.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", 1360 + 5 * DAY, 300, false)
            .unwrap(),
        None
    );
    assert_eq!(last_beat(), 1360 + 5 * DAY);
    let g = s.get_game(running).unwrap().unwrap();
    assert_eq!(g.deadline, Some(1000 + DAY));
    // Two hours offline.
    let back = 1360 + 5 * DAY + 7200;
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", back, 300, true)
            .unwrap(),
        Some(7200)
    );
    let g = s.get_game(running).unwrap().unwrap();
    assert_eq!(g.deadline, Some(1000 + DAY + 7200));
    assert_eq!(s.remind_at(running).unwrap(), Some(1000 + DAY - 100 + 7200));
    assert_eq!(
        s.pause_info(paused).unwrap(),
        Some((3 * DAY + 7200, Some(500)))
    );
    assert_eq!(s.get_game(casual).unwrap().unwrap().deadline, None);
    // Once: the next heartbeat sees no gap.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", back + 60, 300, true)
            .unwrap(),
        None
    );
    // A heartbeat from an earlier clock never moves it back.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", 5, 300, true).unwrap(),
        None
    );
    assert_eq!(last_beat(), back + 60);
    // The next gap counts from there, not from the earlier clock's beat.
    assert_eq!(
        s.process_heartbeat(&"p".into(), "x", back + 60 + 400, 300, true)
            .unwrap(),
        Some(400)
    );
}

#[test]
fn pause_and_resume_are_one_transaction_each() {
    let s = SqliteStore::open_in_memory().unwrap();
    let id = game(&s, "g", Some(1000));
    // No offer: no pause.
    assert_eq!(
        s.pause_clock(id, 0, &"a".into(), 100, Some(900), 100 + DAY),
        Err(AppendError::NoOffer)
    );
    s.set_pause_offer(id, &"a".into(), 100, 2 * DAY).unwrap();
    assert_eq!(s.pause_offer_span(id).unwrap(), Some(2 * DAY));
    // A stale move count: nothing changes.
    assert!(matches!(
        s.pause_clock(id, 3, &"a".into(), 100, Some(900), 100 + DAY),
        Err(AppendError::Stale { .. })
    ));
    assert!(!s.get_game(id).unwrap().unwrap().paused);
    s.pause_clock(id, 0, &"a".into(), 100, Some(900), 100 + 2 * DAY)
        .unwrap();
    assert!(s.get_game(id).unwrap().unwrap().paused);
    assert_eq!(s.get_offer(id, OfferKind::Pause).unwrap(), None);
    // Paused: no move, no takeback, no second pause.
    assert_eq!(
        s.append_move_clocked(&mv(id, 0, "m1"), None),
        Err(AppendError::Paused)
    );
    assert_eq!(
        s.take_back_clocked(id, 0, 1, 100, None, None),
        Err(AppendError::Paused)
    );
    assert_eq!(
        s.set_pause_offer(id, &"b".into(), 100, DAY),
        Err(AppendError::Paused)
    );
    // Resume after five days: exactly the 900 s kept.
    let at = 100 + 5 * DAY;
    assert!(s
        .set_offer_once(id, OfferKind::Resume, &"b".into(), at)
        .unwrap());
    assert_eq!(
        s.resume_clock(id, at, Some(&"a".into()), None, &|_, _| None),
        Err(AppendError::NoOffer)
    );
    let left = s
        .resume_clock(id, at, Some(&"b".into()), None, &|d, l| Some(d - l / 4))
        .unwrap();
    assert_eq!(left, Some(900));
    let g = s.get_game(id).unwrap().unwrap();
    assert!(!g.paused);
    assert_eq!(g.deadline, Some(at + 900));
    assert_eq!(s.remind_at(id).unwrap(), Some(at + 900 - 225));
    assert_eq!(s.pause_info(id).unwrap(), None);
    assert_eq!(
        s.resume_clock(id, at, None, None, &|_, _| None),
        Err(AppendError::NotPaused)
    );
    // Running again: moves go through, with their reminder.
    assert_eq!(s.append_move_clocked(&mv(id, 0, "m1"), Some(77)), Ok(1));
    assert_eq!(s.remind_at(id).unwrap(), Some(77));
}

#[test]
fn reminders_are_claimed_once_and_at_most_once_a_day() {
    let s = SqliteStore::open_in_memory().unwrap();
    let id = game(&s, "g", Some(10 * DAY));
    s.set_remind_at(id, Some(1000)).unwrap();
    assert_eq!(
        s.claim_reminder(id, 999, DAY).unwrap(),
        ReminderClaim::NotDue
    );
    assert_eq!(
        s.claim_reminder(id, 1000, DAY).unwrap(),
        ReminderClaim::Send
    );
    assert_eq!(
        s.claim_reminder(id, 1001, DAY).unwrap(),
        ReminderClaim::NotDue
    );
    let g = s.get_game(id).unwrap().unwrap();
    assert_eq!((g.reminders_sent, g.last_reminder_at), (1, Some(1000)));
    // Another reminder due within the day is moved a day after the last.
    s.set_remind_at(id, Some(2000)).unwrap();
    assert_eq!(
        s.claim_reminder(id, 2000, DAY).unwrap(),
        ReminderClaim::Deferred(Some(1000 + DAY))
    );
    assert_eq!(
        s.claim_reminder(id, 1000 + DAY, DAY).unwrap(),
        ReminderClaim::Send
    );
    // Digests likewise.
    assert!(s.claim_digest(&"a".into(), "digest_at", 50, DAY).unwrap());
    assert!(!s
        .claim_digest(&"a".into(), "digest_at", 50 + DAY - 1, DAY)
        .unwrap());
    assert!(s
        .claim_digest(&"a".into(), "digest_at", 50 + DAY, DAY)
        .unwrap());
}

#[test]
fn due_pages_reach_every_row() {
    let s = SqliteStore::open_in_memory().unwrap();
    for i in 0..7 {
        game(&s, &format!("c{i}"), Some(100 + (i % 3)));
    }
    let mut after = None;
    let mut seen = Vec::new();
    loop {
        let page = s.due_after(DueColumn::Deadline, 200, after, 2).unwrap();
        let Some(&(id, t)) = page.last() else { break };
        after = Some((t, id));
        seen.extend(page.into_iter().map(|(id, _)| id));
    }
    seen.sort();
    assert_eq!(seen, (1..=7).collect::<Vec<_>>());
}
