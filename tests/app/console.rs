//! Console scripts: whole games in every variant, from challenge to result,
//! plus the bad input a busy channel produces. The console runs the same
//! `app` code as the Discord adapter.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::console_support;
use console_support::Session;

#[test]
fn tawlbwrdd_from_challenge_to_escape() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:3d",
        "bob@general: /accept",
        "bob@general: e2-c2",
        "alice@general: g7-g9",
        "bob@general: /move move:g2-i2",
        "alice@general: f7 g7",
        "bob@general: c2c3",
        "alice@general: F8–H8",
        "bob@general: i2→i3",
        "alice@general: f6-f9",
        "bob@general: c3-c4",
        "alice@general: f9-a9",
    ]);
    assert!(
        out.contains(
            "general> @alice challenges @bob to a game of Tawlbwrdd, playing the defenders"
        ),
        "{out}"
    );
    assert!(
        out.contains("general> Game 1: Tawlbwrdd — @bob (attackers) against @alice (defenders)."),
        "{out}"
    );
    assert!(
        out.contains("general> @alice played **f9-a9**. The king escaped to a9. Defenders win!"),
        "{out}"
    );
    // A picture after every move, saved under the output folder.
    let files = out
        .lines()
        .filter(|l| l.starts_with("general> [file: "))
        .count();
    assert_eq!(files, 11, "{out}");
    let first = out
        .lines()
        .find(|l| l.starts_with("general> [file: "))
        .unwrap();
    let path = first
        .trim_start_matches("general> [file: ")
        .trim_end_matches(']');
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

#[test]
fn walker_in_a_thread_from_challenge_to_escape() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd-walker side:attackers thread:true",
        "bob@general: /accept",
        "alice@general/alice-vs-bob-tawlbwrdd-walker: f2-c2",
        "bob@general/alice-vs-bob-tawlbwrdd-walker: g7-g9",
        "alice@general/alice-vs-bob-tawlbwrdd-walker: c2-c3",
        "bob@general/alice-vs-bob-tawlbwrdd-walker: f8-h8",
        "alice@general/alice-vs-bob-tawlbwrdd-walker: h1-h3",
        "bob@general/alice-vs-bob-tawlbwrdd-walker: f7-h7",
        "alice@general/alice-vs-bob-tawlbwrdd-walker: h3-i3",
        "bob@general/alice-vs-bob-tawlbwrdd-walker: f6-f9",
        "alice@general/alice-vs-bob-tawlbwrdd-walker: c3-c4",
        "bob@general/alice-vs-bob-tawlbwrdd-walker: f9-a9",
    ]);
    assert!(
        out.contains("general/alice-vs-bob-tawlbwrdd-walker> Game 1: Tawlbwrdd (Walker)"),
        "{out}"
    );
    assert!(out.contains("general> Challenge 1 accepted: the game is on in #general/alice-vs-bob-tawlbwrdd-walker."), "{out}");
    assert!(out.contains("general/alice-vs-bob-tawlbwrdd-walker> @bob played **f9-a9**. The king escaped to a9. Defenders win!"), "{out}");
}

#[test]
fn goedhboell_in_hv_notation() {
    let s = Session::new();
    let out = s.run(&[
        "alice@celtic: /challenge opponent:@bob variant:celtic-chess side:assailants",
        "bob@celtic: /accept",
        "alice@celtic: o @41 @21",
        "bob@celtic: @56-@86",
        "alice@celtic: @61 @81",
        "bob@celtic: @57@87",
        "alice@celtic: @21-@22",
        "bob@celtic: + @55 @57",
        "alice@celtic: @81-@82",
        "bob@celtic: @57-@17",
        "alice@celtic: @22-@23",
        "bob@celtic: @17-@19",
    ]);
    assert!(out.contains("celtic> @alice played **@41-@21**."), "{out}");
    assert!(
        out.contains("celtic> @bob played **@17-@19**. The king escaped to @19. Princes win!"),
        "{out}"
    );
}

#[test]
fn tallfwrdd_ends_by_resignation_and_history_stays() {
    let s = Session::new();
    let out = s.run(&[
        "alice@hall: /challenge opponent:@bob variant:tallfwrdd side:attackers",
        "bob@hall: /accept",
        "alice@hall: d1-d3",
        "alice@hall: d1-d2",
        "bob@hall: e4-d4",
        "alice@hall: /resign",
        "alice@hall: d2-d3",
        "bob@hall: /history",
    ]);
    assert!(
        out.contains("hall> @alice In Tallfwrdd every piece moves one square at a time."),
        "{out}"
    );
    assert!(
        out.contains("hall> The attackers resigned. Defenders win!"),
        "{out}"
    );
    assert!(out.contains("hall> 1. attackers d1-d2"), "{out}");
    assert!(out.contains("hall> 1… defenders e4-d4"), "{out}");
}

#[test]
fn gwyddbwyll_draw_by_agreement_and_takeback() {
    let s = Session::new();
    let out = s.run(&[
        "alice@forum: /challenge opponent:@bob variant:latrunculi options:size=8x8 dux",
        "bob@forum: /accept",
        "alice@forum: /draw",
        "bob@forum: /draw answer:decline",
        "bob@forum: /draw",
        "alice@forum: /draw answer:accept",
    ]);
    assert!(out.contains("forum> @alice offers a draw."), "{out}");
    assert!(out.contains("forum> @bob declined a draw."), "{out}");
    assert!(out.contains("forum> Drawn by agreement."), "{out}");
    assert!(out.contains("The coin toss goes to"), "{out}");
}

#[test]
fn takeback_needs_the_opponent() {
    let s = Session::new();
    let out = s.run(&[
        "alice@t: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@t: /accept",
        "alice@t: e2-c2",
        "alice@t: /takeback",
        "bob@t: /takeback answer:accept",
        "alice@t: /history",
    ]);
    assert!(out.contains("t> @alice asks for a takeback."), "{out}");
    assert!(
        out.contains(
            "t> Takeback accepted: 1 move taken back. @alice to move (attackers), move 1."
        ),
        "{out}"
    );
    assert!(out.contains("t> No moves yet."), "{out}");
}

#[test]
fn bad_input_is_refused_or_ignored_and_changes_nothing() {
    let s = Session::new();
    let long = "e".repeat(10_000);
    let mut script = vec![
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers".to_string(),
        "bob@g: /accept".to_string(),
        "alice@g: /frobnicate now:yes".to_string(),
        "alice@g: /move move:banana".to_string(),
        "alice@g: hello there, good luck".to_string(),
        format!("alice@g: {long}"),
        format!("alice@g: /move move:{long}"),
        "alice@g: /move move:f6-f9".to_string(),
        "alice@g: /move move:k12-k13".to_string(),
        "alice@g: /move move:e2-e3xe4".to_string(),
        "alice@elsewhere: /move move:e2-c2".to_string(),
        "carol@g: /move move:e2-c2".to_string(),
        "bob@g: f6-f9".to_string(),
        "this line has no speaker".to_string(),
        "@g: e2-c2".to_string(),
    ];
    for _ in 0..50 {
        script.push("carol@g: e2-c2".to_string());
    }
    script.push("alice@g: /history".to_string());
    let out = s.run(&script);
    assert!(
        out.contains("g> (to alice) There is no /frobnicate command."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) I can't read \"banana\" as a move."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) That is far too long to be a move."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) The king is on f6, and it is the attackers' turn."),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) k12 is not on the board"),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) e2-e3 captures nothing, not e4."),
        "{out}"
    );
    assert!(
        out.contains("elsewhere> (to alice) There is no game in this channel."),
        "{out}"
    );
    assert!(
        out.contains("g> (to carol) You are not playing in this game"),
        "{out}"
    );
    assert!(
        out.contains("g> @bob It is the attackers' turn: @alice to move."),
        "{out}"
    );
    assert!(out.contains("console> cannot read line"), "{out}");
    assert!(!out.contains("carol played"), "{out}");
    assert!(!out.contains("hello"), "{out}");
    assert!(out.contains("g> No moves yet."), "{out}");
    // The spectator's flood got no answer at all.
    assert_eq!(out.matches("(to carol)").count(), 1, "{out}");
}

#[test]
fn open_challenge_first_taker_and_refusals() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge variant:tallfwrdd",
        "alice@g: /accept",
        "carol@g: /accept",
        "bob@g: /accept",
        "alice@g: /challenge opponent:@alice",
        "alice@g: /challenge opponent:@tawlbot",
        "alice@g: /challenge opponent:@bob variant:chess",
        "alice@g: /challenge opponent:@bob variant:gwyddbwyll options:dice",
    ]);
    assert!(
        out.contains("g> @alice posts an open challenge: anyone may take it"),
        "{out}"
    );
    assert!(
        out.contains("g> (to alice) That is your own challenge"),
        "{out}"
    );
    assert!(out.contains("g> Game 1: Tallfwrdd"), "{out}");
    assert!(
        out.contains("g> (to bob) There is no open challenge here for you."),
        "{out}"
    );
    assert!(
        out.contains("(to alice) You cannot challenge yourself"),
        "{out}"
    );
    assert!(
        // The bot plays now, but this channel already has a game.
        out.contains("(to alice) This channel already has a game (game 1)."),
        "{out}"
    );
    assert!(
        out.contains("(to alice) There is no game called \"chess\"."),
        "{out}"
    );
    assert!(
        out.contains("(to alice) Gwyddbwyll (ludus latrunculorum) has no option \"dice\""),
        "{out}"
    );
}

#[test]
fn clock_loss_on_time_cancellation_and_restart() {
    let s = Session::new();
    let out = s.run(&[
        "alice@a: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@a: /accept",
        "alice@b: /challenge opponent:@bob variant:tawlbwrdd side:attackers time:1d",
        "bob@b: /accept",
        "alice@b: e2-c2",
        ":clock +12h",
    ]);
    assert!(!out.contains("cancelled"), "{out}");
    // A second run on the same database: the deadlines are still there.
    let out2 = s.run(&[":clock +13h", "bob@b: /board"]);
    assert!(
        out2.contains("a> Game 1 is cancelled: no move was made before the deadline."),
        "{out2}"
    );
    assert!(
        out2.contains("b> @bob The defenders ran out of time. Attackers win!"),
        "{out2}"
    );
}

#[test]
fn console_binary_prints_the_documented_formats() {
    let s = Session::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tawlbot"))
        .args(["console", "--db"])
        .arg(&s.db)
        .arg("--out")
        .arg(&s.out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders\nbob@general: /accept\nbob@general: /moves square:e2\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = tawlbot::i18n::without_isolation(&String::from_utf8(out.stdout).unwrap());
    assert!(text.contains("general> Game 1: Tawlbwrdd"), "{text}");
    assert!(
        text.contains("general> (to bob) An attacker on e2 can go to"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("general> [file: ") && l.ends_with(".png]")),
        "{text}"
    );
}

/// A player's repeated refused plain-message moves each get their own
/// reason: in full (with a mention) once a minute, shortened (named, not
/// mentioned) after that, never silence (each console line is a second
/// later).
#[test]
fn repeated_refused_moves_get_one_reply_a_minute() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@general: /accept",
        // alice is not to move: refused, then the same again and again.
        "alice@general: d6-d8",
        "alice@general: d6-d8",
        "alice@general: d6-d9",
        // bob's illegal move in the same minute: his first refusal is answered.
        "bob@general: a1-a2",
        "bob@general: a1-a3",
        ":clock +1m",
        "alice@general: d6-d8",
    ]);
    let alice = out
        .lines()
        .filter(|l| l.starts_with("general> @alice It is "))
        .count();
    assert_eq!(alice, 2, "one, then one a minute later:\n{out}");
    // The second and third refusals within the minute: the reason again,
    // shortened.
    assert_eq!(
        out.matches("general> alice: It is the attackers' turn")
            .count(),
        2,
        "{out}"
    );
    assert!(!out.contains("see my answer above"), "{out}");
    let bob = out
        .lines()
        .filter(|l| l.starts_with("general> @bob ") || l.starts_with("general> bob: "))
        .count();
    assert_eq!(bob, 2, "a full answer and a short one:\n{out}");
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    tawlbwrdd_from_challenge_to_escape,
    walker_in_a_thread_from_challenge_to_escape,
    goedhboell_in_hv_notation,
    tallfwrdd_ends_by_resignation_and_history_stays,
    gwyddbwyll_draw_by_agreement_and_takeback,
    takeback_needs_the_opponent,
    bad_input_is_refused_or_ignored_and_changes_nothing,
    open_challenge_first_taker_and_refusals,
    clock_loss_on_time_cancellation_and_restart,
    console_binary_prints_the_documented_formats,
    repeated_refused_moves_get_one_reply_a_minute,
);
