//! A console game played entirely in Welsh, from the challenge to the
//! result: refusals (not your turn, a move that cannot be read, a move no
//! piece can make, a piece stopping on the throne), a reminder, a declined
//! draw offer, then a tournament round (create, join, start, a game in the
//! match thread) for players who read Welsh through the server's default.
//! Every line the bot writes must read Welsh and hold no English sentence.

mod console_support;
mod welsh_support;
use console_support::Session;
use welsh_support::{Detector, SECOND, THREAD};

fn welsh_game() -> String {
    let s = Session::new();
    s.run(&welsh_support::script("cymraeg"))
}

/// The bot's lines: everything but the console's own notices and the
/// pictures' file names.
fn bot_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| !l.starts_with("console> ") && !l.contains("> [file: "))
        .collect()
}

#[test]
fn the_detector_tells_english_from_welsh() {
    let d = Detector::new();
    assert!(d.english_sequences() > 500, "{}", d.english_sequences());
    for english in [
        "general> @alice played **e2-c2**. @bob to move (defenders), move 2.",
        "general> (to alice) It is the attackers' turn: @bob to move.",
        "general> Game 1: Tawlbwrdd — @bob (attackers) against @alice (defenders).",
        "general> The king escaped to a9. Defenders win!",
        "general> Your move, please.",
    ] {
        assert!(d.english_in(english).is_some(), "not caught: {english}");
    }
    for welsh in [
        "general> Chwaraeodd @alice **e1-e4**. @bob i symud (amddiffynwyr), symudiad 2.",
        "general> (to alice) Tro Gwyn yw hi: @carol i symud.",
        "general> Daeth amser yr amddiffynwyr i ben. Yr ymosodwyr sy'n ennill!",
        "general> f6 yw'r orsedd: dim ond y brenin gaiff aros yno.",
    ] {
        assert_eq!(d.english_in(welsh), None, "{welsh}");
        assert!(d.reads_welsh(welsh), "{welsh}");
    }
    assert!(!d.reads_welsh("general> Challenge accepted: good luck to both players"));
    // Mentions, moves and numbers are no words.
    assert!(d.reads_welsh("general> @alice **e2-c2** 1–0"));
}

#[test]
fn a_whole_game_and_a_tournament_round_in_welsh() {
    let out = welsh_game();
    let d = Detector::new();
    let lines = bot_lines(&out);
    assert!(lines.len() > 40, "{out}");
    let mut english = Vec::new();
    for l in &lines {
        // The record's "(to NAME)" marker and the channel are the console's.
        let body = l.split_once("> ").map_or(*l, |(_, b)| b);
        let body = body
            .strip_prefix("(to ")
            .and_then(|b| b.split_once(") "))
            .map_or(body, |(_, b)| b);
        if let Some(why) = d.english_in(body) {
            english.push(format!("{l}\n    ({why})"));
        } else if !d.reads_welsh(body) {
            english.push(format!("{l}\n    (no Welsh word)"));
        }
    }
    assert!(
        english.is_empty(),
        "{} English lines:\n{}\n\nthe whole session:\n{out}",
        english.len(),
        english.join("\n")
    );
}

/// The events of the script all happened, in Welsh.
#[test]
fn the_welsh_game_has_every_event() {
    let out = welsh_game();
    let has = |what: &str, needle: &str| {
        assert!(out.contains(needle), "no {what} ({needle:?}) in:\n{out}");
    };
    has(
        "language chosen",
        "general> (to alice) O hyn ymlaen, byddaf yn ysgrifennu atoch yn Gymraeg.",
    );
    has(
        "server language",
        "general> Cymraeg yw iaith y gweinydd hwn bellach",
    );
    has(
        "help",
        "general> (to alice) Mae **tawlbot** yn cadw'r bwrdd",
    );
    has("challenge", "general> Mae @alice yn herio @bob i chwarae Tawlbwrdd, ar ochr yr amddiffynwyr, 1 diwrnod y symudiad. Her 1:");
    has("opening", "general> Gêm 1: Tawlbwrdd — @bob (");
    has(
        "a move",
        "general> Chwaraeodd @bob **e2-c2**. @alice i symud (amddiffynwyr), symudiad 2.",
    );
    has("not your turn", "Tro'r ymosodwyr yw hi: @bob i symud.");
    has(
        "unreadable move",
        "general> (to bob) Ni allaf ddarllen \"zz9-e4\" fel symudiad.",
    );
    has("impossible move", "Mae darnau'n symud ar hyd rhes neu golofn, byth ar groeslin: dydy e2 a d3 ddim mewn llinell.");
    has(
        "throne",
        "general> (to alice) f6 yw'r orsedd: dim ond y brenin gaiff aros yno.",
    );
    has("reminder", "general> @bob, i'ch atgoffa: eich tro chi yw hi yng ngêm 1, ac mae 5 awr ar ôl ar eich cloc.");
    has(
        "draw offer",
        "general> Mae @alice yn cynnig gêm gyfartal. @bob: derbyniwch neu gwrthodwch",
    );
    has(
        "draw declined",
        "general> Gwrthododd @bob y cynnig o gêm gyfartal. Chwaraewch ymlaen: @alice i symud",
    );
    has("result", "general> Chwaraeodd @alice **f9-a9**. Dihangodd y brenin i a9. Yr amddiffynwyr sy'n ennill!");
    has(
        "tournament created",
        "general> Twrnamaint 1: **Gwanwyn** — Tawlbwrdd",
    );
    has("tournament refusal", "general> (to carol) ");
    has("round", "general> **Gwanwyn**, rownd 1 o 1:");
    has("board", "general> Bwrdd 1: @carol yn erbyn @dave");
    has(
        "match game",
        &format!("{THREAD}> **Gwanwyn**, rownd 1, bwrdd 1, gêm 1 o 1 (gêm 2): @carol ("),
    );
    has(
        "match move",
        &format!("{THREAD}> Chwaraeodd @{SECOND} **f9-a9**. Dihangodd y brenin i a9."),
    );
    has(
        "match result",
        &format!("{THREAD}> Gornest ar ben: @carol 0–1 @dave."),
    );
}
