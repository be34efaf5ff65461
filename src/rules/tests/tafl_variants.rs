//! Rules of tawlbwrdd-walker, tallfwrdd and goedhboell.

use super::{at, outcome, play, pos, refuse, rules, Game, Kind, Reason, A, D};

// ---------------------------------------------------------- tawlbwrdd-walker

#[test]
fn walker_setup() {
    let g = Game::new(rules("tawlbwrdd-walker", &[]), 0);
    assert_eq!(g.board().count(A), 24);
    assert_eq!(g.board().count(D), 13);
    for s in ["d1", "h1", "f2", "a4", "a8", "b6", "k4", "j6", "d11", "f10"] {
        assert_eq!(at(&g, s).unwrap().side, A, "{s}");
    }
    for s in ["d6", "h6", "f4", "f8", "e5", "g5", "e7", "g7"] {
        assert_eq!(at(&g, s).unwrap().side, D, "{s}");
    }
    assert_eq!(g.to_move(), Some(A));
}

#[test]
fn walker_throne_and_corners_restricted_no_passing() {
    let mut g = pos("tawlbwrdd-walker", &[], "a: f2 c1; K: b9", A);
    assert_eq!(
        refuse(&mut g, "f2-f8"),
        "f6 is the throne: only the king may pass across it."
    );
    assert_eq!(
        refuse(&mut g, "c1-a1"),
        "a1 is a corner: only the king may stop there."
    );
    let mut g = pos("tawlbwrdd-walker", &[], "a: k10; K: f3", D);
    play(&mut g, "f3-f9"); // the king passes the throne
}

#[test]
fn walker_hostile_squares_even_with_king_on_throne() {
    // A defender between an attacker and the king's throne is captured.
    let mut g = pos("tawlbwrdd-walker", &[], "a: h3; d: g6; K: f6", A);
    assert_eq!(play(&mut g, "h3-h6"), "h3-h6xg6");
    // Corners are hostile: attacker on b1 taken by a defender on c1.
    let mut g = pos("tawlbwrdd-walker", &[], "a: b1; d: c3; K: f6", D);
    assert_eq!(play(&mut g, "c3-c1"), "c3-c1xb1");
}

#[test]
fn walker_king_captured_like_any_piece() {
    // On the throne, between two attackers.
    let mut g2 = pos("tawlbwrdd-walker", &[], "a: e6 g3; K: f6", A);
    assert_eq!(play(&mut g2, "g3-g6"), "g3-g6xf6");
    assert_eq!(outcome(&g2), Some((Some(A), Reason::KingCaptured)));
    // Against the empty throne.
    let mut g = pos("tawlbwrdd-walker", &[], "a: h3; K: g6", A);
    assert_eq!(play(&mut g, "h3-h6"), "h3-h6xg6");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
}

#[test]
fn walker_line_capture_up_to_three() {
    let mut g = pos("tawlbwrdd-walker", &[], "a: b2 f3; d: c3 d3 e3; K: j9", A);
    assert_eq!(play(&mut g, "b2-b3"), "b2-b3xc3/d3/e3");
    let mut g = pos("tawlbwrdd-walker", &[], "a: b2 e3; d: c3 d3; K: j9", A);
    assert_eq!(play(&mut g, "b2-b3"), "b2-b3xc3/d3");
    // Four in a row are never captured.
    let mut g = pos(
        "tawlbwrdd-walker",
        &[],
        "a: b2 g3; d: c3 d3 e3 f3; K: j9",
        A,
    );
    assert_eq!(play(&mut g, "b2-b3"), "b2-b3");
    // The king may be one of the line.
    let mut g = pos("tawlbwrdd-walker", &[], "a: b2 e3; d: c3; K: d3", A);
    assert_eq!(play(&mut g, "b2-b3"), "b2-b3xc3/d3");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
}

#[test]
fn walker_king_escapes_on_edge() {
    let mut g = pos("tawlbwrdd-walker", &[], "a: j9; K: c3", D);
    play(&mut g, "c3-c1");
    assert_eq!(outcome(&g), Some((Some(D), Reason::KingEscaped)));
}

// ---------------------------------------------------------------- tallfwrdd

#[test]
fn tallfwrdd_setup_steps_and_restricted_squares() {
    let mut g = Game::new(rules("tallfwrdd", &[]), 0);
    assert_eq!(g.board().count(A), 16);
    assert_eq!(g.board().count(D), 9);
    assert_eq!(g.to_move(), Some(A));
    assert_eq!(
        refuse(&mut g, "d1-d3"),
        "In Tallfwrdd every piece moves one square at a time."
    );
    play(&mut g, "d1-d2");
    let mut g = pos("tallfwrdd", &[], "a: e6 b1; K: c3", A);
    assert_eq!(
        refuse(&mut g, "e6-e5"),
        "e5 is the throne: only the king may stop there."
    );
    assert_eq!(
        refuse(&mut g, "b1-a1"),
        "a1 is a corner: only the king may stop there."
    );
    let mut g = pos("tallfwrdd", &[], "a: h8; K: e4", D);
    play(&mut g, "e4-e5");
}

#[test]
fn tallfwrdd_empty_throne_hostile_to_both() {
    let mut g = pos("tallfwrdd", &[], "a: d7; d: e6; K: a8", A);
    assert_eq!(play(&mut g, "d7-e7"), "d7-e7xe6");
    let mut g = pos("tallfwrdd", &[], "a: e6; d: d7; K: a8", D);
    assert_eq!(play(&mut g, "d7-e7"), "d7-e7xe6");
}

#[test]
fn tallfwrdd_corners_not_hostile() {
    let mut g = pos("tallfwrdd", &[], "a: b1; d: c2; K: e5", D);
    assert_eq!(play(&mut g, "c2-c1"), "c2-c1");
}

#[test]
fn tallfwrdd_king_capture_four_three_on_edge_throne_counts() {
    let mut g = pos("tallfwrdd", &[], "a: b3 c4 d3 c1; K: c3", A);
    assert_eq!(play(&mut g, "c1-c2"), "c1-c2xc3");
    let mut g = pos("tallfwrdd", &[], "a: b1 d1 c3; K: c1", A);
    let mut g2 = pos("tallfwrdd", &[], "a: b1 d2 c2; K: c1", A);
    play(&mut g2, "d2-d1");
    assert_eq!(outcome(&g2), Some((Some(A), Reason::KingCaptured)));
    play(&mut g, "c3-c2");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
    // Next to the empty throne, it counts.
    let mut g = pos("tallfwrdd", &[], "a: d4 f4 e2; K: e4", A);
    play(&mut g, "e2-e3");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
}

#[test]
fn tallfwrdd_king_wins_in_corner_not_on_edge() {
    let mut g = pos("tallfwrdd", &[], "a: h8; K: b2", D);
    play(&mut g, "b2-b1");
    assert!(g.outcome().is_none());
    play(&mut g, "h8-h7");
    play(&mut g, "b1-a1");
    assert_eq!(outcome(&g), Some((Some(D), Reason::KingEscaped)));
}

// --------------------------------------------------------------- goedhboell

#[test]
fn goedhboell_setup_and_hv_notation() {
    let mut g = Game::new(rules("celtic-chess", &[]), 0);
    assert_eq!(g.rules().variant, "goedhboell");
    assert_eq!(g.board().count(A), 16);
    for s in ["@41", "@52", "@14", "@25", "@94", "@85", "@49", "@58"] {
        assert_eq!(at(&g, s).unwrap().side, A, "{s}");
    }
    for s in ["@53", "@54", "@35", "@45", "@65", "@75", "@56", "@57"] {
        assert_eq!(at(&g, s).unwrap().side, D, "{s}");
    }
    assert_eq!(at(&g, "@55").unwrap().kind, Kind::King);
    assert_eq!(play(&mut g, "o @14 @44"), "@14-@44");
    assert_eq!(play(&mut g, "x @35-@33"), "@35-@33");
}

#[test]
fn goedhboell_centre_and_corners() {
    let mut g = pos("goedhboell", &[], "a: @52 @21; K: @33", A);
    assert_eq!(
        refuse(&mut g, "@52-@55"),
        "@55 is the centre: only the king may stop there."
    );
    assert_eq!(
        refuse(&mut g, "@21-@11"),
        "@11 is a corner: only the king may stop there."
    );
    play(&mut g, "@52-@58"); // across the empty centre
}

#[test]
fn goedhboell_no_hostile_squares_and_seed_capture() {
    // A prince between an assailant and the empty centre is not taken.
    let mut g = pos("goedhboell", &[], "a: @58; d: @56; K: @19", A);
    assert_eq!(play(&mut g, "@58-@57"), "@58-@57");
    assert!(at(&g, "@56").is_some(), "the empty centre is not hostile");
    // Nor a piece against a corner.
    let mut g = pos("goedhboell", &[], "a: @41; d: @21; K: @99", A);
    assert_eq!(play(&mut g, "@41-@31"), "@41-@31");
    // The seed's own example: o @94 to @64 takes x @54 against o @44.
    let mut g = pos("goedhboell", &[], "a: @44 @94; d: @54; K: @19", A);
    assert_eq!(play(&mut g, "o @94 @64"), "@94-@64x@54");
    // And sliding between two enemies is safe.
    let mut g = pos("goedhboell", &[], "a: @44 @64; d: @53; K: @19", D);
    play(&mut g, "x @53 @54");
    assert!(at(&g, "@54").is_some());
}

#[test]
fn goedhboell_king_capture_cross_edge_and_centre() {
    let mut g = pos("goedhboell", &[], "a: @34 @43 @32 @13; K: @33", A);
    play(&mut g, "@13-@23");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
    let mut g = pos("goedhboell", &[], "a: @21 @41 @37; K: @31", A);
    play(&mut g, "@37-@32");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
    // Three assailants and the empty centre.
    let mut g = pos("goedhboell", &[], "a: @44 @64 @83; K: @54", A);
    play(&mut g, "@83-@53");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
}

#[test]
fn goedhboell_king_wins_in_corner() {
    let mut g = pos("goedhboell", &[], "a: @88; K: @13", D);
    play(&mut g, "@13-@11");
    assert_eq!(outcome(&g), Some((Some(D), Reason::KingEscaped)));
}

#[test]
fn goedhboell_king_steps_option() {
    let mut g = pos("goedhboell", &["king-steps"], "a: @88; K: @33", D);
    assert_eq!(
        refuse(&mut g, "@33-@36"),
        "With king-steps the king moves one square at a time."
    );
    assert!(refuse(&mut g, "@33-@44").contains("never diagonally"));
    play(&mut g, "@33-@34");
}

#[test]
fn goedhboell_corner_guard_option() {
    let mut g = pos("goedhboell", &["corner-guard"], "a: @23 @38; K: @77", A);
    assert_eq!(
        refuse(&mut g, "@23-@21"),
        "@21 is next to a corner: only the king may stop there."
    );
    let mut g = pos("goedhboell", &["corner-guard"], "a: @88; K: @23", D);
    play(&mut g, "@23-@21");
}
