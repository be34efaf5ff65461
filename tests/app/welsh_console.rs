//! A console game played entirely in Welsh, from the challenge to the
//! result: refusals (not your turn, a move that cannot be read, a move no
//! piece can make, a piece stopping on the throne), a reminder, a declined
//! draw offer, then a tournament round (create, join, start, a game in the
//! match thread) for players who read Welsh through the server's default.
//! Every line the bot writes must read Welsh and hold no English sentence.

use crate::console_support;
use crate::welsh_support;
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

/// What the bot wrote on a line: without the channel and the record's
/// "(to NAME)" marker, which are the console's.
fn body(line: &str) -> &str {
    let body = line.split_once("> ").map_or(line, |(_, b)| b);
    body.strip_prefix("(to ")
        .and_then(|b| b.split_once(") "))
        .map_or(body, |(_, b)| b)
}

#[test]
fn the_detector_tells_english_from_welsh() {
    let d = Detector::new();
    assert!(d.english_sequences() > 500, "{}", d.english_sequences());
    for english in [
        "general> @alice played **e2-c2**. @bob to move (defenders), move 1.",
        "general> (to alice) It is the attackers' turn: @bob to move.",
        "general> Game 1: Tawlbwrdd — @bob (attackers) against @alice (defenders).",
        "general> The king escaped to a9. Defenders win!",
        "general> Your move, please.",
    ] {
        assert!(d.english_in(english).is_some(), "not caught: {english}");
    }
    for welsh in [
        "general> Chwaraeodd @alice **e1-e4**. @bob i symud (amddiffynwyr), symudiad 1.",
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
        let body = body(l);
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
        "general> (to alice) Mae **tawlbot** yn gofalu am y bwrdd",
    );
    has("challenge", "general> Mae @alice yn herio @bob i chwarae Tawlbwrdd, a'r heriwr ar ochr yr amddiffynwyr, 1 diwrnod y symudiad. Her 1:");
    has("opening", "general> Gêm 1: Tawlbwrdd — @bob (");
    has(
        "a move",
        "general> Chwaraeodd @bob **e2-c2**. @alice i symud (amddiffynwyr), symudiad 1.",
    );
    has("not your turn", "Tro'r ymosodwyr yw hi: @bob i symud.");
    has(
        "unreadable move",
        "general> (to bob) Alla i ddim darllen \"zz9-e4\" fel symudiad.",
    );
    has("impossible move", "Mae darnau'n symud ar hyd rhes neu golofn, byth ar groeslin: dydy'r symudiad e2-d3 ddim ar hyd llinell syth.");
    has(
        "throne",
        "general> (to alice) f6 yw'r orsedd: dim ond y brenin gaiff aros yno.",
    );
    has("reminder", "general> @bob, i'ch atgoffa: eich tro chi yw hi yng ngêm 1, ac mae 5 awr ar ôl ar eich cloc.");
    has(
        "draw offer",
        "general> Mae @alice yn cynnig gêm gyfartal. @bob: derbyniwch neu wrthodwch",
    );
    has(
        "draw declined",
        "general> Gwrthododd @bob y cynnig gêm gyfartal. Mae'r gêm yn parhau: @alice i symud",
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

/// Text boards and refused positions for players who read Welsh: the
/// board's legend and every problem with a position are Welsh, with no
/// English word or sentence (the legend once said "attacker", "king",
/// "last move"; the problems were English sentences built in `notation`).
#[test]
fn text_boards_and_refused_positions_in_welsh() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /language choice:cymraeg",
        "bob@general: /language choice:cymraeg",
        // Two kings (OTN), no king and a man in a corner (OTN), a letter
        // that is no piece, a rank too short (tawlbot's rows), no slashes.
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd position:/11/11/11/11/11/4KK5/11/11/11/11/11/",
        "alice@general: /challenge opponent:@bob variant:tallfwrdd position:/t8/9/9/9/9/9/9/9/8T/",
        "alice@general: /challenge opponent:@bob variant:tallfwrdd position:/9/9/9/9/9/9/9/9/8z/",
        "alice@general: /challenge opponent:@bob variant:gwyddbwyll options:dux position:13/13/13/13/13/13/13/12",
        "alice@general: /challenge opponent:@bob variant:gwyddbwyll position:13/13/13/13/13/13/13/W12",
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@general: /accept",
        "bob@general: e2-c2",
        "alice@general: /board style:text",
        "alice@other: /challenge opponent:@bob variant:goedhboell",
        "bob@other: /accept",
        "bob@other: /board style:text",
    ]);
    let d = Detector::new();
    // The English legend and problems would be caught.
    for english in [
        "X attacker, O defender, K king, '.' empty, # only the king stops here",
        "There is no king: a Tallfwrdd position needs exactly one (K).",
    ] {
        assert!(d.english_in(english).is_some(), "not caught: {english}");
    }
    let mut english = Vec::new();
    for l in bot_lines(&out) {
        if let Some(why) = d.english_in(body(l)) {
            english.push(format!("{l}\n    ({why})"));
        }
    }
    assert!(english.is_empty(), "{}\n\n{out}", english.join("\n"));
    for needle in [
        "general> (to alice) Does dim modd chwarae'r safle hwnnw fel Tawlbwrdd: Mae 2 frenin (e6 ac f6): mae angen union un ar safle Tawlbwrdd.",
        "Does dim brenin: mae angen union un (K) ar safle Tallfwrdd. Mae ymosodwr ar a1, sef cornel: dim ond y brenin gaiff sefyll yno.",
        "Mae 'z' yn rhes 9, a dydy e ddim yn ddarn y mae tawlbot yn ei adnabod",
        "Mae 12 sgwâr yn rhes 1, ond mae bwrdd Gwyddbwyll yn 13 sgwâr o led.",
        "Mae dux ar a1, ond mae'r gêm hon yn cael ei chwarae heb yr opsiwn dux.",
        "X ymosodwr, O amddiffynnwr, K brenin, '.' gwag, # dim ond y brenin gaiff aros yma",
        "y symudiad olaf: * o, [ ] i, × wedi'i gipio",
        "@hv: colofnau 1-9 ar draws, rhesi 1-9 i fyny",
    ] {
        assert!(out.contains(needle), "no {needle:?} in:\n{out}");
    }
}

/// The Welsh, through the console: a refused move
/// starts with the piece ("Y brenin sydd ar f6", not "Mae y brenin ar
/// f6"); a tournament's name never follows a mutating word ("ymuno â'r
/// twrnamaint **Gwanwyn**", not "ymuno â **Gwanwyn**"); the tournament's
/// format and state are the glossary's words.
#[test]
fn pieces_and_tournament_names_in_welsh_sentences() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /language choice:cymraeg",
        "bob@general: /language choice:cymraeg",
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@general: /accept",
        // The attackers move first: the king is not bob's.
        "bob@general: f6-f1",
        "bob@general: e2-e3",
        // A defender cannot stop on the attacker at e3.
        "alice@general: e5-e3",
        ":admin olga",
        "olga@club: /language choice:cymraeg server:true",
        "olga@club: /tournament create name:Gwanwyn variant:tawlbwrdd format:swiss rounds:2 match:single",
        "carol@club: /tournament join",
        "carol@club: /tournament join",
        "olga@club: /tournament withdraw player:@dave",
        "olga@club: /tournament info",
    ]);
    for needle in [
        "Y brenin sydd ar f6, a thro'r ymosodwyr yw hi.",
        "Ymosodwr sydd ar e3 yn barod: dim ond ar sgwâr gwag y caiff darn aros.",
        "club> Mae @carol yn ymuno â'r twrnamaint **Gwanwyn** (1 chwaraewr).",
        "(to carol) Rydych chi eisoes wedi ymuno â'r twrnamaint **Gwanwyn**.",
        "Dydy @dave ddim yn y twrnamaint **Gwanwyn**.",
        "Tawlbwrdd, system y Swistir, 2 rownd",
        "Statws: yn derbyn chwaraewyr.",
    ] {
        assert!(out.contains(needle), "no {needle:?} in:\n{out}");
    }
    for wrong in ["Mae y ", "â **", "o **", "yn **", "Swiss", "Cyflwr"] {
        assert!(!out.contains(wrong), "{wrong:?} in:\n{out}");
    }
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    the_detector_tells_english_from_welsh,
    a_whole_game_and_a_tournament_round_in_welsh,
    the_welsh_game_has_every_event,
    text_boards_and_refused_positions_in_welsh,
    pieces_and_tournament_names_in_welsh_sentences,
);
