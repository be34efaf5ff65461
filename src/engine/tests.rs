use std::sync::atomic::AtomicBool;

use super::*;
use crate::notation::play_text;
use crate::rules::Ruleset;

fn game(variant: &str, opts: &[&str], moves: &[&str]) -> Game {
    let opts: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let mut g = Game::new(Ruleset::from_spec(variant, &opts).unwrap(), 7);
    for m in moves {
        play_text(&mut g, m).unwrap();
    }
    g
}

#[test]
fn finished_game_has_no_move() {
    let mut g = game("tawlbwrdd", &[], &[]);
    g.resign(Side::First);
    assert!(best_move(&g, &Limits::level(3), 1, &AtomicBool::new(false)).is_none());
}

#[test]
fn same_seed_same_move() {
    let g = game("tawlbwrdd", &[], &[]);
    let stop = AtomicBool::new(false);
    let a = best_move(&g, &Limits::level(2), 5, &stop).unwrap();
    let b = best_move(&g, &Limits::level(2), 5, &stop).unwrap();
    assert_eq!(a, b);
    assert!(g.legal_moves().contains(&a.mv));
    assert_eq!(a.pv[0], a.mv);
}

#[test]
fn stop_flag_still_gives_a_legal_move() {
    let g = game("gwyddbwyll", &["dux"], &[]);
    let stop = AtomicBool::new(true);
    let r = best_move(&g, &Limits::level(5), 5, &stop).unwrap();
    assert!(g.legal_moves().contains(&r.mv));
}

#[test]
fn score_words() {
    assert_eq!(Score::of(WIN - 1, false).to_string(), "win in 1");
    assert_eq!(Score::of(WIN - 3, false).to_string(), "win in 2");
    assert_eq!(Score::of(-(WIN - 2), false).to_string(), "loss in 1");
    assert_eq!(Score::of(-(WIN - 4), false).to_string(), "loss in 2");
    assert_eq!(Score::of(42, false).to_string(), "42");
    assert!(Score::Points(300).chance() > 0.7);
}

#[test]
fn analysis_has_a_chance_per_position() {
    let g = game("tallfwrdd", &[], &["e2-f2", "e3-e2"]);
    let stop = AtomicBool::new(false);
    let mut calls = 0;
    let a = analyse(&g, &Limits::nodes(500), &stop, &mut |_, _| calls += 1);
    assert_eq!(a.chances.len(), 3);
    assert_eq!(calls, 3);
    assert_eq!(a.subject, Side::Second);
    assert!(a.chances.iter().all(|c| (0.0..=1.0).contains(c)));
}
