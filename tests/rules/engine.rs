//! The engine from outside: its move is always legal (property test over
//! random positions of every variant and option), it never misses a one-move
//! win at level 2+, it always stops a one-move loss at level 3+ when it can,
//! and `tawlbot engine` / `tawlbot selfplay` keep replay's exit codes.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use serde_json::Value;
use tawlbot::cli::Exit;
use tawlbot::engine::{best_move, Limits, Score};
use tawlbot::engine_cli;
use tawlbot::notation::format_move;
use tawlbot::rules::{Game, Reason, Ruleset, Side};

use crate::combos;
use combos::COMBOS as SPECS;

/// The ruleset of the `i`th combination of `combos::COMBOS`.
fn rules(i: usize) -> Ruleset {
    let (v, o) = SPECS[i];
    combos::rules(v, o)
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A game of `plies` random moves (fewer if it ends).
fn random_game(r: &Ruleset, seed: u64, plies: usize) -> Game {
    let mut g = Game::new(r.clone(), seed);
    let mut x = seed;
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let moves = g.legal_moves();
        x = mix(x);
        g.play(moves[(x % moves.len() as u64) as usize]).unwrap();
    }
    g
}

/// The game after its first `n` moves, replayed from the same seed.
fn prefix(g: &Game, n: usize) -> Game {
    let mut p = Game::new(g.rules().clone(), g.seed());
    for pl in &g.record()[..n] {
        p.play(pl.mv).unwrap();
    }
    p
}

/// Does `mv` win at once for the side to move?
fn wins_at_once(g: &Game, mv: tawlbot::rules::Move) -> bool {
    let me = g.turn();
    let mut c = g.clone();
    c.play(mv).unwrap();
    c.outcome().is_some_and(|o| o.winner == Some(me))
}

/// After `mv`, can the opponent win at once (Repetition aside, see docs/engine.md)?
fn allows_win(g: &Game, mv: tawlbot::rules::Move) -> bool {
    let me = g.turn();
    let mut c = g.clone();
    c.play(mv).unwrap();
    if c.is_over() {
        return c.outcome().unwrap().winner != Some(me);
    }
    let opp = c.turn();
    c.legal_moves().into_iter().any(|m| {
        let mut d = c.clone();
        d.play(m).unwrap();
        d.outcome()
            .is_some_and(|o| o.winner == Some(opp) && o.reason != Reason::Repetition)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn the_engines_move_is_legal(
        spec in 0..SPECS.len(),
        seed in any::<u64>(),
        plies in 0usize..120,
        level in 1u8..=2,
        eseed in any::<u64>(),
    ) {
        let g = random_game(&rules(spec), seed, plies);
        let stop = AtomicBool::new(false);
        match best_move(&g, &Limits::level(level), eseed, &stop) {
            None => prop_assert!(g.is_over()),
            Some(r) => {
                prop_assert!(g.legal_moves().contains(&r.mv), "{:?} not legal", r.mv);
                prop_assert_eq!(r.pv.first(), Some(&r.mv));
            }
        }
    }
}

/// Positions just before a random game was won by a move: a one-move win exists.
#[test]
fn never_misses_a_one_move_win_at_level_2() {
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for (spec, name) in SPECS.iter().enumerate() {
        let dice = rules(spec).dice;
        let mut found = 0;
        for seed in 0..60u64 {
            if found >= 3 {
                break;
            }
            let g = random_game(&rules(spec), seed * 7919 + spec as u64, 600);
            let Some(o) = g.outcome() else { continue };
            let n = g.record().len();
            if n == 0 || o.winner != Some(g.record()[n - 1].side) {
                continue;
            }
            if o.reason == Reason::Repetition || (dice && o.reason == Reason::NoLegalMove) {
                continue;
            }
            let before = prefix(&g, n - 1);
            for level in [2u8, 3] {
                let r = best_move(&before, &Limits::level(level), seed, &stop).unwrap();
                assert!(
                    wins_at_once(&before, r.mv),
                    "{name:?} level {level}: {} misses the win {} (seed {seed})",
                    format_move(before.rules(), &r.mv),
                    format_move(before.rules(), &g.record()[n - 1].mv),
                );
                if !dice {
                    assert_eq!(r.score, Score::WinIn(1));
                }
            }
            found += 1;
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "only {checked} positions with a one-move win"
    );
}

/// Positions where the side to move allowed a one-move loss in a random game
/// although a move existed that stopped it: level 3 must find one.
#[test]
fn stops_a_one_move_loss_at_level_3() {
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for (spec, name) in SPECS.iter().enumerate() {
        if rules(spec).dice {
            continue; // who moves next is a throw of the die
        }
        let mut found = 0;
        for seed in 0..80u64 {
            if found >= 2 {
                break;
            }
            let g = random_game(&rules(spec), seed * 104_729 + spec as u64, 600);
            let Some(o) = g.outcome() else { continue };
            let n = g.record().len();
            if n < 2 || o.winner.is_none() || o.winner == Some(g.record()[n - 2].side) {
                continue;
            }
            let before = prefix(&g, n - 2);
            let moves = before.legal_moves();
            if !moves.iter().any(|&m| !allows_win(&before, m)) {
                continue; // lost whatever it does
            }
            let r = best_move(&before, &Limits::level(3), seed, &stop).unwrap();
            assert!(
                !allows_win(&before, r.mv),
                "{name:?}: level 3 plays {} and allows a win (seed {seed})",
                format_move(before.rules(), &r.mv),
            );
            found += 1;
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} positions with a threat");
}

fn run(f: fn(Vec<String>, &mut dyn std::io::Write) -> Exit, args: &[&str]) -> (i32, String) {
    let mut out = Vec::new();
    let exit = f(args.iter().map(|s| s.to_string()).collect(), &mut out);
    (exit.code(), String::from_utf8(out).unwrap())
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).expect("a line of JSON")
}

#[test]
fn engine_command_prints_one_json_line() {
    let (code, out) = run(
        engine_cli::engine,
        &[
            "--variant",
            "tawlbwrdd",
            "--seed",
            "3",
            "--nodes",
            "3000",
            "--",
            "e2-c2",
        ],
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), 1);
    let v = json(out.trim());
    let mv = v["move"].as_str().unwrap();
    assert!(mv.contains('-'));
    assert!(v["depth"].as_u64().unwrap() >= 1);
    assert!(v["nodes"].as_u64().unwrap() >= 1);
    assert!(v["ms"].is_u64());
    assert!(v["score"].is_number() || v["score"].is_string());
    assert_eq!(v["pv"][0].as_str(), Some(mv));
    // The move is the defenders' and legal: replay accepts it.
    let mut rep = Vec::new();
    let code = tawlbot::cli::replay(
        [
            "--variant",
            "tawlbwrdd",
            "--seed",
            "3",
            "e2-c2",
            mv.split('x').next().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        &mut rep,
    );
    assert_eq!(code.code(), 0, "{}", String::from_utf8_lossy(&rep));
}

#[test]
fn engine_command_says_win_in_n_and_uses_home_notation() {
    // goedhboell: the king on @21 with @11 free walks into the corner.
    let (code, out) = run(
        engine_cli::engine,
        &[
            "--variant", "goedhboell", "--position",
            "........./........./........./....a..../........./........./........./........./.K.......",
            "--to-move", "defenders", "--depth", "2",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(out.trim());
    assert_eq!(v["score"], "win in 1", "{out}");
    assert!(v["move"].as_str().unwrap().starts_with('@'), "{out}");
}

#[test]
fn engine_command_errors() {
    let (code, out) = run(
        engine_cli::engine,
        &["--variant", "tawlbwrdd", "--level", "2", "e2-e9"],
    );
    assert_eq!(code, 1);
    assert!(json(out.trim())["error"]
        .as_str()
        .unwrap()
        .contains("e2-e9"));
    // A finished game.
    let g = random_game(&rules(4), 11, 2000);
    assert!(g.is_over());
    let mut args: Vec<String> = [
        "--variant",
        "tallfwrdd",
        "--seed",
        "11",
        "--level",
        "1",
        "--",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(g.record().iter().map(|p| format_move(g.rules(), &p.mv)));
    let mut out = Vec::new();
    assert_eq!(engine_cli::engine(args, &mut out).code(), 1);
    let v = json(String::from_utf8(out).unwrap().trim());
    assert!(v["error"].as_str().unwrap().contains("over"));
    // Usage errors exit 2.
    for bad in [
        &["--variant", "tawlbwrdd"][..],
        &["--variant", "tawlbwrdd", "--level", "2", "--nodes", "5"],
        &["--variant", "tawlbwrdd", "--level", "9"],
        &["--variant", "tawlbwrdd", "--depth", "x"],
        &["--variant", "chess", "--level", "1"],
        &["--level", "1"],
        &["--variant", "tawlbwrdd", "--level", "1", "--bogus"],
    ] {
        assert_eq!(run(engine_cli::engine, bad).0, 2, "{bad:?}");
    }
}

#[test]
fn selfplay_command() {
    let args = [
        "--variant",
        "tallfwrdd",
        "--attackers",
        "1",
        "--defenders",
        "1",
        "--games",
        "2",
        "--seed",
        "5",
    ];
    let (code, out) = run(engine_cli::selfplay, &args);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3);
    for g in &lines[..2] {
        assert!(["attackers", "defenders", "draw"].contains(&g["result"].as_str().unwrap()));
        assert!(g["reason"].is_string());
        let moves = g["moves"].as_array().unwrap();
        assert_eq!(moves.len() as u64, g["plies"].as_u64().unwrap());
    }
    let s = &lines[2];
    assert_eq!(s["games"], 2);
    let total = s["attackers"].as_u64().unwrap()
        + s["defenders"].as_u64().unwrap()
        + s["draws"].as_u64().unwrap();
    assert_eq!(total, 2);
    // Same seed, same games.
    let (_, again) = run(engine_cli::selfplay, &args);
    assert_eq!(out, again);
    // gwyddbwyll names its sides white and black.
    assert_eq!(
        run(
            engine_cli::selfplay,
            &[
                "--variant",
                "gwyddbwyll",
                "--attackers",
                "1",
                "--defenders",
                "1",
                "--games",
                "1"
            ]
        )
        .0,
        2
    );
    assert_eq!(
        run(
            engine_cli::selfplay,
            &["--variant", "tallfwrdd", "--attackers", "1", "--games", "1"]
        )
        .0,
        2
    );
    let _ = Side::First;
}

/// The ladder and balance tables in docs/engine.md were played by this exact
/// search: a change that alters what it finds (not only how fast) must come
/// with new runs. This pins one search in full: a tawlbwrdd middle game (the
/// bench's) at 200,000 nodes, and a level-3 gwyddbwyll opening.
#[test]
fn the_search_the_published_games_were_played_with() {
    let middle = "b7-b10 g7-i7 k7-k9 g6-g8 g10-h10 h6-h8 j6-h6 i7-h7 j5-h5 f4-i4 k5-i5 \
                  f5-f3 e11-c11 f6-f4 c11-c4 f4-d4 e2-d2 f3-b3 h5-h3 b3-b4 f11-c11 b4-b2 \
                  b5-b4 g5-h5 g2-g5 d4-c4 e1-c1 c4-c9 a7-a9 c9-i9";
    let mut args = vec![
        "--variant",
        "tawlbwrdd",
        "--seed",
        "1",
        "--nodes",
        "200000",
        "--",
    ];
    args.extend(middle.split_whitespace());
    let (code, out) = run(engine_cli::engine, &args);
    assert_eq!(code, 0, "{out}");
    let v = json(out.trim());
    assert_eq!(v["move"], "h10-i10");
    assert_eq!(v["score"], -246);
    assert_eq!(v["depth"], 6);
    assert_eq!(
        v["pv"],
        serde_json::json!(["h10-i10", "i9-i6xi5", "f2-i2", "i4-k4", "g5-i5", "k4-i4xi5"])
    );
    let (code, out) = run(
        engine_cli::engine,
        &["--variant", "gwyddbwyll", "--seed", "3", "--level", "3"],
    );
    assert_eq!(code, 0, "{out}");
    let v = json(out.trim());
    assert_eq!(v["move"], "f1-f3");
    assert_eq!(v["nodes"], 27693);
    assert_eq!(v["score"], 22);
}
