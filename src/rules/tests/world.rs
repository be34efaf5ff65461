//! The tafl world's games (OpenTafl's built-ins): their rules strings read
//! as rules data, and each rule beyond custodial capture on a small position.

use super::{outcome, play, pos, refuse, rules, A, D};
use crate::notation::otn::{rules_string, ruleset_from_rules};
use crate::rules::{
    read_rules_string, same_game, variants, KingCapture, Reason, Repetition, RulesError, Ruleset,
    Shieldwall, Side,
};

const WORLD: &[(&str, &str)] = crate::rules::WORLD_GAMES;

#[test]
fn each_world_string_is_its_preset_and_matches_back() {
    for (id, s) in WORLD {
        let read = read_rules_string(s).expect(id).rules;
        let preset = rules(id, &[]);
        assert!(same_game(&read, &preset), "{id}");
        assert_eq!(read.start, preset.start, "{id}");
        assert_eq!(ruleset_from_rules(s).expect(id).variant, *id);
        // What tawlbot writes reads back as the same game.
        let ours = rules_string(&preset, Side::First, None);
        assert_eq!(
            ruleset_from_rules(&ours).expect(&ours).variant,
            *id,
            "{ours}"
        );
    }
}

#[test]
fn the_world_games_differ_from_one_another() {
    for (i, (a, _)) in WORLD.iter().enumerate() {
        for (b, _) in &WORLD[i + 1..] {
            assert!(!same_game(&rules(a, &[]), &rules(b, &[])), "{a} {b}");
        }
    }
}

#[test]
fn opentafl_string_for_tawlbots_tawlbwrdd_is_tawlbwrdd() {
    // OpenTafl leaves `cenh` at its default (the occupied centre hostile
    // to attackers): with a king who captures, alone on his throne, the
    // same game as tawlbot's.
    let s = "dim:11 esc:e surf:n tfr:w ka:y ks:s cor: start:/4ttt4/4ttt4/11/5T5/tt2TTT2tt/tt1TTKTT1tt/tt2TTT2tt/5T5/11/4ttt4/4ttt4/";
    assert_eq!(ruleset_from_rules(s).unwrap().variant, "tawlbwrdd");
    // Key order and explicit defaults change nothing.
    let shuffled = "dim:11 cor: ks:s ka:y cenh:tcnkm tfr:w surf:n esc:e cens:K start:/4ttt4/4ttt4/11/5T5/tt2TTT2tt/tt1TTKTT1tt/tt2TTT2tt/5T5/11/4ttt4/4ttt4/";
    assert_eq!(ruleset_from_rules(shuffled).unwrap().variant, "tawlbwrdd");
    // tallfwrdd: corners for the king alone, not hostile; the centre
    // closed to all but the king.
    let t = rules_string(&rules("tallfwrdd", &[]), Side::First, None);
    let loose = t.replace("cenh:", "cenh:t").replace("tfr:w", "tfr:w");
    assert_eq!(ruleset_from_rules(&loose).unwrap().variant, "tallfwrdd");
}

#[test]
fn tawlbot_writes_the_repetition_rule_as_opentafl_reads_it() {
    for v in ["tawlbwrdd", "tawlbwrdd-walker", "tallfwrdd", "goedhboell"] {
        let s = rules_string(&rules(v, &[]), Side::First, None);
        assert!(s.contains(" tfr:w "), "{s}");
        assert!(!s.contains("tfr:l"), "{s}");
    }
    let r = read_rules_string(variants::FETLAR).unwrap().rules;
    assert_eq!(r.repetition, Repetition::Draw);
    let c = read_rules_string(variants::COPENHAGEN).unwrap().rules;
    assert_eq!(c.repetition, Repetition::Forbidden);
}

#[test]
fn unknown_and_unplayable_keys_are_refused_by_name() {
    let base = "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let with = |k: &str| format!("dim:7 {k} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert!(read_rules_string(base).is_ok());
    assert_eq!(
        read_rules_string(&with("zzz:1")).unwrap_err(),
        RulesError::UnknownKey { key: "zzz".into() }
    );
    assert!(matches!(
        read_rules_string(&with("ber:c")).unwrap_err(),
        RulesError::Unplayable { key, .. } if key == "ber"
    ));
    assert!(matches!(
        read_rules_string(&with("kj:r")).unwrap_err(),
        RulesError::Unplayable { key, .. } if key == "kj"
    ));
    assert!(matches!(
        read_rules_string(&with("sw:q")).unwrap_err(),
        RulesError::BadValue { key, .. } if key == "sw"
    ));
    let knight = "dim:7 start:/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/";
    assert!(matches!(
        read_rules_string(knight).unwrap_err(),
        RulesError::Unplayable { key, .. } if key == "start"
    ));
    let big = "dim:15 start:/15/15/15/15/15/15/15/7K7/15/15/15/15/15/15/15/";
    assert!(matches!(
        read_rules_string(big).unwrap_err(),
        RulesError::Unplayable { key, .. } if key == "dim"
    ));
    // A game that is no preset is refused as such, naming the rule.
    let other = format!(
        "{} sw:w",
        variants::FETLAR.replace(" start:", " efe:y start:")
    );
    assert!(matches!(
        ruleset_from_rules(&other).unwrap_err(),
        RulesError::Unsupported { .. }
    ));
}

#[test]
fn preset_rules_as_read() {
    let t = rules("tablut", &[]);
    assert_eq!(t.king_capture, KingCapture::StrongAtThrone);
    assert!(t.linnaean && t.surround_loses);
    let m = rules("magpie", &[]);
    assert_eq!(m.speed, [0, 0, 1]);
    assert_eq!(m.king_capture, KingCapture::Enclosure { edge_three: true });
    let c = rules("copenhagen", &[]);
    assert_eq!(c.shieldwall, Shieldwall::Strong);
    assert!(c.edge_fort && c.shieldwall_flank);
    assert!(!rules("copenhagen-relaxed", &[]).shieldwall_flank);
    assert!(!rules("sea-battle", &[]).king_hammer);
}

fn world(id: &str, placements: &str, side: Side) -> crate::rules::Game {
    pos(id, &[], placements, side)
}

#[test]
fn shieldwall_taken_by_the_move_that_closes_it() {
    let mut g = world("copenhagen", "a: d1 e2 f2 g5 a6; d: e1 f1 c6; K: f8", A);
    assert_eq!(play(&mut g, "g5-g1"), "g5-g1xe1/f1");
    // The king in the row is not taken; the men are.
    let mut g = world("copenhagen", "a: d1 e2 f2 g2 h5 a6; d: e1 g1 c6; K: f1", A);
    assert_eq!(play(&mut g, "h5-h1"), "h5-h1xe1/g1");
}

#[test]
fn strong_shieldwall_closed_by_a_corner() {
    let mut g = world("copenhagen", "a: b2 c2 d5 a6; d: b1 c1 f6; K: f8", A);
    assert_eq!(play(&mut g, "d5-d1"), "d5-d1xb1/c1");
}

#[test]
fn shieldwall_flank_rule() {
    // The front closes last: with swf:y nothing is taken, with swf:n the row is.
    let p = "a: d1 g1 e2 f4 a6; d: e1 f1 c6; K: f8";
    let mut g = world("copenhagen", p, A);
    assert_eq!(play(&mut g, "f4-f2"), "f4-f2");
    let mut g = world("copenhagen-relaxed", p, A);
    assert_eq!(play(&mut g, "f4-f2"), "f4-f2xe1/f1");
}

#[test]
fn edge_fort_wins_for_the_defenders() {
    let mut g = world("copenhagen", "a: a6 k6 f11; d: d1 e2 f2 g4; K: e1", D);
    play(&mut g, "g4-g1");
    assert_eq!(outcome(&g), Some((Some(D), Reason::KingEscaped)));
    // No fort while an attacker borders it.
    let mut g = world("copenhagen", "a: a6 k6 f11 h1; d: d1 e2 f2 g4; K: e1", D);
    play(&mut g, "g4-g2");
    assert_eq!(outcome(&g), None);
}

#[test]
fn linnaean_capture_against_the_occupied_throne() {
    let mut g = world("tablut", "a: d5 f5 e4 e9 a1; d: e6 i9; K: e5", A);
    assert_eq!(play(&mut g, "e9-e7"), "e9-e7xe6");
    // Not while the king's other sides are open.
    let mut g = world("tablut", "a: d5 e4 e9 a1; d: e6 i9; K: e5", A);
    assert_eq!(play(&mut g, "e9-e7"), "e9-e7");
}

#[test]
fn tablut_king_weak_away_from_the_throne() {
    let mut g = world("tablut", "a: b3 d5 a9; d: i9; K: c5", A);
    assert_eq!(play(&mut g, "b3-b5"), "b3-b5xc5");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
    // Next to the throne he needs four.
    let mut g = world("tablut", "a: d3 d7 a9; d: i9; K: d5", A);
    assert_eq!(play(&mut g, "d3-d4"), "d3-d4");
    assert_eq!(outcome(&g), None);
}

#[test]
fn encircled_defenders_lose() {
    let mut g = world("sea-battle", "a: d5 f5 e4 d6 f6 e9; d: e6; K: e5", A);
    play(&mut g, "e9-e7");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
    // Brandub has surf:n.
    let mut g = world("brandub", "a: c4 e4 c3 e3 d2 c5 e5 d7; d: d5; K: d4", A);
    play(&mut g, "d7-d6");
    assert_eq!(outcome(&g), None);
}

#[test]
fn magpie_king_steps_and_men_slide() {
    let mut g = world("magpie", "a: a2 g2; d: b3; K: d4", D);
    refuse(&mut g, "d4-d6");
    play(&mut g, "d4-d5");
    let mut g = world("magpie", "a: a2 g2; d: b3; K: d4", D);
    play(&mut g, "b3-b6");
}

#[test]
fn unarmed_king_neither_captures_nor_closes() {
    let mut g = world("sea-battle", "a: c4 a9; d: b4 i9; K: e4", D);
    assert_eq!(play(&mut g, "e4-d4"), "e4-d4");
    let mut g = world("sea-battle", "a: c5 a9; d: b1 i9; K: d5", D);
    assert_eq!(play(&mut g, "b1-b5"), "b1-b5");
    // A defender's man closes where the king does not.
    let mut g = world("sea-battle", "a: c5 a9; d: b1 d5 i9; K: g7", D);
    assert_eq!(play(&mut g, "b1-b5"), "b1-b5xc5");
}

#[test]
fn foteviken_fortresses_and_throne() {
    // An attacker that leaves its fortress cannot come back; a defender
    // cannot enter one.
    let mut g = world("foteviken-tablut", "a: a5 h8; d: c4 i9; K: g7", A);
    play(&mut g, "a5-c5");
    play(&mut g, "c4-c3");
    refuse(&mut g, "c5-b5");
    let mut g = world("foteviken-tablut", "a: h8; d: c4 i9; K: g7", D);
    refuse(&mut g, "c4-a4");
    // Nobody crosses the throne once the king has left it.
    let mut g = world("foteviken-tablut", "a: h8; d: e3 i9; K: g7", D);
    refuse(&mut g, "e3-e7");
    // The empty throne counts against the king.
    let mut g = world("foteviken-tablut", "a: d6 f6 e8 a1; d: i9; K: e6", A);
    play(&mut g, "e8-e7");
    assert_eq!(outcome(&g), Some((Some(A), Reason::KingCaptured)));
}

#[test]
fn brandub_hostile_corners_but_not_throne() {
    let mut g = world("brandub", "a: c3 a7; d: b1 g7; K: e6", A);
    assert_eq!(play(&mut g, "c3-c1"), "c3-c1xb1");
    let mut g = world("brandub", "a: f6 a7; d: d5 b2; K: g3", A);
    assert_eq!(play(&mut g, "f6-d6"), "f6-d6");
}

#[test]
fn fetlar_threefold_repetition_draws() {
    let mut g = world("fetlar", "a: a6 b8; d: c3 k9; K: f6", A);
    for m in [
        "a6-a5", "c3-c4", "a5-a6", "c4-c3", "a6-a5", "c3-c4", "a5-a6",
    ] {
        play(&mut g, m);
        assert_eq!(outcome(&g), None, "{m}");
    }
    play(&mut g, "c4-c3");
    assert_eq!(outcome(&g), Some((None, Reason::Repetition)));
}

#[test]
fn read_rules_keep_the_start_and_first_side() {
    let r = read_rules_string(&variants::BRANDUB.replace("atkf:y", "atkf:n")).unwrap();
    assert_eq!(r.first, Side::Second);
    assert_eq!(r.name.as_deref(), Some("Brandub"));
    let preset: Ruleset = rules("brandub", &[]);
    assert_eq!(r.rules.start, preset.start);
}
