//! Rules of gwyddbwyll, and dice.

use super::{
    at, outcome, play, pos, refuse, rules, Game, Kind, Piece, Reason, Ruleset, Side, A, D,
};

// --------------------------------------------------------------- gwyddbwyll

#[test]
fn gwyddbwyll_sizes_and_setup() {
    for (opt, w, h) in [
        (None, 13, 8),
        (Some("size=12x8"), 12, 8),
        (Some("size=10x8"), 10, 8),
        (Some("size=8x8"), 8, 8),
    ] {
        let r = rules("latrunculi", &opt.into_iter().collect::<Vec<_>>());
        assert_eq!((r.width, r.height), (w, h));
        let g = Game::new(r, 3);
        assert_eq!(g.board().count(A), w as usize);
        assert_eq!(g.board().count(D), w as usize);
        assert!(at(&g, "a1").unwrap().side == A);
    }
}

#[test]
fn gwyddbwyll_coin_toss_from_seed_or_chosen() {
    let r = rules("gwyddbwyll", &[]);
    let firsts: std::collections::HashSet<Side> =
        (0..32).map(|s| Game::new(r.clone(), s).first()).collect();
    assert_eq!(firsts.len(), 2, "both sides win the toss for some seed");
    assert_eq!(
        Game::new(r.clone(), 7).first(),
        Game::new(r.clone(), 7).first()
    );
    assert_eq!(Game::with_first(r, 7, Some(D)).to_move(), Some(D));
}

#[test]
fn gwyddbwyll_custodial_double_and_no_triple() {
    let mut g = pos("gwyddbwyll", &[], "w: a3 c4 m1; b: b4 c5 m8", A);
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4xb4");
    let mut g = pos("gwyddbwyll", &[], "w: a3 d4 m1; b: b4 c4 m8", A);
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4xb4/c4");
    let mut g = pos("gwyddbwyll", &[], "w: a3 e4 m1; b: b4 c4 d4 m8", A);
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4");
    // No hostile squares, no jumping.
    let mut g = pos("gwyddbwyll", &[], "w: a3 m1; b: a4 c4 m8", A);
    assert!(refuse(&mut g, "a3-a5").contains("in the way"));
}

#[test]
fn gwyddbwyll_corner_capture() {
    let mut g = pos("gwyddbwyll", &[], "w: b2 m5 k5; b: a1 h8", A);
    let mut g2 = pos("gwyddbwyll", &[], "w: a2 c1 k5; b: a1 h8", A);
    play(&mut g2, "c1-b1");
    assert!(at(&g2, "a1").is_none());
    play(&mut g, "b2-b1");
    assert!(at(&g, "a1").is_some(), "one side is not enough");
}

#[test]
fn gwyddbwyll_one_piece_left_loses() {
    let mut g = pos("gwyddbwyll", &[], "w: a3 c4 m1; b: b4 h8", A);
    play(&mut g, "a3-a4");
    assert_eq!(outcome(&g), Some((Some(A), Reason::OnePieceLeft)));
}

#[test]
fn gwyddbwyll_no_legal_move_loses() {
    // Black's three men in the corner are boxed in once a3 is taken.
    let mut g = pos("gwyddbwyll", &[], "w: c1 b2 k3 m6; b: a1 a2 b1", A);
    play(&mut g, "k3-a3");
    assert_eq!(outcome(&g), Some((Some(A), Reason::NoLegalMove)));
}

#[test]
fn gwyddbwyll_dux_setup_never_captured_and_line_with_dux_safe() {
    for (size, file) in [
        ("size=13x8", "g"),
        ("size=12x8", "f"),
        ("size=10x8", "e"),
        ("size=8x8", "d"),
    ] {
        let g = Game::new(rules("gwyddbwyll", &[size, "dux"]), 0);
        assert_eq!(at(&g, &format!("{file}2")).unwrap().kind, Kind::Dux);
        assert_eq!(
            at(&g, &format!("{file}7")).unwrap(),
            Piece::new(D, Kind::Dux)
        );
        assert_eq!(g.board().count(A), g.rules().width as usize + 1);
    }
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: a3 c4 m1; W: m3; b: h8 m7; B: b4",
        A,
    );
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4");
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: a3 d4 m1; W: m3; b: c4 h8 m7; B: b4",
        A,
    );
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4");
    // The dux captures like a man.
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: c4 m1; W: a3; b: b4 h8; B: m7",
        A,
    );
    assert_eq!(play(&mut g, "a3-a4"), "a3-a4xb4");
}

#[test]
fn gwyddbwyll_dux_immobile_opponent_first() {
    // White blocks black's dux in the corner: black loses.
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: b1 a3 m5; W: m3; b: h8 g8; B: a1",
        A,
    );
    play(&mut g, "a3-a2");
    assert_eq!(outcome(&g), Some((Some(A), Reason::DuxImmobile)));
    // One move blocks both duces: the opponent's is checked first, so the mover wins.
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: b1 a3 l1; W: m1; b: h8 m2; B: a1",
        A,
    );
    play(&mut g, "a3-a2");
    assert_eq!(outcome(&g), Some((Some(A), Reason::DuxImmobile)));
    // Black, to move, blocks white's dux: black wins.
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: l1 f5; W: m1; b: h8 m3; B: a5",
        D,
    );
    play(&mut g, "m3-m2");
    assert_eq!(outcome(&g), Some((Some(D), Reason::DuxImmobile)));
}

#[test]
fn gwyddbwyll_dux_mover_blocks_own_dux_and_loses() {
    // White moves a man next to its own dux, leaving it no move.
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: l2 f5; W: m1; b: h8 b8; B: a5",
        A,
    );
    play(&mut g, "l2-l1");
    // m1: l1 blocks west; m2 still open. Block m2 first:
    let mut g = pos(
        "gwyddbwyll",
        &["dux"],
        "w: l2 f5; W: m1; b: m2 h8 b8; B: a5",
        A,
    );
    // m2 black man; white l2-l1 leaves dux m1 with no move (m2 black, l1 white).
    let p = play(&mut g, "l2-l1");
    assert_eq!(p, "l2-l1");
    assert_eq!(outcome(&g), Some((Some(D), Reason::DuxImmobile)));
}

#[test]
fn gwyddbwyll_dux_jump() {
    let mut g = pos(
        "gwyddbwyll",
        &["dux-jump"],
        "w: m1 a2; W: a3; b: a5 h8 m8; B: m7",
        A,
    );
    assert!(g.rules().dux, "dux-jump implies dux");
    play(&mut g, "a3-a7"); // over a5
    let mut g = pos(
        "gwyddbwyll",
        &["dux-jump"],
        "w: m1; W: a3; b: a5 a6 h8 m8; B: m7",
        A,
    );
    assert!(refuse(&mut g, "a3-a8").contains("only over one"));
    assert!(refuse(&mut g, "a3-a5").contains("is already on a5"));
    // Men never jump, even with dux-jump.
    let mut g = pos(
        "gwyddbwyll",
        &["dux-jump"],
        "w: m1 a2; W: g2; b: a5 h8 m8; B: m7",
        A,
    );
    assert!(refuse(&mut g, "a2-a7").contains("in the way"));
}

// ---------------------------------------------------------------------- dice

#[test]
fn dice_are_reproducible_and_odd_passes() {
    let r = rules("tawlbwrdd", &["dice"]);
    let a = Game::new(r.clone(), 99);
    let b = Game::new(r.clone(), 99);
    assert_eq!(a.throws(), b.throws());
    assert_eq!(a.throws().last().unwrap().value % 2, 0);
    for w in a.throws().windows(2) {
        assert_eq!(w[0].value % 2, 1, "only the last throw is even");
        assert_eq!(
            w[1].side,
            w[0].side.other(),
            "an odd throw passes to the other side"
        );
    }
    assert_eq!(a.throws()[0].side, A, "attackers throw first");
    // Some seed makes the defenders move first.
    assert!((0..64).any(|s| Game::new(r.clone(), s).to_move() == Some(D)));
    // Not available for gwyddbwyll.
    assert!(Ruleset::from_spec("gwyddbwyll", &["dice".into()]).is_err());
}

#[test]
fn dice_passes_do_not_count_towards_move_limit() {
    let r = rules("tallfwrdd", &["dice"]);
    let mut g = Game::new(r, 5);
    let mut moves = 0;
    while !g.is_over() && moves < 60 {
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
        moves += 1;
    }
    assert!(g.since_capture() as usize <= g.record().len());
    assert!(g.throws().len() >= g.record().len());
}
