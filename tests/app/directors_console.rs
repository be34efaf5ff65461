//! Round reports and the organiser's tools through the console,
//! in English and in Welsh: a round report before the next pairings and
//! the last one with its tie-break, a result set and corrected by the
//! organiser (a running game ended, unrated), a pair kept apart over three
//! Swiss rounds, the winner's role, and `/challenges` with its buttons.

use crate::console_support;
use console_support::direct::{ctx, slash, text};
use console_support::{say, Session};
use tawlbot::app::{Effect, Input};

/// English or Welsh words of one line.
fn words(cy: bool, en: &'static str, welsh: &'static str) -> &'static str {
    if cy {
        welsh
    } else {
        en
    }
}

/// The start of a script: olga (an administrator) sets the server's
/// language, creates the tournament with `options` in `channel`, and
/// `players` join.
fn signup(cy: bool, channel: &str, options: &str, players: &[&str]) -> Vec<String> {
    let lang = if cy { "cymraeg" } else { "english" };
    let mut script = vec![
        ":admin olga".to_string(),
        say(
            "olga",
            channel,
            &format!("/language choice:{lang} server:true"),
        ),
        say("olga", channel, &format!("/tournament create {options}")),
    ];
    script.extend(players.iter().map(|p| say(p, channel, "/tournament join")));
    script
}

/// The first side wins: it moves, the other side resigns.
fn first_wins(thread: &str, first: &str, second: &str) -> Vec<String> {
    vec![say(first, thread, "e2-c2"), say(second, thread, "/resign")]
}

/// The second side wins: the first side moves, the second replies, the
/// first resigns.
fn second_wins(thread: &str, first: &str, second: &str) -> Vec<String> {
    vec![
        say(first, thread, "e2-c2"),
        say(second, thread, "g7-g9"),
        say(first, thread, "/resign"),
    ]
}

/// A drawn game, agreed at once.
fn drawn(thread: &str, first: &str, second: &str) -> Vec<String> {
    vec![
        say(first, thread, "/draw"),
        say(second, thread, "/draw answer:accept"),
    ]
}

/// The boards announced for round `round` in `out`, as the console prints
/// their threads: `(first, second, thread)` from lines "Round R, board B:
/// @first v @second in #thread." (or their Welsh).
fn boards(out: &str, round: u32) -> Vec<(String, String, String)> {
    let heads = [
        format!("Round {round}, board "),
        format!("Rownd {round}, bwrdd "),
    ];
    let mut found = Vec::new();
    for l in out.lines() {
        let Some((_, body)) = l.split_once("> ") else {
            continue;
        };
        if !heads.iter().any(|h| body.starts_with(h.as_str())) {
            continue;
        }
        let Some(i) = body.find(": @") else { continue };
        let rest = &body[i + 3..];
        let sep = if rest.contains(" v @") {
            " v @"
        } else {
            " yn erbyn @"
        };
        let Some((first, rest)) = rest.split_once(sep) else {
            continue;
        };
        let Some((second, rest)) = rest.split_once(' ') else {
            continue;
        };
        let Some(thread) = rest.split('#').nth(1) else {
            continue;
        };
        let thread = thread.trim_end_matches('.').to_string();
        found.push((first.to_string(), second.to_string(), thread));
    }
    found
}

fn position(out: &str, what: &str) -> usize {
    out.find(what)
        .unwrap_or_else(|| panic!("{what:?} not found in\n{out}"))
}

/// A round robin of four, single games: alice and carol finish on 2 points,
/// alice ahead on Sonneborn-Berger (2½ to 2). Each round's report comes
/// before the next round's pairings, with every board's result and a link
/// to its game; the last names the winner and how the tie was broken.
fn round_report_with_a_tie_break(cy: bool) {
    let s = Session::new();
    let g = "general";
    let t = |r: u32, a: &str, b: &str| format!("general/cup-r{r}-{a}-{b}");
    let mut script = signup(
        cy,
        g,
        "name:Cup variant:tawlbwrdd format:round-robin match:single",
        &["alice", "bob", "carol", "dave"],
    );
    script.push(say("olga", g, "/tournament start"));
    // Round 1: alice beats dave, carol beats bob.
    script.extend(first_wins(&t(1, "alice", "dave"), "alice", "dave"));
    script.extend(second_wins(&t(1, "bob", "carol"), "bob", "carol"));
    // Round 2: carol beats dave, bob beats alice.
    script.extend(second_wins(&t(2, "dave", "carol"), "dave", "carol"));
    script.extend(second_wins(&t(2, "alice", "bob"), "alice", "bob"));
    // Round 3: bob and dave draw, alice beats carol.
    script.extend(drawn(&t(3, "bob", "dave"), "bob", "dave"));
    script.extend(second_wins(&t(3, "carol", "alice"), "carol", "alice"));
    let out = s.run(&script);

    let head1 = words(
        cy,
        "general> **Cup**: round 1 of 3 is over.",
        "general> **Cup**: mae rownd 1 o 3 ar ben.",
    );
    let report1 = format!(
        "{head1}\ngeneral> {} 1: alice 1–0 dave (#general/cup-r1-alice-dave)\ngeneral> {} 2: bob 0–1 carol (#general/cup-r1-bob-carol)\ngeneral> {}",
        words(cy, "Board", "Bwrdd"),
        words(cy, "Board", "Bwrdd"),
        words(cy, "Standings after round 1 of 3:", "Y tabl ar ôl rownd 1 o 3:"),
    );
    assert!(out.contains(&report1), "{report1}\n{out}");
    // One report a round, before the next pairings.
    let pairings2 = words(
        cy,
        "general> **Cup**, round 2 of 3:",
        "general> **Cup**, rownd 2 o 3:",
    );
    assert!(position(&out, head1) < position(&out, pairings2), "{out}");
    assert_eq!(out.matches(head1).count(), 1, "{out}");
    let head2 = words(
        cy,
        "general> **Cup**: round 2 of 3 is over.",
        "general> **Cup**: mae rownd 2 o 3 ar ben.",
    );
    let pairings3 = words(
        cy,
        "general> **Cup**, round 3 of 3:",
        "general> **Cup**, rownd 3 o 3:",
    );
    assert!(position(&out, head2) < position(&out, pairings3), "{out}");
    // The standings picture of each report.
    assert!(out.contains("tournament-1-round-1.png"), "{out}");
    assert!(out.contains("tournament-1-round-3.png"), "{out}");

    // The last report: the boards, the final table, the winner and the tie.
    let last = format!(
        "{}\ngeneral> {} 1: bob ½–½ dave (#general/cup-r3-bob-dave)\ngeneral> {} 2: carol 0–1 alice (#general/cup-r3-carol-alice)\ngeneral> {}",
        words(
            cy,
            "general> **Cup**: round 3 of 3 is over.",
            "general> **Cup**: mae rownd 3 o 3 ar ben."
        ),
        words(cy, "Board", "Bwrdd"),
        words(cy, "Board", "Bwrdd"),
        words(cy, "Final standings:", "Y tabl terfynol:"),
    );
    assert!(out.contains(&last), "{last}\n{out}");
    let winner = words(
        cy,
        "general> **Cup** is over. The winner is @alice with 2 points! Congratulations. carol also has 2 points; alice is ahead on Sonneborn-Berger, 2½ to 2.",
        "general> Mae **Cup** ar ben. Yr enillydd yw @alice gyda 2 bwynt! Llongyfarchiadau. Mae carol hefyd ar 2 bwynt; alice sydd ar y blaen o ran Sonneborn-Berger (2½ – 2).",
    );
    assert!(out.contains(winner), "{winner}\n{out}");
    assert!(
        out.contains("general> 1 alice") || out.contains("general> 1  alice"),
        "{out}"
    );
}

#[test]
fn round_report_with_a_tie_break_in_english() {
    round_report_with_a_tie_break(false);
}

#[test]
fn round_report_with_a_tie_break_in_welsh() {
    round_report_with_a_tie_break(true);
}

/// The organiser decides a match whose game is running (it ends with no
/// result and unrated), then corrects a result played on the board: both
/// are announced with who did it, and the standings follow.
fn a_result_set_and_corrected(cy: bool) {
    let s = Session::new();
    let g = "hall";
    let mut script = signup(
        cy,
        g,
        "name:Open variant:tawlbwrdd format:swiss rounds:2 match:single",
        &["alice", "bob", "carol", "dave"],
    );
    script.push(say("olga", g, "/tournament start"));
    let out = s.run(&script);
    let r1 = boards(&out, 1);
    assert_eq!(r1.len(), 2, "{out}");
    let (a1, b1, t1) = r1[0].clone();
    let (a2, b2, t2) = r1[1].clone();

    // Board 1 is running (one move) when the organiser decides it for
    // its second player; board 2 is won on the board by its first player.
    let mut script = vec![say(&a1, &t1, "e2-c2")];
    script.push(say(
        &a1,
        g,
        "/tournament result round:1 board:1 winner:@bob",
    ));
    script.push(say(
        "olga",
        g,
        &format!("/tournament result round:1 board:1 winner:@{b1}"),
    ));
    script.push(say(&b1, &t1, "g7-g9"));
    script.extend(first_wins(&t2, &a2, &b2));
    // Corrected: board 2 was drawn after all.
    script.push(say(
        "olga",
        g,
        "/tournament result round:1 board:2 winner:draw",
    ));
    script.push(say("olga", g, "/tournament standings"));
    let out = s.run(&script);
    let refused = words(
        cy,
        "(to {a1}) Only the organiser, members with Manage Server or members with the organiser role can set a result.",
        "(to {a1}) Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all osod canlyniad.",
    )
    .replace("{a1}", &a1);
    assert!(out.contains(&refused), "{refused}\n{out}");
    let set = words(
        cy,
        "hall> @olga set the result of round 1, board 1 of **Open**: @{b1} wins the match.",
        "hall> Mae @olga wedi gosod canlyniad rownd 1, bwrdd 1 yn y twrnamaint **Open**: @{b1} sy'n ennill yr ornest.",
    )
    .replace("{b1}", &b1);
    assert!(out.contains(&set), "{set}\n{out}");
    // The game is over, without a result: decided.
    let game = s.latest_game(&t1);
    let ended = words(
        cy,
        "> Game {id} is over: the organiser of **Open** decided the match. It is not rated.",
        "> Mae gêm {id} ar ben: pennodd trefnydd y twrnamaint **Open** ganlyniad yr ornest. Dydy'r gêm ddim wedi'i graddio.",
    )
    .replace("{id}", &game.row.id.to_string());
    assert!(out.contains(&format!("{t1}{ended}")), "{ended}\n{out}");
    assert_eq!(game.row.state, tawlbot::store::GameState::Aborted);
    assert_eq!(game.row.reason, Some(tawlbot::store::EndReason::Decided));
    // The report says who decided.
    let decided = words(
        cy,
        ", decided by the organiser",
        ", wedi'i benderfynu gan y trefnydd",
    );
    let line = format!(
        "hall> {} 1: {a1} 0–1 {b1} (#{t1}){decided}",
        words(cy, "Board", "Bwrdd")
    );
    assert!(out.contains(&line), "{line}\n{out}");
    let corrected = words(
        cy,
        "hall> @olga corrected the result of round 1, board 2 of **Open** (it was 1–0): The match is drawn.",
        "hall> Mae @olga wedi cywiro canlyniad rownd 1, bwrdd 2 yn y twrnamaint **Open** (cyn hyn: 1–0): Mae'r ornest yn gyfartal.",
    );
    assert!(out.contains(corrected), "{corrected}\n{out}");
    // The standings: b1 1 point, a2 and b2 ½ each, a1 nothing.
    let table: Vec<String> = out
        .lines()
        .rev()
        .skip_while(|l| !l.ends_with("> ```"))
        .skip(1)
        .take_while(|l| !l.ends_with("> ```"))
        .map(|l| {
            l.split_once("> ")
                .unwrap()
                .1
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert!(table.contains(&format!("1 {b1} 1")), "{table:?}\n{out}");
    assert!(
        table.iter().any(|r| r.ends_with(&format!("{a2} ½"))),
        "{table:?}"
    );
    assert!(
        table.iter().any(|r| r.ends_with(&format!("{b2} ½"))),
        "{table:?}"
    );
    assert!(table.contains(&format!("4 {a1} 0")), "{table:?}");
    // The decided game is not rated: no rating for its players.
    let out = s.run(&[say(&a1, g, "/leaderboard")]);
    assert!(!out.contains(&format!(" {a1} ")), "{out}");
}

#[test]
fn a_result_set_and_corrected_in_english() {
    a_result_set_and_corrected(false);
}

#[test]
fn a_result_set_and_corrected_in_welsh() {
    a_result_set_and_corrected(true);
}

/// alice and carol (1 v 3 in round 1 by the book) are kept apart over three
/// Swiss rounds of four players, even when that takes a rematch; `remove`
/// undoes it.
fn a_forbidden_pair_kept_apart(cy: bool) {
    let s = Session::new();
    let g = "club";
    let mut script = signup(
        cy,
        g,
        "name:Kin variant:tawlbwrdd format:swiss rounds:3 match:single",
        &["alice", "bob", "carol", "dave"],
    );
    script.push(say(
        "bob",
        g,
        "/tournament forbid player:@alice other:@carol",
    ));
    script.push(say(
        "olga",
        g,
        "/tournament forbid player:@alice other:@carol",
    ));
    script.push(say(
        "olga",
        g,
        "/tournament forbid player:@carol other:@alice",
    ));
    script.push(say("olga", g, "/tournament forbid player:@bob other:@dave"));
    script.push(say(
        "olga",
        g,
        "/tournament forbid player:@dave other:@bob remove:true",
    ));
    script.push(say("olga", g, "/tournament start"));
    let mut out = s.run(&script);
    let set = words(
        cy,
        "club> (to olga) @alice and @carol are not paired together in **Kin** while any other pairing is possible.",
        "club> (to olga) Fydd @alice a'r chwaraewr @carol ddim yn cael eu paru yn y twrnamaint **Kin** tra bo unrhyw baru arall yn bosibl.",
    );
    assert!(out.contains(set), "{set}\n{out}");
    let already = words(
        cy,
        "club> (to olga) @carol and @alice are already kept apart in **Kin**.",
        "club> (to olga) Mae @carol a'r chwaraewr @alice eisoes yn cael eu cadw ar wahân yn y twrnamaint **Kin**.",
    );
    assert!(out.contains(already), "{already}\n{out}");
    let removed = words(
        cy,
        "club> (to olga) @dave and @bob may be paired together again in **Kin**.",
        "club> (to olga) Gall @dave a'r chwaraewr @bob gael eu paru eto yn y twrnamaint **Kin**.",
    );
    assert!(out.contains(removed), "{removed}\n{out}");
    assert!(
        out.contains(words(
            cy,
            "club> (to bob) Only the organiser, members with Manage Server or members with the organiser role can keep players apart.",
            "club> (to bob) Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all gadw chwaraewyr ar wahân.",
        )),
        "{out}"
    );
    let mut met = Vec::new();
    for round in 1..=3 {
        let pairs = boards(&out, round);
        assert_eq!(pairs.len(), 2, "round {round}\n{out}");
        for (a, b, _) in &pairs {
            let pair = [a.as_str(), b.as_str()];
            assert!(
                !(pair.contains(&"alice") && pair.contains(&"carol")),
                "round {round}: {pairs:?}\n{out}"
            );
            met.push((a.clone(), b.clone()));
        }
        if round == 3 {
            break;
        }
        // Every first side wins.
        let mut script = Vec::new();
        for (a, b, t) in &pairs {
            script.extend(first_wins(t, a, b));
        }
        out = s.run(&script);
    }
    // Round 1 is not the book's 1 v 3, 2 v 4.
    assert!(
        !met[..2].iter().any(|(a, b)| a == "bob" && b == "dave"),
        "{met:?}"
    );
}

#[test]
fn a_forbidden_pair_kept_apart_in_english() {
    a_forbidden_pair_kept_apart(false);
}

#[test]
fn a_forbidden_pair_kept_apart_in_welsh() {
    a_forbidden_pair_kept_apart(true);
}

/// `winner_role:`: the winner gets the role at the end, recorded by the
/// console as a line; when Discord refuses it the organiser is told what
/// to change, and the tournament still ends.
fn the_winners_role(cy: bool) {
    let s = Session::new();
    let g = "arena";
    // olga owns the server: she may give any role by hand.
    let mut script = vec![":owner olga".to_string()];
    script.extend(signup(
        cy,
        g,
        "name:Duel variant:tawlbwrdd format:round-robin match:single winner_role:@champions",
        &["alice", "bob"],
    ));
    script.push(say("olga", g, "/tournament start"));
    script.extend(first_wins("arena/duel-r1-alice-bob", "alice", "bob"));
    let out = s.run(&script);
    assert!(
        out.contains(words(
            cy,
            "The winner receives the role @champions.",
            "Caiff yr enillydd y rôl @champions."
        )),
        "{out}"
    );
    assert!(
        out.contains("console> [role: @champions given to @alice]"),
        "{out}"
    );
    let given = words(
        cy,
        "arena> @alice receives the role @champions for winning **Duel**.",
        "arena> Mae @alice yn cael y rôl @champions am ennill y twrnamaint **Duel**.",
    );
    assert!(out.contains(given), "{given}\n{out}");
    assert!(
        position(&out, "console> [role: @champions given to @alice]")
            > position(&out, words(cy, "**Duel** is over.", "Mae **Duel** ar ben.")),
        "{out}"
    );

    // Refused: the organiser is told; the tournament is over all the same.
    let mut script = vec![":owner olga".to_string()];
    script.extend(signup(
        cy,
        "den",
        "name:Feud variant:tawlbwrdd format:round-robin match:single winner_role:@champions",
        &["carol", "dave"],
    ));
    script.push(":roles fail".to_string());
    script.push(say("olga", "den", "/tournament start"));
    script.extend(first_wins("den/feud-r1-carol-dave", "carol", "dave"));
    script.push(say("olga", "den", "/tournament list"));
    let out = s.run(&script);
    let refused = words(
        cy,
        "den> @olga Discord refused to give @carol the role @champions for winning **Feud**. I need the Manage Roles permission, and my highest role must be above @champions in the server's list of roles: change that in the server settings, then give the role by hand.",
        "den> @olga Gwrthododd Discord roi'r rôl @champions i'r chwaraewr @carol am ennill y twrnamaint **Feud**. Mae angen y caniatâd Manage Roles arna i, a rhaid i'm rôl uchaf fod uwchben y rôl @champions yn rhestr rolau'r gweinydd: newidiwch hynny yng ngosodiadau'r gweinydd, yna rhowch y rôl â llaw.",
    );
    assert!(out.contains(refused), "{refused}\n{out}");
    assert!(!out.contains("[role: "), "{out}");
    assert!(
        out.contains(words(cy, "**Feud** is over.", "Mae **Feud** ar ben.")),
        "{out}"
    );
}

/// The escalation the audit found: an organiser-role holder with neither
/// Manage Roles nor Manage Server names a role they could not give by
/// hand as the prize, wins against their own second account, and would
/// be given it. The role is refused when it is set, with the reason.
#[test]
fn a_prize_role_its_creator_cannot_give_is_refused() {
    let s = Session::new();
    let out = s.run(&[
        ":admin olga".to_string(),
        say("olga", "lobby", "/settings organiser-role:@organisers"),
        ":role mallory organisers".to_string(),
        say(
            "mallory",
            "lobby",
            "/tournament create name:Quick variant:tallfwrdd format:round-robin match:single winner_role:@moderators",
        ),
        say("mallory", "lobby", "/tournament join id:1"),
        say("sock", "lobby", "/tournament join id:1"),
        say("mallory", "lobby", "/tournament start id:1"),
        say(
            "mallory",
            "lobby",
            "/tournament result round:1 board:1 winner:@mallory id:1",
        ),
    ]);
    assert!(
        out.contains("Only someone who could give @moderators by hand can make it a tournament's prize: that takes the Manage Roles permission, or owning the server."),
        "{out}"
    );
    assert!(!out.contains("[role: "), "{out}");
    assert!(!out.contains("The winner receives the role"), "{out}");

    // Manage Server alone is not enough either.
    let s = Session::new();
    let out = s.run(&[
        ":admin olga".to_string(),
        say(
            "olga",
            "lobby",
            "/tournament create name:Quick variant:tallfwrdd format:round-robin match:single winner_role:@moderators",
        ),
    ]);
    assert!(
        out.contains("that takes the Manage Roles permission"),
        "{out}"
    );
    assert!(!out.contains("The winner receives the role"), "{out}");
}

/// With Manage Roles, only a role below one's own highest role may be the
/// prize; in Welsh too.
#[test]
fn a_prize_role_must_sit_below_its_creators_own() {
    let s = Session::new();
    let out = s.run(&[
        ":manage-roles dora".to_string(),
        ":role dora helpers".to_string(),
        ":position helpers 4".to_string(),
        ":position moderators 6".to_string(),
        ":position champions 2".to_string(),
        ":admin dora".to_string(),
        say(
            "dora",
            "lobby",
            "/tournament create name:High variant:tallfwrdd format:round-robin match:single winner_role:@moderators",
        ),
        say(
            "dora",
            "lobby",
            "/tournament create name:Low variant:tallfwrdd format:round-robin match:single winner_role:@champions",
        ),
        say("dora", "lobby", "/language choice:cymraeg"),
        say(
            "dora",
            "lobby",
            "/tournament create name:Uchel variant:tallfwrdd format:round-robin match:single winner_role:@moderators",
        ),
    ]);
    assert!(
        out.contains("You cannot give @moderators by hand: it is not below your highest role in the server's list of roles, so it cannot be this tournament's prize."),
        "{out}"
    );
    assert!(
        out.contains("The winner receives the role @champions."),
        "{out}"
    );
    assert!(
        out.contains("Allwch chi ddim rhoi'r rôl @moderators â llaw"),
        "{out}"
    );
}

/// The right is checked again when the role is given: a creator who lost
/// Manage Roles since has nothing given on their behalf, and is told.
#[test]
fn a_prize_role_is_not_given_once_its_creator_lost_the_right() {
    let s = Session::new();
    let mut script = vec![
        ":manage-roles olga".to_string(),
        ":role olga helpers".to_string(),
        ":position helpers 4".to_string(),
    ];
    script.extend(signup(
        false,
        "arena",
        "name:Duel variant:tawlbwrdd format:round-robin match:single winner_role:@champions",
        &["alice", "bob"],
    ));
    script.push(say("olga", "arena", "/tournament start"));
    script.push(":manage-roles olga off".to_string());
    script.extend(first_wins("arena/duel-r1-alice-bob", "alice", "bob"));
    let out = s.run(&script);
    assert!(
        out.contains("The winner receives the role @champions."),
        "{out}"
    );
    assert!(!out.contains("[role: "), "{out}");
    assert!(
        out.contains("arena> @olga I did not give @alice the role @champions for winning **Duel**: you made it the prize, and you can no longer give that role by hand"),
        "{out}"
    );
}

#[test]
fn the_winners_role_in_english() {
    the_winners_role(false);
}

#[test]
fn the_winners_role_in_welsh() {
    the_winners_role(true);
}

/// `/challenges`: the asker's open challenges, sent and received, from
/// every channel, with Withdraw or Accept / Decline buttons that work from
/// where the list was asked for.
fn open_challenges(cy: bool) {
    let s = Session::new();
    let lang = if cy { "cymraeg" } else { "english" };
    let script = vec![
        say("alice", "lobby", &format!("/language choice:{lang}")),
        say("alice", "lobby", "/challenges"),
        say("alice", "north", "/challenge opponent:@bob"),
        say("carol", "south", "/challenge opponent:@alice time:1d"),
        say("dave", "east", "/challenge opponent:@bob"),
        say("alice", "lobby", "/challenges"),
        say("alice", "lobby", "[press decline:1]"),
        say("alice", "lobby", "[press accept:2]"),
        say("alice", "lobby", "/challenges"),
    ];
    let out = s.run(&script);
    let none = words(
        cy,
        "lobby> (to alice) You have no open challenges.",
        "lobby> (to alice) Does gennych chi ddim heriau agored.",
    );
    assert_eq!(out.matches(none).count(), 2, "{out}");
    let list = words(
        cy,
        "lobby> (to alice) Your open challenges:\nlobby> Challenge 1, sent to bob in #north: Tawlbwrdd, 3 days per move.\nlobby> Challenge 2, from carol in #south: Tawlbwrdd, 1 day per move.\nlobby> [buttons: Withdraw 1 (decline:1) · Accept 2 (accept:2) · Decline 2 (decline:2)]",
        "lobby> (to alice) Eich heriau agored:\nlobby> Her 1, wedi'i hanfon at y chwaraewr bob yn y sianel #north: Tawlbwrdd, 3 diwrnod y symudiad.\nlobby> Her 2, gan y chwaraewr carol yn y sianel #south: Tawlbwrdd, 1 diwrnod y symudiad.\nlobby> [buttons: Tynnu 1 yn ôl (decline:1) · Derbyn 2 (accept:2) · Gwrthod 2 (decline:2)]",
    );
    assert!(out.contains(list), "{list}\n{out}");
    // dave's challenge to bob is not alice's.
    assert!(
        !out.contains("Challenge 3,") && !out.contains("Her 3,"),
        "{out}"
    );
    assert!(
        out.contains(words(
            cy,
            "@alice withdrew challenge 1.",
            "Tynnodd @alice her 1 yn ôl."
        )),
        "{out}"
    );
    // Accepted from the lobby: the game is on in carol's channel.
    assert!(out.contains("south> "), "{out}");
    assert_eq!(
        s.latest_game("south").row.state,
        tawlbot::store::GameState::Active
    );
}

#[test]
fn open_challenges_in_english() {
    open_challenges(false);
}

#[test]
fn open_challenges_in_welsh() {
    open_challenges(true);
}

/// A two-player round robin played through `App::handle`: the response to
/// bob's resignation, which ends the round and the tournament, and the
/// outbox's texts after it.
fn last_round_told(outbox: bool) -> (String, Vec<String>) {
    let (_db, app) = console_support::direct::app();
    let app = if outbox { app.with_outbox() } else { app };
    let mut olga = ctx("srv", "hall", "olga", 100);
    olga.manage_server = true;
    slash(
        &app,
        &olga,
        "tournament create",
        &[
            ("name", "Duo"),
            ("variant", "tawlbwrdd"),
            ("format", "round-robin"),
            ("match", "single"),
        ],
    );
    for p in ["alice", "bob"] {
        slash(&app, &ctx("srv", "hall", p, 101), "tournament join", &[]);
    }
    let started = slash(&app, &olga, "tournament start", &[]);
    let Some(Effect::OpenMatchThread { match_id, .. }) = started.effects.first().cloned() else {
        panic!("no thread: {started:?}");
    };
    app.start_match_in_thread(&olga, match_id, &"hall/duo".into());
    app.handle(
        &ctx("srv", "hall/duo", "alice", 102),
        Input::Message {
            text: "e2-c2".into(),
            addressed: false,
        },
    );
    let ended = slash(&app, &ctx("srv", "hall/duo", "bob", 103), "resign", &[]);
    // Sent as a front end sends it: one target's rows in order.
    let owner = app.process().id.clone();
    let mut told = Vec::new();
    loop {
        let rows = app.store().claim_outbox(&owner, 200, 5, 100).unwrap();
        if rows.is_empty() {
            break;
        }
        for r in rows {
            told.push(tawlbot::app::runtime::outbox::read(&r).unwrap().text);
            app.store().outbox_done(r.id).unwrap();
        }
    }
    (text(&ended), told)
}

/// With the outbox, the round's report is written by the commit that ends
/// the round (not answered after it); without, it is in the answer.
#[test]
fn the_report_is_written_with_the_rounds_end() {
    let head = "**Duo**: round 1 of 1 is over.";
    let (answer, told) = last_round_told(true);
    assert!(!answer.contains(head), "{answer}");
    assert!(told.iter().any(|t| t.starts_with(head)), "{told:?}");
    let (answer, told) = last_round_told(false);
    assert!(answer.contains(head), "{answer}");
    assert!(!told.iter().any(|t| t.starts_with(head)), "{told:?}");
}

on_postgres!(
    the_report_is_written_with_the_rounds_end,
    round_report_with_a_tie_break_in_english,
    round_report_with_a_tie_break_in_welsh,
    a_result_set_and_corrected_in_english,
    a_result_set_and_corrected_in_welsh,
    a_forbidden_pair_kept_apart_in_english,
    a_forbidden_pair_kept_apart_in_welsh,
    the_winners_role_in_english,
    the_winners_role_in_welsh,
    open_challenges_in_english,
    open_challenges_in_welsh,
);
