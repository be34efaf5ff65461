//! What players are told: one language a channel (a message posted in a
//! channel is in the server's language, else the language most of the
//! game's players chose, English on a tie, else English; one for a single
//! player is in that player's), and a reason for every refused typed move.

use crate::console_support;
use console_support::{king_escapes, say, tournament_signup, Session};

/// Words only a Welsh sentence of the catalogue has.
const WELSH: &[&str] = &[
    " yn ",
    "Mae ",
    "Chwaraeodd",
    "gêm",
    "Gêm",
    "wedi",
    " i symud",
    "Daeth",
    "sy'n",
    "Tro",
];
/// Words only an English sentence of the catalogue has.
const ENGLISH: &[&str] = &[
    " the ", "The ", " to move", "declined", "offers", "played", "Played", "wins", "reminder",
    " is ", "Game ",
];

fn has_any(line: &str, words: &[&str]) -> bool {
    words.iter().any(|w| line.contains(w))
}

/// The lines posted in `channel` for everyone (not private replies, not
/// file paths).
fn public<'a>(out: &'a str, channel: &str) -> Vec<&'a str> {
    let head = format!("{channel}> ");
    out.lines()
        .filter(|l| l.starts_with(&head))
        .filter(|l| !l.contains("> (to ") && !l.contains("> [file: "))
        .collect()
}

/// A whole game between `welsh` (who chose Welsh) and `other`, in
/// `channel`: moves, a refused move, draw and takeback offers both ways
/// and declined, boards, a reminder and a loss on time.
fn whole_game(channel: &str, welsh: &str, other: &str) -> Vec<String> {
    let at = |who: &str, text: &str| format!("{who}@{channel}: {text}");
    vec![
        at(welsh, "/language choice:cymraeg"),
        at(welsh, "/notify how:both"),
        at(
            welsh,
            &format!("/challenge opponent:@{other} variant:tawlbwrdd side:attackers time:1d"),
        ),
        at(other, "/accept"),
        at(welsh, "e2-c2"),
        at(welsh, "e2-c3"),
        at(other, "g7-g9"),
        at(welsh, "/draw"),
        at(other, "/draw answer:decline"),
        at(other, "/draw"),
        at(welsh, "/draw answer:decline"),
        at(welsh, "g2-i2"),
        at(welsh, "/takeback"),
        at(other, "/takeback answer:decline"),
        at(other, "f7-g7"),
        at(other, "/takeback"),
        at(welsh, "/takeback answer:decline"),
        at(welsh, "/board"),
        at(other, "/board"),
        at(other, "/settings"),
        at(welsh, "/settings"),
        ":clock +20h".into(),
        ":clock +5h".into(),
    ]
}

/// One Welsh and one English player: their choices tie, so the channel is
/// in English from the challenge to the loss on time; what the Welsh
/// player alone reads (private replies, direct messages) is Welsh.
#[test]
fn a_channel_of_one_welsh_and_one_english_player_is_english_throughout() {
    let s = Session::new();
    let mut script = vec!["alice@mix: /language choice:english".to_string()];
    script.extend(whole_game("mix", "eira", "alice"));
    let out = s.run(&script);
    let lines = public(&out, "mix");
    // The whole game was played: the reminder and the loss on time.
    assert!(lines.iter().any(|l| l.contains("reminder")), "{out}");
    assert!(lines.iter().any(|l| l.contains("ran out of time")), "{out}");
    assert!(lines.iter().any(|l| l.contains("declined")), "{out}");
    for l in &lines {
        assert!(
            !has_any(l, WELSH),
            "a Welsh line in an English channel: {l}\n{out}"
        );
    }
    // Eira's own replies and direct messages: Welsh.
    let hers: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("mix> (to eira)") || l.starts_with("dm:eira> "))
        .filter(|l| !l.contains("[file: "))
        .collect();
    assert!(hers.iter().any(|l| l.starts_with("dm:eira> ")), "{out}");
    for l in &hers {
        assert!(
            !has_any(l, ENGLISH),
            "English for a Welsh reader: {l}\n{out}"
        );
        assert!(
            has_any(l, WELSH),
            "not Welsh for a Welsh reader: {l}\n{out}"
        );
    }
    // Alice's own replies: English.
    for l in out.lines().filter(|l| l.starts_with("mix> (to alice)")) {
        assert!(
            !has_any(l, WELSH),
            "Welsh for an English reader: {l}\n{out}"
        );
    }
}

/// One Welsh player and one who chose nothing: most of the players who
/// chose, chose Welsh, so every line posted in the channel is Welsh, the
/// offers and their declines, the reminder and the loss on time too; the
/// other player's private replies are in English (their server chose
/// none).
#[test]
fn a_channel_whose_players_mostly_chose_welsh_is_welsh_throughout() {
    let s = Session::new();
    let out = s.run(&whole_game("cy", "eira", "gwen"));
    let lines = public(&out, "cy");
    assert!(lines.len() > 15, "{out}");
    for l in &lines {
        if l.starts_with("cy> [buttons:") || l.starts_with("cy> ```") {
            continue;
        }
        assert!(
            !has_any(l, ENGLISH),
            "an English line in a Welsh channel: {l}\n{out}"
        );
    }
    let gwen: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("cy> (to gwen)"))
        .collect();
    assert!(!gwen.is_empty(), "{out}");
    for l in gwen {
        assert!(
            !has_any(l, WELSH),
            "Welsh for a reader who chose none: {l}\n{out}"
        );
    }
}

/// Every refused typed move gets its own reason; the first points once to
/// `/move`, which answers privately. In English and in Welsh.
#[test]
fn every_refused_move_gets_its_reason_and_one_pointer_to_move() {
    for (lang, pointer) in [
        ("english", "/move plays a move too"),
        ("cymraeg", "Mae /move yn chwarae symudiad hefyd"),
    ] {
        let s = Session::new();
        let out = s.run(&[
            format!("alice@t: /language choice:{lang}"),
            format!("bob@t: /language choice:{lang}"),
            "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:defenders".into(),
            "bob@t: /accept".into(),
            // Not her turn, three times in a minute, each with a reason.
            "alice@t: e2-c2".into(),
            "alice@t: d6-d2".into(),
            "alice@t: d6-d3".into(),
            ":clock +2m".into(),
            // A minute later: in full again, without the pointer.
            "alice@t: d6-d3".into(),
            "alice@t: /move move:d6-d3".into(),
        ]);
        let answers: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("t> @alice ") || l.starts_with("t> alice: "))
            .filter(|l| !l.contains("challenges") && !l.contains("yn herio"))
            .collect();
        assert_eq!(answers.len(), 4, "{lang}: {out}");
        assert!(answers[0].contains(pointer), "{lang}: {out}");
        assert!(answers[1].starts_with("t> alice: "), "{lang}: {out}");
        assert!(answers[2].starts_with("t> alice: "), "{lang}: {out}");
        assert!(answers[3].starts_with("t> @alice "), "{lang}: {out}");
        assert_eq!(
            out.matches(pointer).count(),
            1,
            "pointed once: {lang}: {out}"
        );
        // Each answer carries the reason (the same one here: not her turn).
        let reason =
            &answers[0]["t> @alice ".len()..answers[0].find(" (").unwrap_or(answers[0].len())];
        for a in &answers {
            assert!(
                a.contains(reason.trim_end_matches('.')),
                "{lang}: {a}\n{out}"
            );
        }
        assert!(!out.contains("see my answer above"), "{out}");
        assert!(!out.contains("gweler fy ateb uchod"), "{out}");
        // /move answers privately.
        assert!(out.contains("t> (to alice) "), "{lang}: {out}");
    }
}

/// A player who leaves after their match of the round is over: that match
/// is not announced again as a forfeit.
#[test]
fn leaving_after_a_finished_match_relabels_nothing() {
    let s = Session::new();
    let g = "general";
    let r1a = "general/spring-r1-alice-carol";
    let mut script = tournament_signup(
        g,
        "name:Spring variant:tawlbwrdd format:swiss rounds:3 match:two-game",
        &["alice", "bob", "carol", "dave", "erin"],
    );
    script.push(say("olga", g, "/tournament start"));
    script.extend(king_escapes(r1a, "alice", "carol"));
    script.push(say("alice", r1a, "/resign"));
    script.push(":leave carol".into());
    let out = s.run(&script);
    let over = format!("{r1a}> Match over: @alice 0–2 @carol.");
    assert_eq!(out.matches(&over).count(), 1, "{out}");
    assert!(
        !out.contains(&format!("{r1a}> Match over: @alice 0–2 @carol (forfeit).")),
        "{out}"
    );
    assert!(out.contains("@carol"), "{out}");
}

/// `/notify how:dm`: never mentioned in the channel, a loss on time
/// included (named instead).
#[test]
fn a_player_who_chose_dms_is_never_mentioned_not_even_losing_on_time() {
    let s = Session::new();
    let out = s.run(&[
        "alice@x: /notify how:dm",
        "bob@x: /challenge opponent:@alice variant:tawlbwrdd side:attackers time:12h",
        "alice@x: /accept",
        "bob@x: e2-c2",
        ":clock +13h",
    ]);
    let lost = out
        .lines()
        .find(|l| l.starts_with("x> ") && l.contains("ran out of time"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(!lost.contains("@alice"), "{lost}\n{out}");
    assert!(lost.contains("alice"), "{lost}\n{out}");
    let after_accept = &out[out.find("x> Game 1").unwrap_or(0)..];
    for l in after_accept.lines().filter(|l| l.starts_with("x> ")) {
        assert!(!l.contains("@alice"), "{l}\n{out}");
    }
}

/// `/help challenge` in the console lists the command's options (in the
/// reader's language); an option a command does not have is refused by
/// name, never merged into the value before it.
#[test]
fn help_lists_a_commands_options_and_unknown_options_are_refused() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /help challenge",
        "alice@g: /help nosuch",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd foo:bar",
        "eira@g: /language choice:cymraeg",
        "eira@g: /help challenge",
    ]);
    assert!(out.contains("g> (to alice) /challenge — "), "{out}");
    assert!(out.contains("g> rated: — "), "{out}");
    assert!(out.contains("g> time: — "), "{out}");
    assert!(!out.contains("/help takes no options"), "{out}");
    assert!(
        out.contains("(to alice) There is no command /nosuch"),
        "{out}"
    );
    assert!(
        out.contains("(to alice) /challenge has no option foo: it takes"),
        "{out}"
    );
    assert!(!out.contains("tawlbwrdd foo:bar"), "{out}");
    assert!(out.contains("g> (to eira) /challenge — Herio"), "{out}");
}

/// `/mygames finished:true` names the opponent and says won, lost or
/// drawn; a challenge says it is unrated, and how to ask for a rated game.
#[test]
fn finished_games_name_the_opponent_and_the_result_and_challenges_say_unrated() {
    let s = Session::new();
    let mut script = vec![
        "alice@f: /challenge opponent:@bob variant:tawlbwrdd side:attackers".to_string(),
        "bob@f: /accept".into(),
    ];
    script.extend(king_escapes("f", "alice", "bob"));
    script.extend([
        "alice@f: /mygames finished:true".to_string(),
        "bob@f: /mygames finished:true".into(),
        "bob@f: /language choice:cymraeg".into(),
        "bob@f: /mygames finished:true".into(),
        "alice@f2: /challenge opponent:@carol variant:tawlbwrdd rated:true".into(),
    ]);
    let out = s.run(&script);
    assert!(out.contains("Tawlbwrdd against bob, lost — "), "{out}");
    assert!(out.contains("Tawlbwrdd against alice, won — "), "{out}");
    assert!(
        out.contains("Tawlbwrdd yn erbyn alice, wedi ennill — "),
        "{out}"
    );
    assert!(
        out.contains("(Unrated: add rated:true to /challenge for a rated game.)"),
        "{out}"
    );
    let rated = out
        .lines()
        .find(|l| l.contains("rated game of"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(!rated.contains("Unrated"), "{rated}");
}

/// The console numbers its pictures after those already in its folder,
/// and keeps `:admin` in its database: a second run overwrites nothing and
/// knows who manages the server.
#[test]
fn the_console_keeps_its_pictures_and_admins_across_runs() {
    let s = Session::new();
    let files = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| {
                l.split_once("> [file: ")
                    .map(|(_, p)| p.trim_end_matches(']').to_string())
            })
            .collect()
    };
    let first = s.run(&[
        ":admin olga",
        "alice@p: /challenge opponent:@bob variant:tawlbwrdd",
        "bob@p: /accept",
    ]);
    let second = s.run(&[
        "olga@p: /language choice:english server:true",
        "alice@p: /board",
    ]);
    let (a, b) = (files(&first), files(&second));
    assert!(!a.is_empty() && !b.is_empty(), "{first}\n{second}");
    for f in &b {
        assert!(!a.contains(f), "{f} overwritten:\n{first}\n{second}");
    }
    assert!(
        !second.contains("Only members with the Manage Server"),
        "{second}"
    );
    assert!(
        second.contains("English is now this server's language"),
        "{second}"
    );
}

/// A game in a thread is found from its parent channel: `/board` there,
/// and a move typed there, say where it is.
#[test]
fn a_thread_game_is_found_from_its_parent_channel() {
    for (lang, said) in [
        ("english", "Your game 1 is in #gen/"),
        ("cymraeg", "Mae'ch gêm 1 yn yr edefyn #gen/"),
    ] {
        let s = Session::new();
        let out = s.run(&[
            format!("alice@gen: /language choice:{lang}"),
            format!("bob@gen: /language choice:{lang}"),
            "alice@gen: /challenge opponent:@bob variant:gwyddbwyll options:size=8x8 thread:true"
                .into(),
            "bob@gen: /accept".into(),
            "bob@gen: /board".into(),
            "alice@gen: a2-a3".into(),
        ]);
        assert!(out.contains("gen> (to bob) "), "{out}");
        let told: Vec<&str> = out.lines().filter(|l| l.contains(said)).collect();
        assert_eq!(told.len(), 2, "{lang}: {out}");
        assert!(told[0].starts_with("gen> (to bob) "), "{lang}: {out}");
        assert!(told[1].starts_with("gen> @alice "), "{lang}: {out}");
    }
}

/// `/rules` in a game's channel explains that game, names its options and
/// explains each option the game has.
#[test]
fn rules_in_a_games_channel_explain_that_game_and_its_options() {
    let s = Session::new();
    let out = s.run(&[
        "alice@goedh: /challenge opponent:@bob variant:goedhboell options:dice,king-steps",
        "bob@goedh: /accept",
        "alice@goedh: /rules",
        "alice@goedh: /rules variant:gwyddbwyll",
        "eira@goedh: /language choice:cymraeg",
        "eira@cyrules: /rules variant:goedhboell",
    ]);
    assert!(
        out.contains("The game in this channel: Goedhboell, options: dice, king-steps."),
        "{out}"
    );
    assert!(out.contains("The king-steps option"), "{out}");
    assert!(out.contains("The corner-guard option"), "{out}");
    assert!(out.contains("The dux-jump option"), "{out}");
    assert!(out.contains("The size option"), "{out}");
    assert!(out.contains("Yr opsiwn corner-guard"), "{out}");
}

on_postgres!(
    a_channel_of_one_welsh_and_one_english_player_is_english_throughout,
    a_channel_whose_players_mostly_chose_welsh_is_welsh_throughout,
    every_refused_move_gets_its_reason_and_one_pointer_to_move,
    leaving_after_a_finished_match_relabels_nothing,
    a_player_who_chose_dms_is_never_mentioned_not_even_losing_on_time,
    help_lists_a_commands_options_and_unknown_options_are_refused,
    finished_games_name_the_opponent_and_the_result_and_challenges_say_unrated,
    the_console_keeps_its_pictures_and_admins_across_runs,
    a_thread_game_is_found_from_its_parent_channel,
    rules_in_a_games_channel_explain_that_game_and_its_options,
);
