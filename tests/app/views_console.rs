//! How players see boards, through the console: alt text after every
//! picture, `/board style:text`, `/settings`, `/export format:otn` and
//! `/challenge position:`.

use crate::console_support;
use console_support::{tournament_signup, Session};

/// Every `[file: ...png]` or `.gif]` line is followed by a non-empty
/// `[alt: ...]` line of at most 1,024 characters; returns the alt texts.
fn alts(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let mut found = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some((chan, rest)) = l.split_once("> [file: ") else {
            continue;
        };
        if !(rest.ends_with(".png]") || rest.ends_with(".gif]")) {
            continue;
        }
        let next = lines.get(i + 1).copied().unwrap_or("");
        let alt = next
            .strip_prefix(&format!("{chan}> [alt: "))
            .and_then(|a| a.strip_suffix(']'))
            .unwrap_or_else(|| panic!("no alt after {l}:\n{out}"));
        assert!(!alt.trim().is_empty(), "{out}");
        assert!(alt.chars().count() <= 1024, "{alt}");
        found.push(alt.to_string());
    }
    found
}

#[test]
fn every_picture_has_alt_text_in_the_readers_language() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@general: /accept",
        "bob@general: e2-c2",
        "alice@general: /board",
        "alice@general: /moves square:f4",
        "alice@general: /rules variant:gwyddbwyll",
        "alice@general: /export",
        "alice@general: /language choice:cymraeg",
        "alice@general: /board",
    ]);
    let a = alts(&out);
    // Accept, move, /board, /moves, /rules, the GIF, /board in Welsh.
    assert_eq!(a.len(), 7, "{out}");
    assert!(
        a[1].starts_with("Tawlbwrdd, move 1. Defenders to play. Last move: an attacker, e2 to c2."),
        "{}",
        a[1]
    );
    assert!(a[3].contains("The king is on f6 (the throne)"), "{}", a[3]);
    assert!(
        a[4].starts_with("Gwyddbwyll, move 1. White to play."),
        "{}",
        a[4]
    );
    assert!(
        a[5].starts_with("An animation of the Tawlbwrdd game, 1 move"),
        "{}",
        a[5]
    );
    assert!(
        a[6].starts_with("Tawlbwrdd, symudiad 1. Yr amddiffynwyr i symud."),
        "{}",
        a[6]
    );
    assert!(a[6].contains("Mae'r brenin ar f6 (yr orsedd)"), "{}", a[6]);
}

#[test]
fn board_as_text_and_settings() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:gwyddbwyll",
        "bob@general: /accept",
        "alice@general: /board style:text",
        "alice@general: /settings",
        "alice@general: /settings board:both theme:contrast",
        "alice@general: /board",
        "alice@general: /settings board:text",
        "alice@general: /board",
        "alice@general: /settings theme:neon",
        "alice@general: /board style:sideways",
    ]);
    assert!(
        out.contains("general> Game 1. @bob to move (black), move 1. Time left: 2 days 23 hours, until 2026-01-04 00:00 UTC.\ngeneral> ```\n"),
        "{out}"
    );
    assert!(
        out.contains("general> (to alice) You see boards as a picture, in the light theme."),
        "{out}"
    );
    assert!(
        out.contains(
            "general> (to alice) Saved. You see boards as a picture and as text, in the high-contrast theme."
        ),
        "{out}"
    );
    assert!(
        out.contains("general> (to alice) The picture themes are light, dark and contrast"),
        "{out}"
    );
    assert!(
        out.contains("general> (to alice) A board is shown as a picture, as text, or both"),
        "{out}"
    );
    // style:text, both (picture and text), text: three diagrams, one picture
    // after the accept and one for `both`.
    assert_eq!(
        out.matches(" a b c d e f g h i j k l m\n").count(),
        3 * 2,
        "{out}"
    );
    assert_eq!(alts(&out).len(), 2, "{out}");
    let alice: Vec<&str> = out.lines().collect();
    let both = alice
        .iter()
        .position(|l| l.contains("Saved. You see boards as a picture and as text"))
        .unwrap();
    assert!(
        alice[both + 1..].iter().any(|l| l.contains("[file: ")),
        "{out}"
    );
}

#[test]
fn export_as_otn() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:1d",
        "bob@general: /accept",
        "bob@general: e2-c2",
        "alice@general: /export format:otn",
        "alice@general: /export format:pgn",
    ]);
    assert!(
        out.contains("general> The record of game 1 in OpenTafl notation (OTN)."),
        "{out}"
    );
    assert!(
        out.contains("general> (to alice) The export formats are tawlbot"),
        "{out}"
    );
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("general> [file: "))
        .filter(|p| p.ends_with(".otn]"))
        .map(|p| p.trim_end_matches(']').to_string());
    let path = path.unwrap_or_else(|| {
        out.lines()
            .filter_map(|l| l.strip_prefix("general> [file: "))
            .find(|p| p.ends_with(".otn]"))
            .expect("an .otn file")
            .trim_end_matches(']')
            .to_string()
    });
    let otn = std::fs::read_to_string(path).unwrap();
    assert!(otn.contains("[attackers:bob]"), "{otn}");
    assert!(otn.contains("[defenders:alice]"), "{otn}");
    assert!(otn.contains("[time-control:0 86400/1 0i]"), "{otn}");
    assert!(otn.contains("[rated:no]"), "{otn}");
    assert!(otn.contains("1. e2-c2"), "{otn}");
    let (game, _) = tawlbot::notation::otn::read_game(&otn, 1).unwrap();
    assert_eq!(game.record().len(), 1);
}

#[test]
fn challenge_from_a_position() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders position:/11/11/11/11/11/4KK5/11/11/11/11/11/ rated:true",
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders position:/11/11/11/3t7/11/5K5/11/11/3t7/11/11/ rated:true",
        // rated:true with a position is refused: unrated.
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders position:/11/11/11/3t7/11/5K5/11/11/3t7/11/11/",
        "bob@general: /accept",
        "bob@general: d4-c4",
        "alice@general: f6-f1",
        "alice@general: /export format:otn",
    ]);
    assert!(
        out.contains("general> (to alice) That position cannot be played as Tawlbwrdd:"),
        "{out}"
    );
    assert!(
        out.contains("general> (to alice) A game from a position of its own is never rated"),
        "{out}"
    );
    assert!(out.contains("Defenders win!"), "{out}");
    let path = out
        .lines()
        .filter_map(|l| l.strip_prefix("general> [file: "))
        .find(|p| p.ends_with(".otn]"))
        .expect("an .otn file")
        .trim_end_matches(']')
        .to_string();
    let otn = std::fs::read_to_string(path).unwrap();
    assert!(otn.contains("[rated:no]"), "{otn}");
    assert!(otn.contains("[position:"), "{otn}");
    assert!(otn.contains("[result:-1]"), "{otn}");
}

#[test]
fn a_player_who_chose_text_boards_gets_them_in_move_replies_too() {
    let s = Session::new();
    let out = s.run(&[
        "alice@general: /settings board:text",
        "alice@general: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@general: /accept",
        "bob@general: e2-c2",
    ]);
    // Bob's move addresses alice (to move): her reply has the text board
    // and no picture.
    let reply: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("general> @bob played **e2-c2**"))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(reply.contains(&"general> ```"), "{out}");
    assert!(!reply.iter().any(|l| l.contains("[file:")), "{out}");
    // The opening addresses bob (attackers move first), who kept pictures.
    assert!(out.contains("[file:"), "{out}");
}

#[test]
fn an_otn_record_of_a_tournament_game_names_the_event_and_round() {
    let s = Session::new();
    let mut script = tournament_signup(
        "general",
        "name:Gwanwyn variant:tawlbwrdd format:round-robin",
        &["carol", "dave"],
    );
    script.extend([
        "olga@general: /tournament start".into(),
        "carol@general/gwanwyn-r1-carol-dave: /export format:otn".into(),
    ]);
    let out = s.run(&script);
    let path = out
        .lines()
        .filter_map(|l| l.split_once("[file: ").map(|(_, p)| p))
        .find(|p| p.ends_with(".otn]"))
        .expect("an .otn file")
        .trim_end_matches(']')
        .to_string();
    let otn = std::fs::read_to_string(path).unwrap();
    assert!(otn.contains("[event:Gwanwyn]"), "{otn}");
    assert!(otn.contains("[round:1]"), "{otn}");
}

// The same tests on PostgreSQL (tests/backends).
on_postgres!(
    every_picture_has_alt_text_in_the_readers_language,
    board_as_text_and_settings,
    export_as_otn,
    challenge_from_a_position,
    a_player_who_chose_text_boards_gets_them_in_move_replies_too,
    an_otn_record_of_a_tournament_game_names_the_event_and_round,
);
