//! The dice option in play: every throw is named, with
//! who threw, and a passed turn is announced; `/rules` explains the option.

use crate::console_support;
use console_support::Session;
use tawlbot::notation::format_move;

#[test]
fn a_passed_turn_is_announced() {
    let s = Session::new();
    let out = s.run(&[
        "erin@g: /challenge opponent:@frank variant:tawlbwrdd options:dice side:attackers",
        "frank@g: /accept",
    ]);
    assert!(out.contains("Game 1"), "{out}");
    let mut passes_seen = 0;
    for _ in 0..60 {
        let l = s.latest_game("g");
        let Some(side) = l.game.to_move() else { break };
        let thrown_before = l.game.throws().len();
        let player = l.players[side.index()].clone();
        let mv = l.game.legal_moves()[0];
        let text = format_move(l.game.rules(), &mv);
        let out = s.run(&[format!("{player}@g: {text}")]);
        let after = s.latest_game("g");
        let throws = &after.game.throws()[thrown_before..];
        let played = out
            .lines()
            .find(|l| l.starts_with(&format!("g> @{player} played **{text}**")))
            .unwrap_or_else(|| panic!("no move reply in {out}"));
        let Some(last) = throws.last() else { break };
        let name = |s: tawlbot::rules::Side| after.players[s.index()].clone();
        for t in &throws[..throws.len() - 1] {
            assert_eq!(t.value % 2, 1);
            let said = format!(
                "{} threw {}, an odd number, so the turn passed to {}.",
                name(t.side),
                t.value,
                name(t.side.other())
            );
            assert!(played.contains(&said), "{said}\n{played}");
            passes_seen += 1;
        }
        let said = format!("{} threw {}.", name(last.side), last.value);
        assert!(played.contains(&said), "{said}\n{played}");
        if throws.len() == 1 {
            assert!(!played.contains("odd number"), "{played}");
        }
        if after.game.is_over() {
            break;
        }
    }
    assert!(
        passes_seen > 0,
        "no turn passed in 60 moves: choose another game"
    );
}

#[test]
fn rules_explain_the_dice_option() {
    let s = Session::new();
    let out = s.run(&[
        "erin@g: /rules variant:tawlbwrdd",
        "erin@g: /rules variant:gwyddbwyll",
    ]);
    assert_eq!(
        out.matches("The dice option (options:dice): before each turn")
            .count(),
        1,
        "{out}"
    );
}

on_postgres!(a_passed_turn_is_announced, rules_explain_the_dice_option);
