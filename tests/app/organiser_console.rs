//! Tournaments for organisers through the console:
//! standings that count finished rounds, the crosstable, past rounds,
//! the order line.

use crate::backends;
use crate::console_support;
use console_support::{say, tournament_signup, Session};

/// The match threads announced in `out`: (round, first player, second
/// player, thread), from "Round R, board B: @a v @b in #thread.".
/// A match as announced: round, first player, second player, thread.
type Announced = (u32, String, String, String);

fn threads(out: &str) -> Vec<Announced> {
    out.lines()
        .filter_map(|l| {
            let body = l.split_once("> Round ")?.1;
            let (round, rest) = body.split_once(", board ")?;
            let (_, rest) = rest.split_once(": @")?;
            let (a, rest) = rest.split_once(" v @")?;
            let (b, rest) = rest.split_once(" in #")?;
            Some((
                round.parse().ok()?,
                a.to_string(),
                b.to_string(),
                rest.trim_end_matches('.').to_string(),
            ))
        })
        .collect()
}

/// Four players, a single-game round robin (3 rounds), round 1 played:
/// in each match the first-named player resigns. Returns the session and
/// the output so far.
fn round_one_played() -> (Session, String, Vec<Announced>) {
    let s = Session::new();
    let g = "general";
    let mut script = tournament_signup(
        g,
        "name:Haf variant:tawlbwrdd format:round-robin match:single",
        &["carol", "dave", "erin", "fred"],
    );
    script.push(say("olga", g, "/tournament start"));
    let mut out = s.run(&script);
    let r1: Vec<_> = threads(&out).into_iter().filter(|t| t.0 == 1).collect();
    assert_eq!(r1.len(), 2, "{out}");
    let lines: Vec<String> = r1
        .iter()
        .map(|(_, a, _, th)| say(a, th, "/resign"))
        .collect();
    out.push_str(&s.run(&lines));
    (s, out, r1)
}

#[test]
fn standings_count_finished_rounds() {
    let (s, out, _) = round_one_played();
    // Round 2 is paired but has no result yet.
    assert!(threads(&out).iter().any(|t| t.0 == 2), "{out}");
    let out = s.run(&[say("carol", "general", "/tournament standings")]);
    assert!(
        out.contains("general> **Haf** standings after round 1 of 3:"),
        "{out}"
    );
    assert!(!out.contains("after round 2"), "{out}");
    // A tournament that has just begun has no finished round.
    let s = Session::new();
    let mut script = tournament_signup(
        "g",
        "name:Gaeaf variant:tawlbwrdd format:round-robin",
        &["carol", "dave"],
    );
    script.extend([
        "olga@g: /tournament start".into(),
        "carol@g: /tournament standings".into(),
    ]);
    let out = s.run(&script);
    assert!(
        out.contains("g> **Gaeaf** standings: no round of 1 is finished yet."),
        "{out}"
    );
    // Two-game matches: the order line names split wins.
    assert!(
        out.contains("then split wins (a 1–1 match won in fewer moves)."),
        "{out}"
    );
}

#[test]
fn crosstable_lists_every_result() {
    let (s, _, r1) = round_one_played();
    let out = s.run(&[say("carol", "general", "/tournament crosstable")]);
    assert!(
        out.contains("general> **Haf**, every player against every other:"),
        "{out}"
    );
    // The table: a header and one row per player.
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.ends_with("> ```"))
        .skip(1)
        .take_while(|l| !l.ends_with("> ```"))
        .map(|l| l.split_once("> ").unwrap().1)
        .collect();
    assert_eq!(table.len(), 5, "{out}");
    assert!(table[0].starts_with("#  Player"), "{out}");
    assert!(table[0].ends_with("1  2  3  4  Pts"), "{out}");
    // Every game of round 1 is in the table twice: a 1 in the winner's row
    // (first column of a winner), a 0 in the loser's.
    let row_of = |p: &str| {
        table
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(p))
            .unwrap_or_else(|| panic!("{p} in {out}"))
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
    };
    let place = |p: &str| -> usize {
        table[1..]
            .iter()
            .position(|l| l.split_whitespace().nth(1) == Some(p))
            .unwrap()
    };
    for (_, loser, winner, _) in &r1 {
        let w = row_of(winner);
        let l = row_of(loser);
        // Cells are the four columns after the name (the own cell "×"),
        // then the points; empty cells are not printed, so look by count.
        assert!(w.contains(&"1"), "{winner}: {w:?}\n{out}");
        assert!(l.contains(&"0"), "{loser}: {l:?}\n{out}");
        assert!(place(winner) < place(loser), "{out}");
    }
    let marks: usize = table[1..]
        .iter()
        .map(|l| {
            l.split_whitespace()
                .skip(2)
                .filter(|c| ["1", "0", "½", "*"].contains(c))
                .count()
        })
        .sum();
    // 2 finished games (4 marks) and 2 games of round 2 in progress (4
    // marks "*"), minus the points column of the winners ("1").
    assert!(marks >= 8, "{out}");
    assert_eq!(
        table[1..]
            .iter()
            .map(|l| l.matches('*').count())
            .sum::<usize>(),
        4,
        "{out}"
    );
    // The picture and its alt text.
    assert!(out.contains("-crosstable.png]"), "{out}");
    assert!(
        out.contains("[alt: The crosstable of Haf: each player's games against each other player."),
        "{out}"
    );
    assert!(
        out.contains("Each game: 1 a win, ½ a draw, 0 a loss, + or - a forfeit, * being played."),
        "{out}"
    );
}

#[test]
fn a_past_round_shows_its_pairings_and_results() {
    let (s, _, r1) = round_one_played();
    let out = s.run(&[
        say("carol", "general", "/tournament info round:1"),
        say("carol", "general", "/tournament info round:9"),
    ]);
    assert!(out.contains("general> **Haf**, round 1 of 3:"), "{out}");
    for (_, a, b, th) in &r1 {
        assert!(
            out.contains(&format!("{a} v {b}, 0–1 in #{th}")),
            "{a} v {b}: {out}"
        );
    }
    assert!(
        out.contains(
            "(to carol) 9 is not a round of this tournament: rounds 1 to 2 have been paired."
        ),
        "{out}"
    );
}

#[test]
fn a_swiss_with_more_rounds_than_players_can_fill_is_refused() {
    let s = Session::new();
    let mut script = tournament_signup(
        "g",
        "name:Cwpan variant:tawlbwrdd format:swiss rounds:5",
        &["carol", "dave", "erin", "fred"],
    );
    script.push("olga@g: /tournament start".into());
    let out = s.run(&script);
    assert!(
        out.contains("**Cwpan** cannot start: 5 Swiss rounds are more than these players can fill without a rematch (at most 3) (4 joined)."),
        "{out}"
    );
    // A fifth player makes room for 5 rounds.
    let out = s.run(&["gwen@g: /tournament join", "olga@g: /tournament start"]);
    assert!(!out.contains("cannot start"), "{out}");
    assert!(out.contains("round 1 of 5"), "{out}");
}

#[test]
fn mygames_lists_finished_games_a_page_at_a_time() {
    let s = Session::new();
    let mut lines = Vec::new();
    for i in 1..=12 {
        let c = format!("c{i}");
        lines.push(say("alice", &c, "/challenge opponent:@bob"));
        lines.push(say("bob", &c, "/accept"));
        lines.push(say("bob", &c, "/resign"));
        lines.push(say("alice", &c, "/resign"));
    }
    lines.push(say("alice", "c1", "/mygames finished:true"));
    lines.push(say("alice", "c1", "/mygames finished:true page:2"));
    lines.push(say("alice", "c1", "/mygames finished:true page:3"));
    let out = s.run(&lines);
    assert!(
        out.contains("c1> (to alice) Your finished games, page 1 of 2:"),
        "{out}"
    );
    // Each game with its opponent and whether alice won, lost or drew.
    assert!(
        out.contains("c1> Game 12 in #c12: Tawlbwrdd against bob, "),
        "{out}"
    );
    assert!(
        out.contains("c1> More: /mygames finished:true page:2"),
        "{out}"
    );
    assert!(
        out.contains("c1> (to alice) Your finished games, page 2 of 2:"),
        "{out}"
    );
    assert!(
        out.contains("c1> Game 1 in #c1: Tawlbwrdd against bob, won — "),
        "{out}"
    );
    assert!(
        out.contains("c1> (to alice) There is no page 3: your finished games fill 2 pages."),
        "{out}"
    );
}

#[test]
fn a_player_who_left_during_signup_may_rejoin() {
    let s = Session::new();
    let mut script = tournament_signup(
        "g",
        "name:Cwpan variant:tawlbwrdd format:round-robin",
        &["carol"],
    );
    script.extend([
        "carol@g: /tournament leave".into(),
        "carol@g: [press tournament-leave:1]".into(),
        "carol@g: /tournament join".into(),
    ]);
    let out = s.run(&script);
    assert!(out.contains("g> @carol leaves **Cwpan**."), "{out}");
    assert_eq!(out.matches("g> @carol joins **Cwpan**").count(), 2, "{out}");
    assert!(!out.contains("cannot join it again"), "{out}");
}

#[test]
fn profile_shows_recent_games_casual_too() {
    let s = Session::new();
    let out = s.run(&[
        "alice@c1: /challenge opponent:@bob",
        "bob@c1: /accept",
        "bob@c1: /resign",
        "alice@c1: /resign",
        "alice@c2: /challenge opponent:@bob",
        "bob@c2: /accept",
        ":admin olga",
        "olga@c2: /abort",
        "bob@c2: /profile",
    ]);
    assert!(out.contains("c2> Recent games:"), "{out}");
    assert!(
        out.contains("c2> • Game 2: Tawlbwrdd against alice — ended with no result"),
        "{out}"
    );
    assert!(
        out.contains("c2> • Game 1: Tawlbwrdd against alice — lost"),
        "{out}"
    );
}

/// Leaving asks first: `/tournament leave` answers privately with a Leave
/// and a Stay button, and nothing changes until Leave is pressed. Once the
/// tournament runs, the question says leaving is a withdrawal.
#[test]
fn leaving_asks_for_confirmation() {
    let s = Session::new();
    let mut script = tournament_signup(
        "g",
        "name:Cwpan variant:tawlbwrdd format:round-robin match:single",
        &["carol", "dave", "erin"],
    );
    script.extend(
        [
            "carol@g: /tournament leave",
            "carol@g: [press tournament-stay:1]",
            "dave@g: /tournament leave",
            "fred@g: /tournament leave",
        ]
        .map(String::from),
    );
    let out = s.run(&script);
    assert!(
        out.contains("g> (to carol) Leave **Cwpan**? Press Leave to confirm, or Stay.\ng> [buttons: Leave (tournament-leave:1) · Stay (tournament-stay:1)]"),
        "{out}"
    );
    assert!(
        out.contains("g> (to carol) You stay in **Cwpan**."),
        "{out}"
    );
    // Asking is not leaving.
    assert!(!out.contains("leaves **Cwpan**"), "{out}");
    assert!(
        out.contains("g> (to fred) @fred is not in **Cwpan**."),
        "{out}"
    );
    let out = s.run(&[
        "dave@g: [press tournament-leave:1]",
        // A second press finds nothing to leave.
        "dave@g: [press tournament-leave:1]",
        "olga@g: /tournament start",
        "erin@g: /tournament leave",
    ]);
    assert_eq!(
        out.matches("g> @dave leaves **Cwpan**.").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("g> (to dave) @dave is not in **Cwpan**."),
        "{out}"
    );
    assert!(out.contains("**Cwpan** begins with 2 players"), "{out}");
    assert!(
        out.contains("(to erin) Leave **Cwpan**? It has begun, so leaving is a withdrawal: your remaining games are forfeited."),
        "{out}"
    );
    assert!(!out.contains("@erin withdraws"), "{out}");
    let out = s.run(&["erin@g: [press tournament-leave:1]"]);
    assert!(out.contains("@erin withdraws from **Cwpan**"), "{out}");
}

/// The organiser role: set by a member with Manage Server; its members
/// create and run tournaments (start, withdraw, cancel, /abort of a
/// tournament game) as Manage Server can; nobody else does.
#[test]
fn the_organiser_role_may_create_and_run_tournaments() {
    let s = Session::new();
    let out = s.run(&[
        ":role olga organisers",
        ":role paul organisers",
        "olga@g: /tournament create name:Haf variant:tawlbwrdd format:round-robin match:single",
        "olga@g: /settings organiser-role:@organisers",
        ":admin mia",
        "mia@g: /settings organiser-role:@organisers",
        "olga@g: /tournament create name:Haf variant:tawlbwrdd format:round-robin match:single",
        "carol@g: /tournament create name:Gaeaf variant:tawlbwrdd format:round-robin",
        "carol@g: /tournament join",
        "dave@g: /tournament join",
        "erin@g: /tournament join",
        "carol@g: /tournament start",
        "paul@g: /tournament start",
    ]);
    let refused = "Only members with the Manage Server permission or the organiser role can create tournaments.";
    assert!(out.contains(&format!("g> (to olga) {refused}")), "{out}");
    assert!(out.contains(&format!("g> (to carol) {refused}")), "{out}");
    assert!(
        out.contains("g> (to olga) Only someone with the Manage Server permission can choose the organiser role."),
        "{out}"
    );
    assert!(
        out.contains("g> Members with the role @organisers may now create and run tournaments on this server, as members with Manage Server can."),
        "{out}"
    );
    assert!(
        out.contains("g> (to carol) Only the organiser, members with Manage Server or members with the organiser role can start a tournament."),
        "{out}"
    );
    // paul holds the role: he starts olga's tournament.
    assert!(out.contains("**Haf** begins with 3 players"), "{out}");
    let matches = threads(&out);
    let (_, _, _, th) = matches.first().expect("a match").clone();
    // Each run is a restart of the console: the roles are given again.
    let out = s.run(&[
        ":role olga organisers".to_string(),
        ":role paul organisers".to_string(),
        // A game outside the tournament: not for the role to end.
        "carol@side: /challenge opponent:@dave".to_string(),
        "dave@side: /accept".to_string(),
        "paul@side: /abort".to_string(),
        format!("paul@{th}: /abort"),
        "carol@g: /tournament withdraw player:@erin".to_string(),
        "olga@g: /tournament withdraw player:@erin".to_string(),
        "carol@g: /tournament cancel".to_string(),
        "paul@g: /tournament cancel".to_string(),
    ]);
    assert!(
        out.contains("side> (to paul) Only someone with the Manage Server permission can end a game with /abort (members with the organiser role: tournament games)."),
        "{out}"
    );
    assert!(out.contains(&format!("{th}> Game ")), "{out}");
    assert!(out.contains("was ended by @paul with no result."), "{out}");
    assert!(
        out.contains("g> (to carol) Only the organiser, members with Manage Server or members with the organiser role can withdraw a player."),
        "{out}"
    );
    assert!(out.contains("@erin"), "{out}");
    assert!(
        out.contains("g> (to carol) Only the organiser, members with Manage Server or members with the organiser role can cancel a tournament."),
        "{out}"
    );
    assert!(out.contains("**Haf** is cancelled"), "{out}");
}

/// A member with Manage Server takes the organiser role's rights away
/// with `organiser-role-clear:true`; its members can then no longer create
/// tournaments, and nobody else may clear it.
#[test]
fn the_organiser_role_can_be_cleared() {
    let s = Session::new();
    let out = s.run(&[
        ":admin mia",
        ":role olga organisers",
        "mia@g: /settings organiser-role:@organisers",
        "olga@g: /settings organiser-role-clear:true",
        "olga@g: /tournament create name:Haf variant:tawlbwrdd format:round-robin",
        "mia@g: /settings organiser-role-clear:true",
        "olga@g: /tournament create name:Gaeaf variant:tawlbwrdd format:round-robin",
    ]);
    assert!(
        out.contains("g> (to olga) Only someone with the Manage Server permission can choose the organiser role."),
        "{out}"
    );
    assert!(out.contains("**Haf**"), "{out}");
    assert!(
        out.contains("g> No role gives tournament rights on this server any more: only members with Manage Server (and each tournament's own organiser) create and run tournaments."),
        "{out}"
    );
    assert!(
        out.contains("g> (to olga) Only members with the Manage Server permission or the organiser role can create tournaments."),
        "{out}"
    );
    assert!(!out.contains("**Gaeaf**"), "{out}");
}

/// On both stores: a rated game whose end was written
/// but whose rating was not (a crash between the two) is listed by the
/// store and rated by the bot's first heartbeat, once.
#[test]
fn a_finished_rated_game_without_ratings_is_rated_at_start() {
    use tawlbot::store::{EndReason, GameResult, NewGame, TimeControl};
    let db = backends::fresh_db();
    let store = db.open();
    let game = |channel: &str, rated: bool| NewGame {
        server_id: "srv".into(),
        channel_id: channel.into(),
        variant: "tawlbwrdd".into(),
        first_side: tawlbot::rules::Side::First,
        first_player: "alice".into(),
        second_player: "bob".into(),
        time_control: TimeControl::None,
        rated,
        created_at: 1000,
        ..Default::default()
    };
    let rated = store.create_game(&game("c1", true)).unwrap();
    let casual = store.create_game(&game("c2", false)).unwrap();
    let running = store.create_game(&game("c3", true)).unwrap();
    for id in [rated, casual] {
        store
            .finish_game(
                id,
                None,
                GameResult::Won(tawlbot::rules::Side::Second),
                EndReason::Resignation,
                2000,
            )
            .unwrap();
    }
    let missing: Vec<_> = store
        .unrated_finished_games(10)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(missing, vec![rated], "casual {casual}, running {running}");
    // The bot starts: its first heartbeat rates the game, as of its end.
    let app = tawlbot::app::App::new(db.open());
    app.heartbeat(5000).unwrap();
    assert!(store.unrated_finished_games(10).unwrap().is_empty());
    let bob = store
        .get_rating(&"srv".into(), "tawlbwrdd", &"bob".into())
        .unwrap()
        .unwrap();
    let alice = store
        .get_rating(&"srv".into(), "tawlbwrdd", &"alice".into())
        .unwrap()
        .unwrap();
    assert_eq!((bob.games, bob.wins_second, alice.losses), (1, 1, 1));
    assert!(bob.rating > alice.rating);
    assert_eq!(bob.updated_at, 2000);
    // A second start rates nothing twice.
    tawlbot::app::App::new(db.open()).heartbeat(6000).unwrap();
    let bob = store
        .get_rating(&"srv".into(), "tawlbwrdd", &"bob".into())
        .unwrap()
        .unwrap();
    assert_eq!(bob.games, 1);
}

/// Late entry (`late:N`, Swiss only): after the start a player may still
/// join until round N has been paired, and is paired from the next round;
/// then joining is closed. A round robin refuses `late:` with a sentence.
#[test]
fn late_entry_joins_a_running_swiss_until_its_round_is_paired() {
    let s = Session::new();
    let g = "general";
    let out = s.run(&[
        ":admin olga".to_string(),
        say("olga", g, "/tournament create name:Hen variant:tawlbwrdd format:round-robin late:2"),
        say("olga", g, "/tournament create name:Hen variant:tawlbwrdd format:swiss rounds:3 late:9"),
        say(
            "olga",
            g,
            "/tournament create name:Hydref variant:tawlbwrdd format:swiss rounds:3 match:single late:2",
        ),
        say("carol", g, "/tournament join"),
        say("dave", g, "/tournament join"),
        say("erin", g, "/tournament join"),
        say("fred", g, "/tournament join"),
        say("olga", g, "/tournament start"),
        say("gwen", g, "/tournament join"),
        say("gwen", g, "/tournament join"),
    ]);
    assert!(
        out.contains("(to olga) Late entry is for Swiss tournaments: a round robin's rounds are fixed by its players at the start, so everyone must join before it."),
        "{out}"
    );
    assert!(
        out.contains("(to olga) late: is the round until whose pairing players may still join: a number from 2 to 3 (the tournament's rounds)."),
        "{out}"
    );
    assert!(out.contains("late entry until round 2 is paired"), "{out}");
    assert!(
        out.contains(
            "general> @gwen joins **Hydref** late and is paired from round 2 (5 players)."
        ),
        "{out}"
    );
    assert!(
        out.contains("(to gwen) You are already in **Hydref**")
            || out.matches("joins **Hydref** late").count() == 1,
        "{out}"
    );
    // Round 1 is played without gwen; round 2 pairs her.
    let r1: Vec<_> = threads(&out).into_iter().filter(|t| t.0 == 1).collect();
    assert_eq!(r1.len(), 2, "{out}");
    assert!(
        r1.iter().all(|(_, a, b, _)| a != "gwen" && b != "gwen"),
        "{out}"
    );
    let lines: Vec<String> = r1
        .iter()
        .map(|(_, a, _, th)| say(a, th, "/resign"))
        .collect();
    let out = s.run(&lines);
    let round2 = out
        .split_once("**Hydref**, round 2 of 3:")
        .map(|(_, r)| r.to_string())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(round2.contains("@gwen"), "{out}");
    // Round 2 is paired: too late now.
    let out = s.run(&[
        say("harry", g, "/tournament join"),
        say("carol", g, "/tournament standings"),
    ]);
    assert!(
        out.contains("(to harry) **Hydref** took late entries until round 2 was paired: it is too late to join."),
        "{out}"
    );
    assert!(out.contains("gwen"), "{out}");
}

on_postgres!(
    standings_count_finished_rounds,
    crosstable_lists_every_result,
    a_past_round_shows_its_pairings_and_results,
    a_swiss_with_more_rounds_than_players_can_fill_is_refused,
    mygames_lists_finished_games_a_page_at_a_time,
    a_player_who_left_during_signup_may_rejoin,
    profile_shows_recent_games_casual_too,
    a_finished_rated_game_without_ratings_is_rated_at_start,
    leaving_asks_for_confirmation,
    the_organiser_role_may_create_and_run_tournaments,
    late_entry_joins_a_running_swiss_until_its_round_is_paired,
);
