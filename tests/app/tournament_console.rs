//! Tournaments through the console, from `/tournament create` to the
//! winner: match threads, two-game matches, a loss on time, withdrawals,
//! standings, a restart in the middle, and ratings afterwards.

use crate::console_support;
use console_support::{king_escapes, say, tournament_signup, Session};

/// The attacker makes a move and the defender resigns.
fn defender_resigns(thread: &str, attacker: &str, defender: &str) -> Vec<String> {
    vec![
        say(attacker, thread, "e2-c2"),
        say(defender, thread, "/resign"),
    ]
}

/// The lines of the last standings table printed (between ``` fences).
fn last_table(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let end = lines
        .iter()
        .rposition(|l| l.ends_with("> ```"))
        .expect("a table");
    let start = lines[..end]
        .iter()
        .rposition(|l| l.ends_with("> ```"))
        .expect("a table");
    lines[start + 1..end]
        .iter()
        .map(|l| {
            let body = l.split_once("> ").unwrap().1;
            body.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn swiss_of_five_two_game_matches_with_forfeits_and_withdrawals() {
    let s = Session::new();
    let g = "general";
    let r1a = "general/spring-r1-alice-carol";
    let r1b = "general/spring-r1-bob-dave";
    let r2a = "general/spring-r2-bob-carol";
    let r2b = "general/spring-r2-alice-erin";
    let r3a = "general/spring-r3-carol-erin";
    let r3b = "general/spring-r3-alice-dave";

    // Creation, sign-up, refusals, start; round 1 played.
    let mut script =
        vec![
        ":admin olga".to_string(),
        say("alice", g, "/tournament create name:Spring variant:tawlbwrdd format:swiss rounds:3"),
        say(
            "olga",
            g,
            "/tournament create name:Spring variant:tawlbwrdd format:swiss rounds:3 match:two-game",
        ),
        say("alice", g, "/tournament join"),
        say("alice", g, "/tournament join"),
        say("bob", g, "/tournament join"),
        say("carol", g, "/tournament join"),
        say("dave", g, "/tournament join"),
        say("erin", g, "/tournament join"),
        say("alice", g, "/tournament start"),
        say("olga", g, "/tournament start"),
        say("frank", g, "/tournament join"),
    ];
    // Board 1: carol wins both games.
    script.extend(king_escapes(r1a, "alice", "carol"));
    script.push(say("alice", r1a, "/resign"));
    // Board 2: bob wins both games.
    script.extend(defender_resigns(r1b, "bob", "dave"));
    script.extend(king_escapes(r1b, "dave", "bob"));
    let out1 = s.run(&script);

    assert!(
        out1.contains("general> (to alice) Only members with the Manage Server permission or the organiser role can create tournaments."),
        "{out1}"
    );
    assert!(
        out1.contains("general> Tournament 1: **Spring** — Tawlbwrdd, Swiss, 3 rounds, two-game matches (sides swapped), 3 days per move."),
        "{out1}"
    );
    assert!(
        out1.contains("general> (to alice) You are already in **Spring**."),
        "{out1}"
    );
    assert!(
        out1.contains("general> (to alice) Only the organiser, members with Manage Server or members with the organiser role can start a tournament."),
        "{out1}"
    );
    assert!(
        out1.contains("general> (to frank) **Spring** is running: it is too late to join."),
        "{out1}"
    );
    assert!(
        out1.contains(
            "general> **Spring**, round 1 of 3:\ngeneral> Board 1: @alice v @carol\ngeneral> Board 2: @bob v @dave\ngeneral> Bye: @erin (1 point)"
        ),
        "{out1}"
    );
    // Each match has its thread, both players mentioned, games in turn with
    // the sides swapped.
    assert!(
        out1.contains(&format!("{r1a}> **Spring**, round 1, board 1, game 1 of 2 (game 1): @alice (attackers) against @carol (defenders).")),
        "{out1}"
    );
    assert!(
        out1.contains(&format!("{r1a}> **Spring**, round 1, board 1, game 2 of 2 (game 3): @carol (attackers) against @alice (defenders).")),
        "{out1}"
    );
    assert!(
        out1.contains(&format!("{r1a}> Match over: @alice 0–2 @carol.")),
        "{out1}"
    );
    assert!(
        out1.contains(&format!("{r1b}> Match over: @bob 2–0 @dave.")),
        "{out1}"
    );
    assert!(
        out1.contains(
            "general> **Spring**, round 2 of 3:\ngeneral> Board 1: @bob v @carol\ngeneral> Board 2: @alice v @erin\ngeneral> Bye: @dave (1 point)"
        ),
        "{out1}"
    );

    // Restart. Round 2: a drawn match, a loss on time and a withdrawal by
    // the organiser in the middle of a game.
    let mut script = vec![":admin olga".to_string()];
    script.push(say("bob", g, "/tournament withdraw player:@carol"));
    script.extend(king_escapes(r2b, "alice", "erin"));
    script.extend(king_escapes(r2b, "erin", "alice"));
    // Bob never moves in game 1 of board 1: he loses on time.
    script.push(":clock +4d".into());
    script.push(say("olga", g, "/tournament withdraw player:@bob"));
    script.push(say("olga", g, "/tournament standings"));
    let out2 = s.run(&script);
    assert!(
        out2.contains("general> (to bob) Only the organiser, members with Manage Server or members with the organiser role can withdraw a player."),
        "{out2}"
    );
    assert!(
        out2.contains(&format!("{r2b}> Match over: @alice 1–1 @erin.")),
        "{out2}"
    );
    assert!(
        out2.contains(&format!(
            "{r2a}> @bob The attackers ran out of time. Defenders win!"
        )),
        "{out2}"
    );
    assert!(
        out2.contains(&format!("{r2a}> **Spring**, round 2, board 1, game 2 of 2 (game 8): @carol (attackers) against @bob (defenders).")),
        "{out2}"
    );
    assert!(
        out2.contains(
            "general> @bob is withdrawn from **Spring**: their remaining games are forfeited."
        ),
        "{out2}"
    );
    assert!(
        out2.contains(&format!(
            "{r2a}> @bob withdrew from the tournament. The defenders resigned. Attackers win!"
        )),
        "{out2}"
    );
    assert!(
        out2.contains(&format!("{r2a}> Match over: @bob 0–2 @carol (forfeit).")),
        "{out2}"
    );
    // Bob is no longer paired.
    assert!(
        out2.contains("general> **Spring**, round 3 of 3:\ngeneral> Board 1: @carol v @erin\ngeneral> Board 2: @alice v @dave\n"),
        "{out2}"
    );
    assert_eq!(
        last_table(&out2),
        vec![
            "# Player Pts SB Buch W/D/L",
            "1 carol 2 1½ 1½ 2/0/0",
            "2 erin 1½ ¼ ½ 0/1/0",
            "3 bob (withdrawn) 1 1 3 1/0/1",
            "4 dave 1 0 1 0/0/1",
            "5 alice ½ ¾ 3½ 0/1/1",
        ],
        "{out2}"
    );

    // Round 3: erin beats carol 2-0; dave leaves in the middle of his game.
    let mut script = king_escapes(r3a, "carol", "erin");
    script.extend(defender_resigns(r3a, "erin", "carol"));
    script.push(say("alice", r3b, "e2-c2"));
    script.push(say("dave", r3b, "/tournament leave"));
    script.push(say("dave", r3b, "[press tournament-leave:1]"));
    script.push(say("carol", g, "/tournament standings"));
    script.push(say("carol", g, "/tournament info"));
    script.push(say("carol", g, "/tournament list"));
    let out3 = s.run(&script);
    assert!(
        out3.contains(&format!("{r3a}> Match over: @carol 0–2 @erin.")),
        "{out3}"
    );
    assert!(
        out3.contains(
            "general> @dave withdraws from **Spring**: their remaining games are forfeited."
        ),
        "{out3}"
    );
    assert!(
        out3.contains(&format!("{r3b}> Match over: @alice 2–0 @dave (forfeit).")),
        "{out3}"
    );
    assert!(
        out3.contains(
            "general> **Spring** is over. The winner is @erin with 2½ points! Congratulations."
        ),
        "{out3}"
    );
    // Points, then Sonneborn-Berger, then Buchholz. Erin: bye (1), drew
    // alice (½), beat carol (1); SB = carol's 2 + half of alice's 1½.
    let expected = vec![
        "# Player Pts SB Buch W/D/L",
        "1 erin 2½ 2¾ 3½ 1/1/0",
        "2 carol 2 2½ 5 2/0/1",
        "3 alice 1½ 2¼ 5½ 1/1/1",
        "4 bob (withdrawn) 1 1 3 1/0/1",
        "5 dave (withdrawn) 1 0 2½ 0/0/2",
    ];
    assert_eq!(last_table(&out3), expected, "{out3}");
    assert!(
        out3.contains("general> **Spring** standings after round 3 of 3 (final):"),
        "{out3}"
    );
    // The standings come as a picture too.
    let pic = out3
        .lines()
        .find(|l| l.starts_with("general> [file: ") && l.contains("standings"))
        .expect("a standings picture");
    let path = pic
        .trim_start_matches("general> [file: ")
        .trim_end_matches(']');
    let bytes = std::fs::read(path).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"), "{path}");
    assert!(
        out3.contains("general> Board 2: alice v dave, 2–0 in #general/spring-r3-alice-dave"),
        "{out3}"
    );
    assert!(out3.contains("general> 1. **Spring** — Tawlbwrdd, Swiss, 3 rounds, two-game matches (sides swapped), 3 days per move, finished, 5 players"), "{out3}");
    // No game is left running.
    let out4 = s.run(&[say("erin", g, "/profile")]);
    assert!(out4.contains("general> No games in progress."), "{out4}");
}

#[test]
fn round_robin_by_the_clock_then_ratings() {
    let s = Session::new();
    let c = "club";
    let r1 = "club/autumn-cup-r1-bob-carol";
    let r2 = "club/autumn-cup-r2-alice-bob";
    let mut script = tournament_signup(
        c,
        "name:Autumn Cup variant:tawlbwrdd format:round-robin match:single start:1h",
        &["alice", "bob", "carol", "dave"],
    );
    script.extend([
        say("dave", c, "/tournament leave"),
        say("dave", c, "[press tournament-leave:1]"),
        // An unrated challenge and a rated one, played out at once.
        say(
            "alice",
            "side",
            "/challenge opponent:@dave variant:tawlbwrdd side:attackers",
        ),
        say("dave", "side", "/accept"),
    ]);
    script.extend(defender_resigns("side", "alice", "dave"));
    script.push(say(
        "alice",
        "side",
        "/challenge opponent:@dave variant:tawlbwrdd side:attackers rated:true",
    ));
    script.push(say("dave", "side", "/accept"));
    script.extend(defender_resigns("side", "alice", "dave"));
    // The start time passes: round 1 is paired by the clock.
    script.push(":clock +2h".into());
    script.extend(king_escapes(r1, "bob", "carol"));
    script.extend(defender_resigns(r2, "alice", "bob"));
    let out = s.run(&script);
    assert!(out.contains("club> @dave leaves **Autumn Cup**."), "{out}");
    assert!(
        out.contains(
            "side> @alice challenges @dave to a rated game of Tawlbwrdd, playing the attackers"
        ),
        "{out}"
    );
    assert!(
        out.contains("club> **Autumn Cup** begins with 3 players: @alice, @bob, @carol."),
        "{out}"
    );
    assert!(
        out.contains("club> **Autumn Cup**, round 1 of 3:\nclub> Board 1: @bob v @carol\nclub> Bye: @alice (1 point)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{r1}> Match over: @bob 0–1 @carol.")),
        "{out}"
    );
    assert!(
        out.contains("club> **Autumn Cup**, round 2 of 3:\nclub> Board 1: @alice v @bob\nclub> Bye: @carol (1 point)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{r2}> Match over: @alice 1–0 @bob.")),
        "{out}"
    );
    let r3 = out
        .lines()
        .find_map(|l| {
            l.strip_prefix("club> Round 3, board 1: ")
                .and_then(|r| r.split(" in #").nth(1))
                .map(|t| t.trim_end_matches('.').to_string())
        })
        .expect("round 3 thread");
    // Round 3: whoever has the attackers resigns at once.
    let first = out
        .lines()
        .find(|l| l.starts_with(&format!("{r3}> **Autumn Cup**, round 3")))
        .expect("round 3 game");
    let attacker = first
        .split("): @")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap()
        .to_string();
    let defender = if attacker == "alice" {
        "carol"
    } else {
        "alice"
    };
    let out = s.run(&[
        say(&attacker, &r3, "e2-c2"),
        say(defender, &r3, "/resign"),
        say("bob", c, "/leaderboard"),
        say("bob", c, "/leaderboard variant:gwyddbwyll"),
        say("bob", c, "/profile player:@alice"),
        say("dave", c, "/profile"),
    ]);
    assert!(
        out.contains(&format!(
            "club> **Autumn Cup** is over. The winner is @{attacker} with 3 points!"
        )),
        "{out}"
    );
    // Three tournament games and one rated challenge; the casual game is not rated.
    assert!(
        out.contains("club> **Tawlbwrdd** ratings (Glicko-2):"),
        "{out}"
    );
    let board: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.strip_prefix("club> ")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains(" ±"))
        })
        .collect();
    assert_eq!(board.len(), 4, "{out}");
    assert!(
        board[0].starts_with(&format!("club> 1. {attacker} — ")),
        "{out}"
    );
    assert!(
        board
            .iter()
            .any(|l| l.contains("dave") && l.contains("1 game (0 won, 1 lost, 0 drawn)")),
        "{out}"
    );
    assert!(
        out.contains("club> No rated Gwyddbwyll games on this server yet."),
        "{out}"
    );
    // Alice: won the rated challenge and her tournament games as attackers.
    assert!(out.contains("club> **alice**\nclub> Tawlbwrdd: "), "{out}");
    let alice_wins = if attacker == "alice" { 3 } else { 2 };
    let alice_losses = 3 - alice_wins;
    assert!(
        out.contains(&format!(
            "3 games: {alice_wins} won as attackers, 0 won as defenders, {alice_losses} lost, 0 drawn"
        )),
        "{out}"
    );
    assert!(out.contains("club> **dave**\nclub> Tawlbwrdd: "), "{out}");
}

#[test]
fn leaving_the_server_cancel_and_refusals() {
    let s = Session::new();
    let h = "hall";
    let out = s.run(&[
        ":admin olga".to_string(),
        say("olga", h, "/tournament create name:Cup variant:tawlbwrdd format:swiss rounds:1 match:single max:3"),
        say("olga", h, "/tournament create name:Bad variant:nosuch format:swiss"),
        say("olga", h, "/tournament create name:Bad variant:tawlbwrdd format:knockout"),
        say("alice", h, "/tournament join"),
        say("bob", h, "/tournament join"),
        say("carol", h, "/tournament join"),
        say("dave", h, "/tournament join"),
        say("carol", h, "/tournament leave"),
        say("carol", h, "[press tournament-leave:1]"),
        say("olga", h, "/tournament standings"),
        say("olga", h, "/tournament start"),
        say("olga", h, "/tournament list"),
        // Running: `start` again only reopens threads that have no game.
        say("olga", h, "/tournament start"),
        ":leave bob".to_string(),
        say("olga", h, "/tournament info"),
    ]);
    assert!(
        out.contains("hall> (to dave) **Cup** is full (3 players)."),
        "{out}"
    );
    assert!(
        out.contains("hall> (to olga) The format is round-robin or swiss, not knockout."),
        "{out}"
    );
    assert!(out.contains("hall> @carol leaves **Cup**."), "{out}");
    // (A player who left during sign-up may join again: see
    // tests/organiser_console.rs. Two players fill one Swiss round: a Swiss
    // with more rounds than its players can fill is refused.)
    assert!(
        out.contains("hall> (to olga) **Cup** has not started yet."),
        "{out}"
    );
    assert!(
        out.contains("hall> **Cup** begins with 2 players: @alice, @bob."),
        "{out}"
    );
    assert!(out.contains("hall> 1. **Cup** — Tawlbwrdd, Swiss, 1 round, one-game matches, 3 days per move, running, 2 players, round 1 of 1"), "{out}");
    assert!(out.contains("hall> (to olga) **Cup** is running (round 1 of 1). Every match of the round has its games."), "{out}");
    // Bob leaves the server mid-game: he forfeits, and the tournament ends.
    assert!(
        out.contains("hall> @bob withdraws from **Cup**: their remaining games are forfeited."),
        "{out}"
    );
    assert!(
        out.contains("hall> **Cup** is over. The winner is @alice with 1 point! Congratulations."),
        "{out}"
    );

    // Cancelling stops the games in progress.
    let mut script = tournament_signup(
        h,
        "name:Winter variant:gwyddbwyll format:round-robin",
        &["erin", "frank"],
    );
    script.extend([
        say("erin", h, "/tournament cancel"),
        say("olga", h, "/tournament start"),
        say("olga", h, "/tournament cancel"),
        say("olga", h, "/tournament join id:2"),
        say("erin", h, "/mygames"),
    ]);
    let out = s.run(&script);
    assert!(out.contains("hall> (to erin) Only the organiser, members with Manage Server or members with the organiser role can cancel a tournament."), "{out}");
    assert!(
        out.contains("hall> **Winter** is cancelled (1 game stopped)."),
        "{out}"
    );
    assert!(
        out.contains("hall> (to olga) **Winter** is cancelled: it is too late to join."),
        "{out}"
    );
    assert!(
        out.contains("hall> (to erin) You have no games in progress."),
        "{out}"
    );
}

#[test]
fn start_again_catches_up_after_a_lost_game_end() {
    let s = Session::new();
    let h = "hall";
    let t = "hall/duo-r1-alice-bob";
    let mut script = tournament_signup(
        h,
        "name:Duo variant:tawlbwrdd format:round-robin",
        &["alice", "bob"],
    );
    script.extend([
        say("olga", h, "/tournament start"),
        say("alice", t, "e2-c2"),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains(&format!(
            "{t}> **Duo**, round 1, board 1, game 1 of 2 (game 1)"
        )),
        "{out}"
    );
    // The game ends behind the app's back (as if the bot stopped between
    // storing the result and recording it for the tournament).
    {
        let store = tawlbot::store::open(&s.db).unwrap();
        let g = store.active_game_in_channel(&t.into()).unwrap().unwrap();
        store
            .finish_game(
                g.id,
                None,
                tawlbot::store::GameResult::Won(tawlbot::rules::Side::First),
                tawlbot::store::EndReason::Resignation,
                1_767_300_000,
            )
            .unwrap();
    }
    let out = s.run(&[
        ":admin olga".to_string(),
        say("olga", h, "/tournament start"),
        say("olga", h, "/tournament info"),
    ]);
    assert!(
        out.contains(&format!("{t}> **Duo**, round 1, board 1, game 2 of 2 (game 2): @bob (attackers) against @alice (defenders).")),
        "{out}"
    );
    assert!(
        out.contains("hall> Board 1: alice v bob, playing in #hall/duo-r1-alice-bob"),
        "{out}"
    );
}

/// When a match thread cannot be opened (`:threads
/// fail`), the game is played in the tournament's channel.
#[test]
fn failing_threads_play_in_the_tournament_channel() {
    let s = Session::new();
    let g = "general";
    let mut script = tournament_signup(
        g,
        "name:Solo variant:tawlbwrdd format:round-robin match:single",
        &["alice", "bob"],
    );
    script.extend([
        ":threads fail".to_string(),
        say("olga", g, "/tournament start"),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("general> I could not open a thread for round 1, board 1 (@alice v @bob): the game is played here."),
        "{out}"
    );
    assert!(
        out.contains("general> **Solo**, round 1, board 1, game 1 of 1 (game 1):"),
        "{out}"
    );
    assert!(!out.contains("general/solo"), "{out}");
    let store = tawlbot::store::open(&s.db).unwrap();
    assert!(store.active_game_in_channel(&g.into()).unwrap().is_some());
}

/// A start by the clock answers no one: the announcements and the first
/// game's opening are in the server's default (Welsh); what is posted in
/// the channel is Welsh for a player who chose English too.
#[test]
fn a_start_by_the_clock_speaks_the_servers_language() {
    let s = Session::new();
    let c = "club";
    let out = s.run(&[
        ":admin olga".to_string(),
        say("olga", c, "/language choice:cymraeg server:true"),
        say(
            "olga",
            c,
            "/tournament create name:Gwanwyn variant:tawlbwrdd format:round-robin match:single start:1h",
        ),
        say("carol", c, "/language choice:english"),
        say("bob", c, "/tournament join"),
        say("carol", c, "/tournament join"),
        ":clock +2h".to_string(),
    ]);
    for line in [
        "club> Mae **Gwanwyn** yn dechrau gyda 2 chwaraewr: @bob, @carol.",
        "club> **Gwanwyn**, rownd 1 o 1:",
        "club/gwanwyn-r1-bob-carol> **Gwanwyn**, rownd 1, bwrdd 1, gêm 1 o 1 (gêm 1): @bob (ymosodwyr) yn erbyn @carol (amddiffynwyr). @bob i symud (ymosodwyr), symudiad 1. Amser ar ôl: 3 diwrnod, tan 2026-01-04 02:00 UTC.",
        "club> Rownd 1, bwrdd 1: @bob yn erbyn @carol yn yr edefyn #club/gwanwyn-r1-bob-carol.",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    assert!(
        out.contains(
            "club/gwanwyn-r1-bob-carol> [alt: Tawlbwrdd, symudiad 1. Yr ymosodwyr i symud."
        ),
        "{out}"
    );
    assert!(
        out.contains("club> Mae @carol yn ymuno â'r twrnamaint **Gwanwyn** (2 chwaraewr)."),
        "{out}"
    );
}

// The same tests on PostgreSQL (tests/backends).
/// A player who chose direct messages is named, never
/// mentioned, in the tournament's messages; a thread name keeps Welsh
/// letters as letters; a tie at the top says how it was broken.
#[test]
fn quiet_players_are_named_and_a_tie_says_how_it_was_broken() {
    let s = Session::new();
    let mut script = vec![say("bob", "hall", "/notify how:dm")];
    script.extend(tournament_signup(
        "hall",
        "name:Gŵyl variant:tawlbwrdd format:round-robin match:single",
        &["alice", "bob"],
    ));
    script.extend([
        say("olga", "hall", "/tournament start"),
        say("alice", "hall/gwyl-r1-alice-bob", "/draw"),
        say("bob", "hall/gwyl-r1-alice-bob", "/draw answer:accept"),
    ]);
    let out = s.run(&script);
    for line in [
        "hall> **Gŵyl** begins with 2 players: @alice, bob.",
        "hall> Board 1: @alice v bob",
        "hall> Round 1, board 1: @alice v bob in #hall/gwyl-r1-alice-bob.",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    assert!(
        out.contains("(game 1): @alice (attackers) against bob (defenders)."),
        "{out}"
    );
    assert!(
        out.contains(
            "bob also has ½ points; alice is ahead by the order of entry, every tie-break being level too."
        ),
        "{out}"
    );
    assert!(!out.contains("@bob"), "{out}");
}

on_postgres!(
    quiet_players_are_named_and_a_tie_says_how_it_was_broken,
    swiss_of_five_two_game_matches_with_forfeits_and_withdrawals,
    round_robin_by_the_clock_then_ratings,
    leaving_the_server_cancel_and_refusals,
    start_again_catches_up_after_a_lost_game_end,
    failing_threads_play_in_the_tournament_channel,
    a_start_by_the_clock_speaks_the_servers_language,
);
