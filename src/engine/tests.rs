use std::sync::atomic::AtomicBool;

use super::{
    analyse, best_move, pos, Ending, Game, Limits, Move, Reason, Score, Side, SwingKind, WIN,
};
use crate::notation::play_text;
use crate::rules::Ruleset;
use pos::{Mv, Pos};

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
    assert_eq!(Score::of(WIN - 1, true).to_string(), "win in 1");
    assert!(matches!(Score::of(WIN - 3, true), Score::Points(_)));
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

/// Every variant and option the engine must play.
pub(crate) const SPECS: &[(&str, &[&str])] = &[
    ("tawlbwrdd", &[]),
    ("tawlbwrdd", &["dice"]),
    ("tawlbwrdd-walker", &[]),
    ("tallfwrdd", &[]),
    ("goedhboell", &[]),
    ("goedhboell", &["king-steps"]),
    ("goedhboell", &["corner-guard"]),
    ("gwyddbwyll", &[]),
    ("gwyddbwyll", &["size=8x8"]),
    ("gwyddbwyll", &["dux"]),
    ("gwyddbwyll", &["size=10x8", "dux-jump"]),
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = pos::mix(self.0);
        self.0
    }
}

/// The engine's board follows the rules exactly: the same legal moves, the
/// same captures, the same ends, along random games of every variant.
#[test]
fn engine_board_mirrors_the_rules() {
    for (k, (v, o)) in SPECS.iter().enumerate() {
        for g_i in 0..3u64 {
            let mut rng = Rng(k as u64 * 100 + g_i);
            let mut g = game(v, o, &[]);
            let mut plies = 0;
            while !g.is_over() && plies < 400 {
                let pos = Pos::from_game(&g);
                let mut mine: Vec<Move> = Vec::new();
                let mut buf = Vec::new();
                let mut p2 = Pos::from_game(&g);
                p2.gen(&mut buf);
                for &m in &buf {
                    p2.make(m);
                    if !p2.repeats() {
                        mine.push(m.to_move());
                    }
                    p2.unmake();
                }
                let mut theirs = g.legal_moves();
                mine.sort();
                theirs.sort();
                assert_eq!(mine, theirs, "{v} {o:?} ply {plies}");
                assert_eq!(p2.cells, pos.cells);
                let m = theirs[(rng.next() % theirs.len() as u64) as usize];
                let mut p3 = Pos::from_game(&g);
                let n = p3.make(Mv::of(m));
                let is_cap = {
                    let mut p4 = Pos::from_game(&g);
                    p4.is_capture(Mv::of(m))
                };
                let end = p3.end_after();
                let played = g.play(m).unwrap().clone();
                assert_eq!(n, played.captures.len(), "{v} {o:?} ply {plies}");
                assert_eq!(is_cap, n > 0);
                let after = Pos::from_game(&g);
                assert_eq!(after.cells, p3.cells);
                assert_eq!(after.hash, p3.hash);
                match (end, g.outcome()) {
                    (Some(e), Some(out)) => {
                        assert_eq!(e.winner, out.winner.map(|s| s.index()), "{v} {o:?}")
                    }
                    (Some(e), None) => panic!("{v} {o:?}: engine ends with {e:?}, rules go on"),
                    (None, Some(out)) => assert!(
                        matches!(out.reason, Reason::NoLegalMove | Reason::Repetition),
                        "{v} {o:?}: rules end with {out:?}"
                    ),
                    (None, None) => {}
                }
                plies += 1;
            }
        }
    }
}

/// An attacker move that lets the king walk into the corner is named as such.
#[test]
fn analysis_names_the_blunder() {
    let r = Ruleset::from_spec("goedhboell", &[]).unwrap();
    let board = crate::notation::parse_position(
        &r,
        "........./........./........./........./.a......./........./........./..aa...../..K.a....",
    )
    .unwrap();
    let mut g = Game::from_position(r, board, Side::First, 1).unwrap();
    play_text(&mut g, "@25-@26").unwrap(); // does not block @21
    play_text(&mut g, "@31-@11").unwrap();
    assert!(g.is_over());
    let stop = AtomicBool::new(false);
    let a = analyse(&g, &Limits::depth(3), &stop, &mut |_, _| {});
    assert_eq!(a.chances.len(), 3);
    assert_eq!(a.chances[2], 1.0);
    assert_eq!(a.chances[1], 1.0);
    assert!(a.chances[0] < 0.9, "{:?}", a.chances);
    let s = &a.swings[0];
    assert_eq!(s.ply, 0);
    assert_eq!(s.side, Side::First);
    assert_eq!(
        s.kind,
        SwingKind::Allowed {
            how: Ending::Escape,
            in_moves: 1
        }
    );
    assert_eq!(s.kind.to_string(), "allowed an escape of the king in 1");
}
