//! Notifications, through the console: a player who chose
//! `/notify how:dm` is named, never mentioned, in the channel, and gets a
//! direct message for the first move, offers, resignations and game ends;
//! a resignation names both players (English and Welsh); time-bank games
//! show both clocks.

use crate::console_support;
use console_support::Session;

fn has(out: &str, line: &str) {
    assert!(out.lines().any(|l| l == line), "no {line:?} in:\n{out}");
}

fn starts(out: &str, prefix: &str) {
    assert!(
        out.lines().any(|l| l.starts_with(prefix)),
        "no line starting {prefix:?} in:\n{out}"
    );
}

#[test]
fn a_dm_player_is_not_mentioned_and_gets_dms_for_offers_ends_and_the_first_move() {
    let s = Session::new();
    let out = s.run(&[
        "bob@g: /notify how:dm",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: e2-c2",
        "alice@g: /draw",
        "bob@g: /draw answer:decline",
        "alice@g: /resign",
    ]);
    // The opening names Bob, to move first, and tells him by DM.
    starts(
        &out,
        "g> Game 1: Tawlbwrdd — bob (attackers) against @alice (defenders).",
    );
    has(
        &out,
        "dm:bob> Your move in game 1 (#g): the game has begun, and the first move is yours.",
    );
    // The draw offer: named in the channel, a DM with how to answer.
    starts(&out, "g> @alice offers a draw. bob: ");
    has(
        &out,
        "dm:bob> alice offers a draw in game 1 (#g): answer there with the buttons, or /draw answer:accept or answer:decline.",
    );
    // The resignation names both players; Bob hears of the end by DM.
    starts(&out, "g> alice (defenders) resigned: bob (attackers) wins.");
    starts(
        &out,
        "dm:bob> Game 1 (#g) is over: The defenders resigned. Attackers win!",
    );
    // Bob is never mentioned in the game's messages (the challenge still
    // names him); Alice (mentions) gets no DM.
    assert!(
        !out.lines()
            .any(|l| l.starts_with("g>") && l.contains("@bob") && !l.contains("challenges @bob")),
        "{out}"
    );
    assert!(!out.contains("dm:alice>"), "{out}");
}

#[test]
fn a_game_lost_on_time_or_by_a_move_is_told_by_dm() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /notify how:both",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:1d",
        "bob@g: /accept",
        "bob@g: e2-c2",
        ":clock +2d",
    ]);
    // Alice ran out of time: mentioned (both) and told by DM.
    starts(
        &out,
        "g> @alice The defenders ran out of time. Attackers win!",
    );
    starts(
        &out,
        "dm:alice> Game 1 (#g) is over: The defenders ran out of time.",
    );
    // Bob chose nothing: no DM.
    assert!(!out.contains("dm:bob>"), "{out}");
}

#[test]
fn a_resignation_names_the_players() {
    for (lang, line) in [
        (
            "english",
            "g> bob (attackers) resigned: @alice (defenders) wins.",
        ),
        (
            "cymraeg",
            "g> Ildiodd bob (ymosodwyr): @alice (amddiffynwyr) sy'n ennill.",
        ),
    ] {
        let s = Session::new();
        let out = s.run(&[
            ":admin olga".to_string(),
            format!("olga@g: /language choice:{lang} server:true"),
            "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders".to_string(),
            "bob@g: /accept".to_string(),
            "bob@g: /resign".to_string(),
        ]);
        has(&out, line);
    }
}

#[test]
fn bank_games_show_both_clocks() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:bank:2d inc:1d cap:3d",
        "bob@g: /accept",
        "bob@g: e2-c2",
    ]);
    // After Bob's move: his bank topped up (capped at 3 days), Alice's running.
    assert!(
        out.lines().any(|l| l.starts_with("g> @bob played **e2-c2**.")
            && l.contains("Time left: 2 days, until")
            && l.contains("Clocks: bob (attackers) 2 days 23 hours, alice (defenders) 2 days; the defenders' clock is running.")),
        "{out}"
    );
}

on_postgres!(
    a_dm_player_is_not_mentioned_and_gets_dms_for_offers_ends_and_the_first_move,
    a_resignation_names_the_players,
);
