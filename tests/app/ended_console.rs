//! A finished game looks finished: its result and reason
//! in the caption, the alt text, `/board`, `/history` and the animated
//! record's last frame; a game ended with no result says so.

use crate::console_support;
use console_support::{king_escapes, Session};
use tawlbot::app::presentation::picture;
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
    assert!(alt.contains("game over after 5 moves"), "{alt}");
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
        "5 moves · Defenders win: king escaped"
    );
    assert_eq!(
        tawlbot::i18n::without_isolation(&picture::caption_in(Lang::Cy, &l.game, ["alice", "bob"])),
        "5 symudiad · Yr amddiffynwyr sy'n ennill: dihangodd y brenin"
    );
    let frames: Vec<String> = picture::gif_captions(Lang::En, &l.game)
        .iter()
        .map(|f| tawlbot::i18n::without_isolation(f))
        .collect();
    assert_eq!(frames.len(), 11);
    assert_eq!(frames[0], "Tawlbwrdd · start");
    assert_eq!(frames[5], "Tawlbwrdd · move 3 · defenders to move");
    assert_eq!(
        frames[10],
        "Tawlbwrdd · 5 moves · Defenders win: king escaped"
    );
    let cy: Vec<String> = picture::gif_captions(Lang::Cy, &l.game)
        .iter()
        .map(|f| tawlbot::i18n::without_isolation(f))
        .collect();
    assert_eq!(cy[5], "Tawlbwrdd · symudiad 3 · yr amddiffynwyr i symud");
    assert_eq!(
        cy[10],
        "Tawlbwrdd · 5 symudiad · Yr amddiffynwyr sy'n ennill: dihangodd y brenin"
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

/// The number after "move " / "Move " / "symudiad " in `text`.
fn move_number(text: &str) -> Option<u32> {
    let text = text.to_lowercase();
    let at = ["move ", "symudiad "]
        .iter()
        .find_map(|w| text.find(w).map(|i| i + w.len()))?;
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Every frame of the animation names the move the picture of the same
/// position names (by turn, as OTN): "move 3" on the frame after 5 plies
/// and "Move 3 · bob to move" on the picture, in English and Welsh.
#[test]
fn a_gif_frame_and_the_picture_of_its_position_name_the_same_move() {
    let s = Session::new();
    s.run(&escape());
    let l = s.latest_game("g");
    let g = &l.game;
    for lang in [Lang::En, Lang::Cy] {
        let frames = picture::gif_captions(lang, g);
        assert_eq!(frames.len(), g.record().len() + 1);
        let mut at = tawlbot::rules::Game::with_first(g.rules().clone(), g.seed(), Some(g.first()));
        for (n, p) in g.record().iter().enumerate().take(g.record().len() - 1) {
            at.play(p.mv).expect("the record replays");
            let ply = n + 1;
            let frame = tawlbot::i18n::without_isolation(&frames[ply]);
            let caption =
                tawlbot::i18n::without_isolation(&picture::caption_in(lang, &at, ["alice", "bob"]));
            assert_eq!(move_number(&frame), Some(ply as u32 / 2 + 1), "{frame}");
            assert_eq!(
                move_number(&frame),
                move_number(&caption),
                "{frame} / {caption}"
            );
        }
    }
}
