//! Properties of the rules engine and the notation, checked with proptest over
//! random legal games in every variant and option combination, and fuzzing of
//! every text door (moves, positions, the replay command line).
//!
//! Case counts are modest so the whole file runs in well under 30 s in a
//! debug build.

use std::collections::HashSet;

use proptest::prelude::*;
use tawlbot::notation::{
    self, algebraic, explain, format_move, format_played, parse_move, parse_position, play_text,
    position_text, resolve,
};
use tawlbot::rules::{Board, Game, Kind, Move, Piece, Ruleset, Side, Square, SquareFlags};

/// Case counts are multiplied by `RULES_PROPS_SCALE` (default 1) for a
/// deeper run: `RULES_PROPS_SCALE=50 cargo test --test rules_props`.
fn scaled(n: u32) -> u32 {
    let k: u32 = std::env::var("RULES_PROPS_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    n.saturating_mul(k.max(1))
}

use crate::combos;
use combos::{rules, Rng, COMBOS};

/// Longest random game we play (plies). The 100-move rule ends most games
/// well before this.
const MAX_PLIES: usize = 400;

fn lower_algebraic(mv: &Move) -> String {
    format!("{}-{}", algebraic(mv.from), algebraic(mv.to))
}

/// A written move must parse and resolve to exactly `mv`.
fn round_trips(game: &Game, text: &str, mv: Move) -> Result<(), TestCaseError> {
    let t = parse_move(text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
    let back = resolve(game, &t)
        .map_err(|e| TestCaseError::fail(format!("{text}: {}", explain(game.rules(), &e))))?;
    prop_assert_eq!(back, mv, "{}", text);
    Ok(())
}

/// Checks everything a position must satisfy; `rng` picks which legal moves
/// get the (costlier) text round trip.
fn check_position(game: &Game, rng: &mut Rng, full_check: bool) -> Result<(), TestCaseError> {
    let r = game.rules();
    // Position text round-trips.
    let text = position_text(r, game.board());
    let back = parse_position(r, &text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&back, game.board(), "{}", text);
    // Nobody moves once the game is over; a game going on always has a move.
    let legal = game.legal_moves();
    prop_assert_eq!(game.to_move().is_none(), game.is_over());
    if game.is_over() {
        prop_assert!(legal.is_empty());
        return Ok(());
    }
    prop_assert!(!legal.is_empty(), "ongoing game without a legal move");
    let unique: HashSet<Move> = legal.iter().copied().collect();
    prop_assert_eq!(unique.len(), legal.len(), "duplicate legal moves");
    // legal_moves agrees with moves_from and with check.
    let side = game.to_move().unwrap();
    let mut from_each: Vec<Move> = game
        .board()
        .pieces()
        .filter(|(_, p)| p.side == side)
        .flat_map(|(s, _)| game.moves_from(s))
        .collect();
    from_each.sort();
    let mut sorted = legal.clone();
    sorted.sort();
    prop_assert_eq!(&from_each, &sorted);
    if full_check {
        let mut n = 0;
        for from in game.board().squares() {
            for to in game.board().squares() {
                let ok = game.check(Move::new(from, to)).is_ok();
                prop_assert_eq!(
                    ok,
                    unique.contains(&Move::new(from, to)),
                    "{:?}-{:?}",
                    from,
                    to
                );
                n += ok as usize;
            }
        }
        prop_assert_eq!(n, legal.len());
    }
    // Printed moves parse back to the same move, in home notation and in
    // lowercase algebraic (which every board accepts, goedhboell included).
    let sample: Vec<Move> = if full_check {
        legal.clone()
    } else {
        (0..4).map(|_| legal[rng.below(legal.len())]).collect()
    };
    for mv in sample {
        round_trips(game, &format_move(r, &mv), mv)?;
        round_trips(game, &lower_algebraic(&mv), mv)?;
    }
    Ok(())
}

/// Plays a random legal game and checks the properties after every move.
/// Returns the game.
fn random_game(variant: &str, opts: &[&str], seed: u64, pick: u64) -> Result<Game, TestCaseError> {
    let r = rules(variant, opts);
    let mut game = Game::new(r.clone(), seed);
    let mut rng = Rng::new(pick);
    let full_at = rng.below(60);
    let mut ply = 0;
    check_position(&game, &mut rng, true)?;
    while !game.is_over() && ply < MAX_PLIES {
        let legal = game.legal_moves();
        let mv = legal[rng.below(legal.len())];
        let before = game.board().clone();
        let counts = [before.count(Side::First), before.count(Side::Second)];
        let expected = game
            .captures_of(mv)
            .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        // The printed move with captures is accepted before the move...
        let played = game.clone().play(mv).cloned();
        let played = played.map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        let text = format_played(&r, &played);
        let t = parse_move(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
        let claimed: Vec<Square> = t
            .captures
            .clone()
            .unwrap_or_default()
            .into_iter()
            .map(|s| notation::resolve_square(&r, s).expect("on board"))
            .collect();
        prop_assert_eq!(&claimed, &played.captures, "{}", text);
        prop_assert_eq!(resolve(&game, &t).ok(), Some(mv), "{}", text);
        // ... and playing it makes exactly those captures.
        let p = play_text(&mut game, &text)
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", explain(&r, &e))))?;
        prop_assert_eq!(&p, &played);
        prop_assert_eq!(&p.captures, &expected);
        prop_assert_eq!(p.mv, mv);
        prop_assert_eq!(p.piece, before.get(mv.from).unwrap());
        same_captures(&r, &before, mv, &p.captures)?;
        let mover = p.side;
        for c in &p.captures {
            let q = before.get(*c);
            prop_assert!(
                q.is_some_and(|q| q.side != mover),
                "{} captures own or empty {:?}",
                text,
                c
            );
            prop_assert!(q.unwrap().kind != Kind::Dux, "a dux was captured");
            prop_assert!(game.board().get(*c).is_none());
        }
        // Piece counts never rise; the mover's stays, the other side loses
        // exactly the captures.
        let after = [
            game.board().count(Side::First),
            game.board().count(Side::Second),
        ];
        prop_assert!(after[0] <= counts[0] && after[1] <= counts[1]);
        prop_assert_eq!(after[mover.index()], counts[mover.index()]);
        prop_assert_eq!(
            after[mover.other().index()] + p.captures.len(),
            counts[mover.other().index()]
        );
        ply += 1;
        check_position(&game, &mut rng, ply == full_at)?;
    }
    Ok(game)
}

/// A finished game's record, replayed through a fresh game with the same
/// seed, reproduces its board, result and record.
fn replay_reproduces(game: &Game) -> Result<(), TestCaseError> {
    let r = game.rules().clone();
    let record: Vec<String> = game.record().iter().map(|p| format_played(&r, p)).collect();
    let mut fresh = Game::new(r.clone(), game.seed());
    for (i, m) in record.iter().enumerate() {
        play_text(&mut fresh, m)
            .map_err(|e| TestCaseError::fail(format!("move {i} {m}: {}", explain(&r, &e))))?;
    }
    prop_assert_eq!(fresh.board(), game.board());
    prop_assert_eq!(fresh.outcome(), game.outcome());
    prop_assert_eq!(fresh.record(), game.record());
    prop_assert_eq!(fresh.throws(), game.throws());
    prop_assert_eq!(fresh.to_move(), game.to_move());
    // Dice: throws 1..=6, the sides alternate (an odd throw passes, an even
    // one moves and the opponent throws next), and the even throws are the moves.
    let throws = game.throws();
    if r.dice {
        prop_assert!(!throws.is_empty());
        prop_assert_eq!(throws[0].side, game.first());
        prop_assert!(throws.iter().all(|t| (1..=6).contains(&t.value)));
        for pair in throws.windows(2) {
            prop_assert_eq!(pair[1].side, pair[0].side.other());
        }
        let evens: Vec<Side> = throws
            .iter()
            .filter(|t| t.value % 2 == 0)
            .map(|t| t.side)
            .collect();
        let movers: Vec<Side> = game.record().iter().map(|p| p.side).collect();
        prop_assert_eq!(&evens[..movers.len()], &movers[..]);
        prop_assert!(evens.len() - movers.len() <= 1);
        prop_assert_eq!(throws.last().unwrap().value % 2, 0);
    } else {
        prop_assert!(throws.is_empty());
        for pair in game.record().windows(2) {
            prop_assert_eq!(
                pair[1].side,
                pair[0].side.other(),
                "without dice the sides alternate"
            );
        }
    }
    // And through a written record, read back.
    let rec = notation::Record {
        headers: vec![("Variant".into(), r.variant.into())],
        moves: record.clone(),
    };
    let back = notation::parse_record(&notation::write_record(&rec))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.moves, record);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled(3), failure_persistence: None, ..ProptestConfig::default() })]

    /// Every combination, a few random games each.
    #[test]
    fn random_games_in_every_combination(seed in any::<u64>(), pick in any::<u64>()) {
        for (v, opts) in COMBOS {
            let game = random_game(v, opts, seed, pick)?;
            replay_reproduces(&game)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled(24), failure_persistence: None, ..ProptestConfig::default() })]

    /// One combination at a time, chosen at random, with more seeds.
    #[test]
    fn random_games_more_seeds(combo in 0..COMBOS.len(), seed in any::<u64>(), pick in any::<u64>()) {
        let (v, opts) = COMBOS[combo];
        let game = random_game(v, opts, seed, pick)?;
        replay_reproduces(&game)?;
    }

    /// Games from random positions (any pieces anywhere) never panic and keep
    /// the same properties.
    #[test]
    fn random_positions_play_safely(
        combo in 0..COMBOS.len(),
        cells in proptest::collection::vec(any::<u8>(), 169),
        second in any::<bool>(),
        seed in any::<u64>(),
        pick in any::<u64>(),
    ) {
        let (v, opts) = COMBOS[combo];
        let r = rules(v, opts);
        let mut b = Board::empty(r.width, r.height);
        let tafl = r.variant != "gwyddbwyll";
        let mut king = false;
        let mut dux = [false, false];
        for (i, sq) in b.clone().squares().enumerate() {
            let c = cells[i];
            let p = match c % 16 {
                0 | 1 => Some(Piece::new(Side::First, Kind::Man)),
                2 | 3 => Some(Piece::new(Side::Second, Kind::Man)),
                4 if tafl && !king => { king = true; Some(Piece::new(Side::Second, Kind::King)) }
                5 if !tafl && r.dux && !dux[c as usize % 2] => {
                    let side = if c % 2 == 0 { Side::First } else { Side::Second };
                    dux[side.index()] = true;
                    Some(Piece::new(side, Kind::Dux))
                }
                _ => None,
            };
            // Only the king stands on a restricted square, as in any real game.
            let p = p.filter(|p| p.kind == Kind::King || !r.flags(sq).has(SquareFlags::RESTRICTED));
            b.set(sq, p);
        }
        let side = if second { Side::Second } else { Side::First };
        let mut game = Game::from_position(r.clone(), b.clone(), side, seed)
            .map_err(TestCaseError::fail)?;
        prop_assert_eq!(game.start(), &b);
        let mut rng = Rng::new(pick);
        check_position(&game, &mut rng, true)?;
        let mut ply = 0;
        while !game.is_over() && ply < 80 {
            let legal = game.legal_moves();
            let mv = legal[rng.below(legal.len())];
            let before = [game.board().count(Side::First), game.board().count(Side::Second)];
            let board_before = game.board().clone();
            let p = game.play(mv).map_err(|e| TestCaseError::fail(format!("{e:?}")))?.clone();
            same_captures(&r, &board_before, mv, &p.captures)?;
            let after = [game.board().count(Side::First), game.board().count(Side::Second)];
            prop_assert!(after[0] <= before[0] && after[1] <= before[1]);
            prop_assert_eq!(after[p.side.other().index()] + p.captures.len(), before[p.side.other().index()]);
            ply += 1;
            check_position(&game, &mut rng, false)?;
        }
        // Replaying from the same position reproduces it.
        let mut fresh = Game::from_position(r.clone(), b, side, seed).map_err(TestCaseError::fail)?;
        for p in game.record() {
            let text = format_played(&r, p);
            play_text(&mut fresh, &text).map_err(|e| TestCaseError::fail(format!("{text}: {}", explain(&r, &e))))?;
        }
        prop_assert_eq!(fresh.board(), game.board());
        prop_assert_eq!(fresh.outcome(), game.outcome());
    }
}

// ------------------------------------------------- an independent reference

/// The captures of `mv` on `before`, written again from the text of RULES.md
/// (not from the engine's square flags), to cross-check `Game::apply`.
fn reference_captures(r: &Ruleset, before: &Board, mv: Move) -> Vec<Square> {
    let (w, h) = (r.width, r.height);
    let v = r.variant;
    let mut b = before.clone();
    let p = b.get(mv.from).expect("a piece moves");
    b.set(mv.from, None);
    b.set(mv.to, Some(p));
    let me = p.side;
    let centre = Square::new(w / 2, h / 2).unwrap();
    let is_corner =
        |s: Square| (s.file() == 0 || s.file() + 1 == w) && (s.rank() == 0 || s.rank() + 1 == h);
    let king_on = |s: Square| b.get(s).is_some_and(|q| q.kind == Kind::King);
    // Is square s hostile to the pieces of the side that did not move?
    let hostile = |s: Square| -> bool {
        match v {
            // The throne: empty, hostile to both; with the king, to attackers only.
            "tawlbwrdd" | "tallfwrdd" => {
                s == centre && (b.get(s).is_none() || (king_on(s) && me == Side::Second))
            }
            // Throne and corners, always, to both sides.
            "tawlbwrdd-walker" => s == centre || is_corner(s),
            _ => false,
        }
    };
    let closes = |s: Square| b.get(s).is_some_and(|q| q.side == me) || hostile(s);
    let king_custodial = v == "tawlbwrdd-walker";
    let max_n = match v {
        "tawlbwrdd-walker" => 3,
        "gwyddbwyll" => 2,
        _ => 1,
    };
    let mut caps = Vec::new();
    for dir in 0..4 {
        let mut line = Vec::new();
        let mut cur = mv.to;
        while let Some(next) = cur.step(dir, w, h) {
            cur = next;
            if !line.is_empty() && closes(cur) {
                // The smallest n wins; a line holding a dux, or a king that is
                // only taken by enclosure, is not captured.
                let ok = line.iter().all(|&s: &Square| match b.get(s).unwrap().kind {
                    Kind::Man => true,
                    Kind::Dux => false,
                    Kind::King => king_custodial,
                });
                if ok {
                    caps.extend(line.iter().copied());
                }
                break;
            }
            match b.get(cur) {
                Some(q) if q.side != me && line.len() < max_n => line.push(cur),
                _ => break,
            }
        }
    }
    if v == "gwyddbwyll" {
        // A man on a corner, both its neighbours held by the enemy, the mover one of them.
        for c in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]
            .map(|(f, r)| Square::new(f, r).unwrap())
        {
            let Some(q) = b.get(c) else { continue };
            if q.side == me || q.kind != Kind::Man {
                continue;
            }
            let n: Vec<Square> = (0..4).filter_map(|d| c.step(d, w, h)).collect();
            if n.contains(&mv.to) && n.iter().all(|&s| b.get(s).is_some_and(|o| o.side == me)) {
                caps.push(c);
            }
        }
    }
    if !king_custodial && v != "gwyddbwyll" && me == Side::First {
        // The king enclosed: four attackers, the empty throne counting as one;
        // three on the edge in tallfwrdd and goedhboell; the mover one of them.
        let edge_three = v != "tawlbwrdd";
        for dir in 0..4 {
            let Some(k) = mv.to.step(dir, w, h) else {
                continue;
            };
            if !king_on(k) {
                continue;
            }
            let all = (0..4).all(|d| match k.step(d, w, h) {
                None => edge_three,
                Some(s) => match b.get(s) {
                    Some(q) => q.side == Side::First,
                    None => s == centre,
                },
            });
            if all {
                caps.push(k);
            }
        }
    }
    caps.sort();
    caps.dedup();
    caps
}

fn same_captures(
    r: &Ruleset,
    before: &Board,
    mv: Move,
    actual: &[Square],
) -> Result<(), TestCaseError> {
    let mut a = actual.to_vec();
    a.sort();
    let expected = reference_captures(r, before, mv);
    prop_assert_eq!(
        &a,
        &expected,
        "{} {} on\n{}",
        r.spec(),
        format_move(r, &mv),
        position_text(r, before)
    );
    Ok(())
}

// ------------------------------------------------------------------ fuzzing

/// Feeds a text to every text door of every variant: no panic, and a refused
/// move changes nothing.
fn feed(text: &str) -> Result<(), TestCaseError> {
    let _ = parse_move(text);
    for (v, opts) in [
        ("tawlbwrdd", &[][..]),
        ("tawlbwrdd-walker", &[]),
        ("tallfwrdd", &[]),
        ("goedhboell", &["corner-guard"]),
        ("gwyddbwyll", &["dux-jump"]),
        ("gwyddbwyll", &["size=8x8"]),
    ] {
        let r = rules(v, opts);
        let mut g = Game::new(r.clone(), 9);
        let before = g.board().clone();
        match play_text(&mut g, text) {
            Ok(p) => prop_assert_eq!(g.record().last(), Some(&p)),
            Err(e) => {
                prop_assert_eq!(g.board(), &before);
                prop_assert!(g.record().is_empty());
                prop_assert!(!explain(&r, &e).is_empty());
            }
        }
        if let Ok(b) = parse_position(&r, text) {
            prop_assert_eq!((b.width(), b.height()), (r.width, r.height));
            let t = position_text(&r, &b);
            prop_assert_eq!(parse_position(&r, &t).ok(), Some(b));
        }
    }
    Ok(())
}

const MOVEISH: &str = "[@,\\-x/ 0-9a-mKkoX×–—→>:.]{0,24}";
const POSITIONISH: &str = "[./0-9adKwWbB]{0,160}";

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled(300), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_string_never_panics(s in any::<String>()) {
        feed(&s)?;
    }

    #[test]
    fn moveish_strings_never_panic(s in MOVEISH) {
        feed(&s)?;
    }

    #[test]
    fn positionish_strings_never_panic(s in POSITIONISH) {
        feed(&s)?;
    }

    /// Well-formed moves between random squares, possibly off the board and
    /// with random capture claims: parse always succeeds; resolve decides.
    #[test]
    fn wellformed_moves_parse(
        f1 in 0u8..13, r1 in 0u32..15, f2 in 0u8..13, r2 in 0u32..15,
        caps in proptest::collection::vec((0u8..13, 1u32..14), 0..3),
        sep in prop::sample::select(vec!["-", " ", "", "–", "→", " - "]),
    ) {
        let sq = |f: u8, r: u32| format!("{}{}", (b'a' + f) as char, r);
        let mut text = format!("{}{}{}", sq(f1, r1), sep, sq(f2, r2));
        if !caps.is_empty() {
            text.push('x');
            text.push_str(&caps.iter().map(|&(f, r)| sq(f, r)).collect::<Vec<_>>().join("/"));
        }
        let t = parse_move(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
        prop_assert_eq!(t.captures.map(|c| c.len()).unwrap_or(0), caps.len());
        feed(&text)?;
    }
}

// -------------------------------------------------- the CLI, in-process

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec![
            "--variant", "--option", "--position", "--to-move", "--first", "--seed",
            "--trace", "--legal", "--", "--bogus", "-h",
            "tawlbwrdd", "walker", "tallfwrdd", "goedhboell", "celtic-chess", "gwyddbwyll",
            "dice", "dux", "dux-jump", "king-steps", "corner-guard", "size=8x8", "size=10x8",
            "attackers", "defenders", "white", "black", "0", "42", "-1",
            "e2-e4", "e2-e3", "f4-f3", "@14-@44", "o @14 @44", "a1-a4", "a8-a5", "d1-d2",
            "a3-a4xb4", "11/11/11/11/11/11/11/11/11/11/K10", "9/9/9/9/4K4/9/9/9/9",
            "bbbbbbbb/8/8/8/8/8/8/wwwwwwww",
        ]).prop_map(String::from),
        1 => MOVEISH.prop_map(String::from),
        1 => any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled(400), failure_persistence: None, ..ProptestConfig::default() })]

    /// Random arguments to `tawlbot::cli::replay`: never a panic; exit 0 or 1
    /// print JSON lines (the last with an error exactly on 1), exit 2 prints
    /// nothing.
    #[test]
    fn cli_replay_random_args(mut args in proptest::collection::vec(token(), 0..10), seeded in any::<bool>()) {
        args.retain(|a| a != "--record");
        if seeded {
            args.insert(0, "7".into());
            args.insert(0, "--seed".into());
        }
        let mut out = Vec::new();
        let code = tawlbot::cli::replay(args.clone(), &mut out).code();
        let text = String::from_utf8(out).expect("utf-8");
        match code {
            2 => prop_assert!(text.is_empty(), "{:?} printed {}", args, text),
            0 | 1 => {
                let lines: Vec<serde_json::Value> = text
                    .lines()
                    .map(|l| serde_json::from_str(l).expect("JSON line"))
                    .collect();
                prop_assert!(!lines.is_empty());
                let last = lines.last().unwrap();
                prop_assert_eq!(last["error"].is_null(), code == 0, "{:?}", args);
                for l in &lines {
                    for key in ["variant", "board", "to_move", "result", "reason", "last", "captured", "error"] {
                        prop_assert!(l.get(key).is_some(), "{} missing in {}", key, l);
                    }
                }
            }
            c => prop_assert!(false, "exit code {}", c),
        }
    }
}

/// The same CLI code path, deterministic: the start of every combination
/// through `cli::replay` matches the library.
#[test]
fn cli_replay_in_process_matches_library() {
    for (v, opts) in COMBOS {
        let mut args: Vec<String> = vec![
            "--variant".into(),
            v.to_string(),
            "--seed".into(),
            "11".into(),
            "--legal".into(),
        ];
        for o in opts.iter() {
            args.push("--option".into());
            args.push(o.to_string());
        }
        let mut out = Vec::new();
        assert_eq!(tawlbot::cli::replay(args, &mut out).code(), 0);
        let j: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let g = Game::new(rules(v, opts), 11);
        let board: Vec<String> = notation::board_rows(g.rules(), g.board());
        assert_eq!(j["board"], serde_json::json!(board));
        let mut legal: Vec<String> = g.legal_moves().iter().map(lower_algebraic).collect();
        legal.sort();
        assert_eq!(j["legal"], serde_json::json!(legal), "{v} {opts:?}");
    }
}
