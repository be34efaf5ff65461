//! Long games through the console: reminders, losses on time, cancelled
//! games, time banks, pause and resume, restarts, and the exported record.

use std::process::Command;

use crate::console_support;
use console_support::{king_escapes, say, Session};
use tawlbot::store::prelude::*;

const START: &[&str] = &[
    "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
    "bob@g: /accept",
];

fn reminders(out: &str) -> usize {
    out.matches("a reminder: it is your move").count()
}

#[test]
fn reminder_when_a_quarter_is_left_and_only_once() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend(["alice@g: e2-c2", ":clock +17h"]);
    let out = s.run(&script);
    assert_eq!(reminders(&out), 0, "{out}");
    let out = s.run(&[":clock +1h"]);
    assert_eq!(reminders(&out), 1, "{out}");
    assert!(
        out.contains(
            "g> @bob, a reminder: it is your move in game 1, and you have 6 hours left on your clock."
        ),
        "{out}"
    );
    let out = s.run(&[":clock +5h"]);
    assert_eq!(reminders(&out), 0, "{out}");
}

#[test]
fn never_two_reminders_in_a_day() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:12h",
        "bob@g: /accept",
        "alice@g: e2-c2",
        ":clock +9h",
        "bob@g: g7-g9",
        ":clock +10h",
    ]);
    // Bob was reminded after 9 of his 12 hours; Alice's turn would remind
    // her 9 hours later, but the game already sent one today.
    assert_eq!(reminders(&out), 1, "{out}");
    assert!(out.contains("@bob, a reminder"), "{out}");
}

#[test]
fn loss_on_time_and_cancellation() {
    let s = Session::new();
    let out = s.run(&[
        "alice@a: /challenge opponent:@bob variant:tallfwrdd side:attackers time:1d",
        "bob@a: /accept",
        "alice@b: /challenge opponent:@bob variant:goedhboell side:attackers time:1d",
        "bob@b: /accept",
        "alice@b: @41-@21",
        ":clock +23h",
        "bob@b: /board",
        ":clock +2h",
        "alice@a: /challenge opponent:@bob variant:tallfwrdd",
    ]);
    assert!(!out.contains("ran out of time.\nb"), "{out}");
    assert!(
        out.contains("a> Game 1 is cancelled: no move was made before the deadline."),
        "{out}"
    );
    assert!(
        out.contains("b> @bob The princes ran out of time. Assailants win!"),
        "{out}"
    );
    // The channel is free again.
    assert!(out.contains("a> @alice challenges @bob"), "{out}");
}

#[test]
fn time_bank_with_increment_and_cap() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:bank:2d inc:1d cap:3d",
        "bob@g: /accept",
        ":clock +1d",
        // Alice had 2 days, used 1 (+1 s): 1 day left + 1 day increment = 2 days.
        "alice@g: e2-c2",
        ":clock +6h",
        // Bob used 6 hours of his 2 days: 42 h + 24 h = 66 h, under the 3-day cap.
        "bob@g: g7-g9",
        // Alice moves at once: 2 days + 1 day = 3 days, exactly the cap.
        "alice@g: g2-i2",
        "bob@g: /mygames",
        // Bob's bank is 66 h: at 65 h he is still in the game.
        ":clock +65h",
        "bob@g: /board",
    ]);
    assert!(
        out.contains("a bank of 2 days plus 1 day a move (at most 3 days)"),
        "{out}"
    );
    assert!(
        out.contains("@bob to move (defenders), move 1. Time left: 2 days, until"),
        "{out}"
    );
    // Alice's bank after her move: 1 day left (less a second) + 1 day.
    assert!(
        out.contains("@alice to move (attackers), move 2. Time left: 1 day 23 hours, until"),
        "{out}"
    );
    assert!(
        out.contains("@bob to move (defenders), move 2. Time left: 2 days 17 hours, until"),
        "{out}"
    );
    assert!(!out.contains("ran out of time"), "{out}");
    let out = s.run(&[":clock +2h", "alice@g: /board"]);
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

#[test]
fn time_bank_never_grows_past_its_cap() {
    let s = Session::new();
    let o = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:bank:2d inc:2d cap:3d",
        "bob@g: /accept",
        // Alice moves at once: 2 days + 2 days would be 4, the cap keeps 3.
        "alice@g: e2-c2",
        "bob@g: g7-g9",
        ":clock +71h",
        "bob@g: /board",
    ]);
    assert!(o.contains("Time left: 3 days, until"), "{o}");
    assert!(!o.contains("ran out of time"), "{o}");
    let o = s.run(&[":clock +2h"]);
    assert!(
        o.contains("g> @alice The attackers ran out of time. Defenders win!"),
        "{o}"
    );
}

#[test]
fn pause_and_resume_by_agreement() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend([
        "alice@g: e2-c2",
        ":clock +6h",
        "bob@g: /pause",
        "alice@g: /pause",
        ":clock +5d",
        "bob@g: /board",
        "alice@g: /resume",
        "bob@g: /resume",
        ":clock +17h",
        "bob@g: /board",
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("g> @bob offers to pause the clock for 7 days."),
        "{out}"
    );
    assert!(
        out.contains("g> Both players agreed: the clock of game 1 is paused for 7 days, until 2026-01-08 06:00 UTC, when it starts again by itself."),
        "{out}"
    );
    assert!(
        out.contains("The clock is paused until 2026-01-08 06:00 UTC."),
        "{out}"
    );
    // Bob had used 6 hours (and two seconds) of his day when the clock stopped.
    assert!(
        out.contains("g> The clock of game 1 runs again: @bob has 17 hours 59 minutes left."),
        "{out}"
    );
    assert!(!out.contains("ran out of time"), "{out}");
    let out = s.run(&[":clock +2h"]);
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

const PAUSED_MOVE: &str =
    "The clock of this game is paused: no move until it runs again (/resume, or at the end of the agreed pause).";

#[test]
fn no_move_and_no_takeback_while_paused() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend([
        "alice@g: e2-c2",
        "bob@g: /pause days:3",
        "alice@g: /pause answer:accept",
        "bob@g: g7-g9",
        "bob@g: /move move:g7-g9",
        "alice@g: /takeback",
        "bob@g: /history",
    ]);
    let out = s.run(&script);
    assert!(out.contains(&format!("g> @bob {PAUSED_MOVE}")), "{out}");
    assert!(out.contains(&format!("g> (to bob) {PAUSED_MOVE}")), "{out}");
    assert!(
        out.contains(
            "g> (to alice) The clock of this game is paused: no takeback until it runs again."
        ),
        "{out}"
    );
    // Nothing was played.
    assert!(!out.contains("played **g7-g9**"), "{out}");
    assert!(!out.contains("1… defenders"), "{out}");
}

#[test]
fn a_pause_has_an_agreed_length_and_ends_by_itself() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend([
        "alice@g: e2-c2",
        ":clock +6h",
        "bob@g: /pause days:31",
        "bob@g: /pause days:0",
        "bob@g: /pause days:2",
        "alice@g: /pause answer:accept",
        ":clock +47h",
    ]);
    let out = s.run(&script);
    assert_eq!(
        out.matches("(to bob) A pause lasts 1 to 30 days, like /pause days:7.")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("g> @bob offers to pause the clock for 2 days."),
        "{out}"
    );
    assert!(
        out.contains("paused for 2 days, until 2026-01-03 06:00 UTC"),
        "{out}"
    );
    assert!(!out.contains("pause of game 1 is over"), "{out}");
    // Two days after the pause began the clock starts by itself, with a
    // message in the game's channel, and Bob has what he had left.
    let out = s.run(&[":clock +1h", "bob@g: /board"]);
    assert!(
        out.contains("g> The agreed pause of game 1 is over: the clock runs again. @bob has 17 hours 59 minutes left."),
        "{out}"
    );
    assert!(
        out.contains("Time left: 17 hours 59 minutes, until"),
        "{out}"
    );
    let out = s.run(&[":clock +18h"]);
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

#[test]
fn resume_gives_a_bank_back_exactly() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:bank:2d inc:1d cap:3d",
        "bob@g: /accept",
        "alice@g: e2-c2",
        // Bob uses 10 hours of his 2-day bank, then they pause for 5 days.
        ":clock +10h",
        "bob@g: /pause days:10",
        "alice@g: /pause",
        ":clock +5d",
        "alice@g: /resume",
        "bob@g: /resume",
        "bob@g: /board",
    ]);
    assert!(
        out.contains("g> The clock of game 1 runs again: @bob has 1 day 13 hours left."),
        "{out}"
    );
    let out = s.run(&[":clock +37h", "alice@g: /board"]);
    assert!(!out.contains("ran out of time"), "{out}");
    let out = s.run(&[":clock +1h"]);
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

#[test]
fn downtime_extends_every_clock_but_the_console_clock_does_not() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend(["alice@g: e2-c2", ":clock +20h"]);
    s.run(&script);
    // The bot is offline for two days: Bob had 4 hours left and keeps them.
    let out = s.run(&[":down +2d", "bob@g: /board"]);
    assert!(
        out.contains(
            "console> the bot was offline for 2 days: every running clock was extended by that time"
        ),
        "{out}"
    );
    assert!(!out.contains("ran out of time"), "{out}");
    assert!(
        out.contains("Time left: 3 hours 59 minutes, until"),
        "{out}"
    );
    // The console's own clock moving on is time passing, not downtime.
    let out = s.run(&[":clock +3d"]);
    assert!(!out.contains("offline"), "{out}");
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

#[test]
fn a_short_gap_is_not_downtime() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend(["alice@g: e2-c2", ":clock +23h"]);
    s.run(&script);
    let out = s.run(&[":down +4m", ":clock +1h"]);
    assert!(!out.contains("offline"), "{out}");
    assert!(
        out.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{out}"
    );
}

#[test]
fn abort_ends_a_game_with_no_result_for_managers_only() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend([
        "alice@g: e2-c2",
        "carol@g: /abort",
        "alice@g: /abort",
        ":admin carol",
        "carol@g: /abort",
        "bob@g: g7-g9",
        "alice@g: /challenge opponent:@bob variant:tallfwrdd",
    ]);
    let out = s.run(&script);
    assert_eq!(
        out.matches("Only someone with the Manage Server permission can end a game with /abort (members with the organiser role: tournament games).")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("g> Game 1 was ended by @carol with no result."),
        "{out}"
    );
    assert!(!out.contains("played **g7-g9**"), "{out}");
    assert!(out.contains("g> @alice challenges @bob"), "{out}");
}

#[test]
fn a_restart_keeps_deadlines_and_sends_no_reminder_twice() {
    let s = Session::new();
    let mut script = START.to_vec();
    script.extend(["alice@g: e2-c2", ":clock +19h"]);
    let first = s.run(&script);
    assert_eq!(reminders(&first), 1, "{first}");
    // The bot restarts: a new console process on the same database.
    let second = s.run(&[":clock +1h", "bob@g: /board"]);
    assert_eq!(reminders(&second), 0, "{second}");
    assert!(
        second.contains("Time left: 3 hours 59 minutes, until"),
        "{second}"
    );
    let third = s.run(&[":clock +5h"]);
    assert!(
        third.contains("g> @bob The defenders ran out of time. Attackers win!"),
        "{third}"
    );
}

#[test]
fn notify_by_dm_and_daily_digest() {
    let s = Session::new();
    let out = s.run(&[
        "bob@g: /notify how:dm",
        "carol@h: /notify how:digest",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@g: /accept",
        "alice@g: e2-c2",
        "alice@h: /challenge opponent:@carol variant:tallfwrdd side:defenders",
        "carol@h: /accept",
        ":clock +1d",
    ]);
    assert!(
        out.contains(
            "g> (to bob) You will get a direct message when it is your turn (and no mention)."
        ),
        "{out}"
    );
    assert!(
        out.contains("g> @alice played **e2-c2**. bob to move (defenders)"),
        "{out}"
    );
    assert!(
        out.contains("dm:bob> Your move in game 1 (#g): alice played e2-c2."),
        "{out}"
    );
    assert!(
        out.contains("dm:carol> Your daily digest: 1 game is waiting for your move: game 2 in #h"),
        "{out}"
    );
}

/// A look that found no game waiting does not count as the
/// day's digest: once a game waits, the digest comes within the hour.
#[test]
fn an_empty_look_is_not_the_days_digest() {
    let s = Session::new();
    let out = s.run(&[
        "carol@h: /notify how:digest",
        // Dave (the attackers) plays first: nothing waits for Carol yet.
        "carol@h: /challenge opponent:@dave variant:tallfwrdd side:defenders time:1d",
        "dave@h: /accept",
        ":clock +1h",
    ]);
    assert!(!out.contains("dm:carol>"), "{out}");
    let out = s.run(&["dave@h: e2-f2", ":clock +2h"]);
    assert_eq!(
        out.matches("dm:carol> Your daily digest").count(),
        1,
        "{out}"
    );
}

#[test]
fn exported_record_replays_to_the_same_result() {
    let s = Session::new();
    let mut script = vec![
        say(
            "alice",
            "g",
            "/challenge opponent:@bob variant:tawlbwrdd side:defenders",
        ),
        say("bob", "g", "/accept"),
    ];
    script.extend(king_escapes("g", "bob", "alice"));
    script.extend([say("alice", "g", "/history"), say("bob", "g", "/export")]);
    let out = s.run(&script);
    assert!(out.contains("g> 5… defenders f9-a9"), "{out}");
    let txt = out
        .lines()
        .find(|l| l.starts_with("g> [file: ") && l.ends_with(".txt]"))
        .expect("record file")
        .trim_start_matches("g> [file: ")
        .trim_end_matches(']')
        .to_string();
    let gif = out.lines().find(|l| l.ends_with(".gif]")).expect("gif");
    assert!(gif.contains("game-1.gif"));
    let record = std::fs::read_to_string(&txt).unwrap();
    assert!(record.contains("[Variant \"tawlbwrdd\"]"), "{record}");
    assert!(record.contains("[Defenders \"alice\"]"), "{record}");
    assert!(record.contains("[Result \"defenders\"]"), "{record}");
    assert!(record.contains("[Reason \"king_escaped\"]"), "{record}");
    // Numbered by turns, as /history and OTN number them.
    assert!(record.contains("\n5… f9-a9\n"), "{record}");
    let r = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .args(["replay", "--record", &txt])
        .output()
        .unwrap();
    assert!(r.status.success(), "{r:?}");
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["result"], "defenders");
    assert_eq!(v["reason"], "king_escaped");
}

/// What the clock sends (reminders, losses on time, expired challenges)
/// answers no one's input. A line posted in a channel is in the server's
/// language, whoever it addresses; a direct message (a reminder, the
/// digest) is in its reader's own language, or else the server's.
#[test]
fn the_clock_writes_in_the_players_language_or_the_servers() {
    let s = Session::new();
    let out = s.run(&[
        ":admin olga",
        "olga@g: /language choice:cymraeg server:true",
        "alice@g: /language choice:english",
        "alice@g: /notify how:both",
        // Game 1: Bob (no choice of his own) is to move.
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@g: /accept",
        "alice@g: e2-c2",
        // Game 2: Alice (English) is to move.
        "bob@h: /challenge opponent:@alice variant:tawlbwrdd side:attackers time:1d",
        "alice@h: /accept",
        "bob@h: e2-c2",
        // A challenge nobody answers, by Carol (no choice).
        "carol@k: /challenge opponent:@dave variant:tawlbwrdd",
        // Carol takes a daily digest, and has a game waiting for her.
        "carol@m: /notify how:digest",
        "dave@m: /challenge opponent:@carol variant:tawlbwrdd side:attackers time:7d",
        "carol@m: /accept",
        "dave@m: e2-c2",
        ":clock +18h",
    ]);
    let lines = |needle: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(needle))
            .map(String::from)
            .collect()
    };
    // (The console's clock moves a second a line: 5 hours 59 minutes left.)
    let bob = lines("@bob, ");
    assert_eq!(bob.len(), 1, "{out}");
    assert!(
        bob[0].starts_with("g> @bob, i'ch atgoffa: eich tro chi yw hi yng ngêm 1, ac mae 5 awr"),
        "{out}"
    );
    // Alice chose English: her channel reminder is the server's Welsh,
    // her direct message English.
    let alice = lines("@alice, ");
    assert_eq!(alice.len(), 1, "{out}");
    assert!(
        alice[0]
            .starts_with("h> @alice, i'ch atgoffa: eich tro chi yw hi yng ngêm 2, ac mae 5 awr"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("dm:alice> Reminder: your move in game 2 (#h), 5 hours")),
        "{out}"
    );
    let first = out;
    let out = s.run(&[":clock +6h"]);
    for line in [
        "g> @bob Daeth amser yr amddiffynwyr i ben. Yr ymosodwyr sy'n ennill!",
        "h> @alice Daeth amser yr amddiffynwyr i ben. Yr ymosodwyr sy'n ennill!",
        "k> Daeth her 3 i ben (yr heriwr: @carol).",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    // Carol's digest came within the hour her game began to wait (a look
    // that finds nothing does not count as the day's digest), once.
    assert_eq!(
        first
            .lines()
            .filter(|l| l.starts_with(
                "dm:carol> Eich crynodeb dyddiol: mae 1 gêm yn aros i chi symud: gêm 3 yn y sianel #m, 6 diwrnod"
            ))
            .count(),
        1,
        "{first}"
    );
    assert!(!out.contains("dm:carol>"), "{out}");
}

/// Time controls that would be stored as something the reader cannot read
/// back (or reads back as another control) are refused with a sentence
/// saying what is wrong, in English and in Welsh, and nothing is stored:
/// the channel's `/accept` and the expiry loop never meet them.
#[test]
fn bank_of_zero_is_refused_with_a_sentence() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "bank:0",
            "A clock of no time at all (\"bank:0\") would be lost before the first move",
            "Gyda chloc heb ddim amser o gwbl (\"bank:0\")",
        ),
        (
            "bank:0m inc:1d",
            "A clock of no time at all",
            "Gyda chloc heb ddim amser o gwbl",
        ),
        ("0d", "A clock of no time at all", "Gyda chloc heb ddim amser"),
        (
            "bank:7d inc:-1d",
            "A time cannot be negative (\"bank:7d inc:-1d\")",
            "All amser ddim bod yn llai na dim",
        ),
        ("-3d", "A time cannot be negative", "All amser ddim bod yn llai na dim"),
        (
            "bank:7d inc:1d cap:3d",
            "In \"bank:7d inc:1d cap:3d\" the cap is below the bank: the cap is the most a bank may grow to, so make it at least 7 days or leave it out.",
            "rhowch o leiaf 7 diwrnod, neu adewch yr uchafswm allan.",
        ),
        (
            "bank:7d cap:0",
            "A clock of no time at all",
            "Gyda chloc heb ddim amser",
        ),
        (
            "61d",
            "\"61d\" is longer than a clock can run: at most 60 days",
            "yn rhy hir i gloc",
        ),
        (
            "99999999999999999999d",
            "is longer than a clock can run",
            "yn rhy hir i gloc",
        ),
        (
            "bank:7d inc:1d cap:900d",
            "is longer than a clock can run",
            "yn rhy hir i gloc",
        ),
    ];
    for (lang, welsh) in [("english", false), ("cymraeg", true)] {
        let s = Session::new();
        s.run(&[format!("alice@g: /language choice:{lang}")]);
        for (time, en, cy) in cases {
            let out = s.run(&[format!(
                "alice@g: /challenge opponent:@bob variant:tawlbwrdd time:{time}"
            )]);
            let want = if welsh { cy } else { en };
            assert!(out.contains(want), "{lang} {time}: {out}");
            assert!(!out.contains("challenges @bob"), "{time}: {out}");
        }
        let out = s.run(&[
            "bob@g: /accept",
            ":clock +30d",
            "alice@g: /challenge opponent:@bob variant:tawlbwrdd time:bank:7d inc:0",
        ]);
        assert!(!out.contains("cannot be read"), "{out}");
        let store = tawlbot::store::SqliteStore::open(&s.db).unwrap();
        let open = store.open_challenges_in_channel(&"g".into()).unwrap();
        assert_eq!(open.len(), 1, "only the last, good challenge: {open:?}");
        // It reads back as what was typed.
        assert_eq!(open[0].time_control.to_string(), "bank:7d inc:0 cap:7d");
    }
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    reminder_when_a_quarter_is_left_and_only_once,
    never_two_reminders_in_a_day,
    loss_on_time_and_cancellation,
    time_bank_with_increment_and_cap,
    time_bank_never_grows_past_its_cap,
    pause_and_resume_by_agreement,
    no_move_and_no_takeback_while_paused,
    a_pause_has_an_agreed_length_and_ends_by_itself,
    resume_gives_a_bank_back_exactly,
    downtime_extends_every_clock_but_the_console_clock_does_not,
    a_short_gap_is_not_downtime,
    abort_ends_a_game_with_no_result_for_managers_only,
    a_restart_keeps_deadlines_and_sends_no_reminder_twice,
    notify_by_dm_and_daily_digest,
    an_empty_look_is_not_the_days_digest,
    exported_record_replays_to_the_same_result,
    the_clock_writes_in_the_players_language_or_the_servers,
);
