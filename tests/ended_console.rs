//! A finished game looks finished (issue 21, item 2): its result and reason
//! in the caption, the alt text, `/board`, `/history` and the animated
//! record's last frame; a game ended with no result says so.

#[macro_use]
mod backends;
mod console_support;
use console_support::{king_escapes, Session};
use tawlbot::app::picture;
use tawlbot::i18n::Lang;

/// alice (defenders) and bob play a game on a 3-day clock; the king escapes.
fn escape() -> Vec<String> {
    let mut script = vec![
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:3d".to_string(),
        "bob@g: /accept".to_string(),
    ];
    script.extend(king_escapes("g", "bob", "alice"));
    script
}

#[test]
fn a_finished_game_shows_its_result_everywhere() {
    let s = Session::new();
    let out = s.run(&escape());
    assert!(
        out.contains("g> @alice played **f9-a9**. The king escaped to a9. Defenders win!"),
        "{out}"
    );
    let out = s.run(&["bob@g: /board", "bob@g: /history"]);
    // /board: the result, never whose move it is.
    assert!(
        out.contains("g> Game 1. The king escaped to a9. Defenders win!"),
        "{out}"
    );
    assert!(!out.contains("to move"), "{out}");
    // The alt text: the result, and no escape line any more.
    let alt = out
        .lines()
        .find(|l| l.starts_with("g> [alt: "))
        .expect(&out);
    assert!(alt.contains("game over after 10 moves"), "{alt}");
    assert!(alt.contains("Defenders won: the king escaped."), "{alt}");
    assert!(alt.contains("The king is on a9."), "{alt}");
    assert!(!alt.contains("open line"), "{alt}");
    // /history ends with the result.
    assert!(
        out.contains("5… defenders f9-a9\ng> The king escaped to a9. Defenders win!"),
        "{out}"
    );
    // The picture's caption and the animation's frames.
    let l = s.latest_game("g");
    assert_eq!(
        tawlbot::i18n::without_isolation(&picture::caption_in(Lang::En, &l.game, ["alice", "bob"])),
        "10 moves · Defenders win: king escaped"
    );
    assert_eq!(
        tawlbot::i18n::without_isolation(&picture::caption_in(Lang::Cy, &l.game, ["alice", "bob"])),
        "10 symudiad · Yr amddiffynwyr sy'n ennill: dihangodd y brenin"
    );
    let frames: Vec<String> = picture::gif_captions(Lang::En, &l.game)
        .iter()
        .map(|f| tawlbot::i18n::without_isolation(f))
        .collect();
    assert_eq!(frames.len(), 11);
    assert_eq!(frames[0], "Tawlbwrdd · start");
    assert_eq!(frames[5], "Tawlbwrdd · move 5 of 10");
    assert_eq!(
        frames[10],
        "Tawlbwrdd · 10 moves · Defenders win: king escaped"
    );

    // A resignation: the last frame gives it, though it is no move.
    let out = s.run(&[
        "alice@h: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@h: /accept",
        "bob@h: e2-c2",
        "alice@h: /resign",
    ]);
    assert!(
        out.contains("alice (defenders) resigned: @bob (attackers) wins."),
        "{out}"
    );
    let l = s.latest_game("h");
    let frames: Vec<String> = picture::gif_captions(Lang::En, &l.game)
        .iter()
        .map(|f| tawlbot::i18n::without_isolation(f))
        .collect();
    assert_eq!(
        frames.last().unwrap(),
        "Tawlbwrdd · 1 move · Attackers win: resignation"
    );
}

#[test]
fn an_aborted_game_says_it_ended_with_no_result() {
    let s = Session::new();
    let out = s.run(&[
        ":admin olga",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: e2-c2",
        "olga@g: /abort",
        "bob@g: /board",
        "bob@g: /history",
    ]);
    assert!(out.contains("was ended by"), "{out}");
    let after = &out[out.find("was ended by").unwrap()..];
    assert!(!after.contains("to move"), "{after}");
    assert_eq!(
        after
            .matches("Game over: it was ended with no result.")
            .count(),
        2,
        "{after}"
    );
    assert!(
        after.contains("g> Game 1. Game over: it was ended with no result."),
        "{after}"
    );
}

on_postgres!(
    a_finished_game_shows_its_result_everywhere,
    an_aborted_game_says_it_ended_with_no_result
);
