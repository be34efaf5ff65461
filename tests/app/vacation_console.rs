//! Vacations through the console (docs/clocks.md "Vacation"):
//! a vacation over a loss on time that would have happened without it,
//! the allowance refused, a tournament created with `vacation:false`,
//! extending and ending early, games against the bot untouched; in
//! English and in Welsh, on both stores.

use crate::console_support;
use console_support::{tournament_signup, Session};

/// Bob's game in `g` (1 day a move), his turn after alice's first move;
/// carol's game in `h` against dave the same, as the control.
const TWO_GAMES: &[&str] = &[
    "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
    "bob@g: /accept",
    "alice@g: e2-c2",
    "carol@h: /challenge opponent:@dave variant:tawlbwrdd side:attackers time:1d",
    "dave@h: /accept",
    "carol@h: e2-c2",
];

fn lost(out: &str, channel: &str, player: &str) -> bool {
    out.contains(&format!(
        "{channel}> @{player} The defenders ran out of time"
    )) || out.contains(&format!(
        "{channel}> @{player} The attackers ran out of time"
    ))
}

#[test]
fn a_vacation_saves_a_game_that_would_be_lost_on_time() {
    let s = Session::new();
    let mut script = TWO_GAMES.to_vec();
    script.extend(["bob@g: /vacation days:5", ":clock +25h"]);
    let out = s.run(&script);
    // The control: dave, with no vacation, lost on time.
    assert!(lost(&out, "h", "dave"), "{out}");
    // Bob's clock stopped; his channel was told, once, and he was told
    // what stopped.
    assert!(out.contains("g> @bob is on vacation until "), "{out}");
    assert!(out.contains(": their clock is stopped."), "{out}");
    assert_eq!(out.matches("is on vacation until").count(), 1, "{out}");
    assert!(
        out.contains("g> (to bob) You are on vacation until "),
        "{out}"
    );
    assert!(out.contains("your clock stops in 1 game (whenever it is your turn). You have 25 vacation days left."), "{out}");
    assert!(!lost(&out, "g", "bob"), "{out}");
    // The status says so; alice can still move in her own games, and
    // /mygames shows who is away.
    let out = s.run(&["alice@g: /board", "alice@g: /mygames", ":clock +3d"]);
    assert!(out.contains("bob is on vacation until "), "{out}");
    assert!(out.contains("(bob on vacation until "), "{out}");
    assert!(!lost(&out, "g", "bob"), "{out}");
    // Day 5 plus 25 hours: the vacation is over, bob's per-move clock
    // starts again with its full day, from the end.
    let out = s.run(&[":clock +1d", "bob@g: /board"]);
    assert!(!lost(&out, "g", "bob"), "{out}");
    assert!(
        out.contains("Time left: 1 day") || out.contains("Time left: 23 hours"),
        "{out}"
    );
    let out = s.run(&[":clock +1d"]);
    assert!(lost(&out, "g", "bob"), "{out}");
}

/// A bank clock holds what it held when the vacation began; the
/// vacationer may move during it, the opponent too, and the clock stops
/// again on the vacationer's turn.
#[test]
fn a_bank_holds_its_time_and_the_opponent_still_moves() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:bank:2d",
        "bob@g: /accept",
        "alice@g: e2-c2",
        ":clock +12h",
        "bob@g: g7-g9",
        ":clock +6h",
        // Alice's turn, 1 day 18 hours left on her bank.
        "alice@g: /vacation days:5",
        ":clock +2d",
        "bob@g: /board",
    ]);
    assert!(
        out.contains(
            "g> @alice is on vacation until 2026-01-06 18:00 UTC: their clock is stopped."
        ),
        "{out}"
    );
    assert!(
        out.contains("alice is on vacation until 2026-01-06 18:00 UTC: their clock is stopped."),
        "{out}"
    );
    assert!(!out.contains("ran out of time"), "{out}");
    // She moves while away (her bank: what it held); bob's clock runs
    // and he moves; her clock stops again.
    let out = s.run(&[
        "alice@g: g2-i2",
        ":clock +1d",
        "bob@g: f7-g7",
        ":clock +1d",
        "bob@g: /board",
    ]);
    assert!(
        out.contains("@bob to move (defenders), move 2. Time left: 1 day 11 hours"),
        "{out}"
    );
    assert!(!out.contains("ran out of time"), "{out}");
    assert!(
        out.contains("alice is on vacation until 2026-01-06 18:00 UTC"),
        "{out}"
    );
    // The vacation ends on Jan 6 at 18:00: alice has the 1 day 18 hours
    // her bank held.
    let out = s.run(&[":clock +1d", "alice@g: /board"]);
    assert!(
        out.contains("until 2026-01-08 12:00 UTC") || out.contains("until 2026-01-08 11:59 UTC"),
        "{out}"
    );
    let out = s.run(&[":clock +41h"]);
    assert!(!out.contains("ran out of time"), "{out}");
    let out = s.run(&[":clock +2h"]);
    assert!(
        out.contains("g> @alice The attackers ran out of time"),
        "{out}"
    );
}

#[test]
fn the_allowance_is_thirty_days_in_any_year() {
    let s = Session::new();
    let out = s.run(&[
        "bob@g: /vacation days:20",
        ":clock +21d",
        "bob@g: /vacation days:15",
        "bob@g: /vacation days:31",
        "bob@g: /vacation days:10",
        "bob@g: /vacation days:1",
    ]);
    assert!(out.contains("You have 10 vacation days left."), "{out}");
    assert!(
        out.contains("g> (to bob) You have 10 vacation days left until "),
        "{out}"
    );
    assert!(
        out.contains("g> (to bob) Say how many days: /vacation days:N, from 1 to 30"),
        "{out}"
    );
    assert!(out.contains("You have 0 vacation days left."), "{out}");
    assert!(
        out.contains("g> (to bob) You have 0 vacation days left until "),
        "{out}"
    );
    // A year after each vacation day began it comes back: on day 386
    // the first vacation counts no more, the second's first day neither.
    let mut later = vec![":clock +30d"; 12];
    later.extend([
        ":clock +5d",
        "bob@g: /vacation days:22",
        "bob@g: /vacation days:21",
    ]);
    let out = s.run(&later);
    assert!(
        out.contains("g> (to bob) You have 21 vacation days left until 2027-01-23 00:00 UTC"),
        "{out}"
    );
    assert!(out.contains("You have 0 vacation days left."), "{out}");
}

#[test]
fn extend_then_end_early_gives_the_days_back() {
    let s = Session::new();
    let mut script = TWO_GAMES.to_vec();
    script.extend([
        "bob@g: /vacation days:3",
        "bob@g: /vacation days:2",
        ":clock +1d",
        "bob@g: /vacation end",
        "bob@g: /vacation end",
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("(to bob) Your vacation is extended until "),
        "{out}"
    );
    assert!(out.contains("You have 25 vacation days left."), "{out}");
    // One day begun (a second past it: two), the rest back.
    assert!(
        out.contains("(to bob) Your vacation is over and your clocks run again: ")
            && out.contains("days given back."),
        "{out}"
    );
    assert!(out.contains("(to bob) You are not on vacation."), "{out}");
    // Bob's clock runs again, his full day.
    let out = s.run(&[":clock +23h"]);
    assert!(!lost(&out, "g", "bob"), "{out}");
    let out = s.run(&[":clock +2h", "bob@g: /vacation days:28"]);
    assert!(lost(&out, "g", "bob"), "{out}");
    assert!(out.contains("You are on vacation until "), "{out}");
}

#[test]
fn games_against_the_bot_are_not_stopped() {
    let s = Session::new();
    let out = s.run(&[
        "alice@b: /challenge opponent:@tawlbot variant:tawlbwrdd side:defenders time:1d",
        ":clock +1m",
        "alice@b: /vacation days:5",
        ":clock +25h",
    ]);
    assert!(out.contains("your clock stops in 0 games"), "{out}");
    assert!(!out.contains("b> @alice is on vacation"), "{out}");
    assert!(out.contains("ran out of time"), "{out}");
}

#[test]
fn a_vacation_false_tournament_keeps_its_clocks_running() {
    let s = Session::new();
    let mut script = tournament_signup(
        "general",
        "name:Gaeaf variant:tawlbwrdd format:round-robin match:single time:1d vacation:false",
        &["carol", "dave"],
    );
    script.push("olga@general: /tournament start".into());
    let out = s.run(&script);
    assert!(out.contains("its clocks run through vacations"), "{out}");
    let out = s.run(&["carol@g: /vacation days:5", "dave@g: /vacation days:5"]);
    assert!(
        out.contains(
            "This game's clock does not stop: its tournament was created with vacation:false."
        ),
        "{out}"
    );
    assert!(out.contains("(tournament **Gaeaf**)"), "{out}");
    assert!(!out.contains("is on vacation until"), "{out}");
    let out = s.run(&[":clock +25h"]);
    assert!(out.contains("ran out of time"), "{out}");
}

#[test]
fn a_vacation_in_welsh() {
    let s = Session::new();
    let mut script = vec![
        "alice@g: /language choice:cymraeg",
        "bob@g: /language choice:cymraeg",
    ];
    script.extend(TWO_GAMES);
    script.extend([
        "bob@g: /vacation days:5",
        ":clock +25h",
        "bob@g: /vacation days:30",
        "bob@g: /board",
        "bob@g: /vacation end",
    ]);
    let out = s.run(&script);
    assert!(out.contains("g> Mae @bob ar wyliau tan "), "{out}");
    assert!(
        out.contains("felly mae cloc y chwaraewr wedi stopio."),
        "{out}"
    );
    assert!(out.contains("(to bob) Rydych chi ar wyliau tan "), "{out}");
    assert!(
        out.contains("Mae gennych 25 diwrnod o wyliau ar ôl."),
        "{out}"
    );
    assert!(
        out.contains("(to bob) Mae gennych 25 diwrnod o wyliau ar ôl tan "),
        "{out}"
    );
    assert!(out.contains("Mae bob ar wyliau tan "), "{out}");
    assert!(out.contains("(to bob) Mae'ch gwyliau ar ben ac mae'ch clociau'n rhedeg eto: 2 ddiwrnod wedi'u cyfrif, 3 diwrnod wedi'u rhoi'n ôl i chi."), "{out}");
    assert!(!out.contains("g> @bob Mae'r amddiffynwyr"), "{out}");
}

#[test]
fn a_vacation_false_tournament_in_welsh() {
    let s = Session::new();
    let mut script: Vec<String> = ["olga", "carol", "dave"]
        .iter()
        .map(|p| format!("{p}@general: /language choice:cymraeg"))
        .collect();
    script.extend(tournament_signup(
        "general",
        "name:Gaeaf variant:tawlbwrdd format:round-robin match:single time:1d vacation:false",
        &["carol", "dave"],
    ));
    script.push("olga@general: /tournament start".into());
    script.push("carol@g: /vacation days:3".into());
    script.push("carol@g: /vacation days:2".into());
    let out = s.run(&script);
    assert!(out.contains("mae ei glociau'n rhedeg drwy wyliau"), "{out}");
    assert!(
        out.contains("Dydy cloc y gêm hon ddim yn stopio: cafodd ei thwrnamaint ei greu gyda vacation:false."),
        "{out}"
    );
    assert!(out.contains("(y twrnamaint **Gaeaf**)"), "{out}");
    assert!(
        out.contains("(to carol) Mae'ch gwyliau'n para'n hirach, tan "),
        "{out}"
    );
    // No channel is told: no game stops.
    assert!(!out.contains("Mae @carol ar wyliau tan"), "{out}");
}

/// A game paused by agreement is not touched (its channel is not told);
/// when its pause ends during the vacation the clock stops again. A game
/// that starts during a vacation starts with the vacationer's clock
/// stopped.
#[test]
fn paused_and_new_games_during_a_vacation() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@g: /accept",
        "alice@g: e2-c2",
        "alice@g: /pause days:2",
        "bob@g: /pause answer:accept",
        "bob@g: /vacation days:5",
    ]);
    assert!(out.contains("your clock stops in 0 games"), "{out}");
    assert!(!out.contains("is on vacation until"), "{out}");
    let out = s.run(&[":clock +2d", ":clock +2d", "alice@g: /board"]);
    assert!(out.contains("The agreed pause of game 1 is over"), "{out}");
    assert!(!out.contains("ran out of time"), "{out}");
    assert!(out.contains("bob is on vacation until"), "{out}");
    // Bob moves first in a new game: his clock starts stopped.
    let out = s.run(&[
        "alice@k: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:1d",
        "bob@k: /accept",
        ":clock +25h",
    ]);
    assert!(out.contains("bob is on vacation until"), "{out}");
    assert!(!out.contains("cancelled"), "{out}");
    assert!(!out.contains("ran out of time"), "{out}");
}

/// A move that raced with the start of a vacation left the vacationer's
/// clock running (the vacation written without stopping it, as if the
/// move had read the player's choices before it committed): at the
/// deadline the scheduler stops the clock instead of ending the game.
#[test]
fn a_deadline_never_ends_a_game_for_a_player_on_vacation() {
    use console_support::direct::{app, ctx, slash, text};
    use tawlbot::app::Input;
    let (_db, app) = app();
    let t = 1_800_000_000;
    let c = |u: &str, now: i64| ctx("srv", "g", u, now);
    slash(
        &app,
        &c("alice", t),
        "challenge",
        &[
            ("opponent", "bob"),
            ("variant", "tawlbwrdd"),
            ("side", "attackers"),
            ("time", "1d"),
        ],
    );
    slash(&app, &c("bob", t), "accept", &[]);
    let r = app.handle(
        &c("alice", t + 1),
        Input::Message {
            text: "e2-c2".into(),
            addressed: false,
        },
    );
    assert!(text(&r).contains("<@bob> to move"), "{}", text(&r));
    // Bob's vacation, stopping nothing.
    app.store()
        .start_vacation(
            &tawlbot::store::VacationPlan {
                player: "bob".into(),
                extend: None,
                started_at: t + 2,
                ends_at: t + 2 + 5 * 86_400,
                days: 5,
                seen: vec![],
                seen_since: 0,
            },
            &[],
            &[],
            t + 2,
        )
        .unwrap();
    let game = app
        .store()
        .active_game_in_channel(&"g".into())
        .unwrap()
        .unwrap();
    assert!(game.deadline.is_some());
    let out = text(&app.tick(t + 2 * 86_400));
    assert!(!out.contains("ran out of time"), "{out}");
    let game = app.store().get_game(game.id).unwrap().unwrap();
    assert_eq!(game.deadline, None);
    assert_eq!(game.vacation_left, Some(86_400));
    // After the vacation, his full day.
    let out = text(&app.tick(t + 6 * 86_400));
    assert!(!out.contains("ran out of time"), "{out}");
    let game = app.store().get_game(game.id).unwrap().unwrap();
    assert_eq!(game.deadline, Some(t + 7 * 86_400));
}

on_postgres!(
    a_vacation_saves_a_game_that_would_be_lost_on_time,
    a_bank_holds_its_time_and_the_opponent_still_moves,
    the_allowance_is_thirty_days_in_any_year,
    extend_then_end_early_gives_the_days_back,
    games_against_the_bot_are_not_stopped,
    a_vacation_false_tournament_keeps_its_clocks_running,
    a_vacation_in_welsh,
    paused_and_new_games_during_a_vacation,
    a_deadline_never_ends_a_game_for_a_player_on_vacation,
    a_vacation_false_tournament_in_welsh,
);
