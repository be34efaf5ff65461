//! OpenTafl Notation: round trips of whole games (every variant and option),
//! of positions, the orientation of ranks, and hand-written vectors from the
//! spec's examples (`../shared/OTN.md`, `opentafl-notation-spec.txt`).

use proptest::prelude::*;
use tawlbot::domain::EndReason;
use tawlbot::notation::otn::{self, RecordFormat, Tags};
use tawlbot::notation::{parse_position, position_text, replay_text, Record};
use tawlbot::rules::{Board, Game, Kind, Piece, Reason, Ruleset, Side, Square};

use crate::combos;
use combos::{rules, Rng, COMBOS};

/// Plays up to `plies` random legal moves.
fn play_random(game: &mut Game, rng: &mut Rng, plies: usize) {
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Prefer captures now and then so records carry `x` parts.
        let mv = legal[rng.below(legal.len())];
        game.play(mv).expect("legal move plays");
    }
}

/// A tawlbot record read back into a game, the way `tawlbot replay
/// --record` does: the headers, the moves, then the Result/Reason ending.
fn game_of_record(rec: &Record) -> Game {
    let opts: Vec<String> = rec
        .header("Options")
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let r = Ruleset::from_spec(rec.header("Variant").unwrap(), &opts).unwrap();
    let seed: u64 = rec.header("Seed").unwrap().parse().unwrap();
    let first = r.side_named(rec.header("First").unwrap());
    let mut g = match rec.header("Position") {
        Some(p) => Game::from_position(
            r.clone(),
            parse_position(&r, p).unwrap(),
            first.unwrap(),
            seed,
        )
        .unwrap(),
        None => Game::with_first(r.clone(), seed, first),
    };
    for m in &rec.moves {
        replay_text(&mut g, m).unwrap();
    }
    if !g.is_over() {
        let winner = rec.header("Result").and_then(|w| r.side_named(w));
        let reason = rec.header("Reason").and_then(|r| EndReason::parse(r).ok());
        match (reason.and_then(EndReason::rules_reason), winner) {
            (Some(Reason::Resignation), Some(w)) => g.resign(w.other()),
            (Some(Reason::Timeout), Some(w)) => g.time_out(w.other()),
            (Some(Reason::DrawAgreed), _) => g.agree_draw(),
            _ => {}
        }
    }
    g
}

fn same_game(a: &Game, b: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.rules(), b.rules());
    prop_assert_eq!(a.start(), b.start());
    prop_assert_eq!(a.first(), b.first());
    prop_assert_eq!(a.record(), b.record());
    prop_assert_eq!(a.board(), b.board());
    prop_assert_eq!(a.outcome(), b.outcome());
    prop_assert_eq!(a.throws(), b.throws());
    prop_assert_eq!(a.to_move(), b.to_move());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// A tawlbot record to OTN and back gives the same game (and the same
    /// tawlbot record), for every variant and option: random legal games,
    /// some from a later position, some ended by resignation, time or an
    /// agreed draw.
    #[test]
    fn tawlbot_record_to_otn_and_back(
        combo in 0..COMBOS.len(),
        seed in any::<u64>(),
        plies in 0usize..160,
        from_position in any::<bool>(),
        ending in 0u8..5,
        names in ("[a-zA-Z0-9 _.-]{1,12}", "[a-zA-Z0-9 _.,-]{1,12}"),
    ) {
        let (v, o) = COMBOS[combo];
        let r = rules(v, o);
        let mut rng = Rng::new(seed);
        let mut game = Game::new(r.clone(), seed);
        if from_position {
            play_random(&mut game, &mut rng, 6);
            if !game.is_over() {
                game = Game::from_position(r.clone(), game.board().clone(), game.turn(), seed).unwrap();
            }
        }
        play_random(&mut game, &mut rng, plies);
        if !game.is_over() {
            match ending {
                0 => game.resign(game.turn()),
                1 => game.resign(game.turn().other()),
                2 => game.time_out(game.turn()),
                3 => game.agree_draw(),
                _ => {}
            }
        }
        let players = [Some(names.0.trim().to_string()), Some(names.1.trim().to_string())];
        prop_assume!(players.iter().all(|p| p.as_ref().is_some_and(|p| !p.is_empty())));
        let rec = otn::tawlbot_record(&game, &players);
        let original = game_of_record(&rec);
        same_game(&original, &game)?;

        let tags = Tags {
            event: Some("Spring Swiss".into()),
            site: Some("tawlbot, Discord".into()),
            date: Some("2026-11-30".into()),
            players: players.clone(),
            time_control: Some("259200".into()),
            ..Tags::default()
        };
        let text = otn::write_game(&original, &tags);
        prop_assert_eq!(otn::detect_format(&text), RecordFormat::Otn);
        // The reader must not need the seed unless the dice do.
        let (back, back_tags) = otn::read_game(&text, seed ^ 0xDEAD).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        same_game(&back, &original)?;
        prop_assert_eq!(&back_tags.players, &players);
        prop_assert_eq!(back_tags.date.as_deref(), Some("2026.11.30"));
        prop_assert_eq!(back_tags.event.as_deref(), Some("Spring Swiss"));
        let mut again = otn::tawlbot_record(&back, &back_tags.players);
        if !r.dice {
            // Only dice games keep the seed in OTN.
            let s = rec.header("Seed").unwrap().to_string();
            for h in again.headers.iter_mut() {
                if h.0 == "Seed" { h.1 = s.clone(); }
            }
        }
        prop_assert_eq!(&again, &rec);
        // Writing the read game gives the same text.
        prop_assert_eq!(otn::write_game(&back, &back_tags), text);
    }

    /// An OTN position to tawlbot and back gives the same text.
    #[test]
    fn otn_position_to_tawlbot_and_back(combo in 0..COMBOS.len(), seed in any::<u64>(), plies in 0usize..80) {
        let (v, o) = COMBOS[combo];
        let r = rules(v, o);
        let mut game = Game::new(r.clone(), seed);
        play_random(&mut game, &mut Rng::new(seed), plies);
        let text = otn::write_position(game.board());
        let board = otn::parse_position(&r, &text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&board, game.board());
        let ours = position_text(&r, &board);
        let board2 = parse_position(&r, &ours).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(otn::write_position(&board2), text.clone());
        // The inverted form reads the same board.
        let rows: Vec<&str> = text.trim_matches('/').split('/').collect();
        let inverted = format!("starti:/{}/", rows.iter().rev().cloned().collect::<Vec<_>>().join("/"));
        prop_assert_eq!(&otn::parse_position(&r, &inverted).map_err(|e| TestCaseError::fail(e.to_string()))?, &board);
        // Any position a game reaches with a king on the board is valid.
        if r.family == tawlbot::rules::Family::Latrunculi || board.find(Piece::new(Side::Second, Kind::King)).is_some() {
            prop_assert_eq!(otn::validate(&r, &board), Vec::new());
        }
    }

    /// OTN game records and positions never panic the readers.
    #[test]
    fn otn_readers_never_panic(text in "[\\[\\]a-zK0-9:/ .+\\-x\n]{0,200}") {
        let _ = otn::parse_game(&text).map(|r| otn::load(&r, 1));
        let _ = otn::read_game(&text, 1);
        let _ = otn::parse_position(&rules("tawlbwrdd", &[]), &text);
        let _ = otn::read_position(&rules("gwyddbwyll", &["dux"]), &text);
        let _ = otn::ruleset_from_rules(&text);
        let _ = otn::detect_format(&text);
    }
}

fn sq(s: &str) -> Square {
    let f = s.as_bytes()[0] - b'a';
    let r: u8 = s[1..].parse().unwrap();
    Square::new(f, r - 1).unwrap()
}

/// The board a list of squares per piece describes.
fn board_of(w: u8, h: u8, att: &str, def: &str, king: &str) -> Board {
    let mut b = Board::empty(w, h);
    for s in att.split_whitespace() {
        b.set(sq(s), Some(Piece::new(Side::First, Kind::Man)));
    }
    for s in def.split_whitespace() {
        b.set(sq(s), Some(Piece::new(Side::Second, Kind::Man)));
    }
    for s in king.split_whitespace() {
        b.set(sq(s), Some(Piece::new(Side::Second, Kind::King)));
    }
    b
}

#[test]
fn rank_one_comes_first_orientation() {
    // One attacker on a1 and one on k10: rank 1 and the top rank differ.
    let r = rules("tawlbwrdd", &[]);
    let text = "/t10/11/11/11/11/5K5/11/11/11/10t/11/";
    let b = otn::parse_position(&r, text).unwrap();
    assert_eq!(b, board_of(11, 11, "a1 k10", "", "f6"));
    let rows = position_text(&r, &b);
    // tawlbot's rows run from the top rank down.
    assert_eq!(rows, "11/10a/11/11/11/5K5/11/11/11/11/a10");
    assert_eq!(otn::write_position(&b), text);
    // The inverted (starti:) form lists the top rank first.
    let inv = "starti:/11/10t/11/11/11/5K5/11/11/11/11/t10/";
    assert_eq!(otn::parse_position(&r, inv).unwrap(), b);
    // And a gwyddbwyll board (13x8): white on a1, black on m8.
    let g = rules("gwyddbwyll", &[]);
    let b = otn::parse_position(&g, "/t12/13/13/13/13/13/13/12T/").unwrap();
    assert_eq!(b.get(sq("a1")), Some(Piece::new(Side::First, Kind::Man)));
    assert_eq!(b.get(sq("m8")), Some(Piece::new(Side::Second, Kind::Man)));
}

/// The spec's tafl setups, each square written out by hand.
#[test]
fn spec_vectors_parse_to_the_positions_they_describe() {
    let t11 = rules("tawlbwrdd", &[]);
    // Tawlbwrdd, Bell's layout.
    let bell = "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/";
    assert_eq!(
        otn::parse_position(&t11, bell).unwrap(),
        board_of(
            11,
            11,
            "e1 f1 g1 e2 g2 f3 a5 b5 j5 k5 a6 c6 i6 k6 a7 b7 j7 k7 f9 e10 g10 e11 f11 g11",
            "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8",
            "f6"
        )
    );
    assert!(otn::validate(&t11, &otn::parse_position(&t11, bell).unwrap()).is_empty());
    // Copenhagen / Fetlar diamond (runs of 11 empty squares).
    let cph = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    assert_eq!(
        otn::parse_position(&t11, cph).unwrap(),
        board_of(
            11,
            11,
            "d1 e1 f1 g1 h1 f2 a4 k4 a5 k5 a6 b6 j6 k6 a7 k7 a8 k8 f10 d11 e11 f11 g11 h11",
            "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8",
            "f6"
        )
    );
    assert_eq!(
        otn::write_position(&otn::parse_position(&t11, cph).unwrap()),
        cph
    );
    // Sea Battle 9x9, read as a tallfwrdd position.
    let t9 = rules("tallfwrdd", &[]);
    let sea = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
    assert_eq!(
        otn::parse_position(&t9, sea).unwrap(),
        board_of(
            9,
            9,
            "d1 e1 f1 e2 a4 i4 a5 b5 h5 i5 a6 i6 e8 d9 e9 f9",
            "e3 e4 c5 d5 f5 g5 e6 e7",
            "e5"
        )
    );
    // That is tawlbot's own 9x9 layout.
    assert_eq!(otn::parse_position(&t9, sea).unwrap(), t9.start);
    // Brandub is 7x7: no tawlbot board, and the sentence says why.
    let brandub = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    assert_eq!(
        otn::parse_position(&t9, brandub).unwrap_err().to_string(),
        "A Tallfwrdd board has 9 ranks, but that position has 7."
    );
}

#[test]
fn spec_rules_strings_are_refused_with_the_rule_named() {
    // Fetlar: corner escape, where tawlbot's 11x11 games escape on the edge.
    let fetlar = "dim:11 atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    let e = otn::ruleset_from_rules(fetlar).unwrap_err().to_string();
    assert!(e.contains("esc:c (where the king escapes)"), "{e}");
    // Copenhagen adds shieldwalls and edge forts.
    let cph = "dim:11 atkf:n sw:s efe:y esc:e ks:w start:/11/11/11/11/11/5K5/11/11/11/11/11/";
    let e = otn::ruleset_from_rules(cph).unwrap_err().to_string();
    assert!(e.starts_with("tawlbot cannot play these rules:"), "{e}");
    // Brandub: no 7x7 game.
    let e =
        otn::ruleset_from_rules("dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .unwrap_err()
            .to_string();
    assert!(e.contains("no tafl game on a 7x7 board"), "{e}");
}

/// A record as another program might write it: no variant tag, the rules
/// string alone, moves without dashes, markers, comments, a bare rules line.
#[test]
fn a_hand_written_record_replays() {
    let r = rules("tallfwrdd", &[]);
    let rules_str = otn::rules_string(&r, Side::First, None);
    let text = format!(
        "[event:Club night]\n[attackers:Slater, Jay]\n[defenders:Walker, Damian]\n[result:?]\n[rules:{rules_str}]\n\n1. e2-f2 e4-f4 [a quiet start|so is this]\n2. f2f3 Ke5-e4-\n"
    );
    let (g, tags) = otn::read_game(&text, 3).unwrap();
    assert_eq!(g.rules().variant, "tallfwrdd");
    assert_eq!(g.record().len(), 4);
    assert_eq!(tags.players[1].as_deref(), Some("Walker, Damian"));
    assert!(g.outcome().is_none());
    // A wrong capture claim is refused with the engine's sentence.
    let bad = format!("[rules:{rules_str}]\n\n1. e2-f2xf3 e4-f4\n");
    let e = otn::read_game(&bad, 3).unwrap_err().to_string();
    assert!(
        e.starts_with("Move 1 (e2-f2xf3): e2-f2 captures nothing"),
        "{e}"
    );
    // The rules string on its own line, as the spec's grammar allows.
    let bare = format!("{rules_str}\n\n1. e2-f2\n");
    assert_eq!(otn::read_game(&bare, 3).unwrap().0.record().len(), 1);
    // A resignation token.
    let resign = format!("[rules:{rules_str}]\n\n1. e2-f2 ---\n");
    let (g, _) = otn::read_game(&resign, 3).unwrap();
    assert_eq!(g.outcome().unwrap().reason, Reason::Resignation);
    assert_eq!(g.outcome().unwrap().winner, Some(Side::First));
}

#[test]
fn written_records_follow_the_spec() {
    // Tawlbwrdd: an edge escape game, the king's moves marked.
    let r = rules("tawlbwrdd", &[]);
    let board = otn::parse_position(&r, "/t10/11/11/11/11/5K5/11/11/11/11/11/").unwrap();
    let mut g = Game::from_position(r.clone(), board, Side::First, 1).unwrap();
    replay_text(&mut g, "a1-a2").unwrap();
    replay_text(&mut g, "f6-f3").unwrap();
    replay_text(&mut g, "a2-a3").unwrap();
    replay_text(&mut g, "f3-f1").unwrap();
    let tags = Tags {
        players: [Some("alice".into()), Some("bob".into())],
        date: Some("2026-11-30".into()),
        ..Tags::default()
    };
    let text = otn::write_game(&g, &tags);
    let expected_head = "[date:2026.11.30]\n[attackers:alice]\n[defenders:bob]\n[result:-1]\n[termination:king escaped]\n[variant:tawlbwrdd]\n[position:/t10/11/11/11/11/5K5/11/11/11/11/11/]\n[rules:dim:11 esc:e atkf:y tfr:l ka:y ks:s spd:-1 surf:n cor: cen:f6, cenh: cenhe:tTK cens:K cenp:tTK start:/t10/11/11/11/11/5K5/11/11/11/11/11/]\n\n";
    assert!(text.starts_with(expected_head), "{text}");
    // f6-f3 opens lines to a3 and k3 (and f1): the king threatens to escape.
    assert!(
        text.ends_with("\n1. a1-a2 Kf6-f3-\n2. a2-a3 Kf3-f1--\n"),
        "{text}"
    );
    // A king captured: tallfwrdd, by three and the empty throne.
    let t = rules("tallfwrdd", &[]);
    let board = otn::parse_position(&t, "/9/9/9/3t5/1t1K5/3t5/9/9/9/").unwrap();
    let mut g = Game::from_position(t, board, Side::First, 1).unwrap();
    replay_text(&mut g, "b5-c5").unwrap();
    let text = otn::write_game(&g, &Tags::default());
    assert!(text.contains("[termination:king captured]"), "{text}");
    assert!(text.ends_with("\n1. b5-c5xKd5++\n"), "{text}");
}

#[test]
fn gwyddbwyll_and_options_travel_in_the_variant_tag() {
    let r = rules("gwyddbwyll", &["size=8x8", "dux"]);
    let g = Game::with_first(r, 5, Some(Side::Second));
    let text = otn::write_game(&g, &Tags::default());
    assert!(text.contains("[variant:gwyddbwyll dux size=8x8]"), "{text}");
    assert!(text.contains("atkf:n"), "{text}");
    let r = rules("goedhboell", &["dice", "corner-guard"]);
    let g = Game::new(r, 77);
    let text = otn::write_game(&g, &Tags::default());
    assert!(
        text.contains("[variant:goedhboell corner-guard dice seed=77]"),
        "{text}"
    );
    let (back, _) = otn::read_game(&text, 1).unwrap();
    assert_eq!(back.throws(), g.throws());
}
